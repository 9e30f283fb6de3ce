package reader

// The fast path of the JSON front end: a game of JSON lines (or of concatenated objects)
// after the first, read in place from the line buffer, with the node slabs of the fast
// YAML reader and the document's text as one string. It reads the JSON of programs: ASCII
// strings without escapes, numbers, true, false and null, blanks, tabs and newlines between
// tokens, an object per game followed by the next one. On anything else — an escape, other
// bytes than printable ASCII, a carriage return, an error in the JSON or in the game, or
// the end of what is in the buffer before the next game starts — it declines, and the JSON
// reader (json.go) reads the game as before, so that games, positions and messages are the
// same (FuzzParseJSON, TestJSONFastStreams).

import (
	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// fastJSON reads the next game with the fast path, or returns nil, having moved nothing.
func (r *jsonReader) fastJSON(j *jsonScanner) *parse.Game {
	lb := j.lb
	if r.opts.noFast || !j.started || j.window || j.inArray || lb.mark >= 0 || lb.err != nil {
		return nil
	}
	y := yfastGet()
	defer yfastPut(y)
	var top *yaml.Node
	for {
		b := lb.buf[lb.r:lb.w]
		// The direct reader finds the end of the game's line itself, and declines a line
		// not read whole: it reads all that is in the buffer.
		m := r.aheadMem()
		if g, end, line, ls := directJSON(b, j.line, j.col, lb.eof, r.name, r.index+1, m, r.keep); g != nil {
			lb.r += end
			j.line, j.col = line, end-ls+1
			r.index++
			return r.readAhead(m, g)
		}
		region := lb.lines()
		var more bool
		top, more = y.jsonGame(region, j.line, j.col, lb.eof)
		if !more {
			break
		}
		if len(region) > parse.MaxGameBytes/2 || len(b) > 2*parse.MaxGameBytes || !lb.fill() && (lb.err != nil || !lb.eof) {
			return nil
		}
	}
	if top == nil || y.end > parse.MaxGameBytes/2 { // (the JSON reader's limit on strings is MaxGameBytes)
		return nil
	}
	y.finish(lb.buf[lb.r : lb.r+y.end])
	g, errs := buildYAMLGame(top, r.name, r.index+1, &r.arena, true, true) // ASCII, no escapes
	g.SettleComments()                                                     // the comment mapping's comments of statements the game lacks
	if len(errs) > 0 {
		return nil
	}
	lb.r += y.end
	j.line, j.col = y.line, y.end-y.ls+1
	r.index++
	return r.kept.keep(g)
}

// jsonGame reads the game object at the start of s, after blanks, whose first byte is at
// line:col. It returns its top node (y.end is the offset after it; y.line and y.ls the
// line and line start there) or nil; more when s ends before it can tell (and !eof).
func (y *yfast) jsonGame(s []byte, line, col int, eof bool) (top *yaml.Node, more bool) {
	y.reset(s, line)
	y.ls = 1 - col
	y.jsonBlanks()
	if y.i == len(s) {
		return nil, !eof
	}
	if s[y.i] != '{' {
		return nil, false
	}
	top = y.jsonValue()
	if y.fail {
		return nil, y.ranOut && !eof
	}
	y.end = y.i
	endLine, endLS := y.line, y.ls
	// What follows: the next game (or the end of the input).
	y.jsonBlanks()
	switch {
	case y.fail:
		return nil, false
	case y.i == len(s):
		if !eof {
			return nil, true
		}
	case s[y.i] != '{':
		return nil, false
	}
	y.line, y.ls = endLine, endLS
	return top, false
}

// jsonBlanks moves past blanks, tabs and newlines; a carriage return fails.
func (y *yfast) jsonBlanks() {
	s := y.s
	for y.i < len(s) {
		switch s[y.i] {
		case ' ', '\t':
		case '\n':
			y.line++
			y.ls = y.i + 1
		case '\r':
			y.fail = true
			return
		default:
			return
		}
		y.i++
	}
}

// jsonValue reads the value at y.i.
func (y *yfast) jsonValue() *yaml.Node {
	switch c := y.s[y.i]; {
	case c == '{' || c == '[':
		return y.jsonContainer(c)
	case c == '"':
		return y.jsonString()
	case c == '-' || c >= '0' && c <= '9':
		return y.jsonNumber()
	case c == 't' || c == 'f' || c == 'n':
		return y.jsonLiteral()
	}
	y.fail = true
	return nil
}

// jsonContainer reads the object or array that starts with c at y.i.
func (y *yfast) jsonContainer(c byte) *yaml.Node {
	s := y.s
	if y.depth++; y.depth > 64 {
		y.fail = true
		return nil
	}
	kind, tag, end := yaml.MappingNode, "!!map", byte('}')
	if c == '[' {
		kind, tag, end = yaml.SequenceNode, "!!seq", ']'
	}
	n := y.node(kind, tag, yaml.FlowStyle, y.i)
	k := len(y.kids)
	y.i++
	for first := true; !y.fail; first = false {
		y.jsonBlanks()
		if y.i == len(s) {
			y.fail, y.ranOut = true, true
			break
		}
		if s[y.i] == end && first {
			y.i++
			break
		}
		if kind == yaml.MappingNode && !y.jsonKey() {
			break
		}
		v := y.jsonValue()
		if y.fail {
			break
		}
		y.kids = append(y.kids, v)
		y.jsonBlanks()
		if y.i == len(s) {
			y.fail, y.ranOut = true, true
			break
		}
		if s[y.i] == end {
			y.i++
			break
		}
		if s[y.i] != ',' {
			y.fail = true
			break
		}
		y.i++
	}
	y.close(n, k)
	y.depth--
	return n
}

// jsonKey reads a member's key and its ':' at y.i, up to the value; false (y.fail set) when
// there is none.
func (y *yfast) jsonKey() bool {
	s := y.s
	if s[y.i] != '"' {
		y.fail = true
		return false
	}
	y.kids = append(y.kids, y.jsonString())
	y.jsonBlanks()
	if y.fail || y.i == len(s) || s[y.i] != ':' {
		y.fail, y.ranOut = true, y.ranOut || y.i == len(s)
		return false
	}
	y.i++
	y.jsonBlanks()
	if y.i == len(s) {
		y.fail, y.ranOut = true, true
		return false
	}
	return true
}

// jsonNumber reads the number at y.i.
func (y *yfast) jsonNumber() *yaml.Node {
	s := y.s
	start := y.i
	for y.i < len(s) && isWordByte(s[y.i]) {
		y.i++
	}
	tok := s[start:y.i]
	if y.i == len(s) || !isJSONNumber(tok) {
		y.fail = true
		return nil
	}
	n := y.node(yaml.ScalarNode, numberTag(tok), 0, start)
	y.spans = append(y.spans, yspan{n, start, y.i})
	return n
}

// jsonLiteral reads true, false or null at y.i.
func (y *yfast) jsonLiteral() *yaml.Node {
	s := y.s
	start := y.i
	for y.i < len(s) && isWordByte(s[y.i]) {
		y.i++
	}
	var v, tag string
	switch string(s[start:y.i]) {
	case "true":
		v, tag = "true", "!!bool"
	case "false":
		v, tag = "false", "!!bool"
	case "null":
		v, tag = "null", "!!null"
	default:
		y.fail = true
		return nil
	}
	n := y.node(yaml.ScalarNode, tag, 0, start)
	n.Value = v
	return n
}

// jsonString reads the string at y.i: printable ASCII without escapes, on one line.
func (y *yfast) jsonString() *yaml.Node {
	s := y.s
	start := y.i
	k := start + 1
	for k < len(s) && jsonPlain[s[k]] {
		k++
	}
	if k == len(s) || s[k] != '"' {
		y.fail = true // an escape, a control character, not ASCII, or the end of the line
		return nil
	}
	n := y.node(yaml.ScalarNode, "!!str", yaml.DoubleQuotedStyle, start)
	y.spans = append(y.spans, yspan{n, start + 1, k})
	y.i = k + 1
	return n
}
