package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// heartsFamily lists the built-in Hearts-family rulesets, and some variants that pass and
// lead differently, as compare entries.
func heartsFamily(t *testing.T) []string {
	var out []string
	for _, name := range rulesets.Names() {
		rs, err := rulesets.Load(name)
		require.NoError(t, err)
		if rs.Family == rulesets.Hearts {
			out = append(out, name)
		}
	}
	return append(out, "rickety-kate:moon=new", "omnibus:pass=none:target=50", "slippery-anne:pass=across",
		"black-maria:pass=right,left,across,hold", "hearts:first-lead=eldest", "dirty-lady:pass-count=2")
}

// TestCompareOwnRulesetIsScore: for simulated games, `compare -r R` with R the game's own
// ruleset gives exactly what `score` gives.
func TestCompareOwnRulesetIsScore(t *testing.T) {
	for _, tc := range []struct {
		ruleset string
		players int
		extra   []string
	}{
		{"hearts", 4, []string{"--with-deal"}},
		{"hearts", 5, nil},
		{"black-maria", 6, []string{"--with-deal"}},
		{"rickety-kate", 3, nil},
		{"rickety-kate-36", 5, []string{"--with-deal"}},
		{"omnibus", 4, []string{"-o", "pass=across,hold", "--with-deal"}},
		{"cancellation", 7, nil},
		{"spades-partnership", 4, nil},
	} {
		args := append([]string{"simulate", "-r", tc.ruleset, "-p", fmt.Sprint(tc.players), "-n", "3", "--seed", "7"}, tc.extra...)
		code, games, stderr := simRun("", args...)
		require.Equal(t, 0, code, stderr)
		code, scored, stderr := simRun(games, "score", "-f", "json", "-")
		require.Equal(t, 0, code, stderr)
		code, compared, stderr := simRun(games, "compare", "-f", "json", "-r", tc.ruleset, "-")
		require.Equal(t, 0, code, stderr)
		var want []json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(scored), &want))
		var got []struct {
			Rulesets []struct {
				Result json.RawMessage `json:"result"`
				Error  string          `json:"error"`
			} `json:"rulesets"`
			Legality []json.RawMessage `json:"legality"`
		}
		require.NoError(t, json.Unmarshal([]byte(compared), &got))
		require.Len(t, got, len(want), "%v", args)
		for i := range want {
			require.Empty(t, got[i].Rulesets[0].Error, "%v game %d", args, i+1)
			require.JSONEq(t, string(want[i]), string(got[i].Rulesets[0].Result), "%v game %d", args, i+1)
			require.Empty(t, got[i].Legality)
		}
	}
}

// TestCompareKeepsThePlay: a clean simulated Hearts-family game replayed under any other
// Hearts-family ruleset that seats it never has a card nobody could hold (RULES §7 "The
// recorded play is a fact"): no not-in-hand, no duplicate-card, no revoke, no input error.
// The pass and first-lead rules may differ, and only the rules about passes and leads can
// be broken where the game's own rules were kept.
func TestCompareKeepsThePlay(t *testing.T) {
	family := heartsFamily(t)
	entries, err := parseEntries(family, nil)
	require.NoError(t, err)
	v := validate.New()
	judged, passDiffs, leadDiffs := 0, 0, 0
	for _, own := range family {
		name, opts, _ := strings.Cut(own, ":")
		for players := 3; players <= 8; players++ {
			for _, deal := range []bool{false, true} {
				args := []string{"simulate", "-r", name, "-p", fmt.Sprint(players), "-n", "2", "--seed", fmt.Sprint(players)}
				for _, o := range strings.Split(opts, ":") {
					if o != "" {
						args = append(args, "-o", o)
					}
				}
				if deal {
					args = append(args, "--with-deal")
				}
				code, text, _ := simRun("", args...)
				if code != 0 {
					continue // this ruleset does not seat so many
				}
				games, err := reader.ParseBytes([]byte(text), "sim.tricks")
				require.NoError(t, err)
				for _, g := range games {
					cmp := compareGame(v, g, entries)
					for i, eo := range cmp.Rulesets {
						if eo.Result == nil {
							// Only a ruleset that cannot seat the table may fail.
							rs, err := entries[i].res.resolve(g)
							if err == nil {
								_, err = rs.Table(len(g.Players))
								if err == nil {
									err = rs.CheckPlayers(len(g.Players))
								}
							}
							require.Error(t, err, "%v: %s under %s: %s", args, g.Ruleset, eo.Ruleset, eo.Error)
							continue
						}
						judged++
						for _, vi := range eo.Result.Violations {
							switch vi.Rule {
							case validate.PassDirection, validate.PassCount:
								passDiffs++
							case validate.FirstLead:
								leadDiffs++
							case validate.HeartsNotBroken, validate.FirstTrickPenalty, validate.PassForbidden:
								// the applied rules may forbid what the table allowed
							case score.AfterGameEnd, score.BadTiebreak:
								// the game ends elsewhere under other rules
							default:
								require.Failf(t, "a violation the table did not make", "%v game %d under %s: %s %s (%s)", args, g.Index, eo.Ruleset, vi.Rule, vi.Msg, vi.Pos)
							}
						}
					}
				}
			}
		}
	}
	// Not vacuous: many replays under other rules, with passes and leads judged differently.
	require.Greater(t, judged, 500)
	require.Greater(t, passDiffs, 100)
	require.Greater(t, leadDiffs, 100)
}
