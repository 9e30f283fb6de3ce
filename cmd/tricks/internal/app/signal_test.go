package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
)

// tricksCommand is the test binary as the tricks command (TestMain runs run() when it is
// called by that name), to run in a process of its own.
func tricksCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	link := filepath.Join(t.TempDir(), "tricks")
	require.NoError(t, os.Symlink(self, link))
	cmd := exec.Command(link, args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=dumb")
	return cmd
}

// interrupt starts cmd, waits for its first line of output (by then it watches for
// signals), sends sig, and returns the whole output and the exit status.
func interrupt(t *testing.T, cmd *exec.Cmd, sig os.Signal) (string, int) {
	t.Helper()
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	r := bufio.NewReader(out)
	first, err := r.ReadString('\n')
	require.NoError(t, err)
	require.NoError(t, cmd.Process.Signal(sig))
	rest, err := io.ReadAll(r)
	require.NoError(t, err)
	err = cmd.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return first + string(rest), cmd.ProcessState.ExitCode()
}

// An interrupted simulate stops, writes the games it made whole and exits 130 (SIGINT):
// every game of its output reads back.
func TestSimulateInterrupted(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		cmd := tricksCommand(t, "simulate", "-r", "hearts", "-n", "10000000", "-j", jobs)
		out, code := interrupt(t, cmd, os.Interrupt)
		assert.Equal(t, 130, code, "-j %s: exit status", jobs)
		require.True(t, strings.HasSuffix(out, "\n"), "-j %s: the last line is whole", jobs)
		games, err := reader.ParseBytes([]byte(out), "out")
		require.NoError(t, err, "-j %s: every game reads back", jobs)
		assert.NotEmpty(t, games)
	}
}

// An interrupted score -f jsonl stops reading, writes the games read whole and exits 143
// (SIGTERM): every line is a JSON object.
func TestScoreInterrupted(t *testing.T) {
	game, err := os.ReadFile("../../../../testdata/examples/hearts.tricks")
	require.NoError(t, err)
	for _, jobs := range []string{"1", "2"} {
		cmd := tricksCommand(t, "score", "-f", "jsonl", "-j", jobs, "-")
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		// Games without end: only the signal can stop the command.
		go func() {
			game := append(bytes.Clone(game), "---\n"...)
			for {
				if _, err := in.Write(game); err != nil {
					return
				}
			}
		}()
		out, code := interrupt(t, cmd, syscall.SIGTERM)
		assert.Equal(t, 143, code, "-j %s: exit status", jobs)
		require.True(t, strings.HasSuffix(out, "\n"), "-j %s: the last line is whole", jobs)
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			assert.True(t, json.Valid([]byte(line)), "-j %s: a whole JSON object: %.80q", jobs, line)
		}
	}
}

// started reports whether e's watch for signals has started.
func started(e *env) bool {
	e.watch.mu.Lock()
	defer e.watch.mu.Unlock()
	return e.watch.stop != nil
}

// A run over a small file watches for signals only from signalDelay on, a run that reads a
// stream or much input from the start; a stopped watch does not start.
func TestSignalWatchStarts(t *testing.T) {
	small := "../../../../testdata/examples/hearts.tricks"
	fi, err := os.Stat(small)
	require.NoError(t, err)
	require.Less(t, fi.Size(), int64(smallInput))

	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	stop := e.watchSignals()
	e.pipeline([]string{small}, choice{}, 1, false, nil, func(*job, []byte) {})
	assert.False(t, started(e), "a small file: not at once")
	assert.Eventually(t, func() bool { return started(e) }, 10*time.Second, time.Millisecond, "after signalDelay")
	stop()
	assert.True(t, e.watch.stopped)

	e = &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	stop = e.watchSignals()
	e.pipeline([]string{"-"}, choice{}, 1, false, nil, func(*job, []byte) {})
	assert.True(t, started(e), "standard input: at once")
	stop()

	e = &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	e.watchSignals()()
	e.watchNow()
	assert.False(t, started(e), "stopped before it started")
}
