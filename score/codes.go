package score

import "github.com/tricks-dev/tricks/validate"

// The rule codes the scorer reports (cmd/tricks/CLI.md "Rule codes"), beside the checker's (validate's
// Revoke ... IncompleteRound): they need a game's scores, so only the scorer can find them,
// and `tricks validate` scores every game for them. They are reported as validate.Violation
// values like the checker's; scripts match on them.
const (
	// BlindNotAllowed: a blind bid the rules do not allow (blind bids off, over 7, or by a side
	// less than 100 behind the leader, or in the first round: the totals decide). An illegal
	// play, not a transcript error.
	BlindNotAllowed = "blind-not-allowed"
	// AfterGameEnd: a round recorded after the game ended (not scored). This code and the
	// two below are transcript errors.
	AfterGameEnd = "after-game-end"
	// ScoreMismatch: a recorded score or total line that is not the computed one.
	ScoreMismatch = "score-mismatch"
	// BadTiebreak: a tie-break round where the game did not end tied, or among other players
	// than the tied ones (an addition to FORMAT.md's list; the round is not scored).
	BadTiebreak = "bad-tiebreak"
	// ImpossiblePoints: a sheet round's points that no sharing of the scoring cards gives
	// (RULES §7 "Sheet rounds"); the round is scored as recorded.
	ImpossiblePoints = "impossible-points"
)

// IsTranscriptError reports whether a rule code, the checker's or the scorer's, is a
// transcript error rather than an illegal play.
func IsTranscriptError(rule string) bool {
	switch rule {
	case AfterGameEnd, ScoreMismatch, BadTiebreak, ImpossiblePoints:
		return true
	}
	return validate.IsTranscriptError(rule)
}
