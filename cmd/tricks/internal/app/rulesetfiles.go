package app

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// rulesetKey is a top-level key that only ruleset files have (transcripts have game, players,
// options, meta, rounds).
var rulesetKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(family|extends)[ \t]*:`) }) // compiled when first used, not at start-up

// isRulesetFile reports whether a .yaml or .yml file found in a directory is a ruleset
// rather than a transcript: a line of its first 64 KiB starts with the key family: or
// extends:. Such files sit beside the games they are for (house.yaml) and are given with
// --ruleset; reading them as games would report every ruleset key as an error.
func isRulesetFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
	default:
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false // the pipeline reports what cannot be read
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 64<<10))
	for sc.Scan() {
		if rulesetKey().Match(sc.Bytes()) {
			return true
		}
	}
	return false
}

// skipRulesetFiles drops from files found in directories those that are rulesets, with a
// one-line note each on w.
func skipRulesetFiles(files []string, w io.Writer) []string {
	out := files[:0:0]
	for _, f := range files {
		if isRulesetFile(f) {
			io.WriteString(w, "tricks: "+displayText(f)+": a ruleset file, not a transcript: skipped (use it with --ruleset "+displayText(f)+")\n")
			continue
		}
		out = append(out, f)
	}
	return out
}
