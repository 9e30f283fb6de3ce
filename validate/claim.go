package validate

import (
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

// checkClaim reports bad-claim when the others can take a trick from claimer, who claimed
// every trick left, from the hands as they are after the recorded tricks, with leader to
// lead: the search (ClaimDefeat) gives the line of play that defeats it.
func (v *Validator) checkClaim(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, leader, claimer int) {
	side := make([]bool, len(r.Seats))
	side[claimer] = true
	// A trial of the slip search has the limit its round had as read, so that a claim reads
	// the same in both.
	limit := v.claimLimit
	if !v.diagnosing {
		limit = min(claimBudget, claimGameBudget-v.claimed)
		v.claimLimit = limit
	}
	if limit <= 0 {
		return // the game's claims have used their budget: taken as made
	}
	line, holds, nodes := claimDefeat(r.Rules, hands[:len(r.Seats)], leader, nil, TrickState{Trick: len(r.Src.Tricks) + 1, Broken: v.brokenAfter(r)}, side, limit)
	v.searched += nodes
	if !v.diagnosing {
		v.claimed += nodes
	} else {
		v.trialSearched += nodes
	}
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
