package validate

import (
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
)

// Moves of the double-dummy engine: the legal cards of the seat to play as runs of
// equivalent cards, one move a run, in the order most likely to decide the search first.

// playable returns the cards of hand that may be played at st: Legal, and on the lead of trick
// 1 the cards the first-lead rule allows (when the hand holds one).
func playable(r *Rules, hand Hand, st *TrickState) parse.CardSet {
	legal := r.Legal(hand, st)
	if st.Trick == 1 && st.Pos == 0 {
		rule, lc := r.FirstLeadRule()
		if f := legal & r.FirstLeadCards(rule, lc); f != 0 {
			return f
		}
	}
	return legal
}

// highest returns the highest card of a non-empty set (the highest bit).
func highest(s parse.CardSet) parse.Card { return parse.Card(63 - bits.LeadingZeros64(uint64(s))) }

// outstanding returns the cards not played yet or played to the current trick.
func (e *ddEngine) outstanding() parse.CardSet {
	var out parse.CardSet
	for i := 0; i < e.n; i++ {
		out |= e.hands[i]
	}
	for _, c := range e.trick() {
		out |= 1 << c
	}
	return out
}

// trick returns the cards of the current trick.
func (e *ddEngine) trick() []parse.Card { return e.seq[e.depth-e.k : e.depth] }

// genMoves lists the moves of seat m, ordered.
func (e *ddEngine) genMoves(m int) []ddMove {
	for len(e.moves) <= e.depth {
		e.moves = append(e.moves, make([]ddMove, 0, 16))
	}
	list := e.moves[e.depth][:0]
	hand := e.hands[m]
	legal := playable(e.r, Hand{A: hand}, &e.st)
	out := e.outstanding()
	var o ddOrder
	e.orderFacts(&o, m)
	for s := 0; s < 4; s++ {
		mine := hand & e.suits[s]
		if mine&legal == 0 {
			continue
		}
		others := out & e.suits[s] &^ mine
		for mine != 0 {
			top := highest(mine)
			run := mine
			if below := others & (1<<top - 1); below != 0 {
				run = mine &^ (1<<(highest(below)+1) - 1)
			}
			mine &^= run
			if run&legal != 0 {
				list = append(list, ddMove{card: highest(run & legal), run: run})
			}
		}
	}
	if len(list) > 1 {
		for i := range list {
			list[i].weight = e.weight(&o, m, list[i].card, list[i].run, out)
		}
	}
	for i := 1; i < len(list); i++ { // insertion sort, heaviest first
		for j := i; j > 0 && list[j].weight > list[j-1].weight; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	e.moves[e.depth] = list
	return list
}

// ddOrder holds the facts of the trick so far that the weights read.
type ddOrder struct {
	pairs   bool       // two sides of two partners at four seats
	cur     parse.Card // the card winning the trick so far
	curOurs bool       // it is the seat's side's
	last    bool       // the seat plays the trick's last card
	trumps  parse.CardSet
}

func (e *ddEngine) orderFacts(o *ddOrder, m int) {
	o.pairs = e.n == 4 && e.side[(m+2)%4] == e.side[m] && e.side[(m+1)%4] != e.side[m] && e.side[(m+3)%4] != e.side[m]
	if e.trump >= 0 {
		o.trumps = e.suits[e.trump]
	}
	if e.k == 0 {
		return
	}
	t := e.trick()
	w := e.r.Winner(t, e.st.Led)
	o.cur = t[w]
	o.curOurs = e.side[(e.leader+w)%e.n] == e.side[m]
	o.last = e.k == e.n-1
}

// weight scores a move for the order: higher first. The figures follow the bridge solvers'
// experience: win cheaply what can be won, lead where the side holds the top, keep partner's
// winners, discard low from long suits.
func (e *ddEngine) weight(o *ddOrder, m int, c parse.Card, run, out parse.CardSet) int {
	if o.pairs {
		if e.k > 0 {
			return e.pairFollowWeight(o, m, c, run, out)
		}
		w, win := e.pairLeadWeight(o, m, c, run, out)
		switch {
		case run.Has(e.best[e.depth]) && win:
			w += 55
		case run.Has(e.best[e.depth]), run.Has(e.ttBest[e.depth]):
			w += 18
		}
		return w
	}
	rank := e.r.Power(c)
	w := 0
	if e.k == 0 {
		w = e.leadWeight(o, m, c, run, out)
	} else {
		w = e.followWeight(o, m, c, run, out)
	}
	if run.Has(e.ttBest[e.depth]) && e.k == 0 {
		w += 60
	}
	if run.Has(e.best[e.depth]) {
		w += 40
	}
	return w*16 - rank
}

func (e *ddEngine) leadWeight(o *ddOrder, m int, c parse.Card, run, out parse.CardSet) int {
	s := e.suitIndex(c)
	suit := e.suits[s]
	ruff, count, opps := false, 0, 0
	for p := 0; p < e.n; p++ {
		if e.side[p] == e.side[m] {
			continue
		}
		opps++
		l := (e.hands[p] & suit).Len()
		if l == 0 {
			count += e.left + 4
			ruff = ruff || (s != e.trump && e.hands[p]&o.trumps != 0)
		} else {
			count += 4 * l
		}
	}
	w := -count * 32 / 15 / max(1, opps/2)
	if ruff {
		w -= 10
	}
	top := highest(out & suit)
	switch {
	case run.Has(top) && !ruff:
		w += 45
	case int(e.owner[top]) != m && e.side[e.owner[top]] == e.side[m] && !ruff:
		w += 35
	default:
		w += 10
	}
	return w
}

// pairLeadWeight is leadWeight for two partnerships of two at four seats: lead where the side
// wins the trick, or where partner can ruff or holds the top; not into a ruff or a tenace
// behind the leader; suits where the opponents hold few cards (fewer replies to search).
func (e *ddEngine) pairLeadWeight(o *ddOrder, m int, c parse.Card, run, out parse.CardSet) (int, bool) {
	s := e.suitIndex(c)
	rest := out & e.suits[s]
	top := highest(rest)
	second, third := parse.NoCard, parse.NoCard
	if r := rest &^ parse.Set(top); r != 0 {
		second = highest(r)
		if r &^= parse.Set(second); r != 0 {
			third = highest(r)
		}
	}
	holder := func(x parse.Card) int {
		if x == parse.NoCard {
			return -1
		}
		return int(e.owner[x])
	}
	wh, sh, th := holder(top), holder(second), holder(third)
	lho, pd, rho := (m+1)%4, (m+2)%4, (m+3)%4
	lenL, lenR, lenP := (e.hands[lho] & rest).Len(), (e.hands[rho] & rest).Len(), (e.hands[pd] & rest).Len()
	w := e.pairSuitWeight(o, m, s, wh, sh)
	rRank := relRank(rest, c)
	seq := run&^parse.Set(c) != 0
	singletonTop := lenL == 1 && wh == lho || lenR == 1 && wh == rho
	if e.pairLeadWins(o, m, c, top, s != e.trump) {
		switch {
		case singletonTop:
			w += 35 + rRank
		case wh == m && sh == pd:
			w += 48 + rRank
		case wh == m && c == top:
			w += 31
		case wh == m:
			w += -3 + rRank
		case wh == pd && sh == m:
			w += 42 + rRank
		case wh == pd:
			w += 28 + rRank
		case seq && c == second:
			w += 40
		case seq:
			w += 22 + rRank
		default:
			w += 11 + rRank
		}
		return w, true
	}
	switch {
	case sh == pd && th == pd:
		w += 20
	case (sh == m && th == pd || sh == pd && th == m) && lenP > 1:
		w += 13
	}
	switch {
	case singletonTop:
		w += rRank + 2
	case wh == m && sh == pd:
		w += 33 + rRank
	case wh == m && c == top:
		w += 38
	case wh == m:
		w += -14 + rRank
	case wh == pd:
		w += 34 + rRank
	case seq && c == second:
		w += 35
	default:
		w += 17 - e.r.Power(c)
	}
	return w, false
}

// pairSuitWeight is the part of pairLeadWeight that is the suit's: fewer opponents' cards
// (fewer replies), no ruff for them, a ruff for partner, not into a tenace behind the leader;
// wh and sh hold the suit's first and second cards.
func (e *ddEngine) pairSuitWeight(o *ddOrder, m, s, wh, sh int) int {
	suit := e.suits[s]
	lho, pd, rho := (m+1)%4, (m+2)%4, (m+3)%4
	h := &e.hands
	lenL, lenR, lenP, lenO := (h[lho] & suit).Len(), (h[rho] & suit).Len(), (h[pd] & suit).Len(), (h[m] & suit).Len()
	side := s != e.trump
	countL, countR := lenL<<2, lenR<<2
	if lenL == 0 {
		countL = (e.left + 1) << 2
	}
	if lenR == 0 {
		countR = (e.left + 1) << 2
	}
	w := -((countL + countR) << 5) / 13
	if side && (lenL == 0 && h[lho]&o.trumps != 0 || lenR == 0 && h[rho]&o.trumps != 0) {
		w -= 12
	}
	if side && lenP == 0 && h[pd]&o.trumps != 0 && lenR > 0 {
		w += 17 // partner ruffs
	}
	switch {
	case wh == rho || sh == rho:
		if lenR != 1 {
			w -= 12
		}
	case wh == lho && sh == pd:
		if lenP != 1 {
			w += 27
		}
	}
	if side && lenO == 1 && h[m]&o.trumps != 0 && lenP > 1 && wh == pd {
		w += 19 // partner wins and gives a ruff
	}
	return w
}

// pairLeadWins reports whether leading c (suit top card top) wins the trick for the
// leader's side with best play: the leader's top card, or partner's, that no opponent can
// ruff, or partner's ruff that no opponent can overruff.
func (e *ddEngine) pairLeadWins(o *ddOrder, m int, c, top parse.Card, side bool) bool {
	s := e.suitIndex(c)
	suit := e.suits[s]
	lho, pd, rho := (m+1)%4, (m+2)%4, (m+3)%4
	h := &e.hands
	safe := func(p int) bool { return h[p]&suit != 0 || h[p]&o.trumps == 0 } // cannot ruff
	overruff := func(p int) bool {                                           // partner's trumps beat p's, or p follows
		return h[p]&suit != 0 || h[p]&o.trumps == 0 || h[pd]&o.trumps != 0 && highest(h[pd]&o.trumps) > highest(h[p]&o.trumps)
	}
	switch {
	case !side && (c == top || h[pd]&suit != 0 && highest(h[pd]&suit) == top):
		return true
	case c == top && (h[pd]&suit != 0 || h[pd]&o.trumps == 0):
		return safe(lho) && safe(rho)
	case c == top:
		return overruff(lho) && overruff(rho)
	case h[pd]&suit != 0 && highest(h[pd]&suit) == top:
		return safe(lho) && safe(rho)
	case h[pd]&suit == 0 && h[pd]&o.trumps != 0:
		return overruff(lho) && overruff(rho)
	}
	return false
}

func (e *ddEngine) followWeight(o *ddOrder, m int, c parse.Card, run, out parse.CardSet) int {
	led := e.st.Led
	beats := e.r.beats(c, o.cur, led)
	safe := beats && !e.beatable(m, c) // c would win the trick whatever the others play
	curSafe := o.curOurs && !e.beatable(m, o.cur)
	if e.r.SuitOf(c) == led {
		switch {
		case curSafe:
			return 0 // the side wins it already: play low
		case safe:
			return 80 // win it as cheaply as it can be won
		case beats && o.curOurs:
			return 10
		case beats:
			return 30 // make the others pay for it
		}
		return 0
	}
	if o.trumps.Has(c) { // a ruff
		switch {
		case curSafe:
			return -50
		case safe:
			return 70
		case beats:
			return 30
		}
		return -60
	}
	s := e.suitIndex(c)
	w := 2 * (e.hands[m] & e.suits[s]).Len() // discard from long suits
	if run.Has(highest(out & e.suits[s])) {
		w -= 20 // keep a winner
	}
	return w
}

// beatable reports whether a seat of the other side than m's, still to play to the current
// trick after m, can beat card x (as the trick's winning card): with a higher card of the
// suit led, or, void in it, with a trump (a higher one when x is a trump).
func (e *ddEngine) beatable(m int, x parse.Card) bool {
	led := e.st.Led
	suit := e.suits[led]
	var trumps parse.CardSet
	if e.trump >= 0 {
		trumps = e.suits[e.trump]
	}
	for i := e.k + 1; i < e.n; i++ {
		p := (e.leader + i) % e.n
		if e.side[p] == e.side[m] {
			continue
		}
		h := e.hands[p]
		switch {
		case h&suit != 0:
			if e.r.beats(highest(h&suit), x, led) {
				return true
			}
		case h&trumps != 0:
			if e.r.beats(highest(h&trumps), x, led) {
				return true
			}
		}
	}
	return false
}
