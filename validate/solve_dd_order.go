package validate

import "github.com/tricks-dev/tricks/parse"

// The move order of two partnerships at four seats, following the card, as the bridge
// solvers weigh it: win as cheaply as the trick can be won, play low when partner wins or
// nothing can, ruff cheaply but not partner's winner, force out the opponents' top card,
// discard low from long suits but not from a guarded second card. The figures are DDS's
// experience; a higher weight is searched first.

// relRank returns the order of c among the cards of its suit in rest: 1 for the highest.
func relRank(rest parse.CardSet, c parse.Card) int {
	return (rest &^ (parse.Set(c)<<1 - 1)).Len() + 1
}

// hiOf and loOf return the highest and lowest card of a set, NoCard when empty.
func hiOf(s parse.CardSet) parse.Card {
	if s == 0 {
		return parse.NoCard
	}
	return highest(s)
}

func loOf(s parse.CardSet) parse.Card {
	if s == 0 {
		return parse.NoCard
	}
	return s.Lowest()
}

// above reports whether a is higher than b in their suit, a missing card (NoCard) being
// lower than any.
func above(a, b parse.Card) bool {
	switch {
	case a == parse.NoCard:
		return false
	case b == parse.NoCard:
		return true
	}
	return a > b
}

// ddFollow gathers the facts of one follow: the seats around, the suit led and trumps.
type ddFollow struct {
	e                *ddEngine
	m, lead          int
	led              parse.CardSet // the suit led
	trumps           parse.CardSet
	trumpLed         bool
	count            int // the mover's cards of the card's suit
	rank, rRank      int
	second           bool // the mover holds the second card of the card's suit (Kx)
	suitTrump, isRun bool
}

func (e *ddEngine) pairFollowWeight(o *ddOrder, m int, c parse.Card, run, out parse.CardSet) int {
	f := ddFollow{e: e, m: m, lead: e.leader, led: e.suits[e.st.Led], trumps: o.trumps}
	f.trumpLed = int(e.st.Led) == e.trump
	suit := e.suits[e.suitIndex(c)]
	f.count = (e.hands[m] & suit).Len()
	f.rank, f.rRank = e.r.Power(c)+2, relRank(out&suit, c)
	rest := out & suit
	if rest &^= parse.Set(hiOf(rest)); rest != 0 {
		f.second = e.hands[m].Has(highest(rest))
	}
	f.suitTrump = suit&o.trumps != 0
	f.isRun = run&^parse.Set(c) != 0
	follows := e.hands[m]&f.led != 0
	switch e.k {
	case 1:
		if follows {
			return f.second1(c)
		}
		return f.void1(c)
	case 2:
		if follows {
			return f.second2(c)
		}
		return f.void2(c)
	}
	if follows {
		return f.follow3(c, o)
	}
	return f.void3(c, o)
}

// hand returns the cards of the suit led seat p holds.
func (f *ddFollow) hand(p int) parse.CardSet { return f.e.hands[p] & f.led }

func (f *ddFollow) trumpsOf(p int) parse.CardSet { return f.e.hands[p] & f.trumps }

// card returns the i-th card of the trick.
func (f *ddFollow) card(i int) parse.Card { return f.e.trick()[i] }

// lenAdd is the discard weight of a suit of count cards: longer suits first.
func (f *ddFollow) lenAdd(div int) int { return (f.count << 6) / div }

// second1 weighs a card of the suit led played second.
func (f *ddFollow) second1(c parse.Card) int {
	third, fourth := (f.lead+2)%4, (f.lead+3)%4 // the leader's partner, ours
	c0 := f.card(0)
	max3, maxP := hiOf(f.hand(third)), hiOf(f.hand(fourth))
	min3, minP := loOf(f.hand(third)), loOf(f.hand(fourth))
	noRuff3 := max3 != parse.NoCard || f.trumpsOf(third) == 0
	win := false
	switch {
	case f.trumpLed:
		win = above(maxP, c0) && above(maxP, max3) || c > c0 && above(c, max3)
	case c > c0 && above(c, max3):
		win = noRuff3 || maxP == parse.NoCard && f.trumpsOf(fourth) != 0 && above(hiOf(f.trumpsOf(fourth)), hiOf(f.trumpsOf(third)))
	case above(maxP, c0) && above(maxP, max3):
		win = noRuff3
	case above(c0, maxP) && above(c0, max3) && c0 > c:
		if maxP == parse.NoCard && f.trumpsOf(fourth) != 0 {
			win = noRuff3 || above(hiOf(f.trumpsOf(fourth)), hiOf(f.trumpsOf(third)))
		}
	case maxP == parse.NoCard && f.trumpsOf(fourth) != 0:
		win = true
	}
	if win {
		switch {
		case above(min3, c):
			return 40 + f.rRank
		case above(maxP, c0) && hiOf(f.hand(f.lead)) < maxP:
			return 41 + f.rRank
		case c > c0 && above(maxP, c):
			return 78 - f.rank
		case c > c0 && above(c, max3):
			return 73 - f.rank
		case c > c0 && f.isRun:
			return 62 - f.rank
		case c > c0:
			return 49 - f.rank
		case maxP != parse.NoCard:
			return 47 - f.rank
		}
		return 40 - f.rank
	}
	switch {
	case above(min3, c) || above(minP, c):
		return -9 + f.rRank
	case c < c0:
		return -16 + f.rRank
	case f.isRun:
		return 22 - f.rank
	}
	return 10 - f.rank
}

// void1 weighs a card played second by a seat void in the suit led.
func (f *ddFollow) void1(c parse.Card) int {
	third, fourth := (f.lead+2)%4, (f.lead+3)%4
	c0 := f.card(0)
	kx := 0
	if f.count == 2 && f.second {
		kx = -4
	}
	partnerWins := above(hiOf(f.hand(fourth)), c0) && above(hiOf(f.hand(fourth)), hiOf(f.hand(third)))
	overruff := above(hiOf(f.trumpsOf(fourth)), hiOf(f.trumpsOf(third)))
	switch {
	case f.trumpLed:
		if partnerWins {
			return -f.rank + f.lenAdd(44)
		}
		return -f.rank + f.lenAdd(36) + kx
	case !f.suitTrump:
		good := false
		switch {
		case f.hand(third) != 0:
			good = partnerWins || f.hand(fourth) == 0 && f.trumpsOf(fourth) != 0
		case overruff:
			good = true
		case f.trumpsOf(third) == 0:
			good = above(hiOf(f.hand(fourth)), c0)
		}
		if good {
			return -f.rank + 60 + f.lenAdd(44)
		}
		return -f.rank - 2 + f.lenAdd(36) + kx
	case f.hand(third) != 0, f.trumpsOf(third) != 0 && overruff:
		return 24 - f.rank + f.lenAdd(44)
	case above(c, hiOf(f.trumpsOf(third))):
		return 24 - f.rank + f.lenAdd(44)
	}
	return 15 - f.rank + f.lenAdd(36) + kx
}

// second2 weighs a card of the suit led played third, by the leader's partner.
func (f *ddFollow) second2(c parse.Card) int {
	fourth := (f.lead + 3) % 4
	c0, c1 := f.card(0), f.card(1)
	cards4 := f.hand(fourth)
	max4, min4 := hiOf(cards4), loOf(cards4)
	mine := f.hand(f.m)
	max3 := hiOf(mine)
	partnerAhead := !f.e.r.beats(c1, c0, f.e.st.Led) // the leader's card wins so far
	low := -f.rank
	switch {
	case f.trumpLed && partnerAhead && above(c0, max4),
		f.trumpLed && (above(min4, max3) || c1 > max3):
		return low
	case f.trumpLed && above(max3, max4):
		if above(c, max4) && c > c1 {
			return 58 - f.rank
		}
		return low
	case f.trumpLed:
		return low + f.force(c, cards4, c1, partnerAhead)
	case f.trumps.Has(c1): // second hand ruffed
		return low
	case partnerAhead && (max4 == parse.NoCard || above(c0, max4) || above(min4, max3) || c1 > max3):
		return low
	case partnerAhead && above(max3, max4):
		if above(c, max4) {
			return 58 - f.rank
		}
		return low
	case !partnerAhead && max4 == parse.NoCard:
		if c > c1 {
			return 20 - f.rank
		}
		return low
	case !partnerAhead && (above(min4, max3) || c1 > max3):
		return low
	case !partnerAhead && above(max3, max4):
		if c > c1 && above(c, max4) {
			return 58 - f.rank
		}
		return low
	}
	if c > c1 && above(c, max4) {
		return 60 - f.rank
	}
	return low + f.force(c, cards4, c1, partnerAhead)
}

// force gives 20 to the lowest card of the mover's that makes the fourth hand give up its
// top card (higher than its second card and than the second hand's), or, the second hand
// winning, that beats it.
func (f *ddFollow) force(c parse.Card, cards4 parse.CardSet, c1 parse.Card, partnerAhead bool) int {
	mine := f.hand(f.m)
	var need parse.Card
	switch second4 := hiOf(cards4 &^ parse.Set(hiOf(cards4))); {
	case above(second4, c1):
		need = second4
	case !partnerAhead:
		need = c1
	default:
		return 0
	}
	if lo := loOf(mine &^ (parse.Set(need)<<1 - 1)); lo != parse.NoCard && lo == c {
		return 20
	}
	return 0
}

// void2 weighs a card played third by a seat void in the suit led.
func (f *ddFollow) void2(c parse.Card) int {
	fourth := (f.lead + 3) % 4
	c0, c1 := f.card(0), f.card(1)
	max4 := hiOf(f.hand(fourth))
	partnerAhead := !f.e.r.beats(c1, c0, f.e.st.Led)
	switch {
	case f.trumpLed || !f.suitTrump:
		return -f.rank + f.lenAdd(40)
	case partnerAhead && above(c0, max4) && (max4 != parse.NoCard || f.trumpsOf(fourth) == 0):
		return -f.rank - 50 // partner's sure winner
	case f.trumps.Has(c1) && c < c1:
		return -32 + f.rRank + f.lenAdd(40) // an underruff
	case partnerAhead && max4 != parse.NoCard:
		if f.second0() {
			return 36 - f.rank + f.lenAdd(50)
		}
		return 48 - f.rank + f.lenAdd(50)
	case partnerAhead && above(c, hiOf(f.trumpsOf(fourth))):
		return 48 - f.rank + f.lenAdd(50)
	case partnerAhead:
		return -12 - f.rank + f.lenAdd(50)
	case max4 != parse.NoCard:
		return 72 - f.rank + f.lenAdd(50)
	case above(c, hiOf(f.trumpsOf(fourth))):
		return 48 - f.rank + f.lenAdd(50)
	}
	return 36 - f.rank + f.lenAdd(50)
}

// second0 reports whether the leader held the second card of the suit led.
func (f *ddFollow) second0() bool {
	rest := f.e.outstanding() & f.led
	rest &^= parse.Set(hiOf(rest))
	return rest != 0 && f.e.owner[highest(rest)] == int8(f.lead)
}

// follow3 weighs a card of the suit led played last.
func (f *ddFollow) follow3(c parse.Card, o *ddOrder) int {
	if o.curOurs || !f.trumpLed && f.trumps.Has(o.cur) {
		return -f.rank
	}
	if f.e.r.beats(c, o.cur, f.e.st.Led) {
		return 30 - f.rank
	}
	return -f.rank
}

// void3 weighs a card played last by a seat void in the suit led.
func (f *ddFollow) void3(c parse.Card, o *ddOrder) int {
	val := f.lenAdd(24)
	if f.count == 2 && f.second {
		val -= 2
	}
	switch {
	case f.trumpLed:
		return -f.rank + val
	case o.curOurs && f.suitTrump:
		return 2 - f.rank + val
	case o.curOurs:
		return 25 - f.rank + val
	case f.trumps.Has(o.cur) && f.suitTrump && c > o.cur:
		return 33 + f.rRank
	case f.trumps.Has(o.cur) && f.suitTrump:
		return -13 + f.rRank
	case f.trumps.Has(o.cur):
		return 14 - f.rank + val
	case f.suitTrump:
		return 33 + f.rRank
	}
	return 14 - f.rank + val
}
