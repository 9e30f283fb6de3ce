package score_test

import (
	"os"
	"testing"

	"github.com/tricks-dev/tricks/score"
)

// BenchmarkAppendJSON writes the result of one scored 4-player Hearts game (11 rounds), as
// score -f jsonl writes each game.
func BenchmarkAppendJSON(b *testing.B) {
	src, err := os.ReadFile("../testdata/bench/hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	res := score.Score(game(b, string(src)))
	buf := res.AppendJSON(nil)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = res.AppendJSON(buf[:0])
	}
}
