package parse

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The comments of the statements a game does not have go to the next statement it has, and
// those after its last statement to its end: where the text reader puts them.
func TestSettleComments(t *testing.T) {
	g := &Game{
		Players:  []string{"ann", "bob"},
		Comments: &GameComments{Game: Comments{Before: []string{"no game line"}, Line: "its line"}, Meta: Comments{Line: "no meta"}},
		Rounds: []*Round{
			{
				Tricks:   []Trick{{Cards: []Card{0, 1}}},
				Comments: &RoundComments{Bids: Comments{Line: "no bids"}, Score: Comments{Before: []string{"no score"}}},
			},
			{Took: []PlayerCards{{Player: "ann"}}, Comments: &RoundComments{Total: Comments{Line: "no total"}}},
		},
	}
	g.SettleComments()
	require.Equal(t, Comments{Before: []string{"no game line", "its line"}}, g.Comments.Players)
	require.Equal(t, Comments{}, g.Comments.Game)
	require.Equal(t, Comments{Before: []string{"no meta"}}, g.Rounds[0].Comments.Round)
	require.Equal(t, &Comments{Before: []string{"no bids"}}, g.Rounds[0].Tricks[0].Comments)
	require.Equal(t, Comments{Before: []string{"no score"}}, g.Rounds[1].Comments.Round)
	require.Equal(t, []string{"no total"}, g.Comments.End)

	again := *g.Comments
	g.SettleComments() // settled: nothing moves
	require.Equal(t, again, *g.Comments)
}

// Settled leaves a game whose comments are all on statements it has as it is, and settles a
// copy of any other, the game itself untouched.
func TestSettled(t *testing.T) {
	plain := &Game{Players: []string{"ann"}, Comments: &GameComments{Players: Comments{Line: "x"}}}
	require.Same(t, plain, plain.Settled())

	r := &Round{Tricks: []Trick{{Cards: []Card{0}, Comments: &Comments{Line: "t"}}},
		Comments: &RoundComments{Score: Comments{Before: []string{"no score"}}}}
	g := &Game{Players: []string{"ann"}, Rounds: []*Round{r}}
	s := g.Settled()
	require.NotSame(t, g, s)
	require.Equal(t, []string{"no score"}, s.Comments.End)
	require.Nil(t, g.Comments, "the game itself is left as it is")
	require.Equal(t, []string{"no score"}, r.Comments.Score.Before)
	require.Same(t, s, s.Settled(), "a settled game is settled")
}
