package score_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// Card lists used by the tallies.
const (
	allHearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
	// hearts2K is every heart but the ace.
	hearts2K = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
	// ones are the hearts worth 1 in the 36-point games (2H..TH).
	ones = "2H 3H 4H 5H 6H 7H 8H 9H TH"
)

// game parses src (one game), resolves its ruleset as the CLI does and replays it.
func game(t testing.TB, src string) *validate.Replay {
	t.Helper()
	games, err := reader.ParseBytes([]byte(src), "test.tricks")
	require.NoError(t, err, "parse")
	require.Len(t, games, 1)
	g := games[0]
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
	require.NoError(t, err, "rules")
	rp, err := validate.New().Replay(g, rs)
	require.NoError(t, err, "replay: input error")
	return rp
}

// play replays and scores src.
func play(t testing.TB, src string) *score.Result {
	t.Helper()
	return score.Score(game(t, src))
}

// P is a number per player (or per side in partnership games).
type P map[string]int

func asP(s score.Scores) P {
	m := P{}
	for i, k := range s.Keys {
		m[k] = s.Vals[i]
	}
	return m
}

// round returns the result of round n (1-based).
func round(t testing.TB, res *score.Result, n int) score.RoundResult {
	t.Helper()
	require.GreaterOrEqual(t, len(res.Rounds), n, "round %d", n)
	r := res.Rounds[n-1]
	require.Equal(t, n, r.Round)
	return r
}

// wantRound checks round n's points and running totals.
func wantRound(t testing.TB, res *score.Result, n int, points, totals P) {
	t.Helper()
	r := round(t, res, n)
	assert.Equal(t, points, asP(r.Points), "round %d points", n)
	if totals != nil {
		assert.Equal(t, totals, asP(r.Totals), "round %d totals", n)
	}
}

// wantTotals checks the final totals.
func wantTotals(t testing.TB, res *score.Result, totals P) {
	t.Helper()
	assert.Equal(t, totals, asP(res.Totals), "final totals")
}

// wantEnd checks finished, winner ("" for none) and the tied list.
func wantEnd(t testing.TB, res *score.Result, finished bool, winner string, tied ...string) {
	t.Helper()
	assert.Equal(t, finished, res.Finished, "finished")
	if winner == "" {
		assert.Nil(t, res.Winner, "winner")
	} else if assert.NotNil(t, res.Winner, "winner") {
		assert.Equal(t, winner, *res.Winner, "winner")
	}
	if len(tied) == 0 {
		assert.Empty(t, res.Tied, "tied")
	} else {
		assert.Equal(t, tied, res.Tied, "tied")
	}
}

// wantMoon checks round n's moon: player "" for none.
func wantMoon(t testing.TB, res *score.Result, n int, player, scoring, choice string) {
	t.Helper()
	m := round(t, res, n).Moon
	if player == "" {
		assert.Nil(t, m, "round %d: no moon", n)
		return
	}
	if assert.NotNil(t, m, "round %d moon", n) {
		assert.Equal(t, score.Moon{Player: player, Scoring: scoring, Choice: choice}, *m, "round %d moon", n)
	}
}

// viols lists the violations of a result as "rule r=R t=T p=PLAYER", sorted. The score tests
// play short fragments of rounds, so incomplete-round (tested in validate) is left out.
func viols(res *score.Result) []string {
	out := []string{}
	for _, v := range res.Violations {
		if v.Rule == validate.IncompleteRound {
			continue
		}
		out = append(out, fmt.Sprintf("%s r=%d t=%d p=%s", v.Rule, v.Round, v.Trick, v.Player))
	}
	sort.Strings(out)
	return out
}

// wantViols checks the violations (any order).
func wantViols(t testing.TB, res *score.Result, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	sort.Strings(want)
	assert.Equal(t, want, viols(res), "violations")
}

// rounds repeats a round text n times.
func rounds(n int, text string) string { return strings.Repeat("round\n"+text+"\n", n) }

// TestScoreLinesInSourceOrder: what is said of a round's score and total lines comes figure
// by figure, the scorer's score-mismatch among the replay's unknown names, and the replay's
// own list is left as it was.
func TestScoreLinesInSourceOrder(t *testing.T) {
	rp := game(t, "game hearts\nplayers ann bob cat dan\nround\ntrick 2C 3C 4C 5C\n"+
		"score ann=5 zed=0 cat=0 dan=0\ntotal ann=5 bob=0 cat=0 yak=0\n")
	replayed := slices.Clone(rp.Rounds[0].Violations)
	res := score.Score(rp)
	var at []string
	for _, v := range res.Rounds[0].Violations {
		if v.Pos.Line >= 5 {
			at = append(at, fmt.Sprintf("%s %d:%d", v.Rule, v.Pos.Line, v.Pos.Col))
		}
	}
	require.Equal(t, []string{"score-mismatch 5:7", "unknown-player 5:13", "unknown-player 6:25"}, at)
	require.Equal(t, replayed, rp.Rounds[0].Violations, "the replay's list")
}

// TestSideNamedEitherWay: a score sheet of a partnership may write a side's partners in
// either order: the figures are the side's, and the game scores the same.
func TestSideNamedEitherWay(t *testing.T) {
	const head = "game spades-partnership\nplayers ann bob cat dan\nround\n"
	want := play(t, head+"score ann+cat=60 bob+dan=-20\nround\nscore ann+cat=40 bob+dan=70\n")
	got := play(t, head+"score cat+ann=60 dan+bob=-20\nround\ntotal cat+ann=100 bob+dan=50\n")
	require.Equal(t, P{"ann+cat": 100, "bob+dan": 50}, asP(want.Totals))
	require.Equal(t, asP(want.Totals), asP(got.Totals))
	require.Empty(t, got.Violations)
}
