package reader

import (
	"slices"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// The fast path of the text front end: the statements that make most of a transcript's
// lines (trick, deal and pass), spelled as canonical text writes them, are read here in one
// pass over their bytes, with table look-ups for the cards and no general machinery. A line
// spelled any other way (a leader, a recipient, extra blanks, commas, jokers, a mistake, a
// limit reached) is left to the general statements of text.go, which give exactly the same
// game for the lines read here: TestFastPathSameAsGeneral parses the testdata both ways.

// fastFirst marks the first letters of the statements fastStmt reads.
var fastFirst = [256]bool{'t': true, 'd': true, 'p': true, 'o': true, 'm': true, 'g': true, 'r': true}

// fastStmt reads the statement s[start:end] of the current line (pure ASCII, without outer
// blanks) when it is a trick, deal or pass in the canonical spelling, and reports whether it
// did. So it does game, players, option, meta, tie-break round and "round dealer=NAME"
// statements of bare names, words and values one blank apart. A '#' (a comment) is never
// part of what it reads: the statement may be given with its comment.
func (p *textParser) fastStmt(start, end int) bool {
	s := p.s
	if end-start < 7 {
		return false
	}
	switch s[start] {
	case 'r':
		if end-start > 13 && s[start:start+13] == "round dealer=" {
			return p.fastDealer(start+6, end)
		}
		return end-start > 15 && s[start:start+15] == "round tiebreak " && p.fastTiebreak(start+15, end)
	case 'g':
		return s[start:start+5] == "game " && p.fastGame(start+5, end)
	case 't':
		return s[start:start+6] == "trick " && p.fastTrick(start+6, end)
	case 'd':
		return s[start:start+5] == "deal " && p.fastHand(start+5, end, false)
	case 'p':
		if s[start:start+5] == "pass " {
			return p.fastHand(start+5, end, true)
		}
		return end-start > 8 && s[start:start+8] == "players " && p.fastPlayers(start+8, end)
	case 'o':
		if s[start:start+7] == "option " {
			l, ok := p.fastKV(p.g.Options, "option", start+7, end)
			if ok {
				p.g.Options = l
			}
			return ok
		}
	case 'm':
		if s[start:start+5] == "meta " {
			l, ok := p.fastKV(p.g.Meta, "meta", start+5, end)
			if ok {
				p.g.Meta = l
			}
			return ok
		}
	}
	return false
}

// bareName returns the end of the bare name that starts at s[i] (i when none does).
func bareName(s string, i int) int {
	if i >= len(s) {
		return i
	}
	if c := s[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return i
	}
	k := i + 1
	for k < len(s) && spell.NameByte[s[k]] {
		k++
	}
	return k
}

// fastGame reads "game NAME" from s[i:n] when the ruleset is a word without a quote, a
// control character or '#', in the game's first game statement: gameStmt's work on it.
func (p *textParser) fastGame(i, n int) bool {
	if p.gamePos.IsValid() {
		return false
	}
	s := p.s[:n]
	var ruleset string
	if c := &p.mem.gameLine; p.mem.reused && len(c.names) == 1 && s[i:] == string(c.line) {
		ruleset = c.names[0] // (the ruleset of the game line kept, the same)
	} else {
		for k := i; k < n; k++ {
			if valueEnd[s[k]] { // (the bytes that end a bare option value end the word too)
				return false
			}
		}
		ruleset = p.own(s[i:n])
		if p.mem.reused {
			c.line, c.names = append(c.line[:0], s[i:]...), append(c.names[:0], ruleset)
		}
	}
	p.gamePos = p.stmt
	p.g.Ruleset, p.g.RulesetPos = ruleset, p.pos(i)
	return true
}

// fastTiebreak reads "round tiebreak NAME NAME ..." from the names at s[i:n]: bare names one
// blank apart, at most MaxPlayers, below the limit of the rounds: roundStmt's work on it.
func (p *textParser) fastTiebreak(i, n int) bool {
	if len(p.g.Rounds) == parse.MaxRounds {
		return false
	}
	s := p.s[:n]
	for k, c := i, 0; ; c++ {
		e := bareName(s, k)
		if e == k || e-k > parse.MaxName || e < n && s[e] != ' ' || c == parse.MaxPlayers {
			return false
		}
		if e == n {
			break
		}
		k = e + 1
	}
	p.newRound()
	r := p.r
	var tb []string
	if sp := p.spareOf(r); sp != nil && sp.tiebreak != nil {
		tb = sp.tiebreak[:0]
	} else {
		tb = make([]string, 0, 4)
	}
	for k := i; ; {
		e := bareName(s, k)
		tb = append(tb, p.own(s[k:e]))
		if e == n {
			break
		}
		k = e + 1
	}
	r.Tiebreak = tb
	return true
}

// fastDealer reads "round dealer=NAME" from "dealer=NAME" at s[i:n], a bare name, below the
// limit of the rounds: roundStmt's work on it.
func (p *textParser) fastDealer(i, n int) bool {
	s := p.s[:n]
	if k := i + 7; bareName(s, k) != n || n-k > parse.MaxName || len(p.g.Rounds) == parse.MaxRounds {
		return false
	}
	p.newRound()
	p.r.Dealer, p.r.DealerPos = p.own(s[i+7:n]), p.pos(i)
	return true
}

// fastPlayers reads "players NAME NAME ..." from s[i:n]: bare names one blank apart, each
// once, within the limits, in the game's first players statement.
func (p *textParser) fastPlayers(i, n int) bool {
	if p.g.PlayersPos.IsValid() {
		return false
	}
	s := p.s[:n]
	names := p.mem.players[:0] // the game's only when the statement is read here
	c := &p.mem.playersLine
	if p.mem.reused && len(c.line) > 0 && s[i:] == string(c.line) {
		p.g.PlayersPos = p.stmt
		if cap(names) < len(c.names) {
			names = make([]string, 0, len(c.names))
		}
		names = names[:len(c.names)]
		for k := range names {
			names[k] = c.names[k]
		}
		p.g.Players = names
		return true
	}
	for k := i; ; {
		e := bareName(s, k)
		if e == k || e-k > parse.MaxName || e < n && s[e] != ' ' || len(names) == parse.MaxPlayers {
			return false
		}
		name := s[k:e]
		for _, q := range names {
			if sameName(q, name) {
				return false
			}
		}
		names = append(names, name)
		if e == n {
			break
		}
		k = e + 1
	}
	for k, name := range names {
		names[k] = p.own(name)
	}
	p.g.PlayersPos = p.stmt
	p.g.Players = names
	if p.mem.reused {
		c.line = append(c.line[:0], s[i:]...)
		c.names = append(c.names[:0], names...)
	}
	return true
}

// valueEnd marks the bytes that end a bare value, or that fastKV leaves to the general
// statements in one: the blank, control characters, DEL, the quote and '#'.
var valueEnd = func() (t [256]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t[0x7f], t['"'], t['#'] = true, true, true
	return
}()

// fastKV reads the key=value pairs of an option or meta statement (kw) from s[i:n]: bare
// keys, bare values, one blank apart. It appends them to list (the list is the statement's
// only when it is read here).
func (p *textParser) fastKV(list []parse.KV, kw string, i, n int) ([]parse.KV, bool) {
	s := p.s[:n]
	var c *lineCache
	if list == nil && p.mem.reused && kw == "option" { // (meta lines mostly differ: dates, numbers)
		c = p.mem.optionLine(s[i:])
		if len(c.line) > 0 {
			// The pairs copied, given this game's file, line and columns (field by field, as in
			// playLines).
			out := p.kvList(kw)
			if cap(out) < len(c.kvs) {
				out = make([]parse.KV, 0, len(c.kvs))
			}
			out = out[:len(c.kvs)]
			for j := range out {
				o, ck := &out[j], &c.kvs[j]
				o.Key, o.Value = ck.Key, ck.Value
				o.Pos = parse.Pos{File: p.file, Line: p.line, Col: i + ck.Pos.Col}
			}
			if c.once {
				p.optionsOnce = len(out)
			}
			return out, true
		}
	}
	out := list
	if out == nil {
		out = p.kvList(kw)
	}
	for k := i; ; {
		e := bareName(s, k)
		if e == k || e-k > parse.MaxName || e >= n || s[e] != '=' {
			return list, false
		}
		v := e + 1
		for v < n && !valueEnd[s[v]] {
			v++
		}
		if v < n && s[v] != ' ' {
			return list, false // a control character, a quote or a comment
		}
		if v == e+1 || v+1 == n {
			return list, false // no value, or a blank at the end
		}
		j := len(out)
		if j == cap(out) {
			out = append(out, parse.KV{})
		} else {
			out = out[:j+1]
		}
		kv := &out[j] // (field by field, as in playLines)
		val := s[e+1 : v]
		if kw == "meta" {
			val = p.ownValue(val)
		} else {
			val = p.own(val)
		}
		kv.Key, kv.Value, kv.Pos = p.own(s[k:e]), val, parse.Pos{File: p.file, Line: p.line, Col: k + 1}
		if v == n {
			break
		}
		k = v + 1
	}
	if c != nil {
		c.line = append(c.line[:0], s[i:]...)
		c.kvs = append(c.kvs[:0], out...)
		c.once = keysOnce(c.kvs)
		for j := range c.kvs {
			c.kvs[j].Pos.Col -= i // (the columns from the line's start)
		}
	}
	return out, true
}

// lineCache is a game, players or option line fastGame, fastPlayers or fastKV read into
// reused memory, and what they read from it (the ruleset, the players' names, the pairs):
// the games of a file mostly have the same ones, or one of a few
// option lines (the variants of the rules a file was played under), and a game that has
// this one takes what it reads from here. What is read from a line depends on the line
// only, and on the game's file and line number (put in at each game) and the statement's
// column (kept from it). The line is a copy, only compared; the names, keys and
// values are the names table's strings (names.go), which games keep.
type lineCache struct {
	line  []byte
	names []string
	kvs   []parse.KV // the columns counted from the line's start
	once  bool       // kvs's keys' bits (keyBit) all differ: each key is given once (oneEach)
}

// optionLines is the number of option lines a GameBuffer keeps (lineCache).
const optionLines = 16

// optionLine returns the option line kept that is line, else, with an empty line, the entry
// the next option line read goes to (the entries are taken in turn).
func (m *gameMem) optionLine(line string) *lineCache {
	for k := range m.optionLines {
		if c := &m.optionLines[k]; len(c.line) == len(line) && string(c.line) == line && len(line) > 0 {
			return c
		}
	}
	c := &m.optionLines[m.nextOption]
	m.nextOption = (m.nextOption + 1) % optionLines
	c.line = c.line[:0]
	return c
}

// fastCards reads the canonical card list s[i:n] (two-letter cards one blank apart, at least
// one) into the arena, with each card's column when cols. ok is false, with nothing taken
// from the arena, when the list is spelled otherwise.
func (p *textParser) fastCards(i, n int, cols bool) (cs []parse.Card, cl []int, ok bool) {
	m := (n - i + 1) / 3
	if 3*m-1 != n-i || m > parse.MaxCards || n > len(p.s) {
		return nil, nil, false
	}
	a := p.arena
	a.reserve(m, cols)
	c0 := len(a.cards)
	out := a.cards[c0 : c0+m]
	s := p.s[i:n]
	// Three bytes a card (the last has no blank after it): one look-up of the two letters.
	last := len(out) - 1
	for k := range out[:last] {
		if len(s) < 3 || s[2] != ' ' {
			return nil, nil, false
		}
		v := cardPair[uint16(s[0])|uint16(s[1])<<8]
		if v == 0 {
			return nil, nil, false
		}
		out[k] = parse.Card(v - 1)
		s = s[3:]
	}
	if len(s) != 2 {
		return nil, nil, false
	}
	v := cardPair[uint16(s[0])|uint16(s[1])<<8]
	if v == 0 {
		return nil, nil, false
	}
	out[last] = parse.Card(v - 1)
	a.cards = a.cards[:c0+m]
	cs = out[:m:m]
	if cols {
		k0 := len(a.cols)
		a.cols = a.cols[:k0+m]
		cl = a.cols[k0 : k0+m : k0+m]
		for k := range cl {
			cl[k] = i + 3*k + 1 // pure ASCII: the column is the offset plus one
		}
	}
	return cs, cl, true
}

// fastTrick reads "trick CARDS" (no leader) from the cards at s[i:n].
func (p *textParser) fastTrick(i, n int) bool {
	if p.s[i] == ' ' {
		return false
	}
	r := p.r
	if r == nil {
		r = p.round()
	}
	if len(r.Tricks) == parse.MaxTricks {
		return false
	}
	cards, cols, ok := p.fastCards(i, n, true)
	if !ok {
		return false
	}
	if r.Tricks == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.tricks) > 0 {
			r.Tricks = sp.tricks[:0]
		} else {
			r.Tricks = make([]parse.Trick, 0, p.trickHint)
		}
	}
	r.Tricks = append(r.Tricks, parse.Trick{Cards: cards, Cols: cols, Pos: p.stmt})
	return true
}

// fastHand reads "NAME: CARDS" of a deal or a pass (no recipient) at s[i:n].
func (p *textParser) fastHand(i, n int, pass bool) bool {
	s := p.s[:n]
	c := s[i]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return false
	}
	k := i + 1
	for k < n && spell.NameByte[s[k]] {
		k++
	}
	if k+2 >= n || s[k] != ':' || s[k+1] != ' ' || k-i > parse.MaxName {
		return false
	}
	r := p.r
	if r == nil {
		r = p.round()
	}
	cards, _, ok := p.fastCards(k+2, n, false)
	if !ok {
		return false
	}
	if pass {
		name := p.player(s[i:k], len(r.Passes))
		if r.Passes == nil {
			if sp := p.spareOf(r); sp != nil && cap(sp.passes) >= len(p.g.Players) {
				r.Passes = sp.passes[:0]
			} else {
				r.Passes = make([]parse.Pass, 0, max(len(p.g.Players), 1))
			}
		}
		r.Passes = append(r.Passes, parse.Pass{Player: name, Cards: cards, Pos: p.stmt})
		return true
	}
	if r.Deal == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.deal) >= len(p.g.Players) {
			r.Deal = sp.deal[:0]
		} else {
			r.Deal = make([]parse.PlayerCards, 0, max(len(p.g.Players), 1))
		}
	}
	name := p.player(s[i:k], len(r.Deal))
	r.Deal = append(r.Deal, parse.PlayerCards{Player: name, Cards: cards, Pos: p.stmt})
	return true
}

// The first bytes of the lines playLines reads, as a little-endian load of them (le64).
const (
	trickWord = 't' | 'r'<<8 | 'i'<<16 | 'c'<<24 | 'k'<<32 | ' '<<40 // "trick "
	dealWord  = 'd' | 'e'<<8 | 'a'<<16 | 'l'<<24 | ' '<<32           // "deal "
	passWord  = 'p' | 'a'<<8 | 's'<<16 | 's'<<24 | ' '<<32           // "pass "
)

// le64 is the little-endian load of s[i:i+8] (one load: the compiler combines the bytes').
func le64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// playLines reads the lines at the start of src, the first being number line, for as long as
// they are "trick CARDS", "trick NAME: CARDS", "deal NAME: CARDS", "pass NAME: CARDS" or
// "pass NAME>NAME: CARDS" in the canonical spelling (bare names), in the round begun (p.r),
// below the limits: most lines of a transcript, read here with their end found as they are
// read, with nothing else to do. It returns what is left of src and the number of its first
// line. It gives exactly what the general statements give (trickStmt, handStmt, passStmt: the
// names owned as name owns them, the columns of an ASCII line); it stops while the arena has
// less room than a statement may take, and in the cases of a round not begun. A line it takes
// holds no comment and is pure ASCII, whatever the rest of the game holds.
func (p *textParser) playLines(src string, line int) (string, int) {
	if len(src) < 8 || !playWord(le64(src, 0)) { // (a line of another statement: nothing read, nothing looked up)
		return src, line
	}
	r := p.r
	leaders := p.leaderWords()
	i := 0 // the start of the line
	for i+8 <= len(src) {
		w := le64(src, i)
		t := i + 6    // the first card
		e, to := 0, 0 // the end of the leader's or the player's name; the start of the recipient's
		if w&(1<<48-1) == trickWord {
			if k, l := p.trickRun(src, i, line, leaders); k > i {
				i, line = k, l
				continue
			}
			if len(r.Tricks) >= parse.MaxTricks {
				break
			}
			if k := leaderEnd(src, t); k > t {
				e, t = k, k+2
			}
		} else {
			if !playWord(w) {
				break
			}
			if k, l := p.handRun(src, i, line, w, leaders); k > i {
				i, line = k, l
				continue
			}
			var ok bool
			if e, to, t, ok = p.handHead(src, i, w); !ok {
				break
			}
		}
		a := p.arena
		c0 := len(a.cards)
		if cap(a.cards)-c0 < parse.MaxCards {
			break
		}
		out := (*[parse.MaxCards]parse.Card)(a.cards[c0 : c0+parse.MaxCards])
		m, n := lineCards(src[t:], out)
		if n == 0 {
			break
		}
		a.cards = a.cards[:c0+m]
		cards := out[:m:m]
		// (The lists' entries are written field by field: one built aside and copied in
		// costs a bulk write barrier while the collector marks.)
		switch byte(w) {
		case 't':
			k := len(r.Tricks)
			if k == cap(r.Tricks) {
				r.Tricks = p.moreTricks(r, r.Tricks)
			}
			r.Tricks = r.Tricks[:k+1]
			tr := &r.Tricks[k]
			tr.Leader = ""
			if e > 0 {
				tr.Leader = p.own(src[i+6 : e])
			}
			tr.Cards, tr.Cols = cards, colsAt(t-i, m)
			tr.Pos = parse.Pos{File: p.file, Line: line, Col: 1}
		case 'p':
			k := len(r.Passes)
			if k == cap(r.Passes) {
				r.Passes = p.morePasses(r, r.Passes)
			}
			r.Passes = r.Passes[:k+1]
			ps := &r.Passes[k]
			ps.Player, ps.To, ps.Cards = p.player(src[i+5:e], k), "", cards
			if to > 0 {
				ps.To = p.recipient(src, to, t-2, leaders)
			}
			ps.Pos = parse.Pos{File: p.file, Line: line, Col: 1}
		default:
			k := len(r.Deal)
			if k == cap(r.Deal) {
				r.Deal = p.moreDeal(r, r.Deal)
			}
			r.Deal = r.Deal[:k+1]
			h := &r.Deal[k]
			h.Player, h.Cards = p.player(src[i+5:e], k), cards
			h.Pos = parse.Pos{File: p.file, Line: line, Col: 1}
		}
		i = t + n
		line++
	}
	return src[i:], line
}

// playWord reports whether w, the little-endian load of a line's first eight bytes, starts
// with "trick ", "deal " or "pass ": a line playLines may read.
func playWord(w uint64) bool {
	return w&(1<<48-1) == trickWord || w&(1<<40-1) == dealWord || w&(1<<40-1) == passWord
}

// handHead reads the head of a deal or pass line at i, whose first eight bytes are w: a bare
// name that ends at e and, in a pass, ">NAME" from to; the line's cards start at t, after
// ": ". ok is false for a line that is neither, or whose head the general parser must read.
func (p *textParser) handHead(src string, i int, w uint64) (e, to, t int, ok bool) {
	if w&(1<<40-1) != dealWord && w&(1<<40-1) != passWord {
		return 0, 0, 0, false
	}
	if e = bareName(src, i+5); e == i+5 || e-i-5 > parse.MaxName {
		return 0, 0, 0, false
	}
	t = e
	if byte(w) == 'p' && t < len(src) && src[t] == '>' {
		to, t = t+1, bareName(src, t+1)
		if t == to || t-to > parse.MaxName {
			return 0, 0, 0, false
		}
	}
	if t+3 >= len(src) || src[t] != ':' || src[t+1] != ' ' {
		return 0, 0, 0, false
	}
	return e, to, t + 2, true
}

// handRun is playLines for a run of deal lines or of pass lines, of the kind of the first at
// src[i:] (whose first eight bytes are w), whose player is the one whose turn it is, told by
// the player's leaderWord (playerWord), as is a pass's recipient (leaderAt): most such lines
// of canonical text, which writes them in the players' order. It reads them with the list at
// hand and returns where it stopped and the number of the line there; the others are left to
// playLines (handHead), which gives the same for these.
func (p *textParser) handRun(src string, i, line int, w uint64, leaders []leaderWord) (int, int) {
	kind := w & (1<<40 - 1)
	if kind != dealWord && kind != passWord {
		return i, line
	}
	pass := kind == passWord
	r, a, file, pl, by := p.r, p.arena, p.file, p.g.Players, &p.mem.leadBy
	for i+16 <= len(src) && le64(src, i)&(1<<40-1) == kind && cap(a.cards)-len(a.cards) >= parse.MaxCards {
		k := len(r.Deal) // the line's place in its list
		if pass {
			k = len(r.Passes)
		}
		lw := playerWord(leaders, k)
		if lw == nil {
			break
		}
		x, e := le64(src, i+5), i+5+int(lw.n)
		t, to := e+2, ""
		if x&lw.mask != lw.w {
			// "NAME>": the player's word with '>' for ':', up to the '>'
			if !pass || x&(lw.mask>>8) != (lw.w^(':'^'>')<<(8*uint64(lw.n)))&(lw.mask>>8) || e+9 > len(src) {
				break
			}
			rw := leaderAt(le64(src, e+1), leaders, by)
			if rw == nil {
				break
			}
			to, t = pl[rw.k], e+1+int(rw.n)+2
		}
		// The cards into the arena, as playLines takes them: written out in both loops, as a
		// function of its own it is too large to be inlined, and each line would pay a call.
		c0 := len(a.cards)
		out := (*[parse.MaxCards]parse.Card)(a.cards[c0 : c0+parse.MaxCards])
		m, n := lineCards(src[t:], out)
		if n == 0 {
			break
		}
		a.cards = a.cards[:c0+m]
		cards := out[:m:m]
		pos := parse.Pos{File: file, Line: line, Col: 1}
		if pass {
			if k == cap(r.Passes) {
				r.Passes = p.morePasses(r, r.Passes)
			}
			r.Passes = r.Passes[:k+1]
			ps := &r.Passes[k]
			ps.Player, ps.To, ps.Cards, ps.Pos = pl[k], to, cards, pos
		} else {
			if k == cap(r.Deal) {
				r.Deal = p.moreDeal(r, r.Deal)
			}
			r.Deal = r.Deal[:k+1]
			h := &r.Deal[k]
			h.Player, h.Cards, h.Pos = pl[k], cards, pos
		}
		i = t + n
		line++
	}
	return i, line
}

// recipient is own for the recipient's name of a pass line, src[to:e] (a bare name, ": "
// after it): the player whose leaderWord is there (leaderAt), else own's string.
func (p *textParser) recipient(src string, to, e int, leaders []leaderWord) string {
	if to+8 <= len(src) {
		if lw := leaderAt(le64(src, to), leaders, &p.mem.leadBy); lw != nil { // (then e is to+lw.n)
			return p.g.Players[lw.k]
		}
	}
	return p.own(src[to:e])
}

// leaderAt returns the leaderWord of the name whose bytes, followed by ": ", x (a
// little-endian load) starts with, nil when there is none: looked for from the first whose
// name starts with x's first byte (by: makeLeaderWords').
func leaderAt(x uint64, leaders []leaderWord, by *[256]uint8) *leaderWord {
	for l := int(by[byte(x)]) - 1; l >= 0 && l < len(leaders); l++ {
		if lw := &leaders[l]; x&lw.mask == lw.w {
			return lw
		}
	}
	return nil
}

// playerWord returns the leaderWord of the k-th player, nil when there is none. The k-th
// deal or pass line of a round mostly names the k-th player (canonical text writes them in
// the players' order): handRun tells such a line by the player's word, "NAME: " in one
// load, and takes the player's string, as bareName and player would find them.
func playerWord(leaders []leaderWord, k int) *leaderWord {
	if k < len(leaders) && int(leaders[k].k) == k {
		return &leaders[k]
	}
	return nil
}

// leaderEnd returns the end of the leader's name of a trick line whose cards, without a
// leader, would start at src[t] ("trick NAME: CARDS"): a bare name, ": " after it; t when
// there is none (the cards start there, as a trick whose first card is an ace or a king
// does: "trick AS 2S").
func leaderEnd(src string, t int) int {
	if k := bareName(src, t); k > t && k+1 < len(src) && src[k] == ':' && src[k+1] == ' ' && k-t <= parse.MaxName {
		return k
	}
	return t
}

// A leaderWord is how a trick line names a player as its leader, "NAME: ", in the
// little-endian load of the eight bytes after "trick " (w, under mask), for a player whose
// name is bare and of at most six bytes: such a line's leader is that player (the name is
// the bare name leaderEnd finds there, which own gives as the player's).
type leaderWord struct {
	w, mask uint64
	n, k    uint8 // the name's length, the player's index
}

// maxLeaderWords bounds the players trickRun tells by their leaderWords (the others, by
// leaderEnd and own).
const maxLeaderWords = 8

// leaderWords returns the leaderWords of the game's players: those the memory made for the
// same players (the games of a file mostly have the same), else made for them.
func (p *textParser) leaderWords() []leaderWord {
	pl, m := p.g.Players, p.mem
	if p.leadersOf != len(pl)+1 { // (the players of a game, once known, stay)
		if !sameStrings(m.leadersFor, pl) {
			m.nLeaders = makeLeaderWords(&m.leaders, &m.leadBy, pl)
			m.leadersFor = append(m.leadersFor[:0], pl...)
		}
		p.leadersOf = len(pl) + 1
	}
	return m.leaders[:m.nLeaders]
}

// sameStrings is slices.Equal for lists of strings that are mostly the same strings (the
// players the memory hands to each game of a file): told by their bytes' address first.
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if len(a[k]) != len(b[k]) || unsafe.StringData(a[k]) != unsafe.StringData(b[k]) && a[k] != b[k] {
			return false
		}
	}
	return true
}

// makeLeaderWords makes the leaderWords of players pl in out and returns how many; by tells,
// for each byte, one plus the index of the first of them whose name starts with it (0: none).
func makeLeaderWords(out *[maxLeaderWords]leaderWord, by *[256]uint8, pl []string) int {
	clear(by[:])
	n := 0
	for k, name := range pl {
		if n == maxLeaderWords {
			break
		}
		if len(name) > 6 || !parse.IsBareName(name) {
			continue
		}
		lw := &out[n]
		lw.w = ':'<<(8*len(name)) | ' '<<(8*len(name)+8)
		for j := len(name) - 1; j >= 0; j-- {
			lw.w |= uint64(name[j]) << (8 * j)
		}
		lw.mask = 1<<(8*len(name)+16) - 1
		if len(name) == 6 {
			lw.mask = ^uint64(0)
		}
		lw.n, lw.k = uint8(len(name)), uint8(k)
		if by[name[0]] == 0 {
			by[name[0]] = uint8(n + 1)
		}
		n++
	}
	return n
}

// trickRun is playLines for a run of trick lines of one to four cards, as many as the first
// has (at a table of four or fewer: most lines of most transcripts), with or without a
// leader, while the round's tricks and the arena have room for them: it reads them at src[i:]
// (trickJob.lines) and returns where it stopped and the number of the line there. The lines
// are read in stints without a call, the round's list grown and a leader that is not told by
// its leaderWord owned between them.
func (p *textParser) trickRun(src string, i, line int, leaders []leaderWord) (int, int) {
	t := i + 6         // the first card of the first line
	var lw *leaderWord // its leader's, mostly a player's
	if t+8 <= len(src) {
		lw = leaderAt(le64(src, t), leaders, &p.mem.leadBy)
	}
	if lw != nil {
		t += int(lw.n) + 2
	} else if e := leaderEnd(src, t); e > t {
		t = e + 2
	}
	if t+12 > len(src) {
		return i, line
	}
	b := src[t : t+12] // twelve bytes for the cards
	m := 1             // the cards of the first line: the newline follows the m-th
	for m < 4 && b[3*m-1] != '\n' {
		m++
	}
	r, a := p.r, p.arena
	j := &p.tricks // (the parser's, set here: not a new one cleared at each run)
	j.src, j.w, j.m, j.file, j.leaders, j.leadBy, j.players = src, &trickWindows[m], m, p.file, leaders, &p.mem.leadBy, p.g.Players
	for {
		tricks := r.Tricks
		if len(tricks) == cap(tricks) {
			// grown for a line that starts as a trick's (a list grown for none would be kept)
			if len(tricks) >= parse.MaxTricks || i+18 > len(src) || le64(src, i)&(1<<48-1) != trickWord {
				break
			}
			tricks = p.moreTricks(r, tricks)
		}
		k, c := len(tricks), len(a.cards)
		// the tricks read in this stint: below the capacity of the list and MaxTricks, and
		// while the arena has room for four cards
		n := min(cap(tricks), parse.MaxTricks) - k
		if room := cap(a.cards) - c; room < 4 {
			n = 0
		} else {
			n = min(n, (room-4)/m+1)
		}
		if n <= 0 {
			break
		}
		j.tricks, j.cards, j.line = tricks[:cap(tricks)], a.cards[:cap(a.cards)], line-k
		i2, k2 := j.lines(i, k, k+n, c)
		if k2 == k {
			break
		}
		r.Tricks, a.cards = tricks[:k2], a.cards[:c+(k2-k)*m]
		i, line = i2, line+k2-k
		if j.lead < j.leadEnd { // the leader of the last trick read, not told by its leaderWord
			r.Tricks[k2-1].Leader = p.own(src[j.lead:j.leadEnd])
			j.lead, j.leadEnd = 0, 0
		}
	}
	return i, line
}

// trickJob is what trickJob.lines reads a run of trick lines with (the source, the window of
// their m cards, the game's file, players and leaderWords) and into (the round's tricks and
// the arena's cards, to their capacity), and the number of the line of trick k, line+k; and
// what it leaves to its caller, the leader's name src[lead:leadEnd] of the last trick it read.
// What does not change in the loop is read from here, not kept in registers.
type trickJob struct {
	src           string
	w             *cardWindow
	m             int
	file          string
	line          int
	tricks        []parse.Trick
	cards         []parse.Card
	leaders       []leaderWord
	leadBy        *[256]uint8 // (gameMem.leadBy)
	players       []string
	lead, leadEnd int
}

// lines reads the trick lines at src[i:] of j.m cards each, as tricks k to n at most (the
// list and the arena have room for them: cards from c on), and returns where it stopped and
// the number of tricks then. A leader that is a player told by the player's leaderWord is
// the player's string; another one (a bare name, leaderEnd) stops it after its line, whose
// trick is left with the leader "" and the name's place in j.lead and j.leadEnd, for the
// caller to own. It calls nothing, so that the values of the loop stay in registers.
func (j *trickJob) lines(i, k, n, c int) (int, int) {
	src, m := j.src, j.m
	ts, cs := j.tricks[k:n], j.cards[c:]
	q := 0
	for ; q < len(ts) && i+18 <= len(src); q++ {
		b := src[i : i+18] // "trick " and the twelve bytes after it
		if le64(b, 0)&(1<<48-1) != trickWord {
			break
		}
		w := j.w
		// who: the leader, the index of a player told by the player's leaderWord, -1 for
		// none, -2 for a name to own
		t, who := i+6, -1
		x0, x1 := le64(b, 6), le64(b, 10)
		if x0&w.mask0 != w.want0 || x1&w.mask1 != w.want1 {
			// not the cards: perhaps the leader's name before them, a player's mostly
			e := t
			if lw := leaderAt(x0, j.leaders, j.leadBy); lw != nil {
				e, who = t+int(lw.n), int(lw.k)
			} else {
				if e = leaderEnd(src, t); e == t {
					break
				}
				who = -2
			}
			if e+14 > len(src) {
				break
			}
			t = e + 2
			c := src[t : t+12]
			if x0, x1 = le64(c, 0), le64(c, 4); x0&w.mask0 != w.want0 || x1&w.mask1 != w.want1 {
				break
			}
		}
		u := fourCards(x0, x1)
		if u&w.bad != 0 {
			break
		}
		putFour(cs, u)
		tr := &ts[q]
		tr.Leader = ""
		if who >= 0 {
			tr.Leader = j.players[who]
		}
		tr.Cards, tr.Cols = cs[:m:m], colsAt(t-i, m)
		tr.Pos = parse.Pos{File: j.file, Line: j.line + k + q, Col: 1}
		cs = cs[m:]
		if who == -2 {
			j.lead, j.leadEnd = i+6, t-2
			return t + 3*m, k + q + 1
		}
		i = t + 3*m
	}
	return i, k + q
}

// moreTricks returns tricks, the list of round r, with room for one more: the spare array of
// the round when the list starts, else the list grown as append grows it.
func (p *textParser) moreTricks(r *parse.Round, tricks []parse.Trick) []parse.Trick {
	if tricks == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.tricks) > 0 {
			return sp.tricks[:0]
		}
		return make([]parse.Trick, 0, p.trickHint)
	}
	return slices.Grow(tricks, 1)
}

// morePasses and moreDeal are moreTricks for a round's passes and deal: the spare array when
// the list starts (if it has room for the table, and for one: a game without players has a
// table of none), else one for the table.
func (p *textParser) morePasses(r *parse.Round, l []parse.Pass) []parse.Pass {
	if l == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.passes) >= max(len(p.g.Players), 1) {
			return sp.passes[:0]
		}
		return make([]parse.Pass, 0, max(len(p.g.Players), 1))
	}
	return slices.Grow(l, 1)
}

func (p *textParser) moreDeal(r *parse.Round, l []parse.PlayerCards) []parse.PlayerCards {
	if l == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.deal) >= max(len(p.g.Players), 1) {
			return sp.deal[:0]
		}
		return make([]parse.PlayerCards, 0, max(len(p.g.Players), 1))
	}
	return slices.Grow(l, 1)
}

// A cardWindow says what twelve bytes of m canonical cards hold (m from 1 to 4), as x0 and x1,
// their little-endian loads of bytes 0-7 and 4-11, show it: blanks after the cards but the
// last, the newline after it (x&mask == want), and, in fourCards' result, no byte with the
// high bit among the m cards' (bad).
type cardWindow struct {
	mask0, want0, mask1, want1 uint64
	bad                        uint32
}

var trickWindows = func() (t [5]cardWindow) {
	for m := 1; m <= 4; m++ {
		w := &t[m]
		for k := 0; k < m; k++ {
			sep := uint64(' ')
			if k == m-1 {
				sep = '\n'
			}
			if off := 3*k + 2; off < 8 {
				w.mask0, w.want0 = w.mask0|0xff<<(8*off), w.want0|sep<<(8*off)
			} else {
				w.mask1, w.want1 = w.mask1|0xff<<(8*(off-4)), w.want1|sep<<(8*(off-4))
			}
			w.bad |= 0x80 << (8 * k)
		}
	}
	return
}()

// fourCards reads four cards from x0 and x1, the little-endian loads of bytes 0-7 and 4-11 of
// them: the first in the low byte. A card's letters are one look-up; cardPair holds the card
// plus one, 0 for no card, which turns to 0xff here (the cards are below 64, and a byte of 0
// borrows from the next only).
func fourCards(x0, x1 uint64) uint32 {
	return uint32(cardPair[uint16(x0)]) | uint32(cardPair[uint16(x0>>24)])<<8 |
		uint32(cardPair[uint16(x0>>48)])<<16 | uint32(cardPair[uint16(x1>>40)])<<24 - 0x01010101
}

// putFour writes the four cards of u (fourCards) to out.
func putFour(out []parse.Card, u uint32) {
	out = out[:4]
	out[0], out[1], out[2], out[3] = parse.Card(u), parse.Card(u>>8), parse.Card(u>>16), parse.Card(u>>24)
}

// lineCards reads canonical cards (two letters each, one blank apart) from the start of s up
// to the end of the line, at most MaxCards of them, into out. It returns the number of cards
// and the length of s up to and with the line's newline (all of s when the line is its last),
// or n 0 when the line is spelled otherwise.
func lineCards(s string, out *[parse.MaxCards]parse.Card) (m, n int) {
	if len(s) >= 12 {
		// One to four cards, the newline after the last (a pass's, a trick's): told by their
		// window (trickWindows) and read in one go.
		m := 1
		for m < 4 && s[3*m-1] != '\n' {
			m++
		}
		x0, x1 := le64(s, 0), le64(s, 4)
		if w := &trickWindows[m]; x0&w.mask0 == w.want0 && x1&w.mask1 == w.want1 {
			u := fourCards(x0, x1)
			if u&w.bad != 0 {
				return 0, 0
			}
			putFour(out[:4], u)
			return m, 3 * m
		}
	}
	// Four cards at a time while twelve bytes hold them and blanks after them, then one by one.
	for n+12 <= len(s) && m <= parse.MaxCards-4 {
		b := s[n : n+12]
		x0, x1 := le64(b, 0), le64(b, 4)
		if x0&0xff0000ff0000 != 0x200000200000 || x1&0xff00000000 != 0x2000000000 {
			break
		}
		u := fourCards(x0, x1)
		if u&0x80808080 != 0 {
			return 0, 0
		}
		putFour(out[m:m+4], u)
		m, n = m+4, n+12
		if end := byte(x1 >> 56); end == '\n' {
			return m, n
		} else if end != ' ' {
			return 0, 0
		}
	}
	for {
		if n+3 > len(s) {
			if n+2 == len(s) { // the last card of the input, without a newline
				if v := cardPair[uint16(s[n])|uint16(s[n+1])<<8]; v != 0 && m < parse.MaxCards {
					out[m] = parse.Card(v - 1)
					return m + 1, len(s)
				}
			}
			return 0, 0
		}
		c := s[n : n+3]
		v := cardPair[uint16(c[0])|uint16(c[1])<<8]
		if v == 0 || m >= parse.MaxCards {
			return 0, 0
		}
		out[m] = parse.Card(v - 1)
		m, n = m+1, n+3
		if c[2] != ' ' {
			if c[2] == '\n' {
				return m, n
			}
			return 0, 0
		}
	}
}

// cardCols holds the columns of the cards of canonical card lists (three bytes a card), shared
// by every trick read by playLines: row r of it (colsRow entries from r*colsRow) holds those of
// a list at byte offset 3q+r of an ASCII line from its place q on, from the first card after
// "trick NAME: " (a name of up to MaxName bytes) on. The slices of it have their capacity
// clipped, and nothing writes into a Trick's columns.
var cardCols = func() (c [3 * colsRow]int) {
	for r := range 3 {
		for q := range colsRow {
			c[r*colsRow+q] = 3*q + r + 1
		}
	}
	return
}()

// colsRow is the length of a row of cardCols.
const colsRow = (8+parse.MaxName)/3 + parse.MaxCards + 1

// colsFrom holds, for each byte offset of a line a trick's cards may start at, where in
// cardCols the columns from there on are: one look-up instead of a division.
var colsFrom = func() (f [8 + parse.MaxName + 1]uint16) {
	for off := range f {
		f[off] = uint16(off%3*colsRow + off/3)
	}
	return
}()

// colsAt returns the columns of m cards three bytes apart from byte offset off of an ASCII
// line (column = offset + 1), from cardCols.
func colsAt(off, m int) []int {
	k := int(colsFrom[off])
	return cardCols[k : k+m : k+m]
}
