package writer

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
)

// marshalString is encoding/json's spelling of s, without HTML escaping (as the command's
// other JSON output).
func marshalString(t *testing.T, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(s))
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// rawRefused reports whether r is a character appendJSONString escapes beyond encoding/json:
// what the readers refuse raw in a string.
func rawRefused(r rune) bool {
	return r == 0x7f || r >= 0x80 && r < 0xA0 || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF
}

// Strings are escaped as encoding/json escapes them, byte for byte, and beyond it only what
// the readers refuse raw; either way json.Unmarshal gives back what encoding/json's spelling
// gives (invalid UTF-8 as U+FFFD), and the output holds no raw control, DEL or C1.
func TestJSONString(t *testing.T) {
	cases := []string{"", "ann", "Mary Ann", `say "hi"`, `back\slash`, "<stdin> & co", "tab\there",
		"line\nbreak\r\n", "\b\f\x00\x01\x1f", "del\x7f", "nel\u0085 c1\u009b", "ls\u2028ps\u2029",
		"bom\ufeff", "nonchar\ufffe\uffff", "bidi\u202eevil\u200b", "é漢字😀", "caf\xe9", "\xff\xfe",
		"trunc\xe6\xbc", "\xed\xa0\x80 surrogate", "# not a comment", "a+b"}
	for c := 0; c < 256; c++ {
		cases = append(cases, "x"+string([]byte{byte(c)})+"y")
	}
	for r := rune(0x80); r < 0x3000; r++ {
		cases = append(cases, string(r))
	}
	for _, s := range cases {
		got := appendJSONString([]byte("prefix"), s)
		require.True(t, bytes.HasPrefix(got, []byte("prefix")))
		got = got[len("prefix"):]
		require.True(t, json.Valid(got), "%q -> %s", s, got)
		want := marshalString(t, s)
		var back, wantBack string
		require.NoError(t, json.Unmarshal(got, &back))
		require.NoError(t, json.Unmarshal(want, &wantBack))
		require.Equal(t, wantBack, back, "%q", s)
		if !strings.ContainsFunc(s, rawRefused) {
			require.Equal(t, string(want), string(got), "%q: not encoding/json's spelling", s)
		}
		for _, r := range string(got) {
			require.False(t, r < 0x20 || rawRefused(r) || r == 0x2028 || r == 0x2029, "%q -> %s: raw %U", s, got, r)
		}
		require.True(t, utf8.Valid(got), "%q -> %s", s, got)
	}
}

// smallGame is a game with a comment at each kind of statement that has one.
const smallGame = `# Friday at Pete's
game hearts # the usual
players ann bob cat dan
option target=50

# first hand
round dealer=ann # shuffled twice
pass ann: 2C 3C 4C # a tab	inside
trick bob: 2D 3D 4D 5D
# pete shot the moon
trick 6D 7D 8D 9D
took bob: -
score ann=0 bob=13 cat=0 dan=0 # checked
# the end
`

// The JSON of a small game with comments, as FORMAT.md shows it, reads back to the same
// game: its canonical text again, byte for byte.
func TestJSONSmallGame(t *testing.T) {
	games, err := reader.ParseBytesFormat([]byte(smallGame), "small.tricks", parse.Text)
	require.NoError(t, err)
	require.Len(t, games, 1)
	got := string(AppendJSON(nil, games[0]))
	want := `{"game":"hearts","players":["ann","bob","cat","dan"],"options":{"target":"50"},` +
		`"rounds":[{"dealer":"ann","pass":{"ann":"2C 3C 4C"},"tricks":[{"bob":"2D 3D 4D 5D"},"6D 7D 8D 9D"],` +
		`"took":{"bob":""},"score":{"ann":0,"bob":13,"cat":0,"dan":0},` +
		`"comment":{"round":{"before":["first hand"],"line":"shuffled twice"},"pass ann":{"line":"a tab\tinside"},` +
		`"trick 2":{"before":["pete shot the moon"]},"score":{"line":"checked"}}}],` +
		`"comment":{"game":{"before":["Friday at Pete's"],"line":"the usual"},"end":{"before":["the end"]}}}`
	require.Equal(t, want, got)
	back, err := reader.ParseBytesFormat([]byte(got), "small.json", parse.YAML)
	require.NoError(t, err)
	require.Len(t, back, 1)
	require.Equal(t, smallGame, string(AppendText(nil, back[0])))
}

// Names, values and comments that need escapes read back as they were: every string of the
// game goes through appendJSONString, and the reader unescapes it.
func TestJSONHostileStrings(t *testing.T) {
	src := "# before\x01the game\u0085\u2028\n" +
		"game hearts\n" +
		"players \"a\u202eb\" \"Mary \\\"Ann\\\"\" \"c\u0085\u2028\ufeff\" \"d\\\\e\u200b\" # line\x7f\u2029\n" +
		"option \"odd key\"=\"v #\\\" w\"\n" +
		"meta \"\u009bk\"=\"caf\u00e9\uffff\"\n" +
		"\nround dealer=\"a\u202eb\"\n" +
		"pass \"a\u202eb\">\"Mary \\\"Ann\\\"\": 2C\n" +
		"trick \"c\u0085\u2028\ufeff\": 3C 4C 5C 6C # \tx\x1b[31m\n" +
		"moon \"d\\\\e\u200b\" new\n" +
		"score \"a\u202eb\"=-3 \"Mary \\\"Ann\\\"\"=0\n" +
		"\nround tiebreak \"a\u202eb\" \"d\\\\e\u200b\"\n"
	games, err := reader.ParseBytesFormat([]byte(src), "hostile.tricks", parse.Text)
	require.NoError(t, err)
	require.Len(t, games, 1)
	text := AppendText(nil, games[0])
	j := AppendJSON(nil, games[0])
	require.True(t, json.Valid(j), "%s", j)
	var probe map[string]any
	require.NoError(t, json.Unmarshal(j, &probe))
	require.Equal(t, []any{"a\u202eb", `Mary "Ann"`, "c\u0085\u2028\ufeff", "d\\e\u200b"}, probe["players"])
	back, err := reader.ParseBytesFormat(j, "hostile.json", parse.YAML)
	require.NoError(t, err, "%s", j)
	require.Len(t, back, 1)
	require.Equal(t, string(text), string(AppendText(nil, back[0])))
	require.Equal(t, string(j), string(AppendJSON(nil, back[0])))
}

// The JSON of every game of the testdata transcripts is compact (json.Compact changes
// nothing), its keys in the writer's order, and reads back to the same canonical text.
func TestJSONCorpus(t *testing.T) {
	corpus := textCorpus(t)
	names := make([]string, 0, len(corpus))
	for name := range corpus {
		names = append(names, name)
	}
	sort.Strings(names)
	n := 0
	for _, name := range names {
		games, err := reader.ParseBytes(corpus[name], name)
		if err != nil {
			continue // the error cases
		}
		for _, g := range games {
			j := AppendJSON(nil, g)
			var compact bytes.Buffer
			require.NoError(t, json.Compact(&compact, j), "%s game %d: %s", name, g.Index, j)
			require.Equal(t, string(j), compact.String(), "%s game %d", name, g.Index)
			back, err := reader.ParseBytesFormat(j, name+".json", parse.YAML)
			require.NoError(t, err, "%s game %d: %s", name, g.Index, j)
			require.Len(t, back, 1)
			require.Equal(t, string(AppendText(nil, g)), string(AppendText(nil, back[0])), "%s game %d", name, g.Index)
			n++
		}
	}
	require.Greater(t, n, 50, "games compared")
}

// A JSON array of no game is "[]"; of games, an element a line; JSON lines, an object a
// line. The reader reads each back, game by game.
func TestJSONWriterShapes(t *testing.T) {
	games, err := reader.ParseBytesFormat([]byte(smallGame+"---\nplayers x y\n"), "two.tricks", parse.Text)
	require.NoError(t, err)
	require.Len(t, games, 2)
	one, two := string(AppendJSON(nil, games[0])), string(AppendJSON(nil, games[1]))
	require.Equal(t, `{"players":["x","y"]}`, two)
	for _, c := range []struct {
		lines bool
		games []*parse.Game
		want  string
	}{
		{false, nil, "[]\n"},
		{false, games[:1], "[\n" + one + "\n]\n"},
		{false, games, "[\n" + one + ",\n" + two + "\n]\n"},
		{true, nil, ""},
		{true, games, one + "\n" + two + "\n"},
	} {
		var buf bytes.Buffer
		w := NewJSONWriter(&buf, c.lines)
		for _, g := range c.games {
			require.NoError(t, w.Write(g))
		}
		require.NoError(t, w.Close())
		require.Equal(t, c.want, buf.String())
		if len(c.games) == 0 {
			continue
		}
		back, err := reader.ParseBytesFormat(buf.Bytes(), "games.json", parse.YAML)
		require.NoError(t, err)
		require.Len(t, back, len(c.games))
		for k, g := range c.games {
			require.Equal(t, string(AppendText(nil, g)), string(AppendText(nil, back[k])))
		}
	}
}

// AppendJSON appends to the caller's buffer without allocating, as AppendYAML does, for a
// game without comments (a comment's key, "deal NAME", is built).
func TestJSONNoAllocation(t *testing.T) {
	games, err := reader.ParseBytesFormat([]byte(smallGame), "small.tricks", parse.Text)
	require.NoError(t, err)
	g := games[0]
	g.DropComments()
	buf := AppendJSON(nil, g)
	require.Zero(t, testing.AllocsPerRun(10, func() { buf = AppendJSON(buf[:0], g) }))
}
