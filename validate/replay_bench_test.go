package validate_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// benchHearts4p is one 4-player Hearts game of 11 rounds with deals and passes.
const benchHearts4p = "../testdata/bench/hearts4p.tricks"

// loadBenchGame reads the benchmark game and resolves its ruleset as the CLI does.
func loadBenchGame(b *testing.B) (*parse.Game, *rulesets.Ruleset) {
	b.Helper()
	src, err := os.ReadFile(benchHearts4p)
	if err != nil {
		b.Fatal(err)
	}
	games, err := reader.ParseBytes(src, benchHearts4p)
	if err != nil {
		b.Fatal(err)
	}
	if len(games) != 1 {
		b.Fatalf("%s holds %d games, want 1", benchHearts4p, len(games))
	}
	return games[0], resolveRules(b, games[0])
}

// BenchmarkReplay replays one 4-player Hearts game with a reused Validator (one per
// goroutine, as the CLI's workers use it).
func BenchmarkReplay(b *testing.B) {
	g, rs := loadBenchGame(b)
	v := validate.New()
	if _, err := v.Replay(g, rs); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := v.Replay(g, rs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(g.Rounds)), "ns/round")
}

// BenchmarkReplayInto replays the same game into a reused Replay, as the CLI's pipeline
// does: no allocation once the Replay has room for the game (messages of violations aside).
func BenchmarkReplayInto(b *testing.B) {
	g, rs := loadBenchGame(b)
	v := validate.New()
	var rp validate.Replay
	if err := v.ReplayOwnInto(&rp, g, rs, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := v.ReplayOwnInto(&rp, g, rs, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(g.Rounds)), "ns/round")
}

// openSpielGlob names the OpenSpiel Hearts games of the shared examples: one round each,
// its passes but not its deal, so that the replay infers the hands from the play.
const openSpielGlob = "../../shared/examples/openspiel/hearts_*/*.tricks"

// BenchmarkReplayInferred replays the OpenSpiel Hearts games (hands inferred from the play)
// into a reused Replay with the slip search on, as `tricks validate` does.
func BenchmarkReplayInferred(b *testing.B) {
	files, _ := filepath.Glob(openSpielGlob)
	if len(files) == 0 {
		b.Skip("no OpenSpiel examples at " + openSpielGlob)
	}
	var games []*parse.Game
	var rules []*rulesets.Ruleset
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		gs, err := reader.ParseBytes(src, f)
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range gs {
			games, rules = append(games, g), append(rules, resolveRules(b, g))
		}
	}
	v := validate.New()
	v.Diagnose = true
	var rp validate.Replay
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i, g := range games {
			if err := v.ReplayOwnInto(&rp, g, rules[i], nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(games)), "ns/game")
}
