package reader

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// readWithNext reads every game of b (format f) with Next, with SkipComments when skip; the games
// Game.DropComments has been through when drop, with each game's error text (or "").
func readWithNext(t *testing.T, name string, b []byte, f parse.Format, skip, drop bool) ([]*parse.Game, []string) {
	t.Helper()
	rd := NewReader(bytes.NewReader(b), name, f)
	if skip {
		rd.SkipComments()
	}
	var games []*parse.Game
	var errs []string
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if g != nil && drop {
			g.DropComments()
		}
		games, errs = append(games, g), append(errs, errText(err))
	}
	return games, errs
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSkipComments: a reader told SkipComments gives, game by game, what one that was not
// gives once each game has been through DropComments: the same game and the same errors,
// read by Next or by NextPending and Parse into a GameBuffer, for every text transcript of
// the testdata and the package's YAML ones. Some of them hold comments, so that leaving
// them out is seen.
func TestSkipComments(t *testing.T) {
	type file struct {
		name string
		b    []byte
		f    parse.Format
	}
	var files []file
	for name, b := range textCorpus(t) {
		files = append(files, file{name, b, parse.Text})
	}
	yamls, err := filepath.Glob("testdata/yaml/*.yaml")
	require.NoError(t, err)
	for _, name := range yamls {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		files = append(files, file{name, b, parse.YAML})
	}
	slices.SortFunc(files, func(a, b file) int { return bytes.Compare([]byte(a.name), []byte(b.name)) })
	commented := map[parse.Format]int{}
	var buf GameBuffer
	for _, fl := range files {
		kept, _ := readWithNext(t, fl.name, fl.b, fl.f, false, false)
		for _, g := range kept {
			if g != nil && hasComments(g) {
				commented[fl.f]++
			}
		}
		want, werrs := readWithNext(t, fl.name, fl.b, fl.f, false, true)
		got, gerrs := readWithNext(t, fl.name, fl.b, fl.f, true, false)
		require.Equal(t, werrs, gerrs, "%s: errors read by Next", fl.name)
		require.Equal(t, want, got, "%s: games read by Next", fl.name)
		// NextPending and Parse into one GameBuffer, each game compared before the next one
		// takes the buffer.
		rd := NewReader(bytes.NewReader(fl.b), fl.name, fl.f)
		rd.SkipComments()
		k := 0
		for ; ; k++ {
			var p Pending
			err := rd.NextPending(&p)
			if err == io.EOF {
				break
			}
			require.NoError(t, err, fl.name)
			g, err := p.Parse(&buf)
			require.Less(t, k, len(want), "%s: more games parsed into a GameBuffer", fl.name)
			require.Equal(t, werrs[k], errText(err), "%s game %d: errors parsed into a GameBuffer", fl.name, k+1)
			require.Equal(t, want[k], g, "%s game %d: parsed into a GameBuffer", fl.name, k+1)
		}
		require.Equal(t, len(want), k, "%s: games parsed into a GameBuffer", fl.name)
	}
	require.NotZero(t, commented[parse.Text], "no text game with comments: the test cannot fail")
	require.NotZero(t, commented[parse.YAML], "no YAML game with comments: the test cannot fail")
}

// hasComments reports whether g holds a comment anywhere: DropComments changes it.
func hasComments(g *parse.Game) bool {
	h := *g
	h.Rounds = slices.Clone(g.Rounds)
	for i, r0 := range g.Rounds {
		r := new(parse.Round)
		*r = *r0
		h.Rounds[i] = r
		r.Tricks, r.Passes, r.Deal = slices.Clone(r.Tricks), slices.Clone(r.Passes), slices.Clone(r.Deal)
		r.Took, r.Moon = slices.Clone(r.Took), slices.Clone(r.Moon)
	}
	h.DropComments()
	return !reflect.DeepEqual(g, &h)
}
