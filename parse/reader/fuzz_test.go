package reader

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// fuzzSeeds adds a few transcripts of the given extension as seeds (claims among them).
func fuzzSeeds(f *testing.F, ext string) {
	for _, dir := range []string{badDir, "../../testdata/bench", "testdata/text"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
		for _, p := range files {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	for _, p := range []string{"_handwritten/reset-and-ties", "_handwritten/spades-scoring", "_handwritten/score-sheet",
		"_handwritten/rk36-moon", "rickety-kate/4p/g002", "openspiel/hearts_default/g001", "sheets/claims/c003"} {
		for _, name := range []string{p + ext, p + ".yaml-twin" + ext} {
			if src, err := os.ReadFile(filepath.Join(examplesDir, name)); err == nil {
				f.Add(src)
			}
		}
	}
}

// fuzzOne reads every game of src: no panic, every error positioned, and every game
// read without error round-trips through both spellings.
func fuzzOne(t *testing.T, src []byte, name string, format parse.Format) {
	r := NewReader(bytes.NewReader(src), name, format)
	for k := 0; k < 10000; k++ {
		g, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			var list parse.ErrorList
			require.ErrorAs(t, err, &list)
			for _, e := range list {
				if e.Pos.File != name || e.Pos.Line < 1 || e.Pos.Col < 0 {
					require.FailNowf(t, "badly positioned error", "%q", e.Error())
				}
			}
			continue
		}
		checkRoundTrip(t, g)
	}
	require.FailNow(t, "Next did not reach EOF")
}

func FuzzParseText(f *testing.F) {
	fuzzSeeds(f, ".tricks")
	f.Add([]byte("players a \"b c\"\noption k=\"v\\\"w\" x=\\\nround dealer=a tiebreak a\ntrick a: 2C\n---\nplayers x\n"))
	f.Add([]byte("players a \"b c\"\nround\ntrick 2C 3C\nclaim \"b c\"\nclaim a\n---\nplayers a b\nclaim a=1, \"b\"=2 # c\nround\nclaim a\n"))
	var buf GameBuffer // one for all inputs: each game leaves its arrays to the next
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzOne(t, src, "fuzz.tricks", parse.Text)
		checkFastPath(t, src, "fuzz.tricks", &buf) // fast path = general statements = reused buffer
	})
}

func FuzzParseYAML(f *testing.F) {
	fuzzSeeds(f, ".yaml")
	f.Add([]byte(`{"players": ["a", "b"], "rounds": [{"tricks": [{"a": ["2C", "3C"]}]}]}`))
	for _, name := range []string{"testdata/yaml/claims.yaml", "testdata/yaml/claims-errors.yaml"} {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) { fuzzOne(t, src, "fuzz.yaml", parse.YAML) })
}
