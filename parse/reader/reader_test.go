package reader

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// next is one result of Reader.Next, for comparing whole streams.
type next struct {
	index int    // game index, 0 for no game
	err   string // "" for none, "EOF" for io.EOF
}

func readAllResults(t testing.TB, r *Reader) []next {
	t.Helper()
	var out []next
	for k := 0; k < 1000; k++ {
		g, err := r.Next()
		n := next{}
		if g != nil {
			n.index = g.Index
		}
		if err != nil {
			n.err = err.Error()
			if err == io.EOF {
				n.err = "EOF"
			}
		}
		out = append(out, n)
		if err == io.EOF {
			// EOF stays EOF.
			_, err = r.Next()
			require.Equal(t, io.EOF, err)
			return out
		}
	}
	require.FailNow(t, "no EOF")
	return nil
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]parse.Format{"a.tricks": parse.Text, "a.TXT": parse.Text, "a.yaml": parse.YAML, "x/a.YML": parse.YAML,
		"a.json": parse.YAML, "-": parse.Auto, "a": parse.Auto, "a.log": parse.Auto} {
		require.Equal(t, want, parse.FormatOf(name), name)
	}
	require.Equal(t, "text", parse.Text.String())
	require.Equal(t, "yaml", parse.YAML.String())
	require.Equal(t, "auto", parse.Auto.String())
}

func TestSniff(t *testing.T) {
	tests := map[string]parse.Format{
		"game hearts\nplayers a b\n":   parse.Text,
		"# comment\n\n  players a b\n": parse.Text,
		"---\ngame hearts\n":           parse.Text,
		"---\n# c\ngame: hearts\n":     parse.YAML,
		"--- {game: hearts}\n":         parse.YAML,
		"game: hearts\n":               parse.YAML,
		"{\"game\": \"hearts\"}":       parse.YAML,
		"[1]":                          parse.YAML,
		"\xEF\xBB\xBFgame: x\n":        parse.YAML,
		"%YAML 1.2\n---\n":             parse.YAML,
		"\"game\": x\n":                parse.YAML,
		"":                             parse.Text,
		"# only comments\n":            parse.Text,
		"players: [a, b]\n":            parse.YAML,
		"trick ann: 2C 3C\n":           parse.Text,
		"deal ann: 2C\n":               parse.Text,
		"---\n---\nplayers a b\n":      parse.Text,
		"---\nrounds:\n":               parse.YAML,
		"game:hearts\n":                parse.YAML,
		strings.Repeat("#\n", 20000) + "game: x\n": parse.Text, // beyond the window: text
	}
	for src, want := range tests {
		r := NewReader(strings.NewReader(src), "-", parse.Auto)
		require.Equal(t, want, r.Format(), "%q", src)
	}
	// The extension wins over the content.
	require.Equal(t, parse.Text, NewReader(strings.NewReader("game: x\n"), "a.tricks", parse.Auto).Format())
	require.Equal(t, parse.YAML, NewReader(strings.NewReader("game x\n"), "a.yaml", parse.Auto).Format())
}

const threeGames = `game hearts
players ann bob
round
trick 2C 3C
---
game hearts
players ann bob
trick 2C QX
trick ZZ
---
# the third
game hearts
players ann bob
`

func TestReaderContinuesAfterErrors(t *testing.T) {
	r := NewReader(strings.NewReader(threeGames), "three.tricks", parse.Auto)
	res := readAllResults(t, r)
	require.Equal(t, []next{
		{1, ""},
		{2, "three.tricks:8:10: " + parse.CardError("QX") + "\nthree.tricks:9:7: " + parse.CardError("ZZ")},
		{3, ""},
		{0, "EOF"},
	}, res)

	// The same in YAML.
	y := "game: hearts\nplayers: [ann, bob]\n---\ngame: hearts\nplayers: [ann, ann]\n---\n---\nplayers: [x]\n"
	res = readAllResults(t, NewReader(strings.NewReader(y), "three.yaml", parse.Auto))
	require.Equal(t, []next{{1, ""}, {2, `three.yaml:5:16: duplicate player "ann"`}, {3, ""}, {0, "EOF"}}, res)
}

func TestReaderGamePositions(t *testing.T) {
	games, err := ParseBytes([]byte(threeGames[:strings.Index(threeGames, "---\n# the")]+"---\n\n\n---\n# c\n  players x\n"), "p.tricks")
	require.Error(t, err) // the second game
	require.Len(t, games, 3)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 1, Col: 1}, games[0].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 6, Col: 1}, games[1].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 15, Col: 3}, games[2].Pos)
	require.Equal(t, []int{1, 2, 3}, []int{games[0].Index, games[1].Index, games[2].Index})
}

func TestReaderErrorsEndTheGame(t *testing.T) {
	tests := []struct {
		name, src string
		want      []next
	}{
		{"binary after a game.tricks", "players a\n---\nplayers b\ntrick 2C \x00\n---\nplayers c\n",
			[]next{{1, ""}, {2, "binary after a game.tricks:4:10: not a text transcript"}, {3, ""}, {0, "EOF"}}},
		{"binary then a game line.tricks", "game hearts\nplayers a\x00\ntrick 2C\ngame hearts\nplayers c\n",
			[]next{{1, "binary then a game line.tricks:2:10: not a text transcript"}, {2, ""}, {0, "EOF"}}},
		{"binary first.tricks", "\x89PNG\r\n\x1a\n\x00\x00", []next{{1, "binary first.tricks:1:1: not a text transcript\nbinary first.tricks:3:1: not a text transcript: the rest of the file is not read"}, {0, "EOF"}}},
		{"bad utf8 in comment.tricks", "# caf\xe9\nplayers a\n", []next{{1, "bad utf8 in comment.tricks:1:6: not a text transcript"}, {0, "EOF"}}},
		{"binary after a doc.yaml", "players: [a]\n---\nplayers: [b]\n\x00\n---\nplayers: [c]\n",
			[]next{{1, ""}, {2, "binary after a doc.yaml:4:1: not a text transcript"}, {3, ""}, {0, "EOF"}}},
		{"binary in one doc.yaml", "players: [a]\nmeta: {x: \"\xff\"}\n",
			[]next{{1, "binary in one doc.yaml:2:12: not a text transcript"}, {0, "EOF"}}},
		{"broken second doc.yaml", "players: [a]\n---\nplayers: [b\n---\nplayers: [c]\n",
			[]next{{1, ""}, {2, "broken second doc.yaml:3:10: invalid YAML: did not find expected ',' or ']'"}, {3, ""}, {0, "EOF"}}},
		{"indentation.yaml", "players: [a]\nrounds:\n  - dealer: a\n    tricks:\n      - a: 2C\n   took: {a: 2C}\n---\nplayers: [c]\n",
			[]next{{1, "indentation.yaml:6:4: invalid YAML: did not find expected '-' indicator"}, {2, ""}, {0, "EOF"}}},
		{"cr only.tricks", "players a\rtrick 2C\r---\rplayers b\r", []next{{1, "cr only.tricks:1:10: " + loneCRMsg}, {0, "EOF"}}},
		{"cr only.yaml", "players: [a]\r---\rplayers: [b\r---\rplayers: [c]\r",
			[]next{{1, ""}, {2, "cr only.yaml:3:10: invalid YAML: did not find expected ',' or ']'"}, {0, "EOF"}}},
		{"cr then lf.yaml", "players: [a]\r---\rplayers: [b]\n---\nplayers: [c\n",
			[]next{{1, ""}, {2, ""}, {3, "cr then lf.yaml:5:10: invalid YAML: did not find expected ',' or ']'"}, {0, "EOF"}}},
		{"empty.tricks", "", []next{{0, "empty.tricks:1:1: no game in file"}, {0, "EOF"}}},
		{"separators only.tricks", "---\n# x\n---\n\n", []next{{0, "separators only.tricks:1:1: no game in file"}, {0, "EOF"}}},
		{"empty docs.yaml", "---\n---\n# c\n...\n", []next{{0, "empty docs.yaml:1:1: no game in file"}, {0, "EOF"}}},
		{"trailing separator.tricks", "---\nplayers a\n---\n", []next{{1, ""}, {0, "EOF"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, readAllResults(t, NewReader(strings.NewReader(tt.src), tt.name, parse.Auto)))
		})
	}
}

func TestReaderLongLine(t *testing.T) {
	src := "players a\nmeta x=" + strings.Repeat("y", 2<<20) + "\n"
	_, err := ParseBytes([]byte(src), "long.tricks")
	require.EqualError(t, err, "long.tricks:2:1: a line longer than 256 KiB (a limit by design: see Reliability in the README)")
	// A long line of a binary file names the bad byte.
	src = "players a\n" + strings.Repeat("y", 1000) + "\x00" + strings.Repeat("y", 2<<20)
	_, err = ParseBytes([]byte(src), "long.tricks")
	require.EqualError(t, err, "long.tricks:2:1001: not a text transcript")
	// Long lines are fine below the limit.
	src = "players a\nmeta x=" + strings.Repeat("y", 100<<10) + "\n"
	games, err := ParseBytes([]byte(src), "long.tricks")
	require.NoError(t, err)
	require.Len(t, games[0].Meta[0].Value, 100<<10)
}

// errReader fails after its data.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, e.err
	}
	return n, err
}

func TestReaderReadErrors(t *testing.T) {
	boom := errors.New("boom")
	for _, format := range []parse.Format{parse.Text, parse.YAML} {
		src := "players: [a]\n---\nplayers: [b]\n"
		if format == parse.Text {
			src = "players a\n---\nplayers b\n"
		}
		r := NewReader(&errReader{strings.NewReader(src), boom}, "e", format)
		g, err := r.Next()
		require.NoError(t, err)
		require.Equal(t, 1, g.Index)
		var got error
		for k := 0; k < 3; k++ {
			_, err = r.Next()
			if err != nil && err != io.EOF {
				got = err
				break
			}
		}
		require.ErrorIs(t, got, boom, format.String())
		_, err = r.Next()
		require.Equal(t, io.EOF, err)
	}
}

// Odd reader behaviour (one byte at a time, half reads, data with EOF) changes nothing.
func TestReaderChunking(t *testing.T) {
	big := bigGame(200)
	src := threeGames + "---\n" + big + "---\n" + big
	want, err := ParseBytes([]byte(src), "x.tricks")
	require.Error(t, err)
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"onebyte": iotest.OneByteReader, "half": iotest.HalfReader, "dataerr": iotest.DataErrReader,
	} {
		got, err2 := ReadAll(NewReader(wrap(strings.NewReader(src)), "x.tricks", parse.Auto))
		require.Equal(t, err.Error(), err2.Error(), name)
		require.Len(t, got, len(want), name)
		for k := range want {
			require.Equal(t, stripped(want[k]), stripped(got[k]), name)
			require.Equal(t, want[k].Pos, got[k].Pos, name)
		}
	}
	// And YAML.
	var y bytes.Buffer
	require.NoError(t, writer.WriteYAMLs(&y, want))
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"onebyte": iotest.OneByteReader, "half": iotest.HalfReader, "dataerr": iotest.DataErrReader,
	} {
		got, err := ReadAll(NewReader(wrap(bytes.NewReader(y.Bytes())), "x.yaml", parse.Auto))
		require.NoError(t, err, name)
		require.Len(t, got, len(want), name)
		for k := range want {
			require.Equal(t, stripped(want[k]), stripped(got[k]), name)
		}
	}
}

// bigGame is a game of n rounds, far larger than the reader's first buffer.
func bigGame(n int) string {
	var b strings.Builder
	b.WriteString("game hearts\nplayers ann bob cat dan\n")
	for k := 0; k < n; k++ {
		b.WriteString("round\ndeal ann: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC\ntrick ann: 2C 3C 4C 5C\n")
	}
	return b.String()
}

// repeatReader yields src n times, separated by "---", without holding the stream.
type repeatReader struct {
	src  string
	n    int
	left string
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left == "" {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.left = r.src + "---\n"
	}
	k := copy(p, r.left)
	r.left = r.left[k:]
	return k, nil
}

func TestReaderStreamsManyGames(t *testing.T) {
	const n = 3000
	r := NewReader(&repeatReader{src: "game hearts\nplayers ann bob cat dan\nround\ntrick 2C 3C 4C 5C\n", n: n}, "many.tricks", parse.Text)
	count := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		count++
		require.Equal(t, count, g.Index)
		require.Equal(t, 1+5*(count-1), g.Pos.Line)
	}
	require.Equal(t, n, count)
	require.LessOrEqual(t, len(r.lb.buf), readBlock, "the buffer holds one game, not the stream")
}

func TestParseFile(t *testing.T) {
	games, err := ParseFile("../../testdata/bench/hearts4p.tricks")
	require.NoError(t, err)
	require.Len(t, games, 1)
	require.Equal(t, "../../testdata/bench/hearts4p.tricks", games[0].File)
	yg, err := ParseFile("../../testdata/bench/hearts4p.yaml")
	require.NoError(t, err)
	require.Equal(t, stripped(games[0]), stripped(yg[0]))
	_, err = ParseFile("../../testdata/bench/does-not-exist.tricks")
	require.Error(t, err)
}

func TestWriterStream(t *testing.T) {
	games, err := ParseBytes([]byte("players a\n---\nplayers b\nround\n"), "w.tricks")
	require.NoError(t, err)
	var b bytes.Buffer
	w := writer.NewWriter(&b, parse.Text)
	for _, g := range games {
		require.NoError(t, w.Write(g))
	}
	require.Equal(t, "players a\n---\nplayers b\n\nround\n", b.String())
	b.Reset()
	require.NoError(t, writer.WriteYAMLs(&b, games))
	require.Equal(t, "players: [a]\n---\nplayers: [b]\nrounds:\n  - {}\n", b.String())
	b.Reset()
	require.NoError(t, writer.WriteText(&b, games[0]))
	require.Equal(t, "players a\n", b.String())
	b.Reset()
	require.NoError(t, writer.WriteYAML(&b, games[0]))
	require.Equal(t, "players: [a]\n", b.String())
}

// Aliases cannot make a small document expand without bound.
func TestYAMLAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("players: [a]\nrounds:\n  - &r {tricks: [&c [" + strings.Repeat("2C, ", 99) + "2C]")
	b.WriteString(strings.Repeat(", *c", 199) + "]}\n")
	b.WriteString(strings.Repeat("  - *r\n", 2000))
	start := time.Now()
	games, err := ParseBytes([]byte(b.String()), "bomb.yaml")
	require.Less(t, time.Since(start), 5*time.Second)
	require.EqualError(t, err, "bomb.yaml:3:819: the aliases of one YAML document stand for more than 10000 values (a limit by design: see Reliability in the README)")
	require.Len(t, games, 1)
	// One round of 100 tricks and 2000 aliases of it: refused at the alias that crosses
	// the limit, before any of it is read into the game.
	b.Reset()
	b.WriteString("game: hearts\nplayers: [a, b, c, d]\nrounds:\n  - &r {tricks: [{a: 2C 3C 4C 5C}")
	b.WriteString(strings.Repeat(", 6C 7C 8C 9C", 99) + "]}\n")
	b.WriteString(strings.Repeat("  - *r\n", 2000))
	start = time.Now()
	games, err = ParseBytes([]byte(b.String()), "rounds.yaml")
	require.Less(t, time.Since(start), time.Second)
	require.EqualError(t, err, "rounds.yaml:100:5: the aliases of one YAML document stand for more than 10000 values (a limit by design: see Reliability in the README)")
	require.Len(t, games, 1)
	require.Empty(t, games[0].Rounds)
	// More than 100 aliases.
	b.Reset()
	b.WriteString("players: &p [a]\nrounds:\n")
	b.WriteString(strings.Repeat("  - tiebreak: *p\n", 101))
	_, err = ParseBytes([]byte(b.String()), "many.yaml")
	require.EqualError(t, err, "many.yaml:103:15: more than 100 aliases in one YAML document (a limit by design: see Reliability in the README)")
	// Modest use of aliases is fine.
	games, err = ParseBytes([]byte("players: [a]\nrounds:\n  - &r {tricks: [&c 2C 3C, *c]}\n  - *r\n"), "ok.yaml")
	require.NoError(t, err)
	require.Len(t, games[0].Rounds, 2)
	require.Len(t, games[0].Rounds[1].Tricks, 2)
}

// Long lines cost linear time, also when columns count characters rather than bytes.
func TestLongLinesAreLinear(t *testing.T) {
	start := time.Now()
	src := "players " + strings.Repeat("p ", 1) + "\ntrick " + strings.Repeat("5♥ ", parse.MaxCards) + "\n"
	games, err := ParseBytes([]byte(src), "long.tricks")
	require.NoError(t, err)
	cols := games[0].Rounds[0].Tricks[0].Cols
	require.Len(t, cols, parse.MaxCards)
	require.Equal(t, 7+3*(parse.MaxCards-1), cols[parse.MaxCards-1])
	// Beyond the limit: one error at the first card too many, found as fast.
	src = "players " + strings.Repeat("p ", 1) + "\ntrick " + strings.Repeat("5♥ ", 20000) + "\n"
	_, err = ParseBytes([]byte(src), "long.tricks")
	require.EqualError(t, err, "long.tricks:2:391: more than 128 cards in one statement (a limit by design: see Reliability in the README)")
	var b strings.Builder
	b.WriteString("players")
	for k := 0; k < 50000; k++ {
		b.WriteString(" p")
		b.WriteString(strconv.Itoa(k))
	}
	b.WriteString(" p7\n")
	_, err = ParseBytes([]byte(b.String()), "many.tricks")
	require.EqualError(t, err, `many.tricks:1:63: more than 16 player names in one statement (a limit by design: see Reliability in the README)`)
	require.Less(t, time.Since(start), 5*time.Second)
}

// TestIsASCII puts one byte with the high bit at every place of inputs of every length up to
// a few steps of isASCII's (sixty-four bytes, then eight, then one), and none.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 200; n++ {
		s := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(s) {
			t.Fatalf("%d bytes of ASCII: isASCII false", n)
		}
		for k := range s {
			s[k] = 0xc3
			if isASCII(s) {
				t.Fatalf("%d bytes, 0xc3 at %d: isASCII true", n, k)
			}
			s[k] = 'a'
		}
	}
}

// TestLongLineKeepsItsNumber: the parts of a line longer than the reader's buffer are one
// line: a file of NUL bytes and no newline is reported on line 1, the rest where it starts.
func TestLongLineKeepsItsNumber(t *testing.T) {
	_, err := ParseBytes(bytes.Repeat([]byte{0}, 262145), "nul.tricks")
	require.EqualError(t, err, "nul.tricks:1:1: not a text transcript\nnul.tricks:1:262145: not a text transcript: the rest of the file is not read")
}

// TestSeparatorAt: the lines the text reader passes over in one go (separatorAt) hold no
// separator, and the line where it stops holds a "---".
func TestSeparatorAt(t *testing.T) {
	bufs := []string{"", "-", "--", "---", "a\n---\n", "a-b\n---\n", "x---\n  ---\n", "a\n-\n--x\n\t---\n", "deal a: -\nb\n",
		"option a-b=c-d e-f=g\nmeta x=a---b\n---\n", "a - ---\n---", "#---\n", "a\n--", "a-\n-", " \n \t --- # c\n"}
	for _, src := range textCorpus(t) {
		bufs = append(bufs, string(src))
	}
	for _, b := range bufs {
		buf := []byte(b)
		k := separatorAt(buf)
		require.True(t, k == len(buf) || k == 0 || buf[k-1] == '\n', "%q: %d is no line start", b, k)
		for _, line := range splitLines(buf[:k]) {
			require.False(t, isSeparator(line), "%q: separator %q passed over", b, line)
		}
		if k < len(buf) {
			line, _, _ := bytes.Cut(buf[k:], []byte("\n"))
			require.Contains(t, string(line), "-", "%q: stopped at a line without a dash", b)
		}
	}
}
