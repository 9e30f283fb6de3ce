package validate_test

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// Replay a game and list its violations, each at its place: here cat discards on a club lead (trick 1, won by dan)
// and plays a club later, a revoke.
func ExampleGame() {
	games, err := reader.ParseBytes([]byte(`game hearts
players ann bob cat dan
option pass=none
round
trick ann: 2C 3C 7S 5C
trick dan: 6C 8C 9C TC
`), "club.tricks")
	if err != nil {
		panic(err)
	}
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	if err != nil {
		panic(err)
	}
	rp, err := validate.Game(games[0], rs)
	if err != nil {
		panic(err)
	}
	for _, v := range rp.Rounds[0].Violations {
		fmt.Printf("%d:%d %s %s: %s\n", v.Pos.Line, v.Pos.Col, v.Rule, v.Player, v.Msg)
	}
	// Output:
	// 5:18 revoke cat: cat played 7S on a C lead while holding C
	// 6:1 incomplete-round : round 1 has 2 of 13 tricks
}
