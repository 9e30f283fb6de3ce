package reader

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
	"gopkg.in/yaml.v3"
)

// The reader of YAML: one document at a time, read by the direct or the fast reader
// (yamldirect.go, yamlfast.go) or else by yaml.v3, and the positions of yaml.v3's errors.

// yamlReader reads YAML.
type yamlReader struct {
	*stream
	docMem
	ychunk   yamlChunk     // the YAML document being read ...
	ydec     *yaml.Decoder // ... and its decoder, until it reaches the chunk's end
	yamlCR   int           // lone carriage returns before the chunk (YAML counts them as line breaks)
	bisected int           // bytes of documents bisected for an error's line (yamlErrorPos)
}

// yamlSource feeds yaml.v3 line by line from the start of the input, for the JSON front
// end's question whether flow-style input is YAML (tryYAML). At the first NUL byte or invalid
// UTF-8 it records the place and ends the stream.
type yamlSource struct {
	r       *stream
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
func (r *yamlReader) nextChunk() (c yamlChunk, ok bool) {
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
				lb.cut, lb.r, lb.line = false, start, lb.line-1 // the next document starts here
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

// next reads the next game. Its memory is the reader's (docMem), or goes to p.
func (r *yamlReader) next(p *Pending) (*parse.Game, error) {
	r.pending = p
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
func (r *yamlReader) nextDoc() (*parse.Game, bool, error) {
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
		return &parse.Game{File: r.name, Index: r.index, Pos: pos}, true, parse.ErrorList{{Pos: pos, Msg: tabHint(yamlErrorMsg(err), c, pos)}}
	}
	shiftLines(&doc, c.first-1)
	top := docTop(&doc)
	if top == nil || isNull(top) {
		return nil, false, nil // an empty document
	}
	yamlFoot(&doc, top)
	r.index++
	g, errs := parseYAMLGame(top, r.name, r.index, &r.arena)
	return r.kept.keep(g), true, errs.Err()
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
func (r *yamlReader) yamlErrorPos(err error, c *yamlChunk) parse.Pos {
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
	r := &yamlReader{stream: &stream{name: file}}
	pos := r.yamlErrorPos(err, &c)
	return &parse.Error{Pos: pos, Msg: tabHint(yamlErrorMsg(err), &c, pos)}
}

// tabHint adds to yaml.v3's message for a character that cannot start a token what it is
// when that character is a tab: YAML indents with spaces only.
func tabHint(msg string, c *yamlChunk, pos parse.Pos) string {
	if !strings.Contains(msg, "cannot start any token") {
		return msg
	}
	lines := splitLines(c.src)
	if k := pos.Line - c.first; k >= 0 && k < len(lines) && bytes.IndexByte(lines[k], '\t') >= 0 {
		return msg + " (a tab: YAML indents with spaces, not tabs)"
	}
	return msg
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
