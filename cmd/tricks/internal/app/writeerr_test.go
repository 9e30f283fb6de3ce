package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullWriter fails every write, as a full disk does.
type fullWriter struct{}

var errFull = errors.New("no space left on device")

func (fullWriter) Write([]byte) (int, error) { return 0, errFull }

// Output that cannot be written is an input/output error (exit 2, said on stderr) for every
// command and every format, whatever the exit status would have been.
func TestWriteErrors(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.tricks")
	require.NoError(t, os.WriteFile(game, []byte(walkGame), 0o644))
	var cmds [][]string
	for _, cmd := range []string{"validate", "score"} {
		for _, f := range []string{"table", "json", "jsonl", "csv", "yaml"} {
			cmds = append(cmds, []string{cmd, "-f", f, game})
		}
	}
	cmds = append(cmds,
		[]string{"compare", "-r", "hearts", "-r", "omnibus", game},
		[]string{"compare", "-r", "hearts", "-r", "omnibus", "-f", "csv", game},
		[]string{"convert", game},
		[]string{"convert", "-t", "yaml", game},
		[]string{"convert", "-f", "json", game},
		[]string{"convert", "-f", "jsonl", game},
		[]string{"rulesets"},
		[]string{"rulesets", "-f", "json"},
		[]string{"rulesets", "-f", "yaml"},
		[]string{"rulesets", "hearts"},
		[]string{"simulate", "-r", "hearts"},
		[]string{"show", game},
		[]string{"stats", game},
		[]string{"stats", "-f", "json", game},
		[]string{"help"},
	)
	for _, args := range cmds {
		var stderr bytes.Buffer
		code := run(append([]string{"tricks"}, args...), strings.NewReader(""), fullWriter{}, &stderr)
		cmd := strings.Join(args, " ")
		assert.Equal(t, exitInput, code, "tricks %s: exit status", cmd)
		assert.Equal(t, 1, strings.Count(stderr.String(), errFull.Error()), "tricks %s: stderr %q: want the write error once", cmd, stderr.String())
	}
}
