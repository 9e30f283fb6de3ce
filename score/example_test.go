package score_test

import (
	"fmt"
	"log"

	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// One round of Hearts, all 13 tricks (the hands are inferred from the play).
const night = `game hearts
players ann bob cat dan
option target=10
round
trick dan: 2C KC QC 6C
trick 6S TS 8S QS
trick KD 5D QD 2D
trick 7C AC 8C 5C
trick TD 8D 9D AD
trick 3C 2S JC 4C
trick 3D 7D 6D JD
trick 5S KS AS 4S
trick 6H KH 4H 9H
trick 9C AH 9S 2H
trick 3S JS 7S QH
trick TH 3H 5H 7H
trick 8H 4D JH TC
`

// scoreText checks and scores the games of a transcript as `tricks score` does, under the
// choice's rules.
func scoreText(text string, choice rulesets.Choice) []*score.Result {
	games, err := reader.ParseBytes([]byte(text), "night.tricks")
	if err != nil {
		log.Fatal(err)
	}
	rules := rulesets.NewResolver(choice)
	var out []*score.Result
	for _, g := range games {
		rs, err := rules.Resolve(g)
		if err != nil {
			log.Fatal(err)
		}
		rp, err := validate.Game(g, rs)
		if err != nil {
			log.Fatal(err)
		}
		out = append(out, score.Score(rp))
	}
	return out
}

// Score a transcript: the points of each round, the totals and the winner.
func Example() {
	for _, res := range scoreText(night, rulesets.Choice{}) {
		for _, r := range res.Rounds {
			fmt.Println("round", r.Round, "points", r.Points.Vals)
		}
		fmt.Println("totals", res.Totals.Keys, res.Totals.Vals)
		if res.Winner != nil {
			fmt.Println("winner", *res.Winner)
		}
	}
	// Output:
	// round 1 points [5 0 2 19]
	// totals [ann bob cat dan] [5 0 2 19]
	// winner bob
}

// List the violations of a game: illegal plays and transcript errors, with their positions.
func Example_violations() {
	const slip = `game hearts
players ann bob cat dan
round
trick ann: 2C 3C 4C 5C
trick dan: 6D 7D 2H AD
trick cat: 2S 3S QS 4S
trick ann: 9D 8D TD JD
`
	for _, res := range scoreText(slip, rulesets.Choice{}) {
		for _, v := range res.Violations {
			fmt.Printf("%d:%d: %s: %s\n", v.Pos.Line, v.Pos.Col, v.Rule, v.Msg)
		}
	}
	// Output:
	// 5:18: revoke: bob played 2H on a D lead while holding D
	// 7:1: incomplete-round: round 1 has 4 of 13 tricks
}

// Compare rulesets: the same recorded play scored under two of them.
func Example_compare() {
	for _, name := range []string{"hearts", "black-maria"} {
		choice, err := rulesets.NewChoice(name, nil)
		if err != nil {
			log.Fatal(err)
		}
		res := scoreText(night, choice)[0]
		fmt.Println(name, res.Totals.Vals)
	}
	// Output:
	// hearts [5 0 2 19]
	// black-maria [5 0 19 19]
}
