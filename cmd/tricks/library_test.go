package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// README:begin
// scoreFile checks and scores every game of a transcript file as `tricks score` does.
func scoreFile(path string) ([]*score.Result, error) {
	games, err := parse.ParseFile(path)
	if err != nil {
		return nil, err // syntax errors, with file:line:col
	}
	rules := rulesets.NewResolver(rulesets.Choice{}) // or rulesets.NewChoice("black-maria", []string{"moon=new"})
	var results []*score.Result
	for _, g := range games {
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
	return results, nil
}

// README:end

// TestReadmeLibrary: the README's "Use from Go" code is scoreFile above, to the letter, and it
// gives what `tricks score -f jsonl` prints for every shipped example.
func TestReadmeLibrary(t *testing.T) {
	self, err := os.ReadFile("library_test.go")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`(?s)// README:begin\n(.*?)\n// README:end`).FindSubmatch(self)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if code == nil || !bytes.Contains(readme, append(append([]byte("```go\n"), code[1]...), "\n```"...)) {
		t.Fatalf("README.md's \"Use from Go\" block is not scoreFile of library_test.go; copy it over")
	}

	files, err := filepath.Glob("../../testdata/examples/*.tricks")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped examples: %v", err)
	}
	for _, file := range files {
		results, err := scoreFile(file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var lib bytes.Buffer
		for _, r := range results {
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			lib.Write(b)
			lib.WriteByte('\n')
		}
		var cli, stderr bytes.Buffer
		if code := run([]string{"tricks", "score", "-f", "jsonl", file}, strings.NewReader(""), &cli, &stderr); code != 0 {
			t.Fatalf("%s: tricks score exit %d: %s", file, code, stderr.String())
		}
		if lib.String() != cli.String() {
			t.Errorf("%s: the library and tricks score differ:\nlibrary %s\ncli     %s", file, lib.String(), cli.String())
		}
	}
}
