package validate_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// TestRoundView: on simulated games written with every trick's leader, the view finds the
// same leaders with the names removed (from the previous winner and the first-lead rule),
// each leader is the previous trick's winner, the hands before each trick (from the deal, or
// from the play) hold the card each player plays and shrink by one card a trick, and the
// points of the tricks add up to the card points each player won.
func TestRoundView(t *testing.T) {
	for _, cfg := range []struct {
		ruleset  string
		players  int
		withDeal bool
	}{{"hearts", 4, true}, {"hearts", 4, false}, {"black-maria", 3, true}, {"cancellation", 6, false}, {"spades-partnership", 4, true}} {
		rs, err := rulesets.Builtin(cfg.ruleset)
		require.NoError(t, err)
		sim, err := simulate.New(rs, cfg.players, 3, simulate.Options{WithDeal: cfg.withDeal, Leaders: true})
		require.NoError(t, err)
		for i := 1; i <= 3; i++ {
			g, err := sim.Game(i)
			require.NoError(t, err)
			named, err := validate.Game(g, rs)
			require.NoError(t, err)
			// The same game with no leader named after trick 1 (trick 1 keeps its name where the
			// hands cannot tell the first leader).
			bare := *g
			bare.Rounds = nil
			for _, r := range g.Rounds {
				c := *r
				c.Tricks = append([]parse.Trick(nil), r.Tricks...)
				for k := range c.Tricks {
					if k > 0 || cfg.withDeal {
						c.Tricks[k].Leader = ""
					}
				}
				bare.Rounds = append(bare.Rounds, &c)
			}
			unnamed, err := validate.Game(&bare, rs)
			require.NoError(t, err)
			for ri, r := range named.Rounds {
				view := r.View(g)
				other := unnamed.Rounds[ri].View(&bare)
				want := validate.HandsFromPlay
				if cfg.withDeal {
					want = validate.HandsFromDeal
				}
				require.Equal(t, want, view.HandsFrom)
				require.Len(t, view.Tricks, len(r.Src.Tricks))
				var won [validate.MaxSeats]int
				for ti, tv := range view.Tricks {
					src := r.Src.Tricks[ti]
					require.Equal(t, src.Leader, r.Name(g, tv.Leader), "%s game %d round %d trick %d", cfg.ruleset, i, r.Number, ti+1)
					require.Equal(t, tv.Leader, other.Tricks[ti].Leader, "%s game %d round %d trick %d: leader without names", cfg.ruleset, i, r.Number, ti+1)
					require.Equal(t, tv.Winner, other.Tricks[ti].Winner)
					if ti > 0 && view.Tricks[ti-1].Winner >= 0 {
						require.Equal(t, view.Tricks[ti-1].Winner, tv.Leader)
					}
					for k, c := range tv.Cards {
						l := tv.Seats[k]
						require.Equal(t, (tv.Leader+k)%len(r.Seats), l)
						require.True(t, tv.Hands[l].Has(c), "%s holds %s before trick %d", r.Name(g, l), c, ti+1)
						require.Equal(t, r.Table.HandSize-ti, tv.Hands[l].Len())
					}
					if tv.Winner >= 0 {
						won[tv.Winner] += tv.Points
					} else if ti == len(view.Tricks)-1 {
						won[tv.Leader] += tv.Points
					}
				}
				if rs.Family == rulesets.Spades {
					continue
				}
				for l := range r.Seats {
					sum := 0
					for _, s := range [2]parse.CardSet{r.Won[l].A, r.Won[l].B} {
						for _, c := range s.Cards() {
							sum += r.Table.Value[c]
						}
					}
					require.Equal(t, sum, won[l], "%s game %d round %d: points won by %s", cfg.ruleset, i, r.Number, r.Name(g, l))
				}
			}
		}
	}
}

// TestRoundViewDuplicateCard: hands from the play hold each card of a one-deck game once; a
// card played twice (duplicate-card) stays with the first to play it.
func TestRoundViewDuplicateCard(t *testing.T) {
	// ann plays 6D in trick 1, dan plays it again in trick 13 instead of 9D.
	src := "game hearts\nplayers ann bob cat dan\n\nround\n" +
		"trick dan: 2C 6D 7C 3C\ntrick QD 4D 5D 2D\ntrick 8C QC 4C AD\ntrick QS KS 4S 2S\n" +
		"trick KC 6H 6C TC\ntrick AC JH JC 9C\ntrick 5C 7S KD 6S\ntrick AS 9S 8S 5S\n" +
		"trick 9H 5H 3H TH\ntrick TS 8H JS 7H\ntrick 3S JD AH 7D\ntrick TD 3D 4H 8D\ntrick KH QH 2H 6D\n"
	games, err := reader.ParseBytes([]byte(src), "dup.tricks")
	require.NoError(t, err)
	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	rp, err := validate.Game(games[0], rs)
	require.NoError(t, err)
	r := rp.Rounds[0]
	require.Len(t, r.Violations, 1)
	require.Equal(t, validate.DuplicateCard, r.Violations[0].Rule)
	view := r.View(games[0])
	require.Equal(t, validate.HandsFromPlay, view.HandsFrom)
	first := view.Tricks[0].Hands
	var all parse.CardSet
	n := 0
	for l := range r.Seats {
		all |= first[l].A
		n += first[l].Len()
	}
	require.Equal(t, n, all.Len(), "no card in two hands")
	require.Equal(t, 51, n, "the 6D played twice is held once")
	d6, err := parse.ParseCard("6D")
	require.NoError(t, err)
	require.True(t, first[r.Local(0)].Has(d6), "ann plays 6D first")
	require.False(t, first[r.Local(3)].Has(d6), "dan's 6D is the duplicate")
}
