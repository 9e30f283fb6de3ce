package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// The solver is checked against a brute-force minimax written here, with its own reading of
// the rules of Spades (follow suit, spades trump, spades not led before they are broken
// unless the hand has nothing else): no code of the solver's.

// bruteDeal is a position for the brute force: hands as card bits, 52 cards, 4 suits of 13.
type bruteDeal struct {
	hands  []uint64
	leader int
	trick  []int // cards played to the current trick
	broken bool  // spades broken (with the rule)
	rule   bool  // the spades-broken rule is on
	side   []bool
	memo   map[bruteKey]int // values at the start of a trick, by position
}

// bruteKey is a position at the start of a trick: every hand, the leader, the break state,
// and the side counted.
type bruteKey struct {
	hands  [4]uint64
	leader int
	broken bool
	side   [4]bool
}

func bruteSuit(c int) int { return c / 13 }

// bruteLegal lists the cards the seat to play may play.
func (d *bruteDeal) bruteLegal(h uint64) []int {
	var all, follow, nonSpade []int
	for c := 0; c < 52; c++ {
		if h>>c&1 == 0 {
			continue
		}
		all = append(all, c)
		if len(d.trick) > 0 && bruteSuit(c) == bruteSuit(d.trick[0]) {
			follow = append(follow, c)
		}
		if bruteSuit(c) != 3 {
			nonSpade = append(nonSpade, c)
		}
	}
	switch {
	case len(d.trick) > 0 && len(follow) > 0:
		return follow
	case len(d.trick) == 0 && d.rule && !d.broken && len(nonSpade) > 0:
		return nonSpade
	}
	return all
}

// bruteWinner returns the index in trick of the winning card.
func bruteWinner(trick []int) int {
	best := 0
	for i, c := range trick {
		b := trick[best]
		switch {
		case bruteSuit(c) == bruteSuit(b) && c > b:
			best = i
		case bruteSuit(c) == 3 && bruteSuit(b) != 3:
			best = i
		}
	}
	return best
}

// bruteTricks returns the side's tricks of those left, the current trick included, with
// best play: the side maximises, the others minimise (every card tried; the value of a
// position at the start of a trick kept in a memo).
func bruteTricks(d *bruteDeal) int {
	if len(d.trick) > 0 || len(d.hands) != 4 {
		return bruteMoves(d)
	}
	key := bruteKey{leader: d.leader, broken: d.broken}
	copy(key.hands[:], d.hands)
	copy(key.side[:], d.side)
	if v, ok := d.memo[key]; ok {
		return v
	}
	v := bruteMoves(d)
	if d.memo == nil {
		d.memo = map[bruteKey]int{}
	}
	d.memo[key] = v
	return v
}

// bruteMoves is bruteTricks without the memo: every legal card of the seat to play.
func bruteMoves(d *bruteDeal) int {
	n := len(d.hands)
	m := (d.leader + len(d.trick)) % n
	if d.hands[m] == 0 {
		return 0
	}
	best := -1
	for _, c := range d.bruteLegal(d.hands[m]) {
		v := bruteAfter(d, m, c)
		if best < 0 || d.side[m] && v > best || !d.side[m] && v < best {
			best = v
		}
	}
	return best
}

// bruteAfter is the side's tricks after seat m plays c.
func bruteAfter(d *bruteDeal, m, c int) int {
	n := len(d.hands)
	d.hands[m] &^= 1 << c
	d.trick = append(d.trick, c)
	broken := d.broken
	d.broken = d.broken || bruteSuit(c) == 3
	v := 0
	if len(d.trick) < n {
		v = bruteTricks(d)
	} else {
		trick, leader := d.trick, d.leader
		w := (leader + bruteWinner(trick)) % n
		if d.side[w] {
			v = 1
		}
		d.trick, d.leader = nil, w
		v += bruteTricks(d)
		d.trick, d.leader = trick, leader
	}
	d.trick = d.trick[:len(d.trick)-1]
	d.broken = broken
	d.hands[m] |= 1 << c
	return v
}

// randomEnding deals k cards to each of 4 seats from a random deck and plays played cards of
// the first trick at random.
func randomEnding(rng *rand.Rand, k, played int, rule bool) *bruteDeal {
	deck := rng.Perm(52)
	d := &bruteDeal{hands: make([]uint64, 4), leader: rng.IntN(4), rule: rule, broken: rng.IntN(2) == 0,
		side: []bool{true, false, true, false}}
	for i := 0; i < 4*k; i++ {
		d.hands[i%4] |= 1 << deck[i]
	}
	for len(d.trick) < played {
		m := (d.leader + len(d.trick)) % 4
		legal := d.bruteLegal(d.hands[m])
		c := legal[rng.IntN(len(legal))]
		d.hands[m] &^= 1 << c
		d.trick = append(d.trick, c)
		d.broken = d.broken || bruteSuit(c) == 3
	}
	return d
}

// position converts a brute-force deal to the solver's Position.
func (d *bruteDeal) position(r *validate.Rules) validate.Position {
	p := validate.Position{Leader: d.leader, State: validate.TrickState{Trick: 2, Led: parse.NoSuit, Broken: d.broken}}
	for _, h := range d.hands {
		p.Hands = append(p.Hands, validate.Hand{A: parse.CardSet(h)})
	}
	for _, c := range d.trick {
		p.Played = append(p.Played, parse.Card(c))
		p.State.Play(r, parse.Card(c))
	}
	return p
}

func checkAgainstBrute(t *testing.T, r *validate.Rules, d *bruteDeal) {
	t.Helper()
	p := d.position(r)
	s := validate.NewSolver(r, d.side)
	want := bruteTricks(d)
	require.Equal(t, want, s.Tricks(p), "tricks of %+v", d)
	m := p.Mover()
	cards := s.Cards(p)
	legal := d.bruteLegal(d.hands[m])
	require.Len(t, cards, len(legal), "legal cards of %+v", d)
	for i, ct := range cards {
		require.Equal(t, parse.Card(legal[i]), ct.Card)
		require.Equal(t, bruteAfter(d, m, legal[i]), ct.Tricks, "card %s of %+v", ct.Card, d)
	}
}

// TestSolverSmallEndings compares the solver with the brute force on random endings of 2 to 4
// tricks (FuzzSolverEndings goes to 5), the first trick started or not, with and without the spades-broken rule; with
// every shortcut of the one-deck engine, and with each turned off (each must be exact alone).
func TestSolverSmallEndings(t *testing.T) {
	for cfg := 0; cfg < 8; cfg++ {
		validate.SetDDOff(cfg&1 != 0, cfg&2 != 0, cfg&4 != 0)
		for _, rule := range []bool{false, true} {
			opt := "spades-broken=off"
			if rule {
				opt = "spades-broken=on"
			}
			r := testRules(t, "spades-partnership", []string{opt}, 4)
			rng := rand.New(rand.NewPCG(uint64(cfg), 2))
			for i := 0; i < 50; i++ {
				checkAgainstBrute(t, r, randomEnding(rng, 2+i%3, i%4, rule))
			}
		}
	}
	validate.SetDDOff(false, false, false)
}

// TestSolverGeneralEngine compares the general engine (two decks, cards of no suit, claims)
// with the brute force on the same endings.
func TestSolverGeneralEngine(t *testing.T) {
	validate.SetGeneralEngine(true)
	defer validate.SetGeneralEngine(false)
	for _, rule := range []bool{false, true} {
		opt := "spades-broken=off"
		if rule {
			opt = "spades-broken=on"
		}
		r := testRules(t, "spades-partnership", []string{opt}, 4)
		rng := rand.New(rand.NewPCG(5, 6))
		for i := 0; i < 60; i++ {
			checkAgainstBrute(t, r, randomEnding(rng, 2+i%3, i%4, rule))
		}
	}
}

// FuzzSolverEndings compares the solver with the brute force on random endings of 4 and 5
// tricks (a seed, a trick started or not, the spades-broken rule, solo or partnership).
func FuzzSolverEndings(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, uint8(i), i%2 == 0, i%3 == 0)
	}
	rules := map[bool]*validate.Rules{}
	f.Fuzz(func(t *testing.T, seed uint64, played uint8, rule, solo bool) {
		r, ok := rules[rule]
		if !ok {
			opt := "spades-broken=off"
			if rule {
				opt = "spades-broken=on"
			}
			r = testRules(t, "spades-partnership", []string{opt}, 4)
			rules[rule] = r
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		d := randomEnding(rng, 4+int(played>>2)%2, int(played%4), rule)
		if solo {
			d.side = []bool{false, false, true, false}
		}
		checkAgainstBrute(t, r, d)
	})
}
