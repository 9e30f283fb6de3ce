package score_test

import (
	"os"
	"testing"

	"github.com/tricks-dev/tricks/score"
)

// BenchmarkScore scores one replayed 4-player Hearts game (11 rounds, deals and passes).
func BenchmarkScore(b *testing.B) {
	src, err := os.ReadFile("../testdata/bench/hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	rp := game(b, string(src))
	if res := score.Score(rp); len(res.Rounds) != len(rp.Rounds) {
		b.Fatalf("scored %d of %d rounds", len(res.Rounds), len(rp.Rounds))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		score.Score(rp)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(rp.Rounds)), "ns/round")
}

// BenchmarkScorer scores the same replay with a reused Scorer, as the CLI's pipeline does.
func BenchmarkScorer(b *testing.B) {
	src, err := os.ReadFile("../testdata/bench/hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	rp := game(b, string(src))
	var sc score.Scorer
	if res := sc.Score(rp); len(res.Rounds) != len(rp.Rounds) {
		b.Fatalf("scored %d of %d rounds", len(res.Rounds), len(rp.Rounds))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sc.Score(rp)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(rp.Rounds)), "ns/round")
}
