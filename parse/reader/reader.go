package reader

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
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
// stream (the input is not text). A read error is returned as is with a nil game. A file
// without any game gives the ErrorList "no game in file" and a nil game. Games are
// independent of each other and of the Reader, which is not safe for concurrent use.
type Reader struct {
	stream
	format parse.Format
	fr     formatReader // the format's reader, made at the first read (newFormatReader)
}

// stream is what the readers of every format share: the input, the games counted so far and
// the options. The format readers (textstream.go, yamlstream.go, jsonstream.go) point to their
// Reader's.
type stream struct {
	name string
	lb   *lineBuffer

	index int  // games returned so far
	done  bool // nothing more to return
	empty bool // "no game in file" was reported

	opts options
}

// formatReader reads the games of one format. A Reader makes one, once it knows the format,
// and calls it for every game. With p nil (Next) next returns the game. With p not nil
// (NextPending) a game of text is left unparsed in p (p.text) and next returns nil, nil; a
// game read into memory of its own hands that memory to p (p.mem) and is returned.
type formatReader interface {
	next(p *Pending) (*parse.Game, error)
}

// NewReader returns a Reader of r; name is the file name used in positions ("-" for
// standard input), format Text, YAML, or Auto to decide by name and content.
func NewReader(r io.Reader, name string, format parse.Format) *Reader {
	return newReader(r, name, format, options{})
}

// SkipComments makes the games r reads from now on carry no comments, as if each had been
// through Game.DropComments: for a user that does not write the games back (comments are
// what a transcript writer keeps). A text game's comments then cost nothing; they are
// otherwise copied out of the reader's buffer, a string each, as every game's are different
// (a seed, a date, a table). A YAML game's are read as ever and then dropped.
func (r *Reader) SkipComments() { r.opts.noComments = true }

// options are the reader's switches: noComments is SkipComments'; the others are for the
// tests, and the ordinary reader has none of them set.
type options struct {
	noComments bool     // the games carry no comments (SkipComments)
	poison     bool     // fill a buffer with 0xFF before it is reused: a string of it then shows
	noFast     bool     // no fast or direct YAML and JSON reader: yaml.v3 and the JSON scanner alone
	json       jsonMode // whether YAML input that looks like JSON goes to the JSON reader
}

func newReader(r io.Reader, name string, format parse.Format, opts options) *Reader {
	if format == parse.Auto {
		format = parse.FormatOf(name)
	}
	rd := &Reader{stream: stream{name: name, lb: newLineBuffer(r), opts: opts}, format: format}
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
	// noComments: the game is parsed without its comments (Reader.SkipComments)
	noComments bool

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
	g, errs := parseTextGame(mem, src, p.file, p.first, p.index, p.ascii, p.noComments)
	return g, errs.Err()
}

// NextPending reads the next game into p, without parsing it when it is text (Pending.Parse
// does it, on any goroutine, so that games read in order can be parsed in parallel). The
// error, when not nil, is io.EOF or a read error; syntax errors come from Parse.
func (r *Reader) NextPending(p *Pending) error {
	*p = Pending{}
	g, err := r.next(p)
	if p.text {
		return nil
	}
	if g == nil && err != nil && !isErrorList(err) {
		return err
	}
	p.g, p.err = g, err
	if p.mem != nil {
		p.gen = p.mem.gen.Load()
	}
	return nil
}

func isErrorList(err error) bool {
	_, ok := err.(parse.ErrorList)
	return ok
}

// Next returns the next game, or io.EOF after the last one. See Reader.
func (r *Reader) Next() (*parse.Game, error) {
	return r.next(nil)
}

// next is Next, or NextPending with p not nil (formatReader).
func (r *Reader) next(p *Pending) (*parse.Game, error) {
	if r.done {
		return nil, io.EOF
	}
	if r.fr == nil {
		r.fr = r.newFormatReader()
	}
	g, err := r.fr.next(p)
	if g != nil && r.opts.noComments && r.format == parse.YAML {
		g.DropComments() // (a text game is parsed without them: parseTextGame)
	}
	return g, err
}

// newFormatReader returns the reader of the input's format. YAML input whose first
// significant byte is '{' or '[' goes to the JSON reader (jsonstream.go), which hands the
// stream over to the YAML reader when it turns out to be YAML in flow style.
func (r *Reader) newFormatReader() formatReader {
	if r.Format() != parse.YAML {
		return &textReader{stream: &r.stream}
	}
	if r.opts.json != jsonOff && looksJSON(r.lb.peek(sniffSize)) {
		return newJSONReader(&r.stream)
	}
	return &yamlReader{stream: &r.stream}
}

// noGame ends the stream: "no game in file" when no game was returned, else io.EOF.
func (r *stream) noGame() (*parse.Game, error) {
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
