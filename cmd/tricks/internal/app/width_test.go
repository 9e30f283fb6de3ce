//go:build linux

package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runOnTerminalSized is runOnTerminal on a terminal cols columns wide.
func runOnTerminalSized(t *testing.T, cols int, args ...string) string {
	t.Helper()
	m, s := openPty(t)
	ws := struct{ row, col, x, y uint16 }{24, uint16(cols), 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, s.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		t.Skipf("cannot size the pseudo-terminal: %v", e)
	}
	var out bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(&out, m)
	}()
	var stderr bytes.Buffer
	code := run(append([]string{"tricks"}, args...), strings.NewReader(""), s, &stderr)
	s.Close()
	wg.Wait()
	m.Close()
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	return strings.ReplaceAll(out.String(), "\r\n", "\n")
}

// widest is the width of the widest line of s.
func widest(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, textWidth(l))
	}
	return w
}

// The score table fits the terminal it is printed on (no COLUMNS), and stays whole in a pipe.
func TestScoreTableFitsTerminal(t *testing.T) {
	t.Setenv("COLUMNS", "")
	t.Setenv("NO_COLOR", "1")
	game, code := runPlain(t, "simulate", "-r", "spades", "-n", "1", "--seed", "3")
	require.Equal(t, 0, code)
	file := filepath.Join(t.TempDir(), "spades.tricks")
	require.NoError(t, os.WriteFile(file, []byte(game), 0o666))

	piped, _ := runPlain(t, "score", file)
	assert.Greater(t, widest(piped), 120, "a pipe gets the full table")
	for _, cols := range []int{100, 80, 60, 40} {
		tty := runOnTerminalSized(t, cols, "score", file)
		_, table, _ := strings.Cut(tty, "\n") // the title names the file, as long as it is
		assert.LessOrEqual(t, widest(table), cols, "a terminal %d columns wide:\n%s", cols, tty)
		assert.Contains(t, tty, "ann bid 3 took 4 bags carried 1", "the notes are all there")
	}
}
