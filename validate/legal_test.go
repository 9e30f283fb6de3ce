package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"
)

// TestLegal: on random hands and trick states of every built-in ruleset and some variants
// (fixed seed), Legal allows only cards of the hand and always one at least; a card of the
// suit led may always follow; and Judge names, for each card Legal refuses, a rule that
// applies there: revoke only when following with the led suit in hand, the break rule only on
// a lead, first-trick-penalty only for a penalty card on trick 1.
func TestLegal(t *testing.T) {
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
			require.NotZero(t, legal, "%s %v: hand %v, state %+v: no card may be played", c.name, c.options, hand.Cards(), st)
			for _, card := range hand.Cards() {
				following := st.Pos > 0 && st.Led != parse.NoSuit
				rule := rules.Judge(hand, card, &st)
				ok := false
				switch rule {
				case "":
					ok = legal.Has(card)
				case validate.Revoke:
					ok = following && rules.SuitOf(card) != st.Led && hand.Any(rules.SuitMask(st.Led))
				case validate.HeartsNotBroken, validate.SpadesNotBroken:
					ok = st.Pos == 0 && !st.Broken
				case validate.FirstTrickPenalty:
					ok = following && st.Trick == 1 && tab.Penalty.Has(card) && !hand.Any(rules.SuitMask(st.Led))
				}
				if !ok || (rule == "") != legal.Has(card) || following && rules.SuitOf(card) == st.Led && rule != "" {
					require.FailNowf(t, "Judge and Legal disagree", "%s %v n=%d: hand %v, state %+v, card %v: Judge says %q, Legal allows it: %v",
						c.name, c.options, c.n, hand.Cards(), st, card, rule, legal.Has(card))
				}
			}
			require.Zero(t, legal&^hand.A, "%s: Legal returned cards not in hand", c.name)
		}
	}
}
