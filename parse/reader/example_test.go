package reader_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
)

// Read the games of a transcript one at a time: a game that cannot be read is reported with
// its position and the next games are still read.
func ExampleReader() {
	text := `game hearts
players ann bob cat dan
round
took ann: QS 2H
---
game hearts
players ann bob cat dan
round
took ann: QX
---
game black-maria
players ann bob cat
round
score ann=43 bob=0 cat=0
`
	games := reader.NewReader(strings.NewReader(text), "night.tricks", parse.Auto)
	for {
		g, err := games.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("game", g.Index, "error:", err)
			continue
		}
		fmt.Println("game", g.Index, g.Ruleset, g.Players, len(g.Rounds), "round")
	}
	// Output:
	// game 1 hearts [ann bob cat dan] 1 round
	// game 2 error: night.tricks:9:11: "QX" is not a card (rank 2-9 T J Q K A, suit C D H S)
	// game 3 black-maria [ann bob cat] 1 round
}
