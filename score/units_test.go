package score

import (
	"testing"

	"github.com/tricks-dev/tricks/rulesets"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDistinctNames: distinctNames says what comparing every pair says, for names that all
// begin differently and for names that share a first byte (or are empty).
func TestDistinctNames(t *testing.T) {
	for _, names := range [][]string{
		nil,
		{"ann"},
		{"ann", "bob", "cat", "dan"},
		{"ann", "bob", "ann"},
		{"ann", "amy", "bob"},
		{"ann", "amy", "ann"},
		{"", "bob"},
		{"", ""},
		{"ann", "an", "a"},
		{"\xffx", "\xffy", "\x00"},
		{"\xffx", "\xffx"},
	} {
		want := true
		for i := range names {
			for j := range i {
				want = want && names[i] != names[j]
			}
		}
		assert.Equal(t, want, distinctNames(names), "%q", names)
	}
}

// TestUnitsOfDistinct: the units' distinctness is the game's when the players are found again
// by their strings' addresses: in a slice reused from game to game (as a reader reuses it),
// with the same strings, other strings of the same names, and a name twice.
func TestUnitsOfDistinct(t *testing.T) {
	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	var sc Scorer
	ann, bob, cat, dan := "ann", "bob", "cat", "dan"
	players := make([]string, 4)
	for _, names := range [][]string{
		{ann, bob, cat, dan},
		{ann, bob, cat, dan},
		{ann, bob, cat, ann},
		{ann, bob, cat, ann},
		{string([]byte(ann)), bob, cat, dan},
		{ann, bob, cat, string([]byte(ann))},
		{ann, bob, cat, dan},
	} {
		copy(players, names)
		units, _ := sc.unitsOf(rs, players)
		assert.Equal(t, names, units)
		assert.Equal(t, distinctNames(names), sc.units.distinct, "%q", names)
	}
}
