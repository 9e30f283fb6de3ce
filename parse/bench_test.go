package parse

import (
	"bytes"
	"os"
	"testing"
)

func benchInput(b *testing.B, name string) []byte {
	src, err := os.ReadFile("../testdata/bench/" + name)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// rounds counts the rounds of the games in src, for the per-round figure.
func rounds(b *testing.B, src []byte, name string) int {
	games, err := ParseBytes(src, name)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, g := range games {
		n += len(g.Rounds)
	}
	return n
}

func benchParse(b *testing.B, name string, format Format) {
	src := benchInput(b, name)
	nr := rounds(b, src, name)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := NewReader(bytes.NewReader(src), name, format)
		for {
			g, err := r.Next()
			if g == nil {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nr), "ns/round")
}

// One 4-player Hearts game of 17 rounds with deals, passes and all tricks.
func BenchmarkParseText(b *testing.B) { benchParse(b, "hearts4p.tricks", Text) }

// The same game in YAML.
func BenchmarkParseYAML(b *testing.B) { benchParse(b, "hearts4p.yaml", YAML) }

func BenchmarkWriteText(b *testing.B) {
	games, err := ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
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
	games, err := ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
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
