package reader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/writer"
)

// Score and total lines may name a partnership side without quotes (ann+cat), the way
// results name sides; the writer spells it so, and reading it back gives the same model.
func TestSideNamesOnScoreLines(t *testing.T) {
	src := `game spades-partnership
players ann bob cat dan
round
bid ann=3 bob=3 cat=3 dan=4
tricks ann=3 bob=3 cat=3 dan=4
score ann+cat=60 "bob+dan"=70
total ann+cat=60 bob+dan=70
`
	g := parseOne(t, src, "p.tricks")
	r := g.Rounds[0]
	require.Equal(t, []string{"ann+cat", "bob+dan"}, []string{r.Score[0].Player, r.Score[1].Player})
	require.Equal(t, []int{60, 70}, []int{r.Score[0].N, r.Score[1].N})
	require.Equal(t, "ann+cat", r.Total[0].Player)
	require.Equal(t, 7, r.Score[0].Pos.Col)

	text := string(writer.AppendText(nil, g))
	require.Contains(t, text, "\nscore ann+cat=60 bob+dan=70\n")
	require.Contains(t, text, "\ntotal ann+cat=60 bob+dan=70\n")
	again := parseOne(t, text, "p.tricks")
	require.Equal(t, text, string(writer.AppendText(nil, again)))

	// A side whose names need quotes is quoted whole; a dangling + is not a name.
	g.Rounds[0].Score[0].Player = "Mary Ann+cat"
	require.Contains(t, string(writer.AppendText(nil, g)), `score "Mary Ann+cat"=60`)
	for _, bad := range []string{"score ann+=3\n", "score +cat=3\n", "tricks ann+cat=3\n"} {
		_, err := ParseBytes([]byte("game spades\nplayers ann bob cat dan\nround\n"+bad), "b.tricks")
		require.Error(t, err, bad)
		require.True(t, strings.HasPrefix(err.Error(), "b.tricks:4:"), err.Error())
	}
}
