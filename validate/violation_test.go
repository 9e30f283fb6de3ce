package validate_test

import (
	"encoding/json"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
)

// TestViolationJSON: FORMAT.md "Results": a violation is {round, trick, player, card, rule,
// message} with the source line and column where known; violations with no trick (passes,
// bids) have "trick": null, and no player or card gives null.
func TestViolationJSON(t *testing.T) {
	for _, c := range []struct {
		v    validate.Violation
		want string
	}{
		{validate.Violation{Round: 2, Trick: 5, Player: "cat", Card: parse.NewCard(parse.Hearts, 5), Rule: validate.Revoke, Msg: "m",
			Pos: parse.Pos{Line: 7, Col: 3}},
			`{"round":2,"trick":5,"player":"cat","card":"7H","rule":"revoke","message":"m","line":7,"col":3}`},
		{validate.Violation{Round: 1, Player: "ann", Card: parse.NewCard(parse.Spades, 10), Rule: validate.PassForbidden, Msg: "m"},
			`{"round":1,"trick":null,"player":"ann","card":"QS","rule":"pass-forbidden","message":"m"}`},
		{validate.Violation{Round: 3, Card: parse.NoCard, Rule: score.AfterGameEnd, Msg: "m"},
			`{"round":3,"trick":null,"player":null,"card":null,"rule":"after-game-end","message":"m"}`},
	} {
		b, err := json.Marshal(c.v)
		require.NoError(t, err)
		assert.Equal(t, c.want, string(b))
	}
}

// TestTranscriptErrorCodes: the eight transcript errors of FORMAT.md and no illegal play.
func TestTranscriptErrorCodes(t *testing.T) {
	want := map[string]bool{
		validate.NotInHand: true, validate.DuplicateCard: true, validate.WrongLeader: true, validate.DealSize: true,
		validate.DeckMismatch: true, validate.UnknownPlayer: true, score.AfterGameEnd: true, score.ScoreMismatch: true, score.BadTiebreak: true,
		validate.IncompleteRound: true, score.ImpossiblePoints: true, validate.BadClaim: true,
	}
	for _, code := range ruleCodes {
		assert.Equal(t, want[code], score.IsTranscriptError(code), "IsTranscriptError(%q)", code)
	}
}
