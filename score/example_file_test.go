package score_test

import (
	"fmt"
	"log"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// From a file name to each player's total: the README's shortest library example.
func Example_file() {
	path := "../testdata/examples/hearts.tricks"
	// README:begin
	games, err := reader.ParseFile(path) // every game of a small file (reader.NewReader streams a big one)
	if err != nil {
		log.Fatal(err) // the syntax errors, each with file:line:col
	}
	var rules rulesets.Resolver // the rules each game names, as the CLI reads them
	for _, g := range games {
		rs, err := rules.Resolve(g)
		if err != nil {
			log.Fatal(err)
		}
		replay, err := validate.Game(g, rs) // every play judged; the violations kept on the rounds
		if err != nil {
			log.Fatal(err)
		}
		totals := score.Score(replay).Totals
		fmt.Println(totals.Keys, totals.Vals)
	}
	// README:end

	// Output:
	// [ann bob cat dan] [62 10 12 20]
}

// The README shows Example_file's lines as they are here.
func TestReadmeShortExample(t *testing.T) {
	self, err := os.ReadFile("example_file_test.go")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)\t// README:begin\n(.*?)\t// README:end`).FindSubmatch(self)
	require.NotNil(t, m)
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(string(m[1]), "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	block := "```go\n" + strings.Join(lines, "\n") + "\n```"
	require.True(t, strings.Contains(string(readme), block),
		"README.md's short library example is not Example_file's; copy it over:\n%s", block)
}
