package reader

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/testcorpus"
	"github.com/tricks-dev/tricks/parse/writer"
)

// textCorpus returns the text transcripts of the repository's testdata and the package's
// (testdata/text: claims), by name.
func textCorpus(t testing.TB) map[string][]byte {
	return testcorpus.Text(t, "../../testdata", "testdata")
}

// TestGameBufferSameAsFresh: parsing game after game into one GameBuffer gives, for every
// game of the testdata transcripts (in one order and then in the reverse, so that large games
// leave their arrays to small ones and the reverse), exactly the game and the errors a parse
// into fresh memory gives: the same values, nil and empty lists alike, and the same
// canonical text.
func TestGameBufferSameAsFresh(t *testing.T) {
	corpus := textCorpus(t)
	names := make([]string, 0, len(corpus))
	for n := range corpus {
		names = append(names, n)
	}
	slices.Sort(names)
	var buf GameBuffer
	games := 0
	check := func(name string) {
		rd := NewReader(bytes.NewReader(corpus[name]), name, parse.Text)
		for k := 1; ; k++ {
			var p Pending
			err := rd.NextPending(&p)
			if err == io.EOF {
				break
			}
			require.NoError(t, err, "%s", name)
			want, werr := p.Parse(nil)
			got, gerr := p.Parse(&buf)
			require.Equal(t, want, got, "%s game %d: parsed into a reused buffer, and fresh", name, k)
			require.Equal(t, werr, gerr, "%s game %d: errors parsed into a reused buffer, and fresh", name, k)
			if got != nil {
				require.Equal(t, string(writer.AppendText(nil, want)), string(writer.AppendText(nil, got)), "%s game %d: canonical text parsed into a reused buffer, and fresh", name, k)
				games++
			}
		}
	}
	for _, n := range names {
		check(n)
	}
	for _, n := range slices.Backward(names) {
		check(n)
	}
	require.NotZero(t, games, "no game parsed")
}

// TestGameBufferNext: the games Next returns stay as they were while later games are parsed
// into a GameBuffer (Next never hands out a buffer's memory), and NextPending's text outlives
// the reader's buffer.
func TestGameBufferNext(t *testing.T) {
	src := corpusFile(t, "../../testdata/examples/hearts.tricks")
	games, err := ParseBytes(src, "hearts.tricks")
	require.NoError(t, err)
	before := make([]string, len(games))
	for i, g := range games {
		before[i] = string(writer.AppendText(nil, g))
	}
	var pend []Pending
	rd := NewReader(bytes.NewReader(src), "hearts.tricks", parse.Text)
	for {
		var p Pending
		err := rd.NextPending(&p)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		pend = append(pend, p)
	}
	var buf GameBuffer
	for i := len(pend) - 1; i >= 0; i-- { // parse last first, long after the reader went on
		g, err := pend[i].Parse(&buf)
		require.NoError(t, err)
		require.Equal(t, before[i], string(writer.AppendText(nil, g)), "game %d parsed late into a buffer", i+1)
	}
	for i, g := range games {
		require.Equal(t, before[i], string(writer.AppendText(nil, g)), "game %d of Next changed", i+1)
	}
}

func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return b
}

// parseGeneral parses p into fresh memory without the fast path of fast.go.
func parseGeneral(p *Pending) (*parse.Game, error) {
	if !p.text {
		return p.g, p.err
	}
	mem := newGameMem(nil)
	mem.general = true
	g, errs := parseTextGame(mem, p.src, p.file, p.first, p.index, p.ascii, p.noComments)
	return g, errs.Err()
}

// checkFastPath reads every game of src and checks that the fast path, the general
// statements and a parse into a reused buffer give the same game and errors.
func checkFastPath(t *testing.T, src []byte, name string, buf *GameBuffer) int {
	t.Helper()
	// The reader passes over most lines in one go when they are in its buffer: read a byte at
	// a time, it takes them one by one, and must cut the same games.
	whole, bytewise := pendings(t, bytes.NewReader(src), name), pendings(t, iotest.OneByteReader(bytes.NewReader(src)), name)
	require.Equal(t, whole, bytewise, "%s: the games read whole, and a byte at a time", name)
	rd := NewReader(bytes.NewReader(src), name, parse.Text)
	n := 0
	for k := 1; k < 10000; k++ {
		var p Pending
		if err := rd.NextPending(&p); err != nil {
			require.ErrorIs(t, err, io.EOF, name)
			break
		}
		want, werr := parseGeneral(&p)
		got, gerr := p.Parse(nil)
		require.Equal(t, want, got, "%s game %d: the general statements, and the fast path", name, k)
		require.Equal(t, werr, gerr, "%s game %d: the general statements' errors, and the fast path's", name, k)
		got, gerr = p.Parse(buf)
		require.Equal(t, want, got, "%s game %d: fresh memory, and a reused buffer", name, k)
		require.Equal(t, werr, gerr, "%s game %d: fresh memory's errors, and a reused buffer's", name, k)
		n++
	}
	return n
}

// pendings reads every game of r with NextPending.
func pendings(t *testing.T, r io.Reader, name string) []Pending {
	t.Helper()
	var out []Pending
	rd := NewReader(r, name, parse.Text)
	for k := 0; k < 10000; k++ {
		var p Pending
		err := rd.NextPending(&p)
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "%s", name)
		out = append(out, p)
	}
	return out
}

// TestFastPathSameAsGeneral: the fast path of the statements of the play gives exactly the
// games and errors of the general statements, on the testdata transcripts and on lines near
// the canonical spelling that the fast path must leave to the general one.
func TestFastPathSameAsGeneral(t *testing.T) {
	var buf GameBuffer
	n := 0
	for name, src := range textCorpus(t) {
		n += checkFastPath(t, src, name, &buf)
	}
	head := "game hearts\nplayers ann bob cat dan\nround\n"
	for _, line := range []string{
		"trick 2C 3C 4C 5C", "trick  2C 3C 4C 5C", "trick 2C  3C 4C 5C", "trick 2C,3C 4C 5C", "trick 2c 3c 4c 5c",
		"trick 2C 3C 4C 5", "trick 2C 3C 4C 5CX", "trick 2C 3C 4C LJ", "trick 10C 3C 4C 5C", "trick 2C", "trick 2C ",
		"trick ann: 2C 3C 4C 5C", "trick 2C: 3C 4C 5C", "trick XC 3C 4C 5C", "trick 2X 3C", "trick 2C\t3C", "trick -",
		"deal ann: 2C 3C 4C", "deal ann:2C 3C", "deal ann : 2C 3C", "deal ann: -", "deal ann:", "deal ann: 2C  3C",
		"deal 1ann: 2C", "deal a.b-c_d: 2C", "deal ann: 2C 3X", "deal ann bob: 2C", "deal \"ann\": 2C", "deal ann: ann",
		"deal " + strings.Repeat("a", parse.MaxName) + ": 2C", "deal " + strings.Repeat("a", parse.MaxName+1) + ": 2C",
		"pass ann: 2C 3C 4C", "pass ann > bob: 2C 3C 4C", "pass ann>bob: 2C", "pass ann: 2C,3C,4C", "pass ann: -",
		"trick " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards)), "trick " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards+1)),
		"deal ann: 2C 3C # a comment", "trick 2C 3C 4C 5C\r", "deal ann: 2C 3C\r", "pass ann: 2C\r\npass bob: 3C",
		"trick 2C 3C\ntrick 4C 5C\ndeal ann: 2C\ndeal bob: 3C\npass ann: 4C\npass bob: 5C\ndeal cat: 6C\ntrick 6C 7C", "trick 2C 3C 4C 5C  ", "  trick 2C 3C 4C 5C",
		"trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C\ndeal ann: 2C\ndeal ann: 3C",
		"trick é 2C", "deal anné: 2C", "deal ann: 2C é",
		"players ann bob", "players ann  bob", "players ann,bob", "players ann ann", "players ann bob ann", "players \"a b\" c",
		"players " + strings.TrimSpace(strings.Repeat("p ", 1)), "players a b c d e f g h i j k l m n o p", "players a b c d e f g h i j k l m n o p q",
		"players ann 1bob", "players ann bob:", "players a.b-c_d", "players " + strings.Repeat("a", parse.MaxName+1),
		"option k=v", "option k=v x=y", "option k=v  x=y", "option k=v,x=y", "option k==v", "option k=a=b", "option k=",
		"option =v", "option k", "option k=\"v w\"", "option k=v\"w", "option k=v\x01", "option k=v\x7f", "option k=v k=w",
		"option " + strings.Repeat("k", parse.MaxName+1) + "=v", "option 1k=v", "option k.x-y_z=v-1.5", "meta date=2026-11-20 event=x",
		"meta k=v\nmeta k=w", "option a=1\noption b=2", "meta k=é",
		// game lines, and comments where the fast statements are tried
		"game hearts", "game hearts # c", "game \"a b\"", "game x#y", "game a\tb", "game a\x01", "game a\x7f", "game a\"b",
		"game a\ngame b", "# c\ngame hearts", "#\nplayers ann bob", "players ann bob # c", "players ann#bob", "option k=v#x",
		"option k=v # c", "meta k=#", "round # c", "round#", "# c\nround", "trick 2C 3C # c", "deal ann: 2C#", "pass ann#: 2C",
		// comment lines of every shape before the statements the fast statements read, blank
		// lines among them, and the statements after them with and without comments of their own
		"# OpenSpiel hearts, seed 1 game 0\ngame hearts\nplayers ann bob cat dan\noption k=v x=y\nround dealer=ann",
		"# c\n\n# d\ngame hearts", "#   c   \ngame hearts", "#\tc\ngame hearts", "##### c\ngame hearts", "#c\"d\" #e\ngame x",
		"# c\ngame hearts # d", "# c\n  game hearts", "# c\ngame hearts \t", "# c\ngame \"a b\"", "# c\ngame a\ngame b",
		"#\ngame hearts", "# c\n#\n# d\n\n\ngame hearts", "# c \r\ngame hearts", "# c\r\ngame hearts\r",
		"# c\n# d\nplayers ann bob cat dan", "# c\nplayers ann bob", "# c\nplayers ann ann", "# c\noption k=v x=y",
		"# c\noption k=v x=y\n# d\noption a=b", "# c\noption k=v\n\n# d\n\noption k=w", "# c\noption k=v # d",
		"# c\nmeta date=2026-11-20", "# c\nmeta k=v\n# d\nmeta j=w", "# c\nround", "# c\nround dealer=ann",
		"# c\nround tiebreak ann bob", "# c\n\nround\n# d\ntrick 2C 3C 4C 5C\n# e\ntrick 6C 7C 8C 9C",
		"# c\ntrick 2C 3C 4C 5C", "# c\ntrick ann: 2C 3C", "# c\ndeal ann: 2C 3C", "# c\npass ann: 2C\n# d\npass bob: 3C",
		"# c\npass ann>bob: 2C", "# c\nclaim ann", "# c\nbid ann=1", "# c\nxyz ann", "# c\ngame é", "# é\ngame hearts",
		"trick 2C 3C\n# end", "trick 2C 3C\n# end\n# more", "# ---\ngame hearts", "# c\n---\n# d\ngame hearts",
		"game hearts\n# c\nplayers ann bob\n# d\noption k=v\n# e\nmeta k=v\n# f\nround\n# g\ndeal ann: 2C\n# h",
		// the same players and option lines as the game before, elsewhere on their line
		"option k=v x=y", "  option k=v x=y", "option k=v x=y # c", "\toption k=v x=y", "option k=v x=y\noption k=v x=y",
		"  players ann bob cat dan", "players ann bob cat dan # c", "players ann bob cat dan\nplayers ann bob cat dan",
		// tie-break rounds
		"round tiebreak ann bob", "round tiebreak ann", "round tiebreak", "round tiebreak ", "round tiebreak ann  bob",
		"round tiebreak ann,bob", "round tiebreak ann bob dealer=ann", "round tiebreak dealer=ann", "round tiebreak ann ann",
		"round tiebreak \"a b\" c", "round tiebreak ann # c", "round tiebreak ann#", "round tiebreak 1ann", "round tiebreak=x",
		"round tiebreak a b c d e f g h i j k l m n o p", "round tiebreak a b c d e f g h i j k l m n o p q",
		"round tiebreak " + strings.Repeat("a", parse.MaxName), "round tiebreak " + strings.Repeat("a", parse.MaxName+1),
		"round tiebreak ann bob\ntrick 2C 3C\ntrick 4C 5C", "round dealer=ann tiebreak ann bob",
		// dashes, in separators and elsewhere (the reader passes over lines up to one that may
		// be a separator)
		"meta note=a---b", "meta note=-", "meta d=2026-11-20 x=---", "# ---", "#---", " ---", "\t---", "--- # c", "---x",
		"x---", "-- -", "- --", "--", "-", "deal ann: -\n---\ndeal bob: -", "option a-b=c-d e-f=g---h\n---\noption a-b=c",
		"trick 2C 3C\n  ---  \ntrick 4C 5C", "trick 2C 3C\n-\n---\ntrick 4C 5C", "trick 2C 3C\n \t---\ntrick 4C 5C",
		"trick 2C 3C\nx ---\n---\ntrick 4C 5C", "players a-b c--d\n---\nplayers a-b",
		// rounds with a dealer
		"round dealer=ann", "round dealer=zed", "round dealer=", "round dealer=ann bob", "round dealer=ann ", "round dealer= ann",
		"round dealer =ann", "round dealer=ann dealer=bob", "round dealer=ann,", "round dealer=\"ann\"", "round dealer=1ann",
		"round dealer=ann # c", "round dealer=ann#", "round dealer=a.b-c_d", "round dealer=ann\tx", "round dealer=ann:",
		"round dealer=" + strings.Repeat("a", parse.MaxName), "round dealer=" + strings.Repeat("a", parse.MaxName+1),
		"round dealer=ann\ntrick ann: 2C 3C\ntrick 4C 5C\nround dealer=bob\ntrick bob: 2D 3D", "Round dealer=ann", "round dealers=ann",
		// claims, which the fast statements leave to the general ones
		"claim ann", "claim ann=2 bob=1", "claim \"a b\"", "claim \"a b\"=1, ann=2", "claim", "claim ann bob", "claim ann # c",
		"claim ann=1 ann=2", "claim ann=x", "claim ann\nclaim bob", "clam ann", "Claim ann", "claimann",
		"trick 2C 3C 4C 5C\nclaim ann\ntrick 6C 7C 8C 9C", "deal ann: 2C 3C\nclaim ann\ndeal bob: 4C 5C",
		// runs of tricks of one to five cards, mixed, and broken in the middle of a run
		"trick 2C\ntrick 3C\ntrick 4C", "trick 2C 3C 4C\ntrick 5C 6C 7C\ntrick 8C 9C TC",
		"trick 2C 3C 4C 5C 6C\ntrick 7C 8C 9C TC JC", "trick 2C 3C\ntrick 4C 5C 6C 7C\ntrick 8C\ntrick 9C TC JC QC KC",
		"trick 2C 3C 4C 5C\ntrick 6C 7C 8C 5X\ntrick 2D 3D 4D 5D", "trick 2C 3C 4C 5C\ntrick 6C 7C 8C\r\ntrick 2D 3D 4D 5D",
		"trick 2C 3C\ntrick 4C 5C\n\ntrick 6C 7C", "trick 2C 3C\ntrick 4C  5C\ntrick 6C 7C", "trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C ",
		"trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C\ntrick ann: 2D 3D 4D 5D\ntrick 6D 7D 8D 9D", "trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C#",
		"trick 2C 3C 4C 5C\ntricks ann=1\ntrick 6C 7C 8C 9C", "trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9C\ndeal ann: 2C",
		"trick 2c 3C 4C 5C\ntrick 6C 7C 8C 9C", "trick 2C 3C 4C 5C\ntrick 6C 7C 8C 9c", "trick 2C 3C\ntrick 6C 7c",
		// tricks with a leader, and passes with a recipient, near the canonical spelling
		"trick : 2C", "trick ann:2C", "trick ann : 2C", "trick ann:  2C", "trick ann: 2C 3C 4C 5C 6C", "trick ann:", "trick ann: ",
		"trick ann: -", "trick ann: 2C,3C", "trick ann: 2C 3X", "trick ann: 2C 3C\r", "trick ann: 2C # c", "trick ann: 2C#",
		"trick AC: 2C 3C", "trick AC 2C 3C 4C", "trick AS 2S 3S 4S 5S", "trick KS: 2S", "trick zed: 2C 3C", "trick \"ann\": 2C",
		"trick a.b-c_d: 2C", "trick 1ann: 2C", "trick ann>bob: 2C", "trick ann bob: 2C", "trick ann:: 2C", "trick ann: ann",
		"trick " + strings.Repeat("a", parse.MaxName) + ": 2C 3C", "trick " + strings.Repeat("a", parse.MaxName+1) + ": 2C 3C",
		"trick " + strings.Repeat("a", parse.MaxName) + ": " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards)),
		"trick ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards)), "trick ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards+1)),
		"trick ab: 2C 3C 4C 5C\ntrick abc: 6C 7C 8C 9C\ntrick abcd: 2D 3D 4D 5D\ntrick 6D 7D 8D 9D\ntrick bob: 2H 3H 4H 5H",
		"trick 2C 3C 4C 5C\ntrick cat: 6C 7C 8C 9C\ntrick 2D 3D 4D 5D\ntrick dan: 6D 7D 8D 9D\ndeal ann: 2C",
		"trick 2C 3C 4C 5C\ntrick a: 6C 7C 8C\ntrick b: 9C TC JC QC", "trick a: 2C 3C 4C\ntrick b: 5C 6C 7C\ntrick 8C 9C TC",
		"trick ann: 2C\ntrick bob: 3C\ntrick 4C", "trick ann: 2C 3C 4C 5C\ntrick bob: 6C 7C 8C 9X\ntrick cat: 2D 3D 4D 5D",
		"trick 2C 3C 4C 5C\ntrick " + strings.Repeat("a", parse.MaxName) + ": 6C 7C 8C 9C\ntrick " + strings.Repeat("b", parse.MaxName+1) + ": 2D 3D 4D 5D",
		"trick ann: 2C 3C 4C 5C\ntrick bob: 6C 7C 8C\ntrick cat: 9C TC JC QC", "trick ann: 2C 3C 4C 5C\ntrick bob : 6C 7C 8C 9C",
		"trick ann: 2C 3C 4C 5C\ntrick bob:  6C 7C 8C 9C", "trick ann: 2C 3C 4C 5C\ntrick bob: 6C 7C 8C 9C\r\ntrick 2D 3D 4D 5D",
		"pass ann>bob: 2C 3C 4C", "pass ann>: 2C", "pass ann>1b: 2C", "pass ann>>bob: 2C", "pass ann>bob:2C", "pass ann>bob : 2C",
		"pass ann> bob: 2C", "pass ann>bob>cat: 2C", "pass ann>zed: 2C", "pass zed>ann: 2C", "pass ann>bob: -", "pass ann>bob: 2C # c",
		"pass ann>bob#: 2C", "pass ann>bob:", "pass ann>bob: ", "pass ann>bob", "deal ann>bob: 2C", "pass ann>\"bob\": 2C",
		"pass ann>" + strings.Repeat("b", parse.MaxName) + ": 2C", "pass ann>" + strings.Repeat("b", parse.MaxName+1) + ": 2C",
		"pass ann>bob: 2C 3C 4C\npass bob>cat: 5C 6C 7C\npass cat: 8C 9C TC\npass dan>ann: JC QC KC\ntrick ann: 2D 3D",
		// deal and pass lines in the players' order, and out of it
		"deal ann: 2C\ndeal bob: 3C\ndeal cat: 4C\ndeal dan: 5C\npass ann: 2C\npass bob: 3C\npass cat: 4C\npass dan: 5C",
		"deal bob: 2C\ndeal ann: 3C\ndeal cat: 4C", "deal an: 2C", "deal anna: 2C", "deal ann:  2C", "deal ann: 2C\ndeal bob:2C",
		"pass ann: 2C\npass bob>cat: 3C\npass cat: 4C", "deal ann: 2C\npass ann: 3C\ndeal bob: 4C\npass bob: 5C",
		"deal ann: 2C\ndeal bob: 3C\ndeal cat: 4C\ndeal dan: 5C\ndeal ann: 6C", "deal ann: 2",
		// deal and pass lines of four cards and more, broken at each place of a group of four
		"deal ann: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "deal ann: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AX",
		"deal ann: 2C 3C 4C 5C 6C 7C 8C 9C", "deal ann: 2C 3C 4C 5C 6C 7C 8C 9C ", "deal ann: 2C 3C 4C 5C,6C 7C 8C 9C",
		"deal ann: 2C 3C 4C 5C 6C 7C 8C 9X TC", "deal ann: 2C 3C 4C 5C 6C 7C 8C 9C\r", "pass ann: 2C 3C 4C 5C", "pass ann: 2C 3C 4C 5C 6C",
		"deal ann: 2C 3C 4C 5C\tX", "deal ann: 2C 3C 4C 5C  6C", "deal ann: 2C 3C 4C 5", "deal ann: 2C 3C 4C 5C 6", "deal ann: 2C 3C 4C 5C 6C 7",
		"deal ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards-1)), "deal ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards)),
		"deal ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards+1)), "deal ann: " + strings.TrimSpace(strings.Repeat("2C ", parse.MaxCards+4)),
	} {
		src := head + line + "\n"
		n += checkFastPath(t, []byte(src), "line.tricks", &buf)
		// past the limit of the tricks of a round
		n += checkFastPath(t, []byte(head+strings.Repeat(line+"\n", parse.MaxTricks+1)), "many.tricks", &buf)
		// before any round, and in a round of its own
		n += checkFastPath(t, []byte("players ann bob cat dan\n"+line+"\n"), "noround.tricks", &buf)
		// twice, the second at the end of the input without a newline
		n += checkFastPath(t, []byte(head+line+"\n"+line), "eof.tricks", &buf)
		// alone: the first statement of its game
		n += checkFastPath(t, []byte(line+"\n"), "alone.tricks", &buf)
	}
	// leaders among players of names of one to seven bytes, bare or not, more than trickRun
	// tells by their leaderWords
	heads := []string{"players a bb cccccc ddddddd \"e f\" Ff g.h\nround\n", "players p1 p2 p3 p4 p5 p6 p7 p8 p9 pa\nround\n", "round\n"}
	for _, h := range heads {
		for _, run := range []string{
			"trick a: 2C 3C 4C 5C\ntrick bb: 6C 7C 8C 9C\ntrick cccccc: TC JC QC KC\ntrick ddddddd: 2D 3D 4D 5D\ntrick e f: 6D 7D 8D 9D",
			"trick 2C 3C\ntrick Ff: 4C 5C\ntrick g.h: 6C 7C\ntrick bbb: 8C 9C\ntrick b: TC JC\ntrick ccccc: QC KC\ntrick AC 2D",
			"trick p1: 2C 3C 4C\ntrick p8: 5C 6C 7C\ntrick p9: 8C 9C TC\ntrick pa: JC QC KC\ntrick p10: 2D 3D 4D",
			"trick a: 2C\ntrick a:  3C\ntrick a : 4C\ntrick a:5C", "trick a: 2C 3C\nplayers a b\ntrick a: 4C 5C\ntrick b: 6C 7C",
			"deal a: 2C\ndeal bb: 3C\ndeal cccccc: 4C\ndeal ddddddd: 5C\ndeal e f: 6C\ndeal Ff: 7C\ndeal g.h: 8C",
			"pass a: 2C\npass bb: 3C\npass cccccc: 4C\npass ddddddd: 5C\npass \"e f\": 6C\npass Ff: 7C\npass g.h: 8C",
			"deal p1: 2C\ndeal p2: 3C\ndeal p3: 4C\ndeal p4: 5C\ndeal p5: 6C\ndeal p6: 7C\ndeal p7: 8C\ndeal p8: 9C\ndeal p9: TC\ndeal pa: JC",
			"deal a: 2C\nplayers a b\ndeal b: 3C", "deal bb: 2C\ndeal a: 3C",
		} {
			n += checkFastPath(t, []byte(h+run+"\n"), "leaders.tricks", &buf)
			n += checkFastPath(t, []byte(h+run), "leaders.tricks", &buf)
		}
	}
	// games of a few option lines in turn, and of more than a GameBuffer keeps
	for _, kinds := range []int{3, optionLines, optionLines + 3} {
		var src strings.Builder
		for k := 0; k < 3*kinds; k++ {
			fmt.Fprintf(&src, "%splayers ann bob\noption k=%d x=y\nround\ntrick 2C 3C\n---\n", head[:12], k%kinds)
		}
		n += checkFastPath(t, []byte(src.String()), "options.tricks", &buf)
	}
	// games that start with a comment line, with the option lines the buffer keeps after it
	var src strings.Builder
	for k := 0; k < 6; k++ {
		fmt.Fprintf(&src, "# game %d\ngame hearts\n# p\nplayers ann bob\n# o\noption k=%d x=y\nround\ntrick 2C 3C\n---\n", k, k%2)
	}
	n += checkFastPath(t, []byte(src.String()), "commented.tricks", &buf)
	// past the limit of the rounds of a game
	for _, line := range []string{"round", "round tiebreak ann bob", "round dealer=ann"} {
		n += checkFastPath(t, []byte(head+strings.Repeat(line+"\ntrick 2C 3C\n", parse.MaxRounds+1)), "rounds.tricks", &buf)
	}
	require.NotZero(t, n, "no game read")
}

// TestGameBufferDirectSameAsFresh: the YAML and JSON games the direct readers read ahead
// (directmem.go) and Pending.Parse hands to a GameBuffer are the games a fresh read gives,
// game after game through one buffer while the memories go round (the testdata transcripts
// as one stream of YAML documents and one of JSON lines, in one order and in the reverse);
// and a game parsed with a nil buffer, kept for good (also after a parse into the buffer),
// stays as it was while later games reuse the memories.
func TestGameBufferDirectSameAsFresh(t *testing.T) {
	corpus := textCorpus(t)
	names := slices.Sorted(maps.Keys(corpus))
	var games []*parse.Game
	both := slices.Clone(names)
	slices.Reverse(both)
	for _, n := range append(names, both...) {
		gs, err := ParseBytesFormat(corpus[n], n, parse.Text)
		if err != nil {
			continue // (a transcript with errors: its games are not all whole)
		}
		games = append(games, gs...)
	}
	require.GreaterOrEqual(t, len(games), 200, "games without errors in the testdata")
	for _, g := range games {
		g.DropComments() // the direct readers decline comments, for yaml.v3 to keep them
	}
	var yml, jsn []byte
	for _, g := range games {
		doc := writer.AppendYAML(nil, g)
		yml = append(append(yml, "---\n"...), doc...)
		j, ok := yamlToJSON(doc, jsonStyles[0])
		require.True(t, ok, "game %s %d as JSON", g.File, g.Index)
		jsn = append(jsn, j...)
	}
	for _, src := range []struct {
		name string
		b    []byte
	}{{"games.yaml", yml}, {"games.json", jsn}} {
		fresh, err := ParseBytesFormat(src.b, src.name, parse.YAML)
		require.NoError(t, err, src.name)
		require.Len(t, fresh, len(games), src.name)
		rd := NewReader(bytes.NewReader(src.b), src.name, parse.YAML)
		var buf GameBuffer
		type kept struct {
			g    *parse.Game
			text string
		}
		var keep []kept
		ahead := 0
		for k := 0; ; k++ {
			var p Pending
			err := rd.NextPending(&p)
			if err == io.EOF {
				require.Equal(t, len(fresh), k, "%s: games read", src.name)
				break
			}
			require.NoError(t, err, src.name)
			if p.mem != nil {
				ahead++
			}
			var g *parse.Game
			if k%17 == 5 {
				_, err = p.Parse(&buf)
				require.NoError(t, err, "%s game %d", src.name, k+1)
				g, err = p.Parse(nil) // kept for good after all (as the CLI keeps a game it reports)
				keep = append(keep, kept{g, string(writer.AppendText(nil, g))})
			} else {
				g, err = p.Parse(&buf)
			}
			require.NoError(t, err, "%s game %d", src.name, k+1)
			require.Equal(t, fresh[k], g, "%s game %d: read ahead into reused memory, and fresh", src.name, k+1)
		}
		require.Greater(t, ahead, len(games)*9/10, "%s: games the direct reader read", src.name)
		for _, kg := range keep {
			require.Equal(t, kg.text, string(writer.AppendText(nil, kg.g)), "%s game %d: kept, after later games", src.name, kg.g.Index)
		}
	}
}

// TestPendingsOutliveTheBuffer: the texts NextPending hands out point into the reader's
// buffer, which the reader never writes again once it has: games kept while the reader reads
// on through many buffers, in large and small reads, parse late into the games read at once.
func TestPendingsOutliveTheBuffer(t *testing.T) {
	src := bytes.NewBuffer(recycleCorpus(t, 3*readBlock))
	want, wantErr := ParseBytes(src.Bytes(), "many.tricks")
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"whole": func(r io.Reader) io.Reader { return r }, "half": iotest.HalfReader,
		"small": func(r io.Reader) io.Reader { return &smallReader{r: r} },
	} {
		rd := NewReader(wrap(bytes.NewReader(src.Bytes())), "many.tricks", parse.Text)
		var pend []Pending
		for {
			var p Pending
			if err := rd.NextPending(&p); err != nil {
				require.ErrorIs(t, err, io.EOF, name)
				break
			}
			pend = append(pend, p)
		}
		var got []*parse.Game
		var errs parse.ErrorList
		var buf GameBuffer
		for i := range pend {
			g, err := pend[i].Parse(nil)
			if g != nil {
				got = append(got, g)
			}
			if list, ok := err.(parse.ErrorList); ok {
				errs = append(errs, list...)
			}
			_, _ = pend[len(pend)-1-i].Parse(&buf) // a buffer in use meanwhile
		}
		require.Equal(t, wantErr, errs.Err(), name)
		require.Len(t, got, len(want), name)
		for k := range want {
			require.Equal(t, string(writer.AppendText(nil, want[k])), string(writer.AppendText(nil, got[k])), "%s: game %d", name, k+1)
		}
	}
}

// smallReader reads at most 1000 bytes at a time.
type smallReader struct{ r io.Reader }

func (s *smallReader) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 1000)]) }

// TestPendingParsedAgain: a YAML or JSON Pending parsed again after its memory has gone on
// reports errSpent instead of handing out (or keeping for good) a later game, and one parsed
// into two buffers stays as it was while the second buffer reads on.
func TestPendingParsedAgain(t *testing.T) {
	var yml []byte
	gs, err := ParseBytesFormat(corpusFile(t, "../../testdata/examples/hearts.tricks"), "h.tricks", parse.Text)
	require.NoError(t, err)
	for range 10 {
		for _, g := range gs {
			yml = append(append(yml, "---\n"...), writer.AppendYAML(nil, g)...)
		}
	}
	fresh, err := ParseBytesFormat(yml, "g.yaml", parse.YAML)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(fresh), 10)
	readOn := func(rd *Reader, buf *GameBuffer) {
		for {
			var p Pending
			if rd.NextPending(&p) == io.EOF {
				return
			}
			_, err := p.Parse(buf)
			require.NoError(t, err)
		}
	}
	// a into buf, b into buf (a's memory back to the pool): a is spent.
	rd := NewReader(bytes.NewReader(yml), "g.yaml", parse.YAML)
	var buf GameBuffer
	var a, b Pending
	require.NoError(t, rd.NextPending(&a))
	require.NoError(t, rd.NextPending(&b))
	require.NotNil(t, a.mem, "the direct reader read the game")
	_, err = a.Parse(&buf)
	require.NoError(t, err)
	_, err = b.Parse(&buf)
	require.NoError(t, err)
	g, err := a.Parse(nil)
	require.ErrorIs(t, err, errSpent)
	require.Nil(t, g)
	readOn(rd, &buf)

	// p into buf1, then into buf2: kept for good, whatever either buffer parses next.
	rd = NewReader(bytes.NewReader(yml), "g.yaml", parse.YAML)
	var buf1, buf2 GameBuffer
	var p Pending
	require.NoError(t, rd.NextPending(&p))
	g1, err := p.Parse(&buf1)
	require.NoError(t, err)
	g2, err := p.Parse(&buf2)
	require.NoError(t, err)
	readOn(rd, &buf2)
	require.Equal(t, fresh[0], g1, "parsed into buf1, after buf2 read on")
	require.Equal(t, fresh[0], g2, "parsed into buf2, after buf2 read on")
}

// TestColsAt: the columns of m cards from each byte offset a trick's cards may start at are
// the offset plus one, three apart, with no room after them.
func TestColsAt(t *testing.T) {
	for off := 0; off <= 8+parse.MaxName; off++ {
		for m := 0; m <= parse.MaxCards; m++ {
			cols := colsAt(off, m)
			require.Len(t, cols, m)
			require.Equal(t, m, cap(cols))
			for k, c := range cols {
				require.Equal(t, off+1+3*k, c, "offset %d, card %d", off, k)
			}
		}
	}
}

// TestGameBuffersShareNames: games parsed round-robin into three buffers of one GameBuffers
// are each the game a parse into fresh memory gives, while the games of the
// other buffers stay as they were parsed; and the same name in games of two of the buffers is
// one string, at one address.
func TestGameBuffersShareNames(t *testing.T) {
	corpus := textCorpus(t)
	names := slices.Sorted(maps.Keys(corpus))
	var bufs GameBuffers
	type held struct {
		game *parse.Game
		text string
	}
	var last [3]held
	k, shared := 0, 0
	for _, name := range names {
		rd := NewReader(bytes.NewReader(corpus[name]), name, parse.Text)
		for {
			var p Pending
			if err := rd.NextPending(&p); err == io.EOF {
				break
			}
			want, werr := p.Parse(nil)
			got, gerr := p.Parse(bufs.Buffer(k % 3))
			require.Equal(t, want, got, "%s: parsed into a shared buffer, and fresh", name)
			require.Equal(t, werr, gerr, "%s: errors parsed into a shared buffer, and fresh", name)
			if got != nil {
				prev := last[(k+2)%3] // the game parsed just before, into another buffer
				if prev.game != nil && len(prev.game.Players) > 0 && slices.Equal(prev.game.Players, got.Players) {
					require.Same(t, unsafe.StringData(prev.game.Players[0]), unsafe.StringData(got.Players[0]), "%s: a player's name in two buffers", name)
					shared++
				}
				last[k%3] = held{got, string(writer.AppendText(nil, got))}
			}
			for _, h := range last {
				if h.game != nil {
					require.Equal(t, h.text, string(writer.AppendText(nil, h.game)), "%s: a game of another buffer changed", name)
				}
			}
			k++
		}
	}
	require.Positive(t, shared, "no two games in a row with the same players")
}
