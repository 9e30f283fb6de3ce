package reader

// GameBuffers hands out GameBuffers that share one names table, for one goroutine that
// parses several games before it is done with the first: the games' names are the same
// strings from buffer to buffer, as they are from game to game of one GameBuffer (callers
// that find what they know of a name by its string's address keep finding it), and the
// table is filled once. Its buffers must be used by one goroutine at a time, as a names
// table is. The zero GameBuffers is ready for use.
type GameBuffers struct {
	bufs  []*GameBuffer
	table names
}

// Buffer returns the k-th GameBuffer of the set (k >= 0), made at the first call for k.
func (s *GameBuffers) Buffer(k int) *GameBuffer {
	for len(s.bufs) <= k {
		mem := &gameMem{reused: true, arena: new(cardArena), names: &s.table}
		s.bufs = append(s.bufs, &GameBuffer{mem: mem})
	}
	return s.bufs[k]
}

// Size returns the length in bytes of the game's text when it is text, read and not parsed
// yet (Parse parses it), else 0: what a pipeline may measure a run of games by.
func (p *Pending) Size() int {
	if !p.text {
		return 0
	}
	return len(p.src)
}
