package app

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"
)

// Exit statuses (CLI.md).
const (
	exitOK      = 0
	exitIllegal = 1
	exitInput   = 2
)

// exitError carries an exit status out of a command.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// Main is the whole program, main's only call: cliReference is CLI.md, the command's reference,
// which main embeds because it lives beside it; `tricks help codes` prints its rule codes.
func Main(cliReference string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cliDoc = cliReference
	tuneGC()
	return run(args, stdin, stdout, stderr)
}

// run is the program once the reference is in place and the collector tuned, so tests run
// the CLI in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(args, stdin, stdout, stderr, options{})
}

// options are the switches the tests turn on; the program itself runs with the zero value.
type options struct {
	// freshGames parses every game into fresh memory, never reused, and releases no input
	// (reader.Pending.Release), for the tests that compare the two.
	freshGames bool
	// progress, when not nil, is when the progress line shows first and how often it is
	// redrawn at most, instead of progressDelay and progressEvery.
	progress *progressPace
}

// runWith is run with the switches of the tests.
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer, opts options) int {
	out := &outWriter{w: stdout}
	stdout = out                       // every command writes through it: a write error is noticed below
	stderr = &displayWriter{w: stderr} // messages show hidden characters of names escaped
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr, opts: opts}
	defer env.watchSignals()()
	usage := func(_ *cli.Context, err error, _ bool) error {
		if strings.Contains(err.Error(), "for flag -seed") {
			err = fmt.Errorf("%v (a seed is a whole number from 0 to 18446744073709551615)", err)
		}
		return usageError{err}
	}
	app := &cli.App{
		Name:      "tricks",
		Usage:     "check and score recorded games of Hearts-family card games and Spades",
		Version:   version(),
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed here, once, with the exit status chosen by the command.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{
			validateCommand(env),
			scoreCommand(env),
			compareCommand(env),
			rulesetsCommand(env),
			convertCommand(env),
			simulateCommand(env),
			statsCommand(env),
			showCommand(env),
			analyzeCommand(env),
			completionCommand(env),
		},
		// Option values hold commas (pass=left,right): never split -o at them.
		DisableSliceFlagSeparator: true,
		OnUsageError:              usage,
		CommandNotFound: func(c *cli.Context, name string) {
			commandNotFound(stderr, c.App, name)
		},
	}
	app.OnUsageError = func(c *cli.Context, err error, sub bool) error {
		return usage(c, flagHint(&cli.Command{Flags: app.Flags}, err), sub)
	}
	for _, c := range app.Commands {
		// A usage error is one line on stderr, never the help on stdout.
		c.OnUsageError = func(ctx *cli.Context, err error, sub bool) error {
			return usage(ctx, flagHint(c, err), sub)
		}
	}
	explain(app)
	if len(args) == 3 && (args[1] == "help" || args[1] == "h") && showTopic(stdout, args[2]) {
		return exitOK
	}
	args = normalizeArgs(args)
	if len(args) > 1 {
		if cmd := app.Command(args[1]); cmd != nil {
			nameFlags(cmd)
		}
	}
	args, err := flagsFirst(app, args)
	if err == nil {
		err = app.Run(args)
	}
	if out.err != nil {
		// Output that did not reach its file is lost output: an error whatever the command
		// and the format (CLI.md exit 2), said once.
		if err == nil || !errors.Is(err, out.err) {
			fmt.Fprintf(stderr, "tricks: writing the output: %v\n", out.err)
		} else {
			fmt.Fprintf(stderr, "tricks: %v\n", err)
		}
		return exitInput
	}
	if code := env.interrupted(); code != 0 {
		return code // the output written is whole records; the run was cut short
	}
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
		if len(args) > 1 && app.Command(args[1]) == nil && !strings.HasPrefix(args[1], "-") && args[1] != "help" {
			return exitInput // CommandNotFound has spoken
		}
		if len(args) > 2 && (args[1] == "help" || args[1] == "h") && app.Command(args[2]) == nil && !strings.HasPrefix(args[2], "-") {
			return exitInput // help for a command that does not exist
		}
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "tricks: %v\n", ue.err)
		return exitInput
	default:
		fmt.Fprintf(stderr, "tricks: %v\n", err)
		return exitInput
	}
}

// isFlag reports whether a command-line argument is a flag (or "--"): "-" names standard input.
func isFlag(a string) bool { return a != "-" && strings.HasPrefix(a, "-") }

// flagsFirst moves a command's flags before its file arguments, so that
// `tricks score night.tricks -f json` works as people type it (urfave/cli stops reading
// flags at the first argument). Everything after "--" stays as it is.
func flagsFirst(app *cli.App, args []string) ([]string, error) {
	if len(args) < 3 {
		return args, nil
	}
	cmd := app.Command(args[1])
	if cmd == nil || !slices.ContainsFunc(args[2:], isFlag) {
		return args, nil // nothing to move: the flags' names are not looked up
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := flagOf(f).(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var flags, files, rulesetValues []string
	_, oneRuleset := flagOf(flagByName(cmd, "ruleset")).(*cli.StringFlag)
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			files = append(files, args[i:]...)
			break
		}
		if !isFlag(a) {
			files = append(files, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && takesValue[name] && i+1 == len(args) {
			// A last flag without its value: moved first, it would take a file name as its
			// value (tricks validate game.tricks -f: unknown format "game.tricks").
			return nil, usageError{fmt.Errorf("flag needs an argument: %s", a)}
		}
		flags = append(flags, a)
		key, value, hasValue := strings.Cut(name, "=")
		if !hasValue && takesValue[name] && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
			value = args[i]
		}
		if oneRuleset && (key == "ruleset" || key == "r") {
			rulesetValues = append(rulesetValues, value)
		}
		if key == "color" && value != "auto" && value != "always" && value != "never" {
			return nil, usageError{fmt.Errorf("--color %s: expected auto, always or never", value)}
		}
	}
	if len(rulesetValues) > 1 {
		// urfave/cli would silently take the last one.
		return nil, usageError{fmt.Errorf("%s applies one ruleset, given %d: %s (compare takes several)",
			cmd.Name, len(rulesetValues), strings.Join(rulesetValues, ", "))}
	}
	out := append([]string{args[0], args[1]}, flags...)
	return append(out, files...), nil
}

// flagByName is the flag of cmd with that name, or nil.
func flagByName(cmd *cli.Command, name string) cli.Flag {
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// normalizeArgs spells the short and long forms of a repeatable flag the same way
// (-o and --option, -r and --ruleset): urfave/cli refuses a slice flag given in both forms.
func normalizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		for short, long := range map[string]string{"-o": "--option", "-r": "--ruleset"} {
			if a == short {
				a = long
			} else if strings.HasPrefix(a, short+"=") {
				a = long + a[len(short):]
			}
		}
		out = append(out, a)
	}
	return out
}

// signalDelay is how long a run goes before it watches for signals, unless it reads a stream,
// much input or simulates (watchNow): the watch starts threads, which would cost a run over a
// small file a large part of its time. A signal before then ends the run as it ends any
// program, with what it wrote so far.
const signalDelay = 100 * time.Millisecond

// signalWatch is a run's watch for signals: not started yet, started, or stopped.
type signalWatch struct {
	mu      sync.Mutex
	timer   *time.Timer
	stop    func() // the started watch's stop, nil until it starts
	stopped bool
}

// watchSignals makes SIGINT and SIGTERM stop the command cleanly from signalDelay on (or from
// watchNow): reading stops (source.next, simulate), the games already read are finished and
// written whole, the output is flushed and run exits 130 (SIGINT) or 143 (SIGTERM), so that an
// interrupted `score -f jsonl` or `simulate` never leaves half a record. A second signal exits
// at once. The returned function stops watching, or keeps the watch from starting.
func (e *env) watchSignals() (stop func()) {
	w := &e.watch
	w.timer = time.AfterFunc(signalDelay, e.watchNow)
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.timer.Stop()
		w.stopped = true
		if w.stop != nil {
			w.stop()
		}
	}
}

// watchNow starts the watch for signals at once, if it has not started or stopped.
func (e *env) watchNow() {
	w := &e.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop == nil && !w.stopped {
		w.stop = e.startWatch()
	}
}

// startWatch is the watch itself: the signals' first sets the exit status that stops the
// command, the second exits.
func (e *env) startWatch() (stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGTERM)
	if !signal.Ignored(os.Interrupt) {
		// Started with SIGINT ignored (nohup, a background job of a script): leave it so.
		signal.Notify(ch, os.Interrupt)
	}
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			code := int32(130)
			if sig == syscall.SIGTERM {
				code = 143
			}
			e.signal.Store(code)
		case <-done:
			return
		}
		select {
		case <-ch:
			os.Exit(int(e.signal.Load()))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// stopping reports whether a signal asked the command to stop.
func (e *env) stopping() bool { return e.signal.Load() != 0 }

// interrupted is the exit status for the signal that stopped the command, or 0.
func (e *env) interrupted() int { return int(e.signal.Load()) }

type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }

// env is what commands read and write.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	read           atomic.Int64 // bytes of input read, for progress
	signal         atomic.Int32 // the exit status of the signal that stops the command, or 0
	watch          signalWatch
	opts           options
}

// outWriter is standard output, remembering the first write error.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// isTerminal reports whether w is a terminal (for colour and progress).
func isTerminal(w io.Writer) bool {
	if d, ok := w.(*displayWriter); ok {
		w = d.w
	}
	if o, ok := w.(*outWriter); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// outBuffer buffers a command's output to w: by a few kilobytes on a terminal, where a person
// reads it as it comes, and by more elsewhere, a file or a pipe to a program, where the writes
// are fewer for it.
func (e *env) outBuffer(w io.Writer) *bufio.Writer {
	if isTerminal(e.stdout) {
		return bufio.NewWriter(w)
	}
	return bufio.NewWriterSize(w, 64<<10)
}

// stdinName names standard input in messages and results (CLI.md).
const stdinName = "<stdin>"

// displayName is how a file argument is named in messages and results: "-" is <stdin>.
func displayName(arg string) string {
	if arg == "-" {
		return stdinName
	}
	return arg
}
