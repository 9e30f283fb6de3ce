package reader

import (
	"bytes"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// The reader of compact text: the lines of one game up to the next boundary, checked to be
// text, parsed by parseTextGame (text.go), or left to Pending.Parse.

// textReader reads compact text.
type textReader struct {
	*stream
	arena cardArena // the cards of the games of Next
	names names     // the strings of the games of Next (names.go)
	kept  keptGames // the memory of the games of Next (keptmem.go)
}

// checkText looks for a byte that is not text in buf[from:to], whose first line is line
// first. When there is one it returns its position and the offset in buf of the end of its
// line (or to).
func (r *textReader) checkText(from, to, first int) (pos parse.Pos, lineEnd int, bad bool) {
	b := r.lb.buf[from:to]
	off := firstBad(b)
	if off < 0 {
		return parse.Pos{}, 0, false
	}
	line := first + bytes.Count(b[:off], []byte{'\n'})
	ls := bytes.LastIndexByte(b[:off], '\n') + 1
	lineEnd = to
	if k := bytes.IndexByte(b[off:], '\n'); k >= 0 {
		lineEnd = from + off + k + 1
	}
	return notTextPos(r.name, line, b[ls:], off-ls), lineEnd, true
}

// skipGame refuses the game being read with one error at pos and skips what is left of it:
// the reader goes on at the next game boundary, a line "---" or a "game" statement, so that
// one bad game does not hide the games after it. A second byte that is not text while
// skipping means the input is not text at all: the stream ends there, with that said.
func (r *textReader) skipGame(pos parse.Pos, msg string) (*parse.Game, error) {
	lb := r.lb
	lb.mark = -1
	r.index++
	g := &parse.Game{File: r.name, Index: r.index, Pos: pos}
	errs := parse.ErrorList{{Pos: pos, Msg: msg}}
	for {
		start, stop, _, ok := lb.next()
		if !ok {
			if lb.err != nil {
				r.done = true
			}
			break
		}
		line := lb.buf[start:stop]
		if off := firstBad(line); off >= 0 {
			bad := notTextPos(r.name, lb.line, line, off)
			bad.Col += lb.into // in a line longer than maxLine, its place in the whole line
			errs.Add(bad, "not a text transcript: the rest of the file is not read")
			r.done = true
			break
		}
		if isSeparator(line) {
			break
		}
		if isGameLine(line) {
			lb.cut, lb.r, lb.line = false, start, lb.line-1 // the next game starts here
			break
		}
	}
	return g, errs
}

// notText is the error of a game holding a byte that is not text: the game is refused at
// the byte, and reading goes on after the end of its line (see skipGame).
func (r *textReader) notText(pos parse.Pos, lineEnd int) (*parse.Game, error) {
	lb := r.lb
	lb.r, lb.line = lineEnd, pos.Line // lb.cut as the line was read
	return r.skipGame(pos, "not a text transcript")
}

// loneCR returns the offset of a carriage return that is not followed by a newline, or -1:
// a file with CR-only line endings (classic Mac) reads as one long line.
func loneCR(line []byte) int {
	for k := bytes.IndexByte(line, '\r'); k >= 0; {
		if k+1 < len(line) && line[k+1] != '\n' {
			return k
		}
		j := bytes.IndexByte(line[k+1:], '\r')
		if j < 0 {
			break
		}
		k += 1 + j
	}
	return -1
}

// countLoneCR counts the carriage returns of line not followed by a newline.
func countLoneCR(line []byte) int {
	n := 0
	for k, b := range line {
		if b == '\r' && (k+1 == len(line) || line[k+1] != '\n') {
			n++
		}
	}
	return n
}

// splitLines cuts b after each line break as YAML counts them: "\n", "\r\n" and a lone "\r".
func splitLines(b []byte) [][]byte {
	var out [][]byte
	start := 0
	for k := 0; k < len(b); k++ {
		switch b[k] {
		case '\n':
			out = append(out, b[start:k+1])
			start = k + 1
		case '\r':
			if k+1 < len(b) && b[k+1] == '\n' {
				continue
			}
			out = append(out, b[start:k+1])
			start = k + 1
		}
	}
	if start < len(b) || len(out) == 0 {
		out = append(out, b[start:])
	}
	return out
}

const loneCRMsg = "a carriage return (CR) alone as a line break: convert the file to LF or CRLF line endings"

// isGameLine reports a line holding a "game" statement.
func isGameLine(line []byte) bool {
	line = bytes.TrimLeft(line, " \t")
	return bytes.HasPrefix(line, []byte("game")) && len(line) > 4 && (line[4] == ' ' || line[4] == '\t')
}

// isSeparator reports a line "---" (blanks and a comment allowed around it).
func isSeparator(line []byte) bool {
	if len(line) == 4 && line[3] == '\n' && line[0] == '-' && line[1] == '-' && line[2] == '-' {
		return true // the separator as written: no trimming to do
	}
	if len(line) < 3 || line[0] != '-' && line[0] != ' ' && line[0] != '\t' {
		return false
	}
	line = bytes.TrimLeft(line, " \t")
	if !bytes.HasPrefix(line, []byte("---")) {
		return false
	}
	rest := bytes.TrimLeft(line[3:], " \t\r\n")
	return len(rest) == 0 || rest[0] == '#'
}

// isSignificant reports a line holding a statement (not blank, not only a comment).
func isSignificant(line []byte) bool {
	for _, c := range line {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '#':
			return false
		}
		return true
	}
	return false
}

// separatorAt returns the offset in buf, whose first byte starts a line, of the first line
// that may be a separator (isSeparator: "---" after blanks), len(buf) when none may be. It looks at the first '-' of each line only, the one a separator starts with, and
// passes over a line whose first '-' has anything but a blank before it or is not the first
// of "---" (an option line's words, a date): one look for a dash and one for the end of the
// line, where a search for "---" would look again at each dash of the line.
func separatorAt(buf []byte) int {
	for j := 0; ; {
		k := bytes.IndexByte(buf[j:], '-')
		if k < 0 {
			return len(buf)
		}
		k += j
		if k+2 >= len(buf) || buf[k+1] == '-' && buf[k+2] == '-' && (k == j || isBlank(buf[k-1]) || buf[k-1] == '\n') {
			if k == j || buf[k-1] == '\n' {
				return k
			}
			return bytes.LastIndexByte(buf[:k], '\n') + 1 // (a line may start with blanks)
		}
		e := bytes.IndexByte(buf[k:], '\n')
		if e < 0 {
			return len(buf)
		}
		j = k + e + 1
	}
}

// passOver passes over, in one go, the lines of a text game that call for nothing but
// being counted, as most do: the whole lines read below the next carriage return, the next
// block to check (checked bytes from the mark are) and the limit of a game's size, up to the
// next line that may be a separator (separatorAt). The others are read one by one (next). It
// reports whether a significant line has been seen (significant says whether one had been
// before) and whether it passed over any line.
func (lb *lineBuffer) passOver(checked int, significant bool) (sig, moved bool) {
	limit := min(lb.w, lb.crFree, lb.mark+checked+32<<10, lb.mark+parse.MaxGameBytes)
	if limit <= lb.r {
		return significant, false
	}
	buf := lb.buf[lb.r:limit]
	// the lines passed over are buf[:stop]: whole lines, before any separator
	stop := bytes.LastIndexByte(buf[:separatorAt(buf)], '\n') + 1
	if stop == 0 {
		return significant, false
	}
	lines := buf[:stop]
	for k := 0; !significant && k < len(lines); {
		e := k + bytes.IndexByte(lines[k:], '\n') + 1
		significant = isSignificant(lines[k:e])
		k = e
	}
	lb.line += bytes.Count(lines, []byte{'\n'})
	lb.r += stop
	return significant, true
}

// whole looks for the common case of a game whose lines and the separator line after them
// lie whole in the bytes read, within the block checked at once (32 KiB): a statement among
// them, no carriage return, no byte but ASCII and no NUL. It then reads them as next's loop
// would, with the same few looks at their bytes and none of the loop's per line, and returns
// the offsets of the game's text in buf and its first line's number; ok is false, with nothing
// read, for any other case, which next's loop reads.
func (lb *lineBuffer) whole() (from, to, first int, ok bool) {
	if !lb.bom || lb.cut || lb.r >= lb.w {
		return 0, 0, 0, false
	}
	buf := lb.buf[lb.r:min(lb.w, lb.r+32<<10)]
	k := separatorAt(buf) // the game's text is buf[:k]
	n := k + 4            // the bytes read: the game's lines and the separator's
	if n > len(buf) || string(buf[k:n]) != "---\n" {
		e := bytes.IndexByte(buf[k:], '\n')
		if e < 0 || !isSeparator(buf[k:k+e+1]) {
			return 0, 0, 0, false
		}
		n = k + e + 1
	}
	if lb.r+n > lb.crFree && lb.mayHoldCR(lb.r, lb.r+n) || lb.r+n > lb.cleanTo && lb.mayHoldBad(lb.r, lb.r+n) {
		return 0, 0, 0, false
	}
	significant := false
	for j := 0; !significant && j < k; {
		if c := buf[j]; c != '#' && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			significant = true // (a statement starts the line)
			break
		}
		e := j + bytes.IndexByte(buf[j:k], '\n') + 1
		significant = isSignificant(buf[j:e])
		j = e
	}
	if !significant {
		return 0, 0, 0, false
	}
	from, to, first = lb.r, lb.r+k, lb.line+1
	lb.line += bytes.Count(buf[:n], []byte{'\n'})
	lb.r += n
	lb.into = 0
	return from, to, first, true
}

// next reads the lines of the next game: with p nil it parses them, else it leaves them to p.
func (r *textReader) next(p *Pending) (*parse.Game, error) {
	lb := r.lb
	if from, to, first, ok := lb.whole(); ok {
		return r.game(p, from, to, first, true)
	}
	lb.mark = lb.r
	defer func() { lb.mark = -1 }()
	first := lb.line + 1 // line number of the first kept line
	end := 0             // end of the game's bytes after its last line, relative to the mark
	significant := false
	// Text is checked (UTF-8, no NUL) in blocks, so that binary input is refused early.
	checked, checkedLine := 0, first
	for {
		if lb.bom && lb.r < lb.w {
			var moved bool
			if significant, moved = lb.passOver(checked, significant); moved {
				end = lb.r - lb.mark
			}
		}
		start, stop, long, ok := lb.next()
		if !ok {
			break
		}
		if start > lb.mark && lb.line == 1 {
			lb.mark = start // skip the byte-order mark
		}
		if stop-lb.mark-checked > 32<<10 {
			if pos, le, bad := r.checkText(lb.mark+checked, stop, checkedLine); bad {
				return r.notText(pos, le)
			}
			checked, checkedLine = stop-lb.mark, lb.line+1
		}
		line := lb.buf[start:stop]
		if stop > lb.crFree && lb.mayHoldCR(start, stop) {
			if k := loneCR(line); k >= 0 && firstBad(line) < 0 {
				return r.skipGame(notTextPos(r.name, lb.line, line, k), loneCRMsg)
			}
		}
		if long || significant && stop-lb.mark > parse.MaxGameBytes {
			if pos, le, bad := r.checkText(lb.mark+checked, stop, checkedLine); bad {
				return r.notText(pos, le)
			}
			pos := parse.Pos{File: r.name, Line: lb.line, Col: 1}
			if long {
				return r.skipGame(pos, spell.LimitMsg("a line longer than %d KiB", maxLine>>10))
			}
			return r.skipGame(pos, spell.LimitMsg("a game longer than %d KiB", parse.MaxGameBytes>>10))
		}
		if len(line) >= 3 && (line[0] == '-' || line[0] == ' ' || line[0] == '\t') && isSeparator(line) {
			if significant {
				break
			}
			if pos, le, bad := r.checkText(lb.mark+checked, stop, checkedLine); bad {
				return r.notText(pos, le)
			}
			lb.mark = lb.r
			first = lb.line + 1
			checked, checkedLine = 0, first
			continue
		}
		if !significant {
			significant = isSignificant(line)
		}
		end = stop - lb.mark // the buffer may move: keep offsets relative to the mark
	}
	if lb.err != nil {
		r.done = true
		return nil, lb.err
	}
	rest := lb.buf[lb.mark+checked : lb.r]
	restASCII := isASCII(rest) // then only a NUL byte is not text
	if !restASCII || bytes.IndexByte(rest, 0) >= 0 {
		if pos, le, bad := r.checkText(lb.mark+checked, lb.r, checkedLine); bad {
			return r.notText(pos, le)
		}
	}
	if !significant {
		return r.noGame()
	}
	text := lb.buf[lb.mark : lb.mark+end]
	ascii := restASCII && checked == 0 || isASCII(text) // (rest holds text when checked is 0)
	return r.game(p, lb.mark, lb.mark+end, first, ascii)
}

// game hands the game read, buf[from:to] whose first line is number first (pure ASCII when
// ascii), to p, or parses it when p is nil.
func (r *textReader) game(p *Pending, from, to, first int, ascii bool) (*parse.Game, error) {
	lb := r.lb
	r.index++
	src := lb.text(from, to)
	if p != nil {
		// NextPending: hand the game's text to the caller, parsed later.
		// (NextPending cleared p: the fields set in place, not a Pending built aside and copied)
		p.src, p.file, p.first, p.index, p.ascii, p.text = src, r.name, first, r.index, ascii, true
		p.g, p.err, p.mem, p.gen, p.rec, p.seq = nil, nil, nil, 0, &lb.rec, lb.seq
		p.noComments = r.opts.noComments
		return nil, nil
	}
	g, errs := parseTextGame(r.kept.parseMem(&r.arena, &r.names), src, r.name, first, r.index, ascii, r.opts.noComments)
	return r.kept.keep(g), errs.Err()
}
