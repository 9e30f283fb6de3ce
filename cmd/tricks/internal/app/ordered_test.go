package app

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counter is next for inOrder over the items 0..n-1, each holding size bytes of input; it
// counts its calls in calls, when not nil.
func counter(n, size int, calls *atomic.Int64) func(*int) (int, bool) {
	i := 0
	return func(it *int) (int, bool) {
		if calls != nil {
			calls.Add(1)
		}
		if i == n {
			return 0, false
		}
		*it = i
		i++
		return size, true
	}
}

// inOrder emits every item once, in input order, with the output its worker made of it,
// whatever the number of workers and the size of the batches (ended by count or by bytes);
// each worker has its own state.
func TestInOrderKeepsTheOrder(t *testing.T) {
	const items = 1000
	for _, jobs := range []int{1, 2, 5} {
		for _, size := range []poolSize{{batch: 1}, {batch: 7}, {batch: 256, batchBytes: 50}} {
			var workers atomic.Int64
			newWork := func() func(*int, *bytes.Buffer) {
				workers.Add(1)
				var digits []byte // this worker's own: no other goroutine touches it
				return func(it *int, text *bytes.Buffer) {
					digits = strconv.AppendInt(digits[:0], int64(*it*3), 10)
					text.Write(digits)
					if *it%10 == 0 {
						runtime.Gosched() // some items take longer
					}
				}
			}
			var got []int
			var texts []string
			inOrder(jobs, size, counter(items, 10, nil), byItem(newWork), func(it *int, text []byte) bool {
				got = append(got, *it)
				texts = append(texts, string(text))
				return true
			})
			require.Len(t, got, items, "-j %d %+v", jobs, size)
			for i := range got {
				require.Equal(t, i, got[i], "-j %d %+v: item %d emitted in its place", jobs, size, i)
				require.Equal(t, strconv.Itoa(i*3), texts[i], "-j %d %+v: the output of item %d", jobs, size, i)
			}
			assert.Equal(t, int64(jobs), workers.Load(), "-j %d %+v: one state per worker", jobs, size)
		}
	}
}

// inOrder hands a worker runs of consecutive items, at most size.run (one when 0), within a
// batch, and ending once they hold runBytes of input, and emits every item once, in input
// order, with the output the run's work made of it.
func TestInOrderRuns(t *testing.T) {
	const items = 1000
	for _, jobs := range []int{1, 2, 5} {
		for _, size := range []poolSize{{batch: 7}, {batch: 7, run: 3}, {batch: 256, batchBytes: 50, run: 16}, {batch: 256, run: 16}, {batch: 256, run: 16, runBytes: 35}} {
			var bad atomic.Int64 // runs out of order or too long
			newWork := func() runWork[int] {
				return func(run []int, text *bytes.Buffer, ends []int) []int {
					if len(run) == 0 || len(run) > max(size.run, 1) || size.runBytes > 0 && (len(run)-1)*10 >= size.runBytes {
						bad.Add(1)
					}
					for k := range run {
						if run[k] != run[0]+k {
							bad.Add(1)
						}
						text.WriteString(strconv.Itoa(run[k]*3) + "/" + strconv.Itoa(len(run)))
						ends = append(ends, text.Len())
					}
					return ends
				}
			}
			var got []int
			long := 0 // items worked in a run of more than one
			inOrder(jobs, size, counter(items, 10, nil), newWork, func(it *int, text []byte) bool {
				got = append(got, *it)
				i, n, _ := strings.Cut(string(text), "/")
				require.Equal(t, strconv.Itoa(*it*3), i, "-j %d %+v: the output of item %d", jobs, size, *it)
				if n != "1" {
					long++
				}
				return true
			})
			require.Len(t, got, items, "-j %d %+v", jobs, size)
			for i := range got {
				require.Equal(t, i, got[i], "-j %d %+v: item %d emitted in its place", jobs, size, i)
			}
			assert.Zero(t, bad.Load(), "-j %d %+v: runs out of order, or too long", jobs, size)
			if size.run > 1 {
				assert.Positive(t, long, "-j %d %+v: no run of more than one item", jobs, size)
			} else {
				assert.Zero(t, long, "-j %d %+v: runs of more than one item", jobs, size)
			}
		}
	}
}

// inOrder stops when emit says so: no item after it is emitted, and reading stops, with
// items worked one at a time or in runs.
func TestInOrderStops(t *testing.T) {
	const items, stop = 100000, 500
	for _, jobs := range []int{1, 3} {
		for _, run := range []int{0, 16} {
			var read atomic.Int64
			newWork := func() func(*int, *bytes.Buffer) { return func(*int, *bytes.Buffer) {} }
			var got []int
			inOrder(jobs, poolSize{batch: 16, budget: 1 << 20, run: run}, counter(items, 0, &read), byItem(newWork), func(it *int, _ []byte) bool {
				got = append(got, *it)
				return *it < stop
			})
			require.Len(t, got, stop+1, "-j %d run %d: emitted after the stop", jobs, run)
			assert.Equal(t, stop, got[stop], "-j %d run %d", jobs, run)
			// Those read already when the stop came: at most the batches in flight.
			assert.Less(t, read.Load(), int64(stop+1+(jobs+3)*16), "-j %d run %d: reading went on after the stop", jobs, run)
		}
	}
}

// inOrder's hold in flight is bounded by bytes: while the first item is stuck on its
// worker, the others finish behind it, but no more are read once their output waiting
// holds more than the budget, so that a run on many workers holds about what a run on one
// does, however large each output is (compare's -j 2 once held every result of 16-game
// batches). Here the budget is less than one output: besides the stuck head, the other
// worker finishes one item and waits, where the slots for batches in flight alone would let
// it finish three.
func TestInOrderBoundsBytesInFlight(t *testing.T) {
	const (
		jobs   = 2
		items  = 400
		cost   = 1000
		budget = cost / 2
	)
	var yielded, alive, maxAlive atomic.Int64
	newWork := func() func(*int, *bytes.Buffer) {
		return func(it *int, text *bytes.Buffer) {
			if *it == 0 {
				// The head is slow: let the other worker run ahead as far as it may (a
				// bounded wait: with the bound, it stops early).
				for k := 0; k < 20000 && yielded.Load() < jobs+2; k++ {
					runtime.Gosched()
				}
			}
			text.Write(make([]byte, cost))
			n := alive.Add(1)
			for m := maxAlive.Load(); n > m && !maxAlive.CompareAndSwap(m, n); m = maxAlive.Load() {
			}
		}
	}
	var got []int
	inOrder(jobs, poolSize{batch: 1, budget: budget}, counter(items, 0, &yielded), byItem(newWork), func(it *int, text []byte) bool {
		alive.Add(-1)
		got = append(got, *it)
		return len(text) == cost
	})
	require.Len(t, got, items)
	for i, v := range got {
		require.Equal(t, i, v, "result %d is item %d: the order is lost", i, v)
	}
	assert.LessOrEqual(t, maxAlive.Load(), int64(budget/cost+jobs), "outputs held at once")
}
