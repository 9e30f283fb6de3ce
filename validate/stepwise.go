package validate

import "github.com/tricks-dev/tricks/parse"

// CheckRound replays one round of g that the caller has set up as Replay sets up each round
// (a zero PlayedRound, or one Reset, but for Number, Src, Table, Rules, Tiebreak, Seats,
// Dealer, PassDir, MoonSeat -1; see NextDealer, PassDir and RulesFor), for a generator that checks every round as it writes it. The
// round's violations are left in r.Violations, in the order found; the error is a
// parse.ErrorList of input that cannot be read as a round.
func (v *Validator) CheckRound(g *parse.Game, r *PlayedRound) error {
	v.errs = v.errs[:0]
	if !v.round(g, r) || len(v.errs) > 0 {
		return v.failed()
	}
	return nil
}
