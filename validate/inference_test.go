package validate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// TestTakeCleanMatchesTricks checks inference.take, which takes clean tricks at once
// (takeClean), against inference.trick a trick at a time: the same inferred hands, free
// cards and bad cards, with hands known and not, cards the passes put away, cards played
// twice and cards outside the free ones.
func TestTakeCleanMatchesTricks(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 11))
	clean := 0
	for i := range 4000 {
		n := 3 + rng.IntN(4)
		nt := 1 + rng.IntN(52/n)
		var known [MaxSeats]bool
		for l := range n {
			known[l] = i%3 == 0 && rng.IntN(3) == 0
		}
		deck := rng.Perm(52)
		tricks := make([]parse.Trick, nt)
		leaders := make([]int8, nt)
		for ti := range tricks {
			leaders[ti] = int8(rng.IntN(n))
			for range n {
				tricks[ti].Cards = append(tricks[ti].Cards, parse.Card(deck[0]))
				deck = deck[1:]
			}
		}
		free := parse.CardSet(1)<<52 - 1
		if i%4 == 1 { // a card played twice, or one not free
			tr := &tricks[rng.IntN(nt)]
			if rng.IntN(2) == 0 {
				tr.Cards[rng.IntN(n)] = tricks[rng.IntN(nt)].Cards[rng.IntN(n)]
			} else {
				free &^= 1 << tr.Cards[rng.IntN(n)]
			}
		}
		var away [MaxSeats]parse.CardSet
		if i%5 == 2 { // a card the passes put out of a hand
			away[rng.IntN(n)] = 1 << tricks[rng.IntN(nt)].Cards[rng.IntN(n)]
		}
		run := func(at bool) (inferred [MaxSeats]Hand, s inference) {
			bad := make([]bool, nt*n)
			for k := range bad {
				bad[k] = rng.IntN(2) == 0 // stale, as from an earlier round
			}
			s = inference{known: &known, inferred: &inferred, away: away, free: Hand{A: free}, start: free, bad: bad, n: n}
			if at {
				s.take(tricks, leaders)
				return inferred, s
			}
			for ti := range tricks {
				s.trick(tricks[ti].Cards, ti, int(leaders[ti]))
			}
			return inferred, s
		}
		wantHands, want := run(false)
		gotHands, got := run(true)
		require.Equal(t, wantHands, gotHands, "case %d", i)
		require.Equal(t, want.free, got.free, "case %d", i)
		require.Equal(t, want.clean(nt), got.clean(nt), "case %d", i)
		for ti := range tricks {
			for k := range n {
				if !known[(int(leaders[ti])+k)%n] { // bad says nothing of a hand known
					require.Equal(t, want.bad[ti*n+k], got.bad[ti*n+k], "case %d trick %d card %d", i, ti, k)
				}
			}
		}
		if want.clean(nt) {
			clean++
		}
	}
	require.Greater(t, clean, 1000)
	require.Less(t, clean, 3500)
}
