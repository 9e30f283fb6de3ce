package validate_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// builtin returns a built-in ruleset.
func builtin(t *testing.T, name string) *rulesets.Ruleset {
	rs, err := rulesets.Builtin(name)
	require.NoError(t, err)
	return rs
}

// TestReplayOwn: RULES §7 "The recorded play is a fact". A simulated Hearts game with the
// deal and plain pass lines, replayed under Black Maria: with the game's own rules the passes
// go where the table passed them and trick 1 is led by the 2C holder, so the play fits the
// hands (no not-in-hand, no revoke); without them Black Maria re-routes the passes and seats
// eldest, and the same play breaks apart. Own rules equal to the applied ones, or of the other
// family, are the plain replay.
func TestReplayOwn(t *testing.T) {
	hearts := builtin(t, "hearts")
	bm := builtin(t, "black-maria")
	for _, players := range []int{4, 5, 6} {
		sim, err := simulate.New(hearts, players, 3, simulate.Options{WithDeal: true})
		require.NoError(t, err)
		for i := 1; i <= 3; i++ {
			g, err := sim.Game(i)
			require.NoError(t, err)
			v := validate.New()

			rp, err := v.ReplayOwn(g, bm, hearts)
			require.NoError(t, err)
			rules := map[string]int{}
			for _, r := range rp.Rounds {
				for _, vi := range r.Violations {
					rules[vi.Rule]++
				}
				require.Equal(t, r.Table.HandSize*players, r.Table.Deck.Len(), "the own deck deals the hands")
			}
			for _, rule := range []string{validate.NotInHand, validate.DuplicateCard, validate.Revoke, validate.DeckMismatch} {
				require.Zero(t, rules[rule], "%dp game %d: %s under black-maria with hearts' facts", players, i, rule)
			}
			require.Positive(t, rules[validate.PassDirection], "Black Maria passes right every round")

			plain, err := v.Replay(g, bm)
			if err == nil {
				broken := 0
				for _, r := range plain.Rounds {
					for _, vi := range r.Violations {
						if vi.Rule == validate.NotInHand || vi.Rule == validate.Revoke || vi.Rule == validate.DeckMismatch {
							broken++
						}
					}
				}
				require.Positive(t, broken, "%dp game %d: without own rules the play does not fit", players, i)
			}

			same, err := v.ReplayOwn(g, hearts, hearts)
			require.NoError(t, err)
			want, err := v.Replay(g, hearts)
			require.NoError(t, err)
			require.Equal(t, js(t, score.Score(want)), js(t, score.Score(same)))
		}
	}
	// Own rules of the other family are not used.
	sp := builtin(t, "spades")
	sim, err := simulate.New(sp, 4, 1, simulate.Options{})
	require.NoError(t, err)
	g, err := sim.Game(1)
	require.NoError(t, err)
	v := validate.New()
	a, errA := v.ReplayOwn(g, sp, hearts)
	require.NoError(t, errA)
	b, errB := v.Replay(g, sp)
	require.NoError(t, errB)
	require.Equal(t, js(t, score.Score(b)), js(t, score.Score(a)))
}

func js(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
