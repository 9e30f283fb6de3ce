package reader

// GameBuffers returns n GameBuffers that share one names table, for one goroutine that
// parses several games before it is done with the first: the games' names are the same
// strings from buffer to buffer, as they are from game to game of one GameBuffer (callers
// that find what they know of a name by its string's address keep finding it), and the
// table is filled once. The buffers must be used by one goroutine at a time, as a names
// table is.
func GameBuffers(n int) []GameBuffer {
	bufs := make([]GameBuffer, n)
	var table *names
	for k := range bufs {
		mem := &gameMem{reused: true, arena: new(cardArena)}
		if table == nil {
			table = &mem.table
		}
		mem.names = table
		bufs[k].mem = mem
	}
	return bufs
}
