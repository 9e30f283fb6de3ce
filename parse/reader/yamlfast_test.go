package reader

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
	"gopkg.in/yaml.v3"
)

// v3Tree is the top node yaml.v3 makes of the one document src (first line first), or an
// error; more than one document is an error too.
func v3Tree(src []byte, first int) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := decode(dec, &doc); err != nil {
		return nil, err
	}
	var more yaml.Node
	if err := decode(dec, &more); err != io.EOF {
		return nil, fmt.Errorf("a second document (%v)", err)
	}
	shiftLines(&doc, first-1)
	return docTop(&doc), nil
}

// sameTree reports where two node trees differ in what the model builder reads: kind, tag,
// value, style, position and children ("" if nowhere).
func sameTree(a, b *yaml.Node, at string) string {
	if a == nil || b == nil {
		if a != b {
			return at + ": one tree is empty"
		}
		return ""
	}
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Value != b.Value || a.Style != b.Style || a.Line != b.Line || a.Column != b.Column ||
		len(a.Content) != len(b.Content) || a.Alias != nil || b.Alias != nil {
		return fmt.Sprintf("%s: fast {%v %q %q %v %d:%d %d kids}, yaml.v3 {%v %q %q %v %d:%d %d kids}", at,
			a.Kind, a.Tag, a.Value, a.Style, a.Line, a.Column, len(a.Content),
			b.Kind, b.Tag, b.Value, b.Style, b.Line, b.Column, len(b.Content))
	}
	for k := range a.Content {
		if d := sameTree(a.Content[k], b.Content[k], fmt.Sprintf("%s/%d", at, k)); d != "" {
			return d
		}
	}
	return ""
}

// checkFast checks the fast reader against yaml.v3 on one document: when it reads the
// document, yaml.v3 reads it too, to the same tree; when it returns a game, yaml.v3's tree
// makes the same game, without errors. It reports whether the fast reader returned a game.
func checkFast(t testing.TB, src []byte, first int) bool {
	t.Helper()
	var y yfast
	top := y.tree(src, first)
	if top != nil || fastYAMLGame(src, first, "f.yaml", 1, nil) != nil {
		require.True(t, yfastBytes(src), "the fast reader read bytes it does not read:\n%q", src)
		want, err := v3Tree(src, first)
		require.NoError(t, err, "the fast reader read a document yaml.v3 refuses:\n%s", src)
		if top != nil {
			d := sameTree(top, want, "top")
			require.Empty(t, d, "trees differ:\n%s", src)
		}
	}
	if dg, n := directYAML(src, first, true, "f.yaml", 1, nil, nil); dg != nil {
		require.True(t, yfastBytes(src[:n]), "the direct reader read bytes the fast reader does not read:\n%q", src)
		want, err := v3Tree(src[:n], first)
		require.NoError(t, err, "the direct reader read a document yaml.v3 refuses:\n%s", src)
		wg, errs := parseYAMLGame(want, "f.yaml", 1, nil)
		require.Empty(t, errs, "the direct reader returned a game yaml.v3's tree has errors in:\n%s", src)
		require.Equal(t, wg, dg, "games differ (direct reader):\n%s", src)
	}
	g := fastYAMLGame(src, first, "f.yaml", 1, nil)
	if g == nil {
		return false
	}
	want, _ := v3Tree(src, first)
	wg, errs := parseYAMLGame(want, "f.yaml", 1, nil)
	require.Empty(t, errs, "the fast reader returned a game yaml.v3's tree has errors in:\n%s", src)
	require.Equal(t, wg, g, "games differ:\n%s", src)
	return true
}

// yfastBytes reports whether src holds only bytes the fast reader reads.
func yfastBytes(src []byte) bool {
	for _, c := range src {
		if yfastClass[c] == 0 {
			return false
		}
	}
	return true
}

// yamlDocs splits a YAML stream into its documents as the Reader does (nextChunk), with
// the line of each first line.
func yamlDocs(t testing.TB, src []byte) (docs [][]byte, firsts []int) {
	r := &yamlReader{stream: &NewReader(bytes.NewReader(src), "f.yaml", parse.YAML).stream}
	for {
		c, ok := r.nextChunk()
		if !ok || c.end && c.src == nil {
			break
		}
		if c.src != nil && c.any {
			docs = append(docs, bytes.Clone(c.src))
			firsts = append(firsts, c.first)
		}
		if c.end {
			break
		}
	}
	return docs, firsts
}

// yamlFiles are the YAML files of the repository's test data.
func yamlFiles(t testing.TB) []string {
	var files []string
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".yaml" || ext == ".yml") && strings.Contains(path, "testdata") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(files), 40)
	return files
}

// Every document of every YAML file of the test data: the fast reader reads the same tree
// and game as yaml.v3 or declines, and it reads the documents the writer writes.
func TestYAMLFastFiles(t *testing.T) {
	read, all := 0, 0
	for _, name := range yamlFiles(t) {
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		docs, firsts := yamlDocs(t, src)
		for k, doc := range docs {
			all++
			if checkFast(t, doc, firsts[k]) {
				read++
			}
		}
	}
	t.Logf("the fast reader read %d of %d documents", read, all)
	require.Greater(t, read, all/2)
}

// What convert writes, the fast reader reads: every game of the examples as the writer
// spells it.
func TestYAMLFastReadsTheWriter(t *testing.T) {
	for _, name := range yamlFiles(t) {
		games, err := ParseFile(name)
		if err != nil {
			continue
		}
		for _, g := range games {
			src := writer.AppendYAML(nil, g)
			if bytes.IndexByte(src, '\\') >= 0 || !yfastBytes(src) || g.Comments != nil || bytes.Contains(src, []byte(" #")) {
				continue // escapes, other characters than printable ASCII, comments: yaml.v3 reads them
			}
			require.True(t, checkFast(t, src, 1), "the fast reader declined what the writer wrote:\n%s", src)
			if bytes.IndexByte(bytes.ReplaceAll(src, []byte(`""`), nil), '"') < 0 {
				dg, n := directYAML(src, 1, true, "f.yaml", 1, nil, nil)
				require.NotNil(t, dg, "the direct reader declined what the writer wrote with plain scalars:\n%s", src)
				require.Equal(t, len(src), n)
			}
		}
	}
}

// Hand-written variants of the subset are read; the rest is declined.
func TestYAMLFastSubset(t *testing.T) {
	read := []string{
		"game: hearts\nplayers: [ann, bob, cat, dan]\nrounds:\n  - tricks:\n      - 2C 3C 4C 5C\n",
		"game: hearts\nplayers:\n  - ann\n  - bob\nrounds:\n- deal: {ann: 2C, bob: 3C}\n  tricks: [2C 3C]\n",
		"---\ngame: hearts\nplayers: [ann, 'bob', \"cat\"]\n\nrounds:\n  - tricks:\n    - ann: 2C 3C 4C\n    - {bob: 5C 6C 7C}\n...\n",
		"players: [a, b, c]\noptions: {target: 50, moon: new}\nmeta: {event: Club night, n: -3, ok: true, x: null}\nrounds:\n  - pass: {a: {to: b, cards: 2C 3C 4C}}\n    score: {a: 0, b: 26, c: 0}\n",
		"players: [a, b]\nrounds:\n  - {}\n  - dealer: b\n    tricks: [\"2C 3C\", [4C, 5C]]\n",
		"  players: [a, b]\n  rounds:\n    - tricks: ['2C 3C']\n",
	}
	for _, doc := range read {
		require.True(t, checkFast(t, []byte(doc), 1), "declined:\n%s", doc)
	}
	declined := []string{
		"players: [a, b]\nrounds:\n  - tricks: [2C 3C]\n    bogus: 1\n", // an error in the game
		"players: [a, b]\nrounds: &r\n  - tricks: [2C 3C]\n",            // an anchor
		"players: [a, b]\nrounds:\n\t- tricks: [2C 3C]\n",               // a tab
		"players: [a, b]\r\nrounds: []\r\n",                             // carriage returns
		"players: [a,\n  b]\n",                                          // a flow collection on two lines
		"players: [a, b]\nmeta: {x: 1.5}\n",                             // a float
		"players: [a, b]\nmeta: {d: 2026-11-20}\n",                      // a timestamp
		"players: [a, b]\nmeta: {x: 0x1F}\n",                            // hexadecimal
		"players: [a, b]\nmeta: {x: \"a\\tb\"}\n",                       // an escape
		"players: [a, b]\nmeta:\n  x: a long\n    line\n",               // a multi-line scalar
		"players: [a, b]\ngame:\n",                                      // an empty value
		"players: [Zoë, b]\n",                                           // not ASCII
		"players: [a, b]\nmeta: {x: y: z}\n",                            // a syntax error
		"players: [a, b]\nmeta: |\n  text\n",                            // a block scalar
		"- players: [a, b]\n",                                           // not a mapping
		"players: [a, b]\n---\nplayers: [c, d]\n",                       // two documents
		"players: [a, b] # seats\n",                                     // a comment: yaml.v3 keeps it
	}
	for _, doc := range declined {
		require.False(t, checkFast(t, []byte(doc), 1), "read:\n%s", doc)
	}
}

// The Reader goes the fast way and the yaml.v3 way through one stream, game by game, and
// counts games and lines alike.
func TestYAMLFastStream(t *testing.T) {
	src := "players: [a, b]\nrounds: [{tricks: [2C 3C]}]\n---\nplayers: [a, b]\nmeta: {d: 2026-11-20}\nrounds: [{tricks: [2C 3C]}]\n---\nplayers: [a, b]\nrounds: [{tricks: [2C QX]}]\n---\nplayers: [a, b]\nrounds: [{tricks: [4C 5C]}]\n"
	games, err := ParseBytes([]byte(src), "s.yaml")
	require.Error(t, err)
	require.Equal(t, "s.yaml:9:23: \"QX\" is not a card (rank 2-9 T J Q K A, suit C D H S)", err.Error())
	require.Len(t, games, 4)
	for k, g := range games {
		require.Equal(t, k+1, g.Index)
	}
	require.Equal(t, parse.Pos{File: "s.yaml", Line: 11, Col: 1}, games[3].Pos)
	require.Equal(t, []int{23}, games[3].Rounds[0].Tricks[0].Cols[1:])
}

// readAll reads a stream, with the fast reader or without it: the games and the messages.
func readAll(t testing.TB, src []byte, fast bool) ([]*parse.Game, string) {
	games, err := ReadAll(newReader(bytes.NewReader(src), "s.yaml", parse.Auto, options{noFast: !fast}))
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	return games, msg
}

// Streams of documents (each YAML file of the test data, and all of them one after the
// other, with and without "---" and "..." lines, comments, carriage returns and a byte-order
// mark) read to the same games and messages with the fast reader and without it.
func TestYAMLFastStreams(t *testing.T) {
	var all [][]byte
	for _, name := range yamlFiles(t) {
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		all = append(all, src)
	}
	variants := func(docs [][]byte) [][]byte {
		var out [][]byte
		for _, sep := range []string{"---\n", "...\n---\n", "# next\n---\n", "---\n# next\n", "---\n\n...\n"} {
			out = append(out, bytes.Join(docs, []byte(sep)))
		}
		crlf := bytes.ReplaceAll(out[0], []byte("\n"), []byte("\r\n"))
		return append(out, crlf, append([]byte("\xEF\xBB\xBF"), out[0]...))
	}
	streams := variants(all)
	streams = append(streams, all...)
	streams = append(streams, variants(all[:3])...)
	for _, src := range streams {
		want, wmsg := readAll(t, src, false)
		got, gmsg := readAll(t, src, true)
		require.Equal(t, wmsg, gmsg)
		require.Equal(t, want, got)
	}
}

// FuzzYAMLFast: for every input the fast reader declines, or reads what yaml.v3 reads.
func FuzzYAMLFast(f *testing.F) {
	for _, name := range yamlFiles(f) {
		src, err := os.ReadFile(name)
		require.NoError(f, err)
		docs, _ := yamlDocs(f, src)
		for _, doc := range docs {
			f.Add(doc)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkFast(t, src, 1)
	})
}

// FuzzYAMLFastStream: every input reads to the same games and messages with the fast readers
// (YAML, and JSON's fast path) and without them (where documents end, lines, indexes).
func FuzzYAMLFastStream(f *testing.F) {
	for _, name := range yamlFiles(f) {
		src, err := os.ReadFile(name)
		require.NoError(f, err)
		if len(src) < 4096 {
			f.Add(src)
		}
	}
	f.Add([]byte("players: [a, b]\nrounds: [{tricks: [2C 3C]}]\n---\n# x\n---\nplayers: [a, b]\n...\nplayers: [c, d]\n"))
	// JSON lines: the fast path of the JSON front end from the second game on
	f.Add([]byte(jsonGame1 + "\n" + jsonGame2 + "\n" + jsonGame1 + "\n"))
	f.Add([]byte(jsonGame1 + jsonGame2 + "\n\t" + jsonGame2 + " \n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		want, wmsg := readAll(t, src, false)
		got, gmsg := readAll(t, src, true)
		require.Equal(t, wmsg, gmsg)
		require.Equal(t, want, got)
	})
}

// The two-byte card table is parseCardFast's answer for every two-byte token.
func TestYAMLCardPair(t *testing.T) {
	for x := 0; x < 256; x++ {
		for y := 0; y < 256; y++ {
			c, ok := cardOf(string([]byte{byte(x), byte(y)}))
			want := uint8(0)
			if ok {
				want = uint8(c) + 1
			}
			if got := yamlCardPair[uint16(x)|uint16(y)<<8]; got != want {
				require.FailNowf(t, "yamlCardPair", "%q: %d, want %d", []byte{byte(x), byte(y)}, got, want)
			}
		}
	}
}

// JSON streams (the test data's JSON files, JSON lines of the games of the YAML test data,
// objects concatenated, pretty-printed, with tabs, CRLF, escapes and errors) read to the
// same games and messages with the fast path of the JSON front end and without it.
func TestJSONFastStreams(t *testing.T) {
	var lines, pretty [][]byte
	for _, name := range yamlFiles(t) {
		games, err := ParseFile(name)
		if err != nil {
			continue
		}
		for _, g := range games {
			js, ok := yamlToJSON(writer.AppendYAML(nil, g), jsonStyles[0])
			require.True(t, ok)
			lines = append(lines, js)
			if p, ok := yamlToJSON(writer.AppendYAML(nil, g), jsonStyles[len(jsonStyles)-1]); ok {
				pretty = append(pretty, p)
			}
		}
	}
	require.Greater(t, len(lines), 40)
	jsonl := bytes.Join(lines, []byte("\n"))
	streams := [][]byte{
		jsonl,
		bytes.Join(lines, nil),
		bytes.Join(pretty, []byte("\n")),
		bytes.ReplaceAll(jsonl, []byte(", "), []byte(",\t")),
		bytes.ReplaceAll(jsonl, []byte("\n"), []byte("\r\n")),
		bytes.Join(lines, []byte("\n---\n")),
		bytes.Replace(jsonl, []byte(`"ann"`), []byte(`"a\u006en"`), 3),
		bytes.Replace(jsonl, []byte(`"2C`), []byte(`"2X`), 5),
		bytes.Replace(jsonl, []byte(`}]}`), []byte(`}]`), 2),
		append(bytes.Clone(jsonl), "\n\x00"...),
	}
	err := filepath.WalkDir("../../testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".json" {
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			if looksJSON(src) {
				streams = append(streams, src, append(bytes.Clone(jsonl[:len(lines[0])+1]), src...))
			}
		}
		return err
	})
	require.NoError(t, err)
	for _, src := range streams {
		want, wmsg := readAll(t, src, false)
		got, gmsg := readAll(t, src, true)
		require.Equal(t, wmsg, gmsg, "%.300q", src)
		require.Equal(t, want, got, "%.300q", src)
	}
}
