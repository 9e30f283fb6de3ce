package reader

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
	"gopkg.in/yaml.v3"
)

// maxLine bounds a text line: a game is at most MaxGameBytes.
const maxLine = parse.MaxGameBytes

// sniffSize is how much of the input Auto looks at.
const sniffSize = 16 << 10

// A Reader reads the games of one transcript file one at a time, in the manner of
// bufio.Scanner, so that a file of any size never sits in memory: text is read line by
// line up to the next "---", YAML one document at a time.
//
// Next returns each game in turn, then io.EOF. A game with syntax errors comes back
// (partially filled) together with an ErrorList of all its errors, and the next call
// goes on with the next game. A game that cannot be read at all (a byte that is not text,
// invalid YAML or JSON, a limit of limits.go crossed) gives an ErrorList of one error and a
// placeholder game (File, Index and Pos only), and the next call goes on at the next game
// boundary: a line "---" or a game statement in text, the next document in YAML, the next
// line starting with '{' in JSON. A second byte that is not text while skipping ends the
// stream (the input is not text). A read error is returned as is with a nil game. A file without any game gives the ErrorList "no game in file" and a
// nil game. Games are independent of each other and of the Reader, which is not safe for
// concurrent use.
type Reader struct {
	name   string
	format parse.Format
	lb     *lineBuffer

	index int  // games returned so far
	done  bool // nothing more to return
	empty bool // "no game in file" was reported

	arena cardArena

	yamlStarted bool          // the YAML path (not the JSON front end) is reading
	ychunk      yamlChunk     // the YAML document being read ...
	ydec        *yaml.Decoder // ... and its decoder, until it reaches the chunk's end
	yamlCR      int           // lone carriage returns before the chunk (YAML counts them as line breaks)
	bisected    int           // bytes of documents bisected for an error's line (yamlErrorPos)

	// JSON input is read by the JSON front end (json.go), which builds the same nodes.
	js           *jsonReader
	jsonMode     jsonMode
	sawJSONArray bool // a top-level array of games was read (for tests)

	// NextPending: the text game read but not parsed yet
	lazy    bool
	pending *Pending
	// the memory the direct readers read the next game into, and the one the last game was
	// read into (directmem.go)
	spareMem, aheadOf *gameMem

	text  []byte // the chunk the direct readers' strings are copied into (keep)
	names names  // the strings of the text games of Next (names.go)
	opts  options
}

// NewReader returns a Reader of r; name is the file name used in positions ("-" for
// standard input), format Text, YAML, or Auto to decide by name and content.
func NewReader(r io.Reader, name string, format parse.Format) *Reader {
	return newReader(r, name, format, options{})
}

// options are the switches the tests read with: the ordinary reader has none set.
type options struct {
	poison bool // fill a buffer with 0xFF before it is reused: a string of it then shows
	noFast bool // no fast or direct YAML and JSON reader: yaml.v3 and the JSON scanner alone
}

func newReader(r io.Reader, name string, format parse.Format, opts options) *Reader {
	if format == parse.Auto {
		format = parse.FormatOf(name)
	}
	rd := &Reader{name: name, format: format, lb: newLineBuffer(r), opts: opts}
	rd.lb.opts = &rd.opts
	return rd
}

// Format returns the format being read, looking at the input if it was Auto.
func (r *Reader) Format() parse.Format {
	if r.format == parse.Auto {
		r.format = sniff(r.lb.peek(sniffSize))
	}
	return r.format
}

// sniff decides between text and YAML by the first line that is neither blank nor a
// comment: a YAML or JSON document starts with "key:", "{", "[", a quote, "%" or "---";
// a text statement is a keyword and its arguments.
func sniff(buf []byte) parse.Format {
	buf = bytes.TrimPrefix(buf, []byte("\xEF\xBB\xBF"))
	marker := false
	for len(buf) > 0 {
		var line []byte
		if k := bytes.IndexByte(buf, '\n'); k >= 0 {
			line, buf = buf[:k], buf[k+1:]
		} else {
			line, buf = buf, nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if bytes.HasPrefix(line, []byte("---")) && (len(line) == 3 || line[3] == ' ' || line[3] == '\t') {
			rest := bytes.TrimSpace(line[3:])
			if len(rest) == 0 || rest[0] == '#' {
				marker = true // a separator: decide by what follows
				continue
			}
			return parse.YAML // "--- {...}" or "--- key: ..."
		}
		switch line[0] {
		case '{', '[', '"', '\'', '%':
			return parse.YAML
		}
		word := line
		if k := bytes.IndexAny(line, " \t"); k >= 0 {
			word = line[:k]
		}
		if bytes.HasSuffix(word, []byte(":")) || bytes.Equal(line, word) && bytes.IndexByte(word, ':') > 0 {
			return parse.YAML
		}
		if marker && !isKeyword(string(word)) {
			return parse.YAML
		}
		return parse.Text
	}
	return parse.Text
}

// NextLazy is Next for concurrent pipelines: it reads the next game and returns a function
// that yields it, which may be called on another goroutine, once. With compact text the
// function does the parsing, so that games read in order can be parsed in parallel; with
// YAML and JSON the game is parsed here and the function only returns it. The error, when
// not nil, is io.EOF or a read error (syntax errors come from the function).
func (r *Reader) NextLazy() (func() (*parse.Game, error), error) {
	p := new(Pending)
	if err := r.NextPending(p); err != nil {
		return nil, err
	}
	return func() (*parse.Game, error) { return p.Parse(nil) }, nil
}

// A Pending is a game as NextPending reads it: the text of a game of compact text, parsed
// by Parse, or a YAML or JSON game parsed already. It is a value, copied freely; its text
// stays valid as long as it is kept (it is the bytes the reader read, in a buffer the reader
// no longer writes into), until Release says it and the games before it are done with.
type Pending struct {
	src   string // the game's lines (text)
	file  string
	first int  // line number of src's first line
	index int  // the game's number in its file
	ascii bool // src is pure ASCII
	text  bool // src is to be parsed; else g and err are the game

	g   *parse.Game
	err error
	mem *gameMem // g's memory, handed to the GameBuffer by Parse (directmem.go); or nil
	gen uint32   // mem.gen when g was read into it

	rec *recycler // the reader's, for Release (text)
	seq uint64    // the number of the reader's buffer src is in
}

// Release says that this game and every game its Reader read before it are parsed and will
// not be parsed again. The Reader may then read later input into the memory their text was
// read into, which it otherwise leaves to the collector. The games parsed from them are not
// that memory: a game in fresh memory stays valid for good, and every string a game hands out
// is valid for good, whatever is released. A pipeline that writes games in input order calls
// it once a game is written. Release may be called on any goroutine (it synchronizes with the
// Reader); it does nothing for YAML and JSON, whose games are in memory of their own.
func (p *Pending) Release() {
	if p.rec == nil {
		return
	}
	for {
		done := p.rec.done.Load()
		if p.seq <= done || p.rec.done.CompareAndSwap(done, p.seq) {
			return
		}
	}
}

// Parse returns the game and its errors (an ErrorList), parsing the text into buf, or into
// fresh memory when buf is nil. A game parsed into buf is valid until the next Parse into
// buf; one in fresh memory, for good. The strings of either are valid for good (names.go). A YAML or JSON game, read already, is in memory of its
// own that Parse hands to buf (buf reuses it for a later game), or keeps for good when buf is
// nil; such a Pending may be parsed again until its buffer parses another game (after that
// Parse reports errSpent). Parse may be called on any goroutine, more than once, one call
// at a time.
func (p *Pending) Parse(buf *GameBuffer) (*parse.Game, error) {
	if !p.text {
		if p.mem != nil {
			if p.mem.gen.Load() != p.gen {
				return nil, errSpent
			}
			p.mem.handTo(buf)
		}
		return p.g, p.err
	}
	var mem *gameMem
	src := p.src
	if buf != nil {
		if buf.mem == nil {
			buf.mem = &gameMem{reused: true, arena: new(cardArena)}
			buf.mem.names = &buf.mem.table
		}
		mem = buf.mem
	} else {
		// A game for good: its strings are of a copy of its text, made once.
		mem = newGameMem(nil)
		src = strings.Clone(src)
	}
	g, errs := parseTextGame(mem, src, p.file, p.first, p.index, p.ascii)
	return g, errs.Err()
}

// NextPending reads the next game into p, without parsing it when it is text (Pending.Parse
// does it, on any goroutine, so that games read in order can be parsed in parallel). The
// error, when not nil, is io.EOF or a read error; syntax errors come from Parse.
func (r *Reader) NextPending(p *Pending) error {
	r.lazy, r.pending = true, p
	defer func() { r.lazy, r.pending = false, nil }()
	*p = Pending{}
	r.aheadOf = nil
	g, err := r.Next()
	if p.text {
		return nil
	}
	if g == nil && err != nil && !isErrorList(err) {
		return err
	}
	p.g, p.err, p.mem = g, err, r.aheadOf
	if p.mem != nil {
		p.gen = p.mem.gen.Load()
	}
	return nil
}

// textChunk is the size of the blocks the direct YAML and JSON readers' strings are copied
// into, once a file has shown that it is long (text games are strings of the reader's
// buffer: lineBuffer.text).
const textChunk = 64 << 10

// keep returns a string holding b. The strings are copied one after the other into chunks
// of textChunk bytes, so that copying one costs no allocation of its own. The bytes of a
// chunk are written once, before a string is made of them, and never again: the strings are
// as immutable as any (a chunk lives as long as a string of it).
func (r *Reader) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(r.text)-len(r.text) < len(b) {
		size := min(textChunk, max(2*cap(r.text), 8<<10)) // small for a small file
		if len(b) > size/4 {
			return string(b)
		}
		r.text = make([]byte, 0, size)
	}
	start := len(r.text)
	r.text = append(r.text, b...)
	return unsafe.String(&r.text[start], len(b))
}

func isErrorList(err error) bool {
	_, ok := err.(parse.ErrorList)
	return ok
}

// Next returns the next game, or io.EOF after the last one. See Reader.
func (r *Reader) Next() (*parse.Game, error) {
	if r.done {
		return nil, io.EOF
	}
	if r.Format() == parse.YAML {
		if r.useJSON() { // JSON input: the fast front end of json.go
			return r.nextJSON()
		}
		return r.nextYAML()
	}
	return r.nextText()
}

func (r *Reader) noGame() (*parse.Game, error) {
	r.done = true
	if r.index == 0 && !r.empty {
		r.empty = true
		return nil, parse.ErrorList{{Pos: parse.Pos{File: r.name, Line: 1, Col: 1}, Msg: "no game in file"}}
	}
	return nil, io.EOF
}

// firstBad returns the offset of the first NUL byte or invalid UTF-8 in b, or -1.
func firstBad(b []byte) int {
	if utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 {
		return -1
	}
	for k := 0; k < len(b); {
		c := b[k]
		if c < utf8.RuneSelf {
			if c == 0 {
				return k
			}
			k++
			continue
		}
		rn, size := utf8.DecodeRune(b[k:])
		if rn == utf8.RuneError && size <= 1 {
			return k
		}
		k += size
	}
	return -1
}

// notTextPos is the position of the first bad byte at offset off of a line.
func notTextPos(file string, line int, b []byte, off int) parse.Pos {
	return parse.Pos{File: file, Line: line, Col: utf8.RuneCount(b[:off]) + 1}
}

// checkText looks for a byte that is not text in buf[from:to], whose first line is line
// first. When there is one it returns its position and the offset in buf of the end of its
// line (or to).
func (r *Reader) checkText(from, to, first int) (pos parse.Pos, lineEnd int, bad bool) {
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

// notText is the error of a game holding a byte that is not text: the game is refused at
// the byte, and reading goes on after the end of its line (see skipGame).
func (r *Reader) notText(pos parse.Pos, lineEnd int) (*parse.Game, error) {
	lb := r.lb
	lb.r, lb.line = lineEnd, pos.Line
	return r.skipGame(pos, "not a text transcript")
}

// skipGame refuses the game being read with one error at pos and skips what is left of it:
// the reader goes on at the next game boundary, a line "---" or a "game" statement, so that
// one bad game does not hide the games after it. A second byte that is not text while
// skipping means the input is not text at all: the stream ends there, with that said.
func (r *Reader) skipGame(pos parse.Pos, msg string) (*parse.Game, error) {
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
			errs.Add(notTextPos(r.name, lb.line, line, off), "not a text transcript: the rest of the file is not read")
			r.done = true
			break
		}
		if isSeparator(line) {
			break
		}
		if isGameLine(line) {
			lb.r, lb.line = start, lb.line-1 // the next game starts here
			break
		}
	}
	return g, errs
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

// threeDashes is what nextText looks for in a game's bytes, a separator's dashes: a package
// variable, because bytes.Index takes a []byte("---") there from the heap, once a game.
var threeDashes = []byte("---")

// passOver passes over, in one go, the lines of a text game that call for nothing but
// being counted, as most do: the whole lines read below the next carriage return, the next
// block to check (checked bytes from the mark are) and the limit of a game's size, up to the
// line of the next "---" (a separator holds one). The others are read one by one (next). It
// reports whether a significant line has been seen (significant says whether one had been
// before) and whether it passed over any line.
func (lb *lineBuffer) passOver(checked int, significant bool) (sig, moved bool) {
	limit := min(lb.w, lb.crFree, lb.mark+checked+32<<10, lb.mark+parse.MaxGameBytes)
	if limit <= lb.r {
		return significant, false
	}
	buf := lb.buf[lb.r:limit]
	var stop int // the lines passed over are buf[:stop]
	if k := bytes.Index(buf, threeDashes); k >= 0 {
		stop = bytes.LastIndexByte(buf[:k], '\n') + 1
	} else {
		stop = bytes.LastIndexByte(buf, '\n') + 1
	}
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

func (r *Reader) nextText() (*parse.Game, error) {
	lb := r.lb
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
	r.index++
	text := lb.buf[lb.mark : lb.mark+end]
	ascii := restASCII && checked == 0 || isASCII(text) // (rest holds text when checked is 0)
	src := lb.text(lb.mark, lb.mark+end)
	if r.lazy {
		// NextPending: hand the game's text to the caller, parsed later.
		*r.pending = Pending{src: src, file: r.name, first: first, index: r.index, ascii: ascii, text: true, rec: &lb.rec, seq: lb.seq}
		return nil, nil
	}
	mem := newGameMem(&r.arena)
	mem.names = &r.names
	g, errs := parseTextGame(mem, src, r.name, first, r.index, ascii)
	return g, errs.Err()
}

// ---- YAML ------------------------------------------------------------------------------

// yamlSource feeds yaml.v3 line by line from the start of the input, for the JSON front
// end's question whether flow-style input is YAML (tryYAML). At the first NUL byte or invalid
// UTF-8 it records the place and ends the stream.
type yamlSource struct {
	r       *Reader
	pending []byte
	stopped bool

	bad   parse.Pos // first byte that is not text
	ioErr error
}

func (s *yamlSource) Read(p []byte) (int, error) {
	lb := s.r.lb
	for len(s.pending) == 0 {
		if s.stopped {
			return 0, io.EOF
		}
		start, stop, long, ok := lb.next()
		if !ok {
			s.stopped = true
			if lb.err != nil {
				s.ioErr = lb.err
				return 0, lb.err
			}
			return 0, io.EOF
		}
		line := lb.buf[start:stop]
		if off := firstBad(line); off >= 0 || long {
			s.bad = parse.Pos{File: s.r.name, Line: lb.line, Col: 1}
			if off >= 0 {
				s.bad = notTextPos(s.r.name, lb.line, line, off)
			}
			s.stopped = true
			return 0, io.EOF
		}
		s.pending = line
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, nil
}

// firstControl returns the offset of the first character YAML does not allow (C0 and C1
// controls other than tab and line breaks, DEL, U+FEFF inside, U+FFFE, U+FFFF), or -1.
func firstControl(b []byte) int {
	for k := 0; k < len(b); {
		c := b[k]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				return k
			}
			k++
			continue
		}
		rn, size := utf8.DecodeRune(b[k:])
		if rn >= 0x80 && rn < 0xA0 && rn != 0x85 || rn == 0xFEFF || rn == 0xFFFE || rn == 0xFFFF {
			return k
		}
		k += size
	}
	return -1
}

// yamlChunk is one YAML document's lines as read from the input, before yaml.v3 sees them.
type yamlChunk struct {
	src   []byte       // the lines (nil when refused)
	first int          // line number of the first line
	err   *parse.Error // the document is refused: not text, or beyond a limit
	rest  *parse.Error // ... and the rest of the input is not text either
	any   bool         // something other than blanks, comments and directives
	seps  int          // bytes that may start a node: a bound on the nodes yaml.v3 will build
	end   bool         // the input ended (or failed) after it
	cr    int          // carriage returns alone in it: line breaks for yaml.v3
}

// nextChunk reads the lines of the next YAML document: up to a line "---" that starts
// another (a document marker at the start of a line is never content, in any YAML) or after
// a line "...". Reading documents one by one, each through its own decoder, means that a
// document yaml.v3 refuses does not end the stream, and bounds what yaml.v3 is given. A
// document holding a byte that is not text, or beyond MaxGameBytes or MaxNodes, is read to
// its end without being kept, and refused. ok is false at the end of the input.
func (r *Reader) nextChunk() (c yamlChunk, ok bool) {
	lb := r.lb
	lb.mark = lb.r
	defer func() { lb.mark = -1 }()
	c.first = lb.line + r.yamlCR + 1
	lineNo := func() int { return lb.line + r.yamlCR + c.cr } // as yaml.v3 counts: a lone CR breaks a line
	defer func() { r.yamlCR += c.cr }()
	size := 0
	sawMarker := false
	refuse := func(pos parse.Pos, msg string) {
		c.err = &parse.Error{Pos: pos, Msg: msg}
		lb.mark = -1
	}
	for {
		start, stop, long, more := lb.next()
		if !more {
			c.end = true
			break
		}
		ok = true
		if lb.line == 1 && start > lb.mark && c.err == nil {
			lb.mark = start // the byte-order mark
		}
		line := lb.buf[start:stop]
		marker := len(line) >= 3 && (line[0] == '-' || line[0] == '.') && isMarker(line, true)
		if marker && line[0] == '-' {
			if (c.any || sawMarker) && lineNo() > c.first {
				lb.r, lb.line = start, lb.line-1 // the next document starts here
				break
			}
			sawMarker = true
		}
		if c.err == nil {
			if off := firstBad(line); off >= 0 {
				refuse(notTextPos(r.name, lineNo(), line, off), "not a text transcript")
			} else if long {
				refuse(parse.Pos{File: r.name, Line: lineNo(), Col: 1}, spell.LimitMsg("a line longer than %d KiB", maxLine>>10))
			} else if size += len(line); size > parse.MaxGameBytes {
				refuse(parse.Pos{File: r.name, Line: lineNo(), Col: 1}, spell.LimitMsg("a YAML document longer than %d KiB", parse.MaxGameBytes>>10))
			} else {
				for _, b := range line {
					switch b {
					case ',', '[', '{', ':', '-', '*', '\n':
						c.seps++
					}
				}
				if c.seps > parse.MaxNodes+parse.MaxNodes/2 {
					refuse(parse.Pos{File: r.name, Line: lineNo(), Col: 1}, spell.LimitMsg("more than %d values in one game", parse.MaxNodes))
				}
			}
		} else if firstBad(line) >= 0 && c.err.Msg == "not a text transcript" && lineNo() > c.err.Pos.Line {
			// A second byte that is not text: the input is not text at all.
			c.rest = &parse.Error{Pos: notTextPos(r.name, lineNo(), line, firstBad(line)), Msg: "not a text transcript: the rest of the file is not read"}
			r.done = true
			return c, true
		}
		if !c.any && !marker {
			t := bytes.TrimLeft(line, " \t\r\n")
			c.any = len(t) > 0 && t[0] != '#' && t[0] != '%'
		} else if !c.any && marker && line[0] == '-' {
			t := bytes.TrimLeft(line[3:], " \t\r\n")
			c.any = len(t) > 0 && t[0] != '#'
		}
		if bytes.IndexByte(line, '\r') >= 0 {
			c.cr += countLoneCR(line)
		}
		if marker && line[0] == '.' {
			break // the end of a document
		}
	}
	if lb.err != nil && c.end {
		return c, ok
	}
	if c.err == nil && lb.mark >= 0 {
		c.src = lb.buf[lb.mark:lb.r]
	}
	return c, ok
}

func (r *Reader) nextYAML() (*parse.Game, error) {
	r.yamlStarted = true
	for {
		if r.ydec != nil {
			if g, ok, err := r.nextDoc(); ok {
				return g, err
			}
			continue
		}
		if r.done {
			return nil, io.EOF
		}
		if g := r.fastYAML(); g != nil { // the fast reader of yamlfast.go, or nil for nextChunk and yaml.v3
			return g, nil
		}
		c, ok := r.nextChunk()
		if r.lb.err != nil && c.end {
			r.done = true
			return nil, r.lb.err
		}
		if !ok {
			return r.noGame()
		}
		if c.err != nil {
			r.index++
			errs := parse.ErrorList{c.err}
			if c.rest != nil {
				errs = append(errs, c.rest)
			}
			return &parse.Game{File: r.name, Index: r.index, Pos: c.err.Pos}, errs
		}
		if !c.any {
			continue // an empty document
		}
		r.ychunk = c
		r.ydec = yaml.NewDecoder(bytes.NewReader(c.src))
	}
}

// nextDoc returns the game of the next document of the current chunk: one, or more when
// lone carriage returns hid document markers from nextChunk.
func (r *Reader) nextDoc() (*parse.Game, bool, error) {
	c := &r.ychunk
	var doc yaml.Node
	err := decode(r.ydec, &doc)
	if err == io.EOF {
		r.ydec = nil
		return nil, false, nil
	}
	if err != nil {
		r.ydec = nil
		r.index++
		pos := r.yamlErrorPos(err, c)
		return &parse.Game{File: r.name, Index: r.index, Pos: pos}, true, parse.ErrorList{{Pos: pos, Msg: yamlErrorMsg(err)}}
	}
	shiftLines(&doc, c.first-1)
	top := docTop(&doc)
	if top == nil || isNull(top) {
		return nil, false, nil // an empty document
	}
	r.index++
	g, errs := parseYAMLGame(top, r.name, r.index, &r.arena)
	return g, true, errs.Err()
}

// shiftLines adds d to the line of every node of a tree (a chunk's lines count from 1).
func shiftLines(n *yaml.Node, d int) {
	if d == 0 {
		return
	}
	n.Line += d
	for _, c := range n.Content {
		shiftLines(c, d)
	}
}

// decode runs the YAML decoder, turning a panic inside it into an error: no input may
// crash the program.
func decode(dec *yaml.Decoder, doc *yaml.Node) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("yaml: %v", p)
		}
	}()
	return dec.Decode(doc)
}

// docTop returns the content of a document node, or nil.
func docTop(doc *yaml.Node) *yaml.Node {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	return deref(doc.Content[0])
}

// yamlParserProblems are the messages of yaml.v3's parser (as opposed to its scanner).
// For these, yaml.v3 prints the 0-based line of the construct being parsed, where the
// scanner prints 1-based lines; and either leaves the line out when it is the first.
var yamlParserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"found undefined tag handle",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlErrorPos finds the place of a yaml.v3 error ("yaml: line 12: ..."), in the file
// (the chunk c starts at its line c.first). yaml.v3 names the line of the construct being
// parsed (a mapping that starts lines above an indentation mistake) and no column, so the
// line is found again: the mistake is on the first line at which a prefix of the document,
// cut after whole lines, no longer reads, and its column is that of the line's first
// character (for an unclosed flow collection, its opening bracket). Errors about characters
// YAML does not allow point at the first such character.
func (r *Reader) yamlErrorPos(err error, c *yamlChunk) parse.Pos {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		k := 0
		for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' && line < spell.MaxNumber/10 {
			line = line*10 + int(rest[k]-'0')
			k++
		}
		if k > 0 && strings.HasPrefix(rest[k:], ": ") {
			msg = rest[k+2:]
		} else {
			line = 0
		}
	}
	parser := false
	for _, p := range yamlParserProblems {
		if msg == p {
			parser = true
			break
		}
	}
	if strings.Contains(msg, "control characters") {
		for k, l := range splitLines(c.src) {
			if off := firstControl(l); off >= 0 {
				return notTextPos(r.name, c.first+k, l, off)
			}
		}
	}
	switch {
	case parser:
		line++ // 0-based, or left out for the first line
	case line > 0:
	default:
		line = 1 // a scanner error on the first line
	}
	lines := splitLines(c.src)
	if parser && !strings.Contains(msg, "',' or") && len(c.src) <= maxBisect && r.bisected < maxBisectFile {
		line = firstFailingLine(lines, line, &r.bisected)
	}
	line = min(max(line, 1), len(lines))
	text := lines[line-1]
	text = bytes.TrimRight(text, "\r\n")
	col := len(text) - len(bytes.TrimLeft(text, " \t")) + 1
	if strings.Contains(msg, "',' or") {
		open := byte('[')
		if strings.HasSuffix(msg, "'}'") {
			open = '{'
		}
		if k := bytes.LastIndexByte(text, open); k >= 0 {
			col = k + 1
		}
	}
	if col > len(text) {
		col = 1
	}
	return parse.Pos{File: r.name, Line: c.first - 1 + line, Col: utf8.RuneCount(text[:col-1]) + 1}
}

// maxBisect bounds the documents whose mistake is looked for by bisection (a dozen decodes
// of the document): real games are a few KiB; a larger document keeps yaml.v3's line. So
// does every document once maxBisectFile bytes have been decoded to bisect in a file, so
// that a file of many broken documents costs little more than its reading.
const (
	maxBisect     = 16 << 10
	maxBisectFile = 1 << 20
)

// firstFailingLine returns the first line n >= from (1-based) such that the first n lines do
// not read as YAML, found by bisection (documents of whole lines in block style read at any
// cut), or from when there is no such line.
func firstFailingLine(lines [][]byte, from int, spent *int) int {
	fails := func(n int) bool {
		var doc yaml.Node
		src := bytes.Join(lines[:n], nil)
		*spent += len(src)
		err := decode(yaml.NewDecoder(bytes.NewReader(src)), &doc)
		return err != nil && err != io.EOF
	}
	lo, hi := max(from, 1), len(lines) // fails(hi) holds: the whole document does not read
	if lo > hi || !fails(hi) {
		return from
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// YAMLError turns an error of yaml.v3 reading src (one document, as a whole file) into an
// error at the line and column of the mistake, as the Reader reports them; the message
// starts "invalid YAML: ". For ruleset files and other YAML read whole.
func YAMLError(file string, src []byte, err error) *parse.Error {
	c := yamlChunk{src: src, first: 1}
	r := &Reader{name: file}
	return &parse.Error{Pos: r.yamlErrorPos(err, &c), Msg: yamlErrorMsg(err)}
}

// yamlErrorMsg turns "yaml: line 3: did not find expected key" into "invalid YAML: did
// not find expected key".
func yamlErrorMsg(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if k := strings.Index(rest, ": "); k >= 0 {
			msg = rest[k+2:]
		}
	}
	return "invalid YAML: " + msg
}

// ---- whole files ---------------------------------------------------------------------------

// ReadAll reads every game of r. The error is an ErrorList of every game's errors, or
// the read error that stopped it.
func ReadAll(r *Reader) ([]*parse.Game, error) {
	var games []*parse.Game
	var all parse.ErrorList
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if g != nil {
			games = append(games, g)
		}
		if err != nil {
			var list parse.ErrorList
			if !errors.As(err, &list) {
				return games, err
			}
			all = append(all, list...)
		}
	}
	return games, all.Err()
}

// ParseFile reads every game of the named file ("-" for standard input), choosing the
// format by name and content.
func ParseFile(name string) ([]*parse.Game, error) {
	if name == "-" {
		return ReadAll(NewReader(os.Stdin, name, parse.Auto))
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(NewReader(f, name, parse.Auto))
}

// ParseBytes reads every game of src; name is the file name for positions and the format.
func ParseBytes(src []byte, name string) ([]*parse.Game, error) {
	return ParseBytesFormat(src, name, parse.Auto)
}

// ParseBytesFormat is ParseBytes with the format given.
func ParseBytesFormat(src []byte, name string, format parse.Format) ([]*parse.Game, error) {
	return ReadAll(NewReader(bytes.NewReader(src), name, format))
}
