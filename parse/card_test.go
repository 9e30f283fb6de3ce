package parse

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// tableCard is the table lookup the readers use (spell.CardOf), as a Card.
func tableCard(tok string) (Card, bool) {
	n, ok := spell.CardOf(tok)
	return Card(n), ok
}

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"2C", NewCard(Clubs, 0)},
		{"2c", NewCard(Clubs, 0)},
		{"9D", NewCard(Diamonds, 7)},
		{"TH", NewCard(Hearts, 8)},
		{"th", NewCard(Hearts, 8)},
		{"10H", NewCard(Hearts, 8)},
		{"10h", NewCard(Hearts, 8)},
		{"JS", NewCard(Spades, 9)},
		{"qs", NewCard(Spades, 10)},
		{"Kd", NewCard(Diamonds, 11)},
		{"aC", NewCard(Clubs, 12)},
		{"Q♠", NewCard(Spades, 10)},
		{"Q♤", NewCard(Spades, 10)},
		{"5♥", NewCard(Hearts, 3)},
		{"5♡", NewCard(Hearts, 3)},
		{"5♥\uFE0F", NewCard(Hearts, 3)},
		{"A♦", NewCard(Diamonds, 12)},
		{"A♢", NewCard(Diamonds, 12)},
		{"10♣", NewCard(Clubs, 8)},
		{"J♧", NewCard(Clubs, 9)},
		{"BJ", BigJoker},
		{"bj", BigJoker},
		{"LJ", LittleJoker},
		{"lJ", LittleJoker},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c, err := ParseCard(tt.in)
			require.NoError(t, err)
			require.Equal(t, tt.want, c)
			c2, ok := tableCard(tt.in)
			require.True(t, ok)
			require.Equal(t, tt.want, c2)
		})
	}
}

func TestParseCardRejects(t *testing.T) {
	for _, in := range []string{"", "2", "X", "QX", "1C", "11C", "1OH", "10", "QHH", "2CC", "C2",
		"♥Q", "J", "BJJ", "JB", "LB", "0C", "1H", "ZZ", "-", "2C,", "Q♥♥", "Q\uFE0F"} {
		t.Run(in, func(t *testing.T) {
			_, err := ParseCard(in)
			require.EqualError(t, err, CardError(in))
			_, ok := tableCard(in)
			require.False(t, ok)
		})
	}
}

func TestCardCanonicalSpelling(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		s := c.String()
		back, err := ParseCard(s)
		require.NoError(t, err)
		require.Equal(t, c, back)
		if c < 52 {
			require.Equal(t, string(spell.RankLetters[c%13])+string(spell.SuitLetters[c/13]), s)
		}
	}
	require.Equal(t, "??", Card(NumCards).String())
	require.Zero(t, testing.AllocsPerRun(10, func() { _ = Card(37).String() }), "a card's spelling is a piece of a constant")
}

func TestParseBid(t *testing.T) {
	tests := []struct {
		in   string
		want Bid
	}{
		{"0", Bid{N: 0}},
		{"4", Bid{N: 4}},
		{"13", Bid{N: 13}},
		{"nil", Bid{Nil: true}},
		{"NIL", Bid{Nil: true}},
		{"b3", Bid{N: 3, Blind: true}},
		{"B7", Bid{N: 7, Blind: true}},
		{"b0", Bid{N: 0, Blind: true}},
		{"bnil", Bid{Nil: true, Blind: true}},
	}
	for _, tt := range tests {
		b, ok := ParseBid(tt.in)
		require.True(t, ok, tt.in)
		require.Equal(t, tt.want, b, tt.in)
	}
	for _, in := range []string{"", "b", "-1", "+3", "nill", "bb3", "3b", "n", "b-1", "1.5", "99999999999", "bnil0"} {
		_, ok := ParseBid(in)
		require.False(t, ok, in)
	}
	canon := map[string]string{"NIL": "nil", "B7": "b7", "b0": "b0", "bnil": "bnil", "0": "0", "007": "7"}
	for in, want := range canon {
		b, ok := ParseBid(in)
		require.True(t, ok)
		require.Equal(t, want, b.String())
	}
}
