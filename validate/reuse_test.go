package validate_test

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// reuseCase is one game and the rules it is replayed under: rs judges, own (nil: none) is
// the transcript's own rules.
type reuseCase struct {
	name    string
	g       *parse.Game
	rs, own *rulesets.Ruleset
}

// reuseCases gathers games of every kind: the transcripts of the repository's testdata
// (legal games, illegal plays, transcript errors, slips, tie-breaks, tallies, Spades), and
// simulated games of every built-in ruleset and table size, with illegal plays injected,
// with and without their deals. Each is replayed under its own rules, and a Hearts-family
// game also under another ruleset of its family with its rules as its own.
func reuseCases(t *testing.T) []reuseCase {
	t.Helper()
	var games []*parse.Game
	err := filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".expected.json") {
			return err
		}
		switch filepath.Ext(p) {
		case ".tricks", ".yaml", ".yml", ".json":
		default:
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		gs, err := reader.ParseBytes(src, p)
		if err == nil {
			games = append(games, gs...)
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(games), 100, "the testdata transcripts")

	for _, name := range rulesets.Names() {
		rs, err := rulesets.Builtin(name)
		require.NoError(t, err)
		for n := 3; n <= 6; n++ {
			if rs.CheckPlayers(n) != nil {
				continue
			}
			for _, deal := range []bool{true, false} {
				sim, err := simulate.New(rs, n, uint64(n), simulate.Options{Illegal: 0.05, WithDeal: deal, MaxRounds: 12})
				require.NoError(t, err)
				for i := 1; i <= 2; i++ {
					g, err := sim.Game(i)
					require.NoError(t, err)
					g.Ruleset = name
					games = append(games, g)
				}
			}
		}
	}

	var cases []reuseCase
	other := map[string]*rulesets.Ruleset{}
	for _, name := range []string{"black-maria", "spades"} {
		rs, err := rulesets.Builtin(name)
		require.NoError(t, err)
		other[rs.Family] = rs
	}
	for _, g := range games {
		rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
		if err != nil {
			continue // a ruleset error: no replay
		}
		name := g.File + ":" + g.Ruleset
		cases = append(cases, reuseCase{name: name, g: g, rs: rs})
		if o := other[rs.Family]; o != nil && o.Name != rs.Name {
			cases = append(cases, reuseCase{name: name + " as " + o.Name, g: g, rs: o, own: rs})
		}
	}
	return cases
}

// TestReuseMatchesFresh: one Validator, one Replay and one Scorer reused over many different
// games, one after the other (and again in the reverse order), give exactly what a fresh
// Validator and the function Score give for each: the same rounds (violations, hands,
// leaders and winners), the same input errors, the same results.
func TestReuseMatchesFresh(t *testing.T) {
	cases := reuseCases(t)
	v := validate.New()
	v.Diagnose = true
	var rp validate.Replay
	var sc score.Scorer
	withViolations, failed := 0, 0
	check := func(c reuseCase) {
		fresh := validate.New()
		fresh.Diagnose = true
		want, wantErr := fresh.ReplayOwn(c.g, c.rs, c.own)
		err := v.ReplayOwnInto(&rp, c.g, c.rs, c.own)
		if wantErr != nil {
			failed++
			require.Error(t, err, c.name)
			require.Equal(t, wantErr.Error(), err.Error(), c.name)
			var el parse.ErrorList
			require.True(t, errors.As(err, &el), c.name)
			return
		}
		require.NoError(t, err, c.name)
		require.Equal(t, len(want.Rounds), len(rp.Rounds), c.name)
		for i := range want.Rounds {
			require.Equal(t, plainRound(want.Rounds[i]), plainRound(rp.Rounds[i]), "%s round %d", c.name, i+1)
			require.Equal(t, want.Rounds[i].View(c.g), rp.Rounds[i].View(c.g), "%s round %d", c.name, i+1)
		}
		res := sc.Score(&rp)
		wantRes := score.Score(want)
		require.Equal(t, wantRes, res, c.name)
		require.Equal(t, string(wantRes.AppendJSON(nil)), string(res.AppendJSON(nil)), c.name)
		if len(res.Violations) > 0 {
			withViolations++
		}
	}
	for _, c := range cases {
		check(c)
	}
	for i := len(cases) - 1; i >= 0; i-- {
		check(cases[i])
	}
	t.Logf("%d cases, %d with violations, %d input errors", len(cases), withViolations/2, failed/2)
	require.Greater(t, withViolations, len(cases)/4, "games with violations")
	require.Positive(t, failed, "games with input errors")
}

// plainRound is a round with its empty slices nil: a reused round keeps the room of its
// slices, a fresh one has none.
func plainRound(r *validate.PlayedRound) validate.PlayedRound {
	c := *r
	if len(c.Violations) == 0 {
		c.Violations = nil
	}
	if len(c.Revokers) == 0 {
		c.Revokers = nil
	}
	return c
}

// TestCleanTricksMatchTwoPasses: the one pass over the clean tricks of a round (hands known
// from the deal) gives exactly what passes 1 and 2 give for them: the same rounds
// (violations, hands, leaders and winners, cards and tricks won) and the same results, over
// games with illegal plays, slips and transcript errors.
func TestCleanTricksMatchTwoPasses(t *testing.T) {
	cases := reuseCases(t)
	replay := func(c reuseCase, clean bool) (*validate.Replay, error) {
		v := validate.New()
		v.Diagnose = true
		validate.SetCleanPass(v, clean)
		return v.ReplayOwn(c.g, c.rs, c.own)
	}
	for _, c := range cases {
		want, wantErr := replay(c, false)
		got, err := replay(c, true)
		if wantErr != nil {
			require.Error(t, err, c.name)
			require.Equal(t, wantErr.Error(), err.Error(), c.name)
			continue
		}
		require.NoError(t, err, c.name)
		require.Equal(t, len(want.Rounds), len(got.Rounds), c.name)
		for i := range want.Rounds {
			require.Equal(t, *want.Rounds[i], *got.Rounds[i], "%s round %d", c.name, i+1)
			require.Equal(t, want.Rounds[i].View(c.g), got.Rounds[i].View(c.g), "%s round %d", c.name, i+1)
		}
		require.Equal(t, score.Score(want), score.Score(got), c.name)
	}
}

// TestCleanTricksMatchTwoPassesInferred: so too for hands inferred from the play, where the
// passes give a card to two seats and the tricks play cards passed where they were not
// held: cards that cannot be held (the one pass is not taken then) and cards in an inferred
// hand that its player cannot play.
func TestCleanTricksMatchTwoPassesInferred(t *testing.T) {
	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	sim, err := simulate.New(rs, 4, 7, simulate.Options{WithDeal: true, MaxRounds: 4})
	require.NoError(t, err)
	rnd := rand.New(rand.NewPCG(7, 26))
	nv := 0
	replay := func(g *parse.Game, clean bool) *validate.Replay {
		v := validate.New()
		v.Diagnose = true
		validate.SetCleanPass(v, clean)
		rp, err := v.ReplayOwn(g, rs, nil)
		require.NoError(t, err)
		return rp
	}
	for i := 1; i <= 200; i++ {
		g, err := sim.Game(i)
		require.NoError(t, err)
		for _, r := range g.Rounds {
			r.Deal = nil // the hands inferred from the play and the passes
			if len(r.Passes) < 2 || len(r.Tricks) == 0 {
				continue
			}
			a, b := &r.Passes[rnd.IntN(len(r.Passes))], &r.Passes[rnd.IntN(len(r.Passes))]
			b.Cards[rnd.IntN(len(b.Cards))] = a.Cards[rnd.IntN(len(a.Cards))] // a card passed twice
			for range rnd.IntN(3) {
				tr := &r.Tricks[rnd.IntN(len(r.Tricks))]
				p := &r.Passes[rnd.IntN(len(r.Passes))]
				tr.Cards[rnd.IntN(len(tr.Cards))] = p.Cards[rnd.IntN(len(p.Cards))]
			}
			for range rnd.IntN(3) { // a leader named, maybe not the one due (wrong-leader)
				r.Tricks[1+rnd.IntN(len(r.Tricks)-1)].Leader = g.Players[rnd.IntN(len(g.Players))]
			}
		}
		want, got := replay(g, false), replay(g, true)
		require.Equal(t, len(want.Rounds), len(got.Rounds), "game %d", i)
		for k := range want.Rounds {
			require.Equal(t, *want.Rounds[k], *got.Rounds[k], "game %d round %d", i, k+1)
			require.Equal(t, want.Rounds[k].View(g), got.Rounds[k].View(g), "game %d round %d", i, k+1)
		}
		require.Equal(t, score.Score(want), score.Score(got), "game %d", i)
		for _, r := range got.Rounds {
			nv += len(r.Violations)
		}
	}
	require.Positive(t, nv, "violations")
}

// TestResetClearsEveryField: Reset leaves a round that had every field set (each bid too)
// as a zero round but for the room of its lists, as a new one is.
func TestResetClearsEveryField(t *testing.T) {
	var r validate.PlayedRound
	fill(reflect.ValueOf(&r).Elem())
	viol, rev := r.Violations, r.Revokers
	require.NotZero(t, cap(viol))
	r.Reset()
	require.Equal(t, validate.PlayedRound{Violations: viol[:0], Revokers: rev[:0]}, r)

	// A round without bids keeps none: Reset does not look at the bids then.
	r = validate.PlayedRound{}
	fill(reflect.ValueOf(&r).Elem())
	r.HasBid, r.Bids = [validate.MaxSeats]bool{}, [validate.MaxSeats]parse.Bid{}
	r.NoBid()
	r.Reset()
	require.Equal(t, validate.PlayedRound{Violations: r.Violations, Revokers: r.Revokers}, r)
}

// fill sets every field of v, exported or not, to a value that is not zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i))
		}
		return
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fill(v.Index(i))
		}
		return
	}
	v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // unexported fields too
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.String:
		v.SetString("x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 2))
		fill(v.Index(0))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	default:
		panic("fill: " + v.Kind().String())
	}
}
