package reader

import (
	"bytes"
	"io"
	"sync/atomic"
	"unsafe"
)

// lineBuffer reads lines from an io.Reader into one buffer, like bufio.Scanner, but can
// keep a run of lines in place (from a mark) so that a whole game is one string of the buffer
// (text), without a copy. The buffer grows to hold the longest game; data before the mark is
// dropped when more room is needed.
type lineBuffer struct {
	rd   io.Reader
	buf  []byte
	r, w int // unread bytes are buf[r:w]
	mark int // start of the bytes kept, or -1
	eof  bool
	err  error // read error other than io.EOF
	line int   // lines returned so far
	bom  bool  // the byte-order mark has been looked for
	full bool  // the last read filled the buffer: the input is a long stream
	// cut: the last line returned was cut at maxLine bytes, and the next part is the same
	// line; into is how far into that line the part returned last starts, in bytes.
	cut  bool
	into int

	// crFree is an offset in buf before which, from where the text reader last looked, no
	// carriage return is (so that it looks once a block, not once a line).
	crFree int
	// cleanTo is an offset in buf before which, from where the text reader last looked, every
	// byte is ASCII and none is NUL (looked for once a block, as crFree).
	cleanTo int

	// shared: strings of buf were handed out (text), so its bytes are not written again
	// until their games are released (retire, reuse); the bytes kept and unread go to another
	// buffer when more room is needed.
	shared bool

	// Recycling (Pending.Release): seq numbers the buffers whose strings were handed out, buf
	// being number seq; retired holds the buffers left since (oldest first, at most
	// maxRetired) until the games in them are released, and fill then reads into them again.
	seq     uint64
	retired []retiredBuf
	rec     recycler

	opts *options // the reader's
}

// recycler is where the user of a Reader says which games are done with: every game whose
// text is in a buffer numbered below done (Pending.Release, on any goroutine).
type recycler struct {
	done atomic.Uint64
}

// retiredBuf is a buffer the reader left, with strings of games in it.
type retiredBuf struct {
	buf []byte
	seq uint64
}

// maxRetired bounds the buffers kept for reuse while their games are still being worked on:
// a pipeline has a few batches of games in flight, about a megabyte. A buffer older than
// these is left to the collector.
const maxRetired = 16

// initialBuffer is the first read; while the reads keep filling the buffer, it doubles up
// to readBlock, so that a small file costs a small buffer and a long stream few reads.
const (
	initialBuffer = 8 << 10
	readBlock     = 256 << 10
)

func newLineBuffer(rd io.Reader) *lineBuffer {
	return &lineBuffer{rd: rd, mark: -1}
}

// fill reads more input, moving kept and unread bytes to the front and growing the buffer
// when they fill it. It reports whether anything was added.
func (b *lineBuffer) fill() bool {
	if b.eof || b.err != nil {
		return false
	}
	if b.buf == nil {
		b.buf = make([]byte, initialBuffer)
	}
	keep := b.r
	if b.mark >= 0 && b.mark < keep {
		keep = b.mark
	}
	if b.shared {
		// Bytes of buf are strings of earlier games: a full buffer leaves what it keeps to a
		// new one (twice as large when it is all kept, or while a long stream fills it).
		if b.w == len(b.buf) {
			size := len(b.buf)
			if keep == 0 || b.full && size < readBlock {
				size *= 2
			}
			nb := b.reuse(size)
			copy(nb, b.buf[keep:b.w])
			b.retire()
			b.buf, b.shared = nb, false
			b.drop(keep)
		}
	} else {
		if keep > 0 && b.w == len(b.buf) || keep > len(b.buf)/2 {
			copy(b.buf, b.buf[keep:b.w])
			b.drop(keep)
		}
		if b.w == len(b.buf) || b.full && len(b.buf) < readBlock {
			nb := make([]byte, 2*len(b.buf))
			copy(nb, b.buf[:b.w])
			b.buf = nb
		}
	}
	for tries := 0; tries < 100; tries++ {
		n, err := b.rd.Read(b.buf[b.w:])
		b.full = n == len(b.buf)-b.w
		b.w += n
		if err == io.EOF {
			b.eof = true
			return n > 0
		}
		if err != nil {
			b.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	b.err = io.ErrNoProgress
	return false
}

// reuse returns a buffer of size bytes: a retired one whose games are all released, or a
// new one. Retired buffers of other sizes (a file's first, smaller reads) are dropped.
func (b *lineBuffer) reuse(size int) []byte {
	done := b.rec.done.Load()
	for len(b.retired) > 0 && b.retired[0].seq < done {
		r := b.retired[0]
		copy(b.retired, b.retired[1:])
		b.retired[len(b.retired)-1] = retiredBuf{}
		b.retired = b.retired[:len(b.retired)-1]
		if len(r.buf) == size {
			if b.opts != nil && b.opts.poison {
				for i := range r.buf {
					r.buf[i] = 0xFF
				}
			}
			return r.buf
		}
	}
	return make([]byte, size)
}

// retire keeps buf, which strings were taken of, for reuse once its games are released, and
// numbers the next buffer. Until a game has been released (a reader whose games are kept),
// no buffer is kept: they are the collector's, as the strings'.
func (b *lineBuffer) retire() {
	if b.rec.done.Load() > 0 {
		if len(b.retired) == maxRetired {
			copy(b.retired, b.retired[1:])
			b.retired = b.retired[:maxRetired-1]
		}
		b.retired = append(b.retired, retiredBuf{b.buf, b.seq})
	}
	b.seq++
}

// drop moves the offsets into buf back by n, the bytes dropped from its front.
func (b *lineBuffer) drop(n int) {
	b.w -= n
	b.r -= n
	b.crFree = max(b.crFree-n, 0)
	b.cleanTo = max(b.cleanTo-n, 0)
	if b.mark >= 0 {
		b.mark -= n
	}
}

// text returns buf[from:to] as a string, without a copy: the buffer is shared from then on,
// and its bytes are not written again (fill) until the game is released, so until then the
// string is as immutable as any (Pending.Release).
func (b *lineBuffer) text(from, to int) string {
	if from == to {
		return ""
	}
	b.shared = true
	return unsafe.String(&b.buf[from], to-from)
}

// next returns the offsets [start, end) of the next line in buf, newline included, and
// long when the line was cut at maxLine bytes. ok is false at the end of the input. The
// offsets stay valid while the line is kept (after the mark), until the next call.
func (b *lineBuffer) next() (start, end int, long, ok bool) {
	scanned := b.r
	for {
		if k := bytes.IndexByte(b.buf[scanned:b.w], '\n'); k >= 0 {
			end = scanned + k + 1
			break
		}
		if b.w-b.r > maxLine {
			end = b.r + maxLine
			long = true
			break
		}
		off := b.w - b.r // scanned so far; fill may move the data
		if !b.fill() {
			if b.r == b.w {
				return 0, 0, false, false
			}
			end = b.w
			break
		}
		scanned = b.r + off
	}
	start = b.r
	b.r = end
	if b.cut { // the rest of the line cut before: the same line
		b.into += maxLine
	} else {
		b.line++
		b.into = 0
	}
	b.cut = long
	if !b.bom {
		b.bom = true
		if bytes.HasPrefix(b.buf[start:end], []byte("\xEF\xBB\xBF")) {
			start += 3
		}
	}
	return start, end, long, true
}

// mayHoldCR reports whether buf[start:stop] may hold a carriage return: it looks for the
// next one from start to the end of the bytes read, once for the lines before it.
func (b *lineBuffer) mayHoldCR(start, stop int) bool {
	if stop > b.crFree {
		if k := bytes.IndexByte(b.buf[start:b.w], '\r'); k < 0 {
			b.crFree = b.w
		} else {
			b.crFree = start + k
		}
	}
	return stop > b.crFree
}

// mayHoldBad reports whether buf[start:stop] may hold a byte that is not ASCII, or a NUL: it
// looks for the next one from start to the end of the bytes read, once for the lines before
// it (as mayHoldCR).
func (b *lineBuffer) mayHoldBad(start, stop int) bool {
	if stop > b.cleanTo {
		rest := b.buf[start:b.w]
		k := asciiPrefix(rest)
		if z := bytes.IndexByte(rest[:k], 0); z >= 0 {
			k = z
		}
		b.cleanTo = start + k
	}
	return stop > b.cleanTo
}

// peek returns up to n unread bytes without consuming them.
func (b *lineBuffer) peek(n int) []byte {
	for b.w-b.r < n && b.fill() {
	}
	end := min(b.w, b.r+n)
	return b.buf[b.r:end]
}

// lines returns the complete lines of what is unread, or all of it at the end of the input:
// what the tree readers of the fast paths read a game from (with more lines if it ends
// before the game does).
func (b *lineBuffer) lines() []byte {
	u := b.buf[b.r:b.w]
	if b.eof {
		return u
	}
	return u[:bytes.LastIndexByte(u, '\n')+1]
}
