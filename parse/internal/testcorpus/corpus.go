// Package testcorpus gives the tests of parse/reader and parse/writer the text transcripts
// they run over: the repository's testdata and the reader's own.
package testcorpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Text returns the .tricks files under dirs, by path. The first directory is the
// repository's testdata, which holds at least 100 of them.
func Text(t testing.TB, dirs ...string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tricks") {
				return err
			}
			b, err := os.ReadFile(p)
			out[p] = b
			return err
		})
		require.NoError(t, err)
	}
	require.GreaterOrEqual(t, len(out), 100, "transcripts under %s", dirs[0])
	return out
}
