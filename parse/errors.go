package parse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// Pos is a place in a source file. Line and Col are 1-based; 0 means unknown.
// Col counts characters (runes), as editors do.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether the position names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String prints file:line:col, leaving out what is unknown.
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprint(p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Error is a message about the input at a position, like go/scanner.Error.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.File != "" || e.Pos.Line > 0 {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList collects positioned errors, like go/scanner.ErrorList.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Pos, msg string) { *l = append(*l, &Error{pos, msg}) }

// Addf appends a formatted error at pos.
func (l *ErrorList) Addf(pos Pos, format string, args ...any) {
	l.Add(pos, fmt.Sprintf(format, args...))
}

// Len, Less and Swap sort by file, line, column, message.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list in place by position.
func (l ErrorList) Sort() {
	if len(l) > 1 {
		sort.Stable(l)
	}
}

// Error prints every error on its own line.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list, else the list itself.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Quote quotes s for a message, as %q does, cut to its first characters when it is long:
// "xxxx"... (100000 characters). A message names what is wrong; it does not echo a
// megabyte of it.
func Quote(s string) string {
	if len(s) <= spell.MaxExcerpt {
		return strconv.Quote(s)
	}
	n, cut := 0, len(s)
	for k := range s {
		if n == spell.MaxExcerpt-8 {
			cut = k
			break
		}
		n++
	}
	return fmt.Sprintf("%s... (%d characters)", strconv.Quote(s[:cut]), utf8.RuneCountInString(s))
}
