package validate

import "github.com/tricks-dev/tricks/parse"

// Claims: does a side win every trick left whatever the others play?

// ClaimDefeat reports whether the claiming side (the seats side marks: one seat in the
// Hearts family, a partnership or one player in Spades) wins every trick left whatever the
// others play, and when it does not, one line of play that defeats the claim.
//
// hands are every seat's cards not played yet (Hand.B for second copies in two-deck games),
// leader the seat that led the current trick, played the cards played to it so far (from the
// leader), st its TrickState (st.Pos is taken from played). The claim is defeated when a seat
// outside the side wins a trick, or when the last trick's cards all cancel (two decks) with a
// leader outside the side, who then takes them; a trick whose cards all cancel before the
// last wins nothing (its leader leads again). The line runs from the position to the end of
// the first trick the claim loses, as (seat, card) in play order: the others' cards that
// defeat it against the side's first choices. Every card of it is legal (Rules.Legal, and the
// first-lead rule on trick 1).
//
// Sure tricks are tried before any search: a side that leads and holds, in every suit, only
// cards above every card of the others (who have no trump to ruff with) wins every trick.
// Otherwise the search prunes at the first trick the side loses.
func ClaimDefeat(r *Rules, hands []Hand, leader int, played []parse.Card, st TrickState, side []bool) (line []SeatCard, holds bool) {
	line, holds, _ = claimDefeat(r, hands, leader, played, st, side, claimBudget)
	return line, holds
}

// claimDefeat is ClaimDefeat with the positions the search may look at (limit, > 0), which
// also returns the positions it looked at: the work the replay and the slip search count
// (claim.go, diagnose.go).
func claimDefeat(r *Rules, hands []Hand, leader int, played []parse.Card, st TrickState, side []bool, limit int) (line []SeatCard, holds bool, nodes int) {
	p := Position{Hands: hands, Leader: leader, Played: played, State: st}
	p.normalize()
	if p.Left() == 0 {
		return nil, true, 0
	}
	defenders := make([]bool, len(side))
	seats := 0
	for i, s := range side {
		defenders[i] = !s
		if s {
			seats++
		}
	}
	e := newGenEngine(r, defenders)
	e.claim = true
	e.lastToLeader = true
	e.dominance = seats == 1 && r.Trump() == parse.NoSuit
	e.setup(&p)
	e.limit = limit
	if !e.search(1) || e.aborted {
		return nil, true, e.nodes // out of budget: the claim is taken as made (RULES.md)
	}
	line = e.line()
	return line, false, e.nodes
}

// claimBudget bounds the positions a claim's search looks at, so that a round never costs
// more than that; past it the claim is taken as made. claimGameBudget bounds those of all
// the claims of a game (as read; the slip search's trials count their own, diagnose.go):
// past it a claim is taken as made without a search.
const (
	claimBudget     = 200000
	claimGameBudget = 2000000
)

// line plays, from the position set up, a line that wins the defenders (the engine's side)
// a trick: the defenders' cards that keep their win, the claimers' first choices.
func (e *genEngine) line() []SeatCard {
	var out []SeatCard
	for e.left > 0 {
		m := (e.leader + e.k) % e.n
		moves := append([]parse.Card(nil), e.genMoves(m)...)
		if len(moves) == 0 {
			// A seat with no card while tricks are left (hands of a reading in which a card
			// was played that was not held): the search counts it as the claim's defeat, and
			// the line ends there.
			break
		}
		c := moves[0]
		if e.side[m] {
			for _, x := range moves {
				if e.try(m, x, 1) {
					c = x
					break
				}
			}
		}
		out = append(out, SeatCard{Seat: m, Card: c})
		if w, done := e.advance(m, c); done && w >= 0 && e.side[w] {
			break
		}
	}
	return out
}

// advance plays c for seat m for good; when it completes the trick, it returns the trick's
// winner as trickWinner says and done.
func (e *genEngine) advance(m int, c parse.Card) (winner int, done bool) {
	e.hands[m].Remove(c)
	e.seq[e.depth] = c
	e.st.Play(e.r, c)
	e.k++
	e.depth++
	if e.k < e.n {
		return -1, false
	}
	w := e.trickWinner()
	e.leader, e.k, e.st = NextLeader(e.leader, w), 0, e.st.Next()
	e.left--
	return w, true
}

// sureHold reports, at the start of a trick, that the claiming side (the seats outside the
// engine's side) surely wins every trick left: it leads, holds no card of no suit and no card
// twice within it (two copies could cancel), the others hold no trump, and in each suit
// either every card of the side is above every card of the others, or (a single claimer
// after trick 1) it has as many such cards as any other seat has cards of the suit, copies
// counted: led first, they draw the others' cards of the suit, and its other cards of it are
// then the only ones left. (With the break suit not broken, the claimer leads it last.)
func (e *genEngine) sureHold() bool {
	if e.side[e.leader] {
		return false
	}
	var ours, theirs Hand
	for p := 0; p < e.n; p++ {
		h := e.hands[p]
		if e.side[p] {
			theirs = union(theirs, h)
		} else {
			if ours.A&h.A != 0 {
				return false
			}
			ours = union(ours, h)
		}
	}
	r := e.r
	if ours.A&r.fools != 0 || r.Trump() != parse.NoSuit && theirs.A&r.mask[r.Trump()] != 0 {
		return false
	}
	draw := e.dominance && e.st.Trick > 1
	for s := parse.Clubs; s <= parse.Spades; s++ {
		high := -1 // the others' highest card of the suit
		for set := theirs.A & r.mask[s]; set != 0; set &= set - 1 {
			high = max(high, r.Power(set.Lowest()))
		}
		top, all := 0, true // the side's cards above it, copies counted
		for set := ours.A & r.mask[s]; set != 0; set &= set - 1 {
			c := set.Lowest()
			if r.Power(c) > high {
				top += ours.Count(c)
			} else {
				all = false
			}
		}
		if all || high < 0 {
			continue
		}
		most := 0
		for p := 0; p < e.n && draw; p++ {
			if e.side[p] {
				most = max(most, e.suitLen(p, s))
			}
		}
		if !draw || top < most {
			return false
		}
	}
	return true
}

// sureDefeat reports, at the start of a trick the single claimer leads without trumps (after
// trick 1), that the defenders surely win a trick: the claimer has to lead each of its cards,
// and for one of them, c of suit s,
//   - a defender holds a card of s above c that it can keep (usable), and more cards of s
//     than the claimer holds above it (it follows those with the others and keeps it); or
//   - a defender holds the other copy of c and at least as many cards of s as the claimer
//     (it keeps the copy to cancel c), and another defender as many, among them one it can
//     keep (it keeps it, to win the trick once c is cancelled).
//
// A defender left with cards of s only still plays one of the others each trick: it holds as
// many cards as the claimer, who holds c and the card led.
func (e *genEngine) sureDefeat(claimer int) bool {
	if e.side[e.leader] || e.st.Trick <= 1 {
		return false
	}
	r := e.r
	mine := e.hands[claimer]
	for s := parse.Clubs; s <= parse.Spades; s++ {
		ours := mine.A & r.mask[s]
		if ours == 0 {
			continue
		}
		m := mine.Len() - (Hand{A: mine.A &^ r.mask[s], B: mine.B &^ r.mask[s]}).Len() // copies counted
		for set := ours; set != 0; set &= set - 1 {
			c := set.Lowest()
			if e.beaten(claimer, c) || e.cancelled(claimer, c, m) {
				return true
			}
		}
	}
	return false
}

// usable reports whether seat p can keep c, of suit s, to play it to a later trick without
// another defender cancelling it: every other seat with a copy of c holds another card of
// the suit too (it plays its copy first, or the other card then); none is on the table.
func (e *genEngine) usable(p int, c parse.Card) bool {
	for _, x := range e.trick() {
		if x == c {
			return false
		}
	}
	s := e.r.SuitOf(c)
	for q := 0; q < e.n; q++ {
		if q != p && e.hands[q].Has(c) && (!e.side[q] || e.suitLen(q, s) < 2) {
			return false
		}
	}
	return true
}

// suitLen returns how many cards of suit s seat p holds, copies counted.
func (e *genEngine) suitLen(p int, s parse.Suit) int {
	h := e.hands[p]
	return (h.A & e.r.mask[s]).Len() + (h.B & e.r.mask[s]).Len()
}

// beaten is sureDefeat's first case for the claimer's card c.
func (e *genEngine) beaten(claimer int, c parse.Card) bool {
	r := e.r
	s := r.SuitOf(c)
	mine := e.hands[claimer]
	for d := 0; d < e.n; d++ {
		if d == claimer {
			continue
		}
		n := e.suitLen(d, s)
		for set := e.hands[d].A & r.mask[s]; set != 0; set &= set - 1 {
			y := set.Lowest()
			if r.Power(y) <= r.Power(c) || !e.usable(d, y) {
				continue
			}
			above := 0 // the claimer's cards of s above y, copies counted
			for t := mine.A & r.mask[s]; t != 0; t &= t - 1 {
				if x := t.Lowest(); r.Power(x) > r.Power(y) {
					above += mine.Count(x)
				}
			}
			if n > above {
				return true
			}
		}
	}
	return false
}

// cancelled is sureDefeat's second case for the claimer's card c, m the claimer's cards of
// its suit.
func (e *genEngine) cancelled(claimer int, c parse.Card, m int) bool {
	if e.hands[claimer].Count(c) > 1 {
		return false // the other copy is the claimer's
	}
	r := e.r
	s := r.SuitOf(c)
	twin := -1
	for d := 0; d < e.n; d++ {
		if d != claimer && e.hands[d].Has(c) && e.suitLen(d, s) >= m {
			twin = d
		}
	}
	if twin < 0 {
		return false
	}
	for d := 0; d < e.n; d++ {
		if d == claimer || d == twin || e.suitLen(d, s) < m {
			continue
		}
		for set := e.hands[d].A & r.mask[s]; set != 0; set &= set - 1 {
			if u := set.Lowest(); u != c && e.usable(d, u) {
				return true
			}
		}
	}
	return false
}

// claimDominance narrows the legal cards of defender m against a single claimer without
// trumps, who leads every trick once it wins one. A defender's card can only defeat the claim
// by beating a claimer's card of its suit, by cancelling its twin, or, when one does, as the
// card of the suit left to win the trick (a low card: below every card of the suit the
// claimer holds or has played to the trick). So:
//   - of a suit the claimer has none of (it never leads it), any card stands for the others,
//     but in the suit of the trick being played and when the defender leads;
//   - low cards of which no copy is anywhere else are as good as each other: the lowest
//     stands for them;
//   - a low card whose copy another defender holds is better discarded than such a card:
//     kept, it could cancel theirs, played, it frees it (not in the suit of the trick,
//     where the other copy may have to follow, unless the trick is the claimer's whatever
//     is played);
//   - a low card whose copy is on the table, and every other card, is a move of its own.
//
// (Each of these within one break-suit class.) With one deck, once the claimer has played to
// the trick and wins it so far, the cards that would take it and the lowest of each suit are
// enough too: a higher card kept is never worse. Not on trick 1, where the first-trick ban
// tells cards apart by points.
func (e *genEngine) claimDominance(m int, legal parse.CardSet) parse.CardSet {
	if !e.side[m] || e.st.Trick <= 1 {
		return legal
	}
	claimer := -1
	var held, table parse.CardSet // copies in the other defenders' hands, on the table
	for p := 0; p < e.n; p++ {
		switch {
		case !e.side[p]:
			claimer = p
		case p != m:
			held |= e.hands[p].A
		}
	}
	for _, c := range e.trick() {
		table |= parse.Set(c)
	}
	keep := legal
	if e.r.Table.Deck2 == 0 {
		keep = e.afterClaimer(legal)
	}
	ours := e.hands[claimer].A // the claimer's cards, and its card on the table
	if i := (claimer - e.leader + e.n) % e.n; i < e.k {
		ours |= parse.Set(e.trick()[i])
	}
	safe := e.claimerSafe(claimer) // the trick is the claimer's whatever the others play
	var out parse.CardSet
	for s := parse.Clubs; s <= parse.NoSuit; s++ {
		low := 99 // the claimer's lowest card of the suit
		for set := ours & e.r.mask[s]; set != 0; set &= set - 1 {
			low = min(low, e.r.Power(set.Lowest()))
		}
		// A card of another suit than the trick's plays no part in it; a suit the claimer has
		// none of is never led by it.
		off := e.k > 0 && e.st.Led != parse.NoSuit && s != e.st.Led
		out |= e.lowMoves(keep&e.r.mask[s], low, held, table, off && low == 99, off || safe)
	}
	return out
}

// claimerSafe reports whether the claimer's card on the table wins the trick whatever the
// seats still to play play: it is not cancelled, wins so far, and none of them holds a card of
// the suit led above it or its other copy.
func (e *genEngine) claimerSafe(claimer int) bool {
	i := (claimer - e.leader + e.n) % e.n
	if i >= e.k || e.st.Led == parse.NoSuit {
		return false
	}
	t := e.trick()
	if w := e.r.Winner(t, e.st.Led); w != i {
		return false
	}
	c := t[i]
	for j := e.k; j < e.n; j++ {
		p := (e.leader + j) % e.n
		for set := e.hands[p].A & e.r.mask[e.st.Led]; set != 0; set &= set - 1 {
			if e.r.Power(set.Lowest()) >= e.r.Power(c) {
				return false
			}
		}
	}
	return true
}

// lowMoves narrows the cards of one suit (claimDominance) with low the Power of the
// claimer's lowest card of it; void: any card stands for the others; dirtyFirst: a low card
// whose copy another defender holds goes before those of which no copy is elsewhere (not in
// the suit of the trick being played, where the other copy may have to follow).
func (e *genEngine) lowMoves(cards parse.CardSet, low int, held, table parse.CardSet, void, dirtyFirst bool) parse.CardSet {
	var out, dirty parse.CardSet
	var clean [2]parse.Card
	clean[0], clean[1] = parse.NoCard, parse.NoCard
	for set := cards; set != 0; set &= set - 1 {
		c := set.Lowest()
		b := btoi(e.r.Breaks(c))
		switch {
		case void || e.r.Power(c) < low && !held.Has(c) && !table.Has(c):
			if clean[b] == parse.NoCard || e.r.Power(c) < e.r.Power(clean[b]) {
				clean[b] = c
			}
		case e.r.Power(c) < low && !table.Has(c):
			dirty |= parse.Set(c)
		default:
			out |= parse.Set(c)
		}
	}
	for b, c := range clean {
		if c == parse.NoCard {
			continue
		}
		hasDirty := false
		for set := dirty; dirtyFirst && set != 0; set &= set - 1 {
			hasDirty = hasDirty || btoi(e.r.Breaks(set.Lowest())) == b
		}
		if !hasDirty {
			out |= parse.Set(c)
		}
	}
	return out | dirty
}

// afterClaimer is, with one deck, the cards of legal worth trying once the claimer has played
// to the trick and wins it so far: those that would take the trick, and the lowest of each
// suit (of each break-suit class); all of legal otherwise.
func (e *genEngine) afterClaimer(legal parse.CardSet) parse.CardSet {
	if e.k == 0 || e.st.Led == parse.NoSuit {
		return legal
	}
	t := e.trick()
	w := e.r.Winner(t, e.st.Led)
	if w < 0 || e.side[(e.leader+w)%e.n] {
		return legal // a defender wins already, or the claimer has not played
	}
	out := e.r.Winning(t, e.st.Led, legal)
	for s := parse.Clubs; s <= parse.NoSuit; s++ {
		var lo [2]parse.Card
		lo[0], lo[1] = parse.NoCard, parse.NoCard
		for set := legal &^ out & e.r.mask[s]; set != 0; set &= set - 1 {
			c := set.Lowest()
			b := btoi(e.r.Breaks(c))
			if lo[b] == parse.NoCard || e.r.Power(c) < e.r.Power(lo[b]) {
				lo[b] = c
			}
		}
		for _, c := range lo {
			if c != parse.NoCard {
				out |= parse.Set(c)
			}
		}
	}
	return out
}
