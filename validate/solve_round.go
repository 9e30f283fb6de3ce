package validate

import "github.com/tricks-dev/tricks/parse"

// StartHands returns the hands of a round's seats (local seats, as Seats) as its play begins,
// and the seat that leads trick 1, when the transcript gives every hand: a deal line for
// each seat and, in a round that passes, a pass line for each. ok is false when a hand is not
// known (the hands the replay infers from the play are not the deal: the cards never played
// are missing). g is the game the round belongs to.
func (r *PlayedRound) StartHands(g *parse.Game) (hands []Hand, leader int, ok bool) {
	n := len(r.Seats)
	if r.Src == nil || r.Rules == nil || r.Tally {
		return nil, 0, false
	}
	if len(r.Src.Tricks) > 0 {
		for l := 0; l < n; l++ {
			if !r.known[l] {
				return nil, 0, false
			}
		}
		return append([]Hand(nil), r.start[:n]...), int(r.leaders[0]), true
	}
	// A round stopped before its first trick: the replay did not play it; the hands are the
	// deal's, after the passes.
	hands = make([]Hand, n)
	dealt := make([]bool, n)
	for _, d := range r.Src.Deal {
		l := r.seatLocal(g, d.Player)
		if l < 0 || dealt[l] || len(d.Cards) != r.Table.HandSize {
			return nil, 0, false
		}
		dealt[l] = true
		for _, c := range d.Cards {
			hands[l].Add(c)
		}
	}
	for l := 0; l < n; l++ {
		if !dealt[l] {
			return nil, 0, false
		}
	}
	if !r.passHands(g, hands) {
		return nil, 0, false
	}
	eldest := r.Local(Eldest(r.Seats, r.Dealer, len(g.Players)))
	leader, _ = r.Rules.FirstLeader(r.Own, hands, nil, eldest, -1)
	return hands, leader, leader >= 0
}

// passHands applies the pass lines of a round that passes to hands (as dealt); it reports
// false when they cannot all be applied (a seat without its pass line, a card not held).
func (r *PlayedRound) passHands(g *parse.Game, hands []Hand) bool {
	pp := r.PassingOf()
	if !pp.Passes && !pp.OwnPasses {
		return len(r.Src.Passes) == 0
	}
	n := len(hands)
	if len(r.Src.Passes) != n {
		return false
	}
	in := make([]Hand, n)
	for _, p := range r.Src.Passes {
		l := r.seatLocal(g, p.Player)
		if l < 0 {
			return false
		}
		to := pp.To(l, n)
		if p.To != "" {
			to = r.seatLocal(g, p.To)
		}
		if to < 0 {
			return false
		}
		for _, c := range p.Cards {
			if !hands[l].Remove(c) {
				return false
			}
			in[to].Add(c)
		}
	}
	for l := range hands {
		hands[l] = union(hands[l], in[l])
	}
	return true
}

// seatLocal returns the local seat of the player named, -1 when none (reporting nothing).
func (r *PlayedRound) seatLocal(g *parse.Game, name string) int {
	if gs := seatOf(g.Players, name); gs >= 0 {
		return r.Local(gs)
	}
	return -1
}
