package rulesets_test

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// textOf returns a string of b's bytes without a copy, as a reader hands out a game's text:
// writing b then changes it, as the reader's reading later input into a released game's
// memory does (parse.Pending.Release).
func textOf(b []byte) string { return unsafe.String(&b[0], len(b)) }

// TestRulesetKeepsNoStringOfAGame: a ruleset set from a game's option lines, and the
// resolver's memory of the last game's rules, hold copies: when the game's text is read over,
// the ruleset keeps its values, and the next game, whose option lines equal what the old text
// now says, gets its own rules, not the last game's.
func TestRulesetKeepsNoStringOfAGame(t *testing.T) {
	text := []byte("hearts moon new")
	game := func(name, moon string) *parse.Game {
		return &parse.Game{Ruleset: name, Options: []parse.KV{{Key: "moon", Value: moon}}}
	}
	r := rulesets.NewResolver(rulesets.Choice{})
	first, err := r.Resolve(game(textOf(text[:6]), textOf(text[12:])))
	require.NoError(t, err)
	require.Equal(t, rulesets.MoonNew, first.Moon)
	copy(text[12:], "old") // the text read over
	require.Equal(t, rulesets.MoonNew, first.Moon, "the ruleset keeps its value")
	second, err := r.Resolve(game("hearts", "old"))
	require.NoError(t, err)
	require.Equal(t, rulesets.MoonOld, second.Moon, "the next game's own rules, not the last's")

	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	rs = rs.Clone()
	value := []byte("choice")
	require.NoError(t, rs.Set("moon", textOf(value)))
	copy(value, "xxxxxx")
	require.Equal(t, rulesets.MoonChoice, rs.Moon, "Set keeps no part of the text")
}
