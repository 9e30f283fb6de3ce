package reader

import (
	"strings"
	"unsafe"
)

// The strings a game hands out are never bytes the reader reuses. The text of a game is read
// in place from the reader's buffer, which the reader reads later input into once the game is
// released (Pending.Release); cards become numbers, and the few strings a game keeps (player
// names, the ruleset, option and meta keys and values, names in statements) are taken from
// the game's players, or from a names table that copies each distinct string once.

// maxNames bounds a names table: a stream whose names keep changing (meta values, dates)
// starts a new table when the old one has this many, leaving the old strings to the games
// that hold them.
const maxNames = 4096

// nameChunk is the size of the blocks a names table copies strings into.
const nameChunk = 4 << 10

// names interns strings: the same bytes give the same string, copied once, so that the names
// repeated across the games of a file cost no allocation. A names table belongs to one
// goroutine at a time (a GameBuffer's, or a Reader's for Next).
type names struct {
	m map[string]string
	// recent holds the strings looked up last, one a slot (recentSlot): most look-ups are of
	// the few names and words every game of a file has, found here without the map's hash.
	recent [32]string
	// chunk is where strings are copied, one after the other, so that a copy costs no
	// allocation of its own: its bytes are written once, before a string is made of them, and
	// never again (a chunk lives as long as a string of it).
	chunk []byte
}

// copyOf returns a copy of s in the table's chunk.
func (t *names) copyOf(s string) string {
	if s == "" {
		return ""
	}
	if cap(t.chunk)-len(t.chunk) < len(s) {
		if len(s) > nameChunk/4 {
			return strings.Clone(s)
		}
		t.chunk = make([]byte, 0, nameChunk)
	}
	n := len(t.chunk)
	t.chunk = append(t.chunk, s...)
	return unsafe.String(&t.chunk[n], len(s))
}

// of returns a string equal to s that shares no memory with s.
func (t *names) of(s string) string {
	if s == "" {
		return ""
	}
	slot := &t.recent[recentSlot(s)]
	if sameName(*slot, s) {
		return *slot
	}
	v, ok := t.m[s]
	if !ok {
		if t.m == nil || len(t.m) >= maxNames {
			t.m = make(map[string]string, 64)
		}
		v = t.copyOf(s)
		t.m[v] = v
	}
	*slot = v
	return v
}

// recentSlot is the slot of names.recent for s (not empty): of its length and its first
// and last bytes.
func recentSlot(s string) int {
	return int((uint(len(s))<<2 ^ uint(s[0]) ^ uint(s[len(s)-1])<<1) & 31)
}

// own returns s, a string of the game's text, as a string the game may keep: the player of
// that name when there is one (most names in statements), else the names table's copy. With
// no table, the text is the game's own (a copy made for it) and s is returned as it is.
func (p *textParser) own(s string) string {
	t := p.mem.names
	if t == nil {
		return s
	}
	for _, q := range p.g.Players {
		if sameName(q, s) {
			return q
		}
	}
	return t.of(s)
}

// ownValue is own for a meta value, which mostly differs from game to game (a date, a
// number): copied, not looked up.
func (p *textParser) ownValue(s string) string {
	if t := p.mem.names; t != nil {
		return t.copyOf(s)
	}
	return s
}

// player is own for the name of a statement that is probably the k-th player's (the deal
// and pass lines of canonical text come in the players' order).
func (p *textParser) player(s string, k int) string {
	if t := p.mem.names; t != nil {
		if pl := p.g.Players; k < len(pl) && pl[k] == s {
			return pl[k]
		}
		return p.own(s)
	}
	return s
}
