//go:build linux

package main

import (
	"bytes"
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
	if err := os.WriteFile(game, []byte(colorGame), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NO_COLOR", "")

	for _, c := range []struct {
		cmd  string
		code int
	}{{"score", 0}, {"validate", 1}} {
		t.Run(c.cmd, func(t *testing.T) {
			plain, code := runPlain(t, c.cmd, game)
			if code != c.code {
				t.Fatalf("exit %d, want %d", code, c.code)
			}
			if ansiRE.MatchString(plain) || strings.Contains(plain, "\x1b[") {
				t.Fatalf("colour on a non-terminal:\n%q", plain)
			}

			tty, code := runOnTerminal(t, c.cmd, game)
			if code != c.code {
				t.Fatalf("on a terminal: exit %d, want %d", code, c.code)
			}
			if !ansiRE.MatchString(tty) {
				t.Errorf("no colour on a terminal:\n%s", tty)
			}
			if got := ansiRE.ReplaceAllString(tty, ""); got != plain {
				t.Errorf("colour changes the text:\n--- terminal, escapes removed\n%s--- plain\n%s", got, plain)
			}

			tty, _ = runOnTerminal(t, c.cmd, "--no-color", game)
			if strings.Contains(tty, "\x1b[") {
				t.Errorf("--no-color on a terminal printed escapes:\n%q", tty)
			}
			if tty != plain {
				t.Errorf("--no-color on a terminal:\n%s\nwant\n%s", tty, plain)
			}

			t.Setenv("NO_COLOR", "1")
			tty, _ = runOnTerminal(t, c.cmd, game)
			if strings.Contains(tty, "\x1b[") {
				t.Errorf("NO_COLOR=1 on a terminal printed escapes:\n%q", tty)
			}
			if tty != plain {
				t.Errorf("NO_COLOR=1 on a terminal:\n%s\nwant\n%s", tty, plain)
			}
		})
	}

	// The table's colour marks what CLI.md names: the revoke (a penalty) in the score notes
	// or validate rule, bob's 26 (a loss), the leader of the totals.
	t.Run("what", func(t *testing.T) {
		tty, _ := runOnTerminal(t, "score", game)
		for _, want := range []string{"+26 → 26"} {
			if !regexp.MustCompile("\x1b\\[[0-9;]*m" + regexp.QuoteMeta(want)).MatchString(tty) {
				t.Errorf("%q is not coloured:\n%q", want, tty)
			}
		}
		total := regexp.MustCompile(`(?m)^total .*$`).FindString(tty)
		if !ansiRE.MatchString(total) {
			t.Errorf("the leader of the totals is not highlighted: %q", total)
		}
		tty, _ = runOnTerminal(t, "validate", game)
		if !regexp.MustCompile("\x1b\\[[0-9;]*mrevoke").MatchString(tty) {
			t.Errorf("the rule code is not coloured:\n%q", tty)
		}
	})

	// Machine-readable formats stay plain even on a terminal.
	for _, f := range []string{"json", "jsonl", "csv"} {
		t.Run("format="+f, func(t *testing.T) {
			for _, cmd := range []string{"score", "validate"} {
				tty, _ := runOnTerminal(t, cmd, "-f", f, game)
				plain, _ := runPlain(t, cmd, "-f", f, game)
				if strings.Contains(tty, "\x1b[") {
					t.Errorf("%s -f %s on a terminal printed escapes:\n%q", cmd, f, tty)
				}
				if tty != plain {
					t.Errorf("%s -f %s differs on a terminal:\n%s\nwant\n%s", cmd, f, tty, plain)
				}
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

// withProgressDelay makes progress show after d, redrawn at every game, for the rest of
// the test.
func withProgressDelay(t *testing.T, d time.Duration) {
	oldDelay, oldEvery := progressDelay, progressEvery
	progressDelay, progressEvery = d, 0
	t.Cleanup(func() { progressDelay, progressEvery = oldDelay, oldEvery })
}

// runProgress runs the CLI with stderr on a terminal and stdout not, reading stdin.
func runProgress(t *testing.T, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
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
	code = run(append([]string{"tricks"}, args...), stdin, &out, s)
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
	withProgressDelay(t, 100*time.Millisecond) // slowBatch's pause brings it out
	stdout, stderr, code := runProgress(t, slowBatch(lastGame), "score", "-f", "jsonl", "-")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !regexp.MustCompile(`[0-9]`).MatchString(stderr) {
		t.Errorf("no progress on a terminal after a long pause: %q", stderr)
	}
	if !strings.HasSuffix(stderr, progressErase) {
		t.Errorf("the progress line is not erased at the end: %q", stderr)
	}
	if !strings.Contains(stderr, "games/s") {
		t.Errorf("no rate in the progress of standard input (size unknown): %q", stderr)
	}
	if n := strings.Count(stdout, "\n"); n != 513 {
		t.Errorf("%d result lines, want 513", n)
	}
	if strings.Contains(stdout, "\r") || strings.Contains(stdout, "\x1b") {
		t.Errorf("progress leaked into stdout")
	}
}

// TestProgressErrorsOwnLine: an input error met while the progress line is showing must
// start its own line (FILE:LINE:COL: message), not continue the progress text.
func TestProgressErrorsOwnLine(t *testing.T) {
	withProgressDelay(t, 100*time.Millisecond)
	bad := "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C QX 5C\n---\n" + lastGame
	_, stderr, code := runProgress(t, slowBatch(bad), "validate", "-q", "-")
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	i := strings.Index(stderr, "<stdin>:2564:18: ")
	if i < 0 {
		t.Fatalf("no error for the bad card: %q", stderr)
	}
	before := stderr[:i]
	if !strings.HasSuffix(before, progressErase) && !strings.HasSuffix(before, "\n") && before != "" {
		t.Errorf("the error continues the progress line: %q", stderr)
	}
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
	if err := os.WriteFile(file, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	withProgressDelay(t, 0)
	_, stderr, code := runProgress(t, strings.NewReader(""), "validate", "-q", "-j", "1", file)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the games are incomplete rounds)", code)
	}
	if !regexp.MustCompile(`tricks: +[0-9]+% \|.*\[[0-9]+s:[0-9]+s\]`).MatchString(stderr) {
		t.Errorf("no percentage and time left: %q", stderr)
	}
	if !strings.HasSuffix(stderr, progressErase) {
		t.Errorf("the progress line is not erased at the end: %q", stderr)
	}
}
