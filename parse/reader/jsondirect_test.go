package reader

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/writer"
)

// checkDirectJSON checks the direct JSON reader against the JSON reader on src, a stream
// whose first game starts at its first byte: when the direct reader reads that game, the
// JSON reader reads the same Game, without errors. It reports whether it read it.
func checkDirectJSON(t testing.TB, src []byte) bool {
	t.Helper()
	g, end, _, _ := directJSON(src, 1, 1, true, "f.json", 1, nil, nil)
	if g == nil {
		return false
	}
	require.True(t, jsonDirectBytes(src[:end]), "the direct reader read bytes it does not read:\n%q", src)
	games, err := ParseBytes(src[:end], "f.json")
	require.NoError(t, err, "the direct reader read a game the JSON reader refuses:\n%s", src)
	require.Len(t, games, 1)
	require.Equal(t, games[0], g, "games differ:\n%s", src)
	return true
}

// jsonDirectBytes reports whether src holds only what the direct reader reads: printable
// ASCII without a backslash (strings without escapes), and blanks between games. (YAML's
// indicators, & * ! and the rest, are plain characters in a JSON string.)
func jsonDirectBytes(src []byte) bool {
	for _, c := range src {
		if (c < 0x20 || c > 0x7e || c == '\\') && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}

// The compact JSON of every game of the test data (as the YAML writer spells it, turned
// into JSON, and as the JSON writer writes it) is read by the direct reader, to the JSON
// reader's Game.
func TestJSONDirectReadsCompactJSON(t *testing.T) {
	n := 0
	for _, name := range yamlFiles(t) {
		games, err := ParseFile(name)
		if err != nil {
			continue
		}
		for _, g := range games {
			js, ok := yamlToJSON(writer.AppendYAML(nil, g), jsonStyles[0])
			require.True(t, ok)
			g.DropComments() // a "comment" member is the JSON reader's
			own := writer.AppendJSON(nil, g)
			if bytes.IndexByte(js, '\\') >= 0 || !yfastBytes(js) {
				continue // escapes, other bytes than printable ASCII: the JSON reader's
			}
			require.True(t, checkDirectJSON(t, js), "declined:\n%s", js)
			require.True(t, checkDirectJSON(t, own), "declined the JSON writer's:\n%s", own)
			n++
		}
	}
	require.Greater(t, n, 40)
}

// FuzzJSONDirect: for every input the direct JSON reader declines or reads what the JSON
// reader reads.
func FuzzJSONDirect(f *testing.F) {
	for _, js := range jsonSeeds(jsonStyles[:1]) {
		f.Add(js)
	}
	f.Add([]byte(jsonGame1))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkDirectJSON(t, src)
	})
}
