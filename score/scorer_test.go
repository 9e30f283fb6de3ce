package score_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
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

// TestScorerAcrossRules: a Scorer reused over games of the same players under many rules
// (partnership Spades and not, every Hearts variant of testdata/rules), resolved by one
// Resolver as the CLI resolves a file's games, gives each game the result Score gives it
// alone: what it keeps from game to game (the units, the value groups) follows the rules.
func TestScorerAcrossRules(t *testing.T) {
	files, err := filepath.Glob("../testdata/rules/*.tricks")
	require.NoError(t, err)
	var srcs []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(string(src), "\nplayers ann bob cat dan\n") {
			srcs = append(srcs, string(src))
		}
	}
	require.Greater(t, len(srcs), 20)
	res := rulesets.NewResolver(rulesets.Choice{})
	v := validate.New()
	var sc score.Scorer
	order := append(slices.Clone(srcs), srcs...)
	slices.Reverse(order[len(srcs):])
	for i, src := range order {
		games, err := reader.ParseBytes([]byte(src), "test.tricks")
		require.NoError(t, err)
		g := games[0]
		rs, err := res.Resolve(g)
		require.NoError(t, err)
		rp, err := v.Replay(g, rs)
		require.NoError(t, err)
		want, err := json.Marshal(score.Score(game(t, src)))
		require.NoError(t, err)
		got, err := json.Marshal(sc.Score(rp))
		require.NoError(t, err)
		require.JSONEq(t, string(want), string(got), "game %d of the sequence:\n%s", i, src)
	}
}

// TestScorersShareSides: Scorers of the same partnership's games (the same players' strings)
// give them the same sides, the same strings, which the JSON writer knows by their addresses,
// each in a list of its own (TestScoreResultsDoNotAlias).
func TestScorersShareSides(t *testing.T) {
	rp := game(t, "game spades-partnership\nplayers ann bob cat dan\nround\nbid ann=3 bob=4 cat=2 dan=2\ntricks ann=3 bob=4 cat=3 dan=3\n")
	var a, b score.Scorer
	ra, rb := a.Score(rp), b.Score(rp)
	require.Equal(t, []string{"ann+cat", "bob+dan"}, ra.Sides)
	require.Equal(t, ra.Sides, rb.Sides)
	for i := range ra.Sides {
		require.Same(t, unsafe.StringData(ra.Sides[i]), unsafe.StringData(rb.Sides[i]), "side %d", i)
	}
	require.NotSame(t, &ra.Sides[0], &rb.Sides[0])
}
