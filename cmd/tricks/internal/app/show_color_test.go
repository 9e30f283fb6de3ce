//go:build linux

package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShowAndChartColor: `show` and `score --chart` colour a terminal only (the violating card
// red, the winning card and each player's chart marks in colour) and colour never changes
// the text.
func TestShowAndChartColor(t *testing.T) {
	game := filepath.Join(t.TempDir(), "illegal.tricks")
	require.NoError(t, os.WriteFile(game, []byte(colorGame), 0o666))
	t.Setenv("NO_COLOR", "")
	for _, args := range [][]string{{"show", game}, {"score", "--chart", game}} {
		t.Run(args[0], func(t *testing.T) {
			plain, code := runPlain(t, args...)
			require.Equal(t, 0, code, "plain output:\n%q", plain)
			require.NotContains(t, plain, "\x1b[", "colour on a non-terminal")
			tty, code := runOnTerminal(t, args...)
			require.Equal(t, 0, code, "on a terminal:\n%s", tty)
			require.Regexp(t, ansiRE, tty, "no colour on a terminal")
			assert.Equal(t, plain, ansiRE.ReplaceAllString(tty, ""), "colour changes the text (terminal, escapes removed)")
			if args[0] == "show" {
				assert.Contains(t, tty, "\x1b[31m2H \x1b[0m", "the revoking 2H is not red")
			}
			tty, _ = runOnTerminal(t, append([]string{args[0], "--no-color"}, args[1:]...)...)
			assert.Equal(t, plain, tty, "--no-color on a terminal")
		})
	}
}
