package reader

// The JSON front end: the scanner.
//
// JSON is YAML, and the YAML path reads it correctly, but yaml.v3 is slow at it, far
// slower than the text reader. Machine-written transcripts come as JSON, so
// JSON input has a front end of its own: a hand-written scanner, with no reflection,
// that builds the very *yaml.Node tree yaml.v3 would build (same Kind, Tag, Value,
// Style, Line and Column for every node) and hands it to the YAML model builder
// (parseYAMLGame) unchanged, so that the two paths cannot disagree about the Game nor
// about the errors of its content. Nodes come from slabs reused from game to game, the
// text of all the strings of a game is one allocation, and the input is read through the
// Reader's lineBuffer a token at a time, so that memory holds one game, not the stream.
//
// A stream holds any number of top-level JSON values: one object per game, several
// objects concatenated or one per line (JSON lines), optionally separated by lines
// "---" or "..." (a YAML multi-document stream of JSON documents reads the same as with
// the YAML path). A top-level array is a list of games: each element is one game, read
// and returned one at a time (the YAML path reads the whole array as one document and
// refuses it, "expected a mapping ..., found a list"). Elements and top-level values
// that are null are skipped, like empty YAML documents; other values that are not
// objects are games with an error, as with the YAML path. Nested arrays are not
// flattened: an array element that is an array is such an error.
//
// Scalars are what yaml.v3 makes of them: a string is a double-quoted scalar (!!str)
// holding the unescaped text; numbers, true, false and null are plain scalars holding
// their text as written ("50", "1e3", "true", "null") with the tag yaml.v3 resolves
// (!!int, !!float, !!bool, !!null). Positions are those of yaml.v3: the first character
// of the token ('{', '[', the opening quote), lines counted at "\n", "\r\n" and a lone
// "\r", columns in characters.
//
// Errors. Invalid JSON refuses the game it is in, with one error at the place where it was
// found: FILE:LINE:COL: invalid JSON: expected X, found Y; reading goes on at the next line
// that starts with '{' (or is "---"), as the YAML path goes on at the next document, so that
// one bad line of JSON lines hides no other game (in a top-level array, the array goes on
// there). A NUL byte or invalid UTF-8 gives "not a text transcript" at the
// same place as the YAML path: at the first such byte, which wins over a syntax error
// found earlier on its line, and a game is not returned when such a byte follows it
// before the next value or line "---" (as a YAML document is not returned when such a
// byte follows it before the next "---"). Characters YAML refuses raw (C0 and C1
// controls, DEL, U+FFFE, U+FFFF) are refused in strings too, with the advice to escape
// them.
//
// Where JSON and yaml.v3 disagree, the JSON front end follows JSON: it accepts the escape
// \/ and surrogate pairs (\ud83d\ude00), which yaml.v3 refuses; it keeps NEL, U+2028 and
// U+2029 inside strings as characters, where yaml.v3 folds them as line breaks; it allows a
// key longer than 1024 characters, a newline between a key and its ':' and tabs before a
// top-level value, which yaml.v3 refuses; it has no limit on the length of a line (minified
// JSON is one line) but refuses a string or number longer than 1 MiB. Lone surrogates
// (\ud800 alone) are refused. Nesting is limited to 10000 arrays and objects, as in yaml.v3.
//
// The reader of the stream, which decides when the front end reads and hands the stream to
// the YAML reader when it is not JSON, is jsonReader (jsonstream.go).

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
	"gopkg.in/yaml.v3"
)

const (
	maxJSONDepth = 10000   // nested arrays and objects, as yaml.v3 allows
	maxJSONToken = maxLine // bytes of one string or number
)

// isMarker reports a YAML document marker "---" or "..." at the start of b, followed by
// a blank, a line break or, if eof, the end of b.
func isMarker(b []byte, eof bool) bool {
	if len(b) < 3 || b[0] != b[1] || b[1] != b[2] || b[0] != '-' && b[0] != '.' {
		return false
	}
	if len(b) == 3 {
		return eof
	}
	switch b[3] {
	case ' ', '\t', '\r', '\n':
		return true
	}
	return false
}

// resync skips the rest of a game that cannot be read: the rest of the current line, then
// every line up to one that starts with '{' or a document marker "---", where the next
// game starts (the current line too when the error is at its first byte, a '{': the game
// before it was not closed). A byte that is not text on a skipped line ends the stream:
// its position is returned.
func (j *jsonScanner) resync() parse.Pos {
	lb := j.lb
	j.reset()
	inArray := j.inArray // a game of the top-level array: the array goes on at the next '{'
	j.inArray, j.needComma = false, false
	first := true
	for {
		if !first || j.col == 1 && j.line != j.resynced {
			if !j.ensure(4) && lb.r >= lb.w {
				return parse.Pos{}
			}
			b := lb.buf[lb.r:lb.w]
			if b[0] == '{' || b[0] == '-' && isMarker(b, lb.eof) {
				j.resynced = j.line
				j.inArray = inArray && b[0] == '{'
				return parse.Pos{}
			}
		}
		start, stop, _, ok := lb.next()
		if !ok {
			return parse.Pos{}
		}
		line := lb.buf[start:stop]
		if off := firstBad(line); off >= 0 && !first {
			return notTextPos("", j.line, line, off)
		}
		first = false
		j.line++
		j.col = 1
	}
}

// jsonError is a problem that ends a JSON stream.
type jsonError struct {
	line, col int
	msg       string
	syntax    bool  // invalid JSON (which the YAML fallback may still read)
	trailing  bool  // ... after a complete value
	io        error // a read error, returned as is
}

// jsonFrame is an array or object being read.
type jsonFrame struct {
	n    *yaml.Node
	kids int    // its children start at jsonScanner.kids[kids]
	key  [2]int // an object's last key: strs[key[0]:key[1]], for messages
}

// jsonSpan is a scalar whose Value is strs[off:end] once the value is complete.
type jsonSpan struct {
	n        *yaml.Node
	off, end int
}

// jsonScanner scans JSON from a lineBuffer: lb.buf[lb.r:lb.w] is the unread input, and a
// token is read in place from lb.r (fill keeps it) before lb.r moves past it.
type jsonScanner struct {
	lb        *lineBuffer
	line, col int // position of lb.buf[lb.r]
	started   bool
	window    bool // before the first game: invalid JSON falls back to YAML (lb.mark holds the input)

	inArray    bool // inside a top-level array of games
	needComma  bool // after its first element
	arrayLine  int
	arrayCol   int
	sawArray   bool // for tests: a top-level array was read
	separators int  // "---" lines read
	resynced   int  // line where reading last went on after an error

	// The tree of the current value. All is reused from game to game: the game keeps no
	// node, only strings, which are new for each game.
	chunks  [][]yaml.Node
	ci, ni  int // current chunk, next node in it
	kids    []*yaml.Node
	content []*yaml.Node
	frames  []jsonFrame
	strs    []byte // the text of the value's strings and numbers
	escaped bool   // a string of the value has an escape sequence
	spans   []jsonSpan
	nodes   int // nodes of the value: at most MaxNodes
}

// jsonBuffers are the slabs of finished readers, for the next one.
var jsonBuffers sync.Pool

func newJSONScanner(lb *lineBuffer, window bool) *jsonScanner {
	j, _ := jsonBuffers.Get().(*jsonScanner)
	if j == nil {
		j = &jsonScanner{}
	}
	j.lb = lb
	j.restart()
	if window {
		j.window = true
		lb.mark = lb.r
	}
	return j
}

// restart reads again from the start of the stream (the rewound line buffer), with no
// YAML fallback.
func (j *jsonScanner) restart() {
	j.line, j.col = 1, 1
	j.started, j.window = false, false
	j.inArray, j.needComma, j.sawArray = false, false, false
	j.arrayLine, j.arrayCol, j.separators, j.resynced = 0, 0, 0, 0
	j.reset()
}

// commit ends the window in which invalid JSON falls back to YAML.
func (j *jsonScanner) commit() {
	if j.window {
		j.window = false
		j.lb.mark = -1
	}
}

// release gives the slabs to the next reader once the stream is over.
func (j *jsonScanner) release() {
	if j.lb == nil {
		return
	}
	j.reset()
	j.lb = nil
	if cap(j.strs) <= 1<<20 && cap(j.kids) <= 1<<16 && cap(j.content) <= 1<<20 && len(j.chunks) <= 16 {
		jsonBuffers.Put(j)
	}
}

// reset empties the tree for the next value.
func (j *jsonScanner) reset() {
	j.ci, j.ni = -1, 0
	j.kids = j.kids[:0]
	j.content = j.content[:0]
	j.frames = j.frames[:0]
	j.strs = j.strs[:0]
	j.escaped = false
	j.spans = j.spans[:0]
	j.nodes = 0
}

// node returns a new node at the current position.
func (j *jsonScanner) node(kind yaml.Kind, tag string, style yaml.Style) *yaml.Node {
	if j.ci < 0 || j.ni == len(j.chunks[j.ci]) {
		j.ci++
		j.ni = 0
		if j.ci == len(j.chunks) {
			j.chunks = append(j.chunks, make([]yaml.Node, 128<<min(j.ci, 5)))
		}
	}
	n := &j.chunks[j.ci][j.ni]
	j.ni++
	// Only these fields are ever set (a reused node has no anchor, alias or comment):
	// assigning them one by one spares the write barriers of copying a whole Node.
	n.Kind, n.Style, n.Line, n.Column, n.Tag = kind, style, j.line, j.col, tag
	if n.Value != "" {
		n.Value = ""
	}
	if n.Content != nil {
		n.Content = nil
	}
	return n
}

// finish gives the scalars of the value their text: one string for all of them.
func (j *jsonScanner) finish() {
	if len(j.spans) == 0 {
		return
	}
	s := string(j.strs)
	for _, sp := range j.spans {
		sp.n.Value = s[sp.off:sp.end]
	}
}

// closeFrame ends the innermost array or object, giving it its children.
func (j *jsonScanner) closeFrame() *yaml.Node {
	f := j.frames[len(j.frames)-1]
	j.frames = j.frames[:len(j.frames)-1]
	if kids := j.kids[f.kids:]; len(kids) > 0 {
		a := len(j.content)
		j.content = append(j.content, kids...)
		f.n.Content = j.content[a:len(j.content):len(j.content)]
	}
	j.kids = j.kids[:f.kids]
	return f.n
}

// ---- input -------------------------------------------------------------------------------

// adv moves past n bytes of ASCII on the current line.
func (j *jsonScanner) adv(n int) {
	j.lb.r += n
	j.col += n
}

// ensure tries to have n unread bytes in the buffer and reports whether it has.
func (j *jsonScanner) ensure(n int) bool {
	lb := j.lb
	for lb.w-lb.r < n {
		if !lb.fill() {
			return false
		}
	}
	return true
}

// skipSpace moves past JSON blanks (and, at the top level, YAML document markers at the
// start of a line) and returns the next byte; ok is false at the end of the input.
func (j *jsonScanner) skipSpace(top bool) (c byte, ok bool) {
	lb := j.lb
	if lb.r < lb.w {
		// The common case in compact JSON: no blank at all.
		if c = lb.buf[lb.r]; c > ' ' && (!top || c != '-' && c != '.') {
			return c, true
		}
	}
	for {
		if lb.r >= lb.w && !lb.fill() {
			return 0, false
		}
		// The common case: blanks (indentation) on one line.
		buf, i := lb.buf[:lb.w], lb.r
		for i < len(buf) && (buf[i] == ' ' || buf[i] == '\t') {
			i++
		}
		j.col += i - lb.r
		lb.r = i
		if i == len(buf) {
			continue
		}
		switch c = buf[i]; c {
		case '\n':
			lb.r++
			j.line++
			j.col = 1
		case '\r':
			// "\r\n" is one line break and a lone "\r" another, as yaml.v3 counts them.
			j.ensure(2)
			lb.r++
			if lb.r < lb.w && lb.buf[lb.r] == '\n' {
				lb.r++
			}
			j.line++
			j.col = 1
		case '-', '.':
			if top && j.col == 1 {
				eof := !j.ensure(4)
				if isMarker(lb.buf[lb.r:lb.w], eof) {
					if c == '-' {
						j.separators++
					}
					j.adv(3)
					continue
				}
			}
			return c, true
		default:
			return c, true
		}
	}
}

// isWordByte reports the bytes of bare words: numbers, literals, and the unquoted text
// that messages show.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == '_'
}

// word returns the length of the bare word at lb.r, at most limit+1.
func (j *jsonScanner) word(limit int) int {
	lb := j.lb
	i := 0
	for {
		for lb.r+i < lb.w && isWordByte(lb.buf[lb.r+i]) {
			i++
			if i > limit {
				return i
			}
		}
		if lb.r+i < lb.w || !lb.fill() {
			return i
		}
	}
}

// found describes what is at lb.r, for "expected X, found Y" messages.
func (j *jsonScanner) found() string {
	lb := j.lb
	if !j.ensure(1) {
		return "end of input"
	}
	c := lb.buf[lb.r]
	switch {
	case c == '"':
		return "a string"
	case isWordByte(c):
		n := j.word(24)
		if n > 24 {
			return string(lb.buf[lb.r:lb.r+24]) + "..."
		}
		return string(lb.buf[lb.r : lb.r+n])
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("U+%04X", c)
	case c < utf8.RuneSelf:
		return "'" + string(c) + "'"
	}
	j.ensure(utf8.UTFMax)
	r, _ := utf8.DecodeRune(lb.buf[lb.r:lb.w])
	if unicode.IsPrint(r) {
		return "'" + string(r) + "'"
	}
	return fmt.Sprintf("U+%04X", r)
}

// ---- errors ------------------------------------------------------------------------------

// fail returns the syntax error msg at line:col (on the line of lb.r) — unless the rest of
// that line holds a byte that is not text: the YAML path never parses such a line and
// says "not a text transcript" at the byte, and so does this.
func (j *jsonScanner) fail(line, col int, format string, args ...any) *jsonError {
	if e := j.notText(); e != nil {
		return e
	}
	return &jsonError{line: line, col: col, msg: "invalid JSON: " + fmt.Sprintf(format, args...), syntax: true}
}

// failHere is fail at lb.r, ending the message with ", found ..." and, for a bare word,
// a hint about quotes.
func (j *jsonScanner) failHere(format string, args ...any) *jsonError {
	if e := j.notText(); e != nil {
		return e
	}
	found := j.found()
	if j.lb.r < j.lb.w && isWordByte(j.lb.buf[j.lb.r]) {
		found += " (strings are in double quotes)"
	}
	return j.fail(j.line, j.col, format+", found %s", append(args, found)...)
}

// failEnd is failHere at the end of the input, or the read error that ended it.
func (j *jsonScanner) failEnd(format string, args ...any) *jsonError {
	return j.failEndAt(j.line, j.col, format, args...)
}

// failEndAt is failEnd when the end is at line:col, inside a token.
func (j *jsonScanner) failEndAt(line, col int, format string, args ...any) *jsonError {
	if j.lb.err != nil {
		return &jsonError{io: j.lb.err}
	}
	msg := fmt.Sprintf(format, args...) + ", found end of input"
	if len(j.frames) > 0 {
		n := j.frames[0].n
		what := "object"
		if n.Kind == yaml.SequenceNode {
			what = "array"
		}
		msg += fmt.Sprintf(" (the %s at %d:%d is not closed)", what, n.Line, n.Column)
	} else if j.inArray {
		msg += fmt.Sprintf(" (the array at %d:%d is not closed)", j.arrayLine, j.arrayCol)
	}
	return &jsonError{line: line, col: col, msg: "invalid JSON: " + msg, syntax: true}
}

// notText looks for a NUL byte or invalid UTF-8 from lb.r to the end of its line (the
// first MiB of it) and returns the error for it, or nil.
func (j *jsonScanner) notText() *jsonError {
	lb := j.lb
	scanned := 0
	end := 0
	for {
		if k := bytes.IndexByte(lb.buf[lb.r+scanned:lb.w], '\n'); k >= 0 {
			end = lb.r + scanned + k
			break
		}
		scanned = lb.w - lb.r
		if scanned > maxLine || !lb.fill() {
			end = lb.w
			break
		}
	}
	seg := lb.buf[lb.r:end]
	cut := len(seg) > maxLine
	if cut {
		seg = seg[:maxLine]
	}
	off := firstBad(seg)
	if off < 0 || cut && off > len(seg)-utf8.UTFMax && !utf8.FullRune(seg[off:]) {
		return nil
	}
	return &jsonError{line: j.line, col: j.col + utf8.RuneCount(seg[:off]), msg: "not a text transcript"}
}

// ---- values ------------------------------------------------------------------------------

// next returns the top node of the next game, skipping null values, or nil at the end.
func (j *jsonScanner) next() (*yaml.Node, *jsonError) {
	lb := j.lb
	if !j.started {
		j.started = true
		if j.ensure(3) && bytes.HasPrefix(lb.buf[lb.r:lb.w], []byte("\xEF\xBB\xBF")) {
			lb.r += 3
		}
	}
	for {
		j.reset()
		var c byte
		var ok bool
		if j.inArray {
			c, ok = j.skipSpace(false)
			if j.needComma {
				if !ok {
					return nil, j.failEnd("expected ',' or ']' after a game in the top-level array")
				}
				if c == ']' {
					j.adv(1)
					j.inArray = false
					continue
				}
				if c != ',' {
					return nil, j.failHere("expected ',' or ']' after a game in the top-level array")
				}
				j.adv(1)
				if c, ok = j.skipSpace(false); !ok {
					return nil, j.failEnd("expected a game after ','")
				}
				if c == ']' {
					return nil, j.failHere("expected a game after ',' (JSON has no comma after the last element)")
				}
			} else {
				if !ok {
					return nil, j.failEnd("expected a game or ']'")
				}
				if c == ']' {
					j.adv(1)
					j.inArray = false
					continue
				}
			}
			j.needComma = true
		} else {
			if c, ok = j.skipSpace(true); !ok {
				if lb.err != nil {
					return nil, &jsonError{io: lb.err}
				}
				return nil, nil
			}
			if c == '[' {
				j.inArray, j.needComma, j.sawArray = true, false, true
				j.arrayLine, j.arrayCol = j.line, j.col
				j.adv(1)
				continue
			}
		}
		n, e := j.value(c)
		if e != nil {
			return nil, e
		}
		j.finish()
		if e := j.after(); e != nil {
			return nil, e
		}
		if !isNull(n) {
			return n, nil
		}
	}
}

// after looks at what follows a game's value before the game is returned: a byte that
// is not text there means no game, unless a line "---" comes first, as in the YAML path.
// Before the first game, what cannot follow a game in JSON sends the input to the YAML
// fallback.
func (j *jsonScanner) after() *jsonError {
	seps := j.separators
	c, ok := j.skipSpace(!j.inArray)
	if !ok {
		return nil // the end, or a read error for the next call
	}
	if c == 0 || c >= utf8.RuneSelf {
		if e := j.notText(); e != nil && e.line == j.line && e.col == j.col {
			if j.separators > seps {
				return nil // for the next call
			}
			return e
		}
	}
	if j.window && (j.inArray && c != ',' && c != ']' || !j.inArray && c != '{' && c != '[') {
		e := j.failHere("expected a game")
		e.trailing = true
		return e
	}
	return nil
}

// value reads the value that starts with c at lb.r and returns its node.
func (j *jsonScanner) value(c byte) (*yaml.Node, *jsonError) {
	base := len(j.frames)
	outer := 0 // levels above the value: the top-level array
	if j.inArray {
		outer = 1
	}
	for {
		var n *yaml.Node
		var e *jsonError
		if j.nodes++; j.nodes > parse.MaxNodes || len(j.strs) > parse.MaxGameBytes {
			what := fmt.Sprintf("more than %d values", parse.MaxNodes)
			if len(j.strs) > parse.MaxGameBytes {
				what = fmt.Sprintf("more than %d KiB of strings", parse.MaxGameBytes>>10)
			}
			return nil, &jsonError{line: j.line, col: j.col, msg: spell.LimitMsg("%s in one game", what)}
		}
		switch {
		case c == '{' || c == '[':
			if len(j.frames)+outer >= maxJSONDepth {
				// A limit of the JSON read so far, not a sign that the input is YAML: the YAML
				// fallback would only name a limit of its own.
				e := j.fail(j.line, j.col, "more than %d nested arrays and objects", maxJSONDepth)
				e.syntax = false
				return nil, e
			}
			kind, tag, end := yaml.MappingNode, "!!map", byte('}')
			if c == '[' {
				kind, tag, end = yaml.SequenceNode, "!!seq", ']'
			}
			n = j.node(kind, tag, yaml.FlowStyle)
			j.adv(1)
			j.frames = append(j.frames, jsonFrame{n: n, kids: len(j.kids)})
			var ok bool
			if c, ok = j.skipSpace(false); !ok {
				if kind == yaml.MappingNode {
					return nil, j.failEnd("expected a key in double quotes or '}'")
				}
				return nil, j.failEnd("expected a value or ']'")
			}
			if c == end {
				j.adv(1)
				n = j.closeFrame()
				break
			}
			if kind == yaml.MappingNode {
				if c, e = j.member(c, "expected a key in double quotes or '}'"); e != nil {
					return nil, e
				}
			}
			continue
		case c == '"':
			n, e = j.str()
		case c == '-' || c >= '0' && c <= '9':
			n, e = j.number()
		case c == 't' || c == 'f' || c == 'n':
			n, e = j.literal()
		default:
			return nil, j.failHere("expected a value%s", j.context())
		}
		if e != nil {
			return nil, e
		}
		top, next, e := j.complete(n, base)
		if e != nil {
			return nil, e
		}
		if top != nil {
			return top, nil
		}
		c = next
	}
}

// complete adds n, a complete value, to its parent, closing the parents it completes. When
// that completes the value begun with base frames open, it returns it; else it returns the
// first byte of the next value to read, the next element of an array or the value of the
// next member of an object.
func (j *jsonScanner) complete(n *yaml.Node, base int) (*yaml.Node, byte, *jsonError) {
	for {
		if len(j.frames) == base {
			return n, 0, nil
		}
		j.kids = append(j.kids, n)
		isMap := j.frames[len(j.frames)-1].n.Kind == yaml.MappingNode
		c, ok := j.skipSpace(false)
		if !ok {
			if isMap {
				return nil, 0, j.failEnd("expected ',' or '}' after the value of %s", j.keyName())
			}
			return nil, 0, j.failEnd("expected ',' or ']' after an array element")
		}
		if isMap && c == '}' || !isMap && c == ']' {
			j.adv(1)
			n = j.closeFrame()
			continue
		}
		if c != ',' {
			if isMap {
				return nil, 0, j.failHere("expected ',' or '}' after the value of %s", j.keyName())
			}
			return nil, 0, j.failHere("expected ',' or ']' after an array element")
		}
		j.adv(1)
		if c, ok = j.skipSpace(false); !ok {
			if isMap {
				return nil, 0, j.failEnd("expected a key in double quotes after ','")
			}
			return nil, 0, j.failEnd("expected a value after ','")
		}
		if isMap {
			var e *jsonError
			if c, e = j.member(c, "expected a key in double quotes after ','"); e != nil {
				return nil, 0, e
			}
		} else if c == ']' {
			return nil, 0, j.failHere("expected a value after ',' (JSON has no comma after the last element)")
		}
		return nil, c, nil
	}
}

// member reads a key and its ':' from c at lb.r and returns the first byte of the value.
func (j *jsonScanner) member(c byte, expected string) (byte, *jsonError) {
	if c != '"' {
		if c == '}' {
			return 0, j.failHere("%s (JSON has no comma after the last member)", expected)
		}
		return 0, j.failHere("%s", expected)
	}
	off := len(j.strs)
	j.nodes++ // keys are nodes too (the limit is checked at the value)
	k, e := j.str()
	if e != nil {
		return 0, e
	}
	j.frames[len(j.frames)-1].key = [2]int{off, len(j.strs)}
	j.kids = append(j.kids, k)
	c, ok := j.skipSpace(false)
	if !ok {
		return 0, j.failEnd("expected ':' after the key %s", j.keyName())
	}
	if c != ':' {
		return 0, j.failHere("expected ':' after the key %s", j.keyName())
	}
	j.adv(1)
	if c, ok = j.skipSpace(false); !ok {
		return 0, j.failEnd("expected a value after %s:", j.keyName())
	}
	return c, nil
}

// keyName quotes the last key of the innermost object, for messages.
func (j *jsonScanner) keyName() string {
	key := j.frames[len(j.frames)-1].key
	k := j.strs[key[0]:key[1]]
	if len(k) > 40 {
		return strconv.Quote(string(k[:40])) + "..."
	}
	return strconv.Quote(string(k))
}

// context says where a value was expected, for messages.
func (j *jsonScanner) context() string {
	switch {
	case len(j.frames) > 0 && j.frames[len(j.frames)-1].n.Kind == yaml.MappingNode:
		return " after " + j.keyName() + ":"
	case len(j.frames) > 0:
		return " in the array"
	case j.inArray:
		return " (a game) in the top-level array"
	}
	return " (a game)"
}

// jsonPlain are the bytes a string holds as they are: not a control, quote, backslash,
// DEL or part of a multi-byte character.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads the string at lb.r.
func (j *jsonScanner) str() (*yaml.Node, *jsonError) {
	lb := j.lb
	line, col := j.line, j.col
	off := len(j.strs)
	i := 1 // bytes read, from lb.r
	ncol := col + 1
	for {
		buf := lb.buf[lb.r:lb.w]
		k := i
		for k < len(buf) && jsonPlain[buf[k]] {
			k++
		}
		j.strs = append(j.strs, buf[i:k]...)
		ncol += k - i
		i = k
		if i > maxJSONToken {
			return nil, &jsonError{line: line, col: col, msg: spell.LimitMsg("a JSON string longer than %d KiB", maxJSONToken>>10)}
		}
		if i == len(buf) {
			if !lb.fill() {
				return nil, j.failEndAt(line, ncol, "expected '\"' to end the string at %d:%d", line, col)
			}
			continue
		}
		switch c := buf[i]; {
		case c == '"':
			j.lb.r += i + 1
			j.col = ncol + 1
			n := j.nodeAt(line, col, yaml.ScalarNode, "!!str", yaml.DoubleQuotedStyle)
			j.spans = append(j.spans, jsonSpan{n, off, len(j.strs)})
			return n, nil
		case c == '\\':
			j.escaped = true
			for lb.w-lb.r < i+12 && lb.fill() {
			}
			w, e := j.escape(lb.buf[lb.r+i:lb.w], line, ncol)
			if e != nil {
				return nil, e
			}
			i += w
			ncol += w
		case c >= utf8.RuneSelf:
			for lb.w-lb.r < i+utf8.UTFMax && lb.fill() {
			}
			buf = lb.buf[lb.r:lb.w]
			r, size := utf8.DecodeRune(buf[i:])
			if r == utf8.RuneError && size <= 1 {
				return nil, j.fail(line, ncol, "invalid UTF-8") // not text: notText reports it
			}
			if r < 0xA0 && r != 0x85 || r == 0xFFFE || r == 0xFFFF {
				return nil, j.fail(line, ncol, "control character %U in a string (write it as \\u%04x)", r, r)
			}
			j.strs = append(j.strs, buf[i:i+size]...)
			i += size
			ncol++
		case c == '\n' || c == '\r':
			return nil, j.fail(line, ncol, "expected '\"' to end the string at %d:%d, found end of line (a string cannot span lines: write \\n)", line, col)
		default:
			if c == 0 {
				if e := j.notText(); e != nil {
					return nil, e
				}
			}
			how := fmt.Sprintf("\\u%04x", c)
			if c == '\t' {
				how = "\\t"
			}
			return nil, j.fail(line, ncol, "control character %U in a string (write it as %s)", c, how)
		}
	}
}

// nodeAt is node at a position read earlier.
func (j *jsonScanner) nodeAt(line, col int, kind yaml.Kind, tag string, style yaml.Style) *yaml.Node {
	n := j.node(kind, tag, style)
	n.Line, n.Column = line, col
	return n
}

// escape decodes the escape sequence at the start of b into strs and returns its length.
// line:col is its position.
func (j *jsonScanner) escape(b []byte, line, col int) (int, *jsonError) {
	if len(b) < 2 {
		return 0, j.failEndAt(line, col+1, "expected an escape after '\\'")
	}
	var c byte
	switch b[1] {
	case '"', '\\', '/':
		c = b[1]
	case 'b':
		c = '\b'
	case 'f':
		c = '\f'
	case 'n':
		c = '\n'
	case 'r':
		c = '\r'
	case 't':
		c = '\t'
	case 'u':
		r, ok := hex4(b[2:])
		if !ok {
			return 0, j.fail(line, col, "invalid escape %s in a string (\\u takes four hex digits)", escapeText(b, 6))
		}
		switch {
		case r >= 0xDC00 && r < 0xE000:
			return 0, j.fail(line, col, "invalid escape %s in a string (a low surrogate without a high one before it)", escapeText(b, 6))
		case r >= 0xD800 && r < 0xDC00:
			if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
				if r2, ok := hex4(b[8:]); ok && r2 >= 0xDC00 && r2 < 0xE000 {
					j.strs = utf8.AppendRune(j.strs, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
					return 12, nil
				}
			}
			return 0, j.fail(line, col, "invalid escape %s in a string (a high surrogate must be followed by a low one, \\udc00 to \\udfff)", escapeText(b, 6))
		}
		j.strs = utf8.AppendRune(j.strs, r)
		return 6, nil
	default:
		return 0, j.fail(line, col, "invalid escape %s in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)", escapeText(b, 2))
	}
	j.strs = append(j.strs, c)
	return 2, nil
}

// escapeText quotes up to n bytes of an escape sequence for a message.
func escapeText(b []byte, n int) string {
	k := 1
	for k < len(b) && k < n && b[k] > ' ' && b[k] < 0x7f && b[k] != '"' {
		k++
	}
	s := string(b[:k])
	if k < n && k < len(b) && b[k] != '"' {
		r, _ := utf8.DecodeRune(b[k:])
		s += fmt.Sprintf("%U", r)
	}
	return "'" + s + "'"
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number reads the number at lb.r.
func (j *jsonScanner) number() (*yaml.Node, *jsonError) {
	n := j.word(maxJSONToken)
	if n > maxJSONToken {
		return nil, &jsonError{line: j.line, col: j.col, msg: "not a text transcript (a number longer than 1 MiB)"}
	}
	tok := j.lb.buf[j.lb.r : j.lb.r+n]
	if !isJSONNumber(tok) {
		if n > 40 {
			return nil, j.fail(j.line, j.col, "%q... is not a number", tok[:40])
		}
		return nil, j.fail(j.line, j.col, "%q is not a number", tok)
	}
	off := len(j.strs)
	j.strs = append(j.strs, tok...)
	node := j.node(yaml.ScalarNode, numberTag(tok), 0)
	j.spans = append(j.spans, jsonSpan{node, off, len(j.strs)})
	j.adv(n)
	return node, nil
}

// isJSONNumber reports whether b is a number in JSON's grammar.
func isJSONNumber(b []byte) bool {
	i := 0
	digits := func() int {
		k := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i - k
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// numberTag is the tag yaml.v3 resolves for a plain scalar holding JSON number b.
func numberTag(b []byte) string {
	if len(b) <= 18 && !bytes.ContainsAny(b, ".eE") {
		return "!!int" // fits int64
	}
	s := string(b)
	if _, err := strconv.ParseInt(s, 0, 64); err == nil {
		return "!!int"
	}
	if _, err := strconv.ParseUint(s, 0, 64); err == nil {
		return "!!int"
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return "!!float"
	}
	return "!!str" // out of range: yaml.v3 keeps it a string
}

// literal reads true, false or null at lb.r.
func (j *jsonScanner) literal() (*yaml.Node, *jsonError) {
	n := j.word(5)
	var v, tag string
	switch string(j.lb.buf[j.lb.r : j.lb.r+n]) {
	case "true":
		v, tag = "true", "!!bool"
	case "false":
		v, tag = "false", "!!bool"
	case "null":
		v, tag = "null", "!!null"
	default:
		return nil, j.failHere("expected a value%s", j.context())
	}
	node := j.node(yaml.ScalarNode, tag, 0)
	node.Value = v
	j.adv(n)
	return node, nil
}
