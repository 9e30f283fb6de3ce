package main

import "sync"

// inOrder calls work on every item that produce yields, on jobs workers (each with the state
// that newWork gives it), and emit with the results in the order of the items; with one
// worker everything runs on the calling goroutine. Each item travels alone (an item here is
// heavy: a game replayed under every entry of compare). What is held in flight is bounded
// by bytes, not by items: cost tells what a result holds (the output rendered on the worker),
// and the producer waits while the results done but not yet emitted hold more than budget
// bytes. Beyond them, at most about three items per worker are in flight (queued, being
// worked on, waiting for the one before), so a run with many workers holds about what one
// worker's run holds, however large each result is and however many items there are.
func inOrder[In, Out any](jobs, budget int, produce func(yield func(In)), newWork func() func(In) Out, cost func(Out) int, emit func(Out)) {
	if jobs <= 1 {
		work := newWork()
		produce(func(in In) { emit(work(in)) })
		return
	}
	type item struct {
		in   In
		out  Out
		done chan struct{}
	}
	var (
		mu   sync.Mutex
		room = sync.NewCond(&mu)
		held int // bytes of the results done and not yet emitted
	)
	todo := make(chan *item, jobs)
	order := make(chan *item, jobs)
	for range jobs {
		go func() {
			work := newWork()
			for it := range todo {
				it.out = work(it.in)
				mu.Lock()
				held += cost(it.out)
				mu.Unlock()
				close(it.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(todo)
		produce(func(in In) {
			mu.Lock()
			for held > budget {
				room.Wait() // the emitter frees what it writes
			}
			mu.Unlock()
			it := &item{in: in, done: make(chan struct{})}
			order <- it
			todo <- it
		})
	}()
	for it := range order {
		<-it.done
		emit(it.out)
		mu.Lock()
		held -= cost(it.out)
		room.Broadcast()
		mu.Unlock()
		var zero Out
		it.out = zero // the emitted result is garbage now
	}
}
