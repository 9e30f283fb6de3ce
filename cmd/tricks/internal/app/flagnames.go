package app

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// namedFlag is a flag whose names are worked out once. urfave/cli works a flag's names out
// again, a regular expression over each, at every look-up, and before a command runs it
// looks every flag up for every name of every flag (runFlagActions): in a short run, more
// work than the command line is worth.
type namedFlag struct {
	urfaveFlag
	names []string
}

// urfaveFlag is what urfave/cli asks of a flag: the interfaces it looks for, which all of its
// flag types have.
type urfaveFlag interface {
	cli.RequiredFlag
	cli.CategorizableFlag
	cli.ActionableFlag
	cli.DocGenerationFlag
}

func (f *namedFlag) Names() []string { return f.names }

// namedSlice is namedFlag for a slice flag, whose type must show as well: urfave/cli gives it
// the app's separator by a method of an unexported type.
type namedSlice struct {
	*cli.StringSliceFlag
	names []string
}

func (f *namedSlice) Names() []string { return f.names }

// The help and version flags, which urfave/cli adds to the app and the commands, carry
// their names too.
func init() {
	cli.HelpFlag = named(cli.HelpFlag)
	cli.VersionFlag = named(cli.VersionFlag)
}

// named is f carrying its names (namedFlag, namedSlice), or f itself when its type has not
// every method urfave/cli may ask for.
func named(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *cli.StringSliceFlag:
		return &namedSlice{f, flagNames(f)}
	case urfaveFlag:
		return &namedFlag{f, flagNames(f)}
	}
	return f
}

// flagNames is f.Names(): a name and its aliases, each cut at a comma or a blank (the old
// spelling of aliases, which urfave/cli cuts by a regular expression); a name without either,
// as all of tricks' are, is taken as it is.
func flagNames(f cli.Flag) []string {
	var name string
	var aliases []string
	switch f := f.(type) {
	case *cli.BoolFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.StringFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.StringSliceFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.IntFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.Uint64Flag:
		name, aliases = f.Name, f.Aliases
	case *cli.Float64Flag:
		name, aliases = f.Name, f.Aliases
	default:
		return f.Names()
	}
	out := append([]string{name}, aliases...)
	for _, n := range out {
		if strings.ContainsAny(n, ", ") {
			return f.Names()
		}
	}
	return out
}

// nameFlags gives each flag of a command its names once (namedFlag, namedSlice).
func nameFlags(c *cli.Command) {
	for i, f := range c.Flags {
		c.Flags[i] = named(f)
	}
}

// flagOf is the flag of urfave/cli's own type that f is: a namedFlag's or namedSlice's, or f.
func flagOf(f cli.Flag) cli.Flag {
	switch n := f.(type) {
	case *namedFlag:
		return n.urfaveFlag
	case *namedSlice:
		return n.StringSliceFlag
	}
	return f
}
