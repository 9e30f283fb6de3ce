package reader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// A score keeper's comments, on and before every kind of statement, in canonical text.
const commentedText = `# Thursday club, table 3
game hearts # the ruleset
# seats
players ann bob cat dan # clockwise
option target=50 # house rule
# what and when
meta event="Demo # evening" date=2026-11-20 # meta

# pete deals
round dealer=bob # r1
deal ann: 2C 3C # ann's
pass ann: 3D QH 2S
# pete's passes
pass bob: 3C 9C QC # ugh
# the bids
bid ann=4 bob=nil # bids
trick dan: 2C 6D 7C 3C # first
# the QD trick
trick QD 4D 5D 2D
claim dan # rest
# bob shot the moon
moon bob new # shot
# score it
score ann=7 bob=0 cat=4 dan=15 # sc
total ann=7 bob=0 cat=4 dan=15 # tot

round # no dealer written
# first took
took ann: QS # took
tricks ann=3 # taken

round
# before the first trick
trick 2C 3C 4C 5C
# the end
`

func TestCommentsKept(t *testing.T) {
	g := parseOne(t, commentedText, "c.tricks")
	require.Equal(t, "Thursday club, table 3", g.Comments.Game.Before[0])
	require.Equal(t, "the ruleset", g.Comments.Game.Line)
	require.Equal(t, []string{"the end"}, g.Comments.End)
	r := g.Rounds[0]
	require.Equal(t, parse.Comments{Before: []string{"pete deals"}, Line: "r1"}, r.Comments.Round)
	require.Equal(t, &parse.Comments{Before: []string{"pete's passes"}, Line: "ugh"}, r.Passes[1].Comments)
	require.Nil(t, r.Passes[0].Comments)
	require.Equal(t, &parse.Comments{Before: []string{"the QD trick"}}, r.Tricks[1].Comments)
	require.Equal(t, "first", r.Tricks[0].Comments.Line)
	require.Equal(t, commentedText, string(writer.AppendText(nil, g)), "canonical text with comments")

	y, err := ParseBytesFormat(writer.AppendYAML(nil, g), "c.yaml", parse.YAML)
	require.NoError(t, err)
	require.Equal(t, commentedText, string(writer.AppendText(nil, y[0])), "text -> YAML -> text")

	j, err := ParseBytesFormat(writer.AppendJSON(nil, g), "c.json", parse.YAML)
	require.NoError(t, err)
	require.Equal(t, commentedText, string(writer.AppendText(nil, j[0])), "text -> JSON -> text")
}

// A JSON comment holds what a text comment may hold, controls such as a tab too, but not a
// line break, which would end the comment's line in text, nor NUL.
func TestJSONCommentText(t *testing.T) {
	game := func(line string) string {
		return `{"players": ["a", "b"], "comment": {"players": {"line": "` + line + `"}}}`
	}
	g, err := ParseBytesFormat([]byte(game(`tab\there\u001b[1m\u0085`)), "c.json", parse.YAML)
	require.NoError(t, err)
	require.Equal(t, "tab\there\x1b[1m\u0085", g[0].Comments.Players.Line)
	require.Equal(t, "players a b # tab\there\x1b[1m\u0085\n", string(writer.AppendText(nil, g[0])))
	for esc, msg := range map[string]string{`\n`: "U+000A", `\r`: "U+000D", `\u0000`: "U+0000"} {
		_, err := ParseBytesFormat([]byte(game("a"+esc+"b")), "c.json", parse.YAML)
		require.ErrorContains(t, err, "c.json:1:57: control character "+msg+" in a comment")
	}
	_, err = ParseBytesFormat([]byte(`{"players": ["a"], "comment": {"end": {"before": ["x\ny"]}}}`), "c.json", parse.YAML)
	require.ErrorContains(t, err, "control character U+000A in a comment line")
}

// A GameBuffer's game after one with comments has none of them.
func TestCommentsReset(t *testing.T) {
	var buf GameBuffer
	plain := "game hearts\nplayers ann bob cat dan\n\nround\ntrick 2C 3C 4C 5C\ntrick QD 4D 5D 2D\n"
	for _, src := range []string{commentedText, plain} {
		g, err := parsePending(t, src, &buf)
		require.NoError(t, err)
		if src == plain {
			require.Equal(t, plain, string(writer.AppendText(nil, g)))
		}
	}
}

// parsePending parses the one game of text src into buf, through NextPending.
func parsePending(t *testing.T, src string, buf *GameBuffer) (*parse.Game, error) {
	rd := NewReader(strings.NewReader(src), "c.tricks", parse.Text)
	var p Pending
	require.NoError(t, rd.NextPending(&p))
	return p.Parse(buf)
}
