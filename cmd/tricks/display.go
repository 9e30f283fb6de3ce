package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text for people (tables, messages) shows names as they are written, except for the
// characters that would print unseen or reorder what is printed around them: C1 controls,
// bidirectional controls, zero-width spaces, line and paragraph separators. A name may hold
// them (the formats allow any text in quotes), but in a table or a message they are shown
// escaped, as <U+202E>, so that a name cannot disguise itself or the line it is on.
// Structured output (JSON, YAML, CSV) keeps them as data.

// hidden reports the runes that displayWriter escapes.
func hidden(r rune) bool {
	switch {
	case r >= 0x80 && r < 0xA0, r == 0x061C, r == 0x200B, r == 0x200E, r == 0x200F,
		r >= 0x2028 && r <= 0x202E, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

// displayWriter escapes hidden runes in what it writes on to w. A rune cut across two
// writes is held back until it is whole.
type displayWriter struct {
	w     io.Writer
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
	for i := 0; i < len(p); i++ {
		if p[i] >= 0xC2 && p[i] <= 0xEF {
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
		r, size := utf8.DecodeRune(p[i:])
		if hidden(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
		} else {
			b.Write(p[i : i+size])
		}
		i += size
	}
	_, err := io.WriteString(d.w, b.String())
	return n, err
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

// tableOut is standard output for a format: escaped for people (table, text), as it is
// for programs.
func (e *env) tableOut(format string) io.Writer {
	if format == "table" || format == "text" {
		return &displayWriter{w: e.stdout}
	}
	return e.stdout
}

// displayText is displayWriter for one string.
func displayText(s string) string {
	for _, r := range s {
		if hidden(r) {
			var b strings.Builder
			for _, r := range s {
				if hidden(r) {
					fmt.Fprintf(&b, "<U+%04X>", r)
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
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return s
		}
		return "'" + s
	}
	return s
}
