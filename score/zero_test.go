package score_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// A replay that validate did not make (nil, the zero value, a nil round) is scored as a game
// of no rounds, or without its nil rounds: a script's mistake is not a panic.
func TestScoreReplayNotFromValidate(t *testing.T) {
	for name, rp := range map[string]*validate.Replay{
		"nil":                    nil,
		"zero":                   {},
		"nil round":              {Rounds: []*validate.PlayedRound{nil}},
		"zero round at no table": {Game: &parse.Game{}, Rules: &rulesets.Ruleset{}, Rounds: []*validate.PlayedRound{{}}},
	} {
		res := score.Score(rp)
		require.NotNil(t, res, name)
		assert.Empty(t, res.Rounds, name)
		sc := score.NewScorer(rp)
		sc.Add(nil)
		assert.Empty(t, sc.Result().Rounds, name)
	}
}
