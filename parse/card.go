package parse

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// Suit is a card suit. The order C D H S is the order of Card values.
type Suit uint8

// The suits, and NoSuit for jokers (whose suit, if any, the ruleset decides).
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	NoSuit
)

const suitLetters = spell.SuitLetters

// String returns the suit letter: C, D, H, S ("-" for NoSuit).
func (s Suit) String() string {
	if s < NoSuit {
		return suitLetters[s : s+1]
	}
	return "-"
}

// Card is a playing card as a small integer: suit*13 + rank, with rank 0 for the
// deuce and 12 for the ace. The two jokers follow the 52 suited cards.
type Card uint8

// The jokers, the number of distinct cards, and NoCard (a sentinel, never in a set).
const (
	LittleJoker Card = 52
	BigJoker    Card = 53
	NumCards         = 54
	NoCard      Card = 255
)

// NewCard returns the card of rank r (0 = deuce .. 12 = ace) in suit s.
func NewCard(s Suit, r int) Card { return Card(int(s)*13 + r) }

// Suit returns the card's suit, NoSuit for a joker.
func (c Card) Suit() Suit {
	if c >= 52 {
		return NoSuit
	}
	return Suit(c / 13)
}

// Rank returns 0 (deuce) .. 12 (ace); 13 for the little joker and 14 for the big one.
func (c Card) Rank() int {
	if c >= 52 {
		return int(c) - 52 + 13
	}
	return int(c % 13)
}

// IsJoker reports whether c is one of the two jokers.
func (c Card) IsJoker() bool { return c == LittleJoker || c == BigJoker }

// cardNames spells the 52 cards in order, two letters each: String hands out a piece of it.
const cardNames = "2C3C4C5C6C7C8C9CTCJCQCKCAC2D3D4D5D6D7D8D9DTDJDQDKDAD2H3H4H5H6H7H8H9HTHJHQHKHAH2S3S4S5S6S7S8S9STSJSQSKSAS"

// String returns the canonical spelling: rank letter then suit letter ("QS", "TH"), or "LJ"/"BJ".
func (c Card) String() string {
	switch {
	case c < 52:
		return cardNames[2*c : 2*c+2]
	case c == LittleJoker:
		return "LJ"
	case c == BigJoker:
		return "BJ"
	}
	return "??"
}

// MarshalText implements encoding.TextMarshaler.
func (c Card) MarshalText() ([]byte, error) {
	if c >= NumCards {
		return nil, fmt.Errorf("invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with the lax spellings of ParseCard.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// parseCardFast is ParseCard without the error.
func parseCardFast(tok string) (Card, bool) {
	n, ok := spell.Card(tok)
	return Card(n), ok
}

// CardError is the message for a token that is not a card.
func CardError(tok string) string {
	return Quote(tok) + " is not a card (rank 2-9 T J Q K A, suit C D H S)"
}

// ParseCard reads one card token. It accepts upper or lower case, "10" for "T", and the
// suit symbols ♣ ♦ ♥ ♠ (and their white forms ♧ ♢ ♡ ♤) in place of the letters.
// Jokers are "BJ" (big) and "LJ" (little).
func ParseCard(tok string) (Card, error) {
	if c, ok := parseCardFast(tok); ok {
		return c, nil
	}
	return NoCard, fmt.Errorf("%s", CardError(tok))
}

// CardSet is a set of distinct cards: bit c is set when card c is in the set.
type CardSet uint64

// Set returns a set holding the given cards.
func Set(cards ...Card) CardSet {
	var s CardSet
	for _, c := range cards {
		s |= 1 << c
	}
	return s
}

// SuitMask returns the set of all 13 cards of suit s (empty for NoSuit).
func SuitMask(s Suit) CardSet {
	if s >= NoSuit {
		return 0
	}
	return CardSet(0x1FFF) << (13 * uint(s))
}

// FullDeck is the 52 suited cards; Jokers the two jokers.
const (
	FullDeck CardSet = 1<<52 - 1
	Jokers   CardSet = 1<<LittleJoker | 1<<BigJoker
)

// Has reports whether c is in the set.
func (s CardSet) Has(c Card) bool { return c < NumCards && s&(1<<c) != 0 }

// With returns the set with c added.
func (s CardSet) With(c Card) CardSet { return s | 1<<c }

// Without returns the set with c removed.
func (s CardSet) Without(c Card) CardSet { return s &^ (1 << c) }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Lowest returns the lowest card in the set, NoCard when empty.
func (s CardSet) Lowest() Card {
	if s == 0 {
		return NoCard
	}
	return Card(bits.TrailingZeros64(uint64(s)))
}

// Cards returns the cards of the set in ascending order.
func (s CardSet) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for s != 0 {
		c := Card(bits.TrailingZeros64(uint64(s)))
		out = append(out, c)
		s &= s - 1
	}
	return out
}

// String lists the cards in ascending order, separated by spaces.
func (s CardSet) String() string { return JoinCards(s.Cards()) }

// JoinCards writes cards in canonical spelling, separated by single spaces.
func JoinCards(cards []Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
