package validate

import "github.com/tricks-dev/tricks/parse"

// Sure tricks: bounds on the result at the start of a trick, found without searching. Each
// comes with the cards whose rank it rests on (the suit lengths are always part of a table
// entry), and counts only as far as it has to.

// quick bounds the result at the start of a trick: the tricks the leader cashes from the top
// (its side's at least), and each side's master trumps (its at least). cut reports a bound
// that decides need; w is the cards whose rank it rests on.
func (e *ddEngine) quick(need int) (ok bool, w parse.CardSet, cut bool) {
	ours := e.side[e.leader]
	// The leader's side decides the search with stopOurs tricks, the other with stopTheirs.
	stopOurs, stopTheirs := need, e.left-need+1
	if !ours {
		stopOurs, stopTheirs = stopTheirs, stopOurs
	}
	if q, wq := e.cashable(stopOurs); q >= stopOurs {
		return ours, wq, true
	}
	if q, wq := e.masterTrumps(!ours, stopTheirs); q >= stopTheirs {
		return !ours, wq, true
	}
	if q, wq := e.masterTrumps(ours, stopOurs); q >= stopOurs {
		return ours, wq, true
	}
	return false, 0, false
}

// all returns the cards in the hands.
func (e *ddEngine) all() parse.CardSet {
	var all parse.CardSet
	for h := 0; h < e.n; h++ {
		all |= e.hands[h]
	}
	return all
}

// cashable counts the tricks the leader's side takes one after the other from the top, up to
// stop: the leader leads its winners (trumps first), the others following with their lowest
// card of the suit, while no opponent can ruff; then it may cross to a partner who holds the
// top card of a suit it can lead, and the partner leads its own. It returns them with the
// cards that won by rank.
func (e *ddEngine) cashable(stop int) (int, parse.CardSet) {
	L := e.leader
	var h [MaxSeats]parse.CardSet
	copy(h[:e.n], e.hands[:e.n])
	q, w, lead := e.cashFrom(&h, L, stop, 0, 0)
	if q >= stop || !lead {
		return min(q, e.left), w
	}
	for p := 0; p < e.n; p++ {
		if p == L || e.side[p] != e.side[L] {
			continue
		}
		for s := 0; s < 4; s++ {
			if qc, wc, ok := e.cross(&h, L, p, s, stop, q, w); ok {
				return min(qc, e.left), wc
			}
		}
	}
	return min(q, e.left), w
}

// cross leads a card of suit s from L to partner p's top card (the model hands h are not
// changed) and counts on with p leading: ok when the crossing is safe (p holds the top card,
// L a card of the suit it may lead, and no opponent can ruff) and the count reaches stop.
func (e *ddEngine) cross(h *[MaxSeats]parse.CardSet, L, p, s, stop, q int, w parse.CardSet) (int, parse.CardSet, bool) {
	suit := e.suits[s]
	var all parse.CardSet
	for i := 0; i < e.n; i++ {
		all |= h[i] & suit
	}
	leads := e.r.Legal(Hand{A: h[L]}, &TrickState{Trick: 2, Led: parse.NoSuit, Broken: e.st.Broken})
	if h[L]&suit&leads == 0 || h[p]&suit == 0 || highest(all) != highest(h[p]&suit) || !e.ruffSafe(h, L, s) {
		return 0, 0, false
	}
	g := *h
	for i := 0; i < e.n; i++ {
		switch {
		case i == p:
			g[i] &^= parse.Set(highest(g[i] & suit))
		case g[i]&suit != 0:
			g[i] &^= g[i] & suit & -(g[i] & suit) // the lowest
		}
	}
	w |= parse.Set(highest(h[p] & suit))
	qc, wc, _ := e.cashFrom(&g, p, stop, q+1, w)
	return qc, wc, qc >= stop
}

// ruffSafe reports whether no opponent of L can ruff a lead of suit s on hands h.
func (e *ddEngine) ruffSafe(h *[MaxSeats]parse.CardSet, L, s int) bool {
	if s == e.trump || e.trump < 0 {
		return true
	}
	for o := 0; o < e.n; o++ {
		if e.side[o] != e.side[L] && h[o]&e.suits[s] == 0 && h[o]&e.suits[e.trump] != 0 {
			return false
		}
	}
	return true
}

// cashFrom plays seat L's winners on the model hands h, trumps first, counting from q up to
// stop. lead is false when a partner had to ruff a winner (and took the lead).
func (e *ddEngine) cashFrom(h *[MaxSeats]parse.CardSet, L, stop, q int, w parse.CardSet) (int, parse.CardSet, bool) {
	leads := e.r.Legal(Hand{A: h[L]}, &TrickState{Trick: 2, Led: parse.NoSuit, Broken: e.st.Broken})
	if e.trump >= 0 && leads&e.suits[e.trump] != 0 {
		var lead bool
		if q, w, lead = e.cashSuit(h, L, e.trump, stop, q, w); !lead {
			return q, w, false
		}
	}
	for s := 0; s < 4 && q < stop; s++ {
		if s == e.trump || leads&e.suits[s] == 0 {
			continue
		}
		var lead bool
		if q, w, lead = e.cashSuit(h, L, s, stop, q, w); !lead {
			return q, w, false
		}
	}
	return q, w, true
}

// cashSuit plays L's winners of suit s on the model hands h, while L holds the top card of
// the suit and no opponent can ruff; the others follow with their lowest card, a partner
// void in the suit discards a card of another suit but trumps, or ruffs when it has nothing
// else (then L's side wins the trick and loses the lead: lead false).
func (e *ddEngine) cashSuit(h *[MaxSeats]parse.CardSet, L, s, stop, q int, w parse.CardSet) (int, parse.CardSet, bool) {
	suit := e.suits[s]
	var trumps parse.CardSet
	if e.trump >= 0 {
		trumps = e.suits[e.trump]
	}
	for q < stop && h[L]&suit != 0 && e.ruffSafe(h, L, s) {
		var rest parse.CardSet
		for i := 0; i < e.n; i++ {
			if i != L {
				rest |= h[i] & suit
			}
		}
		c := highest(h[L] & suit)
		if rest != 0 && highest(rest) > c {
			break
		}
		if rest != 0 {
			w |= parse.Set(c)
		}
		h[L] &^= parse.Set(c)
		q++
		lead := true
		for i := 0; i < e.n; i++ {
			switch {
			case i == L:
			case h[i]&suit != 0:
				h[i] &^= h[i] & suit & -(h[i] & suit) // the lowest
			case e.side[i] == e.side[L] && h[i] != 0:
				if other := h[i] &^ trumps &^ suit; other != 0 {
					h[i] &^= other & -other
				} else {
					lead = false // a partner with nothing but trumps ruffs
				}
			}
		}
		if !lead {
			return q, w, false
		}
	}
	return q, w, true
}

// masterTrumps counts the tricks side x (the seats whose side[] is x) surely takes with the
// trumps of one of its hands, up to stop: each of them is played to a trick of its own, and
// loses only to a higher trump of the other side, each of which beats one at most; so the
// hand wins as many tricks as it has trumps less the most of them the other side's trumps
// can be matched against, one higher trump each.
func (e *ddEngine) masterTrumps(x bool, stop int) (int, parse.CardSet) {
	if e.trump < 0 {
		return 0, 0
	}
	trumps := e.all() & e.suits[e.trump]
	var theirs parse.CardSet
	for p := 0; p < e.n; p++ {
		if e.side[p] != x {
			theirs |= e.hands[p] & trumps
		}
	}
	best, bestW := 0, parse.CardSet(0)
	for p := 0; p < e.n; p++ {
		mine := e.hands[p] & trumps
		if e.side[p] != x || mine.Len() <= best {
			continue
		}
		free, sure := 0, 0 // their trumps above, not matched yet; our trumps none beats
		var low parse.Card
		for t := mine | theirs; t != 0; {
			c := highest(t)
			t &^= 1 << c
			switch {
			case theirs.Has(c):
				free++
			case free > 0:
				free--
			default:
				sure++
				low = c
			}
			if sure >= stop {
				break
			}
		}
		if sure > best {
			best, bestW = sure, parse.Set(low)
		}
	}
	if theirs == 0 {
		bestW = 0 // no rank matters: the other side has no trump
	}
	return best, bestW
}

// trickSure reports whether the side of seat m, to play to the current trick, surely wins
// it, and the card whose rank wins it: the side's best card of the suit led, on the table
// or in the hand of a seat still to play, beats the trick so far and every card of the suit
// the other side still has to play, and none of those seats can ruff; or a seat of the side
// still to play ruffs, and none of the other side's can.
func (e *ddEngine) trickSure(m int) (bool, parse.CardSet) {
	led := e.st.Led
	x := e.side[m]
	suit := e.suits[led]
	var trumps parse.CardSet
	if e.trump >= 0 {
		trumps = e.suits[e.trump]
	}
	t := e.trick()
	w := e.r.Winner(t, led)
	cur := t[w]
	var ours, theirs parse.CardSet // the cards of the suit led still to be played
	theyRuff, weRuff := false, false
	for i := e.k; i < e.n; i++ {
		p := (e.leader + i) % e.n
		h := e.hands[p]
		if e.side[p] == x {
			ours |= h & suit
			weRuff = weRuff || h&suit == 0 && h&trumps != 0
		} else {
			theirs |= h & suit
			theyRuff = theyRuff || h&suit == 0 && h&trumps != 0
		}
	}
	if theyRuff && int(led) != e.trump {
		return false, 0
	}
	best := cur
	if e.side[(e.leader+w)%e.n] != x {
		best = parse.NoCard
	}
	if ours != 0 && (best == parse.NoCard || e.r.beats(highest(ours), best, led)) {
		best = highest(ours)
	}
	switch {
	case best != parse.NoCard && e.r.beats(best, cur, led) || best == cur && best != parse.NoCard:
		if theirs == 0 || e.r.beats(best, highest(theirs), led) {
			return true, parse.Set(best)
		}
	case weRuff && int(led) != e.trump && !trumps.Has(cur):
		return true, 0
	}
	return false, 0
}
