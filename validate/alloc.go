package validate

import (
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// Allocation-lean construction of a Replay: the hot path replays millions of short games.

// allSeats lists the seats 0..MaxSeats-1: a table's participants outside tie-breaks are a
// prefix of it. It is shared by every replay, so it is never written to.
var allSeats = func() (a [MaxSeats]int) {
	for i := range a {
		a[i] = i
	}
	return
}()

// seatsOf returns the seats 0..n-1 (n <= MaxSeats), shared and read-only.
func seatsOf(n int) []int { return allSeats[:n:n] }

// replayBlock1 and replayBlock2 hold a replay of one or two rounds in one allocation.
type replayBlock1 struct {
	rp     Replay
	rounds [1]PlayedRound
	ptrs   [1]*PlayedRound
}

type replayBlock2 struct {
	rp     Replay
	rounds [2]PlayedRound
	ptrs   [2]*PlayedRound
}

// reuse empties rp for a replay of g under rs and returns its Round values to fill: rp's
// own storage (grown when g has more rounds than it holds), zeroed but for the capacity of
// the rounds' slices.
func (rp *Replay) reuse(g *parse.Game, rs *rulesets.Ruleset) []PlayedRound {
	n := len(g.Rounds)
	rp.Game, rp.Rules, rp.Players = g, rs, g.Players
	if n > cap(rp.store) {
		rp.store, rp.ptrs = make([]PlayedRound, n), make([]*PlayedRound, 0, n)
	}
	rounds := rp.store[:n]
	for i := range rounds {
		rounds[i].Reset()
	}
	rp.Rounds = rp.ptrs[:0]
	return rounds
}

// newReplay returns an empty replay of g with room for its rounds: the Round values (to be
// filled) and rp.Rounds (empty, with the capacity for them). A game of one round, or of one
// and a tie-break, takes one allocation.
func newReplay(g *parse.Game, rp Replay) (*Replay, []PlayedRound) {
	switch n := len(g.Rounds); n {
	case 1:
		b := new(replayBlock1)
		b.rp.Game, b.rp.Rules, b.rp.Players, b.rp.Rounds = rp.Game, rp.Rules, rp.Players, b.ptrs[:0]
		return &b.rp, b.rounds[:]
	case 2:
		b := new(replayBlock2)
		b.rp.Game, b.rp.Rules, b.rp.Players, b.rp.Rounds = rp.Game, rp.Rules, rp.Players, b.ptrs[:0]
		return &b.rp, b.rounds[:]
	default:
		p := new(Replay) // not &rp: that would move rp to the heap on every call
		*p = rp
		p.Rounds = make([]*PlayedRound, 0, n)
		return p, make([]PlayedRound, n)
	}
}

// Reset makes r a zero PlayedRound but for the room of its lists (Violations, Revokers), as
// *r = PlayedRound{Violations: r.Violations[:0], Revokers: r.Revokers[:0]} does, for a
// caller that reuses its rounds (ReplayOwnInto, a generator's CheckRound). It clears field
// by field: the bids, nearly half of a round's bytes, only when the round had one (they are
// written only with HasBid, and bid), which no other round has. TestResetClearsEveryField
// keeps this list whole.
func (r *PlayedRound) Reset() {
	if r.bid {
		r.Bids, r.HasBid, r.bid = [MaxSeats]parse.Bid{}, [MaxSeats]bool{}, false
	}
	// The arrays one statement each: cleared in place, where a list of them is cleared into
	// temporaries and copied.
	r.Number, r.Src, r.Table, r.Rules, r.Tiebreak = 0, nil, nil, nil, false
	r.Seats, r.Dealer, r.PassDir, r.Tally = nil, 0, rulesets.PassUnset, false
	r.seatBuf = [MaxSeats]int{}
	r.Own, r.OwnPass = nil, rulesets.PassUnset
	r.Taking = Taking{}
	r.Played, r.Revokers = 0, r.Revokers[:0]
	r.reordered, r.reorderedCards = 0, nil
	r.Fixed, r.FixedBy = nil, Violation{}
	r.Claimed, r.Sheet = 0, false
	r.MoonSeat, r.MoonScoring, r.Violations = 0, "", r.Violations[:0]
	r.known = [MaxSeats]bool{}
	r.start = [MaxSeats]Hand{}
	r.leaders = [parse.MaxTricks]int8{}
	r.winners = [parse.MaxTricks]int8{}
	r.lowSure, r.budget = 0, 0
}
