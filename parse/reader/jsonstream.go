package reader

// The reader of JSON: the JSON front end (json.go) reads the games, from the second game on
// by its fast and direct paths where they can (jsonfast.go, jsondirect.go).
//
// When: the format is YAML (a .json, .yaml or .yml name, or Auto that sniffed YAML) and
// the first significant byte, after a byte-order mark, blanks and YAML "---" or "..."
// lines, is '{' or '[' (Reader.newFormatReader, looksJSON).
//
// Compatibility with the YAML path. Input that starts with '{' or '[' may be YAML in
// flow style that is not JSON ({game: hearts}, comments, single quotes, trailing
// commas). Until the first game is returned the reader keeps the input, and on invalid
// JSON, or when the first value is followed by something other than a JSON value or
// the end (a comment, a YAML document), it reads the input again with yaml.v3 (tryYAML):
// if that reads the first document, the jsonReader hands the whole stream over to a
// yamlReader, which reads it as any YAML; if it fails too, the JSON error is reported. Once
// the first game has been returned the stream is JSON.

import (
	"bytes"
	"io"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// jsonMode says whether YAML input that looks like JSON goes to the JSON reader
// (options.json).
type jsonMode uint8

const (
	jsonAuto jsonMode = iota // JSON input goes to the JSON front end, YAML as the fallback
	jsonOff                  // the YAML path only (input that is not JSON; tests)
	jsonOnly                 // the JSON front end without the YAML fallback (tests)
)

// jsonReader reads JSON. Before its first game it may find that the input is YAML in flow
// style: it then hands the stream over to a YAML reader, which reads it all, and only passes
// the calls on.
type jsonReader struct {
	*stream
	docMem
	js       *jsonScanner // the front end; nil once the stream is over or handed over
	yaml     *yamlReader  // the reader the stream was handed over to, or nil
	sawArray bool         // a top-level array of games was read (for tests)
}

// newJSONReader returns the reader of s, whose input looks like JSON (looksJSON).
func newJSONReader(s *stream) *jsonReader {
	return &jsonReader{stream: s, js: newJSONScanner(s.lb, s.opts.json == jsonAuto)}
}

// looksJSON reports whether the input's first significant byte, after a byte-order mark,
// JSON blanks and YAML document markers, is '{' or '['.
func looksJSON(buf []byte) bool {
	buf = bytes.TrimPrefix(buf, []byte("\xEF\xBB\xBF"))
	lineStart := true
	for i := 0; i < len(buf); {
		switch c := buf[i]; c {
		case ' ', '\t':
			i++
			lineStart = false
		case '\n', '\r':
			i++
			lineStart = true
		case '-', '.':
			if !lineStart || !isMarker(buf[i:], true) {
				return false
			}
			i += 3
			lineStart = false
		default:
			return c == '{' || c == '['
		}
	}
	return false
}

// next reads the next game with the scanner, or with the YAML reader the stream was
// handed over to. Its memory is the reader's (docMem), or goes to p.
func (r *jsonReader) next(p *Pending) (*parse.Game, error) {
	if r.yaml != nil {
		return r.yaml.next(p)
	}
	r.pending = p
	for {
		j := r.js
		if g := r.fastJSON(j); g != nil { // the fast path of jsonfast.go, or nil
			return g, nil
		}
		top, e := j.next()
		if e != nil && e.syntax && j.window {
			// Not JSON before the first game: YAML in flow style?
			if r.tryYAML(e.trailing) {
				// YAML: the YAML reader reads the stream from its start, to its end.
				j.release()
				r.js = nil
				r.yaml = &yamlReader{stream: r.stream}
				return r.yaml.next(p)
			}
			j.restart()
			continue
		}
		j.commit()
		r.sawArray = r.sawArray || j.sawArray
		if e != nil && e.io == nil {
			// One unreadable game: the others are read. The stream goes on at the next
			// line that starts with '{' or is "---" (JSON lines, or one object per game).
			pos := parse.Pos{File: r.name, Line: e.line, Col: e.col}
			r.index++
			errs := parse.ErrorList{{Pos: pos, Msg: e.msg}}
			if bad := j.resync(); bad.IsValid() {
				bad.File = r.name
				errs.Add(bad, "not a text transcript: the rest of the file is not read")
				r.done = true
			}
			if r.done || j.lb.err != nil {
				j.release()
				r.js = nil
				r.done = true
			}
			return &parse.Game{File: r.name, Index: r.index, Pos: pos}, errs
		}
		if e != nil || top == nil {
			j.release() // the stream is over
			r.js = nil
		}
		switch {
		case e != nil:
			r.done = true
			return nil, e.io
		case top == nil:
			return r.noGame()
		}
		r.index++
		// The reader counted the nodes; a string without escapes holds no control character.
		g, errs := buildYAMLGame(top, r.name, r.index, &r.arena, true, !j.escaped)
		g.SettleComments() // the comment mapping's comments of statements the game lacks
		return r.kept.keep(g), errs.Err()
	}
}

// tryYAML reads the first document of the input, kept since its start, with yaml.v3, and
// the second too if trailing (the first was JSON, what follows it is not), and reports
// whether the YAML path should read the stream: it reads them (or the one there is), or
// it says that the input is not text. Either way the input is rewound.
func (r *jsonReader) tryYAML(trailing bool) bool {
	lb := r.lb
	start := lb.mark
	if jsonLines(lb.buf[start:lb.w]) {
		// JSON lines: the JSON reader reads them line by line, a bad one apart.
		lb.cut, lb.r, lb.line, lb.bom = false, start, 0, false
		lb.mark = -1
		return false
	}
	lb.cut, lb.r, lb.line, lb.bom = false, start, 0, false
	src := &yamlSource{r: r.stream}
	dec := yaml.NewDecoder(src)
	docs := 1
	if trailing {
		docs = 2
	}
	var err error
	for k := 0; k < docs && err == nil; k++ {
		var doc yaml.Node
		err = decode(dec, &doc)
	}
	lb.cut, lb.r, lb.line, lb.bom = false, start, 0, false
	lb.mark = -1
	return src.ioErr == nil && (err == nil || err == io.EOF || src.bad.IsValid())
}

// jsonLines reports whether b, the start of the input, is JSON lines: a first line that is
// one '{' ... '}' object, and a next line that starts another ('{'), with no "---" between.
func jsonLines(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	first, rest, ok := bytes.Cut(b, []byte("\n"))
	first = bytes.TrimSpace(first)
	if !ok || len(first) < 2 || first[0] != '{' || first[len(first)-1] != '}' {
		return false
	}
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		if line = bytes.TrimSpace(line); len(line) > 0 {
			return line[0] == '{'
		}
	}
	return false
}
