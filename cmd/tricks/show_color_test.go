//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShowAndChartColor: `show` and `score --chart` colour a terminal only (the violating card
// red, the winning card and each player's chart marks in colour) and colour never changes
// the text.
func TestShowAndChartColor(t *testing.T) {
	game := filepath.Join(t.TempDir(), "illegal.tricks")
	if err := os.WriteFile(game, []byte(colorGame), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NO_COLOR", "")
	for _, args := range [][]string{{"show", game}, {"score", "--chart", game}} {
		t.Run(args[0], func(t *testing.T) {
			plain, code := runPlain(t, args...)
			if code != 0 || strings.Contains(plain, "\x1b[") {
				t.Fatalf("exit %d, plain output:\n%q", code, plain)
			}
			tty, code := runOnTerminal(t, args...)
			if code != 0 || !ansiRE.MatchString(tty) {
				t.Fatalf("exit %d, no colour on a terminal:\n%s", code, tty)
			}
			if got := ansiRE.ReplaceAllString(tty, ""); got != plain {
				t.Errorf("colour changes the text:\n--- terminal, escapes removed\n%s--- plain\n%s", got, plain)
			}
			if args[0] == "show" && !strings.Contains(tty, "\x1b[31m2H \x1b[0m") {
				t.Errorf("the revoking 2H is not red:\n%q", tty)
			}
			tty, _ = runOnTerminal(t, append([]string{args[0], "--no-color"}, args[1:]...)...)
			if tty != plain {
				t.Errorf("--no-color on a terminal:\n%s\nwant\n%s", tty, plain)
			}
		})
	}
}
