package validate

import (
	"encoding/json"

	"github.com/tricks-dev/tricks/parse"
)

// Rule codes (FORMAT.md "Results"). They are public interface: scripts match on them.
const (
	Revoke            = "revoke"
	HeartsNotBroken   = "hearts-not-broken"
	FirstTrickPenalty = "first-trick-penalty"
	FirstLead         = "first-lead"
	SpadesNotBroken   = "spades-not-broken"
	PassCount         = "pass-count"
	PassDirection     = "pass-direction"
	PassForbidden     = "pass-forbidden"
	BidMissing        = "bid-missing"
	BlindNotAllowed   = "blind-not-allowed"

	// Transcript errors: reported like violations; the round is scored as played.
	NotInHand     = "not-in-hand"
	DuplicateCard = "duplicate-card"
	WrongLeader   = "wrong-leader"
	DealSize      = "deal-size"
	DeckMismatch  = "deck-mismatch"
	UnknownPlayer = "unknown-player"
	AfterGameEnd  = "after-game-end"
	ScoreMismatch = "score-mismatch"
	// BadTiebreak: a tie-break round where the game did not end tied, or among other players
	// than the tied ones (an addition to FORMAT.md's list; the round is not scored).
	BadTiebreak = "bad-tiebreak"
	// IncompleteRound: a played round with fewer tricks than the hand size (RULES §7
	// "Incomplete rounds"); the round is scored as recorded.
	IncompleteRound = "incomplete-round"
)

// Violation is one illegal play or transcript error. Trick is 1-based, 0 when the violation
// belongs to no trick (passes, bids, deals, score lines). Player is "" and Card NoCard where
// none applies.
type Violation struct {
	Round  int
	Trick  int
	Player string
	Card   parse.Card
	Rule   string
	Msg    string
	Pos    parse.Pos
	// Note explains the message for a person: what the player held, what the rule wanted
	// (printed indented under the diagnostic; "" when there is nothing to add).
	Note string
}

// IsTranscriptError reports whether the rule is a transcript error rather than an illegal play.
func IsTranscriptError(rule string) bool {
	switch rule {
	case NotInHand, DuplicateCard, WrongLeader, DealSize, DeckMismatch, UnknownPlayer, AfterGameEnd, ScoreMismatch, BadTiebreak, IncompleteRound:
		return true
	}
	return false
}

type violationJSON struct {
	Round   int     `json:"round"`
	Trick   *int    `json:"trick"`
	Player  *string `json:"player"`
	Card    *string `json:"card"`
	Rule    string  `json:"rule"`
	Message string  `json:"message"`
	Line    int     `json:"line,omitempty"`
	Col     int     `json:"col,omitempty"`
	Note    string  `json:"note,omitempty"`
}

// MarshalJSON writes the shape of FORMAT.md: null for an absent trick, player or card.
func (v Violation) MarshalJSON() ([]byte, error) {
	j := violationJSON{Round: v.Round, Rule: v.Rule, Message: v.Msg, Line: v.Pos.Line, Col: v.Pos.Col, Note: v.Note}
	if v.Trick > 0 {
		t := v.Trick
		j.Trick = &t
	}
	if v.Player != "" {
		p := v.Player
		j.Player = &p
	}
	if v.Card != parse.NoCard {
		c := v.Card.String()
		j.Card = &c
	}
	return json.Marshal(j)
}
