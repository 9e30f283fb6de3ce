package app

import (
	"io"
	"strings"

	"github.com/rivo/uniseg"
)

// grid renders the commands' tables (score, compare, rulesets, stats): columns padded to
// their widest cell, measured in characters before any colour is applied, so colour codes
// never shift a column. The last column is not padded (no trailing blanks), and a cell of
// several lines continues under its own column.
type grid struct {
	cols []gridCol
	sep  string // between columns
	rows [][]gridCell
}

type gridCol struct {
	right bool // align right (numbers)
	min   int  // the least width
}

// gridCell is one cell's text and the colour it is printed in (nil: plain).
type gridCell struct {
	text  string
	paint func(a ...any) string
	span  bool // a line of its own across the columns (line), not in any column
}

// cell is a plain cell; paint gives it a colour.
func cell(s string) gridCell { return gridCell{text: s} }

func (c gridCell) in(paint func(a ...any) string) gridCell { c.paint = paint; return c }

func (g *grid) row(cells ...gridCell) { g.rows = append(g.rows, cells) }

// line adds a row that is c's text alone, written as it is across the columns (leading
// blanks kept): it takes no part in the columns' widths.
func (g *grid) line(c gridCell) {
	c.span = true
	g.rows = append(g.rows, []gridCell{c})
}

// width is how many columns the widest line of the table takes.
func (g *grid) width() int {
	ws := g.widths()
	w := 0
	for _, r := range g.rows {
		if len(r) > 0 && r[0].span {
			for _, line := range strings.Split(r[0].text, "\n") {
				w = max(w, textWidth(displayText(line)))
			}
			continue
		}
		rw := len(g.sep) * (len(r) - 1)
		for i, c := range r {
			if i < len(ws) {
				rw += ws[i]
				continue
			}
			cw := 0 // a cell beyond the columns (notes): as wide as its text
			for _, line := range strings.Split(c.text, "\n") {
				cw = max(cw, textWidth(displayText(line)))
			}
			rw += cw
		}
		w = max(w, rw)
	}
	return w
}

// fixedWidth is the width of the columns, each with the separator after it: where a cell
// beyond them (the notes that end a score table's rows) starts.
func (g *grid) fixedWidth() int {
	w := 0
	for _, x := range g.widths() {
		w += x + len(g.sep)
	}
	return w
}

// textWidth is how many columns s takes on a terminal: two for a wide character (CJK, most
// emoji), none for a combining mark. Printable ASCII, a column a byte, and the arrow of the
// score tables' cells (→, one column) are told at once; any other byte (a mark that may join
// the character before it among them) leaves the whole string to uniseg.
func textWidth(s string) int {
	w := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= ' ' && c <= '~':
			w++
		case c == arrow[0] && strings.HasPrefix(s[i:], arrow):
			w++
			i += len(arrow) - 1
		default:
			return uniseg.StringWidth(s)
		}
	}
	return w
}

// arrow is the arrow of the score tables' cells ("+7 → 12").
const arrow = "→"

// runeWidth is textWidth of one rune.
func runeWidth(r rune) int { return uniseg.StringWidth(string(r)) }

func (g *grid) widths() []int {
	w := make([]int, len(g.cols))
	for i, c := range g.cols {
		w[i] = c.min
	}
	for _, r := range g.rows {
		if len(r) > 0 && r[0].span {
			continue
		}
		for i, c := range r {
			if i >= len(w) {
				break
			}
			for _, line := range strings.Split(c.text, "\n") {
				w[i] = max(w[i], textWidth(displayText(line)))
			}
		}
	}
	return w
}

// write renders the rows to w. Lines carry no trailing blanks.
func (g *grid) write(w io.Writer) {
	widths := g.widths()
	var out, line strings.Builder
	for _, r := range g.rows {
		if len(r) > 0 && r[0].span {
			for _, l := range strings.Split(r[0].text, "\n") {
				l = displayText(l)
				if r[0].paint != nil && strings.TrimSpace(l) != "" {
					pad := len(l) - len(strings.TrimLeft(l, " "))
					l = l[:pad] + r[0].paint(l[pad:])
				}
				out.WriteString(strings.TrimRight(l, " "))
				out.WriteString("\n")
			}
			continue
		}
		lines := 1
		for _, c := range r {
			lines = max(lines, strings.Count(c.text, "\n")+1)
		}
		for li := 0; li < lines; li++ {
			line.Reset()
			for i, c := range r {
				text := ""
				if parts := strings.Split(c.text, "\n"); li < len(parts) {
					text = displayText(parts[li])
				}
				if i > 0 {
					line.WriteString(g.sep)
				}
				pad := ""
				if i < len(widths) {
					pad = strings.Repeat(" ", max(widths[i]-textWidth(text), 0))
				}
				if c.paint != nil && text != "" {
					text = c.paint(text)
				}
				if i < len(g.cols) && g.cols[i].right {
					line.WriteString(pad + text)
				} else {
					line.WriteString(text + pad)
				}
			}
			out.WriteString(strings.TrimRight(line.String(), " "))
			out.WriteString("\n")
		}
	}
	io.WriteString(w, out.String())
}

// padRight pads s with blanks to width columns.
func padRight(s string, width int) string {
	return s + strings.Repeat(" ", max(width-textWidth(s), 0))
}
