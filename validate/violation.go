package validate

import (
	"encoding/json"

	"github.com/tricks-dev/tricks/parse"
)

// Rule codes (FORMAT.md "Results") the checker reports. They are public interface: scripts
// match on them. The four codes that need the scores (blind-not-allowed, after-game-end,
// score-mismatch, bad-tiebreak) are the scorer's: package score declares and reports them.
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

	// Transcript errors: reported like violations; the round is scored as played.
	NotInHand     = "not-in-hand"
	DuplicateCard = "duplicate-card"
	WrongLeader   = "wrong-leader"
	DealSize      = "deal-size"
	DeckMismatch  = "deck-mismatch"
	UnknownPlayer = "unknown-player"
	// IncompleteRound: a played round with fewer tricks than the hand size (RULES §7
	// "Incomplete rounds"); the round is scored as recorded.
	IncompleteRound = "incomplete-round"
	// BadClaim: a claim the others could defeat, or whose shares do not add up to the tricks
	// left (RULES §7 "Claims"); the round is scored as claimed.
	BadClaim = "bad-claim"
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

// IsTranscriptError reports whether one of the checker's rule codes is a transcript error
// rather than an illegal play (score.IsTranscriptError also knows the scorer's).
func IsTranscriptError(rule string) bool {
	switch rule {
	case NotInHand, DuplicateCard, WrongLeader, DealSize, DeckMismatch, UnknownPlayer, IncompleteRound, BadClaim:
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
