package validate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"
)

// TestOffCards checks the look at several cards at a time against one card at a time, for
// every length up to 20 and a card off the deck at every place, with every value it may take.
func TestOffCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 21 {
		cards := make([]parse.Card, n)
		for i := range cards {
			cards[i] = parse.Card(rng.IntN(parse.NumCards))
		}
		require.False(t, validate.OffCards(cards), "n=%d %v", n, cards)
		for i := range cards {
			keep := cards[i]
			for v := range 256 {
				cards[i] = parse.Card(v)
				require.Equal(t, v >= parse.NumCards, validate.OffCards(cards), "n=%d i=%d v=%d", n, i, v)
			}
			cards[i] = keep
		}
		// Every card at the top of the deck, and one past it everywhere.
		for i := range cards {
			cards[i] = parse.NumCards - 1
		}
		require.False(t, validate.OffCards(cards))
		for i := range cards {
			cards[i] = 255
		}
		require.Equal(t, n > 0, validate.OffCards(cards))
	}
}

// TestOffDeck: a round holds a card off the deck wherever it is, in a trick of four (looked
// at inline) or of another length, a deal, a tally or a pass line of three (inline) or of
// another length, and not otherwise.
func TestOffDeck(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	deal := func(n int) []parse.Card {
		cards := make([]parse.Card, n)
		for i := range cards {
			cards[i] = parse.Card(rng.IntN(parse.NumCards))
		}
		return cards
	}
	src := &parse.Round{
		Tricks: []parse.Trick{{Cards: deal(4)}, {Cards: deal(3)}, {Cards: deal(4)}, {Cards: deal(5)}},
		Deal:   []parse.PlayerCards{{Cards: deal(13)}},
		Took:   []parse.PlayerCards{{Cards: deal(2)}},
		Passes: []parse.Pass{{Cards: deal(3)}, {Cards: deal(2)}, {Cards: deal(4)}},
	}
	lists := [][]parse.Card{src.Deal[0].Cards, src.Took[0].Cards}
	for i := range src.Passes {
		lists = append(lists, src.Passes[i].Cards)
	}
	for i := range src.Tricks {
		lists = append(lists, src.Tricks[i].Cards)
	}
	require.False(t, validate.OffDeck(src))
	for _, cards := range lists {
		for i := range cards {
			keep := cards[i]
			for _, v := range []int{parse.NumCards, 63, 64, 127, 128, 255} {
				cards[i] = parse.Card(v)
				require.True(t, validate.OffDeck(src), "%v", cards)
			}
			cards[i] = keep
		}
	}
	require.False(t, validate.OffDeck(src))
}
