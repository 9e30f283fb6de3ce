package reader

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// recycleCorpus is the testdata transcripts that are text, each game apart, in turn until
// there are n bytes: games of every shape, one after the other, each unlike the last.
func recycleCorpus(t *testing.T, n int) []byte {
	corpus := textCorpus(t)
	names := make([]string, 0, len(corpus))
	for name, b := range corpus {
		if bytes.IndexByte(b, 0) < 0 && utf8.Valid(b) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var src bytes.Buffer
	for k := 0; src.Len() < n; k++ {
		src.Write(corpus[names[(k*7)%len(names)]]) // (7: a stride that visits them all)
		src.WriteString("\n---\n")
	}
	return src.Bytes()
}

// TestReleasedInputIsReused: a reader whose games are released (Pending.Release) once they
// are parsed and done with reads later input into the buffers of those games, and the games
// still parsed are exactly those of a fresh read: the games in flight (up to 1,500 read
// ahead of the one parsed, about 600 KB, as in a pipeline's batches), the players and option
// lines a GameBuffer keeps from game to game (lineCache), and the errors. Buffers are filled
// with 0xFF before they are reused (options.poison), so that a string of a released game still
// in use reads as something else.
func TestReleasedInputIsReused(t *testing.T) {
	src := recycleCorpus(t, 16*readBlock)
	want, wantErr := ParseBytes(src, "many.tricks")
	var wantText []string
	for _, g := range want {
		wantText = append(wantText, string(writer.AppendText(nil, g)))
	}
	for _, ahead := range []int{0, 1, 40, 1500} {
		rd := newReader(bytes.NewReader(src), "many.tricks", parse.Text, options{poison: true})
		var buf GameBuffer
		var queue []Pending
		var errs parse.ErrorList
		bufs := map[*byte]bool{} // the buffers of readBlock bytes read into
		k, eof := 0, false
		for {
			for !eof && len(queue) <= ahead {
				var p Pending
				if err := rd.NextPending(&p); err != nil {
					require.ErrorIs(t, err, io.EOF)
					eof = true
					break
				}
				if len(rd.lb.buf) == readBlock {
					bufs[&rd.lb.buf[0]] = true
				}
				queue = append(queue, p)
			}
			if len(queue) == 0 {
				break
			}
			g, err := queue[0].Parse(&buf)
			if list, ok := err.(parse.ErrorList); ok {
				errs = append(errs, list...)
			}
			if g != nil {
				require.Less(t, k, len(want), "ahead %d: more games than a fresh read", ahead)
				require.Equal(t, wantText[k], string(writer.AppendText(nil, g)), "ahead %d: game %d", ahead, k+1)
				k++
			}
			queue[0].Release()
			queue = queue[1:]
		}
		require.Equal(t, len(want), k, "ahead %d: games", ahead)
		require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(errs.Err()), "ahead %d: errors", ahead)
		// The first reads are smaller (initialBuffer, doubling), then each new buffer is a
		// block: those of the games in flight and two or three more, reused, not one for
		// each block of the input.
		inFlight := ahead * len(src) / len(want) / readBlock
		require.LessOrEqual(t, len(bufs), inFlight+4, "ahead %d: %d buffers for %d blocks of input: not reused", ahead, len(bufs), len(src)/readBlock)
	}
}

// TestUnreleasedInputIsKept: without Release a reader never reads into a buffer it handed
// out strings of, and keeps none of them itself (they are the collector's).
func TestUnreleasedInputIsKept(t *testing.T) {
	src := recycleCorpus(t, 4*readBlock)
	rd := NewReader(bytes.NewReader(src), "many.tricks", parse.Text)
	bufs := map[*byte]bool{}
	n := 0
	for {
		var p Pending
		if err := rd.NextPending(&p); err != nil {
			require.ErrorIs(t, err, io.EOF)
			break
		}
		if !bufs[&rd.lb.buf[0]] {
			bufs[&rd.lb.buf[0]] = true
			n++
		}
		require.Empty(t, rd.lb.retired)
	}
	require.Equal(t, n, len(bufs))
	require.GreaterOrEqual(t, n, 4, "a new buffer for each block")
}

// TestLineCacheKeepsCopies: the players and option lines a GameBuffer keeps from game to
// game are copies: a game that takes its names and options from there (the same lines as
// the last game's) keeps them when the reader's buffer, with the last game's text, is read
// over (Pending.Release), as a worker's game still being checked must.
func TestLineCacheKeepsCopies(t *testing.T) {
	one := "game hearts\nplayers ann bob cat dan\noption moon=new pass=left\n\nround\ntrick ann: 2C 3C 4C 5C\n"
	rd := NewReader(bytes.NewReader([]byte(one+"---\n"+one)), "g.tricks", parse.Text)
	var buf GameBuffer
	var p Pending
	for k := 0; k < 2; k++ {
		require.NoError(t, rd.NextPending(&p))
		_, err := p.Parse(&buf)
		require.NoError(t, err)
	}
	g, err := p.Parse(&buf)
	require.NoError(t, err)
	for i := range rd.lb.buf {
		rd.lb.buf[i] = 'x' // the reader's buffer read over
	}
	require.Equal(t, []string{"ann", "bob", "cat", "dan"}, g.Players)
	require.Len(t, g.Options, 2)
	require.Equal(t, parse.KV{Key: "moon", Value: "new", Pos: parse.Pos{File: "g.tricks", Line: 10, Col: 8}}, g.Options[0])
	require.Equal(t, "pass", g.Options[1].Key)
	require.Equal(t, "left", g.Options[1].Value)
}

// FuzzRelease: a text input, repeated until the reader has gone through several buffers,
// read with NextPending, parsed into one GameBuffer up to 1,500 games behind the reader and
// released once parsed, with reused buffers poisoned, gives the games and errors of a fresh
// read (Next), in order. As a test (not fuzzing), one seed in three runs by default, chosen
// by its checksum; TRICKS_EXHAUSTIVE=1 (a step of .ci/run of its own) runs them all.
func FuzzRelease(f *testing.F) {
	fuzzSeeds(f, ".tricks")
	sample := os.Getenv("TRICKS_EXHAUSTIVE") == "" && flag.Lookup("test.fuzz").Value.String() == ""
	f.Fuzz(func(t *testing.T, one []byte) {
		if len(one) == 0 || len(one) > 64<<10 {
			return
		}
		if sample && crc32.ChecksumIEEE(one)%3 != 0 {
			t.Skip("one seed in three by default; TRICKS_EXHAUSTIVE=1 runs them all")
		}
		lag := len(one) * 37 % 1500
		var b bytes.Buffer
		for b.Len() < 3*readBlock {
			b.Write(one)
			b.WriteString("\n---\n")
		}
		src := b.Bytes()
		type result struct{ text, err string }
		var want []result
		rd := NewReader(bytes.NewReader(src), "f.tricks", parse.Text)
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			r := result{err: fmt.Sprint(err)}
			if g != nil {
				r.text = string(writer.AppendText(nil, g))
			}
			want = append(want, r)
			if g == nil && !isErrorList(err) {
				break
			}
		}
		rd = newReader(bytes.NewReader(src), "f.tricks", parse.Text, options{poison: true})
		var buf GameBuffer
		var queue []Pending
		k, eof := 0, false
		for {
			queue = readAhead(rd, queue, lag, &eof)
			if len(queue) == 0 {
				break
			}
			g, err := queue[0].Parse(&buf)
			r := result{err: fmt.Sprint(err)}
			if g != nil {
				r.text = string(writer.AppendText(nil, g))
			}
			if k >= len(want) || r != want[k] {
				require.FailNowf(t, "a game differs", "game %d of %d (lag %d):\nreleased: %+v", k+1, len(want), lag, r)
			}
			queue[0].Release()
			queue = queue[1:]
			k++
		}
		require.Equal(t, len(want), k, "games")
	})
}
