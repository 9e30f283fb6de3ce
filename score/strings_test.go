package score_test

import (
	"os"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/score"
)

// TestScorerKeepsNoStringOfAGame: what a Scorer keeps of a game's players for the next game
// (the partnerships it found) is checked against copies of the names, not the game's
// strings: when the game's text is read over (parse.Pending.Release), a next game whose names
// equal what the old text now says gets partnerships of its own names.
func TestScorerKeepsNoStringOfAGame(t *testing.T) {
	src, err := os.ReadFile("../testdata/golden/spades-partnership.tricks")
	require.NoError(t, err)
	rp := game(t, string(src))
	require.Equal(t, []string{"ann", "bob", "cat", "dan"}, rp.Players)
	text := []byte("ann bob cat dan")
	names := make([]string, 4)
	for i := range names {
		names[i] = unsafe.String(&text[4*i], 3) // strings of the text, without a copy
	}
	rp.Players = names
	sc := score.NewScorer(rp)
	require.Equal(t, []string{"ann+cat", "bob+dan"}, sc.Score(rp).Sides)
	copy(text, "eve fay gus hal") // the text read over
	rp.Players = []string{"eve", "fay", "gus", "hal"}
	require.Equal(t, []string{"eve+gus", "fay+hal"}, sc.Score(rp).Sides)
}
