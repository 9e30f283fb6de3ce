package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// brutePoints is the fewest points seat takes with the others against it: follow suit, no
// trump, the highest card of the suit led wins, points by value.
func brutePoints(hs []uint64, leader int, trick []int, seat int, value func(int) int) int {
	n := len(hs)
	m := (leader + len(trick)) % n
	if hs[m] == 0 {
		return 0
	}
	var legal []int
	for c := 0; c < 52; c++ {
		if hs[m]>>c&1 != 0 && (len(trick) == 0 || c/13 == trick[0]/13) {
			legal = append(legal, c)
		}
	}
	if len(legal) == 0 {
		for c := 0; c < 52; c++ {
			if hs[m]>>c&1 != 0 {
				legal = append(legal, c)
			}
		}
	}
	best := 0
	for i, c := range legal {
		hs[m] &^= 1 << c
		t := append(append([]int(nil), trick...), c)
		v := 0
		if len(t) < n {
			v = brutePoints(hs, leader, t, seat, value)
		} else {
			w := 0
			for j, x := range t {
				if x/13 == t[0]/13 && x > t[w] {
					w = j
				}
			}
			w = (leader + w) % n
			if w == seat {
				for _, x := range t {
					v += value(x)
				}
			}
			v += brutePoints(hs, w, nil, seat, value)
		}
		hs[m] |= 1 << c
		if i == 0 || m == seat && v < best || m != seat && v > best {
			best = v
		}
	}
	return best
}

// TestHeldPoints compares HeldPoints with the brute force on random Black Maria endings of 2
// and 3 tricks (hearts 1, QS 13, KS 10, AS 7) at 3 to 5 players.
func TestHeldPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for i := 0; i < 120; i++ {
		n := 3 + i%3
		r := testRules(t, "black-maria", nil, n)
		value := func(c int) int { return r.Table.Value[c] }
		deck := rng.Perm(52)
		hs := make([]uint64, n)
		vh := make([]validate.Hand, n)
		k := 2 + i%2
		for j := 0; j < n*k; j++ {
			hs[j%n] |= 1 << deck[j]
			vh[j%n].Add(parse.Card(deck[j]))
		}
		leader, seat := rng.IntN(n), rng.IntN(n)
		want := brutePoints(hs, leader, nil, seat, value)
		got, ok := validate.HeldPoints(r, validate.Position{Hands: vh, Leader: leader, State: lead(8, true)}, seat)
		require.True(t, ok)
		require.Equal(t, want, got, "ending %d: %v leader %d seat %d", i, vh, leader, seat)
	}
}
