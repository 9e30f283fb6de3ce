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
