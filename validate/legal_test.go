package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// TestLegalAgreesWithJudge: Legal(hand, st) is exactly the set of cards of hand for which
// Judge(hand, c, st) finds no rule broken, for every built-in ruleset and some variants, on
// random hands and trick states (fixed seed: deterministic).
func TestLegalAgreesWithJudge(t *testing.T) {
	cases := []struct {
		name    string
		options []string
		n       int
	}{
		{"hearts", nil, 4}, {"hearts", []string{"queen-breaks-hearts=on"}, 4}, {"hearts", []string{"hearts-broken=off"}, 4},
		{"omnibus", nil, 4}, {"black-jack", nil, 4}, {"black-maria", nil, 3}, {"dirty-lady", nil, 5},
		{"slippery-anne", nil, 6}, {"rickety-kate", nil, 4}, {"rickety-kate-36", nil, 4}, {"cancellation", nil, 6},
		{"spades", nil, 4}, {"spades-partnership", nil, 4}, {"spades", []string{"jokers=high", "spades-broken=on"}, 3},
		{"spades", []string{"jokers=fool", "spades-broken=on"}, 3},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		rules := testRules(t, c.name, c.options, c.n)
		tab := rules.Table
		deck := (tab.Deck | tab.Deck2).Cards()
		for i := 0; i < 3000; i++ {
			var hand validate.Hand
			size := 1 + rng.IntN(tab.HandSize)
			for _, j := range rng.Perm(len(deck))[:size] {
				hand.Add(deck[j])
			}
			st := validate.TrickState{Trick: 1 + rng.IntN(3), Pos: rng.IntN(c.n), Broken: rng.IntN(2) == 0, Led: parse.NoSuit}
			if st.Pos > 0 {
				st.Led = parse.Suit(rng.IntN(5)) // NoSuit: a fool was led and no suited card yet
			}
			legal := rules.Legal(hand, &st)
			for _, card := range hand.Cards() {
				judged := rules.Judge(hand, card, &st) == ""
				if judged != legal.Has(card) {
					t.Fatalf("%s %v n=%d: hand %v, state %+v, card %v: Judge says legal=%v, Legal says %v",
						c.name, c.options, c.n, hand.Cards(), st, card, judged, legal.Has(card))
				}
			}
			if legal&^hand.A != 0 {
				t.Fatalf("%s: Legal returned cards not in hand: %v", c.name, legal&^hand.A)
			}
		}
	}
}
