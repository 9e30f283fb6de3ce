package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// FuzzSlipsNeverLoseTheGame injects one or two slips of the pen into a simulated game (a card
// left out of a trick or written twice, a card for another, two cards swapped, a trick left
// out or written twice) and checks that the game is never lost: it is still read as a game,
// every round is replayed and reported, and the diagnosis keeps its bounds.
func FuzzSlipsNeverLoseTheGame(f *testing.F) {
	for seed := uint64(1); seed <= 12; seed++ {
		f.Add(seed, uint8(seed%3), seed*7919)
	}
	configs := []struct {
		ruleset string
		players int
	}{{"hearts", 4}, {"black-maria", 3}, {"spades-partnership", 4}, {"cancellation", 7}}
	f.Fuzz(func(t *testing.T, seed uint64, config uint8, slips uint64) {
		c := configs[int(config)%len(configs)]
		rs, err := rulesets.Builtin(c.ruleset)
		require.NoError(t, err)
		sim, err := simulate.New(rs, c.players, seed, simulate.Options{WithDeal: seed%2 == 0})
		require.NoError(t, err)
		g, err := sim.Game(1)
		require.NoError(t, err)
		g = cloneGame(g)
		rng := rand.New(rand.NewPCG(slips, seed))
		for k := 0; k < 1+int(slips%2); k++ {
			injectSlip(g, rng)
		}
		v := validate.New()
		v.Diagnose = true
		rp, err := v.Replay(g, rs)
		if err != nil {
			require.FailNowf(t, "a slip lost the game", "%v", err)
		}
		if len(rp.Rounds) != len(g.Rounds) {
			require.FailNowf(t, "a slip lost a round", "%d rounds replayed of %d", len(rp.Rounds), len(g.Rounds))
		}
	})
}

// cloneGame copies what injectSlip changes (the rounds and their tricks).
func cloneGame(g *parse.Game) *parse.Game {
	cp := *g
	cp.Rounds = make([]*parse.Round, len(g.Rounds))
	for i, r := range g.Rounds {
		rc := *r
		rc.Tricks = make([]parse.Trick, len(r.Tricks))
		for j, tr := range r.Tricks {
			tr.Cards = append([]parse.Card(nil), tr.Cards...)
			rc.Tricks[j] = tr
		}
		cp.Rounds[i] = &rc
	}
	return &cp
}

// injectSlip makes one slip of the pen in a random trick of g.
func injectSlip(g *parse.Game, rng *rand.Rand) {
	r := g.Rounds[rng.IntN(len(g.Rounds))]
	if len(r.Tricks) == 0 {
		return
	}
	ti := rng.IntN(len(r.Tricks))
	tr := &r.Tricks[ti]
	k := rng.IntN(len(tr.Cards))
	switch rng.IntN(6) {
	case 0: // a card left out
		tr.Cards = append(tr.Cards[:k:k], tr.Cards[k+1:]...)
	case 1: // a card written twice
		tr.Cards = append(tr.Cards[:k+1:k+1], tr.Cards[k:]...)
	case 2: // a card for another
		tr.Cards[k] = parse.Card(rng.IntN(52))
	case 3: // two cards swapped
		k2 := rng.IntN(len(tr.Cards))
		tr.Cards[k], tr.Cards[k2] = tr.Cards[k2], tr.Cards[k]
	case 4: // a trick left out
		r.Tricks = append(r.Tricks[:ti:ti], r.Tricks[ti+1:]...)
	case 5: // a trick written twice
		r.Tricks = append(r.Tricks[:ti+1:ti+1], r.Tricks[ti:]...)
	}
}
