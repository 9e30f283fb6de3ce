package parse

import "strings"

// The strings a game hands out are never bytes the reader reuses. The text of a game is read
// in place from the reader's buffer, which the reader reads later input into once the game is
// released (Pending.Release); cards become numbers, and the few strings a game keeps (player
// names, the ruleset, option and meta keys and values, names in statements) are taken from
// the game's players, or from a names table that copies each distinct string once.

// maxNames bounds a names table: a stream whose names keep changing (meta values, dates)
// starts a new table when the old one has this many, leaving the old strings to the games
// that hold them.
const maxNames = 4096

// names interns strings: the same bytes give the same string, copied once, so that the names
// repeated across the games of a file cost no allocation. A names table belongs to one
// goroutine at a time (a GameBuffer's, or a Reader's for Next).
type names struct {
	m map[string]string
}

// of returns a string equal to s that shares no memory with s.
func (t *names) of(s string) string {
	if s == "" {
		return ""
	}
	if v, ok := t.m[s]; ok {
		return v
	}
	if t.m == nil || len(t.m) >= maxNames {
		t.m = make(map[string]string, 64)
	}
	v := strings.Clone(s)
	t.m[v] = v
	return v
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
		if q == s {
			return q
		}
	}
	return t.of(s)
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
