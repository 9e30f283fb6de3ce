package score

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// bid is a Spades bid as the ruleset reads it.
type bid struct {
	n     int
	isNil bool
	blind bool
}

// readBid interprets a bid as written: "0" is nil where nil is on, "nil" a plain 0 where
// it is off, "b0" blind nil or a blind plain 0; a missing bid is a plain 0 (RULES §6, §7).
func (s *game) readBid(b parse.Bid, ok bool) bid {
	if !ok {
		return bid{}
	}
	return bid{n: b.N, isNil: s.rs.IsNil(b), blind: b.Blind}
}

// spadesRound computes a Spades round per unit (player or side): contracts, nils, blind
// bids, overtricks and bags, the bag penalty, quicksand (RULES §6, §7).
func (s *game) spadesRound(r *validate.PlayedRound, out *RoundResult) []int {
	n := len(r.Seats)
	var newBags [validate.MaxSeats]int
	// pts is returned as the local it is, not as sp.pts: what the result flows from then is
	// not sp, whose newBags stays on the stack.
	pts := s.pts()
	sp := spadesCalc{s: s, r: r, out: out, pts: pts, newBags: newBags[:len(s.units)], bdnWon: -1}
	bids := sp.readBids()
	s.checkBlind(r, bids[:n], out)
	if r.Played == 0 && r.Claimed == 0 && !r.Tally {
		// Bids without play, claim or tally: nothing to score (a nil is not made by not
		// playing). A claim may be the round's only play (FORMAT "claim"): its tricks count.
		out.Notes = append(out.Notes, "no play recorded: not scored")
		out.Bags = s.roundBags()
		return pts
	}
	out.Contracts = s.sc.newContracts(len(s.units))
	for u := range s.units {
		sp.unit(u, &bids)
	}
	sp.bags()
	out.Bags = s.roundBags()
	if sp.bdnWon >= 0 && s.bdnWinner < 0 {
		s.bdnWinner = sp.bdnWon
	}
	return pts
}

// roundBags returns the bags after a round, in the round's block.
func (s *game) roundBags() *Scores {
	b, m := &s.rb.bags, validate.MaxSeats
	*b = Scores{Keys: s.units, Vals: s.rb.vals[4*m : 4*m+len(s.bags) : 4*m+len(s.bags)]}
	copy(b.Vals, s.bags)
	return b
}

// newContracts returns n zeroed contracts for a round of the game being scored, from storage
// kept from game to game (a full store is replaced by a larger one: the rounds scored keep
// theirs).
func (sc *Scorer) newContracts(n int) []Contract {
	k := len(sc.contracts)
	if cap(sc.contracts)-k < n {
		sc.contracts, k = make([]Contract, 0, max(2*cap(sc.contracts), 8*n)), 0
	}
	sc.contracts = sc.contracts[:k+n]
	c := sc.contracts[k : k+n : k+n]
	clear(c)
	return c
}

// spadesCalc is one Spades round being scored, per unit.
type spadesCalc struct {
	s       *game
	r       *validate.PlayedRound
	out     *RoundResult
	pts     []int
	newBags []int
	bdnWon  int // the unit whose blind double nil won the game (bdn=win), -1 when none
}

// readBids reads every seat's bid and records the bids and tricks of the round's result.
func (sp *spadesCalc) readBids() [validate.MaxSeats]bid {
	r, players := sp.r, sp.s.rp.Players
	var bids [validate.MaxSeats]bid
	rb, m := sp.s.rb, validate.MaxSeats
	bw := &rb.bids
	*bw = Words{Keys: rb.names[:0:len(r.Seats)], Vals: rb.words[:0:len(r.Seats)]}
	tr := &rb.tr
	*tr = Scores{Keys: rb.keys[:0:len(r.Seats)], Vals: rb.vals[3*m : 3*m : 3*m+len(r.Seats)]}
	for l := range r.Seats {
		bids[l] = sp.s.readBid(r.Bids[l], r.HasBid[l])
		name := players[r.Seats[l]]
		if r.HasBid[l] {
			bw.Keys = append(bw.Keys, name)
			bw.Vals = append(bw.Vals, r.Bids[l].String())
		}
		tr.Keys = append(tr.Keys, name)
		tr.Vals = append(tr.Vals, r.Tricks[l])
	}
	if len(bw.Keys) == 0 {
		*bw = Words{}
	}
	sp.out.Bids, sp.out.Tricks = bw, tr
	return bids
}

// contract scores a number contract of c tricks taken k; blind: exact or -100.
func (sp *spadesCalc) contract(u, c, k int, blind bool) {
	rs := sp.s.rs
	quick := bool(rs.Quicksand)
	ct := &sp.out.Contracts[u]
	ct.Bid, ct.Took, ct.Blind = c, k, blind
	switch {
	case blind && k == c:
		sp.pts[u] += 100
		ct.Made = true
	case blind:
		sp.pts[u] -= 100
	case k >= c && quick:
		sp.pts[u] += 10*c - 10*(k-c)
		ct.Made = true
	case k >= c:
		sp.pts[u] += 10*c + (k - c)
		sp.newBags[u] += k - c
		ct.Made = true
	case quick:
		sp.pts[u] -= 10 * (c - k)
	default:
		switch rs.Under {
		case rulesets.UnderDiff:
			sp.pts[u] -= 10 * (c - k)
		case rulesets.UnderBid:
			sp.pts[u] -= 10 * c
		}
	}
}

// nilScore scores a nil worth `worth` (100, 200, 400, 800) with k tricks taken. helps: the
// failed nil's tricks count toward the side's contract instead (so they are not bags twice).
// It reports whether the nil was made.
func (sp *spadesCalc) nilScore(u, worth, k int, helps bool) (made bool) {
	rs := sp.s.rs
	switch {
	case k == 0:
		sp.pts[u] += worth
		return true
	case rs.NilFail != 0:
		sp.pts[u] -= worth
	case !bool(rs.Quicksand) && !helps:
		sp.newBags[u] += k
	}
	return false
}

// unit scores one unit's bids: a double nil judged together, else each nil alone and the
// number bids as one contract.
func (sp *spadesCalc) unit(u int, bids *[validate.MaxSeats]bid) {
	s, r, rs := sp.s, sp.r, sp.s.rs
	var membersBuf [validate.MaxSeats]int
	members := membersBuf[:0] // local seats of the unit
	for l := range r.Seats {
		if s.unitOf[r.Seats[l]] == u {
			members = append(members, l)
		}
	}
	if len(members) == 0 {
		return
	}
	ct := &sp.out.Contracts[u]
	// Double nil: both partners nil of the same kind, judged together.
	if len(members) == 2 && rs.DoubleNil {
		a, b := bids[members[0]], bids[members[1]]
		if a.isNil && b.isNil && a.blind == b.blind {
			k := r.Tricks[members[0]] + r.Tricks[members[1]]
			both := uint64(1)<<r.Seats[members[0]] | uint64(1)<<r.Seats[members[1]]
			ct.Nils, ct.DoubleNil = both, true
			if a.blind {
				ct.BlindNils = both
			}
			worth := 400
			if a.blind {
				worth = 800
				if rs.BDN == rulesets.BDNWin {
					worth = 0
					if k == 0 {
						sp.bdnWon = u
						sp.out.Notes = append(sp.out.Notes, fmt.Sprintf("blind double nil made: %s wins", s.units[u]))
					}
				}
			}
			if worth == 0 && k > 0 {
				worth = 800 // a failed blind double nil under bdn=win still costs 800
			}
			if sp.nilScore(u, worth, k, false) {
				ct.NilsMade = both
			}
			return
		}
	}
	c, k, blindNumber, nils := 0, 0, false, 0
	for _, l := range members {
		b, seat := bids[l], uint64(1)<<r.Seats[l]
		if b.isNil {
			nils++
			worth := 100
			ct.Nils |= seat
			if b.blind {
				worth = 200
				ct.BlindNils |= seat
			}
			if sp.nilScore(u, worth, r.Tricks[l], bool(rs.FailedNilHelps)) {
				ct.NilsMade |= seat
			}
			if rs.FailedNilHelps {
				k += r.Tricks[l]
			}
			continue
		}
		c += b.n
		k += r.Tricks[l]
		blindNumber = blindNumber || b.blind
		ct.Bidders |= seat
	}
	if nils == len(members) && !rs.FailedNilHelps {
		return // no contract: nil tricks are judged by the nils alone
	}
	sp.contract(u, c, k, blindNumber)
}

// bags: capped per side and round, carried; ten bags cost 100.
func (sp *spadesCalc) bags() {
	s, rs, out := sp.s, sp.s.rs, sp.out
	var pen *Scores // made for the first penalty: most rounds have none
	for u := range s.units {
		b := sp.newBags[u]
		if rs.BagCap > 0 && b > rs.BagCap {
			b = rs.BagCap
		}
		s.bags[u] += b
		sp.out.Contracts[u].Bags = b
		if tens := s.bags[u] / 10; rs.BagPenalty && tens > 0 {
			sp.out.Contracts[u].BagPenalties = tens
			s.bags[u] -= 10 * tens
			sp.pts[u] -= 100 * tens
			if pen == nil {
				pen = new(Scores)
			}
			pen.Keys = append(pen.Keys, s.units[u])
			pen.Vals = append(pen.Vals, -100*tens)
			out.Notes = append(out.Notes, fmt.Sprintf("%d bags: %s %d", 10*tens, s.units[u], -100*tens))
		}
	}
	out.BagPenalty = pen
}

// checkBlind reports blind bids the rules do not allow (RULES §7): blind=on, at most 7,
// and the side at least 100 behind the highest total before the round (never in round 1).
func (s *game) checkBlind(r *validate.PlayedRound, bids []bid, out *RoundResult) {
	for l, b := range bids {
		if !b.blind || !r.HasBid[l] {
			continue
		}
		name := s.rp.Players[r.Seats[l]]
		if why := s.blindRefused(r.Seats[l], r.Bids[l]); why != "" {
			out.Violations = append(out.Violations, validate.Violation{Round: r.Number, Player: name, Card: parse.NoCard,
				Rule: BlindNotAllowed, Msg: fmt.Sprintf("%s bid %s: %s", name, r.Bids[l].String(), why), Pos: r.Bids[l].Pos})
		}
	}
}

// blindRefused returns why the player of global seat g may not bid b blind in the next round
// (rulesets.BlindRefused: the unit's distance behind the highest total before the round, and
// whether a round has been scored), "" when the bid is allowed.
func (s *game) blindRefused(g int, b parse.Bid) string {
	high := 0
	for u, t := range s.totals {
		if u == 0 || t > high {
			high = t
		}
	}
	return s.rs.BlindRefused(b, s.normal == 0, high-s.totals[s.unitOf[g]])
}

// spadesEnd: a made blind double nil under bdn=win wins; otherwise among units at or over
// the target the highest wins; equal: play on.
func (s *game) spadesEnd(totals []int) (bool, []int) {
	if s.bdnWinner >= 0 {
		return true, []int{s.bdnWinner}
	}
	best := []int{}
	for u, t := range totals {
		if t < s.rs.Target {
			continue
		}
		switch {
		case len(best) == 0 || t > totals[best[0]]:
			best = append(best[:0], u)
		case t == totals[best[0]]:
			best = append(best, u)
		}
	}
	if len(best) != 1 {
		return false, nil
	}
	return true, best
}
