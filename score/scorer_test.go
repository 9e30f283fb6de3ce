package score_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// TestScorerIsScore: a Scorer given a replay's rounds one by one (reset from game to game)
// gives the result Score gives for the whole replay, on every rule case of testdata/rules
// (ended games, tie-breaks, recorded scores, after-game-end, bad tie-breaks, blind bids);
// after each round Finished and Tied say what that result says once the game ends.
func TestScorerIsScore(t *testing.T) {
	files, err := filepath.Glob("../testdata/rules/*.tricks")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var sc *score.Scorer
	ties := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		rp := game(t, string(src))
		want, err := json.Marshal(score.Score(rp))
		require.NoError(t, err)

		grown := &validate.Replay{Game: rp.Game, Rules: rp.Rules, Players: rp.Players}
		if sc == nil {
			sc = score.NewScorer(grown)
		} else {
			sc.Reset(grown)
		}
		for _, r := range rp.Rounds {
			grown.Rounds = append(grown.Rounds, r)
			sc.Add(r)
		}
		res := sc.Result()
		got, err := json.Marshal(res)
		require.NoError(t, err)
		require.JSONEq(t, string(want), string(got), f)
		require.Equal(t, res.Finished, sc.Finished(), f)
		tied := sc.Tied(nil)
		require.Len(t, tied, len(res.Tied), f)
		for i, g := range tied {
			require.Equal(t, res.Tied[i], rp.Players[g], f)
		}
		ties += len(tied)
	}
	require.Positive(t, ties, "no rule case ends tied: Tied is not tested")
}
