package main

import (
	"errors"
	"fmt"
	"io"
	"os"

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

// run is the whole program: main only passes the process's arguments and streams, so tests
// run the CLI in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	app := &cli.App{
		Name:      "tricks",
		Usage:     "check and score recorded games of Hearts-family card games and Spades",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed here, once, with the exit status chosen by the command.
		ExitErrHandler:  func(*cli.Context, error) {},
		HideHelpCommand: true,
		Commands: []*cli.Command{
			validateCommand(env),
			scoreCommand(env),
			compareCommand(env),
			rulesetsCommand(env),
			convertCommand(env),
			simulateCommand(env),
		},
		// Option values hold commas (pass=left,right): never split -o at them.
		DisableSliceFlagSeparator: true,
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
	}
	err := app.Run(args)
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
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

type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }

// env is what commands read and write.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// isTerminal reports whether w is a terminal (for colour and progress).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
