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
// bound its budget puts on them; and the positions the claims' searches looked at in those
// trials, and their bound (the budget, and one search past it).
func DiagnosisWork(v *Validator) (cards, bound, searched, searchBound int) {
	return v.trialCards, v.budget.game * trialCards, v.trialSearched, v.budget.game*trialNodes + claimBudget
}

// DiagnosisTrials returns the trials the diagnosis made in v's last game (weighted).
func DiagnosisTrials(v *Validator) int { return v.trials }

// ClaimsSearched returns the positions the searches of v's last game's claims (as read)
// looked at, and their bound (a search that gives up has looked at one past its limit).
func ClaimsSearched(v *Validator) (searched, bound int) {
	return v.claimed, claimGameBudget + parse.MaxRounds
}

// OffCards exposes offCards to the external tests.
func OffCards(cards []parse.Card) bool { return offCards(cards) != 0 }

// OffDeck exposes offDeck to the external tests.
func OffDeck(src *parse.Round) bool { off, _ := offDeck(src, 4); return off }
