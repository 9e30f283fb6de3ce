package reader

// The direct YAML reader: the documents AppendYAML writes, read straight into the Game.
//
// fastYAML's reader (yamlfast.go) builds the node tree yaml.v3 would and hands it to the
// model builder; most of a single-hand game's reading time goes into that tree and its walk.
// But most YAML input is the writers' own output, byte for byte in one layout: top keys in
// the order game, players, options, meta, rounds; a round's keys in the order of
// AppendYAML, two and four blanks in; tricks six blanks in; plain scalars only (what
// yamlPlain lets the writer write bare), one blank after ':' and ','. directYAML reads
// exactly that layout, with the checks the model builder makes, into the Game the builder
// would make of yaml.v3's tree (same values, positions and columns). On anything else —
// another layout or order, a quoted scalar, a comment, a
// limit, anything the builder would report — it declines, and the tree reader reads the
// document as before. FuzzYAMLFast checks it against yaml.v3 as it checks the tree reader.

import (
	"bytes"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// ydirect is the state of the direct reader.
type ydirect struct {
	s    string // the document
	i    int    // cursor
	line int    // line of s[i]
	ls   int    // offset of that line's start
	file string
	m    *gameMem // the game's memory (directmem.go)
	a    *cardArena
	np   int  // players
	json bool // JSON lines (jsondirect.go), not YAML
}

// directYAML reads the document at the start of region (all the input that is left if
// eof; else what is read of it, the document being read only when its line "---" after it
// is there) whose first line is line first, or declines (nil). n is the length of the
// document in region. The game goes into m (fresh memory when nil), its text into a string
// of keep's (a copy when nil).
func directYAML(region []byte, first int, eof bool, file string, index int, m *gameMem, keep func([]byte) string) (g *parse.Game, n int) {
	start := 0
	if bytes.HasPrefix(region, []byte("---\n")) {
		start = 4
	}
	end := bytes.Index(region[start:], []byte("\n---"))
	switch {
	case end >= 0:
		end += start + 1
		if end+3 < len(region) && region[end+3] != '\n' || end+3 == len(region) && !eof {
			return nil, 0
		}
	case eof:
		end = len(region)
	default:
		return nil, 0
	}
	if end > parse.MaxGameBytes/2 || end == start {
		return nil, 0
	}
	m, s := directMemText(m, keep, region[:end])
	d := ydirect{s: s, i: start, line: first, file: file, m: m, a: m.arena}
	if start > 0 {
		d.line++
		d.ls = start
	}
	g = d.game(index)
	if g == nil || d.i != len(d.s) {
		return nil, 0
	}
	return g, end
}

func (d *ydirect) pos() parse.Pos { return parse.Pos{File: d.file, Line: d.line, Col: d.i - d.ls + 1} }

// lit moves past the literal t at the cursor, or reports false.
func (d *ydirect) lit(t string) bool {
	if len(d.s)-d.i >= len(t) && d.s[d.i:d.i+len(t)] == t {
		d.i += len(t)
		return true
	}
	return false
}

// eol moves past the end of a line: a newline, or the end of the document.
func (d *ydirect) eol() bool {
	if d.i == len(d.s) {
		return true
	}
	if d.s[d.i] != '\n' {
		return false
	}
	d.i++
	d.line++
	d.ls = d.i
	return true
}

// plain reads a plain scalar at the cursor, spelled as yamlPlain allows (the writer's bare
// scalars: no byte that may end a plain scalar or start a comment); "" when there is none.
// The caller checks what follows it.
func (d *ydirect) plain() string {
	s := d.s
	j := d.i
	for j < len(s) && ydirectPlain[s[j]] != 0 {
		j++
	}
	v := s[d.i:j]
	if len(v) == 0 || v[len(v)-1] == ' ' {
		return ""
	}
	switch c := v[0]; {
	case ydirectPlain[c] == 2:
	case (c == '-' || c == '+') && len(v) > 1 && '0' <= v[1] && v[1] <= '9':
	default:
		return ""
	}
	if len(v) <= 5 {
		switch v[0] | 0x20 {
		case 'y', 'n', 'o', 't', 'f':
			if !spell.YAMLPlain(v) {
				return "" // a word YAML 1.1 reads as a boolean or null
			}
		}
	}
	d.i = j
	return v
}

// ydirectPlain marks the bytes of yamlPlain's scalars: 2 for those that may start one
// (letters and digits), 1 for the others (space, _ . / + -).
var ydirectPlain = func() (t [256]uint8) {
	for c := range t {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			t[c] = 2
		case c == ' ' || c == '_' || c == '.' || c == '/' || c == '+' || c == '-':
			t[c] = 1
		}
	}
	return t
}()

// key reads a key (at most MaxName bytes) and its ": ".
func (d *ydirect) key() (string, parse.Pos, bool) {
	at := d.pos()
	k := d.plain()
	if k == "" || len(k) > parse.MaxName || !d.lit(": ") {
		return "", at, false
	}
	return k, at, true
}

// cards reads a card list in the writers' spelling ("2C 3C 4C", or "" for none) up to the
// end of the value, as the model builder's canonicalList reads it.
func (d *ydirect) cards(cols bool) ([]parse.Card, []int, bool) {
	if d.lit(`""`) {
		return nil, nil, true
	}
	s := d.s
	i0 := d.i
	j := i0
	for j+2 < len(s) && s[j+2] == ' ' {
		j += 3
	}
	if j+1 >= len(s) {
		return nil, nil, false
	}
	m := (j-i0)/3 + 1
	if m > parse.MaxCards {
		return nil, nil, false
	}
	a := d.a
	a.reserve(m, cols)
	c0 := len(a.cards)
	out := a.cards[c0 : c0+m : c0+m]
	tab := &yamlCardPair
	for k := range out {
		v := tab[uint16(s[i0+3*k])|uint16(s[i0+3*k+1])<<8]
		if v == 0 {
			return nil, nil, false // (nothing kept in the arena)
		}
		out[k] = parse.Card(v - 1)
	}
	a.cards = a.cards[:c0+m]
	var cl []int
	if cols {
		base := i0 - d.ls + 1
		k0 := len(a.cols)
		cl = a.cols[k0 : k0+m : k0+m]
		for k := range cl {
			cl[k] = base + 3*k
		}
		a.cols = a.cols[:k0+m]
	}
	d.i = j + 2
	return out, cl, true
}

// next moves past ", " between the entries of a flow collection and reports true, or past
// the closing byte c and reports false; ok is false for anything else.
func (d *ydirect) next(c byte) (more, ok bool) {
	if d.lit(", ") {
		return true, true
	}
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return false, true
	}
	return false, false
}

// game reads the document into a Game, or declines (nil).
func (d *ydirect) game(index int) *parse.Game {
	m := d.m
	g := &m.g
	g.File, g.Index = d.file, index
	g.Pos = d.pos()
	if d.lit("game: ") {
		at := d.pos()
		v := d.plain()
		if v == "" || !d.eol() {
			return nil
		}
		g.Ruleset, g.RulesetPos = v, at
	}
	g.PlayersPos = d.pos()
	if !d.lit("players: [") {
		return nil
	}
	players, ok := d.playerList(m.players[:0])
	if !ok {
		return nil
	}
	if !d.eol() {
		return nil
	}
	g.Players = players
	d.np = len(players)
	if d.lit("options: {") {
		if g.Options = d.kvs(m.options[:0]); g.Options == nil {
			return nil
		}
	}
	if d.lit("meta: {") {
		if g.Meta = d.kvs(m.meta[:0]); g.Meta == nil {
			return nil
		}
	}
	if d.i == len(d.s) {
		return g
	}
	if !d.lit("rounds:") || !d.eol() {
		return nil
	}
	if d.i == len(d.s) {
		return nil // "rounds:" and nothing
	}
	for d.i < len(d.s) {
		if len(g.Rounds) == parse.MaxRounds || !d.lit("  - ") {
			return nil
		}
		r, sp := m.addRound(g)
		r.Pos = d.pos()
		if !d.round(sp, r) {
			return nil
		}
	}
	return g
}

// The keys of a round, in the order AppendYAML writes them.
var ydirectRoundKeys = [...]string{"dealer: ", "tiebreak: [", "deal: {", "pass: {", "bids: {", "tricks:", "claim: ", "took: {", "tricks_taken: {", "moon: {", "score: {", "total: {"}

// round reads the keys of a round, the first at the cursor, up to the next round or the
// end of the document.
func (d *ydirect) round(sp *roundSpare, r *parse.Round) bool {
	k := 0
	for {
		at := d.pos()
		for k < len(ydirectRoundKeys) && !d.lit(ydirectRoundKeys[k]) {
			k++
		}
		if k == len(ydirectRoundKeys) {
			return false
		}
		if !d.roundValue(k, sp, r, at) {
			return false
		}
		if k != 5 && !d.eol() {
			return false
		}
		k++
		if d.i == len(d.s) || !d.lit("    ") {
			return true
		}
	}
}

// ydirectInt reports whether v is a decimal integer as the writers write it: a sign only
// for a negative number, no leading zero, at most 18 digits.
func ydirectInt(v string) bool {
	d := 0
	if len(v) > 0 && v[0] == '-' {
		d = 1
	}
	if len(v) == d || len(v) > d+18 || v[d] == '0' && len(v) > d+1 {
		return false
	}
	for k := d; k < len(v); k++ {
		if v[k] < '0' || v[k] > '9' {
			return false
		}
	}
	return true
}

// tricks reads the lines of a round's tricks ("tricks:" and its line read).
func (d *ydirect) tricks(sp *roundSpare, r *parse.Round) bool {
	r.Tricks = room(sp.tricks, 13)
	for d.lit("      - ") {
		if len(r.Tricks) == parse.MaxTricks {
			return false
		}
		t := parse.Trick{Pos: d.pos()}
		if i := d.i; i+2 < len(d.s) && d.s[i+2] != ' ' && d.s[i+2] != '\n' {
			// a leader (a card, TH, is followed by a blank or the line's end)
			save, line, ls := d.i, d.line, d.ls
			if name, _, ok := d.key(); ok {
				t.Leader = name
			} else {
				d.i, d.line, d.ls = save, line, ls
			}
		}
		cs, cl, ok := d.cards(true)
		if !ok || len(cs) == 0 || !d.eol() {
			return false
		}
		t.Cards, t.Cols = cs, cl
		r.Tricks = append(r.Tricks, t)
	}
	return len(r.Tricks) > 0
}
