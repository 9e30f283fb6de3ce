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

// commentRunes are characters a text comment may hold that a YAML comment cannot carry as
// they are, or that are easily lost: every C0 control but NUL and the line breaks, DEL, every
// C1 control (NEL among them), U+2028 and U+2029, bidi controls, zero-width characters, the
// byte-order mark, non-characters and Unicode spaces.
func commentRunes() []rune {
	var rs []rune
	for r := rune(1); r < 0xA1; r++ {
		if r == '\n' || r == '\r' || r > 0x20 && r < 0x7F {
			continue
		}
		rs = append(rs, r)
	}
	return append(rs, 0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B,
		0x202C, 0x202D, 0x202E, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x3000, 0xFEFF, 0xFFFE, 0xFFFF)
}

// Every comment the text reader takes converts to YAML and to JSON and back as it is: one
// that a YAML comment cannot carry goes in the YAML comment mapping (FORMAT.md).
func TestCommentCharacters(t *testing.T) {
	for _, r := range commentRunes() {
		c := string(r)
		if r == ' ' || r == '\t' { // blanks at a comment's ends are not all kept
			c = "z" + c + "z"
		}
		src := "#" + c + "\ngame hearts # a" + c + "b\n# x" + c + "\nplayers ann bob # " + c + "\noption k=v #" + c + c +
			"\n\n# r" + c + "\nround # " + c + "r\ndeal ann: 2C # d" + c + "\n# t" + c + "\ntrick 2C 3C # t" + c +
			"\nscore ann=1 bob=0 # s" + c + "\n\nround\ntrick 4C 5C # plain\n# end" + c + "\n#" + c + "\n"
		g, err := ParseBytesFormat([]byte(src), "c.tricks", parse.Text)
		require.NoError(t, err, "%U", r)
		require.Len(t, g, 1)
		gc := g[0].Comments
		require.Equal(t, []string{"end" + c, c}, gc.End, "%U", r)
		require.Equal(t, "a"+c+"b", gc.Game.Line, "%U", r)
		require.Equal(t, c+"r", g[0].Rounds[0].Comments.Round.Line, "%U", r)
		text := string(writer.AppendText(nil, g[0]))
		for _, f := range []struct {
			name string
			out  []byte
		}{{"c.yaml", writer.AppendYAML(nil, g[0])}, {"c.json", writer.AppendJSON(nil, g[0])}} {
			back, err := ParseBytesFormat(f.out, f.name, parse.YAML)
			require.NoError(t, err, "%U in %s:\n%s", r, f.name, f.out)
			require.Len(t, back, 1)
			require.Equal(t, text, string(writer.AppendText(nil, back[0])), "%U: text -> %s -> text:\n%s", r, f.name, f.out)
		}
		checkRoundTrip(t, g[0])
	}
}

// The comment lines after a YAML game's last key are its end, also where yaml.v3 gives them
// to the document: after a blank line, or in a game of one key.
func TestYAMLEndComment(t *testing.T) {
	for _, src := range []string{"players: [a]\n# end\n", "game: x\nplayers: [a]\n\n# end\n", "players: [a]\n# end\n---\nplayers: [b]\n"} {
		g, err := ParseBytesFormat([]byte(src), "c.yaml", parse.YAML)
		require.NoError(t, err, src)
		require.NotNil(t, g[0].Comments, src)
		require.Equal(t, []string{"end"}, g[0].Comments.End, src)
	}
}

// Blanks at the end of a comment of a comment mapping are dropped, as text drops them, so
// that the comment converts to text and back as it is.
func TestJSONCommentBlanks(t *testing.T) {
	g, err := ParseBytesFormat([]byte(`{"players": ["a"], "comment": {"players": {"line": "a \t"}, "end": {"before": [" ", "\tb "]}}}`), "c.json", parse.YAML)
	require.NoError(t, err)
	require.Equal(t, "a", g[0].Comments.Players.Line)
	require.Equal(t, []string{"", "\tb"}, g[0].Comments.End)
	checkRoundTrip(t, g[0])
}

// A YAML game's comments on the rounds key, and those of its comment mapping for a statement
// it lacks, go to the next statement in the order the text reader would give them: the
// carried lines before the round line's own.
func TestYAMLCarriedComments(t *testing.T) {
	for _, c := range []struct{ yaml, text string }{
		{"game: hearts\nplayers: [ann, bob, cat, dan]\nrounds:\n  # head of round 1\n  - tricks:\n      - 2C 3C 4C 5C\n" +
			"comment: {\"meta\": {\"before\": [\"mapping: no meta\"]}}\n",
			"game hearts\nplayers ann bob cat dan\n\n# mapping: no meta\n# head of round 1\nround\ntrick 2C 3C 4C 5C\n"},
		{"game: hearts # g\nplayers: [ann, bob, cat, dan]\n# before rounds\nrounds: # on rounds line\n  - tricks:\n      - 2C 3C 4C 5C\n",
			"game hearts # g\nplayers ann bob cat dan\n\n# before rounds\n# on rounds line\nround\ntrick 2C 3C 4C 5C\n"},
	} {
		games, err := ParseBytesFormat([]byte(c.yaml), "c.yaml", parse.YAML)
		require.NoError(t, err, c.yaml)
		require.Equal(t, c.text, string(writer.AppendText(nil, games[0])), c.yaml)
		checkRoundTrip(t, games[0])
	}
}

// TestCommentText: a comment's text is what follows its '#' and one blank, without the blanks
// at its end.
func TestCommentText(t *testing.T) {
	for in, want := range map[string]string{"#": "", "# ": "", "#  \t\r": "", "# a": "a", "#a": "a", "#  a": " a",
		"# a b \t\r": "a b", "#\ta\r": "a", "# \ta": "\ta", "# # x ": "# x", "# é ": "é"} {
		require.Equal(t, want, commentText(in), "%q", in)
	}
}
