package main

import (
	"runtime/debug"
	"strings"
	"testing"
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
		if got := versionOf(&c.bi); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.bi, got, c.want)
		}
	}
}

// TestEveryCommandHasExamples: each command's --help ends with an EXAMPLES section whose
// lines call that command, and no flag states its default twice.
func TestEveryCommandHasExamples(t *testing.T) {
	out, _, code := runCLI("--help")
	if code != 0 {
		t.Fatalf("tricks --help: exit %d", code)
	}
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
	if len(names) < 6 {
		t.Fatalf("found only the commands %v in tricks --help", names)
	}
	for _, name := range names {
		out, _, code := runCLI(name, "--help")
		if code != 0 {
			t.Errorf("tricks %s --help: exit %d", name, code)
			continue
		}
		_, ex, ok := strings.Cut(out, "\nEXAMPLES:\n")
		if !ok {
			t.Errorf("tricks %s --help has no EXAMPLES section", name)
			continue
		}
		for _, line := range strings.Split(strings.TrimRight(ex, "\n"), "\n") {
			if !strings.Contains(line, "tricks "+name) {
				t.Errorf("tricks %s --help: example %q does not call tricks %s", name, line, name)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "(default") > 1 || strings.Contains(line, "(default: false)") {
				t.Errorf("tricks %s --help: %q", name, line)
			}
		}
	}
}
