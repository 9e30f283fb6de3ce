package app

import (
	"bytes"
	"math"
	"sync"
	"sync/atomic"
)

// poolSize says how items travel through inOrder. A batch is a run of consecutive items
// handed to one worker at once: at most batch items, and it ends early once the items read
// into it hold batchBytes of input (as next counts them), so that a batch of long items does
// not keep a long stretch of the input, and of the output, in memory until it is emitted.
// batchBytes 0 is no bound. While the output made and not yet emitted holds more than budget
// bytes, no batch is read: a run on many workers holds about what a run on one holds,
// however large each output is. A worker works the items of a batch run at a time: at most
// run consecutive items (1 when run is 0) in one call, so that it may take them through its
// steps together (see gameWorker); a run ends early once its items hold runBytes of input
// (0: no bound).
type poolSize struct {
	batch, batchBytes, budget, run, runBytes int
}

// runWork is a worker's work: it makes the output of each of items, a run of consecutive
// items in input order, appending it to text and where it ends in text to ends, which it
// returns. It may leave in the items what emit needs besides.
type runWork[T any] func(items []T, text *bytes.Buffer, ends []int) []int

// byItem is the runWork of the workers that newWork makes, each working one item at a time:
// work appends the item's output to text.
func byItem[T any](newWork func() func(it *T, text *bytes.Buffer)) func() runWork[T] {
	return func() runWork[T] {
		work := newWork()
		return func(items []T, text *bytes.Buffer, ends []int) []int {
			for k := range items {
				work(&items[k], text)
				ends = append(ends, text.Len())
			}
			return ends
		}
	}
}

// inOrder is the one ordered worker pool of the commands. next reads the items one after
// the other into the item it is given (overwriting all of it), and says how many bytes of
// input the item holds, or false at the end. Each of jobs workers has its own state, the
// function newWork gives it: its work makes the output of a run of items (runWork). emit
// receives the items and their output in the order next read them; it returns false to stop
// the run: no later item is emitted, worked on (but the run each worker is working on) or
// read. emit must not keep the item: it is reused.
//
// With one worker everything runs on the calling goroutine, with no hand-over at all: it
// reads a run (size.run items at most, size.runBytes of input), works it, and emits its
// items before it reads the next, so that the items may point into the worker's buffers
// for a run. With more, the items go in batches: each worker reads its next batch itself,
// holding next (reading is a small part of the work), and queues it before it lets go, so
// that the queue is in input order. When it has worked through a batch, it emits what is
// done at the head of the queue: its batch and those after it, done already, or nothing
// when an earlier batch is still being worked on (its worker emits it), or when another
// worker is emitting (which then emits this one too). No goroutine of its own reads or
// emits, and no worker waits for another to emit: no item waits for a goroutine to be run.
// Besides the budget, at most jobs+2 batches are in flight: a worker far ahead of a long
// item waits for a slot. emit is called by one worker at a time, never by two at once.
func inOrder[T any](jobs int, size poolSize, next func(*T) (int, bool), newWork func() runWork[T], emit func(*T, []byte) bool) {
	size.run = max(size.run, 1)
	if size.batchBytes <= 0 {
		size.batchBytes = math.MaxInt
	}
	if size.runBytes <= 0 {
		size.runBytes = math.MaxInt
	}
	if jobs <= 1 {
		oneWorker(size, next, newWork(), emit)
		return
	}
	p := &pool[T]{size: size, next: next, emit: emit, slots: jobs + 2}
	p.room = sync.NewCond(&p.mu)
	var running sync.WaitGroup
	for range jobs {
		running.Add(1)
		go func() {
			defer running.Done()
			work := newWork()
			for b := p.read(); b != nil; b = p.read() {
				for k := 0; k < len(b.items); {
					run := b.items[k:runEnd(size, b.sizes, k)]
					k += len(run)
					if p.stopped.Load() { // once emit said stop, nothing later is emitted
						for range run {
							b.ends = append(b.ends, b.text.Len())
						}
						continue
					}
					b.ends = work(run, &b.text, b.ends)
				}
				p.done(b)
			}
		}()
	}
	running.Wait()
}

// runEnd returns the end of the run of a batch's items that starts at k: at most size.run
// items, and no more once they hold size.runBytes of input (sizes, by item).
func runEnd(size poolSize, sizes []int, k int) int {
	end := min(k+size.run, len(sizes))
	for in := 0; k < end && in < size.runBytes; k++ {
		in += sizes[k]
	}
	return k
}

// oneWorker is inOrder on one worker: run by run, each read, worked and emitted.
func oneWorker[T any](size poolSize, next func(*T) (int, bool), work runWork[T], emit func(*T, []byte) bool) {
	items := make([]T, size.run)
	var text bytes.Buffer
	var ends []int
	for {
		n, ended := 0, false
		for in := 0; n < len(items) && in < size.runBytes; n++ {
			m, ok := next(&items[n])
			if !ok {
				ended = true
				break
			}
			in += m
		}
		if n == 0 {
			return
		}
		text.Reset()
		ends = work(items[:n], &text, ends[:0])
		from := 0
		for k := range n {
			if !emit(&items[k], text.Bytes()[from:ends[k]]) {
				return
			}
			from = ends[k]
		}
		if ended {
			return
		}
	}
}

// pool is the state of an inOrder run on several workers.
type pool[T any] struct {
	size  poolSize
	next  func(*T) (int, bool)
	emit  func(*T, []byte) bool
	slots int // batches in flight at most

	readMu  sync.Mutex      // next
	mu      sync.Mutex      // everything below but stopped
	room    *sync.Cond      // on mu: a batch was emitted
	writeMu sync.Mutex      // held by the worker emitting
	queue   []*poolBatch[T] // read and not emitted yet, in input order
	free    []*poolBatch[T] // emitted, for reuse
	flight  int             // batches read and not emitted yet, the one being emitted included
	held    int             // bytes of output of the batches done and not emitted yet
	ended   bool            // next said the input is over
	stopped atomic.Bool     // emit said stop
}

// poolBatch is a run of consecutive items and their output, recycled once it is emitted.
type poolBatch[T any] struct {
	items []T
	sizes []int        // the input each item holds, as next counts it
	text  bytes.Buffer // the output of the items, one after the other
	ends  []int        // where the output of each item ends in text
	ready bool         // worked through, to be emitted (mu)
}

// read fills the next batch and queues it; nil at the end of the input, or once emit said
// stop.
func (p *pool[T]) read() *poolBatch[T] {
	p.readMu.Lock()
	defer p.readMu.Unlock()
	p.mu.Lock()
	for !p.ended && !p.stopped.Load() && (p.flight >= p.slots || p.held > p.size.budget) {
		p.room.Wait()
	}
	if p.ended || p.stopped.Load() {
		p.mu.Unlock()
		return nil
	}
	var b *poolBatch[T]
	if n := len(p.free); n > 0 {
		b, p.free = p.free[n-1], p.free[:n-1]
	} else {
		b = &poolBatch[T]{items: make([]T, 0, p.size.batch)}
	}
	p.mu.Unlock()
	var zero T
	for in := 0; len(b.items) < p.size.batch && in < p.size.batchBytes; {
		b.items = append(b.items, zero)
		n, ok := p.next(&b.items[len(b.items)-1])
		if !ok {
			b.items = b.items[:len(b.items)-1]
			p.mu.Lock()
			p.ended = true
			p.mu.Unlock()
			break
		}
		in += n
		b.sizes = append(b.sizes, n)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(b.items) == 0 {
		p.free = append(p.free, b)
		return nil
	}
	p.queue = append(p.queue, b)
	p.flight++
	return b
}

// done marks b worked through and emits the batches done at the head of the queue, unless
// another worker is emitting: that one looks at the head again once it is done (after b is
// marked), and emits b then.
func (p *pool[T]) done(b *poolBatch[T]) {
	p.mu.Lock()
	b.ready = true
	p.held += b.text.Len()
	more := p.headDone()
	p.mu.Unlock()
	for more && p.writeMu.TryLock() {
		for {
			p.mu.Lock()
			if !p.headDone() {
				p.mu.Unlock()
				break
			}
			h := p.queue[0]
			p.queue = p.queue[1:]
			p.mu.Unlock()
			p.emitBatch(h)
			p.mu.Lock()
			p.held -= h.text.Len()
			p.flight--
			h.items, h.sizes, h.ends, h.ready = h.items[:0], h.sizes[:0], h.ends[:0], false
			h.text.Reset()
			p.free = append(p.free, h)
			p.room.Signal() // the one reader waiting, if any
			p.mu.Unlock()
		}
		p.writeMu.Unlock()
		p.mu.Lock()
		more = p.headDone()
		p.mu.Unlock()
	}
}

// headDone reports whether the batch at the head of the queue is worked through (mu).
func (p *pool[T]) headDone() bool {
	return len(p.queue) > 0 && p.queue[0].ready
}

// emitBatch emits the items of a batch taken from the head of the queue (writeMu), and
// drops them, for the collector.
func (p *pool[T]) emitBatch(b *poolBatch[T]) {
	text := b.text.Bytes()
	from := 0
	var zero T
	for k := range b.items {
		if !p.stopped.Load() && !p.emit(&b.items[k], text[from:b.ends[k]]) {
			p.stopped.Store(true)
		}
		from = b.ends[k]
		b.items[k] = zero
	}
}
