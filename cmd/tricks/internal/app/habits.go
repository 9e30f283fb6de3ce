package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/urfave/cli/v2"
)

// stdinPiped reports whether standard input brings data: a pipe, a regular file or a socket
// (tricks validate < night.tricks, producer | tricks validate). A terminal, /dev/null and
// other devices do not: a command without a file then says to name one.
func stdinPiped(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	m := fi.Mode()
	return m.IsRegular() || m&(os.ModeNamedPipe|os.ModeSocket) != 0
}

// inputArgs is a command's transcript arguments: as given, or "-" when none is named and
// standard input brings data.
func (e *env) inputArgs(c *cli.Context, what string) ([]string, error) {
	if c.NArg() > 0 {
		args := c.Args().Slice()
		if n := countOf(args, "-"); n > 1 {
			// Standard input is read once: a second - would read nothing ("no game in file").
			return nil, usageError{fmt.Errorf("%s: - (standard input) is named %d times; it can be read once", c.Command.Name, n)}
		}
		return args, nil
	}
	if stdinPiped(e.stdin) {
		return []string{"-"}, nil
	}
	return nil, usageError{fmt.Errorf("%s: name %s, or give it on standard input", c.Command.Name, what)}
}

// commandNotFound names the unknown command and the one it is likely a slip for.
func commandNotFound(w io.Writer, app *cli.App, name string) {
	var names []string
	for _, c := range app.VisibleCommands() {
		names = append(names, c.Names()...)
	}
	fmt.Fprintf(w, "tricks: unknown command %q%s (see tricks help)\n", name, parse.DidYouMean(name, names))
}

// undefinedFlag is urfave/cli's message for a flag a command does not have.
var undefinedFlag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^flag provided but not defined: -+(.*)$`) }) // compiled when first used, not at start-up

// flagHint adds to a usage error about an unknown flag the flag it is likely a slip for
// ("did you mean --strict?"), or where the flags are listed.
func flagHint(cmd *cli.Command, err error) error {
	m := undefinedFlag().FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	var names []string
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if len(n) > 1 {
				names = append(names, n)
			}
		}
	}
	dash := "--"
	if len(m[1]) == 1 {
		dash = "-"
	}
	if s := parse.Suggest(m[1], names); s != "" {
		return fmt.Errorf("unknown flag %s%s; did you mean --%s?", dash, m[1], s)
	}
	help := "tricks help"
	if cmd.Name != "" && cmd.Name != "tricks" {
		help += " " + cmd.Name
	}
	return fmt.Errorf("unknown flag %s%s (%s lists the flags)", dash, m[1], help)
}

// optionHint adds "did you mean" to an error about an unknown -o key when the message has
// none: without -r the key is looked for among the keys of both families, where a key they
// share (target) must count once.
func optionHint(err error, options []string) error {
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		return err
	}
	kvs, perr := rulesets.ParseOptions(options)
	if perr != nil {
		return err
	}
	var keys []string
	seen := map[string]bool{}
	for _, k := range append(rulesets.OptionKeys(rulesets.Hearts), rulesets.OptionKeys(rulesets.Spades)...) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, kv := range kvs {
		if seen[kv.Key] {
			continue
		}
		if s := parse.DidYouMean(kv.Key, keys); s != "" {
			return errors.New(err.Error() + s)
		}
	}
	return err
}

// countOf returns how many of list are s.
func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
