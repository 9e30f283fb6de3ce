package parse

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// textCorpus returns the text transcripts of the repository's testdata, by name.
func textCorpus(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tricks") {
			return err
		}
		b, err := os.ReadFile(p)
		out[p] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d transcripts under ../testdata", len(out))
	}
	return out
}

// TestGameBufferSameAsFresh: parsing game after game into one GameBuffer gives, for every
// game of the testdata transcripts (in one order and then in the reverse, so that large games
// leave their arrays to small ones and the reverse), exactly the game and the errors a parse
// into fresh memory gives: the same values, nil and empty lists alike, and the same
// canonical text.
func TestGameBufferSameAsFresh(t *testing.T) {
	corpus := textCorpus(t)
	names := make([]string, 0, len(corpus))
	for n := range corpus {
		names = append(names, n)
	}
	slices.Sort(names)
	var buf GameBuffer
	games := 0
	check := func(name string) {
		rd := NewReader(bytes.NewReader(corpus[name]), name, Text)
		for k := 1; ; k++ {
			var p Pending
			if err := rd.NextPending(&p); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, werr := p.Parse(nil)
			got, gerr := p.Parse(&buf)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s game %d: parsed into a reused buffer:\n%+v\nfresh:\n%+v", name, k, got, want)
			}
			if !reflect.DeepEqual(gerr, werr) {
				t.Fatalf("%s game %d: errors parsed into a reused buffer:\n%v\nfresh:\n%v", name, k, gerr, werr)
			}
			if got != nil {
				if a, b := string(AppendText(nil, got)), string(AppendText(nil, want)); a != b {
					t.Fatalf("%s game %d: canonical text parsed into a reused buffer:\n%s\nfresh:\n%s", name, k, a, b)
				}
				games++
			}
		}
	}
	for _, n := range names {
		check(n)
	}
	for _, n := range slices.Backward(names) {
		check(n)
	}
	if games == 0 {
		t.Fatal("no game parsed")
	}
}

// TestGameBufferNext: the games Next returns stay as they were while later games are parsed
// into a GameBuffer (Next never hands out a buffer's memory), and NextPending's text outlives
// the reader's buffer.
func TestGameBufferNext(t *testing.T) {
	src := corpusFile(t, "../testdata/examples/hearts.tricks")
	games, err := ParseBytes(src, "hearts.tricks")
	if err != nil {
		t.Fatal(err)
	}
	before := make([]string, len(games))
	for i, g := range games {
		before[i] = string(AppendText(nil, g))
	}
	var pend []Pending
	rd := NewReader(bytes.NewReader(src), "hearts.tricks", Text)
	for {
		var p Pending
		if err := rd.NextPending(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pend = append(pend, p)
	}
	var buf GameBuffer
	for i := len(pend) - 1; i >= 0; i-- { // parse last first, long after the reader went on
		g, err := pend[i].Parse(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(AppendText(nil, g)); got != before[i] {
			t.Fatalf("game %d parsed late into a buffer:\n%s\nwant:\n%s", i+1, got, before[i])
		}
	}
	for i, g := range games {
		if got := string(AppendText(nil, g)); got != before[i] {
			t.Fatalf("game %d of Next changed:\n%s\nwant:\n%s", i+1, got, before[i])
		}
	}
}

func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
