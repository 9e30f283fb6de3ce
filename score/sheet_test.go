package score_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// sheetConfigs are the tables the sheet tests simulate: every Hearts-family ruleset, with
// options that change what a round can give (moons, bonus cards, no-tricks bonus, resets).
var sheetConfigs = []struct {
	ruleset string
	players int
	options []string
}{
	{"hearts", 4, nil},
	{"hearts", 5, []string{"moon=new"}},
	{"hearts", 4, []string{"moon=choice", "target=50", "exact-reset=50"}},
	{"omnibus", 4, []string{"td-bonus=on", "no-tricks-bonus=5"}},
	{"black-maria", 3, []string{"no-tricks-bonus=3"}},
	{"rickety-kate", 6, nil},
	{"rickety-kate-36", 4, nil},
	{"dirty-lady", 4, nil},
	{"slippery-anne", 5, nil},
	{"black-jack", 4, []string{"target=50"}},
	{"cancellation", 7, []string{"target=60"}},
	{"spades-partnership", 4, nil},
}

// TestSheetRoundsScoreAsPlayed turns simulated games into score sheets (each round's points,
// or the running totals) and checks that they score as the played games did, with no round
// found impossible: every points vector a deal gives is accepted.
func TestSheetRoundsScoreAsPlayed(t *testing.T) {
	for i := range sheetConfigs {
		for seed := uint64(1); seed <= 4; seed++ {
			checkSheet(t, i, seed, seed%2 == 0)
		}
	}
}

// FuzzSheetRounds is TestSheetRoundsScoreAsPlayed and TestClaimsScoreAsPlayed over any seed
// and table.
func FuzzSheetRounds(f *testing.F) {
	f.Add(uint64(7), uint8(0), false)
	f.Add(uint64(9), uint8(10), true)
	f.Fuzz(func(t *testing.T, seed uint64, config uint8, totals bool) {
		checkSheet(t, int(config)%len(sheetConfigs), seed, totals)
		checkClaims(t, int(config)%len(sheetConfigs), seed, totals)
	})
}

// TestClaimsScoreAsPlayed turns the last tricks of simulated rounds that one player won into
// a claim by that player (the deal written or not) and checks the game scores as played.
func TestClaimsScoreAsPlayed(t *testing.T) {
	for i := range sheetConfigs {
		for seed := uint64(1); seed <= 3; seed++ {
			checkClaims(t, i, seed, seed%2 == 0)
		}
	}
}

func checkClaims(t *testing.T, config int, seed uint64, withDeal bool) {
	c := sheetConfigs[config]
	g, rs := simGame(t, config, seed, withDeal)
	rp, err := validate.New().Replay(g, rs)
	require.NoError(t, err)
	played := score.Score(rp)

	claimed := *g
	claimed.Rounds = nil
	claims := 0
	for i, r := range rp.Rounds {
		src := *g.Rounds[i]
		view := r.View(g)
		// The longest tail of tricks that one player won: claimed by that player.
		k := len(view.Tricks)
		for k > 1 && view.Tricks[k-1].Winner >= 0 && view.Tricks[k-2].Winner == view.Tricks[k-1].Winner {
			k--
		}
		if k < len(view.Tricks) && view.Tricks[k].Winner >= 0 && k > 0 {
			src.Tricks = src.Tricks[:k]
			src.Claim = &parse.Claim{Player: g.Players[r.Seats[view.Tricks[k].Winner]], Pos: src.Pos}
			claims++
		}
		claimed.Rounds = append(claimed.Rounds, &src)
	}
	got := scoreGame(t, &claimed, rs)
	where := fmt.Sprintf("%s %d players %v, seed %d, deal %v, %d claims", c.ruleset, c.players, c.options, seed, withDeal, claims)
	assert.Equal(t, asP(played.Totals), asP(got.Totals), where)
	assert.Equal(t, played.Finished, got.Finished, where)
	assert.Equal(t, played.Winner, got.Winner, where)
	for _, rr := range got.Rounds {
		for _, v := range rr.Violations {
			assert.NotEqual(t, validate.IncompleteRound, v.Rule, "%s: round %d: %s", where, rr.Round, v.Msg)
		}
	}
}

// simGame simulates game 1 of sheetConfigs[config] with seed, the deal written or not.
func simGame(t *testing.T, config int, seed uint64, withDeal bool) (*parse.Game, *rulesets.Ruleset) {
	c := sheetConfigs[config]
	rs, err := rulesets.Builtin(c.ruleset)
	require.NoError(t, err)
	var kvs []parse.KV
	for _, o := range c.options {
		k, v, _ := strings.Cut(o, "=")
		require.NoError(t, rs.Set(k, v))
		kvs = append(kvs, parse.KV{Key: k, Value: v})
	}
	sim, err := simulate.New(rs, c.players, seed, simulate.Options{Options: kvs, WithDeal: withDeal})
	require.NoError(t, err)
	g, err := sim.Game(1)
	require.NoError(t, err)
	return g, rs
}

func checkSheet(t *testing.T, config int, seed uint64, totals bool) {
	c := sheetConfigs[config]
	g, rs := simGame(t, config, seed, false)
	played := scoreGame(t, g, rs)

	sheet := *g
	sheet.Rounds = nil
	for i, rr := range played.Rounds {
		src := g.Rounds[i]
		r := &parse.Round{Pos: parse.Pos{Line: i + 1, Col: 1}, Tiebreak: src.Tiebreak}
		figs := rr.Points
		if totals && src.Tiebreak == nil {
			figs = rr.Totals
		}
		for k, name := range figs.Keys {
			cnt := parse.Count{Player: name, N: figs.Vals[k], Pos: parse.Pos{Line: i + 1, Col: 2 + k}}
			if totals && src.Tiebreak == nil {
				r.Total, r.TotalPos = append(r.Total, cnt), r.Pos
			} else {
				r.Score, r.ScorePos = append(r.Score, cnt), r.Pos
			}
		}
		sheet.Rounds = append(sheet.Rounds, r)
	}
	got := scoreGame(t, &sheet, rs)
	where := fmt.Sprintf("%s %d players %v, seed %d, totals %v", c.ruleset, c.players, c.options, seed, totals)
	for _, rr := range got.Rounds {
		for _, v := range rr.Violations {
			assert.Failf(t, "a violation in a sheet of a played game", "%s: round %d: %s: %s (%s)", where, rr.Round, v.Rule, v.Msg, v.Note)
		}
		assert.True(t, rr.Sheet, where)
	}
	assert.Equal(t, asP(played.Totals), asP(got.Totals), where)
	assert.Equal(t, played.Finished, got.Finished, where)
	assert.Equal(t, played.Winner, got.Winner, where)
}

func scoreGame(t *testing.T, g *parse.Game, rs *rulesets.Ruleset) *score.Result {
	t.Helper()
	rp, err := validate.New().Replay(g, rs)
	require.NoError(t, err)
	return score.Score(rp)
}

// TestImpossiblePoints: points no deal gives are reported at the figures' line, with the
// reason, and the round is scored as recorded.
func TestImpossiblePoints(t *testing.T) {
	cases := []struct {
		name, game string
		bad        bool
		msg, note  string
	}{
		{"hearts sum", "game hearts\nplayers a b c d\nround\nscore a=13 b=5 c=6 d=0\n", true,
			"the points add up to 24; a round gives out 26, or a moon: 0 and 26 to each other player",
			"one figure mistyped? a=15 at 4:7, or b=7 at 4:12, or c=8 at 4:16, or d=2 at 4:20: then round 1 adds up"},
		{"hearts old moon", "game hearts\nplayers a b c d\nround\nscore a=0 b=26 c=26 d=26\n", false, "", ""},
		{"hearts moon not taken as old", "game hearts\nplayers a b c d\nround\nscore a=26 b=0 c=0 d=0\n", true,
			"no sharing of the scoring cards gives these points", ""},
		{"hearts new moon", "game hearts\nplayers a b c d\noption moon=new\nround\nscore a=-26 b=0 c=0 d=0\n", false, "", ""},
		{"omnibus bonus", "game omnibus\nplayers a b c d\nround\nscore a=-10 b=13 c=13 d=0\n", false, "", ""},
		{"omnibus moon with the bonus elsewhere", "game omnibus\nplayers a b c d\nround\nscore a=-10 b=26 c=0 d=0\n", true,
			"no sharing of the scoring cards gives these points", ""},
		{"omnibus moon old", "game omnibus\nplayers a b c d\nround\nscore a=16 b=0 c=26 d=26\n", false, "", ""},
		{"black maria out of range", "game black-maria\nplayers a b c\nround\nscore a=44 b=-1 c=0\n", true,
			"no sharing of the scoring cards gives these points", ""},
		{"no tricks bonus", "game black-maria\nplayers a b c\noption no-tricks-bonus=3\nround\nscore a=43 b=-3 c=0\n", false, "", ""},
		{"one figure off", "game hearts\nplayers a b c d\nround\nscore a=5 b=5 c=5 d=0\nround\nscore a=1 b=2 c=3 d=21\n", true,
			"the points add up to 15; a round gives out 26, or a moon: 0 and 26 to each other player",
			"one figure mistyped? a=16 at 4:7, or b=16 at 4:11, or c=16 at 4:15: then round 1 adds up"},
		{"running total off", "game hearts\nplayers a b c d\nround\ntotal a=1 b=2 c=10 d=13\nround\ntotal a=4 b=23 c=11 d=17\nround\ntotal a=12 b=24 c=11 d=31\n", true,
			"the points add up to 29; a round gives out 26, or a moon: 0 and 26 to each other player",
			"one figure mistyped? a=1 at 6:7, or b=20 at 6:11, or d=14 at 6:21: then rounds 2 and 3 add up"},
		{"exact reset read", "game hearts\nplayers a b c d\noption target=50 exact-reset=50\nround\ntotal a=25 b=1 c=0 d=0\nround\ntotal a=0 b=2 c=0 d=0\n", false, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := play(t, c.game)
			var found *validate.Violation
			for _, rr := range res.Rounds {
				for i, v := range rr.Violations {
					if v.Rule == score.ImpossiblePoints && found == nil {
						found = &rr.Violations[i]
					}
				}
			}
			if !c.bad {
				assert.Nil(t, found)
				return
			}
			require.NotNil(t, found)
			assert.Equal(t, c.msg, found.Msg)
			assert.Equal(t, c.note, found.Note)
		})
	}
}

// TestSpadesClaimOnlyScoresAsPlayed turns every round of simulated Spades games into a claim
// with no trick before it (FORMAT: a claim may be the round's only play), the tricks each
// player took as the shares, and checks the game scores as played: a claim is play, not a
// round of bids alone.
func TestSpadesClaimOnlyScoresAsPlayed(t *testing.T) {
	for i, c := range sheetConfigs {
		if !strings.HasPrefix(c.ruleset, "spades") {
			continue
		}
		for seed := uint64(1); seed <= 3; seed++ {
			g, rs := simGame(t, i, seed, seed%2 == 0)
			rp, err := validate.New().Replay(g, rs)
			require.NoError(t, err)
			played := score.Score(rp)
			claimed := *g
			claimed.Rounds = nil
			for k, r := range rp.Rounds {
				src := *g.Rounds[k]
				took := map[string]int{}
				for _, tr := range r.View(g).Tricks {
					require.GreaterOrEqual(t, tr.Winner, 0)
					took[g.Players[r.Seats[tr.Winner]]]++
				}
				claim := &parse.Claim{Pos: src.Pos}
				for _, seat := range r.Seats {
					claim.Shares = append(claim.Shares, parse.Count{Player: g.Players[seat], N: took[g.Players[seat]], Pos: src.Pos})
				}
				src.Tricks, src.Claim = nil, claim
				claimed.Rounds = append(claimed.Rounds, &src)
			}
			got := scoreGame(t, &claimed, rs)
			where := fmt.Sprintf("%s seed %d", c.ruleset, seed)
			require.Equal(t, len(played.Rounds), len(got.Rounds), where)
			assert.Equal(t, asP(played.Totals), asP(got.Totals), where)
			assert.Equal(t, played.Winner, got.Winner, where)
			for k, rr := range got.Rounds {
				assert.Equal(t, asP(played.Rounds[k].Points), asP(rr.Points), "%s round %d", where, k+1)
				assert.Empty(t, rr.Violations, "%s round %d", where, k+1)
			}
		}
	}
}
