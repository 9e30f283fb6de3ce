package reader

import (
	"errors"
	"sync"

	"github.com/tricks-dev/tricks/parse"
)

// The memory of the direct readers (yamldirect.go, jsondirect.go). They read a game on the
// reader's goroutine (NextPending), ahead of the worker that uses it, into a gameMem as the
// text parser does. The game's memory then goes with its Pending: Pending.Parse hands it to
// the GameBuffer, which holds it until the next game parsed into that buffer and then puts
// it back into directMems for the reader to read another game into. So a stream of YAML or
// JSON games through GameBuffers reuses a few memories, as text does, where each game took
// a fresh block. The game's strings are not in this memory but in the reader's text chunks
// (Reader.keep), written once: a string of an earlier game never changes.
var directMems = sync.Pool{New: func() any {
	m := newGameMem(nil)
	m.reused = true
	return m
}}

// aheadMem returns the memory to read a game ahead into: one from directMems when the game
// goes to a Pending (NextPending), else the reader's memory for a game of Next, which
// readAhead copies out for the caller to keep for good (keptmem.go).
func (r *Reader) aheadMem() *gameMem {
	if r.pending == nil {
		return r.kept.parseMem(r)
	}
	if r.spareMem == nil {
		r.spareMem = directMems.Get().(*gameMem)
	}
	m := r.spareMem
	m.reset()
	return m
}

// readAhead records that g was read into m (aheadMem) and returns g: m now belongs to the
// game (NextPending passes it on to the Pending). A game of Next is returned as a copy in
// memory of its own size.
func (r *Reader) readAhead(m *gameMem, g *parse.Game) *parse.Game {
	if r.pending == nil {
		return r.kept.keep(g)
	}
	if m == r.spareMem {
		m.forget(len(g.Rounds))
		r.spareMem, r.aheadOf = nil, m
	}
	return g
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
