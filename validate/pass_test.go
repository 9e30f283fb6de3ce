package validate_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// TestPassDirNoPassCount: RULES §7. Under `pass-count=0` no round passes, so every round's
// direction (what `tricks show` prints) is hold, and each recorded pass line is a
// pass-direction violation ("this round has no passing"); under the plain rules the cycle's
// directions come back and the same lines are clean.
func TestPassDirNoPassCount(t *testing.T) {
	hearts := builtin(t, "hearts")
	none := hearts.Clone()
	require.NoError(t, none.Apply([]parse.KV{{Key: "pass-count", Value: "0"}}))
	sim, err := simulate.New(hearts, 4, 7, simulate.Options{WithDeal: true})
	require.NoError(t, err)
	g, err := sim.Game(1)
	require.NoError(t, err)

	rp, err := validate.New().Replay(g, none)
	require.NoError(t, err)
	for _, r := range rp.Rounds {
		require.Equal(t, rulesets.PassHold, r.PassDir, "round %d with pass-count=0", r.Number)
		dir := 0
		for _, vi := range r.Violations {
			if vi.Rule == validate.PassDirection {
				dir++
			}
		}
		require.Equal(t, len(r.Src.Passes), dir, "round %d: one pass-direction per pass line", r.Number)
	}

	rp, err = validate.New().Replay(g, hearts)
	require.NoError(t, err)
	passed := 0
	for _, r := range rp.Rounds {
		off, passes := validate.PassOffset(r.Table, r.PassDir, len(r.Seats))
		require.Equal(t, passes, r.PassDir != rulesets.PassHold, "round %d passes %s", r.Number, r.PassDir)
		require.Equal(t, passes, off != 0)
		if passes {
			passed++
		}
		require.Empty(t, r.Violations, "round %d under the rules it was played by", r.Number)
	}
	require.Positive(t, passed, "Hearts passes in some round")
}

// TestPassConflictsOwnRulesNoPass: RULES §7. A Black Maria round (passing right) recorded
// with plain pass lines and without the deal, checked as Black Maria with own rules that do
// not pass (hearts, pass-count=0): the pass lines go where the applied rules pass, as the
// replay applies them, so the diagnosis finds no play contradicting them (the own rules'
// cycle, left, would make many).
func TestPassConflictsOwnRulesNoPass(t *testing.T) {
	bm := builtin(t, "black-maria")
	own := builtin(t, "hearts").Clone()
	require.NoError(t, own.Apply([]parse.KV{{Key: "pass-count", Value: "0"}}))
	sim, err := simulate.New(bm, 4, 11, simulate.Options{WithDeal: true, Leaders: true})
	require.NoError(t, err)
	g, err := sim.Game(1)
	require.NoError(t, err)
	g.Rounds = g.Rounds[:1]
	require.NotEmpty(t, g.Rounds[0].Passes)
	g.Rounds[0].Deal = nil

	for _, withOwn := range []bool{false, true} {
		v := validate.New()
		var rp *validate.Replay
		if withOwn {
			rp, err = v.ReplayOwn(g, bm, own)
		} else {
			rp, err = v.Replay(g, bm)
		}
		require.NoError(t, err)
		require.Zero(t, v.PassConflicts(g, rp.Rounds[0]), "own rules: %v", withOwn)
	}
}
