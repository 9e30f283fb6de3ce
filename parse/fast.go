package parse

// The fast path of the text front end: the statements that make most of a transcript's
// lines (trick, deal and pass), spelled as canonical text writes them, are read here in one
// pass over their bytes, with table look-ups for the cards and no general machinery. A line
// spelled any other way (a leader, a recipient, extra blanks, commas, jokers, a mistake, a
// limit reached) is left to the general statements of text.go, which give exactly the same
// game for the lines read here: TestFastPathSameAsGeneral parses the testdata both ways.

// nameByte marks the bytes that may follow the first letter of a bare name (IsBareName).
var nameByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['_'], t['.'], t['-'] = true, true, true
	return
}()

// fastFirst marks the first letters of the statements fastStmt reads.
var fastFirst = [256]bool{'t': true, 'd': true, 'p': true, 'o': true, 'm': true}

// fastStmt reads the statement s[start:end] of the current line (pure ASCII, without
// comment and outer blanks) when it is a trick, deal or pass in the canonical spelling, and
// reports whether it did. So it does players, option and meta statements of bare names and
// values one blank apart.
func (p *textParser) fastStmt(start, end int) bool {
	s := p.s
	if end-start < 7 {
		return false
	}
	switch s[start] {
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
	for k < len(s) && nameByte[s[k]] {
		k++
	}
	return k
}

// fastPlayers reads "players NAME NAME ..." from s[i:n]: bare names one blank apart, each
// once, within the limits, in the game's first players statement.
func (p *textParser) fastPlayers(i, n int) bool {
	if p.g.PlayersPos.IsValid() {
		return false
	}
	s := p.s[:n]
	names := p.mem.players[:0] // the game's only when the statement is read here
	for k := i; ; {
		e := bareName(s, k)
		if e == k || e-k > MaxName || e < n && s[e] != ' ' || len(names) == MaxPlayers {
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
	p.g.PlayersPos = p.stmt
	p.g.Players = names
	return true
}

// fastKV reads the key=value pairs of an option or meta statement (kw) from s[i:n]: bare
// keys, bare values, one blank apart. It appends them to list (the list is the statement's
// only when it is read here).
func (p *textParser) fastKV(list []KV, kw string, i, n int) ([]KV, bool) {
	s := p.s[:n]
	out := list
	if out == nil {
		out = p.kvList(kw)
	}
	for k := i; ; {
		e := bareName(s, k)
		if e == k || e-k > MaxName || e >= n || s[e] != '=' {
			return list, false
		}
		v := e + 1
		for v < n && s[v] != ' ' {
			if c := s[v]; c < 0x20 || c == 0x7f || c == '"' {
				return list, false
			}
			v++
		}
		if v == e+1 || v+1 == n {
			return list, false // no value, or a blank at the end
		}
		j := len(out)
		if j == cap(out) {
			out = append(out, KV{})
		} else {
			out = out[:j+1]
		}
		kv := &out[j] // (field by field, as in srcTrick)
		kv.Key, kv.Value, kv.Pos = s[k:e], s[e+1:v], Pos{File: p.file, Line: p.line, Col: k + 1}
		if v == n {
			break
		}
		k = v + 1
	}
	return out, true
}

// fastCards reads the canonical card list s[i:n] (two-letter cards one blank apart, at least
// one) into the arena, with each card's column when cols. ok is false, with nothing taken
// from the arena, when the list is spelled otherwise.
func (p *textParser) fastCards(i, n int, cols bool) (cs []Card, cl []int, ok bool) {
	m := (n - i + 1) / 3
	if 3*m-1 != n-i || m > MaxCards || n > len(p.s) {
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
		out[k] = Card(v - 1)
		s = s[3:]
	}
	if len(s) != 2 {
		return nil, nil, false
	}
	v := cardPair[uint16(s[0])|uint16(s[1])<<8]
	if v == 0 {
		return nil, nil, false
	}
	out[last] = Card(v - 1)
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
	if len(r.Tricks) == MaxTricks {
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
			r.Tricks = make([]Trick, 0, p.trickHint)
		}
	}
	r.Tricks = append(r.Tricks, Trick{Cards: cards, Cols: cols, Pos: p.stmt})
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
	for k < n && nameByte[s[k]] {
		k++
	}
	if k+2 >= n || s[k] != ':' || s[k+1] != ' ' || k-i > MaxName {
		return false
	}
	name := s[i:k]
	r := p.r
	if r == nil {
		r = p.round()
	}
	cards, _, ok := p.fastCards(k+2, n, false)
	if !ok {
		return false
	}
	if pass {
		if r.Passes == nil {
			if sp := p.spareOf(r); sp != nil && cap(sp.passes) >= len(p.g.Players) {
				r.Passes = sp.passes[:0]
			} else {
				r.Passes = make([]Pass, 0, max(len(p.g.Players), 1))
			}
		}
		r.Passes = append(r.Passes, Pass{Player: name, Cards: cards, Pos: p.stmt})
		return true
	}
	if r.Deal == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.deal) >= len(p.g.Players) {
			r.Deal = sp.deal[:0]
		} else {
			r.Deal = make([]PlayerCards, 0, max(len(p.g.Players), 1))
		}
	}
	r.Deal = append(r.Deal, PlayerCards{Player: name, Cards: cards, Pos: p.stmt})
	return true
}

// srcCards reads canonical cards (two letters each, one blank apart) from src[k:] up to the
// end of the line, into the free room of the arena's cards (not taken yet: the caller takes
// them). It returns the cards and the length of src up to and with the line's newline (all of
// src when the line is its last), or n 0 when the line is spelled otherwise, holds more than
// MaxCards cards or more than the room.
func srcCards(src string, k int, free []Card) (cards []Card, n int) {
	free = free[:min(len(free), MaxCards)]
	t := src[k:]
	// Three bytes a card: two letters (one look-up) and what follows them.
	for m := range free {
		if len(t) < 3 {
			if len(t) == 2 { // the last card of the input, without a newline
				if v := cardPair[uint16(t[0])|uint16(t[1])<<8]; v != 0 {
					free[m] = Card(v - 1)
					return free[: m+1 : m+1], len(src)
				}
			}
			return nil, 0
		}
		v, sep := cardPair[uint16(t[0])|uint16(t[1])<<8], t[2]
		if v == 0 {
			return nil, 0
		}
		free[m] = Card(v - 1)
		if sep != ' ' {
			if sep == '\n' {
				return free[: m+1 : m+1], len(src) - len(t) + 3
			}
			return nil, 0
		}
		t = t[3:]
	}
	return nil, 0
}

// srcTrick reads the line at the start of src, number line, when it is "trick CARDS" in the
// canonical spelling in a round begun, with room for its cards in the arena and below the
// limits (its columns are trickCols'): the most common line of all, read with its end found as it is read, with nothing
// else to do (fastTrick is the same, with the arena's growth and the cases of a round not
// begun). It returns the bytes of src it took, the newline with them, or 0.
func (p *textParser) srcTrick(src string, line int) int {
	r := p.r
	a := p.arena
	if src[:6] != "trick " || len(r.Tricks) >= MaxTricks {
		return 0
	}
	c0 := len(a.cards)
	cards, n := srcCards(src, 6, a.cards[c0:cap(a.cards)])
	if n == 0 {
		return 0
	}
	a.cards = a.cards[:c0+len(cards)]
	if r.Tricks == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.tricks) > 0 {
			r.Tricks = sp.tricks[:0]
		} else {
			r.Tricks = make([]Trick, 0, p.trickHint)
		}
	}
	k := len(r.Tricks)
	if k == cap(r.Tricks) {
		r.Tricks = append(r.Tricks, Trick{})
	} else {
		r.Tricks = r.Tricks[:k+1]
	}
	// (Field by field: a Trick built aside and copied in costs a bulk write barrier while
	// the collector marks.)
	t := &r.Tricks[k]
	t.Leader, t.Cards, t.Cols = "", cards, trickCols[:len(cards):len(cards)]
	t.Pos = Pos{File: p.file, Line: line, Col: 1}
	return n
}

// trickCols are the columns of the cards of a canonical trick line ("trick " and three
// bytes a card), shared by every trick read by srcTrick: the slices of it have their
// capacity clipped, and nothing writes into a Trick's columns.
var trickCols = func() (c [MaxCards]int) {
	for k := range c {
		c[k] = 7 + 3*k
	}
	return
}()

// srcHand is srcTrick for "deal NAME: CARDS" and "pass NAME: CARDS" (pass), fastHand's
// statements.
func (p *textParser) srcHand(src string, line int, pass bool) int {
	if pass && src[:5] != "pass " || !pass && src[:5] != "deal " {
		return 0
	}
	const i = 5
	c := src[i]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return 0
	}
	k := i + 1
	for k < len(src) && nameByte[src[k]] {
		k++
	}
	if k+3 >= len(src) || src[k] != ':' || src[k+1] != ' ' || k-i > MaxName {
		return 0
	}
	a := p.arena
	c0 := len(a.cards)
	cards, n := srcCards(src, k+2, a.cards[c0:cap(a.cards)])
	if n == 0 {
		return 0
	}
	a.cards = a.cards[:c0+len(cards)]
	r := p.r
	name := src[i:k]
	pos := Pos{File: p.file, Line: line, Col: 1}
	if pass {
		if r.Passes == nil {
			if sp := p.spareOf(r); sp != nil && cap(sp.passes) >= len(p.g.Players) {
				r.Passes = sp.passes[:0]
			} else {
				r.Passes = make([]Pass, 0, max(len(p.g.Players), 1))
			}
		}
		k := len(r.Passes)
		if k == cap(r.Passes) {
			r.Passes = append(r.Passes, Pass{})
		} else {
			r.Passes = r.Passes[:k+1]
		}
		ps := &r.Passes[k] // (field by field, as in srcTrick)
		ps.Player, ps.To, ps.Cards, ps.Pos = name, "", cards, pos
		return n
	}
	if r.Deal == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.deal) >= len(p.g.Players) {
			r.Deal = sp.deal[:0]
		} else {
			r.Deal = make([]PlayerCards, 0, max(len(p.g.Players), 1))
		}
	}
	k = len(r.Deal)
	if k == cap(r.Deal) {
		r.Deal = append(r.Deal, PlayerCards{})
	} else {
		r.Deal = r.Deal[:k+1]
	}
	h := &r.Deal[k]
	h.Player, h.Cards, h.Pos = name, cards, pos
	return n
}
