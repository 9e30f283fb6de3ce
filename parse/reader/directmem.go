package reader

import (
	"errors"
	"sync"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
)

// The memory of the direct readers (yamldirect.go, jsondirect.go). They read a game on the
// reader's goroutine (NextPending), ahead of the worker that uses it, into a gameMem as the
// text parser does. The game's memory then goes with its Pending: Pending.Parse hands it to
// the GameBuffer, which holds it until the next game parsed into that buffer and then puts
// it back into directMems for the reader to read another game into. So a stream of YAML or
// JSON games through GameBuffers reuses a few memories, as text does, where each game took
// a fresh block. The game's strings are not in this memory but in the reader's text chunks
// (docMem.keep), written once: a string of an earlier game never changes.
var directMems = sync.Pool{New: func() any {
	m := newGameMem(nil)
	m.reused = true
	return m
}}

// docMem is the memory a YAML or JSON reader reads its games into: the arena of the cards of
// the games of Next, the memory the direct readers read the next game into, and the chunk
// their strings are copied into.
type docMem struct {
	arena    cardArena
	pending  *Pending  // NextPending's, which the game read ahead goes to; nil for Next
	spareMem *gameMem  // the memory to read the next game into
	text     []byte    // the chunk the direct readers' strings are copied into (keep)
	kept     keptGames // the memory of the games of Next (keptmem.go)
}

// aheadMem returns the memory to read a game ahead into: one from directMems when the game
// goes to a Pending (NextPending), else the reader's memory for a game of Next, which
// readAhead copies out for the caller to keep for good (keptmem.go).
func (r *docMem) aheadMem() *gameMem {
	if r.pending == nil {
		return r.kept.parseMem(&r.arena, nil)
	}
	if r.spareMem == nil {
		r.spareMem = directMems.Get().(*gameMem)
	}
	m := r.spareMem
	m.reset()
	return m
}

// readAhead records that g was read into m (aheadMem) and returns g: m now belongs to the
// game and goes with its Pending (NextPending). A game of Next is returned as a copy in
// memory of its own size.
func (r *docMem) readAhead(m *gameMem, g *parse.Game) *parse.Game {
	if r.pending == nil {
		return r.kept.keep(g)
	}
	if m == r.spareMem {
		m.forget(len(g.Rounds))
		r.spareMem, r.pending.mem = nil, m
	}
	return g
}

// textChunk is the size of the blocks the direct YAML and JSON readers' strings are copied
// into, once a file has shown that it is long (text games are strings of the reader's
// buffer: lineBuffer.text).
const textChunk = 64 << 10

// keep returns a string holding b. The strings are copied one after the other into chunks
// of textChunk bytes, so that copying one costs no allocation of its own. The bytes of a
// chunk are written once, before a string is made of them, and never again: the strings are
// as immutable as any (a chunk lives as long as a string of it).
func (r *docMem) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(r.text)-len(r.text) < len(b) {
		size := min(textChunk, max(2*cap(r.text), 8<<10)) // small for a small file
		if len(b) > size/4 {
			return string(b)
		}
		r.text = make([]byte, 0, size)
	}
	start := len(r.text)
	r.text = append(r.text, b...)
	return unsafe.String(&r.text[start], len(b))
}

// handTo gives the memory of a game read ahead to buf, which releases the memory of the
// game it held before to directMems; with buf nil the memory is the caller's for good.
//
// A Pending may be parsed again only while its memory still holds its game: a memory
// parsed into a second buffer is kept for good (neither buffer reuses it), and one given
// back to directMems counts a generation more, which its Pendings see (errSpent).
func (m *gameMem) handTo(buf *GameBuffer) {
	if buf == nil || m.kept || m.holder != nil && m.holder != buf {
		m.holder, m.kept = nil, true
		return
	}
	if old := buf.ahead; old != nil && old != m && old.holder == buf {
		old.holder = nil
		old.gen.Add(1) // its game's Pendings are spent
		directMems.Put(old)
	}
	buf.ahead, m.holder = m, buf
}

// addRound appends a round to g, in the memory's next round where it has one, and returns
// it (zero) with the spare arrays of its lists (none, noSpare, for a round of its own).
func (m *gameMem) addRound(g *parse.Game) (*parse.Round, *roundSpare) {
	if g.Rounds == nil {
		g.Rounds = m.list[:0]
	}
	k := len(g.Rounds)
	var r *parse.Round
	sp := &noSpare
	if k < len(m.rounds) {
		r, sp = m.rounds[k], &m.spare[k]
		*r = parse.Round{}
	} else {
		r = &parse.Round{}
		if m.reused { // kept for the next games
			m.rounds = append(m.rounds, r)
			m.spare = append(m.spare, roundSpare{})
			sp = &m.spare[k]
		}
	}
	g.Rounds = append(g.Rounds, r)
	return r, sp
}

// noSpare is the spare arrays of a round that has none: it is only read.
var noSpare roundSpare

// directMemText returns m, or fresh memory when m is nil, and the text of a game as a string
// of keep's (a copy when keep is nil).
func directMemText(m *gameMem, keep func([]byte) string, b []byte) (*gameMem, string) {
	if m == nil {
		m = newGameMem(nil)
	}
	if keep == nil {
		return m, string(b)
	}
	return m, keep(b)
}

// errSpent is Pending.Parse's error for a YAML or JSON game whose memory has gone on to a
// later game: the Pending was parsed into a buffer that has parsed another game since.
var errSpent = errors.New("parse: Pending.Parse of a YAML or JSON game after its buffer parsed a later game")
