//go:build linux

package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openPty opens a pseudo-terminal pair (Linux /dev/ptmx), or skips the test.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, s, err := openPtyFiles()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	return m, s
}

// openPtyFiles opens a pseudo-terminal pair (Linux).
func openPtyFiles() (master, slave *os.File, err error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		return nil, nil, fmt.Errorf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		return nil, nil, fmt.Errorf("ptsname: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	return m, s, nil
}

// runOnTerminal runs the CLI in-process with stdout on a terminal and returns what it wrote
// there (line ends as written, not as the terminal translates them) and the exit status.
func runOnTerminal(t *testing.T, args ...string) (string, int) {
	t.Helper()
	m, s := openPty(t)
	var out bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(&out, m) // ends with EIO once the slave is closed and drained
	}()
	var stderr bytes.Buffer
	code := run(append([]string{"tricks"}, args...), strings.NewReader(""), s, &stderr)
	s.Close()
	wg.Wait()
	m.Close()
	if stderr.Len() > 0 {
		t.Logf("stderr: %s", stderr.String())
	}
	return strings.ReplaceAll(out.String(), "\r\n", "\n"), code
}

func runPlain(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"tricks"}, args...), strings.NewReader(""), &stdout, &stderr)
	return stdout.String(), code
}

var ansiRE = regexp.MustCompile("\x1b\\[[0-9;]*m")

const colorGame = `game hearts
players ann bob cat dan
round
trick ann: 2C 3C 4C 5C
trick dan: 6D 7D 2H AD
trick cat: 2S 3S QS 4S
trick ann: 9D 8D TD JD
round
trick cat: 2C 3C 4C 5C
trick bob: 2H 3H 4H 5H
trick ann: 6S 7S 8S 9S
`

// TestColorTerminal checks CLI.md: losses, penalties and the leader in colour on a terminal,
// none with --no-color or NO_COLOR; colour never changes the layout; machine formats are
// never coloured.
func TestColorTerminal(t *testing.T) {
	game := filepath.Join(t.TempDir(), "illegal.tricks")
	require.NoError(t, os.WriteFile(game, []byte(colorGame), 0o666))
	t.Setenv("NO_COLOR", "")

	for _, c := range []struct {
		cmd  string
		code int
	}{{"score", 0}, {"validate", 1}} {
		t.Run(c.cmd, func(t *testing.T) {
			plain, code := runPlain(t, c.cmd, game)
			require.Equal(t, c.code, code, "exit status")
			require.NotContains(t, plain, "\x1b[", "colour on a non-terminal")

			tty, code := runOnTerminal(t, c.cmd, game)
			require.Equal(t, c.code, code, "exit status on a terminal")
			assert.Regexp(t, ansiRE, tty, "no colour on a terminal")
			assert.Equal(t, plain, ansiRE.ReplaceAllString(tty, ""), "colour changes the text (terminal, escapes removed)")

			tty, _ = runOnTerminal(t, c.cmd, "--no-color", game)
			assert.Equal(t, plain, tty, "--no-color on a terminal")

			t.Setenv("NO_COLOR", "1")
			tty, _ = runOnTerminal(t, c.cmd, game)
			assert.Equal(t, plain, tty, "NO_COLOR=1 on a terminal")
		})
	}

	// The table's colour marks what CLI.md names: the revoke (a penalty) in the score notes
	// or validate rule, bob's 26 (a loss), the leader of the totals.
	t.Run("what", func(t *testing.T) {
		tty, _ := runOnTerminal(t, "score", game)
		assert.Regexp(t, "\x1b\\[[0-9;]*m"+regexp.QuoteMeta("+26? → 26?"), tty, "bob's loss is not coloured")
		total := regexp.MustCompile(`(?m)^total .*$`).FindString(tty)
		assert.Regexp(t, ansiRE, total, "the leader of the totals is not highlighted")
		tty, _ = runOnTerminal(t, "validate", game)
		assert.Regexp(t, "\x1b\\[[0-9;]*mrevoke", tty, "the rule code is not coloured")
	})

	// Machine-readable formats stay plain even on a terminal.
	for _, f := range []string{"json", "jsonl", "csv"} {
		t.Run("format="+f, func(t *testing.T) {
			for _, cmd := range []string{"score", "validate"} {
				tty, _ := runOnTerminal(t, cmd, "-f", f, game)
				plain, _ := runPlain(t, cmd, "-f", f, game)
				assert.NotContains(t, tty, "\x1b[", "%s -f %s on a terminal printed escapes", cmd, f)
				if f == "json" {
					// Indented for a person on a terminal, the same document (CLI.md).
					var a, b any
					require.NoError(t, json.Unmarshal([]byte(tty), &a))
					require.NoError(t, json.Unmarshal([]byte(plain), &b))
					assert.Equal(t, b, a, "%s -f json: the document differs on a terminal", cmd)
					assert.Contains(t, tty, "\n    \"game\": 1,", "%s -f json is not indented on a terminal", cmd)
					assert.Equal(t, len(b.([]any))+2, strings.Count(plain, "\n"), "%s -f json piped: one line per game", cmd)
					continue
				}
				assert.Equal(t, plain, tty, "%s -f %s differs on a terminal", cmd, f)
			}
		})
	}
}

// slowBatch feeds standard input the way a long batch run reads: 256 games, a pause longer
// than the progress interval, 256 more games, then tail (text appended as is).
func slowBatch(tail string) io.Reader {
	const game = "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C 4C 5C\n---\n"
	pr, pw := io.Pipe()
	go func() {
		for range 256 {
			io.WriteString(pw, game)
		}
		time.Sleep(300 * time.Millisecond)
		for range 256 {
			io.WriteString(pw, game)
		}
		io.WriteString(pw, tail)
		pw.Close()
	}()
	return pr
}

// runProgress runs the CLI with stderr on a terminal and stdout not, reading stdin; progress
// shows after delay, redrawn at every game.
func runProgress(t *testing.T, delay time.Duration, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	m, s := openPty(t)
	var errb bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(&errb, m)
	}()
	var out bytes.Buffer
	code = runWith(append([]string{"tricks"}, args...), stdin, &out, s, options{progress: &progressPace{delay: delay}})
	s.Close()
	wg.Wait()
	m.Close()
	return out.String(), errb.String(), code
}

const lastGame = "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C 4C 5C\n"

// TestProgressTerminal: CLI.md "Long batch runs show progress on standard error when it is a
// terminal" (here: stdout a file). The progress line is erased at the end and changes
// nothing on stdout. (The scripts check that a non-terminal stderr gets no progress.)
func TestProgressTerminal(t *testing.T) {
	// slowBatch's pause brings it out
	stdout, stderr, code := runProgress(t, 100*time.Millisecond, slowBatch(lastGame), "score", "-f", "jsonl", "-")
	require.Equal(t, 0, code, "stderr %q", stderr)
	assert.Regexp(t, `[0-9]`, stderr, "no progress on a terminal after a long pause")
	assert.True(t, strings.HasSuffix(stderr, progressErase), "the progress line is not erased at the end: %q", stderr)
	assert.Contains(t, stderr, "games/s", "no rate in the progress of standard input (size unknown)")
	assert.Equal(t, 513, strings.Count(stdout, "\n"), "result lines")
	assert.NotContains(t, stdout, "\r", "progress leaked into stdout")
	assert.NotContains(t, stdout, "\x1b", "progress leaked into stdout")
}

// TestProgressErrorsOwnLine: an input error met while the progress line is showing must
// start its own line (FILE:LINE:COL: message), not continue the progress text.
func TestProgressErrorsOwnLine(t *testing.T) {
	bad := "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C QX 5C\n---\n" + lastGame
	_, stderr, code := runProgress(t, 100*time.Millisecond, slowBatch(bad), "validate", "-q", "-")
	require.Equal(t, exitInput, code, "exit status")
	i := strings.Index(stderr, "<stdin>:2564:18: ")
	require.GreaterOrEqual(t, i, 0, "no error for the bad card: %q", stderr)
	before := stderr[:i]
	assert.True(t, before == "" || strings.HasSuffix(before, progressErase) || strings.HasSuffix(before, "\n"),
		"the error continues the progress line: %q", stderr)
}

// progressErase is what erases the progress line (ANSI: clear the line, back to its start).
const progressErase = "\x1b[2K\r"

// TestProgressKnownTotal: with files, the total size is known: the progress line shows the
// share done and the time left ([elapsed:left]), and is erased at the end.
func TestProgressKnownTotal(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		if i > 1 {
			b.WriteString("---\n")
		}
		b.WriteString(lastGame)
	}
	file := filepath.Join(t.TempDir(), "many.tricks")
	require.NoError(t, os.WriteFile(file, []byte(b.String()), 0o666))
	_, stderr, code := runProgress(t, 0, strings.NewReader(""), "validate", "-q", "-j", "1", file)
	require.Equal(t, exitIllegal, code, "exit status (the games are incomplete rounds)")
	assert.Regexp(t, `tricks: +[0-9]+% \|.*\[[0-9]+s:[0-9]+s\]`, stderr, "no percentage and time left")
	assert.True(t, strings.HasSuffix(stderr, progressErase), "the progress line is not erased at the end: %q", stderr)
}
