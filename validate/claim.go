package validate

import (
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// claim gives out the tricks a round's claim covers (RULES §7 "Claims"), after its recorded
// tricks: "claim NAME" gives NAME every trick left with every card not yet played (the
// hands' cards where every hand is known, else the cards in play less those played); Spades
// shares ("claim ann=2 bob=1") give each player their tricks, which must add up to the
// tricks left. leader leads the first trick not written. The round is scored as claimed;
// a claim that does not hold is reported (bad-claim).
func (v *Validator) claim(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, known *[MaxSeats]bool, leader int) {
	c, t, n := r.Src.Claim, r.Table, len(r.Seats)
	left := max(t.HandSize-len(r.Src.Tricks), 0)
	r.Claimed = left
	allKnown := n > 0
	for l := 0; l < n; l++ {
		allKnown = allKnown && known[l]
	}
	if c.Player == "" {
		v.claimShares(g, r, left)
		return
	}
	l := r.local(g, c.Player, c.Pos)
	if l < 0 {
		return
	}
	rest := v.notPlayed(r, hands, allKnown)
	r.Won[l] = union(r.Won[l], union(rest, r.carried))
	r.carried = Hand{}
	r.Tricks[l] += left
	if allKnown && left > 0 && leader >= 0 {
		v.checkClaim(g, r, hands, leader, l)
	}
}

// notPlayed returns the cards not yet played in a round: what the hands hold where every
// hand is known, else the cards in play less the cards of the recorded tricks.
func (v *Validator) notPlayed(r *PlayedRound, hands *[MaxSeats]Hand, allKnown bool) Hand {
	var rest Hand
	if allKnown {
		for l := range r.Seats {
			rest = union(rest, hands[l])
		}
		return rest
	}
	rest = Hand{A: r.Table.Deck, B: r.Table.Deck2}
	for ti := range r.Src.Tricks {
		for _, c := range r.Src.Tricks[ti].Cards {
			if c < parse.NumCards {
				rest.Remove(c)
			}
		}
	}
	return rest
}

// claimShares gives out the tricks left as a Spades claim shares them ("claim ann=2 bob=1").
func (v *Validator) claimShares(g *parse.Game, r *PlayedRound, left int) {
	c := r.Src.Claim
	if r.Table.RS.Family != rulesets.Spades {
		r.viol(BadClaim, 0, "", parse.NoCard, c.Pos, "a claim shares tricks only in Spades; name the one player who takes the rest (claim NAME)")
		return
	}
	sum := 0
	for _, s := range c.Shares {
		if l := r.local(g, s.Player, s.Pos); l >= 0 {
			r.Tricks[l] += s.N
			sum += s.N
		}
	}
	if sum != left {
		r.viol(BadClaim, 0, "", parse.NoCard, c.Pos, "the claimed tricks add up to %d; %d %s left", sum, left, plural(left, "trick is", "tricks are"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// SeatCard is a card played by a seat (local), as a line of play lists it.
type SeatCard struct {
	Seat int
	Card parse.Card
}

// claimBudget bounds the positions a claim check looks at: past it, the claim is taken as
// made (no report), so that a round never costs more than that.
const claimBudget = 200000

// checkClaim reports bad-claim when the others can take a trick from claimer, who claimed
// every trick left, from the hands as they are after the recorded tricks, with leader to
// lead: the search (ClaimDefeat) gives the line of play that defeats it.
func (v *Validator) checkClaim(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, leader, claimer int) {
	line, holds := ClaimDefeat(r.Rules, hands[:len(r.Seats)], leader, TrickState{Trick: len(r.Src.Tricks) + 1, Broken: v.brokenAfter(r)}, claimer)
	if holds {
		return
	}
	msg := ""
	for i, sc := range line {
		if i > 0 {
			msg += ", "
		}
		msg += r.name(g, sc.Seat) + " " + sc.Card.String()
	}
	if n := len(r.Seats); len(line) >= n && len(line)%n == 0 {
		last := line[len(line)-n:]
		cards := make([]parse.Card, n)
		for k, sc := range last {
			cards[k] = sc.Card
		}
		if w := r.Rules.Winner(cards, r.Rules.LedSuit(cards)); w >= 0 {
			msg += " gives " + r.name(g, last[w].Seat) + " a trick"
		}
	}
	c := r.Src.Claim
	r.viol(BadClaim, 0, c.Player, parse.NoCard, c.Pos, "%s cannot be sure of every trick left: %s", c.Player, msg)
}

// brokenAfter reports whether the break suit is broken after the recorded tricks.
func (v *Validator) brokenAfter(r *PlayedRound) bool {
	for ti := range r.Src.Tricks {
		for _, c := range r.Src.Tricks[ti].Cards {
			if c < parse.NumCards && r.Rules.Breaks(c) {
				return true
			}
		}
	}
	return false
}

// ClaimDefeat reports whether claimer (a seat index into hands, the cards each seat holds)
// surely wins every trick left, with leader to lead the next trick at st (its trick number
// and break state), whatever the others play: holds is true when claimer has a way to win
// each trick against every legal play of the others. Otherwise line is a play of the
// others (with claimer's most natural cards) that takes a trick from claimer. A trick
// whose cards all cancel (two decks) counts for claimer when claimer led it (the cards go
// to the next trick's winner, or to the leader on the last). First-lead rules aside.
func ClaimDefeat(rules *Rules, hands []Hand, leader int, st TrickState, claimer int) (line []SeatCard, holds bool) {
	s := claimSearch{rules: rules, n: len(hands), claimer: claimer, memo: map[claimKey]bool{}}
	copy(s.hands[:], hands)
	if s.n == 0 || claimer < 0 || claimer >= s.n {
		return nil, true
	}
	holds = s.lead(leader, st)
	if s.nodes > claimBudget {
		return nil, true
	}
	return s.line, holds
}

type claimKey struct {
	hands  [MaxSeats]Hand
	broken bool
}

// claimSearch is ClaimDefeat's search: an and-or search over the play, the claimer choosing
// and the others answering, each trick ending the search when claimer loses it.
type claimSearch struct {
	rules   *Rules
	n       int
	claimer int
	hands   [MaxSeats]Hand
	memo    map[claimKey]bool // at a lead by claimer: the claim holds from there
	path    []SeatCard
	line    []SeatCard // the first line found that defeats the claim
	nodes   int
}

// lead plays the trick that leader leads at st, and the rest of the round after it.
func (s *claimSearch) lead(leader int, st TrickState) bool {
	empty := true
	for l := 0; l < s.n; l++ {
		empty = empty && s.hands[l] == (Hand{})
	}
	if empty {
		return true
	}
	if leader == s.claimer && s.surelyTops() {
		return true
	}
	key := claimKey{hands: s.hands, broken: st.Broken}
	if h, ok := s.memo[key]; ok {
		return h
	}
	st.Pos, st.Led = 0, parse.NoSuit
	var cards [MaxSeats]parse.Card
	h := s.play(leader, cards[:0], st)
	s.memo[key] = h
	return h
}

// play plays card k = len(cards) of the trick leader leads: claimer tries each legal card
// until one holds, every other seat must fail with each of its distinct legal cards.
func (s *claimSearch) play(leader int, cards []parse.Card, st TrickState) bool {
	if s.nodes++; s.nodes > claimBudget {
		return true // out of budget: ClaimDefeat takes the claim as made
	}
	k := len(cards)
	if k == s.n {
		return s.endTrick(leader, cards, st)
	}
	p := (leader + k) % s.n
	legal := s.rules.Legal(s.hands[p], &st)
	mine := p == s.claimer
	for m := s.distinct(p, legal); m != 0; {
		c := parse.Card(63 - bits.LeadingZeros64(uint64(m))) // high cards first
		m &^= 1 << c
		next := st
		next.Play(s.rules, c)
		s.hands[p].Remove(c)
		s.path = append(s.path, SeatCard{p, c})
		ok := s.play(leader, append(cards, c), next)
		s.path = s.path[:len(s.path)-1]
		s.hands[p].Add(c)
		if ok == mine {
			return ok
		}
	}
	return !mine
}

// endTrick judges a complete trick: claimer must win it (or have led one whose cards all
// cancelled), then leads the next.
func (s *claimSearch) endTrick(leader int, cards []parse.Card, st TrickState) bool {
	w := s.rules.Winner(cards, s.rules.LedSuit(cards))
	if w >= 0 {
		w = (leader + w) % s.n
	}
	if NextLeader(leader, w) != s.claimer {
		if s.line == nil {
			s.line = append([]SeatCard(nil), s.path...)
		}
		return false
	}
	return s.lead(s.claimer, st.Next())
}

// distinct returns legal less the cards of seat p that play as a card kept: of two cards of
// one suit in p's hand with no card of another hand between them, the lower is dropped
// (either wins or loses the same tricks). One deck only: with two, a twin may cancel.
func (s *claimSearch) distinct(p int, legal parse.CardSet) parse.CardSet {
	if s.rules.Table.Deck2 != 0 || s.rules.fools != 0 {
		return legal
	}
	var others parse.CardSet
	for l := 0; l < s.n; l++ {
		if l != p {
			others |= s.hands[l].A
		}
	}
	out := legal
	for m := legal; m != 0; m &= m - 1 {
		c := parse.Card(bits.TrailingZeros64(uint64(m)))
		// the next higher card of c's suit held by anyone
		for d := c + 1; d < parse.NumCards && s.rules.suitOf[d] == s.rules.suitOf[c] && s.rules.power[d] > s.rules.power[c]; d++ {
			if others.Has(d) {
				break
			}
			if legal.Has(d) {
				out &^= 1 << c // d plays as c does
				break
			}
		}
	}
	return out
}

// surelyTops reports a claim that plainly holds with claimer on lead: one deck, no trump
// in the others' hands (or none at all), and every card claimer holds above every card of
// its suit in the others' hands, so that claimer wins each trick in any order.
func (s *claimSearch) surelyTops() bool {
	r := s.rules
	if r.Table.Deck2 != 0 || r.fools != 0 {
		return false
	}
	var others parse.CardSet
	for l := 0; l < s.n; l++ {
		if l != s.claimer {
			others |= s.hands[l].A
		}
	}
	if r.trump != parse.NoSuit && others&r.mask[r.trump] != 0 {
		return false
	}
	for m := s.hands[s.claimer].A; m != 0; m &= m - 1 {
		c := parse.Card(bits.TrailingZeros64(uint64(m)))
		for o := others & r.mask[r.suitOf[c]]; o != 0; o &= o - 1 {
			if d := parse.Card(bits.TrailingZeros64(uint64(o))); r.power[d] > r.power[c] {
				return false
			}
		}
	}
	return true
}
