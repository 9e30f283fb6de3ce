package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const walkGame = "game hearts\nplayers a b c d\nround\ntrick a: 2C 3C 4C 5C\n"

// An unreadable subdirectory is reported in its place and the rest of the tree is read.
func TestWalkUnreadableSubdirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	for _, p := range []string{filepath.Join(dir, "a.tricks"), filepath.Join(sub, "b.tricks"), filepath.Join(dir, "z", "c.tricks")} {
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(walkGame), 0o644))
	}
	require.NoError(t, os.Chmod(sub, 0))
	defer os.Chmod(sub, 0o755)
	if _, err := os.ReadDir(sub); err == nil {
		t.Skip("directory permissions are not enforced here (running as root?)")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"tricks", "validate", dir}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, exitInput, code, "exit status")
	assert.Equal(t, sub+": permission denied\n", stderr.String())
	out := stdout.String()
	for _, want := range []string{"a.tricks:4:1: incomplete-round", "c.tricks:4:1: incomplete-round", ", 1 unreadable\n"} {
		assert.Contains(t, out, want)
	}
}

// With no file named, a command reads standard input only when it brings data (a pipe or a
// file); otherwise (a terminal, /dev/null) it says to name a file.
func TestNoFileNamed(t *testing.T) {
	null, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer null.Close()
	for _, cmd := range []string{"validate", "score", "stats", "compare", "convert", "show"} {
		var stdout, stderr bytes.Buffer
		args := []string{"tricks", cmd}
		if cmd == "compare" {
			args = append(args, "-r", "hearts")
		}
		code := run(args, null, &stdout, &stderr)
		assert.Equal(t, exitInput, code, cmd)
		assert.Contains(t, stderr.String(), "tricks: "+cmd+": name ", cmd)
		assert.Contains(t, stderr.String(), "or give it on standard input", cmd)
	}
	game := filepath.Join(t.TempDir(), "game.tricks")
	require.NoError(t, os.WriteFile(game, []byte(walkGame), 0o644))
	f, err := os.Open(game)
	require.NoError(t, err)
	defer f.Close()
	var stdout, stderr bytes.Buffer
	code := run([]string{"tricks", "validate"}, f, &stdout, &stderr)
	assert.Equal(t, exitIllegal, code)
	assert.Contains(t, stdout.String(), "<stdin>:4:1: incomplete-round")
}
