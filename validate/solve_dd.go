package validate

import (
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
)

// The double-dummy engine for one deck: the search behind Solver for Spades (and any table
// whose suits, as Rules.SuitMask gives them, are runs of card bits ordered by Power, with no
// card of no suit in play and no rule that tells one card of a suit from another of the same
// suit but its rank). It answers one question, by a zero-window alpha-beta search on cards:
// does the side (the seats side[] marks) win at least need of the tricks left?
//
// What makes it fast is the bridge solvers' toolbox (DDS, by Bo Haglund and Soren Hein, and
// Ginsberg's partition search):
//   - moves are runs of equivalent cards (adjacent in rank within a suit in one hand, cards
//     played in earlier tricks counting as gaps): one card of each run is searched;
//   - every result comes with the cards whose rank decided it (a card that won a trick over
//     another card of its suit, with its run); the transposition table stores a position at
//     the start of a trick by the suit lengths of every hand and only the owners of the
//     cards, by relative rank, down to the lowest of those cards, so that one entry answers
//     for every position that differs only in cards whose rank did not matter;
//   - sure tricks bound the result before any move is tried: the leader's winners cashed
//     (crossing to a partner's), each side's trumps against the other side's higher ones,
//     and at the second hand a trick one side surely wins;
//   - moves are ordered by what usually wins or loses a trick, and by the moves that cut
//     before;
//   - a small card whose rank did not matter is searched once per suit and hand.
//
// Rules (Legal, Winner, TrickState.Play and Next) decide every play and every trick.

// ddEngine searches positions of one deal for one side.
type ddEngine struct {
	r    *Rules
	n    int
	side [MaxSeats]bool
	// count marks the seats whose tricks count: the side's, but for a nil (nilSearch) the
	// bidder's alone, its partner helping it take none; the sure-trick bounds are then off.
	count     [MaxSeats]bool
	nilSearch bool
	suits     [4]parse.CardSet // the cards of each suit (Rules.SuitMask)
	trump     int              // index of the trump suit, -1 for none

	hands  [MaxSeats]parse.CardSet
	owner  [parse.NumCards]int8 // the seat that holds each card (cards never change hands)
	leader int
	// seq holds the cards played, by depth, and runs the run each stood for: the current
	// trick is seq[depth-k:depth].
	seq   [64]parse.Card
	runs  [64]parse.CardSet
	k     int // cards played to the current trick
	st    TrickState
	left  int // tricks left, the current one included
	depth int // cards played since the root, and those of the root's trick

	tt     ddTable
	moves  [][]ddMove     // a move list per depth
	best   [64]parse.Card // per depth, the move that last cut (killer)
	cut    [64]parse.Card // per depth, the move that cut in the last search there (NoCard: none)
	ttBest [64]parse.Card // per depth, the best move a matching table entry holds
	nodes  int            // positions searched (for tests)
}

// ddOff turns the engine's shortcuts off, or the engine itself (the general one plays every
// position), for the tests that check each against a brute force.
var ddOff struct{ quick, table, small, engine bool }

// ddMove is one move: the card searched, the run of equivalent cards it stands for, and its
// weight in the move order.
type ddMove struct {
	card   parse.Card
	run    parse.CardSet
	weight int
}

// ddSuitsOK reports whether the engine can play under r: every suit a run of card bits in
// the order of Power.
func ddSuitsOK(r *Rules) bool {
	for s := parse.Clubs; s <= parse.Spades; s++ {
		m := r.SuitMask(s)
		if m == 0 {
			continue
		}
		lo := bits.TrailingZeros64(uint64(m))
		if m>>lo&(m>>lo+1) != 0 { // not one run of bits
			return false
		}
		for c := parse.Card(lo); int(c) < 63 && m.Has(c+1); c++ {
			if r.Power(c+1) <= r.Power(c) {
				return false
			}
		}
	}
	return true
}

func newDDEngine(r *Rules, side []bool) *ddEngine {
	e := &ddEngine{r: r, n: len(side), trump: -1}
	copy(e.side[:], side)
	copy(e.count[:], side)
	for s := range e.suits {
		e.suits[s] = r.SuitMask(parse.Suit(s))
	}
	if t := r.Trump(); t < parse.NoSuit {
		e.trump = int(t)
	}
	e.tt.init()
	return e
}

// suitIndex returns the index of c's suit.
func (e *ddEngine) suitIndex(c parse.Card) int { return int(e.r.SuitOf(c)) }

// setup loads a position: the hands, the leader and the cards played to the current trick.
func (e *ddEngine) setup(p *Position) {
	e.hands = [MaxSeats]parse.CardSet{}
	for i, h := range p.Hands {
		e.hands[i] = h.A
		for s := h.A; s != 0; s &= s - 1 {
			e.owner[s.Lowest()] = int8(i)
		}
	}
	e.leader, e.k, e.st, e.depth = p.Leader, len(p.Played), p.State, len(p.Played)
	for i, c := range p.Played {
		e.seq[i], e.runs[i] = c, parse.Set(c)
	}
	e.left = e.hands[p.Leader].Len()
	if e.k > 0 {
		e.left++
	}
}

// search reports whether the side wins at least need of the tricks left (the current one
// included), and the cards whose rank decided it.
func (e *ddEngine) search(need int) (bool, parse.CardSet) {
	e.nodes++
	if e.k == 0 {
		return e.trickStart(need)
	}
	return e.ply(need)
}

// trickStart is search at the lead of a trick: bounds, quick tricks, the table, then the
// leader's moves; the result goes to the table.
func (e *ddEngine) trickStart(need int) (bool, parse.CardSet) {
	switch {
	case need <= 0:
		return true, 0
	case need > e.left:
		return false, 0
	case e.left == 1:
		return e.lastTrick(need)
	}
	if ok, w, cut := e.quick(need); cut && !ddOff.quick && !e.nilSearch {
		return ok, w
	}
	key := e.key()
	var own [4]uint64
	b := e.tt.find(key)
	e.ttBest[e.depth] = parse.NoCard
	if b != nil && !ddOff.table {
		e.owners(&own)
		if ok, w, hit := e.lookup(b, &own, need); hit {
			return ok, w
		}
	}
	ok, w := e.ply(need)
	lb, ub := 0, e.left
	if ok {
		lb = need
	} else {
		ub = need - 1
	}
	if b == nil || ddOff.table {
		e.owners(&own) // the hands are the position's again
	}
	e.store(key, &own, w, lb, ub, e.cut[e.depth])
	return ok, w
}

// lastTrick plays the last trick: one card a hand.
func (e *ddEngine) lastTrick(need int) (bool, parse.CardSet) {
	var cards [MaxSeats]parse.Card
	for i := 0; i < e.n; i++ {
		cards[i] = e.hands[(e.leader+i)%e.n].Lowest()
	}
	w := e.r.Winner(cards[:e.n], e.r.SuitOf(cards[0]))
	won := 0
	if e.count[(e.leader+w)%e.n] {
		won = 1
	}
	return won >= need, e.rankWin(cards[:e.n], w, 0)
}

// rankWin returns the winning card cards[w] with its run when it won by rank (another card
// of its suit is in the trick), else nothing.
func (e *ddEngine) rankWin(cards []parse.Card, w int, run parse.CardSet) parse.CardSet {
	s := e.r.SuitOf(cards[w])
	for i, c := range cards {
		if i != w && e.r.SuitOf(c) == s {
			return run | parse.Set(cards[w])
		}
	}
	return 0
}

// ply is search with a card to play: the seat to play tries its moves, in order, until one
// gives its side what it wants.
func (e *ddEngine) ply(need int) (bool, parse.CardSet) {
	m := (e.leader + e.k) % e.n
	max := e.side[m]
	if e.k > 0 && (max && need <= 1 || !max && need >= e.left) && !ddOff.quick && !e.nilSearch {
		// The trick decides the search when the seat's side surely wins it.
		if ok, w := e.trickSure(m); ok {
			return max, w
		}
	}
	moves := e.genMoves(m)
	var wAll parse.CardSet
	var skip [4]parse.CardSet // per suit, the small cards not to search again
	for i := range moves {
		mv := moves[i]
		s := e.suitIndex(mv.card)
		if skip[s].Has(mv.card) {
			continue
		}
		ok, w := e.try(m, mv, need)
		if ok == max {
			e.best[e.depth], e.cut[e.depth] = mv.card, mv.card
			return ok, w
		}
		wAll |= w
		if skip[s] == 0 && !ddOff.small {
			skip[s] = e.smallBelow(wAll, s, mv.card)
		}
	}
	e.cut[e.depth] = parse.NoCard
	return !max, wAll
}

// smallBelow returns, after a move c of suit s that did not decide the search, the cards of
// the suit below every card whose rank mattered so far, when c is one of them: their moves
// give the same result as c's.
func (e *ddEngine) smallBelow(w parse.CardSet, s int, c parse.Card) parse.CardSet {
	ws := w & e.suits[s]
	low := parse.CardSet(1) << 63 // no rank of the suit mattered: every card is small
	if ws != 0 {
		low = ws & -ws
	}
	if parse.CardSet(1)<<c >= low {
		return 0
	}
	return e.suits[s] & (low - 1)
}

// try plays mv for seat m and searches on.
func (e *ddEngine) try(m int, mv ddMove, need int) (bool, parse.CardSet) {
	c := mv.card
	e.hands[m] &^= 1 << c
	e.seq[e.depth], e.runs[e.depth] = c, mv.run
	saved := e.st
	e.st.Play(e.r, c)
	e.k++
	e.depth++
	var ok bool
	var w parse.CardSet
	if e.k < e.n {
		ok, w = e.search(need)
	} else {
		ok, w = e.endTrick(need)
	}
	e.k--
	e.depth--
	e.st = saved
	e.hands[m] |= 1 << c
	return ok, w
}

// endTrick gives the complete trick to its winner and searches the next one.
func (e *ddEngine) endTrick(need int) (bool, parse.CardSet) {
	cards := e.seq[e.depth-e.n : e.depth]
	wi := e.r.Winner(cards, e.st.Led)
	winner := (e.leader + wi) % e.n
	add := e.rankWin(cards, wi, e.runs[e.depth-e.n+wi])
	leader, st := e.leader, e.st
	e.leader, e.k, e.st = winner, 0, st.Next()
	e.left--
	if e.count[winner] {
		need--
	}
	ok, w := e.search(need)
	e.leader, e.k, e.st = leader, e.n, st
	e.left++
	return ok, w | add
}

// value returns the side's tricks of those left with best play, between lo and hi, starting
// from the guess g: zero-window searches that close in on it.
func (e *ddEngine) value(lo, hi, g int) int {
	g = min(max(g, lo), hi)
	for lo < hi {
		t := g
		if t == lo {
			t = lo + 1
		}
		if ok, _ := e.search(t); ok {
			lo, g = t, t
		} else {
			hi, g = t-1, t-1
		}
	}
	return lo
}
