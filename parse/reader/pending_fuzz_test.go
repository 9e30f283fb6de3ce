package reader

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// FuzzPendingReuse: YAML and JSON games read ahead by NextPending (up to a few at a time,
// as the CLI's batches do) and parsed one by one into one GameBuffer are the games and
// errors Next gives in fresh memory, in the same order: the memory the direct readers hand
// on (directmem.go) is never reused while its game is still to be parsed.
func FuzzPendingReuse(f *testing.F) {
	for _, name := range yamlFiles(f) {
		src, err := os.ReadFile(name)
		require.NoError(f, err)
		if len(src) < 8192 {
			f.Add(append(append(append([]byte("---\n"), src...), "\n---\n"...), src...), uint8(2))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, ahead uint8) {
		type result struct {
			g   *parse.Game
			err string
		}
		var want []result
		rd := NewReader(bytes.NewReader(src), "f.yaml", parse.YAML)
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			want = append(want, result{g, fmt.Sprint(err)})
			if g == nil {
				break
			}
		}
		rd = NewReader(bytes.NewReader(src), "f.yaml", parse.YAML)
		var buf GameBuffer
		var queue []Pending
		k, eof := 0, false
		for {
			queue = readAhead(rd, queue, int(ahead%5), &eof)
			if len(queue) == 0 {
				break
			}
			g, err := queue[0].Parse(&buf)
			queue = queue[1:]
			if k >= len(want) {
				require.FailNowf(t, "more games", "NextPending gives more than the %d games of Next", len(want))
			}
			if fmt.Sprint(err) != want[k].err || !reflect.DeepEqual(g, want[k].g) {
				require.FailNowf(t, "a game differs", "game %d:\nread ahead: %v %v\nfresh:      %v %v", k+1, g, err, want[k].g, want[k].err)
			}
			k++
		}
		if k != len(want) {
			require.FailNowf(t, "fewer games", "NextPending gives %d games, Next %d", k, len(want))
		}
	})
}

// readAhead reads games with NextPending until queue holds more than n or the input ends
// (eof), as the CLI's batches read ahead of the games parsed; a read error is a Pending of
// its own, and ends the input.
func readAhead(rd *Reader, queue []Pending, n int, eof *bool) []Pending {
	for !*eof && len(queue) <= n {
		var p Pending
		if err := rd.NextPending(&p); errors.Is(err, io.EOF) {
			*eof = true
		} else if err != nil {
			queue = append(queue, Pending{err: err})
			*eof = true
		} else {
			queue = append(queue, p)
		}
	}
	return queue
}
