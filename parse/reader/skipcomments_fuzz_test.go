package reader

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// FuzzSkipComments: a reader told SkipComments gives, game by game, the games and errors of
// one that was not once each game has been through DropComments, read by Next and by
// NextPending and Parse into one GameBuffer (the same buffer for every input, all of them read
// with SkipComments). Text is read as text, and also as YAML when it sniffs as YAML. Without
// comments more lines of text take the fast statements, the play lines and the kept heads
// (a comment line waiting for its statement sends the next line the general way): what they
// make of a line must not depend on a comment line before it.
func FuzzSkipComments(f *testing.F) {
	fuzzSeeds(f, ".tricks")
	fuzzSeeds(f, ".yaml")
	corpusSeeds(f, "FuzzParseText")
	for _, src := range skipCommentsSeeds {
		f.Add([]byte(src))
	}
	var buf GameBuffer // one for all inputs: each game leaves its arrays and heads to the next
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSkipComments(t, src, "fuzz.tricks", parse.Text, &buf)
		if sniff(src) == parse.YAML {
			checkSkipComments(t, src, "fuzz.yaml", parse.YAML, &buf)
		}
	})
}

// skipCommentsSeeds are inputs full of comments: before the game statement and the first
// round, between tricks, after the last statement, around separators, on the line of a
// statement, with a '#' in a quoted string, short and long, with bytes not ASCII, in CRLF
// text after a byte-order mark, after tabs, and games of comments only; games whose heads
// repeat (kept heads) after comment lines, and errors near comments.
var skipCommentsSeeds = []string{
	"# file\n# second line\n\ngame hearts # the game\n# before players\nplayers ann bob cat dan\n" +
		"option pass=left # option\n# before round\nround\ndeal ann: 2C 3C\n# between deals\ndeal bob: 4C 5C\n" +
		"trick 2C 3C 4C 5C\n# between tricks\ntrick ann: 6C 7C 8C 9C # line\ntrick \"bob\" : TC JC QC KC\n" +
		"tricks ann=1 bob=2 # tricks\n# after the last statement\n--- # separator\n# before game\n" +
		"game hearts\nplayers ann bob cat dan\nround\ntrick 2C 3C 4C 5C\n#\n---\n# only comments\n# here\n---\n" +
		"# again\ngame hearts\nplayers ann bob cat dan\nround\n# c\ntrick 2C 3C 4C 5C\n---\n" +
		"#####\ngame hearts\nplayers ann bob cat dan\nround\ntrick 2C 3C 4C 5C\n# end",
	"\xEF\xBB\xBF# bom\r\ngame hearts\r\nplayers ann bob cat dan\r\nround\r\n\t# tab\r\n" +
		"trick 2C 3C 4C 5C\t# c\r\n# crlf\r\ntrick 6C 7C 8C 9C\r\n",
	"players \"a#b\" bob # real\nround\ntrick \"a#b\": 2C 3C # c\nmeta note=\"x # y\" # z\n" +
		"meta q=\"\\\"#\" # w\n",
	"game hearts\nplayers ann bob cat dan\nround\n# café ♥\ntrick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C\n# é\n" +
		"deal ann: 2C\n# \x01\x7f\ndeal bob: 3C\n",
	"game hearts\nplayers ann bob cat dan\nround\n# " + strings.Repeat("long ", 1000) + "\ntrick 2C 3C 4C 5C\n",
	"players ann bob\n# c\ntrick 2C XX # bad\nbid ann=x # c\nround # r\nfoo # unknown\nround\n# c\ntrick 2C\n",
	"#\n#a\n# b\ngame hearts\nplayers a b\n#\nround\n#a\ntrick 2C 3C\n# b\n#\n",
	"# c\n---\n# d\n---\n# e\n",
	"game hearts\nplayers ann bob\nround\npass ann: 2C # c\n# p\npass bob: 3C\n# t\ntook ann: 2C\nmoon ann # m\n" +
		"score ann=1 # s\n# t\ntotal ann=1\nclaim ann # c\n",
	"# a file\n---\n# game\nplayers: [ann, bob] # players\nrounds:\n  # round\n  - tricks:\n" +
		"      - [2C, 3C] # trick\n# end\n---\n# only a comment\n",
}

// corpusSeeds adds the inputs kept for target (testdata/fuzz/<target>, in Go's corpus
// format, one []byte a file) as seeds.
func corpusSeeds(f *testing.F, target string) {
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", target, "*"))
	require.NoError(f, err)
	for _, name := range files {
		b, err := os.ReadFile(name)
		require.NoError(f, err)
		head, value, _ := strings.Cut(string(b), "\n")
		value, ok := strings.CutPrefix(strings.TrimSpace(value), "[]byte(")
		require.True(f, ok && head == "go test fuzz v1", "%s: not one []byte in Go's corpus format", name)
		src, err := strconv.Unquote(strings.TrimSuffix(value, ")"))
		require.NoError(f, err, name)
		f.Add([]byte(src))
	}
}

// checkSkipComments reads every game of src (format f) without SkipComments, each game then
// through DropComments, and with SkipComments, by Next and by NextPending and Parse into buf
// (each game compared before the next parse takes the buffer): the games and their errors
// must be the same.
func checkSkipComments(t *testing.T, src []byte, name string, f parse.Format, buf *GameBuffer) {
	want, werrs := readWithNext(t, name, src, f, false, true)
	got, gerrs := readWithNext(t, name, src, f, true, false)
	if len(got) != len(want) {
		require.FailNowf(t, "games differ", "%s: %d games read by Next with SkipComments, %d without", name, len(got), len(want))
	}
	for k := range want {
		sameSkipped(t, name, "by Next", k, want[k], werrs[k], got[k], gerrs[k])
	}
	rd := NewReader(bytes.NewReader(src), name, f)
	rd.SkipComments()
	k := 0
	for ; ; k++ {
		var p Pending
		if err := rd.NextPending(&p); err == io.EOF {
			break
		} else if err != nil {
			require.FailNowf(t, "read error", "%s: %v", name, err)
		}
		if k >= len(want) {
			require.FailNowf(t, "games differ", "%s: more games by NextPending than the %d of Next", name, len(want))
		}
		g, err := p.Parse(buf)
		sameSkipped(t, name, "into a GameBuffer", k, want[k], werrs[k], g, errText(err))
	}
	if k != len(want) {
		require.FailNowf(t, "games differ", "%s: %d games by NextPending, %d by Next", name, k, len(want))
	}
}

// sameSkipped fails t when game k read with SkipComments (got, its error text gerr) is not
// the game read with comments and dropped (want, werr).
func sameSkipped(t *testing.T, name, how string, k int, want *parse.Game, werr string, got *parse.Game, gerr string) {
	if gerr != werr {
		require.FailNowf(t, "errors differ", "%s game %d, %s:\nwith SkipComments: %s\ndropped:           %s", name, k+1, how, gerr, werr)
	}
	if !reflect.DeepEqual(got, want) {
		require.Equal(t, want, got, "%s game %d, %s: dropped, and with SkipComments", name, k+1, how)
	}
}
