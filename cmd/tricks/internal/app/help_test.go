package app

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersionOf(t *testing.T) {
	for _, c := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.22.0", Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0 (go1.22.0)"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-01T20:00:00Z"},
			{Key: "vcs.modified", Value: "true"}}}, "(devel) (rev 0123456789ab+modified, 2026-12-01T20:00:00Z)"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			"(devel) (rev abc)"},
	} {
		assert.Equal(t, c.want, versionOf(&c.bi), "versionOf(%+v)", c.bi)
	}
}

// TestEveryCommandHasExamples: each command's --help ends with an EXAMPLES section whose
// lines call that command, and no flag states its default twice.
func TestEveryCommandHasExamples(t *testing.T) {
	out, _, code := runCLI("--help")
	require.Equal(t, 0, code, "tricks --help: exit status")
	var names []string
	inCommands := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case line == "COMMANDS:":
			inCommands = true
		case inCommands && strings.HasPrefix(line, "   "):
			name := strings.TrimSuffix(strings.Fields(line)[0], ",")
			if name != "help" {
				names = append(names, name)
			}
		case inCommands:
			inCommands = false
		}
	}
	require.GreaterOrEqual(t, len(names), 6, "found only the commands %v in tricks --help", names)
	for _, name := range names {
		out, _, code := runCLI(name, "--help")
		if !assert.Equal(t, 0, code, "tricks %s --help: exit status", name) {
			continue
		}
		_, ex, ok := strings.Cut(out, "\nEXAMPLES:\n")
		if !assert.True(t, ok, "tricks %s --help has no EXAMPLES section", name) {
			continue
		}
		for _, line := range strings.Split(strings.TrimRight(ex, "\n"), "\n") {
			assert.Contains(t, line, "tricks "+name, "tricks %s --help: an example that does not call tricks %s", name, name)
		}
		for _, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, strings.Count(line, "(default"), 1, "tricks %s --help: a default stated twice", name)
			assert.NotContains(t, line, "(default: false)", "tricks %s --help", name)
		}
	}
}
