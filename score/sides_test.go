package score_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// TestScoreResultsDoNotAlias: score.Score's results are the caller's for good (Scorer's doc:
// "a caller that keeps results uses a Scorer per result, or the function Score"). Two games
// of one file, scored by score.Score each, must not share the lists of their sides, which the
// Scorers take from one cache shared by every goroutine (knownSides): a caller changing one
// result (its Sides, a side name) must not change the other, nor race with another Scorer.
func TestScoreResultsDoNotAlias(t *testing.T) {
	src := "game spades-partnership\nplayers ann bob cat dan\nround\nbid ann=3 bob=4 cat=2 dan=2\ntricks ann=3 bob=4 cat=3 dan=3\n" +
		"---\n" +
		"game spades-partnership\nplayers ann bob cat dan\nround\nbid ann=3 bob=4 cat=2 dan=2\ntricks ann=4 bob=4 cat=2 dan=3\n"
	games, err := reader.ParseBytes([]byte(src), "two.tricks")
	require.NoError(t, err)
	require.Len(t, games, 2)
	var results []*score.Result
	for _, g := range games {
		rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
		require.NoError(t, err)
		rp, err := validate.New().Replay(g, rs)
		require.NoError(t, err)
		results = append(results, score.Score(rp))
	}
	r1, r2 := results[0], results[1]
	require.Equal(t, []string{"ann+cat", "bob+dan"}, r2.Sides)

	r1.Sides[0] = "renamed" // the caller's own result
	require.Equal(t, "ann+cat", r2.Sides[0], "changing game 1's result changed game 2's sides")
	require.Equal(t, "ann+cat", r2.Totals.Keys[0], "changing game 1's result changed game 2's totals' keys")
}
