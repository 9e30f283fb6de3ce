package app

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exhaustive runs the heavy equivalence tests at their full size (TRICKS_EXHAUSTIVE=1, a step
// of .ci/run of its own); by default they run a smaller sample of the same checks.
var exhaustive = os.Getenv("TRICKS_EXHAUSTIVE") != ""

// TestReusedGamesSameOutput: validate, score and stats write the same output, on one worker
// or several, whether each game is parsed into memory reused game after game (as they do;
// with several workers, each game's output, or what stats counts of it, made by its worker
// while the game is in the worker's buffers) or into fresh memory: nothing of a game outlives
// its writing, nor of a game that emit reads (--chart-svg). The input is every text
// transcript of testdata (games of every shape, errors among them) and a few hundred
// simulated games, in one run. By default each command and format runs with one worker count
// of the two, in turn (exhaustive: both).
func TestReusedGamesSameOutput(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir("../../../../testdata", func(p string, d fs.DirEntry, err error) error {
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
	for c, cmd := range [][]string{
		{"validate"}, {"validate", "-f", "json"}, {"validate", "-f", "jsonl"}, {"validate", "-f", "csv"},
		{"validate", "-f", "yaml"}, {"score"}, {"score", "-f", "json"}, {"score", "-f", "jsonl"}, {"score", "-f", "csv"},
		{"score", "-f", "yaml"}, {"stats"}, {"stats", "-f", "json"}, {"score", "--chart-svg", "SVG"},
	} {
		for k, jobs := range []string{"1", "3"} {
			if !exhaustive && k != c%2 {
				continue
			}
			args := append(append([]string{"tricks"}, cmd...), "-j", jobs, "-")
			args = append(args, files...)
			svg := filepath.Join(t.TempDir(), "chart.svg") // emit reads the games (whole)
			out := func(fresh bool) (string, string, int) {
				var o, e bytes.Buffer
				os.Remove(svg) // each run's own chart, or none
				a := append([]string(nil), args...)
				for i := range a {
					if a[i] == "SVG" {
						a[i] = svg
					}
				}
				code := runWith(a, bytes.NewReader(sim.Bytes()), &o, &e, options{freshGames: fresh})
				if chart, err := os.ReadFile(svg); err == nil {
					return o.String() + string(chart), e.String(), code
				}
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

// TestReleasedInputSameOutput: validate, score and stats release each game's input once it is
// written (counted), and the reader reads later input into it (reader.Pending.Release); the output is
// the same as with every game in fresh memory, its input never reused. The input is the
// testdata transcripts that are text, one after the other in turn, with a finished game
// every tenth, until there are 2 MB (eight of the reader's buffers), as a file and as standard
// input, so that each game's players, ruleset and option lines are
// unlike the last's, and what a worker keeps from one game to the next (the parser's, the
// resolver's and the scorer's caches) is tried against memory read over since. By default the
// input is 1 MB (four buffers) and each command runs with one worker count of the two, in
// turn (exhaustive: 2 MB, both).
func TestReleasedInputSameOutput(t *testing.T) {
	var texts [][]byte
	require.NoError(t, filepath.WalkDir("../../../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tricks") && !strings.Contains(p, "/bench/") {
			b, err := os.ReadFile(p)
			if err == nil && bytes.IndexByte(b, 0) < 0 && utf8.Valid(b) {
				texts = append(texts, b)
			}
			return err
		}
		return err
	}))
	require.Greater(t, len(texts), 100)
	// Finished games among them, one in ten (simulated: a winner each, for stats).
	var sim, errb bytes.Buffer
	code := run([]string{"tricks", "simulate", "-r", "hearts", "-o", "end=rounds", "-o", "rounds=1", "-n", "300", "-j", "1"}, nil, &sim, &errb)
	require.Equal(t, 0, code, errb.String())
	finished := strings.SplitAfter(sim.String(), "\n---\n")
	// and at the start only, 740 KB of finished games of a ruleset that never comes again
	// (past the reader's first, smaller buffers, which are not reused): what stats keeps of
	// them must outlive the buffers they were read into.
	var early bytes.Buffer
	code = run([]string{"tricks", "simulate", "-r", "black-maria", "-p", "3", "-o", "end=rounds", "-o", "rounds=1", "-n", "2000", "-j", "1"}, nil, &early, &errb)
	require.Equal(t, 0, code, errb.String())
	var big bytes.Buffer
	big.Write(early.Bytes())
	big.WriteString("---\n")
	size := 1 << 20
	if exhaustive {
		size = 2 << 20
	}
	for k := 0; big.Len() < size; k++ {
		big.Write(texts[(k*7)%len(texts)])
		big.WriteString("\n---\n")
		if k%10 == 0 {
			big.WriteString(strings.TrimSuffix(finished[(k/10)%len(finished)], "---\n"))
			big.WriteString("\n---\n")
		}
	}
	file := filepath.Join(t.TempDir(), "many.tricks")
	require.NoError(t, os.WriteFile(file, big.Bytes(), 0o644))
	for c, cmd := range [][]string{
		{"validate", "-f", "jsonl"}, {"score", "-f", "json"}, {"score", "-r", "hearts", "-f", "jsonl"},
		{"stats", "-f", "json"},
	} {
		for k, jobs := range []string{"1", "3"} {
			if !exhaustive && k != c%2 {
				continue
			}
			args := append(append([]string{"tricks"}, cmd...), "-j", jobs, file, "-")
			out := func(fresh bool) (string, string, int) {
				var o, e bytes.Buffer
				code := runWith(args, bytes.NewReader(big.Bytes()), &o, &e, options{freshGames: fresh})
				return o.String(), e.String(), code
			}
			wantOut, wantErr, wantCode := out(true)
			gotOut, gotErr, gotCode := out(false)
			require.NotEmpty(t, wantOut)
			assert.Equal(t, wantCode, gotCode, "%v: exit status", args[1:])
			assert.Equal(t, wantOut, gotOut, "%v: standard output", args[1:])
			assert.Equal(t, wantErr, gotErr, "%v: standard error", args[1:])
		}
	}
}
