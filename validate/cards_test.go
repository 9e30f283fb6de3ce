package validate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// TestCardMask checks cardMask, four cards at a time and the last three at most at once,
// against a card at a time, for every length up to 20 and bytes of every value (one past
// the sets adds nothing).
func TestCardMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 21 {
		for range 200 {
			cards := make([]parse.Card, n)
			var want parse.CardSet
			for i := range cards {
				cards[i] = parse.Card(rng.IntN(80))
				if rng.IntN(10) == 0 {
					cards[i] = parse.Card(rng.IntN(256))
				}
				if cards[i] < 64 {
					want |= 1 << cards[i]
				}
			}
			require.Equal(t, want, cardMask(cards), "%v", cards)
		}
	}
}

// TestOffDeckBadTrick: offDeck's look at the tricks tells a trick that has not n cards as
// hasBadTrick does, for tricks of every length up to six at tables of three to five.
func TestOffDeckBadTrick(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	bad := 0
	for i := range 3000 {
		n := 3 + i%3
		src := &parse.Round{Tricks: make([]parse.Trick, rng.IntN(14))}
		for ti := range src.Tricks {
			k := n
			if rng.IntN(20) == 0 {
				k = rng.IntN(7)
			}
			src.Tricks[ti].Cards = make([]parse.Card, k)
		}
		off, got := offDeck(src, n)
		require.False(t, off)
		require.Equal(t, hasBadTrick(src, n), got, "%d seats, %v", n, src.Tricks)
		if got {
			bad++
		}
	}
	require.Greater(t, bad, 500)
}
