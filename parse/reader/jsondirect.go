package reader

// The direct JSON reader: a game of JSON lines in the compact layout programs write,
// read straight into the Game, as directYAML reads the YAML writer's layout. It reads one
// object on one line, without blanks, with the keys in the order of the YAML writer (top:
// game, players, options, meta, rounds; a round's: those of ydirectRoundKeys), strings of
// printable ASCII without escapes, integers where the builder takes numbers. On anything
// else it declines and fastJSON's tree reader (and after it the JSON reader) reads the
// game as before; FuzzParseJSON and TestJSONFastStreams compare the paths.

import (
	"bytes"

	"github.com/tricks-dev/tricks/parse"
)

// directJSON reads the game object at the start of s, after blanks, whose first byte is at
// line:col, or declines (nil); end is the offset after it, endLine and endLS the line
// and the offset of its start there (the start before s when it is the first line).
// The game goes into m (fresh memory when nil), its text into a string of keep's (a copy
// when nil).
func directJSON(s []byte, line, col int, eof bool, file string, index int, m *gameMem, keep func([]byte) string) (g *parse.Game, end, endLine, endLS int) {
	i, ls := 0, 1-col
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		if s[i] == '\n' {
			line++
			ls = i + 1
		}
		i++
	}
	if i == len(s) || s[i] != '{' {
		return nil, 0, 0, 0
	}
	e := bytes.IndexByte(s[i:], '\n')
	if e < 0 {
		if !eof {
			return nil, 0, 0, 0
		}
		e = len(s)
	} else {
		e += i
	}
	if e-i > parse.MaxGameBytes/2 {
		return nil, 0, 0, 0
	}
	// The object is all of its line (the text is one string from its start).
	m, text := directMemText(m, keep, s[i:e])
	d := ydirect{s: text, line: line, ls: ls - i, file: file, m: m, a: m.arena, json: true}
	g = d.jgame(index)
	if g == nil {
		return nil, 0, 0, 0
	}
	end = i + d.i
	// What follows: blanks, and the next game or the end of the input.
	k := end
	for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
		k++
	}
	if k == len(s) && !eof || k < len(s) && s[k] != '{' {
		return nil, 0, 0, 0
	}
	return g, end, line, ls
}

// jstr reads a string without escapes at the cursor: its text, and the position of its
// opening quote; ok false if there is none.
func (d *ydirect) jstr() (string, parse.Pos, bool) {
	s := d.s
	at := d.pos()
	if d.i == len(s) || s[d.i] != '"' {
		return "", at, false
	}
	k := d.i + 1
	for k < len(s) && jsonPlain[s[k]] {
		k++
	}
	if k == len(s) || s[k] != '"' {
		return "", at, false
	}
	v := s[d.i+1 : k]
	d.i = k + 1
	return v, at, true
}

// jname reads a key of at most MaxName bytes, not empty, and its ':'.
func (d *ydirect) jname() (string, parse.Pos, bool) {
	k, at, ok := d.jstr()
	if !ok || k == "" || len(k) > parse.MaxName || !d.lit(":") {
		return "", at, false
	}
	return k, at, true
}

// jint reads an integer as ydirectInt spells it.
func (d *ydirect) jint() (string, bool) {
	s := d.s
	j := d.i
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '-') {
		j++
	}
	v := s[d.i:j]
	if !ydirectInt(v) {
		return "", false
	}
	d.i = j
	return v, true
}

// jcards reads a string of cards in the writers' spelling.
func (d *ydirect) jcards(cols bool) ([]parse.Card, []int, bool) {
	if !d.lit(`"`) {
		return nil, nil, false
	}
	if d.lit(`"`) {
		return nil, nil, true
	}
	cs, cl, ok := d.cards(cols)
	if !ok || !d.lit(`"`) {
		return nil, nil, false
	}
	return cs, cl, true
}

// jnext is next for JSON: a ',' between entries.
func (d *ydirect) jnext(c byte) (more, ok bool) {
	if d.i < len(d.s) {
		switch d.s[d.i] {
		case ',':
			d.i++
			return true, true
		case c:
			d.i++
			return false, true
		}
	}
	return false, false
}

func (d *ydirect) jgame(index int) *parse.Game {
	m := d.m
	g := &m.g
	g.File, g.Index = d.file, index
	g.Pos = d.pos()
	if !d.lit("{") {
		return nil
	}
	if d.lit(`"game":`) {
		v, at, ok := d.jstr()
		if !ok || !d.lit(",") {
			return nil
		}
		g.Ruleset, g.RulesetPos = v, at
	}
	g.PlayersPos = d.pos()
	if !d.lit(`"players":[`) {
		return nil
	}
	players, ok := d.playerList(m.players[:0])
	if !ok {
		return nil
	}
	g.Players = players
	d.np = len(players)
	if d.lit(`,"options":{`) {
		if g.Options = d.kvs(m.options[:0]); g.Options == nil {
			return nil
		}
	}
	if d.lit(`,"meta":{`) {
		if g.Meta = d.kvs(m.meta[:0]); g.Meta == nil {
			return nil
		}
	}
	if d.lit("}") {
		return g
	}
	if !d.lit(`,"rounds":[{`) {
		return nil
	}
	for {
		if len(g.Rounds) == parse.MaxRounds {
			return nil
		}
		r, sp := m.addRound(g)
		r.Pos = parse.Pos{File: d.file, Line: d.line, Col: d.i - d.ls} // at its '{'
		if !d.jround(sp, r) {
			return nil
		}
		if d.lit("]}") {
			return g
		}
		if !d.lit(",{") {
			return nil
		}
	}
}

// The keys of a round in JSON, in the order of ydirectRoundKeys.
var jdirectRoundKeys = [...]string{`"dealer":`, `"tiebreak":[`, `"deal":{`, `"pass":{`, `"bids":{`, `"tricks":[`, `"claim":`, `"took":{`, `"tricks_taken":{`, `"moon":{`, `"score":{`, `"total":{`}

// jround reads the members of a round ("{" read) and its "}".
func (d *ydirect) jround(sp *roundSpare, r *parse.Round) bool {
	k := 0
	for {
		at := d.pos() // the key's opening quote
		for k < len(jdirectRoundKeys) && !d.lit(jdirectRoundKeys[k]) {
			k++
		}
		if k == len(jdirectRoundKeys) {
			return false
		}
		if !d.roundValue(k, sp, r, at) {
			return false
		}
		k++
		more, ok := d.jnext('}')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

// jtricks reads a round's tricks ("[" read) and the "]".
func (d *ydirect) jtricks(sp *roundSpare, r *parse.Round) bool {
	r.Tricks = room(sp.tricks, 13)
	for {
		if len(r.Tricks) == parse.MaxTricks {
			return false
		}
		t := parse.Trick{Pos: d.pos()}
		if d.lit("{") {
			leader, _, ok := d.jname()
			if !ok {
				return false
			}
			t.Leader = leader
		}
		cs, cl, ok := d.jcards(true)
		if !ok || len(cs) == 0 || t.Leader != "" && !d.lit("}") {
			return false
		}
		t.Cards, t.Cols = cs, cl
		r.Tricks = append(r.Tricks, t)
		more, ok := d.jnext(']')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}
