package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary double as the tricks command: testscript.Main installs it in
// $PATH as "tricks", and a script's `tricks ...` line runs run() in a child process (so a
// panic shows as a failing exit status and a stack trace on stderr, which the scripts check).
func TestMain(m *testing.M) {
	// The score table fits COLUMNS: a developer's shell must not change the goldens (the
	// tests' own runs; a script's tricks runs with the script's environment).
	if filepath.Base(os.Args[0]) != "tricks" {
		os.Unsetenv("COLUMNS")
	}
	loadReference()
	testscript.Main(m, map[string]func(){
		"tricks": func() {
			// Scripts may show progress at once and at every game (ttyerr runs are short).
			var opts options
			if d, err := time.ParseDuration(os.Getenv("TRICKS_TEST_PROGRESS")); err == nil {
				opts.progress = &progressPace{delay: d, every: d}
			}
			os.Exit(runWith(os.Args, os.Stdin, os.Stdout, os.Stderr, opts))
		},
	})
}

// referenceEnv names the path of CLI.md for the test binary's own tricks processes (scripts and
// signal tests), whose working directory is not this package's.
const referenceEnv = "TRICKS_TEST_CLI_MD"

// loadReference sets cliDoc as main does, from the source tree's CLI.md (main embeds it), and
// leaves its path in the environment for the tricks processes the tests start.
func loadReference() {
	path := os.Getenv(referenceEnv)
	if path == "" {
		abs, err := filepath.Abs("../../CLI.md")
		if err != nil {
			panic(err)
		}
		path = abs
		os.Setenv(referenceEnv, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		panic(fmt.Sprintf("the tests need cmd/tricks/CLI.md: %v", err))
	}
	cliDoc = string(b)
}

// TestScript runs the CLI behaviour scripts in testdata/script/*.txtar.
//
// Besides the standard testscript commands, the scripts use
//
//	status N CMD ARGS...   run CMD (normally tricks) and require exit status N; its stdout
//	                       and stderr are kept for the stdout/stderr/cmp commands that
//	                       follow. Whatever the status, stderr must not hold a Go panic or
//	                       stack trace.
//	nocolor FILE           FILE (or stdout/stderr) holds no ANSI escape sequence.
//	posonly                every line of the last stderr starts with FILE:LINE: or
//	                       FILE:LINE:COL: (a positioned input error, FORMAT.md "Errors").
//	repeat N SRC DST       DST holds N copies of the games of SRC, separated by --- lines.
//	writeq FILE QUOTED     write the Go-quoted string QUOTED ("\x00\xff...") to FILE, for
//	                       binary input that a txtar archive should not hold.
//	                       (scripts also get $REPO, the repository root, and the go
//	                       command's cache settings, to build the command from it)
//	ttyerr NAME CMD ARGS...
//	                       run CMD with standard error on a pseudo-terminal: what the
//	                       terminal received goes to NAME.err, standard output to NAME.out.
//
// and the condition [pty]: a pseudo-terminal can be opened. TRICKS_TEST_PROGRESS (a duration)
// sets how soon progress shows, and how often it is redrawn, in the tricks runs of a script.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../../../testdata/script",
		UpdateScripts:       *update, // -update rewrites the cmp files inside the scripts too
		RequireExplicitExec: false,
		Setup: func(env *testscript.Env) error {
			// Colour and progress depend on these; a developer's shell must not leak in.
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "dumb")
			env.Setenv("COLUMNS", "")
			// $REPO is the clone, and the go command's caches are the developer's, for the
			// scripts that build the command as a newcomer would (go install ./cmd/tricks).
			repo, err := filepath.Abs("../../../..")
			if err != nil {
				return err
			}
			env.Setenv("REPO", repo)
			env.Setenv(referenceEnv, os.Getenv(referenceEnv))
			for k, v := range goEnv() {
				env.Setenv(k, v)
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":  cmdStatus,
			"nocolor": cmdNoColor,
			"posonly": cmdPosOnly,
			"repeat":  cmdRepeat,
			"writeq":  cmdWriteQ,
			"ttyerr":  cmdTTYErr,
		},
		Condition: func(cond string) (bool, error) {
			if cond != "pty" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			m, s, err := openPtyFiles()
			if err != nil {
				return false, nil
			}
			m.Close()
			s.Close()
			return true, nil
		},
	})
}

func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! status")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: status N CMD ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: bad exit status %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	stderr := ts.ReadFile("stderr")
	for _, bad := range []string{"panic:", "goroutine ", "runtime error", ".go:"} {
		if strings.Contains(stderr, bad) {
			ts.Fatalf("stderr holds a Go panic or stack trace (%q)", bad)
		}
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

func cmdNoColor(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: nocolor FILE")
	}
	has := strings.Contains(ts.ReadFile(args[0]), "\x1b[")
	switch {
	case has && !neg:
		ts.Fatalf("%s holds ANSI escape sequences", args[0])
	case !has && neg:
		ts.Fatalf("%s holds no ANSI escape sequence", args[0])
	}
}

func cmdPosOnly(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: posonly")
	}
	stderr := ts.ReadFile("stderr")
	if strings.TrimSpace(stderr) == "" {
		ts.Fatalf("stderr is empty: an input error must say where")
	}
	for _, line := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
		if !positioned(line) {
			ts.Fatalf("stderr line without FILE:LINE[:COL]: %q", line)
		}
	}
}

func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: repeat N SRC DST")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		ts.Fatalf("repeat: bad count %q", args[0])
	}
	src := strings.TrimRight(ts.ReadFile(args[1]), "\n") + "\n"
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString("---\n")
		}
		b.WriteString(src)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(b.String()), 0o666))
}

func cmdWriteQ(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: writeq FILE QUOTED")
	}
	data, err := strconv.Unquote(args[1])
	if err != nil {
		ts.Fatalf("writeq: %v", err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(data), 0o666))
}

// positioned reports whether line starts with FILE:LINE: or FILE:LINE:COL: and a message.
func positioned(line string) bool {
	// FILE may hold colons only in odd cases; the scripts use plain names.
	parts := strings.SplitN(line, ":", 4)
	if len(parts) < 3 || parts[0] == "" {
		return false
	}
	if _, err := strconv.Atoi(parts[1]); err != nil {
		return false
	}
	if _, err := strconv.Atoi(parts[2]); err == nil {
		return len(parts) == 4 && strings.HasPrefix(parts[3], " ") && len(parts[3]) > 1
	}
	return strings.HasPrefix(parts[2], " ") && len(parts[2]) > 1
}

func cmdTTYErr(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: ttyerr NAME CMD ARGS...")
	}
	path := ""
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if p := filepath.Join(dir, args[1]); fileExists(p) {
			path = p
			break
		}
	}
	if path == "" {
		ts.Fatalf("ttyerr: %s not found in $PATH", args[1])
	}
	m, s, err := openPtyFiles()
	ts.Check(err)
	cmd := exec.Command(path, args[2:]...)
	cmd.Args[0] = args[1]
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=dumb", "TRICKS_TEST_PROGRESS="+ts.Getenv("TRICKS_TEST_PROGRESS"))
	var out, term bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = s
	done := make(chan struct{})
	go func() {
		io.Copy(&term, m)
		close(done)
	}()
	runErr := cmd.Run()
	s.Close()
	<-done
	m.Close()
	ts.Check(os.WriteFile(ts.MkAbs(args[0]+".out"), out.Bytes(), 0o666))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]+".err"), term.Bytes(), 0o666))
	if runErr != nil {
		ts.Fatalf("ttyerr: %v\n%s", runErr, term.String())
	}
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// goEnv is the go command's cache and module settings, so that a script can run go offline
// with the caches of the test run (testscript gives scripts a HOME of their own).
var goEnv = sync.OnceValue(func() map[string]string {
	out := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=readonly"}
	b, err := exec.Command("go", "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		return out
	}
	var m map[string]string
	if json.Unmarshal(b, &m) == nil {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
})
