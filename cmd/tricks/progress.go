package main

import (
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressDelay is how long a run goes before it shows progress: short runs stay quiet.
// progressEvery is how often the line is redrawn at most.
var (
	progressDelay = time.Second
	progressEvery = 200 * time.Millisecond
)

// progress shows how far a long batch run has come, on standard error, only when standard
// error is a terminal and standard output is not (so that it never mixes with a table).
// Where the total is known (the total size of the input files; simulate's -n) it shows the
// share done and the time left; otherwise the number of games and their rate.
type progress struct {
	gate  *gate
	total int64         // bytes or games in all; -1 when unknown
	read  *atomic.Int64 // bytes read so far, when the total is a size; nil: count games
	games int64
	start time.Time
	bar   *progressbar.ProgressBar // fed from the start (for its rates), drawn after progressDelay
	shown bool                     // a progress line is on the screen
}

// gate passes writes to the terminal once it is open.
type gate struct {
	w    io.Writer
	open bool
}

func (g *gate) Write(b []byte) (int, error) {
	if !g.open {
		return len(b), nil
	}
	return g.w.Write(b)
}

// newProgress returns a progress for a run of total units (-1: unknown), or nil where
// progress is not shown. With read, the units are bytes read so far, else games.
func (e *env) newProgress(total int64, read *atomic.Int64) *progress {
	if !isTerminal(e.stderr) || isTerminal(e.stdout) {
		return nil
	}
	p := &progress{gate: &gate{w: rawWriter(e.stderr)}, total: total, read: read, start: time.Now()}
	p.bar = p.newBar()
	return p
}

// inputSize is the total size of the files to read, -1 when it cannot be known beforehand
// (standard input, a pipe, a file that cannot be read).
func inputSize(files []string) int64 {
	var n int64
	for _, f := range files {
		if f == "-" {
			return -1
		}
		fi, err := os.Stat(f)
		if err != nil || !fi.Mode().IsRegular() {
			return -1
		}
		n += fi.Size()
	}
	return n
}

// tick records one more game.
func (p *progress) tick() {
	if p == nil {
		return
	}
	p.games++
	if !p.gate.open && time.Since(p.start) >= progressDelay {
		p.gate.open = true
	}
	p.shown = p.gate.open
	if p.read != nil && p.total > 0 {
		p.bar.Set64(min(p.read.Load(), p.total))
	} else {
		p.bar.Set64(p.games)
	}
}

func (p *progress) newBar() *progressbar.ProgressBar {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.gate),
		progressbar.OptionSetDescription("tricks:"),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(progressEvery),
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionSetPredictTime(p.total > 0),
		progressbar.OptionSpinnerType(14),
		// No spinner goroutine: the bar is drawn only from tick, on the goroutine that writes
		// the output, so it never races with the messages it makes room for.
		progressbar.OptionSetSpinnerChangeInterval(0),
		// Start the clock now (the blank bar goes to the closed gate), so that rates count
		// from the start of the run.
		progressbar.OptionSetRenderBlankState(true),
	}
	switch {
	case p.total <= 0:
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"))
		return progressbar.NewOptions64(-1, opts...)
	case p.read != nil:
		opts = append(opts, progressbar.OptionShowBytes(true))
	default:
		opts = append(opts, progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"))
	}
	return progressbar.NewOptions64(p.total, opts...)
}

// clear erases the progress line, if one is shown, so that a message starts its own line;
// the next tick draws it again.
func (p *progress) clear() {
	if p != nil && p.shown {
		p.bar.Clear()
		p.shown = false
	}
}

// done erases the progress line for good.
func (p *progress) done() {
	if p == nil {
		return
	}
	p.clear()
	p.bar.Exit()
}

// countingReader counts the bytes read through it, for the progress of a run.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}
