// Command tricks checks and scores recorded games of trick-taking card games.
//
// The command is package internal/app; main only carries the command's reference, CLI.md,
// which lives here beside it.
package main

import (
	_ "embed" // for cliReference
	"os"

	"github.com/tricks-dev/tricks/cmd/tricks/internal/app"
)

// cliReference is CLI.md: `tricks help codes` prints its rule codes.
//
//go:embed CLI.md
var cliReference string

func main() {
	os.Exit(app.Main(cliReference, os.Args, os.Stdin, os.Stdout, os.Stderr))
}
