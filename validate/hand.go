package validate

import "github.com/tricks-dev/tricks/parse"

// Hand is a multiset of cards with at most two copies of each (two-deck games): A holds the
// cards present at least once, B those present twice. With one deck B stays empty, so every
// operation is one or two 64-bit instructions.
type Hand struct {
	A, B parse.CardSet
}

// Has reports whether the hand holds at least one c.
func (h Hand) Has(c parse.Card) bool { return h.A.Has(c) }

// Add adds one copy of c; it reports false when two copies are already there.
func (h *Hand) Add(c parse.Card) bool {
	bit := parse.CardSet(1) << c
	switch {
	case h.A&bit == 0:
		h.A |= bit
	case h.B&bit == 0:
		h.B |= bit
	default:
		return false
	}
	return true
}

// Remove removes one copy of c; it reports false when there is none.
func (h *Hand) Remove(c parse.Card) bool {
	bit := parse.CardSet(1) << c
	switch {
	case h.B&bit != 0:
		h.B &^= bit
	case h.A&bit != 0:
		h.A &^= bit
	default:
		return false
	}
	return true
}

// Count returns how many copies of c the hand holds.
func (h Hand) Count(c parse.Card) int {
	n := 0
	if h.A.Has(c) {
		n++
	}
	if h.B.Has(c) {
		n++
	}
	return n
}

// Len returns the number of cards, copies counted.
func (h Hand) Len() int { return h.A.Len() + h.B.Len() }

// Any reports whether the hand holds a card of the set.
func (h Hand) Any(s parse.CardSet) bool { return h.A&s != 0 }

// Only reports whether every card of the hand is in the set.
func (h Hand) Only(s parse.CardSet) bool { return h.A&^s == 0 }

// Cards lists the cards, copies included, in ascending order.
func (h Hand) Cards() []parse.Card { return h.Append(make([]parse.Card, 0, h.Len())) }

// Append appends the cards to b, copies included, in ascending order.
func (h Hand) Append(b []parse.Card) []parse.Card {
	for set := h.A; set != 0; set &= set - 1 {
		c := set.Lowest()
		b = append(b, c)
		if h.B.Has(c) {
			b = append(b, c)
		}
	}
	return b
}

// String lists the cards of h in card order, a card held twice written twice.
func (h Hand) String() string {
	var b []byte
	for s := h.A; s != 0; s &= s - 1 {
		c := s.Lowest()
		for k := 0; k < 1+btoi(h.B.Has(c)); k++ {
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, c.String()...)
		}
	}
	return string(b)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
