package validate_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"
)

// TestWinningAgreesWithWinner: Winning(cards, led, set) is exactly the cards c of set with
// which the trick cards+c is won by c (Winner), on random partial tricks of every kind of
// table: trumps, jokers high and fools, two decks with cancellation (fixed seed).
func TestWinningAgreesWithWinner(t *testing.T) {
	cases := []struct {
		name    string
		options []string
		n       int
	}{
		{"hearts", nil, 4}, {"black-maria", nil, 3}, {"cancellation", nil, 6}, {"cancellation", nil, 10},
		{"spades", nil, 4}, {"spades", []string{"jokers=high"}, 3}, {"spades", []string{"jokers=fool"}, 3},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range cases {
		rules := testRules(t, c.name, c.options, c.n)
		deck := (rules.Table.Deck | rules.Table.Deck2).Cards()
		won := 0
		for i := 0; i < 3000; i++ {
			cards := make([]parse.Card, 1+rng.IntN(c.n-1))
			for k := range cards {
				cards[k] = deck[rng.IntN(len(deck))]
			}
			var set parse.CardSet
			for k := rng.IntN(8); k >= 0; k-- {
				set = set.With(deck[rng.IntN(len(deck))])
			}
			got := rules.Winning(cards, rules.LedSuit(cards), set)
			for _, card := range set.Cards() {
				trial := append(append([]parse.Card(nil), cards...), card)
				want := rules.Winner(trial, rules.LedSuit(trial)) == len(cards)
				if got.Has(card) != want {
					require.FailNowf(t, "Winning and Winner disagree", "%s %v n=%d: %v then %v: Winning says %v, Winner %v", c.name, c.options, c.n, cards, card, got.Has(card), want)
				}
				if want {
					won++
				}
			}
			require.Zero(t, got&^set, "%s: Winning returned cards not asked about", c.name)
		}
		require.NotZero(t, won, "%s: no card ever won: the test says nothing", c.name)
	}
}

// testRules compiles a built-in ruleset with options k=v at a table of n.
func testRules(t *testing.T, name string, options []string, n int) *validate.Rules {
	t.Helper()
	rs, err := rulesets.Load(name)
	require.NoError(t, err)
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		require.NoError(t, rs.Set(k, v))
	}
	tab, err := rs.Table(n)
	require.NoError(t, err)
	return validate.NewRules(tab)
}

// TestWinnerSuitedLead: with one deck and a suited lead, Winner is the first of the highest
// trumps, else of the highest cards of the suit led, by Power: on random tricks of one to
// eight cards (four most often, which Winner reads in one word), cards repeated too.
func TestWinnerSuitedLead(t *testing.T) {
	cases := []struct {
		name    string
		options []string
		n       int
	}{{"hearts", nil, 4}, {"spades", nil, 4}, {"spades", []string{"jokers=high"}, 3}, {"black-maria", nil, 3}}
	rng := rand.New(rand.NewPCG(26, 4))
	for _, c := range cases {
		rules := testRules(t, c.name, c.options, c.n)
		deck := rules.Table.Deck.Cards()
		for i := 0; i < 20000; i++ {
			cards := make([]parse.Card, 4)
			if i%3 == 0 {
				cards = make([]parse.Card, 1+rng.IntN(8))
			}
			for k := range cards {
				cards[k] = deck[rng.IntN(len(deck))]
				if k > 0 && rng.IntN(8) == 0 {
					cards[k] = cards[rng.IntN(k)] // a card played twice: the first wins ties
				}
			}
			led := rules.SuitOf(cards[0])
			if led == parse.NoSuit {
				continue
			}
			want := 0
			rank := func(c parse.Card) int { // the order Winner goes by: trumps, then the suit led
				switch s := rules.SuitOf(c); {
				case rules.Trump() != parse.NoSuit && s == rules.Trump():
					return 200 + rules.Power(c)
				case s == led:
					return 100 + rules.Power(c)
				}
				return -1
			}
			for k, card := range cards {
				if rank(card) > rank(cards[want]) {
					want = k
				}
			}
			require.Equal(t, want, rules.Winner(cards, led), "%s %v: %v", c.name, c.options, cards)
		}
	}
}
