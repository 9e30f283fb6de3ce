package app

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// README:begin
// scoreFile checks and scores every game of a transcript file as `tricks score` does,
// reading one game at a time (memory in proportion to a game, not the file).
func scoreFile(path string) ([]*score.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games := reader.NewReader(f, path, parse.Auto)   // text, YAML or JSON, as the name and bytes say
	rules := rulesets.NewResolver(rulesets.Choice{}) // or rulesets.NewChoice("black-maria", []string{"moon=new"})
	var results []*score.Result
	for {
		g, err := games.Next()
		if err == io.EOF {
			return results, nil
		}
		if err != nil {
			return nil, err // syntax errors, with file:line:col
		}
		rs, err := rules.Resolve(g) // the game line, its option lines, then the choice's
		if err != nil {
			return nil, err
		}
		replay, err := validate.Game(g, rs) // every play judged; violations kept on the rounds
		if err != nil {
			return nil, err
		}
		results = append(results, score.Score(replay)) // points, totals, moons, winner
	}
}

// README:end

// TestReadmeLibrary: the README's "Use from Go" code is scoreFile above, to the letter, and it
// gives what `tricks score -f jsonl` prints for every shipped example.
func TestReadmeLibrary(t *testing.T) {
	self, err := os.ReadFile("library_test.go")
	require.NoError(t, err)
	code := regexp.MustCompile(`(?s)// README:begin\n(.*?)\n// README:end`).FindSubmatch(self)
	require.NotNil(t, code, "no README:begin/end block in library_test.go")
	readme, err := os.ReadFile("../../../../README.md")
	require.NoError(t, err)
	require.Contains(t, string(readme), "```go\n"+string(code[1])+"\n```",
		"README.md's \"Use from Go\" block is not scoreFile of library_test.go; copy it over")

	files, err := filepath.Glob("../../../../testdata/examples/*.tricks")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no shipped examples")
	for _, file := range files {
		results, err := scoreFile(file)
		require.NoError(t, err, file)
		var lib bytes.Buffer
		for _, r := range results {
			b, err := json.Marshal(r)
			require.NoError(t, err)
			lib.Write(b)
			lib.WriteByte('\n')
		}
		var cli, stderr bytes.Buffer
		code := run([]string{"tricks", "score", "-f", "jsonl", file}, strings.NewReader(""), &cli, &stderr)
		require.Equal(t, 0, code, "%s: tricks score: %s", file, stderr.String())
		assert.Equal(t, cli.String(), lib.String(), "%s: the library and tricks score differ", file)
	}
}
