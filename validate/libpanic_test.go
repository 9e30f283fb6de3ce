package validate_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// TestLibraryNeverPanics: what a script can build by hand is refused with an error, or
// replayed, never a panic: a card outside the deck's numbering in any statement, a nil
// round, a Validator made as a literal, a Replay of a nil game.
func TestLibraryNeverPanics(t *testing.T) {
	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	bad := parse.Card(60)
	game := func(r *parse.Round) *parse.Game {
		return &parse.Game{Ruleset: "hearts", Players: []string{"a", "b", "c", "d"}, Rounds: []*parse.Round{r}}
	}
	trick := []parse.Card{parse.NewCard(parse.Clubs, 0), bad, parse.NewCard(parse.Clubs, 2), parse.NewCard(parse.Clubs, 3)}
	cases := map[string]*parse.Game{
		"trick":    game(&parse.Round{Tricks: []parse.Trick{{Leader: "a", Cards: trick}}}),
		"deal":     game(&parse.Round{Deal: []parse.PlayerCards{{Player: "a", Cards: []parse.Card{bad}}}}),
		"pass":     game(&parse.Round{Passes: []parse.Pass{{Player: "a", Cards: []parse.Card{bad, 1, 2}}}}),
		"took":     game(&parse.Round{Took: []parse.PlayerCards{{Player: "a", Cards: []parse.Card{bad}}}}),
		"nil":      {Ruleset: "hearts", Players: []string{"a", "b", "c", "d"}, Rounds: []*parse.Round{nil}},
		"no cards": game(&parse.Round{Tricks: []parse.Trick{{Leader: "a"}}}),
	}
	for name, g := range cases {
		t.Run(name, func(t *testing.T) {
			for _, v := range []*validate.Validator{validate.New(), {Diagnose: true}, {}} {
				assert.NotPanics(t, func() { _, _ = v.Replay(g, rs) })
			}
			assert.NotPanics(t, func() { _, _ = validate.Game(g, rs) })
		})
	}
	assert.NotPanics(t, func() { _, _ = validate.Game(nil, rs) })
	assert.NotPanics(t, func() { _, _ = validate.Game(game(&parse.Round{}), nil) })
}
