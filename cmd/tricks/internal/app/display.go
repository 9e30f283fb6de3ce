package app

import (
	"encoding/csv"
	"fmt"
	"github.com/urfave/cli/v2"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text for people (tables, messages) shows what the input holds, except for the characters
// that would act on the terminal or print unseen: every C0 control but tab and line feed
// (ESC starts the sequences that clear the screen or write the clipboard; a carriage return,
// vertical tab or form feed moves the cursor), DEL, the C1 controls, the bidirectional
// controls, the zero-width characters and the line and paragraph separators. A name may hold
// them (the formats allow any text in quotes, a file may be named anything), but in a table
// or a message they are shown escaped, as <U+001B>, so that a name cannot act on the
// terminal or disguise itself or the line it is on. Where a name stands in a line of its own
// making (a file name in a message, a player in a table cell), displayText also escapes tab
// and line feed: a newline in a file name must not forge a diagnostic line. Structured output
// (JSON, YAML, CSV) keeps them as data.

// hidden reports the runes that displayWriter escapes: everything displayText escapes but
// tab and line feed, which lay out the text written.
func hidden(r rune) bool {
	return r != '\t' && r != '\n' && hiddenInName(r)
}

// hiddenInName reports the runes that displayText escapes in a name.
func hiddenInName(r rune) bool {
	switch {
	case r < 0x20, r == 0x7F, r >= 0x80 && r < 0xA0, r == 0x061C, r == 0x180E, r >= 0x200B && r <= 0x200F,
		r >= 0x2028 && r <= 0x202E, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

// escapeRune writes r as it is shown escaped.
func escapeRune(b *strings.Builder, r rune) {
	fmt.Fprintf(b, "<U+%04X>", r)
}

// displayWriter escapes hidden runes in what it writes on to w. A rune cut across two
// writes is held back until it is whole. With sgr, the colour sequences of the palette
// (ESC [ digits and semicolons m) pass: the writer is standard output on a terminal with
// colour on, and the text of names in it is escaped with displayText before it is painted.
type displayWriter struct {
	w     io.Writer
	sgr   bool
	carry []byte
}

func (d *displayWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(d.carry) > 0 {
		p = append(d.carry, p...)
		d.carry = nil
	}
	// Hold back an incomplete rune at the end.
	for i := max(len(p)-utf8.UTFMax, 0); i < len(p); i++ {
		if p[i] >= 0xC0 && !utf8.FullRune(p[i:]) {
			d.carry = append([]byte(nil), p[i:]...)
			p = p[:i]
			break
		}
	}
	clean := true
	for _, c := range p {
		if (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F || (c >= 0xC2 && c <= 0xEF) {
			clean = false
			break
		}
	}
	if clean {
		_, err := d.w.Write(p)
		return n, err
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		if d.sgr && p[i] == 0x1B {
			if k := sgrLen(p[i:]); k > 0 {
				b.Write(p[i : i+k])
				i += k
				continue
			}
		}
		r, size := utf8.DecodeRune(p[i:])
		if hidden(r) {
			escapeRune(&b, r)
		} else {
			b.Write(p[i : i+size])
		}
		i += size
	}
	_, err := io.WriteString(d.w, b.String())
	return n, err
}

// sgrLen is the length of the colour sequence (ESC [ digits and semicolons m) that p starts
// with, or 0.
func sgrLen(p []byte) int {
	if len(p) < 3 || p[1] != '[' {
		return 0
	}
	for i := 2; i < len(p) && i < 32; i++ {
		switch c := p[i]; {
		case c == 'm':
			return i + 1
		case c == ';' || (c >= '0' && c <= '9'):
		default:
			return 0
		}
	}
	return 0
}

// Flush writes a rune held back (incomplete at the end of the output) as it is.
func (d *displayWriter) Flush() error {
	if len(d.carry) == 0 {
		return nil
	}
	_, err := d.w.Write(d.carry)
	d.carry = nil
	return err
}

// tableOut is standard output for the command's format: escaped for people (table, text),
// as it is for programs. Colour sequences pass where the palette may paint (colorOn).
func (e *env) tableOut(c *cli.Context) io.Writer {
	if format := c.String("format"); format == "table" || format == "text" {
		on, _ := e.colorOn(c)
		return &displayWriter{w: e.stdout, sgr: on}
	}
	return e.stdout
}

// rawWriter is w without the escaping of a displayWriter: for the progress bar, whose own
// control sequences are its whole point and hold no text of the input.
func rawWriter(w io.Writer) io.Writer {
	if d, ok := w.(*displayWriter); ok {
		return d.w
	}
	return w
}

// displayText is a name as people see it: every rune displayWriter escapes, and tab and line
// feed too, escaped. Every human-facing writer shows input text through it or through a
// displayWriter (which escapes the same runes but the layout's tab and line feed).
func displayText(s string) string {
	for _, r := range s {
		if hiddenInName(r) {
			var b strings.Builder
			for _, r := range s {
				if hiddenInName(r) {
					escapeRune(&b, r)
				} else {
					b.WriteRune(r)
				}
			}
			return b.String()
		}
	}
	return s
}

// csvWriter is csv.Writer with cells escaped against formula injection: a spreadsheet runs a
// cell that starts with = + - @ (or a tab or carriage return before one) as a formula, so
// such a cell is written with a leading single quote, as OWASP advises, unless it is a
// number (-3 stays a number).
type csvWriter struct{ *csv.Writer }

func newCSV(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

func (c csvWriter) Write(record []string) error {
	for i, s := range record {
		record[i] = csvCell(s)
	}
	return c.Writer.Write(record)
}

func csvCell(s string) string {
	if s == "" {
		return s
	}
	// Text that is not UTF-8 (a file name's bytes) is written as JSON and YAML write it: each
	// invalid byte as U+FFFD.
	s = validUTF8(s)
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return s
		}
		return "'" + s
	}
	return s
}

// validUTF8 is s with each byte that is not part of valid UTF-8 replaced by U+FFFD, as
// encoding/json writes it.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
