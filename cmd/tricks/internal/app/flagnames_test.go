package app

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/urfave/cli/v2"
)

// flagNames gives every flag of every command, and the help and version flags, the names
// urfave/cli works out for it, and so does a namedFlag; a name in the old spelling with
// aliases after a comma is cut as urfave/cli cuts it.
func TestFlagNamesAsUrfave(t *testing.T) {
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	cmds := []*cli.Command{validateCommand(e), scoreCommand(e), compareCommand(e), rulesetsCommand(e), convertCommand(e),
		simulateCommand(e), statsCommand(e), showCommand(e), analyzeCommand(e), completionCommand(e)}
	n := 0
	for _, c := range cmds {
		for _, f := range c.Flags {
			assert.Equal(t, f.Names(), flagNames(f), "%s %s", c.Name, f.Names()[0])
			assert.Equal(t, f.Names(), named(f).Names(), "%s %s", c.Name, f.Names()[0])
			n++
		}
	}
	assert.Greater(t, n, 40, "flags checked")
	for _, f := range []cli.Flag{cli.HelpFlag, cli.VersionFlag, &cli.StringFlag{Name: "format, f"}, &cli.BoolFlag{Name: "x", Aliases: []string{"y z"}}} {
		assert.Equal(t, flagOf(f).Names(), flagNames(flagOf(f)))
	}
}
