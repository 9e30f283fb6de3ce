package reader

// The fast YAML reader.
//
// yaml.v3 is the YAML parser of this package: it reads all of YAML 1.2 as the spec has it,
// with the library's positions and messages, which the error tests pin down. But it is
// slow at what most YAML transcripts are, the output of `tricks convert --to yaml` and of
// programs, where it would be most of the time of `validate`.
// So a document is first offered to fastYAML, a reader of the subset of YAML that the
// writers use and that people write by hand in the same style:
//
//   - block mappings and block sequences, a sequence item holding a mapping ("- deal: ...")
//     or a scalar, a mapping's sequence indented or not;
//   - flow sequences and flow mappings on one line ([ann, bob], {ann: 2C 3C, bob: 4C 5C}),
//     nested (pass: {ann: {to: cat, cards: 2C 3C 4C}});
//   - plain scalars on one line, single- and double-quoted scalars without escapes;
//   - comments, blank lines, a "---" line before the document and a "..." line after it;
//   - ASCII text.
//
// It builds the very node tree yaml.v3 would build (same Kind, Tag, Value, Style, Line and
// Column for every node) and hands it to the same model builder (buildYAMLGame), so that
// both paths make the same Game of a document. On anything else — tabs, carriage returns,
// other bytes than printable ASCII, anchors, aliases, tags, block scalars, escapes,
// multi-line scalars or flow collections, empty values, a plain scalar that may be a
// number other than a decimal integer, or any error at all, in the YAML or in the game —
// it declines, and yaml.v3 reads the document as before, so that every message and every
// odd input behaves exactly as it did. FuzzYAMLFast checks that for every input the fast
// reader either declines or makes the Game that yaml.v3's tree makes, positions included.

import (
	"bytes"
	"sync"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// yfastGet takes a fast reader from the pool; yfastPut gives it back.
func yfastGet() *yfast {
	if y, _ := yfastPool.Get().(*yfast); y != nil {
		return y
	}
	return &yfast{}
}

func yfastPut(y *yfast) {
	y.s = nil // not the Reader's buffer
	yfastPool.Put(y)
}

// fastYAML reads the next document of the input with the fast reader, before nextChunk
// would, or returns nil, having moved nothing, when the document is not in its subset or
// holds an error (nextChunk and yaml.v3 then read it). The document is cut as nextChunk
// cuts it: up to a line "---" after its content or after a "..." line. Whenever that might
// not be so (a "---" line after a comment, a byte-order mark, a carriage return) the
// document is declined.
func (r *yamlReader) fastYAML() *parse.Game {
	lb := r.lb
	if lb.mark >= 0 || lb.err != nil || r.opts.noFast {
		return nil
	}
	y := yfastGet()
	defer yfastPut(y)
	first := lb.line + r.yamlCR + 1
	var top *yaml.Node
	for {
		b := lb.buf[lb.r:lb.w]
		if !lb.bom && (len(b) >= 3 || lb.eof) {
			if bytes.HasPrefix(b, []byte("\xEF\xBB\xBF")) {
				return nil
			}
			lb.bom = true // (no mark to take away)
		}
		if lb.bom {
			// The direct reader needs the document's end "\n---\n" (or the input's) in
			// what it is given: it reads all that is in the buffer. The tree reader reads
			// the complete lines, again with more lines if they end before the document.
			m := r.aheadMem()
			if g, n := directYAML(b, first, lb.eof, r.name, r.index+1, m, r.keep); g != nil {
				doc := b[:n]
				lines := bytes.Count(doc, []byte{'\n'})
				if doc[len(doc)-1] != '\n' {
					lines++
				}
				lb.r += n
				lb.line += lines
				r.index++
				return r.readAhead(m, g)
			}
			region := lb.lines()
			var more bool
			top, more = y.document(region, first, lb.eof)
			if !more {
				break
			}
			if len(region) > parse.MaxGameBytes/2 {
				return nil // a long document
			}
		}
		if len(b) > 2*parse.MaxGameBytes || !lb.fill() && (lb.err != nil || !lb.eof) {
			return nil
		}
	}
	if top == nil || y.end > parse.MaxGameBytes/2 {
		return nil
	}
	doc := lb.buf[lb.r : lb.r+y.end]
	y.finish(doc)
	g, errs := buildYAMLGame(top, r.name, r.index+1, &r.arena, true, true) // printable ASCII
	g.SettleComments()                                                     // the comment mapping's comments of statements the game lacks
	if len(errs) > 0 {
		return nil
	}
	lines := bytes.Count(doc, []byte{'\n'})
	if doc[len(doc)-1] != '\n' {
		lines++
	}
	lb.r += len(doc)
	lb.line += lines
	r.index++
	return r.kept.keep(g)
}

// fastYAMLGame reads the game of the YAML document src, whose first line is line first,
// with the fast reader; nil when it declines (for tests: the Reader uses fastYAML).
func fastYAMLGame(src []byte, first int, file string, index int, arena *cardArena) *parse.Game {
	var y yfast
	top := y.tree(src, first)
	if top == nil {
		return nil
	}
	g, errs := buildYAMLGame(top, file, index, arena, true, true)
	g.SettleComments() // the comment mapping's comments of statements the game lacks
	if len(errs) > 0 {
		return nil
	}
	return g
}

var yfastPool sync.Pool

// yfastClass marks the bytes the fast reader reads (yfastOK): printable ASCII and the
// newline, but not the indicators of what it does not read (anchors, aliases, tags, block
// scalars, directives, reserved characters, escapes, complex keys). (nextChunk also
// refuses a document with more than MaxNodes*3/2 bytes that may start a node: the fast
// reader's documents, of at most MaxGameBytes/2 bytes, hold fewer.)
var yfastClass = func() (t [256]uint8) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = yfastOK
	}
	for _, c := range "&*!|>%@`\\?" {
		t[c] = 0
	}
	t['\n'] = yfastOK
	return t
}()

const yfastOK = 1

// yfastStop marks the bytes that may end a plain scalar in block context (yfastStopBlock)
// and in flow context (yfastStopFlow), and those the fast reader does not read.
var yfastStop = func() (t [256]uint8) {
	for c := range t {
		if yfastClass[c] == 0 {
			t[c] = yfastStopBlock | yfastStopFlow // and then refused
		}
	}
	for _, c := range ":#\n" {
		t[c] = yfastStopBlock | yfastStopFlow
	}
	for _, c := range ",[]{}" {
		t[c] = yfastStopFlow
	}
	return t
}()

const (
	yfastStopBlock = 1
	yfastStopFlow  = 2
)

// yfast is the state of the fast reader: the document and the cursor, and the node
// slabs, reused from document to document (a game keeps no node, only strings).
type yfast struct {
	s     []byte // the document and what follows it
	i     int    // cursor
	line  int    // line number of the line holding s[i]
	ls    int    // offset of that line's start
	fail  bool   // not in the subset: decline
	nodes int
	depth int  // flow collections open
	key0  bool // the scalar inline just read is a key (a ':' followed it)
	end   int  // the end of the document, once found
	// ranOut: a line was looked for after the last of s
	ranOut bool
	spans  []yspan // the scalars, for finish

	chunks  [][]yaml.Node
	ci, ni  int
	kids    []*yaml.Node // children of the collections being read, innermost last
	content []*yaml.Node // children of the finished collections
}

// yspan is a scalar whose value is the document's s[off:end].
type yspan struct {
	n        *yaml.Node
	off, end int
}

func (y *yfast) reset(s []byte, first int) {
	y.s, y.i, y.line, y.ls, y.fail, y.nodes, y.depth, y.key0 = s, 0, first, 0, false, 0, 0, false
	y.end, y.ranOut = len(s), false
	clear(y.spans) // no node kept from the last document
	y.spans = y.spans[:0]
	y.ci, y.ni = -1, 0
	y.kids = y.kids[:0]
	y.content = y.content[:0]
}

// node returns a new node at offset off of the current line.
func (y *yfast) node(kind yaml.Kind, tag string, style yaml.Style, off int) *yaml.Node {
	if y.nodes++; y.nodes > parse.MaxNodes {
		y.fail = true
	}
	if y.ci < 0 || y.ni == len(y.chunks[y.ci]) {
		y.ci++
		y.ni = 0
		if y.ci == len(y.chunks) {
			y.chunks = append(y.chunks, make([]yaml.Node, 64<<min(y.ci, 6)))
		}
	}
	n := &y.chunks[y.ci][y.ni]
	y.ni++
	// Only these fields are ever set (a reused node has no anchor, alias or comment).
	n.Kind, n.Style, n.Line, n.Column, n.Tag = kind, style, y.line, off-y.ls+1, tag
	if n.Value != "" {
		n.Value = ""
	}
	if n.Content != nil {
		n.Content = nil
	}
	return n
}

// close gives collection n the children added since kids had length k.
func (y *yfast) close(n *yaml.Node, k int) {
	if kids := y.kids[k:]; len(kids) > 0 {
		a := len(y.content)
		y.content = append(y.content, kids...)
		n.Content = y.content[a:len(y.content):len(y.content)]
	}
	y.kids = y.kids[:k]
}

// ---- lines -----------------------------------------------------------------------------

// lineEnd returns the offset of the end of the line holding offset i (the rest of which,
// a comment, must hold only bytes the fast reader reads).
func (y *yfast) lineEnd(i int) int {
	s := y.s
	for i < len(s) && s[i] != '\n' {
		if yfastClass[s[i]] == 0 {
			y.fail = true
		}
		i++
	}
	return i
}

// nextLine moves to the start of the line after the one holding y.i.
func (y *yfast) nextLine() {
	e := y.lineEnd(y.i)
	if e < len(y.s) {
		e++
		y.line++
	}
	y.i, y.ls = e, e
}

// nextContent moves to the first character of the next line that holds something other
// than blanks and a comment, and returns its indentation; end at the end of the document:
// a line "---" (not the first line of content if first), after a line "...", or the end of
// s (ranOut). A first line "---" is skipped; fail is set for such a line with more on it.
func (y *yfast) nextContent(first bool) (indent int, end bool) {
	s := y.s
	for y.i < len(s) {
		j := y.i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] == '#' {
			y.fail = true // a comment: yaml.v3 keeps it for the game (yamlcomments.go)
			return 0, true
		}
		if j == len(s) || s[j] == '\n' {
			y.i = j
			y.nextLine()
			continue
		}
		if j == y.ls && len(s)-j >= 3 && (s[j] == '-' || s[j] == '.') && s[j+1] == s[j] && s[j+2] == s[j] &&
			(len(s)-j == 3 || s[j+3] == '\n' || s[j+3] == ' ') {
			switch {
			case s[j] == '-' && !first:
				y.end = j // the next document starts here
				return 0, true
			case !y.blankRest(j + 3):
				y.fail = true
				return 0, true
			case s[j] == '.':
				y.i = j + 3
				y.nextLine()
				y.end = y.i
				return 0, true
			}
			first = false // a second "---" starts another document
			y.i = j + 3
			y.nextLine()
			continue
		}
		y.i = j
		return j - y.ls, false
	}
	y.ranOut = true
	return 0, true
}

// blankRest reports whether the line from offset i holds only blanks and a comment.
func (y *yfast) blankRest(i int) bool {
	s := y.s
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && s[i] == '#' && s[i-1] == ' ' {
		y.fail = true // a comment: yaml.v3 keeps it for the game (yamlcomments.go)
		return true
	}
	return i == len(s) || s[i] == '\n'
}

// endLine checks that the rest of the line after a value holds only blanks and a comment,
// and moves to the next line.
func (y *yfast) endLine() {
	if !y.blankRest(y.i) {
		y.fail = true
		return
	}
	y.nextLine()
}

// ---- block structure -------------------------------------------------------------------

// tree reads the one document src (first line first) and returns its top node, or nil
// when it declines.
func (y *yfast) tree(src []byte, first int) *yaml.Node {
	if len(src) > parse.MaxGameBytes/2 {
		return nil
	}
	top, _ := y.document(src, first, true)
	if top == nil || y.end != len(src) {
		return nil
	}
	y.finish(src)
	return top
}

// document reads the document at the start of s (its first line is line first) up to its
// end (y.end): a line "---" after its content, after a line "...", or the end of s. It
// returns its top node, or nil when it declines; more when s ends before the document
// does, or may (when s is not all the input, !eof): the caller then tries again with more.
// The nodes' values are set by finish.
func (y *yfast) document(s []byte, first int, eof bool) (top *yaml.Node, more bool) {
	y.reset(s, first)
	ind, end := y.nextContent(true)
	if !end && !y.fail && s[y.i] != '-' && s[y.i] != '[' && s[y.i] != '{' {
		top = y.mapping(ind, nil) // a sequence or flow at the top is left to yaml.v3
		if _, end := y.nextContent(false); !end {
			y.fail = true
		}
	}
	if y.ranOut && !eof {
		return nil, true
	}
	if y.fail {
		return nil, false
	}
	return top, false
}

// finish gives the scalars their values: substrings of one string, the document doc.
func (y *yfast) finish(doc []byte) {
	str := string(doc)
	for _, sp := range y.spans {
		sp.n.Value = str[sp.off:sp.end]
	}
}

// isSeqItem reports whether the character at offset i starts a block sequence item.
func (y *yfast) isSeqItem(i int) bool {
	s := y.s
	return s[i] == '-' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n')
}

// block reads the block node that starts at y.i with indentation ind.
func (y *yfast) block(ind int) *yaml.Node {
	if y.isSeqItem(y.i) {
		return y.sequence(ind)
	}
	return y.mapping(ind, nil)
}

// mapping reads a block mapping whose keys are at column ind+1, the first at y.i (or, if
// key is not nil, read already: y.i is after its ':').
func (y *yfast) mapping(ind int, key *yaml.Node) *yaml.Node {
	var n *yaml.Node
	if key != nil {
		n = y.node(yaml.MappingNode, "!!map", 0, 0)
		n.Line, n.Column = key.Line, key.Column
	} else {
		n = y.node(yaml.MappingNode, "!!map", 0, y.i)
	}
	k := len(y.kids)
	for !y.fail {
		if key == nil {
			if key = y.key(); key == nil {
				y.fail = true
				break
			}
		}
		y.kids = append(y.kids, key)
		key = nil
		// after "key:"
		y.blanks()
		var v *yaml.Node
		if y.i == len(y.s) || y.s[y.i] == '\n' || y.s[y.i] == '#' {
			y.endLine()
			ci, eof := y.nextContent(false)
			switch {
			case eof || y.fail:
				y.fail = true // an empty value: left to yaml.v3
			case ci > ind:
				v = y.block(ci)
			case ci == ind && y.isSeqItem(y.i):
				v = y.sequence(ci)
			default:
				y.fail = true
			}
		} else {
			v = y.inline(false)
			if y.key0 {
				y.fail = true // "key: key: value"
			}
			y.endLine()
		}
		if y.fail {
			break
		}
		y.kids = append(y.kids, v)
		ci, eof := y.nextContent(false)
		if eof || ci < ind {
			break
		}
		if ci > ind || y.isSeqItem(y.i) {
			y.fail = true
		}
	}
	y.close(n, k)
	return n
}

// sequence reads a block sequence whose items are at column ind+1, the first at y.i.
func (y *yfast) sequence(ind int) *yaml.Node {
	n := y.node(yaml.SequenceNode, "!!seq", 0, y.i)
	k := len(y.kids)
	for !y.fail {
		y.i++ // the '-'
		y.blanks()
		var v *yaml.Node
		if y.i == len(y.s) || y.s[y.i] == '\n' || y.s[y.i] == '#' || y.isSeqItem(y.i) {
			y.fail = true // an item on the lines below, or a nested sequence: left to yaml.v3
			break
		}
		col := y.i - y.ls
		v = y.inline(false)
		if y.key0 {
			// "- key: ...": a mapping in the item
			y.key0 = false
			v = y.mapping(col, v)
		} else {
			y.endLine()
		}
		if y.fail {
			break
		}
		y.kids = append(y.kids, v)
		ci, eof := y.nextContent(false)
		if eof || ci < ind || ci == ind && !y.isSeqItem(y.i) {
			break
		}
		if ci > ind {
			y.fail = true
		}
	}
	y.close(n, k)
	return n
}

// key reads a block mapping's key and its ':' (followed by a blank or the end of the
// line) at y.i; nil if there is none.
func (y *yfast) key() *yaml.Node {
	if c := y.s[y.i]; c == '[' || c == '{' {
		return nil
	}
	n := y.inline(false)
	if n == nil || !y.key0 {
		return nil
	}
	y.key0 = false
	return n
}

// blanks moves past blanks on the line.
func (y *yfast) blanks() {
	for y.i < len(y.s) && y.s[y.i] == ' ' {
		y.i++
	}
}

// ---- values on one line ----------------------------------------------------------------

// inline reads a value on the current line at y.i: a flow collection, a quoted scalar or
// a plain one (in flow context if flow).
func (y *yfast) inline(flow bool) *yaml.Node {
	s := y.s
	switch s[y.i] {
	case '[':
		return y.flowSeq()
	case '{':
		return y.flowMap()
	case '"', '\'':
		n := y.quoted()
		if !flow && n != nil && y.i < len(s) && s[y.i] == ':' {
			y.colon()
		}
		return n
	}
	if !y.plainStart(y.i) {
		y.fail = true
		return nil
	}
	stop := uint8(yfastStopBlock)
	if flow {
		stop = yfastStopFlow
	}
	start, i := y.i, y.i
	for {
		for i < len(s) && yfastStop[s[i]]&stop == 0 {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c == ':' && (flow || i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			break
		}
		if c == '#' && s[i-1] == ' ' || c != ':' && c != '#' {
			break
		}
		i++
	}
	end := i
	for end > start && s[end-1] == ' ' {
		end--
	}
	y.i = i
	n := y.plain(start, end)
	if !flow && i < len(s) && s[i] == ':' {
		y.colon()
	}
	return n
}

// colon is for a ':' at y.i after a scalar in block context: the scalar was a key. After
// a sequence item's '-', that starts a mapping (key0 says so); anywhere else, yaml.v3
// refuses it or reads what the fast reader does not.
func (y *yfast) colon() {
	s := y.s
	if y.i+1 < len(s) && s[y.i+1] != ' ' && s[y.i+1] != '\n' || y.i-y.ls > 1000 {
		y.fail = true
		return
	}
	y.i++
	y.key0 = true
}

// plainStart reports whether a plain scalar may start at offset i: not with an indicator
// ('-' only before a digit).
func (y *yfast) plainStart(i int) bool {
	s := y.s
	switch c := s[i]; c {
	case '-':
		return i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'
	case ',', '[', ']', '{', '}', '#', ':', '"', '\'', ' ', '\n':
		return false
	}
	return yfastClass[s[i]] != 0
}

// plain makes the plain scalar s[start:end] with the tag yaml.v3 resolves for it; a plain
// scalar it might resolve otherwise than as a string, an integer, a boolean or null (a
// float, a timestamp, a merge key, numbers in other bases) is declined.
func (y *yfast) plain(start, end int) *yaml.Node {
	v := y.s[start:end]
	tag := "!!str"
	switch c := v[0]; {
	case c >= '0' && c <= '9' || c == '-' || c == '+':
		d := 0
		if c == '-' || c == '+' {
			d = 1
		}
		digits := true
		for k := d; k < len(v); k++ {
			if v[k] < '0' || v[k] > '9' {
				digits = false
				break
			}
		}
		switch {
		case digits && len(v) > d && len(v) <= 18 && (v[d] != '0' || len(v) == d+1):
			tag = "!!int"
		case !yfastWord(v):
			y.fail = true // perhaps a number or a timestamp
			return nil
		}
	case c == '.' || c == '<' || c == '~':
		y.fail = true
		return nil
	case c == 'n' || c == 'N':
		if w := string(v); w == "null" || w == "Null" || w == "NULL" {
			tag = "!!null"
		}
	case c == 't' || c == 'T':
		if w := string(v); w == "true" || w == "True" || w == "TRUE" {
			tag = "!!bool"
		}
	case c == 'f' || c == 'F':
		if w := string(v); w == "false" || w == "False" || w == "FALSE" {
			tag = "!!bool"
		}
	}
	n := y.node(yaml.ScalarNode, tag, 0, start)
	y.spans = append(y.spans, yspan{n, start, end})
	return n
}

// yfastWord reports whether v, which starts with a digit or a sign, holds a character that
// no number or timestamp holds (so that yaml.v3 resolves it as a string): "8C 9C", "1/2".
func yfastWord(v []byte) bool {
	if len(v) >= 2 && v[0] == '0' || len(v) >= 3 && (v[0] == '-' || v[0] == '+') && v[1] == '0' {
		return false // 0x, 0o, 0b
	}
	for k := 0; k < len(v); k++ {
		switch c := v[k]; {
		case c >= '0' && c <= '9':
		case c == '+' || c == '-' || c == '.' || c == '_' || c == ':' || c == ' ':
		case c|0x20 == 'e' || c|0x20 == 't' || c|0x20 == 'z':
		default:
			return true
		}
	}
	return false
}

// quoteEnd returns the offset after the quoted scalar at offset i, or -1 if it does not
// end on its line or holds a doubled single quote.
func (y *yfast) quoteEnd(i int) int {
	s := y.s
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		if yfastClass[s[j]] == 0 {
			return -1
		}
		switch s[j] {
		case q:
			if q == '\'' && j+1 < len(s) && s[j+1] == '\'' {
				return -1
			}
			return j + 1
		case '\n':
			return -1
		}
	}
	return -1
}

// quoted reads the quoted scalar at y.i.
func (y *yfast) quoted() *yaml.Node {
	start := y.i
	e := y.quoteEnd(start)
	if e < 0 {
		y.fail = true
		return nil
	}
	style := yaml.DoubleQuotedStyle
	if y.s[start] == '\'' {
		style = yaml.SingleQuotedStyle
	}
	n := y.node(yaml.ScalarNode, "!!str", style, start)
	y.spans = append(y.spans, yspan{n, start + 1, e - 1})
	y.i = e
	return n
}

// flowSeq reads a flow sequence on one line at y.i.
func (y *yfast) flowSeq() *yaml.Node {
	n := y.node(yaml.SequenceNode, "!!seq", yaml.FlowStyle, y.i)
	k := len(y.kids)
	y.i++
	y.blanks()
	if y.i < len(y.s) && y.s[y.i] == ']' {
		y.i++
		return n
	}
	for !y.fail {
		v := y.flowValue()
		if y.fail {
			break
		}
		y.kids = append(y.kids, v)
		if y.flowNext(']') {
			break
		}
	}
	y.close(n, k)
	return n
}

// flowNext reads what follows an item of a flow collection: a ',' and blanks (false), or
// its closing byte (true); anything else fails (true).
func (y *yfast) flowNext(close byte) (done bool) {
	y.blanks()
	if y.i < len(y.s) {
		switch y.s[y.i] {
		case close:
			y.i++
			return true
		case ',':
			y.i++
			y.blanks()
			return false
		}
	}
	y.fail = true
	return true
}

// flowMap reads a flow mapping on one line at y.i.
func (y *yfast) flowMap() *yaml.Node {
	n := y.node(yaml.MappingNode, "!!map", yaml.FlowStyle, y.i)
	k := len(y.kids)
	y.i++
	y.blanks()
	if y.i < len(y.s) && y.s[y.i] == '}' {
		y.i++
		return n
	}
	for !y.fail {
		key := y.flowValue()
		if y.fail || key.Kind != yaml.ScalarNode || y.i+1 >= len(y.s) || y.s[y.i] != ':' || y.s[y.i+1] != ' ' {
			y.fail = true
			break
		}
		y.i += 2
		y.blanks()
		v := y.flowValue()
		if y.fail {
			break
		}
		y.kids = append(y.kids, key, v)
		if y.flowNext('}') {
			break
		}
	}
	y.close(n, k)
	return n
}

// flowValue reads a value inside a flow collection at y.i.
func (y *yfast) flowValue() *yaml.Node {
	if y.i >= len(y.s) || y.s[y.i] == '\n' {
		y.fail = true
		return nil
	}
	if y.depth > 8 {
		y.fail = true // deep nesting: left to yaml.v3
		return nil
	}
	y.depth++
	n := y.inline(true)
	y.depth--
	return n
}
