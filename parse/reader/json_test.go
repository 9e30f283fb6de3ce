package reader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
	"gopkg.in/yaml.v3"
)

// ---- a JSON writer for YAML node trees ------------------------------------------------------

// jsonStyle is a layout of JSON text.
type jsonStyle struct {
	name   string
	nl     string // "" for one line
	indent string // per level, after nl
	sep    string // after ',' and ':' on one line
	ascii  bool   // escape non-ASCII characters as \uXXXX
}

var jsonStyles = []jsonStyle{
	{name: "compact"},
	{name: "spaced", sep: " "},
	{name: "indented", nl: "\n", indent: "  "},
	{name: "tabs-crlf", nl: "\r\n", indent: "\t"},
}

// appendJSON writes node n (aliases expanded) as JSON.
func appendJSON(b []byte, n *yaml.Node, st jsonStyle, depth int) []byte {
	n = deref(n)
	newline := func(b []byte, d int) []byte {
		if st.nl == "" {
			return b
		}
		b = append(b, st.nl...)
		return append(b, strings.Repeat(st.indent, d)...)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		return appendJSON(b, n.Content[0], st, depth)
	case yaml.MappingNode, yaml.SequenceNode:
		open, end := byte('['), byte(']')
		if n.Kind == yaml.MappingNode {
			open, end = '{', '}'
		}
		b = append(b, open)
		step := 1
		if n.Kind == yaml.MappingNode {
			step = 2
		}
		for i := 0; i+step-1 < len(n.Content); i += step {
			if i > 0 {
				b = append(b, ',')
				if st.nl == "" {
					b = append(b, st.sep...)
				}
			}
			b = newline(b, depth+1)
			if step == 2 {
				b = appendJSONString(b, deref(n.Content[i]).Value, st.ascii)
				b = append(b, ':')
				if st.nl != "" {
					b = append(b, ' ')
				} else {
					b = append(b, st.sep...)
				}
			}
			b = appendJSON(b, n.Content[i+step-1], st, depth+1)
		}
		if len(n.Content) > 0 {
			b = newline(b, depth)
		}
		return append(b, end)
	}
	switch {
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0:
	case n.Tag == "!!null":
		return append(b, "null"...)
	case n.Tag == "!!bool" && (n.Value == "true" || n.Value == "false"):
		return append(b, n.Value...)
	case (n.Tag == "!!int" || n.Tag == "!!float") && isJSONNumber([]byte(n.Value)):
		return append(b, n.Value...)
	}
	return appendJSONString(b, n.Value, st.ascii)
}

func appendJSONString(b []byte, s string, ascii bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	q := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if !ascii {
		return append(b, q...)
	}
	for _, r := range string(q) {
		switch {
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		case r > 0xFFFF:
			r -= 0x10000
			b = fmt.Appendf(b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		default:
			b = fmt.Appendf(b, `\u%04x`, r)
		}
	}
	return b
}

// yamlToJSON converts every document of a YAML stream to JSON in the given style,
// separated by lines "---"; ok is false if yaml.v3 cannot read it or a document is not a
// mapping (the JSON front end is for input that starts with '{' or '[').
func yamlToJSON(src []byte, st jsonStyle) ([]byte, bool) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var out []byte
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		top := docTop(&doc)
		if top == nil || top.Kind != yaml.MappingNode {
			return nil, false
		}
		if out != nil {
			out = append(out, "\n---\n"...)
		}
		out = appendJSON(out, top, st, 0)
	}
	return append(out, '\n'), out != nil
}

// ---- reading with either path -----------------------------------------------------------------

// result is one call of Next.
type result struct {
	g   *parse.Game
	err string
}

// readMode reads every game of src with the JSON front end (jsonOnly: no fallback), the
// YAML path (jsonOff) or either (jsonAuto); usedJSON says whether the JSON front end read
// it, sawArray whether it read a top-level array.
func readMode(t testing.TB, src []byte, name string, mode jsonMode) (res []result, usedJSON, sawArray bool) {
	t.Helper()
	r := newReader(bytes.NewReader(src), name, parse.YAML, options{json: mode})
	// the scanner's record, read before and after each game: it is released with the stream
	scannerSawArray := func() bool {
		jr, ok := r.fr.(*jsonReader)
		return ok && jr.js != nil && jr.js.sawArray
	}
	for k := 0; k < 100000; k++ {
		sawArray = sawArray || scannerSawArray()
		g, err := r.Next()
		sawArray = sawArray || scannerSawArray()
		if err == io.EOF {
			jr, ok := r.fr.(*jsonReader)
			usedJSON = ok && jr.yaml == nil
			return res, usedJSON, sawArray || ok && jr.sawArray
		}
		s := ""
		if err != nil {
			s = err.Error()
		}
		res = append(res, result{g, s})
	}
	require.FailNow(t, "no EOF")
	return
}

// fatalError reports a result that ended the stream because of the input's syntax.
func fatalError(res []result) bool {
	for _, x := range res {
		if strings.Contains(x.err, "invalid JSON:") || strings.Contains(x.err, "invalid YAML:") ||
			strings.Contains(x.err, "not a text transcript") {
			return true
		}
	}
	return false
}

// requireSameResults compares two runs: games (positions included) and messages.
func requireSameResults(t testing.TB, want, got []result, msgAndArgs ...any) {
	t.Helper()
	require.Equal(t, len(want), len(got), msgAndArgs...)
	for k := range want {
		require.Equal(t, want[k].err, got[k].err, msgAndArgs...)
		require.Equal(t, want[k].g, got[k].g, msgAndArgs...)
	}
}

// yamlInputs lists the .yaml files of the shared examples, of the repository's testdata and
// of the package's.
func yamlInputs(t testing.TB) []string {
	var files []string
	for _, dir := range []string{examplesDir, "../../testdata", "testdata"} {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				files = append(files, path)
			}
			return err
		}))
	}
	require.NotEmpty(t, files)
	return files
}

// ---- equivalence ----------------------------------------------------------------------------

// Every YAML transcript, written as JSON in several layouts, gives the same games, the
// same positions and the same errors through the JSON front end as through yaml.v3; and
// the games of the YAML file itself.
func TestJSONMatchesYAMLPath(t *testing.T) {
	nfiles, ngames, nerrs := 0, 0, 0
	for _, path := range yamlInputs(t) {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		fromYAML, _, _ := readMode(t, src, "x.yaml", jsonOff)
		for _, st := range jsonStyles {
			js, ok := yamlToJSON(src, st)
			if !ok {
				continue
			}
			name := filepath.Base(path) + "." + st.name + ".json"
			viaYAML, usedJSON, _ := readMode(t, js, name, jsonOff)
			require.False(t, usedJSON)
			viaJSON, usedJSON, _ := readMode(t, js, name, jsonOnly)
			require.True(t, usedJSON, name)
			requireSameResults(t, viaYAML, viaJSON, "%s as %s JSON:\n%s", path, st.name, js)
			// Auto mode (with the fallback) is the same.
			auto, _, _ := readMode(t, js, name, jsonAuto)
			requireSameResults(t, viaYAML, auto, "%s as %s JSON (auto)", path, st.name)
			// And the content is that of the YAML file.
			require.Len(t, viaJSON, len(fromYAML), path)
			for k := range fromYAML {
				if fromYAML[k].g == nil || fromYAML[k].err != "" {
					continue
				}
				require.Equal(t, stripped(fromYAML[k].g), stripped(viaJSON[k].g), "%s game %d", path, k+1)
			}
			if st.name == "compact" {
				nfiles++
				for _, x := range viaJSON {
					ngames++
					if x.err != "" {
						nerrs++
					}
				}
			}
		}
	}
	t.Logf("%d files, %d games (%d with errors) agree in 4 layouts", nfiles, ngames, nerrs)
	require.Greater(t, nfiles, 5, "the repository's own YAML files at least")
	require.Greater(t, nerrs, 0, "some inputs with errors in the content")
}

// The node trees themselves are those of yaml.v3: kind, tag, value, style and position of
// every node.
func TestJSONNodesMatchYAML(t *testing.T) {
	docs := []string{
		`{"a":1,"b":"c","d":[true,false,null,-0,1e5,1.5E-3,123456789012345678901234567890,18446744073709551615,-9223372036854775809,1e400]}`,
		"{\"a\":\r1,\r\"é\u00e9\":\"ü\", \"k\": [2,\r\n\t3]}",
		`{"esc": "\"\\\b\f\n\r\t\u00e9\u0041\u2028", "": "", "x": {}, "y": [], "z": [[], {}]}`,
		"{\"名前\": \"日本語 カード\", \"emoji\": \"😀 2C\", \"k\": \"v\"}",
		"[{\"a\": 1}, {\"b\": [1, {\"c\": \"d\"}]}]",
		"\xEF\xBB\xBF{\"bom\": true}",
		"{\n  \"players\": [\n    \"ann\",\n    \"bob\"\n  ],\n  \"rounds\": [{\"tricks\": [{\"ann\": \"2C 3C\"}]}]\n}\n",
		"{\"a\":1}\n---\n{\"b\":2}\n...\n---\n[3]",
		"{\"a\" :1 , \"b\"\t:\t2}   \n\n",
		"{\"dup\": 1, \"dup\": 2}",
	}
	for _, src := range docs {
		// What yaml.v3 reads: the documents, a top-level array being its elements.
		var want []*yaml.Node
		dec := yaml.NewDecoder(strings.NewReader(src))
		for {
			var doc yaml.Node
			err := dec.Decode(&doc)
			if err == io.EOF {
				break
			}
			require.NoError(t, err, "%q", src)
			top := docTop(&doc)
			if top.Kind == yaml.SequenceNode {
				want = append(want, top.Content...)
			} else {
				want = append(want, top)
			}
		}
		j := newJSONScanner(newLineBuffer(strings.NewReader(src)), false)
		for k := 0; ; k++ {
			n, e := j.next()
			require.Nil(t, e, "%q", src)
			if k == len(want) {
				require.Nil(t, n, "%q: more values than yaml.v3 reads", src)
				break
			}
			require.NotNil(t, n, "%q: fewer values than yaml.v3 reads", src)
			requireSameNode(t, want[k], n, fmt.Sprintf("%q value %d", src, k))
		}
	}
}

func requireSameNode(t *testing.T, want, got *yaml.Node, where string) {
	t.Helper()
	w := fmt.Sprintf("kind %d tag %s value %q style %d at %d:%d", want.Kind, want.Tag, want.Value, want.Style, want.Line, want.Column)
	g := fmt.Sprintf("kind %d tag %s value %q style %d at %d:%d", got.Kind, got.Tag, got.Value, got.Style, got.Line, got.Column)
	require.Equal(t, w, g, where)
	require.Equal(t, len(want.Content), len(got.Content), where+": "+w)
	for k := range want.Content {
		requireSameNode(t, want.Content[k], got.Content[k], where)
	}
}

// JSON that yaml.v3 refuses or reads otherwise is read as JSON.
func TestJSONBeyondYAML(t *testing.T) {
	src := `{"players": ["\ud83d\ude00", "a\/b", "x` + "\u2028\u0085" + `y"], "meta": {"` + strings.Repeat("k", 1100) + `": "v"}}`
	games, err := ParseBytes([]byte(src), "b.json")
	require.NoError(t, err)
	require.Equal(t, []string{"😀", "a/b", "x\u2028\u0085y"}, games[0].Players)
	require.Equal(t, "v", games[0].Meta[0].Value)
	// A newline between a key and its colon; a tab before the value.
	games, err = ParseBytes([]byte("\t{\"players\"\n: [\"a\"]}"), "c.json")
	require.NoError(t, err)
	require.Equal(t, parse.Pos{File: "c.json", Line: 1, Col: 2}, games[0].Pos)
	require.Equal(t, parse.Pos{File: "c.json", Line: 1, Col: 3}, games[0].PlayersPos)
	require.Equal(t, []string{"a"}, games[0].Players)
}

// ---- benchmarks ---------------------------------------------------------------------------------

// testdata/bench/hearts4p.json is hearts4p.yaml as indented JSON (go test -update writes it).
func TestBenchJSONTwin(t *testing.T) {
	src, err := os.ReadFile("../../testdata/bench/hearts4p.yaml")
	require.NoError(t, err)
	js, ok := yamlToJSON(src, jsonStyles[2])
	require.True(t, ok)
	const path = "../../testdata/bench/hearts4p.json"
	if *update {
		require.NoError(t, os.WriteFile(path, js, 0o644))
	}
	have, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(js), string(have))
	yg, err := ParseFile("../../testdata/bench/hearts4p.yaml")
	require.NoError(t, err)
	jg, err := ParseFile(path)
	require.NoError(t, err)
	require.Len(t, jg, 1)
	require.Equal(t, stripped(yg[0]), stripped(jg[0]))
}

// The game of BenchmarkParseYAML as JSON, through the JSON front end.
func BenchmarkParseJSON(b *testing.B) { benchParse(b, "hearts4p.json", parse.YAML) }

// The same JSON through yaml.v3: what JSON input cost before the JSON front end.
func BenchmarkParseJSONViaYAML(b *testing.B) {
	src := benchInput(b, "hearts4p.json")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		r := newReader(bytes.NewReader(src), "hearts4p.json", parse.YAML, options{json: jsonOff})
		if _, err := ReadAll(r); err != nil {
			b.Fatal(err)
		}
	}
}

// A stream of 100 games as JSON lines (compact JSON, one game per line), per game.
func BenchmarkParseJSONLines(b *testing.B) {
	src := benchInput(b, "hearts4p.yaml")
	one, ok := yamlToJSON(src, jsonStyles[0])
	if !ok {
		b.Fatal("not JSON")
	}
	stream := bytes.Repeat(one, 100)
	b.SetBytes(int64(len(stream)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(stream), "games.jsonl", parse.YAML)
		for {
			g, err := r.Next()
			if g == nil {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/game")
}

// ---- streams -------------------------------------------------------------------------------------

const jsonGame1 = `{"game": "hearts", "players": ["ann", "bob"], "rounds": [{"tricks": ["2C 3C"]}]}`
const jsonGame2 = `{"players": ["cat", "dan"], "rounds": [{"tricks": [{"dan": "4C 5C"}]}]}`

// Several games in one stream: concatenated, one per line, separated by YAML markers, or
// in a top-level array, which is a list of games.
func TestJSONStreams(t *testing.T) {
	want, err := ParseBytes([]byte(jsonGame1+"\n---\n"+jsonGame2), "w.json")
	require.NoError(t, err)
	require.Len(t, want, 2)
	for name, src := range map[string]string{
		"lines":        jsonGame1 + "\n" + jsonGame2 + "\n",
		"concatenated": jsonGame1 + jsonGame2,
		"crlf lines":   jsonGame1 + "\r\n" + jsonGame2 + "\r\n",
		"markers":      "---\n" + jsonGame1 + "\n...\n--- " + jsonGame2 + "\n...\n",
		"array":        "[" + jsonGame1 + ",\n " + jsonGame2 + "]",
		"array, nulls": "[null, " + jsonGame1 + ", null, " + jsonGame2 + ", null]\n",
		"arrays":       "[" + jsonGame1 + "]\n[]\n[" + jsonGame2 + "]",
		"nulls":        jsonGame1 + " null\nnull " + jsonGame2,
	} {
		got, err := ParseBytes([]byte(src), "g.json")
		require.NoError(t, err, name)
		require.Len(t, got, 2, name)
		for k := range want {
			require.Equal(t, stripped(want[k]), stripped(got[k]), name)
			require.Equal(t, k+1, got[k].Index, name)
		}
	}
	// Positions are those in the stream.
	got, err := ParseBytes([]byte("["+jsonGame1+",\n  "+jsonGame2+"]"), "a.json")
	require.NoError(t, err)
	require.Equal(t, parse.Pos{File: "a.json", Line: 1, Col: 2}, got[0].Pos)
	require.Equal(t, parse.Pos{File: "a.json", Line: 2, Col: 3}, got[1].Pos)
	require.Equal(t, parse.Pos{File: "a.json", Line: 2, Col: 4}, got[1].PlayersPos)
	// An element that is not an object is a game with an error, and the stream goes on.
	res, _, _ := readMode(t, []byte("[1, [], "+jsonGame2+"]"), "e.json", jsonAuto)
	require.Len(t, res, 3)
	require.Equal(t, `e.json:1:2: expected a mapping with game, players and rounds, found "1" (is this a transcript? see FORMAT.md)`, res[0].err)
	require.Equal(t, `e.json:1:5: expected a mapping with game, players and rounds, found a list`, res[1].err)
	require.Equal(t, "", res[2].err)
	require.Equal(t, 3, res[2].g.Index)
	// Nothing but empty arrays and nulls: no game.
	_, err = ParseBytes([]byte("[]\nnull\n[null]"), "n.json")
	require.EqualError(t, err, "n.json:1:1: no game in file")
}

// jsonRepeat yields a prefix, then src n times separated by sep, then a suffix, without
// holding the stream.
type jsonRepeat struct {
	prefix, src, sep, suffix string
	n                        int
	left                     string
}

func (r *jsonRepeat) Read(p []byte) (int, error) {
	if r.left == "" {
		switch {
		case r.prefix != "":
			r.left, r.prefix = r.prefix, ""
		case r.n > 0:
			r.n--
			r.left = r.src
			if r.n > 0 {
				r.left += r.sep
			}
		case r.suffix != "":
			r.left, r.suffix = r.suffix, ""
		default:
			return 0, io.EOF
		}
	}
	k := copy(p, r.left)
	r.left = r.left[k:]
	return k, nil
}

// A stream of many games never sits in memory, also as one top-level array on one line.
func TestJSONStreamsManyGames(t *testing.T) {
	const n = 3000
	for name, src := range map[string]*jsonRepeat{
		"lines":          {src: jsonGame1, sep: "\n", n: n},
		"one-line array": {prefix: "[", src: jsonGame1, sep: ",", suffix: "]", n: n},
		"markers":        {src: jsonGame1, sep: "\n---\n", n: n},
	} {
		r := NewReader(src, "many.json", parse.Auto)
		count := 0
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			require.NoError(t, err, name)
			count++
			require.Equal(t, count, g.Index)
			require.Equal(t, []string{"ann", "bob"}, g.Players)
		}
		require.Equal(t, n, count, name)
		require.LessOrEqual(t, len(r.lb.buf), readBlock, "%s: the buffer holds one game, not the stream", name)
	}
}

// Odd reader behaviour (one byte at a time, half reads, data with EOF) changes nothing.
func TestJSONChunking(t *testing.T) {
	src, err := os.ReadFile("../../testdata/bench/hearts4p.json")
	require.NoError(t, err)
	tail := "\n---\n[null, " + jsonGame1 + "]\n" + jsonGame2 + ` {"players": ["é", "x\ud83d\ude00"], "meta": {"k": "\u00e9\t"}}`
	src = append(append([]byte("\xEF\xBB\xBF"), src...), tail...)
	want, wantErr := ReadAll(NewReader(bytes.NewReader(src), "c.json", parse.Auto))
	require.Error(t, wantErr) // the control character in meta
	require.Len(t, want, 4)
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"onebyte": iotest.OneByteReader, "half": iotest.HalfReader, "dataerr": iotest.DataErrReader,
	} {
		got, err := ReadAll(NewReader(wrap(bytes.NewReader(src)), "c.json", parse.Auto))
		require.Equal(t, wantErr.Error(), err.Error(), name)
		require.Equal(t, want, got, name)
	}
}

// A read error is returned as is, after the games read before it.
func TestJSONReadError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(&errReader{strings.NewReader(jsonGame1 + "\n" + jsonGame2[:20]), boom}, "e.json", parse.Auto)
	g, err := r.Next()
	require.NoError(t, err)
	require.Equal(t, 1, g.Index)
	g, err = r.Next()
	require.Nil(t, g)
	require.ErrorIs(t, err, boom)
	_, err = r.Next()
	require.Equal(t, io.EOF, err)
}

// ---- errors -------------------------------------------------------------------------------------

// Invalid JSON gives one positioned error saying what was expected and what was found,
// after the games read before it. Input that is YAML in flow style rather than JSON is
// read by the YAML path, as before the JSON front end.
func TestJSONErrors(t *testing.T) {
	const p = `{"players": ["a"]`         // an open game
	const g = `{"players": ["a"]}` + "\n" // a good game
	tests := []struct{ src, want string }{
		// structure
		{p, `e.json:1:18: invalid JSON: expected ',' or '}' after the value of "players", found end of input (the object at 1:1 is not closed)`},
		{g + `{"players": ["a", "b"}`, `e.json:2:22: invalid JSON: expected ',' or ']' after an array element, found '}'`},
		{`{"players" ["a"]}`, `e.json:1:12: invalid JSON: expected ':' after the key "players", found '['`},
		{g + `{"rounds": [{"tricks": []}] "x"}`, `e.json:2:29: invalid JSON: expected ',' or '}' after the value of "rounds", found a string`},
		{p + ` "game": "x"}`, `e.json:1:19: invalid JSON: expected ',' or '}' after the value of "players", found a string`},
		{g + `{players: ["a"]}`, `e.json:2:2: invalid JSON: expected a key in double quotes or '}', found players (strings are in double quotes)`},
		{g + `{"players": ["a",]}`, `e.json:2:18: invalid JSON: expected a value after ',' (JSON has no comma after the last element), found ']'`},
		{g + p + `,}`, `e.json:2:19: invalid JSON: expected a key in double quotes after ',' (JSON has no comma after the last member), found '}'`},
		{g + `{"players": [a]}`, `e.json:2:14: invalid JSON: expected a value in the array, found a (strings are in double quotes)`},
		{g + p + `, "options": {"n": True}}`, `e.json:2:37: invalid JSON: expected a value after "n":, found True (strings are in double quotes)`},
		{g + p + `, "x": é}`, `e.json:2:25: invalid JSON: expected a value after "x":, found 'é'`},
		{g + p + `, "x": ` + "\x01}", `e.json:2:25: invalid JSON: expected a value after "x":, found U+0001`},
		{"{", `e.json:1:2: invalid JSON: expected a key in double quotes or '}', found end of input (the object at 1:1 is not closed)`},
		{`{"a":`, `e.json:1:6: invalid JSON: expected a value after "a":, found end of input (the object at 1:1 is not closed)`},
		{g + "}", `e.json:2:1: invalid JSON: expected a value (a game), found '}'`},
		{g + "x", `e.json:2:1: invalid JSON: expected a value (a game), found x (strings are in double quotes)`},
		{strings.Repeat("[", 10001), `e.json:1:10001: invalid JSON: more than 10000 nested arrays and objects`},
		// top-level arrays
		{"[", `e.json:1:2: invalid JSON: expected a game or ']', found end of input (the array at 1:1 is not closed)`},
		{"[" + g + "{}]", "e.json:2:1: invalid JSON: expected ',' or ']' after a game in the top-level array, found '{'\n" +
			"e.json:2:1: no players in this game (expected players: [NAME, NAME, ...])"}, // the array goes on at the next game
		{"[" + g + ",]", `e.json:2:2: invalid JSON: expected a game after ',' (JSON has no comma after the last element), found ']'`},
		{"[" + g, `e.json:2:1: invalid JSON: expected ',' or ']' after a game in the top-level array, found end of input (the array at 1:1 is not closed)`},
		// strings
		{`{"a`, `e.json:1:4: invalid JSON: expected '"' to end the string at 1:2, found end of input (the object at 1:1 is not closed)`},
		{`{"a\`, `e.json:1:5: invalid JSON: expected an escape after '\', found end of input (the object at 1:1 is not closed)`},
		{g + "{\"players\": [\"a\nb\"]}", `e.json:2:16: invalid JSON: expected '"' to end the string at 2:14, found end of line (a string cannot span lines: write \n)`},
		{g + "{\"players\": [\"a\tb\"]}", `e.json:2:16: invalid JSON: control character U+0009 in a string (write it as \t)`},
		{g + "{\"players\": [\"a\x7f\"]}", `e.json:2:16: invalid JSON: control character U+007F in a string (write it as \u007f)`},
		{g + "{\"players\": [\"a\u0080\"]}", `e.json:2:16: invalid JSON: control character U+0080 in a string (write it as \u0080)`},
		{g + "{\"players\": [\"a\uffff\"]}", `e.json:2:16: invalid JSON: control character U+FFFF in a string (write it as \uffff)`},
		{g + `{"players": ["a\qb"]}`, `e.json:2:16: invalid JSON: invalid escape '\q' in a string (JSON has \" \\ \/ \b \f \n \r \t and \uXXXX)`},
		{g + `{"players": ["a\u12"]}`, `e.json:2:16: invalid JSON: invalid escape '\u12' in a string (\u takes four hex digits)`},
		{g + `{"players": ["\ud800"]}`, `e.json:2:15: invalid JSON: invalid escape '\ud800' in a string (a high surrogate must be followed by a low one, \udc00 to \udfff)`},
		{g + `{"players": ["\ud800\u0041"]}`, `e.json:2:15: invalid JSON: invalid escape '\ud800' in a string (a high surrogate must be followed by a low one, \udc00 to \udfff)`},
		{g + `{"players": ["\ude00x"]}`, `e.json:2:15: invalid JSON: invalid escape '\ude00' in a string (a low surrogate without a high one before it)`},
		// numbers
		{g + p + `, "options": {"n": 01}}`, `e.json:2:37: invalid JSON: "01" is not a number`},
		{g + p + `, "options": {"n": 1.}}`, `e.json:2:37: invalid JSON: "1." is not a number`},
		{g + p + `, "options": {"n": -}}`, `e.json:2:37: invalid JSON: "-" is not a number`},
		{g + p + `, "options": {"n": 1e+}}`, `e.json:2:37: invalid JSON: "1e+" is not a number`},
		{g + p + `, "options": {"n": 12a}}`, `e.json:2:37: invalid JSON: "12a" is not a number`},
		// not text: the same as the YAML path, and first on its line
		{p + `, "x": ` + "\x00}", `e.json:1:25: not a text transcript`},
		{p + `, "x": "ab` + "\xff\"}", `e.json:1:28: not a text transcript`},
		{p + `, "x" 1, "y": "` + "\xff\"}", `e.json:1:33: not a text transcript`},
		{g + "\xff", `e.json:2:1: not a text transcript`},
		{g + g + "\n\n  \x00", `e.json:5:3: not a text transcript`},
		// YAML, not JSON, read by the YAML path (the first game decides)
		{`{game: hearts, players: [a, b]}`, ``},
		{p + `, "options": {"n": 01}}`, ``},
		{g + "# a comment\n", ``},
		{g + "---\ngame: x\nplayers: [c]\n", ``},
		{`{"players": ["a", "b",]}`, ``},
		{"{\"players\": [\"a\"], 'x': 1}", `e.json:1:20: unknown key "x" (expected game, players, options, meta or rounds)`},
		// ... unless yaml.v3 cannot read it either
		{`{game: hearts, "players": [ann, bob}`, `e.json:1:2: invalid JSON: expected a key in double quotes or '}', found game (strings are in double quotes)`},
		{g + "}", `e.json:2:1: invalid JSON: expected a value (a game), found '}'`},
	}
	for _, tt := range tests {
		_, err := ParseBytes([]byte(tt.src), "e.json")
		if tt.want == "" {
			require.NoError(t, err, "%q", tt.src)
			continue
		}
		require.EqualError(t, err, tt.want, "%q", tt.src)
	}
}

// The YAML fallback keeps the stream of a YAML file that starts with a flow mapping.
func TestJSONFallbackIsTheYAMLPath(t *testing.T) {
	for _, src := range []string{
		"{game: hearts, players: [ann, bob]}\n---\nplayers: [cat]\n",
		"{\"players\": [\"ann\"]}\n# c\n---\nplayers: [cat]\nrounds:\n  - tricks: [2C 3C]\n",
		"[{players: [a]}]",
		"{players: [a]}\n---\n{players: [b\n",
		"{players: [a]}\n---\n{players: [\"\xff\"]}\n",
	} {
		want, _, _ := readMode(t, []byte(src), "f.yaml", jsonOff)
		got, usedJSON, _ := readMode(t, []byte(src), "f.yaml", jsonAuto)
		require.False(t, usedJSON, "%q", src)
		requireSameResults(t, want, got, "%q", src)
	}
}

// JSON lines whose first line is not JSON (flow-style YAML, or a slip) are still JSON lines:
// that line is one unreadable game and the next lines are read (they used to be read as one
// YAML stream, which lost them).
func TestJSONLinesWithABadFirstLine(t *testing.T) {
	for _, src := range []string{
		"{\"game\": hearts}\n{\"game\":\"hearts\",\"players\":[\"a\",\"b\",\"c\",\"d\"]}\n",
		"{game: hearts, players: [a]}\n{\"players\": [\"b\"]}\n",
	} {
		games, err := ReadAll(NewReader(strings.NewReader(src), "l.json", parse.YAML))
		require.Error(t, err, "%q", src)
		require.Len(t, games, 2, "%q: both lines are games", src)
		require.Equal(t, 1, err.(parse.ErrorList)[0].Pos.Line, "%q", src)
		require.Greater(t, err.(parse.ErrorList)[0].Pos.Col, 1, "%q: where the line goes wrong", src)
		require.NotEmpty(t, games[1].Players, "%q: the second line is read", src)
	}
}

// ---- fuzzing ---------------------------------------------------------------------------------------

// FuzzParseJSON: no input crashes the reader or gets an error without a position; every
// game read without error round-trips; and where both the JSON front end (without the
// YAML fallback) and yaml.v3 read the input, they give the same games, positions and
// errors. Inputs where they differ by design (a top-level array, NEL, U+2028 and U+2029
// in strings, which yaml.v3 folds) are not compared.
func FuzzParseJSON(f *testing.F) {
	fuzzSeeds(f, ".json")
	for _, js := range jsonSeeds(jsonStyles[:3]) {
		f.Add(js)
	}
	f.Add([]byte(`{"players": ["a", "b"], "rounds": [{"tricks": [{"a": ["2C", "3C"]}]}]}`))
	f.Add([]byte("[" + jsonGame1 + ",\r\n" + jsonGame2 + ", null]"))
	f.Add([]byte(jsonGame1 + "\n---\n" + jsonGame2 + "\n...\n"))
	f.Add([]byte(`{"players": ["\u00e9\"\\\/\b\f\n\r\t", "x\ud83d\ude00"], "options": {"a": -1.5e3, "b": true, "c": null, "d": [1, "x"]}}`))
	f.Add([]byte("{\"game\": \"h\u00e9\", \"players\": [\"\u00e9\"], \"meta\": {\"k\": 18446744073709551616}}"))
	if gs, err := ParseBytesFormat([]byte(commentedText), "c.tricks", parse.Text); err == nil {
		f.Add(writer.AppendJSON(nil, gs[0])) // the JSON writer's, with comment mappings
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzOne(t, src, "fuzz.json", parse.YAML)
		viaJSON, usedJSON, sawArray := readMode(t, src, "fuzz.json", jsonOnly)
		for _, x := range viaJSON {
			if x.err != "" {
				require.True(t, strings.HasPrefix(x.err, "fuzz.json:"), "unpositioned error %q", x.err)
			}
		}
		if !usedJSON || sawArray || fatalError(viaJSON) || bytes.Contains(src, []byte("\u0085")) ||
			bytes.Contains(src, []byte("\u2028")) || bytes.Contains(src, []byte("\u2029")) {
			return
		}
		viaYAML, _, _ := readMode(t, src, "fuzz.json", jsonOff)
		if fatalError(viaYAML) {
			return
		}
		requireSameResults(t, viaYAML, viaJSON, "%q", src)
	})
}

// jsonSeeds are a few transcripts of the examples and testdata as JSON, in the given
// layouts, and small games.
func jsonSeeds(styles []jsonStyle) [][]byte {
	seeds := [][]byte{[]byte(jsonGame1), []byte(jsonGame2),
		[]byte(`{"players": ["a", "b"], "options": {"a": -1.5e3, "b": true, "c": null, "d": [1, "x"]}, "rounds": [{"dealer": "b", "bids": {"a": 3, "b": "nil"}, "tricks": [{"a": ["2C", "3C"]}, "4C 5C"], "score": {"a": 1}}]}`)}
	for _, p := range []string{"_handwritten/reset-and-ties.1.yaml-twin.yaml", "_handwritten/spades-scoring.1.yaml-twin.yaml",
		"_handwritten/rk36-moon.1.yaml-twin.yaml", "rickety-kate/4p/g002.yaml", badDir + "/wrong-shapes.yaml",
		"testdata/yaml/claims.yaml", "testdata/yaml/claims-errors.yaml"} {
		if !strings.HasPrefix(p, badDir) && !strings.HasPrefix(p, "testdata/") {
			p = filepath.Join(examplesDir, p)
		}
		if src, err := os.ReadFile(p); err == nil {
			for _, st := range styles {
				if js, ok := yamlToJSON(src, st); ok {
					seeds = append(seeds, js)
				}
			}
		}
	}
	return seeds
}

// A deterministic small fuzz: random edits of valid JSON transcripts, with the bytes of
// JSON syntax, escapes, markers and bytes that are not text. Wherever both the JSON front
// end and yaml.v3 read the result, they agree.
func TestJSONMutationsAgree(t *testing.T) {
	seeds := jsonSeeds(jsonStyles)
	pieces := []string{"{", "}", "[", "]", ",", ":", `"`, `\`, " ", "\n", "\r", "\t", "-", "0", "1", "9", ".", "e", "E", "+",
		"true", "false", "null", "\\u00e9", "\\ud83d\\ude00", "\\/", "\\n", "é", "😀", "\x00", "\xff", "\x7f", "#", "'", "\n---\n", "\n...\n", "QX", "ann"}
	rng := rand.New(rand.NewSource(1))
	n := 6000
	if testing.Short() {
		n = 1000
	}
	compared := 0
	for k := 0; k < n; k++ {
		s := append([]byte(nil), seeds[rng.Intn(len(seeds))]...)
		for m := 0; m < 1+rng.Intn(3) && len(s) > 0; m++ {
			i := rng.Intn(len(s))
			piece := pieces[rng.Intn(len(pieces))]
			switch rng.Intn(3) {
			case 0:
				s = append(s[:i], s[i+1:]...)
			case 1:
				s = append(s[:i:i], append([]byte(piece), s[i:]...)...)
			case 2:
				s = append(s[:i:i], append([]byte(piece), s[min(i+len(piece), len(s)):]...)...)
			}
		}
		viaJSON, usedJSON, sawArray := readMode(t, s, "m.json", jsonOnly)
		if !usedJSON || sawArray || fatalError(viaJSON) {
			continue
		}
		viaYAML, _, _ := readMode(t, s, "m.json", jsonOff)
		if fatalError(viaYAML) {
			continue
		}
		compared++
		requireSameResults(t, viaYAML, viaJSON, "%q", s)
	}
	t.Logf("%d of %d edited inputs read by both paths agree", compared, n)
	require.Greater(t, compared, n/10)
}

// A NUL byte or invalid UTF-8 ends the stream as in the YAML path: the same games before
// it, then "not a text transcript" at the same place, with the same game index.
func TestJSONNotTextLikeYAML(t *testing.T) {
	const g = `{"players": ["a"], "meta": {"k": "v"}}`
	for _, src := range []string{
		"{\"players\": [\"a\x00\"]}",
		"{\"players\": [\"a\"], \"meta\": {\"k\": \"caf\xe9\"}}",
		"{\"players\": [\"é\", \"\xc3\"]}",
		"{\"players\": [\"a\"]}\n\n  \xff\n",
		"{\"players\": [\"a\"]} \x00",
		"{\"players\": [\"a\"],\n \"meta\": {\"k\" \"v\", \"x\": \"\xfe\"}}",
		g + "\n---\n" + "{\"players\": [\"b\x00\"]}",
		g + "\n---\n" + g + "\n\x00\n---\n" + g,
		g + "\n---\n\xff\n---\n" + g,
		"\xEF\xBB\xBF" + g + "\n---\n" + "{\"players\": [\"\xef\xbf\"]}",
	} {
		want, _, _ := readMode(t, []byte(src), "n.json", jsonOff)
		got, usedJSON, _ := readMode(t, []byte(src), "n.json", jsonAuto)
		require.True(t, usedJSON, "%q", src)
		requireSameResults(t, want, got, "%q", src)
		found := false
		for _, res := range got {
			found = found || strings.Contains(res.err, "not a text transcript")
		}
		require.True(t, found, "%q: no game refused as not text", src)
	}
}

// TestJSONReaderStartsAfresh: a reader takes a finished reader's slabs (jsonBuffers) but
// none of its state: reading the same input twice, one reader after the other, gives the
// same games and errors. (A reader used to keep the line where its predecessor went on
// after an error, and skipped that line of its own input: FuzzPipelineYAML found it.)
func TestJSONReaderStartsAfresh(t *testing.T) {
	for _, src := range []string{
		"{\"me\": \"hearts\", \"players\": [\"ann\", \"bob\", \"cat\", \"dan\"],\n{\"5C\"}, [\"2C\", \"QX\"]]}]}\n",
		"{\"game\": \"hearts\", \"players\": [\"ann\", \"bob\"\n{\"game\": \"hearts\", \"players\": [\"ann\", \"bob\", \"cat\"]}\n",
	} {
		var runs [2][]string
		for k := range runs {
			rd := NewReader(strings.NewReader(src), "f.json", parse.YAML)
			for {
				g, err := rd.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				runs[k] = append(runs[k], fmt.Sprintf("%v %v", g != nil, err))
				if g == nil {
					break
				}
			}
		}
		require.Len(t, runs[0], 2, "%q: games of the first reader", src)
		require.Equal(t, runs[0], runs[1], "%q: a second reader of the same input", src)
	}
}
