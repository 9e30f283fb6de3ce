package rulesets_test

import (
	"fmt"

	"github.com/tricks-dev/tricks/rulesets"
)

// A built-in ruleset with a house rule on top, as `-r black-maria -o moon=new` gives it.
func ExampleBuiltin() {
	rs, err := rulesets.Builtin("black-maria")
	if err != nil {
		panic(err)
	}
	if err := rs.Set("moon", "new"); err != nil {
		panic(err)
	}
	t, err := rs.Table(4)
	if err != nil {
		panic(err)
	}
	moon, _ := rs.Get("moon")
	fmt.Println(rs.Name, "moon:", moon, "- 4 players:", t.HandSize, "cards each, T =", t.T)
	fmt.Println(rs.Moon == rulesets.MoonNew)
	// Output:
	// black-maria moon: new - 4 players: 13 cards each, T = 43
	// true
}
