package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// TestAnalyzePlay plays random endings of 3 tricks and checks every recorded card's best and
// value, the tricks taken, and the dd and cards where the record stops, against the brute
// force: partnerships (2 units) and each for themselves (4 units, each against the others).
func TestAnalyzePlay(t *testing.T) {
	r := testRules(t, "spades-partnership", []string{"spades-broken=off"}, 4)
	rng := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < 40; i++ {
		units, unitOf := 2, []int{0, 1, 0, 1}
		if i%2 == 1 {
			units, unitOf = 4, []int{0, 1, 2, 3}
		}
		d := randomEnding(rng, 3, 0, false)
		start := d.position(r)
		// A record of 1 to 2 tricks and a card or two, played at random.
		var plays []validate.SeatCard
		n := 4*(1+i%2) + i%3
		for len(plays) < n {
			m := (d.leader + len(d.trick)) % 4
			legal := d.bruteLegal(d.hands[m])
			c := legal[rng.IntN(len(legal))]
			want := analyzeBrute(d, unitOf, m, c)
			plays = append(plays, validate.SeatCard{Seat: m, Card: parse.Card(c)})
			a := validate.AnalyzePlay(r, start, plays, unitOf, units)
			got := a.Plays[len(a.Plays)-1]
			require.Equal(t, want, [2]int{got.Best, got.Value}, "deal %d, card %d", i, len(plays))
			playBrute(d, c)
		}
		a := validate.AnalyzePlay(r, start, plays, unitOf, units)
		require.Empty(t, a.Reason)
		require.Len(t, a.Plays, n)
		for u := 0; u < units; u++ {
			side := make([]bool, 4)
			for l, v := range unitOf {
				side[l] = v == u
			}
			d.side = side
			require.Equal(t, bruteTricks(d), a.DD[u], "deal %d: dd of unit %d", i, u)
		}
		m := (d.leader + len(d.trick)) % 4
		for l, v := range unitOf {
			d.side[l] = v == unitOf[m]
		}
		legal := d.bruteLegal(d.hands[m])
		require.Len(t, a.Cards, len(legal))
		for k, ct := range a.Cards {
			require.Equal(t, bruteAfter(d, m, legal[k]), ct.Tricks, "deal %d: card %s", i, ct.Card)
		}
	}
}

// analyzeBrute returns, for seat m about to play c, its unit's best and value by the brute force.
func analyzeBrute(d *bruteDeal, unitOf []int, m, c int) [2]int {
	side := make([]bool, len(unitOf))
	for l, v := range unitOf {
		side[l] = v == unitOf[m]
	}
	d.side = side
	return [2]int{bruteTricks(d), bruteAfter(d, m, c)}
}

// playBrute plays c for the seat to play, completing the trick when it is the last card.
func playBrute(d *bruteDeal, c int) {
	m := (d.leader + len(d.trick)) % 4
	d.hands[m] &^= 1 << c
	d.trick = append(d.trick, c)
	if len(d.trick) == 4 {
		d.leader = (d.leader + bruteWinner(d.trick)) % 4
		d.trick = nil
	}
}

// bruteForced says whether the others (not ours) can make seat bidder win a trick.
func bruteForced(d *bruteDeal, bidder int, ours []bool) bool {
	m := (d.leader + len(d.trick)) % 4
	if d.hands[m] == 0 {
		return false
	}
	for _, c := range d.bruteLegal(d.hands[m]) {
		d.hands[m] &^= 1 << c
		d.trick = append(d.trick, c)
		var f bool
		if len(d.trick) < 4 {
			f = bruteForced(d, bidder, ours)
		} else {
			trick, leader := d.trick, d.leader
			w := (leader + bruteWinner(trick)) % 4
			d.trick, d.leader = nil, w
			f = w == bidder || bruteForced(d, bidder, ours)
			d.trick, d.leader = trick, leader
		}
		d.trick = d.trick[:len(d.trick)-1]
		d.hands[m] |= 1 << c
		if f && !ours[m] {
			return true
		}
		if !f && ours[m] {
			return false
		}
	}
	return ours[m]
}

// TestNilHolds compares NilHolds with the brute force on random endings of 2 to 4 tricks.
func TestNilHolds(t *testing.T) {
	r := testRules(t, "spades-partnership", []string{"spades-broken=off"}, 4)
	rng := rand.New(rand.NewPCG(31, 32))
	seen := map[bool]int{}
	for i := 0; i < 200; i++ {
		d := randomEnding(rng, 2+i%3, 0, false)
		bidder := rng.IntN(4)
		ours := []bool{bidder%2 == 0, bidder%2 == 1, bidder%2 == 0, bidder%2 == 1}
		want := !bruteForced(d, bidder, ours)
		holds, ok := validate.NilHolds(r, d.position(r), bidder, ours)
		require.True(t, ok)
		require.Equal(t, want, holds, "ending %d", i)
		seen[holds]++
	}
	require.NotZero(t, seen[true])
	require.NotZero(t, seen[false])
}
