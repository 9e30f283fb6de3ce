package main

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// inOrder keeps the input order, and what it holds in flight is bounded by bytes: while the
// first item is stuck on its worker, the others finish behind it, but the producer stops
// once the results waiting hold more than the budget, so that a run on many workers holds
// about what a run on one does (compare's -j 2 held every result of 16-game batches).
func TestInOrderBoundsBytesInFlight(t *testing.T) {
	const (
		jobs   = 2
		items  = 400
		cost   = 1000
		budget = 4 * cost
	)
	var yielded, alive, maxAlive atomic.Int64
	produce := func(yield func(int)) {
		for i := range items {
			yielded.Add(1)
			yield(i)
		}
	}
	newWork := func() func(int) int {
		return func(i int) int {
			if i == 0 {
				// The head is slow: let the producer and the other worker run ahead as far
				// as they may (a bounded wait: with the bound, they stop early).
				for k := 0; k < 20000 && yielded.Load() < items; k++ {
					runtime.Gosched()
				}
			}
			n := alive.Add(1)
			for m := maxAlive.Load(); n > m && !maxAlive.CompareAndSwap(m, n); m = maxAlive.Load() {
			}
			return i
		}
	}
	var got []int
	inOrder(jobs, budget, produce, newWork, func(int) int { return cost }, func(i int) {
		alive.Add(-1)
		got = append(got, i)
	})
	for i, v := range got {
		if v != i {
			t.Fatalf("result %d is item %d: the order is lost", i, v)
		}
	}
	if len(got) != items {
		t.Fatalf("%d results, want %d", len(got), items)
	}
	// The results waiting: the budget's worth, and those sent before the producer saw it
	// (the queues hold a few items per worker).
	if bound := int64(budget/cost + 3*jobs + 2); maxAlive.Load() > bound {
		t.Errorf("%d results held at once, want at most %d", maxAlive.Load(), bound)
	}
}
