package reader

import (
	"bytes"
	"os"
	"testing"

	"github.com/tricks-dev/tricks/parse"
)

func benchInput(b *testing.B, name string) []byte {
	src, err := os.ReadFile("../../testdata/bench/" + name)
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

func benchParse(b *testing.B, name string, format parse.Format) {
	benchParseOpts(b, name, format, options{})
}

func benchParseOpts(b *testing.B, name string, format parse.Format, opts options) {
	src := benchInput(b, name)
	nr := rounds(b, src, name)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := newReader(bytes.NewReader(src), name, format, opts)
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
func BenchmarkParseText(b *testing.B) { benchParse(b, "hearts4p.tricks", parse.Text) }

// The same game in YAML (the fast reader of yamlfast.go).
func BenchmarkParseYAML(b *testing.B) { benchParse(b, "hearts4p.yaml", parse.YAML) }

// The same YAML through yaml.v3 alone: what it costs without the fast reader.
func BenchmarkParseYAMLViaYAMLv3(b *testing.B) {
	benchParseOpts(b, "hearts4p.yaml", parse.YAML, options{noFast: true})
}

// oneHandGames is n copies of the first round of the benchmark game (deals, passes and 13
// tricks at a table of four) as games of their own: the single-hand games of the pipeline's
// benchmarks.
func oneHandGames(b *testing.B, n int) []byte {
	src := benchInput(b, "hearts4p.tricks")
	second := bytes.Index(src, []byte("\nround"))
	second += 1 + bytes.Index(src[second+1:], []byte("\nround"))
	game := append(src[:second+1:second+1], "---\n"...)
	return bytes.Repeat(game, n)
}

// benchPending reads the games of src with NextPending and parses each into one reused
// GameBuffer, as a pipeline worker does; it reports the cost per game.
func benchPending(b *testing.B, src []byte, name string) {
	games := 0
	var buf GameBuffer
	parseAll := func() {
		r := NewReader(bytes.NewReader(src), name, parse.Text)
		var p Pending
		for r.NextPending(&p) == nil {
			if _, err := p.Parse(&buf); err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	parseAll()
	n := games
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		parseAll()
	}
	b.StopTimer()
	per := float64(b.N) * float64(n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/game")
	b.ReportMetric(float64(testing.AllocsPerRun(1, parseAll))/float64(n), "allocs/game")
}

// The benchmark game of 17 rounds, parsed into a reused GameBuffer.
func BenchmarkParseTextReuse(b *testing.B) {
	benchPending(b, benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
}

// 2,000 single-hand games (about 740 bytes each) parsed one after another into a reused
// GameBuffer: the parsing a pipeline worker does per game.
func BenchmarkParseTextOneHand(b *testing.B) {
	benchPending(b, oneHandGames(b, 2000), "one-hand.tricks")
}
