package app

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"testing"
)

// benchCorpus is the text of n single-hand 4-player Hearts games with their deals and
// passes, as `tricks simulate` writes them.
func benchCorpus(b *testing.B, n int) []byte {
	b.Helper()
	var out, errb bytes.Buffer
	args := []string{"tricks", "simulate", "-r", "hearts", "-o", "end=rounds", "-o", "rounds=1",
		"--with-deal", "-n", strconv.Itoa(n), "--seed", "1", "-j", "1"}
	if code := run(args, nil, &out, &errb); code != 0 {
		b.Fatalf("simulate: exit %d: %s", code, errb.String())
	}
	return out.Bytes()
}

// benchPipeline runs one command over a corpus of single-hand games per iteration, and
// reports the cost per game: time, allocations and bytes allocated (amortized over the
// corpus, so that the per-run set-up counts for little).
func benchPipeline(b *testing.B, src []byte, games int, args ...string) {
	b.Helper()
	args = append([]string{"tricks"}, args...)
	args = append(args, "-")
	if code := run(args, bytes.NewReader(src), io.Discard, io.Discard); code != 0 {
		b.Fatalf("%v: exit %d", args, code)
	}
	b.SetBytes(int64(len(src)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for b.Loop() {
		run(args, bytes.NewReader(src), io.Discard, io.Discard)
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	per := float64(b.N) * float64(games)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/game")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/game")
	b.ReportMetric(per/b.Elapsed().Seconds(), "games/s")
}

const benchGames = 2000

// oneHand is the first of the single-hand games that has no tie-break, n times.
func oneHand(b *testing.B, n int) []byte {
	games := bytes.Split(benchCorpus(b, 20), []byte("---\n"))
	for _, g := range games {
		if bytes.Count(g, []byte("\nround")) == 1 {
			return bytes.Repeat(append(g, "---\n"...), n)
		}
	}
	b.Fatal("every game has a tie-break")
	return nil
}

// BenchmarkPipelineOneHand is `tricks validate -j 1 -q` on one single-hand game without a
// tie-break, repeated: the per-game cost of the whole pipeline, amortized over the run.
func BenchmarkPipelineOneHand(b *testing.B) {
	benchPipeline(b, oneHand(b, benchGames), benchGames, "validate", "-j", "1", "-q")
}

// BenchmarkPipelineValidate is `tricks validate -j 1 -q` on single-hand games.
func BenchmarkPipelineValidate(b *testing.B) {
	benchPipeline(b, benchCorpus(b, benchGames), benchGames, "validate", "-j", "1", "-q")
}

// BenchmarkPipelineValidateInferred is `tricks validate -j 1 -q` on single-hand games without
// their deals, as game servers and other engines record them: the hands are inferred from the
// play.
func BenchmarkPipelineValidateInferred(b *testing.B) {
	src := simulated(b, "-r", "hearts", "-o", "end=rounds", "-o", "rounds=1", "-n", strconv.Itoa(benchGames))
	benchPipeline(b, src, benchGames, "validate", "-j", "1", "-q")
}

// BenchmarkPipelineSpades is `tricks validate -j 1 -q` on whole Spades partnership games
// (many rounds each, no deals): the other family's rules and scoring.
func BenchmarkPipelineSpades(b *testing.B) {
	const games = benchGames / 10
	src := simulated(b, "-r", "spades-partnership", "-n", strconv.Itoa(games))
	benchPipeline(b, src, games, "validate", "-j", "1", "-q")
}

// simulated is the text `tricks simulate` writes with args (seed 1, one worker).
func simulated(b *testing.B, args ...string) []byte {
	b.Helper()
	var out, errb bytes.Buffer
	args = append(append([]string{"tricks", "simulate"}, args...), "--seed", "1", "-j", "1")
	if code := run(args, nil, &out, &errb); code != 0 {
		b.Fatalf("simulate: exit %d: %s", code, errb.String())
	}
	return out.Bytes()
}

// BenchmarkPipelineValidateYAML is `tricks validate -j 1 -q` on the single-hand games as
// YAML (`tricks convert -f yaml`): with BenchmarkPipelineValidate, the cost of the YAML front
// end over text's.
func BenchmarkPipelineValidateYAML(b *testing.B) {
	var yml, errb bytes.Buffer
	if code := run([]string{"tricks", "convert", "-f", "yaml", "-"}, bytes.NewReader(benchCorpus(b, benchGames)), &yml, &errb); code != 0 {
		b.Fatalf("convert: exit %d: %s", code, errb.String())
	}
	benchPipeline(b, yml.Bytes(), benchGames, "validate", "-j", "1", "-q")
}

// BenchmarkPipelineScoreJSONL is `tricks score -f jsonl -j 1` on single-hand games.
func BenchmarkPipelineScoreJSONL(b *testing.B) {
	benchPipeline(b, benchCorpus(b, benchGames), benchGames, "score", "-f", "jsonl", "-j", "1")
}

// BenchmarkPipelineSimulate is `tricks simulate -j 1` of single-hand games.
func BenchmarkPipelineSimulate(b *testing.B) {
	args := []string{"tricks", "simulate", "-r", "hearts", "-o", "end=rounds", "-o", "rounds=1",
		"--with-deal", "-n", strconv.Itoa(benchGames), "--seed", "1", "-j", "1"}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if code := run(args, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("simulate: exit %d", code)
		}
	}
	runtime.ReadMemStats(&after)
	per := float64(b.N) * benchGames
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/game")
	b.ReportMetric(per/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPipelineValidateJ2 is `tricks validate -j 2 -q` on single-hand games: with
// BenchmarkPipelineValidate, what the hand-over between the reader and two workers costs
// (compare the CPU time per game, not the wall time, on a shared machine).
func BenchmarkPipelineValidateJ2(b *testing.B) {
	benchPipeline(b, benchCorpus(b, 10*benchGames), 10*benchGames, "validate", "-j", "2", "-q")
}

// BenchmarkPipelineScoreJSONLJ2 is `tricks score -f jsonl -j 2` on single-hand games: with
// BenchmarkPipelineScoreJSONL, what -j 2 costs when every game is written.
func BenchmarkPipelineScoreJSONLJ2(b *testing.B) {
	benchPipeline(b, benchCorpus(b, 10*benchGames), 10*benchGames, "score", "-f", "jsonl", "-j", "2")
}
