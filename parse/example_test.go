package parse_test

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// Cards are read in any of the spellings a transcript may use and written canonically; a
// hand is a set of cards.
func ExampleParseCard() {
	var hand parse.CardSet
	for _, tok := range []string{"QS", "10h", "T♥", "2c", "ah"} {
		c, err := parse.ParseCard(tok)
		if err != nil {
			fmt.Println(err)
			continue
		}
		hand = hand.With(c)
	}
	fmt.Println(hand.Len(), "cards:", hand)
	fmt.Println("hearts:", hand&parse.SuitMask(parse.Hearts))
	_, err := parse.ParseCard("QX")
	fmt.Println(err)
	// Output:
	// 4 cards: 2C TH AH QS
	// hearts: TH AH
	// "QX" is not a card (rank 2-9 T J Q K A, suit C D H S)
}
