package writer

import (
	"os"
	"testing"

	"github.com/tricks-dev/tricks/parse/reader"
)

func benchInput(b *testing.B, name string) []byte {
	src, err := os.ReadFile("../../testdata/bench/" + name)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

func BenchmarkWriteText(b *testing.B) {
	games, err := reader.ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = AppendText(buf[:0], games[0])
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkWriteYAML(b *testing.B) {
	games, err := reader.ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = AppendYAML(buf[:0], games[0])
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkWriteJSON(b *testing.B) {
	games, err := reader.ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = AppendJSON(buf[:0], games[0])
	}
	b.SetBytes(int64(len(buf)))
}
