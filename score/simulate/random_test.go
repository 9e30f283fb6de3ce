package simulate

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// TestRandomIsRand: random draws the numbers rand.Rand draws from rand.NewPCG with the same
// seeds, for bounds small and large (where rejection happens), powers of two among them,
// interleaved as a game interleaves them. (On a 32-bit machine Rand draws differently, and
// so do the simulated games.)
func TestRandomIsRand(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("math/rand/v2 draws bounded numbers otherwise on 32-bit machines")
	}
	for seed := uint64(0); seed < 20; seed++ {
		var r random
		r.seed(seed, seed*7)
		want := rand.New(rand.NewPCG(seed, seed*7))
		for k := 0; k < 3000; k++ {
			n := 1 + k%60
			if k%7 == 0 {
				n = 1 << (k % 62)
			}
			switch k % 4 {
			case 0, 1:
				require.Equal(t, want.IntN(n), r.IntN(n), "seed %d draw %d: IntN(%d)", seed, k, n)
			case 2:
				m := uint64(n) * 0x9e3779b97f4a7c15
				require.Equal(t, want.Uint64N(m), r.Uint64N(m), "seed %d draw %d: Uint64N(%d)", seed, k, m)
			default:
				require.Equal(t, want.Float64(), r.Float64(), "seed %d draw %d: Float64", seed, k)
			}
		}
	}
}

// TestShuffleIsRand: random.shuffle permutes cards as rand.Rand.Shuffle does with the same
// seeds, for decks of every length a table deals (two decks with jokers at most), and leaves
// the generator where Shuffle leaves it.
func TestShuffleIsRand(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("math/rand/v2 draws bounded numbers otherwise on 32-bit machines")
	}
	for seed := uint64(0); seed < 20; seed++ {
		var r random
		r.seed(seed, seed*7)
		want := rand.New(rand.NewPCG(seed, seed*7))
		for n := 0; n <= 2*parse.NumCards; n++ {
			got, exp := make([]parse.Card, n), make([]parse.Card, n)
			for i := range got {
				got[i], exp[i] = parse.Card(i%parse.NumCards), parse.Card(i%parse.NumCards)
			}
			r.shuffle(got)
			want.Shuffle(n, func(i, j int) { exp[i], exp[j] = exp[j], exp[i] })
			require.Equal(t, exp, got, "seed %d, %d cards", seed, n)
			require.Equal(t, want.Uint64(), r.Uint64(), "seed %d, after %d cards", seed, n)
		}
	}
}
