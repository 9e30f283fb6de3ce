package reader

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

var update = flag.Bool("update", false, "rewrite the expected .err files of testdata/bad, and cardtables.go")

const badDir = "../../testdata/bad"

// TestBadInputs reads every file of testdata/bad and compares the errors, one per line
// as FILE:LINE:COL: message, with the file NAME.err next to it (go test -update rewrites
// them; review the diff).
func TestBadInputs(t *testing.T) {
	entries, err := os.ReadDir(badDir)
	require.NoError(t, err)
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, ".err") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(badDir, name))
			require.NoError(t, err)
			games, err := ParseBytes(src, name)
			require.Error(t, err, "%s must be refused", name)
			var list parse.ErrorList
			require.True(t, errors.As(err, &list), "%s: %v is not an ErrorList", name, err)
			for _, e := range list {
				require.Equal(t, name, e.Pos.File)
				require.Positive(t, e.Pos.Line, "%s: error without a line: %v", name, e)
			}
			got := err.Error() + "\n"
			errFile := filepath.Join(badDir, name+".err")
			if *update {
				require.NoError(t, os.WriteFile(errFile, []byte(got), 0o644))
			}
			want, err := os.ReadFile(errFile)
			require.NoError(t, err, "missing %s (run go test -update and review it)", errFile)
			require.Equal(t, string(want), got)
			// A partial game still writes without trouble.
			for _, g := range games {
				_ = writer.AppendText(nil, g)
				_ = writer.AppendYAML(nil, g)
			}
		})
	}
	require.GreaterOrEqual(t, n, 6)
}

// The malformed example of the shared examples gives exactly the message FORMAT.md shows.
func TestMalformedExample(t *testing.T) {
	path := filepath.Join(examplesDir, "_handwritten", "malformed-card.tricks")
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared examples not present")
	}
	_, err := ParseFile(path)
	require.EqualError(t, err, path+`:5:18: "QX" is not a card (rank 2-9 T J Q K A, suit C D H S)`)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	_, err = ParseBytes(src, "malformed-card.tricks")
	require.EqualError(t, err, `malformed-card.tricks:5:18: "QX" is not a card (rank 2-9 T J Q K A, suit C D H S)`)
	var list parse.ErrorList
	require.True(t, errors.As(err, &list))
	require.Equal(t, parse.Pos{File: "malformed-card.tricks", Line: 5, Col: 18}, list[0].Pos)
}

// TestOptionGivenTwice: every key given again among a game's options is reported, once, at
// the second, whatever the keys (lists of keys whose bits oneEach looks at first collide or
// not).
func TestOptionGivenTwice(t *testing.T) {
	keys := []string{"a", "b", "ab", "ba", "pass", "hearts-broken", "first-trick-ban", "no-tricks-bonus", "x1", "x2"}
	for n := 1; n <= 7; n++ {
		for seed := 0; seed < 200; seed++ {
			var list []string
			for i := 0; i < n; i++ {
				list = append(list, keys[(seed*7+i*i*3+i*seed)%len(keys)])
			}
			want := 0
			for i := range list {
				if slices.Contains(list[:i], list[i]) {
					want++
				}
			}
			var src strings.Builder
			src.WriteString("players a b\noption")
			for _, k := range list {
				src.WriteString(" " + k + "=1")
			}
			_, err := ParseBytes([]byte(src.String()+"\n"), "o.tricks")
			require.Equal(t, want, strings.Count(fmt.Sprint(err), "given twice"), "%v", list)
		}
	}
}
