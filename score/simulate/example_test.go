package simulate_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// Simulated games are played by the checker's own rules: the same seed gives the same game,
// which the checker finds nothing wrong with, and which the writer writes as a transcript.
func ExampleSimulator() {
	rs, err := rulesets.Builtin("black-maria")
	if err != nil {
		log.Fatal(err)
	}
	sim, err := simulate.New(rs, 3, 42, simulate.Options{})
	if err != nil {
		log.Fatal(err)
	}
	g, err := sim.Game(1)
	if err != nil {
		log.Fatal(err)
	}
	again, _ := simulate.New(rs, 3, 42, simulate.Options{})
	same, _ := again.Game(1)
	text := writer.AppendText(nil, g)
	fmt.Println("the same game again:", bytes.Equal(text, writer.AppendText(nil, same)))

	rp, err := validate.Game(g, rs)
	if err != nil {
		log.Fatal(err)
	}
	violations := 0
	for _, r := range rp.Rounds {
		violations += len(r.Violations)
	}
	res := score.Score(rp)
	fmt.Println("violations:", violations)
	fmt.Println("a winner:", res.Winner != nil)
	// Output:
	// the same game again: true
	// violations: 0
	// a winner: true
}
