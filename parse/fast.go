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

// fastStmt reads the statement s[start:end] of the current line (pure ASCII, without
// comment and outer blanks) when it is a trick, deal or pass in the canonical spelling, and
// reports whether it did.
func (p *textParser) fastStmt(start, end int) bool {
	s := p.s
	if end-start < 7 {
		return false
	}
	switch {
	case s[start] == 't' && s[start:start+6] == "trick ":
		return p.fastTrick(start+6, end)
	case s[start] == 'd' && s[start:start+5] == "deal ":
		return p.fastHand(start+5, end, false)
	case s[start] == 'p' && s[start:start+5] == "pass ":
		return p.fastHand(start+5, end, true)
	}
	return false
}

// fastCards reads the canonical card list s[i:n] (two-letter cards one blank apart, at least
// one) into the arena, with each card's column when cols. ok is false, with nothing taken
// from the arena, when the list is spelled otherwise.
func (p *textParser) fastCards(i, n int, cols bool) (cs []Card, cl []int, ok bool) {
	if (n-i)%3 != 2 || n > len(p.s) {
		return nil, nil, false
	}
	m := (n - i + 1) / 3
	if m > MaxCards {
		return nil, nil, false
	}
	a := p.arena
	a.reserve(m, cols)
	c0 := len(a.cards)
	out := a.cards[c0 : c0+m]
	s := p.s[i:n]
	// Three bytes a card (the last has no blank after it): one look-up of the two letters.
	for k := 0; k < len(out)-1; k++ {
		t := s[3*k : 3*k+3]
		v := cardPair[uint16(t[0])|uint16(t[1])<<8]
		if v == 0 || t[2] != ' ' {
			return nil, nil, false
		}
		out[k] = Card(v - 1)
	}
	t := s[len(s)-2:]
	v := cardPair[uint16(t[0])|uint16(t[1])<<8]
	if v == 0 {
		return nil, nil, false
	}
	out[len(out)-1] = Card(v - 1)
	a.cards = a.cards[:c0+m]
	cs = a.cards[c0 : c0+m : c0+m]
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
	r := p.round()
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
	r := p.round()
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
			r.Deal = make([]Hand, 0, max(len(p.g.Players), 1))
		}
	}
	r.Deal = append(r.Deal, Hand{Player: name, Cards: cards, Pos: p.stmt})
	return true
}
