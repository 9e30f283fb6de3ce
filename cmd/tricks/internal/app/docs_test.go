package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// The user documentation lives in the repository: the README, parse/FORMAT.md,
// rulesets/RULES.md and cmd/tricks/CLI.md. These tests keep it true to the code.

const repoRoot = "../../../.."

var userDocs = []string{"README.md", "parse/FORMAT.md", "rulesets/RULES.md", "cmd/tricks/CLI.md"}

func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, name))
	require.NoError(t, err)
	return string(b)
}

// fence is a fenced block of a Markdown file: its info string and its text.
type fence struct {
	lang, text string
	line       int
}

func fences(doc string) []fence {
	var out []fence
	var cur *fence
	for i, line := range strings.Split(doc, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &fence{lang: strings.TrimSpace(line[3:]), line: i + 1}
		case cur != nil && strings.HasPrefix(line, "```"):
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	return out
}

// TestDocLinks: every relative link of the user docs names a file of the repository, so that a
// clone has everything the README points to.
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)#\s]*)(#[^)]*)?\)`)
	for _, name := range userDocs {
		doc := readDoc(t, name)
		for _, m := range link.FindAllStringSubmatch(doc, -1) {
			target := m[1]
			if target == "" || strings.Contains(target, "://") {
				continue
			}
			path := filepath.Join(repoRoot, filepath.Dir(name), target)
			rel, err := filepath.Rel(repoRoot, path)
			if !assert.NoError(t, err) || !assert.False(t, strings.HasPrefix(rel, ".."), "%s links to %s, outside the repository", name, target) {
				continue
			}
			_, err = os.Stat(path)
			assert.NoError(t, err, "%s links to %s", name, target)
		}
		user, _, _ := strings.Cut(doc, "\n## Development")
		assert.NotContains(t, user, "../shared", "%s mentions ../shared, which a clone does not have", name)
	}
}

// TestDocTranscripts: every transcript shown in the docs (a ```tricks block) is read without
// an input error.
func TestDocTranscripts(t *testing.T) {
	n := 0
	for _, name := range userDocs {
		for _, f := range fences(readDoc(t, name)) {
			if f.lang != "tricks" {
				continue
			}
			n++
			code := run([]string{"tricks", "validate", "-q", "-"}, strings.NewReader(f.text), &strings.Builder{}, &strings.Builder{})
			if code == exitInput {
				var stderr strings.Builder
				run([]string{"tricks", "validate", "-"}, strings.NewReader(f.text), &strings.Builder{}, &stderr)
				assert.Fail(t, "a transcript of the docs cannot be read", "%s:%d:\n%s", name, f.line, stderr.String())
			}
		}
	}
	assert.GreaterOrEqual(t, n, 10, "transcripts in the docs")
}

// TestRuleCodeExamples: CLI.md has a section per rule code whose transcript, run through
// `tricks validate`, prints the lines the section shows.
func TestRuleCodeExamples(t *testing.T) {
	doc := readDoc(t, "cmd/tricks/CLI.md")
	_, codes, ok := strings.Cut(doc, "\n## Rule codes\n")
	require.True(t, ok, "CLI.md has no Rule codes section")
	sections := map[string]string{}
	for _, s := range strings.Split(codes, "\n### `")[1:] {
		code, body, _ := strings.Cut(s, "`")
		sections[code] = body
	}
	all := []string{validate.Revoke, validate.HeartsNotBroken, validate.FirstTrickPenalty, validate.FirstLead,
		validate.SpadesNotBroken, validate.PassCount, validate.PassDirection, validate.PassForbidden,
		validate.BidMissing, score.BlindNotAllowed, validate.NotInHand, validate.DuplicateCard,
		validate.WrongLeader, validate.DealSize, validate.DeckMismatch, validate.UnknownPlayer,
		score.AfterGameEnd, score.ScoreMismatch, score.BadTiebreak, validate.IncompleteRound,
		score.ImpossiblePoints, validate.BadClaim}
	dir := t.TempDir()
	t.Chdir(dir)
	for _, code := range all {
		t.Run(code, func(t *testing.T) {
			body, ok := sections[code]
			require.True(t, ok, "CLI.md has no example for %s", code)
			var src, want string
			for _, f := range fences(body) {
				switch {
				case f.lang == "tricks" && src == "":
					src = f.text
				case f.lang == "text" && want == "":
					want = f.text
				}
			}
			cmd, lines, _ := strings.Cut(want, "\n")
			file := code + ".tricks"
			require.NotEmpty(t, src, "the example needs a tricks block")
			require.Equal(t, "$ tricks validate "+file, cmd, "the example's text block starts with the command")
			require.NoError(t, os.WriteFile(file, []byte(src), 0o666))
			out, stderr, status := runCLI("validate", file)
			assert.Equal(t, exitIllegal, status, "exit status; stderr %q", stderr)
			got := strings.Split(out, "\n")
			for _, line := range strings.Split(strings.TrimSpace(lines), "\n") {
				assert.Contains(t, line, ": "+code+": ", "an example line that does not show its code")
				found := false
				for _, g := range got {
					found = found || strings.HasPrefix(g, line)
				}
				assert.True(t, found, "validate does not print %q; it prints:\n%s", line, out)
			}
		})
	}
}

// TestRulesDocCoversRulesets: RULES.md names every built-in ruleset and every ruleset key
// and option of both families.
func TestRulesDocCoversRulesets(t *testing.T) {
	doc := readDoc(t, "rulesets/RULES.md")
	names := rulesets.Names()
	for _, f := range []string{"hearts", "spades"} {
		names = append(names, rulesets.Keys(f)...)
	}
	for _, n := range names {
		assert.Contains(t, doc, "`"+n+"`", "RULES.md does not mention it")
	}
}

// TestReadmeExamples runs the README's shell examples (its ```sh blocks) in a copy of
// testdata/examples, with tricks on $PATH: each must exit 0, or 1 where it validates games
// with mistakes, and never 2. `go` lines are left out (they need the module), `go run
// ./cmd/tricks` is run as tricks, and lines that call jq or source a completion script run
// only where jq or bash is installed.
func TestReadmeExamples(t *testing.T) {
	var script strings.Builder
	n := 0
	for _, f := range fences(readDoc(t, "README.md")) {
		if f.lang != "sh" {
			continue
		}
		for _, line := range strings.Split(f.text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			line = strings.TrimSpace(trailingComment.ReplaceAllString(line, ""))
			if rest, ok := strings.CutPrefix(line, "go run ./cmd/tricks "); ok {
				line = "tricks " + rest
			}
			if strings.HasPrefix(line, "go ") {
				continue
			}
			cond := "[exec:bash] "
			if strings.Contains(line, "jq ") {
				cond += "[exec:jq] "
			}
			n++
			fmt.Fprintf(&script, "# README: %s\n%sexec bash -o pipefail -c %s\n", line, cond, shellQuote(line+"; s=$?; [ $s -le 1 ] || exit $s"))
		}
	}
	require.GreaterOrEqual(t, n, 8, "shell examples in the README")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(script.String()), 0o666))
	examples, err := filepath.Abs(filepath.Join(repoRoot, "testdata", "examples"))
	require.NoError(t, err)
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "dumb")
			env.Setenv(referenceEnv, os.Getenv(referenceEnv))
			return os.CopyFS(filepath.Join(env.WorkDir, "testdata", "examples"), os.DirFS(examples))
		},
	})
}

// trailingComment is a shell comment after a command (the README's lines hold no # in quotes).
var trailingComment = regexp.MustCompile(`\s+#.*$`)

// shellQuote quotes s for a testscript line: inside single quotes, a quote is doubled.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// githubAnchor is the anchor GitHub gives a Markdown heading: lower case, punctuation but
// hyphens and underscores dropped, spaces as hyphens.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors lists the anchors of a Markdown file's headings (outside fenced blocks).
func anchors(doc string) map[string]bool {
	out := map[string]bool{}
	inFence := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			continue
		}
		if !inFence && strings.HasPrefix(line, "#") {
			out[githubAnchor(strings.TrimLeft(line, "#"))] = true
		}
	}
	return out
}

// TestDocSections: every section the user docs cite exists. A citation is a link to a
// heading (FILE.md#anchor, or #anchor in the same file), never a section number (§7): the
// numbered sections were the spec's, which a clone does not have.
func TestDocSections(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)#\s]*)#([^)\s]+)\)`)
	for _, name := range userDocs {
		doc := readDoc(t, name)
		for i, line := range strings.Split(doc, "\n") {
			assert.NotContains(t, line, "§", "%s:%d cites a numbered section; link to a heading instead", name, i+1)
		}
		for _, m := range link.FindAllStringSubmatch(doc, -1) {
			target := name
			if m[1] != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(name), m[1]))
			}
			if !strings.HasSuffix(target, ".md") {
				continue
			}
			assert.True(t, anchors(readDoc(t, target))[m[2]], "%s links to %s#%s: no such heading", name, target, m[2])
		}
	}
}
