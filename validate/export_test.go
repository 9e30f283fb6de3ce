package validate

import "github.com/tricks-dev/tricks/parse"

// PassConflicts exposes passConflicts to the external tests.
func (v *Validator) PassConflicts(g *parse.Game, r *PlayedRound) int { return v.passConflicts(g, r) }

// SetCleanPass turns v's one pass over clean tricks on or off (see options).
func SetCleanPass(v *Validator, on bool) { v.opts.twoPasses = !on }

// NoBid says that r has no bid recorded (as its HasBid says).
func (r *PlayedRound) NoBid() { r.bid = false }

// SeatOf exposes seatOf to the external tests.
func SeatOf(players []string, name string) int { return seatOf(players, name) }

// SetTrialBudget bounds v's search for slips: edits tried per round and per game.
func SetTrialBudget(v *Validator, round, game int) { v.budget = trialBudget{round, game} }

// SetDDOff turns the shortcuts of the one-deck solver off (quick tricks, the table, small cards).
func SetDDOff(quick, table, small bool) {
	ddOff.quick, ddOff.table, ddOff.small = quick, table, small
}

// SetGeneralEngine makes the solver play every position with the general engine.
func SetGeneralEngine(on bool) { ddOff.engine = on }

// DiagnosisWork returns the cards the diagnosis replayed as trials in v's last game, and the
// bound its budget puts on them.
func DiagnosisWork(v *Validator) (cards, bound int) {
	return v.trialCards, v.budget.game * trialCards
}

// DiagnosisTrials returns the trials the diagnosis made in v's last game (weighted).
func DiagnosisTrials(v *Validator) int { return v.trials }
