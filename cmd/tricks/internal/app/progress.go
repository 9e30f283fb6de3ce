package app

import (
	"io"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

// progressDelay is how long a run goes before it shows progress: short runs stay quiet.
// progressEvery is how often the line is redrawn at most.
const (
	progressDelay = time.Second
	progressEvery = 200 * time.Millisecond
)

// progressPace is when a progress line shows first (delay) and how often it is redrawn at
// most (every).
type progressPace struct {
	delay, every time.Duration
}

// progress shows how far a long batch run has come, on standard error, only when standard
// error is a terminal and standard output is not (so that it never mixes with a table).
// Where the total is known (the total size of the input files; simulate's -n) it shows the
// share done, a bar and the time elapsed and left; otherwise the number of games and their
// rate. It is drawn only from tick, on the goroutine that writes the output, so it never
// races with the messages it makes room for. The line is a few ANSI sequences of its own,
// so that the command links no terminal library for it.
type progress struct {
	w     io.Writer
	total int64         // bytes or games in all; -1 when unknown
	read  *atomic.Int64 // bytes read so far, when the total is a size; nil: count games
	games int64
	pace  progressPace
	start time.Time
	drawn time.Time // when the line was last drawn
	open  bool      // pace.delay has passed: the line may be drawn
	shown bool      // a progress line is on the screen
	line  []byte    // the line being drawn, reused
}

// progressWidth is the number of cells of the bar.
const progressWidth = 24

// Control sequences: eraseLine clears the terminal line and returns to its start.
const eraseLine = "\x1b[2K\r"

// newProgress returns a progress for a run of total units (-1: unknown), or nil where
// progress is not shown. With read, the units are bytes read so far, else games.
func (e *env) newProgress(total int64, read *atomic.Int64) *progress {
	if !isTerminal(e.stderr) || isTerminal(e.stdout) {
		return nil
	}
	pace := progressPace{progressDelay, progressEvery}
	if e.opts.progress != nil {
		pace = *e.opts.progress
	}
	return &progress{w: rawWriter(e.stderr), total: total, read: read, pace: pace, start: time.Now()}
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

// tick records one more game, and draws the line when it is due.
func (p *progress) tick() {
	if p == nil {
		return
	}
	p.games++
	now := time.Now()
	if !p.open {
		if now.Sub(p.start) < p.pace.delay {
			return
		}
		p.open = true
	}
	if p.shown && now.Sub(p.drawn) < p.pace.every {
		return
	}
	p.drawn = now
	p.draw(now)
}

// draw writes the line as it stands at now over the one shown.
func (p *progress) draw(now time.Time) {
	elapsed := now.Sub(p.start)
	done := p.games
	if p.read != nil && p.total > 0 {
		done = min(p.read.Load(), p.total)
	}
	b := append(p.line[:0], eraseLine...)
	b = append(b, "tricks: "...)
	if p.total > 0 {
		pct := int(done * 100 / p.total)
		b = appendPadded(b, pct, 3)
		b = append(b, "% |"...)
		fill := int(done * progressWidth / p.total)
		for i := range progressWidth {
			if i < fill {
				b = append(b, "█"...)
			} else {
				b = append(b, ' ')
			}
		}
		b = append(b, "| ("...)
		if p.read == nil {
			b = strconv.AppendInt(b, done, 10)
			b = append(b, '/')
			b = strconv.AppendInt(b, p.total, 10)
			b = append(b, ", "...)
		}
	} else {
		b = strconv.AppendInt(b, done, 10)
		b = append(b, " games ("...)
	}
	b = appendRate(b, done, elapsed, p.read != nil && p.total > 0)
	b = append(b, ") ["...)
	b = appendSeconds(b, elapsed)
	if p.total > 0 {
		b = append(b, ':')
		var left time.Duration
		if done > 0 {
			left = time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
		}
		b = appendSeconds(b, left)
	}
	b = append(b, ']')
	p.line = b
	p.w.Write(b)
	p.shown = true
}

// appendPadded appends n right-aligned in width columns.
func appendPadded(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for i := len(s); i < width; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}

// appendRate appends the rate of done units in elapsed: "1,234 games/s", or with bytes
// "12.3 MB/s".
func appendRate(b []byte, done int64, elapsed time.Duration, bytes bool) []byte {
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	if !bytes {
		b = strconv.AppendInt(b, int64(rate), 10)
		return append(b, " games/s"...)
	}
	unit := ""
	for _, u := range []string{"k", "M", "G", "T"} {
		if rate < 1000 {
			break
		}
		rate /= 1000
		unit = u
	}
	if unit == "" {
		b = strconv.AppendInt(b, int64(rate), 10)
	} else {
		b = strconv.AppendFloat(b, rate, 'f', 1, 64)
	}
	b = append(b, ' ')
	b = append(b, unit...)
	return append(b, "B/s"...)
}

// appendSeconds appends d to the second: "7s", "2m5s".
func appendSeconds(b []byte, d time.Duration) []byte {
	return append(b, d.Round(time.Second).String()...)
}

// clear erases the progress line, if one is shown, so that a message starts its own line;
// the next tick draws it again.
func (p *progress) clear() {
	if p != nil && p.shown {
		p.w.Write([]byte(eraseLine))
		p.shown = false
	}
}

// done erases the progress line for good.
func (p *progress) done() {
	if p == nil {
		return
	}
	p.clear()
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
