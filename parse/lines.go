package parse

import (
	"bytes"
	"io"
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

	// crFree is an offset in buf before which, from where the text reader last looked, no
	// carriage return is (so that it looks once a block, not once a line).
	crFree int

	// shared: strings of buf were handed out (text), so its bytes are never written again;
	// the bytes kept and unread go to a new buffer when more room is needed.
	shared bool
}

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
			nb := make([]byte, size)
			copy(nb, b.buf[keep:b.w])
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

// drop moves the offsets into buf back by n, the bytes dropped from its front.
func (b *lineBuffer) drop(n int) {
	b.w -= n
	b.r -= n
	b.crFree = max(b.crFree-n, 0)
	if b.mark >= 0 {
		b.mark -= n
	}
}

// text returns buf[from:to] as a string, without a copy: the buffer is shared from then on,
// and its bytes are never written again (fill), so the string is as immutable as any.
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
	b.line++
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
