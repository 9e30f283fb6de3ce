package main

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReusedGamesSameOutput: validate and score write the same output, on one worker or
// several, whether each game is parsed into memory reused game after game (as they do; with
// several workers, its output made on its worker: renderer) or into fresh memory: nothing of
// a game outlives its writing. The input is every text
// transcript of testdata (games of every shape, errors among them) and a few hundred
// simulated games, in one run.
func TestReusedGamesSameOutput(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tricks") && !strings.Contains(p, "/bench/") {
			files = append(files, p)
		}
		return err
	}))
	require.Greater(t, len(files), 100)
	var sim, errb bytes.Buffer
	code := run([]string{"tricks", "simulate", "-r", "hearts", "-o", "end=rounds", "-o", "rounds=2", "--with-deal",
		"-n", "300", "--seed", "7", "-j", "1"}, nil, &sim, &errb)
	require.Equal(t, 0, code, errb.String())
	for _, cmd := range [][]string{
		{"validate"}, {"validate", "-f", "json"}, {"validate", "-f", "jsonl"}, {"validate", "-f", "csv"},
		{"validate", "-f", "yaml"}, {"score"}, {"score", "-f", "json"}, {"score", "-f", "jsonl"}, {"score", "-f", "csv"},
		{"score", "-f", "yaml"},
	} {
		for _, jobs := range []string{"1", "3"} {
			args := append(append([]string{"tricks"}, cmd...), "-j", jobs, "-")
			args = append(args, files...)
			out := func(fresh bool) (string, string, int) {
				freshGames = fresh
				defer func() { freshGames = false }()
				var o, e bytes.Buffer
				code := run(args, bytes.NewReader(sim.Bytes()), &o, &e)
				return o.String(), e.String(), code
			}
			wantOut, wantErr, wantCode := out(true)
			gotOut, gotErr, gotCode := out(false)
			require.NotEmpty(t, wantOut+wantErr)
			assert.Equal(t, wantCode, gotCode, "%v: exit status", args[1:len(cmd)+3])
			assert.Equal(t, wantOut, gotOut, "%v: standard output", args[1:len(cmd)+3])
			assert.Equal(t, wantErr, gotErr, "%v: standard error", args[1:len(cmd)+3])
		}
	}
}
