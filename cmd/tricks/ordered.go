package main

// inOrder calls work on every item that produce yields, on jobs workers (each with the state
// that newWork gives it), and emit with the results in the order of the items. Items travel
// in batches of size, so that a worker's hand-over costs little next to the work; with one
// worker everything runs on the calling goroutine. At most a few batches are in flight, so
// memory stays bounded however many items there are.
func inOrder[In, Out any](jobs, size int, produce func(yield func(In)), newWork func() func(In) Out, emit func(Out)) {
	if jobs <= 1 {
		work := newWork()
		produce(func(in In) { emit(work(in)) })
		return
	}
	type batch struct {
		in   []In
		out  []Out
		done chan struct{}
	}
	todo := make(chan *batch, jobs)
	order := make(chan *batch, 2*jobs)
	for range jobs {
		go func() {
			work := newWork()
			for b := range todo {
				for _, in := range b.in {
					b.out = append(b.out, work(in))
				}
				close(b.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(todo)
		b := &batch{done: make(chan struct{})}
		send := func() {
			order <- b
			todo <- b
			b = &batch{done: make(chan struct{})}
		}
		produce(func(in In) {
			if b.in = append(b.in, in); len(b.in) == size {
				send()
			}
		})
		if len(b.in) > 0 {
			send()
		}
	}()
	for b := range order {
		<-b.done
		for _, out := range b.out {
			emit(out)
		}
	}
}
