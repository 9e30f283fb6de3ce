package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileRunes are the characters that must never reach a terminal raw from the input: every
// C0 control, DEL, every C1 control, the bidirectional controls, the zero-width characters and
// the line and paragraph separators.
func hostileRunes() []rune {
	var out []rune
	for r := rune(0); r < 0x20; r++ {
		out = append(out, r)
	}
	out = append(out, 0x7F)
	for r := rune(0x80); r < 0xA0; r++ {
		out = append(out, r)
	}
	out = append(out, 0x061C, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029,
		0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
		0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF)
	return out
}

// runIn runs the CLI in dir and returns what it wrote to stdout and stderr together.
func runIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(dir))
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	run(append([]string{"tricks"}, args...), strings.NewReader(""), &stdout, &stderr)
	return stdout.String() + stderr.String()
}

// TestHostileText: a name holding any hostile character, wherever it appears (a player in
// quotes, an unquoted name echoed by a message's hint, a file name found in a folder, a
// ruleset file's name), is shown escaped in every table and message, never raw.
func TestHostileText(t *testing.T) {
	for _, r := range hostileRunes() {
		t.Run(fmt.Sprintf("U+%04X", r), func(t *testing.T) {
			dir := t.TempDir()
			raw := "a" + string(r) + "b"
			quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(raw)
			write := func(name, text string) {
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
			}
			// A player in quotes, in a score line that does not add up (validate's message).
			write("quoted.tricks", "game hearts\nplayers \""+quoted+"\" b c d\nround\ntrick \""+quoted+"\": 2C 3C 4C 5C\nscore \""+quoted+"\"=5\n")
			// An unquoted name: the message's hint echoes it.
			write("bare.tricks", "game hearts\nplayers "+raw+" b c d\nround\ntrick b: 2C 3C 4C 5C\n")
			// A ruleset file's name, in YAML's escapes.
			write("house.yaml", fmt.Sprintf("extends: hearts\nname: \"a\\U%08Xb\"\n", r))
			var outs []string
			for _, args := range [][]string{
				{"validate", "quoted.tricks"}, {"score", "quoted.tricks"}, {"show", "quoted.tricks"},
				{"compare", "-r", "hearts", "quoted.tricks"}, {"stats", "quoted.tricks"},
				{"score", "--chart", "quoted.tricks"},
				{"validate", "bare.tricks"}, {"score", "bare.tricks"},
				{"score", "-r", "house.yaml", "quoted.tricks"}, {"stats", "-r", "house.yaml", "quoted.tricks"},
			} {
				outs = append(outs, strings.Join(args, " ")+": "+runIn(t, dir, args...))
			}
			if r != 0 {
				// File names found in a folder: a transcript with an error, a file skipped.
				write("games/"+raw+".tricks", "game hearts\nplayers a b c d\nround\ntrick a: 2C 3C QX 5C\n")
				write("games/"+raw+".md", "notes\n")
				write("empty/"+raw+".md", "notes\n")
				outs = append(outs, "validate games: "+runIn(t, dir, "validate", "games"), "score empty: "+runIn(t, dir, "score", "empty"))
			}
			for _, out := range outs {
				assert.NotContains(t, out, raw, "raw in %q", out)
				if r != '\t' && r != '\n' {
					assert.NotContains(t, out, string(r), "raw in %q", out)
				}
			}
		})
	}
}

// TestInvalidUTF8FileName: a file name that is not UTF-8 is written the same way in every
// structured format: each invalid byte as U+FFFD, as encoding/json writes it (CSV copied it
// raw).
func TestInvalidUTF8FileName(t *testing.T) {
	dir := t.TempDir()
	name := "x\xffy.tricks"
	game := "game hearts\nplayers a b c d\nround\ntrick a: 2C 3C 4C 5C\n"
	if err := os.WriteFile(filepath.Join(dir, "games", name), []byte(game), 0o644); err != nil {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "games"), 0o755))
		if err := os.WriteFile(filepath.Join(dir, "games", name), []byte(game), 0o644); err != nil {
			t.Skipf("file names that are not UTF-8 are refused here: %v", err)
		}
	}
	want := "games/x\uFFFDy.tricks"
	for _, args := range [][]string{
		{"validate", "-f", "csv", "games"}, {"score", "-f", "csv", "games"}, {"compare", "-r", "hearts", "-f", "csv", "games"},
		{"score", "-f", "json", "games"}, {"score", "-f", "yaml", "games"},
	} {
		out := strings.ReplaceAll(runIn(t, dir, args...), `\ufffd`, "\uFFFD") // JSON's escape
		assert.Contains(t, out, want, "%v", args)
		assert.NotContains(t, out, "\xff", "%v", args)
	}
}
