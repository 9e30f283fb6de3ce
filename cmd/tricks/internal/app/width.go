package app

import (
	"os"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/score"
	"golang.org/x/term"
)

// outputWidth is how many columns a table may take on standard output: COLUMNS when it is
// set to a number (the user, or a script, asks for that width, on a terminal or not), else
// the terminal's width when standard output is one, else 0: no limit, so that a pipe or a
// file gets the full table.
func (e *env) outputWidth() int {
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	if !isTerminal(e.stdout) {
		return 0
	}
	if f, ok := terminalFile(e.stdout); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 0
}

// terminalFile is the file under standard output's writers.
func terminalFile(w any) (*os.File, bool) {
	if d, ok := w.(*displayWriter); ok {
		w = d.w
	}
	if o, ok := w.(*outWriter); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// sheetLayout is how the score table is laid out: the full table, or, to fit a narrower
// output, narrower columns, the notes wrapped narrower or on lines of their own under their
// round, and at the narrowest the points without the running totals.
type sheetLayout struct {
	unitMin, dealerMin int // the least width of a unit's and the dealer's column
	dealerMax, nameMax int // names are cut there
	notes              int // the notes wrap at this width
	words              bool
	below              bool // the notes on lines of their own under the round, indented
	indent             int
	pointsOnly         bool // a round's cells without the running total (the totals row keeps them)
}

// fullSheet is the table as a file or pipe gets it.
var fullSheet = sheetLayout{unitMin: 11, dealerMin: 10, dealerMax: 10, nameMax: 1 << 20, notes: notesWidth}

// minNotes is the narrowest notes column worth keeping beside the figures.
const minNotes = 30

// fitSheet lays out a game's score sheet to fit the output's width (sw.width; 0: no limit):
// the full table when it fits; else the notes wrapped to the room left; else narrow columns
// (names cut at 8), with the notes beside them where 30 columns are left, else under their
// round; and where even the figures do not fit, the rounds' points without running totals.
func (sw *scoreWriter) fitSheet(res *score.Result) (grid, bool) {
	t, doubt := sw.sheetGrid(res, fullSheet)
	W := sw.width
	if W <= 0 || t.width() <= W {
		return t, doubt
	}
	lay := fullSheet
	lay.words = true
	if room := W - t.fixedWidth(); room >= minNotes {
		lay.notes = room
		return sw.sheetGrid(res, lay)
	}
	lay = sheetLayout{dealerMax: 8, nameMax: 8, words: true}
	for _, pointsOnly := range []bool{false, true} {
		lay.pointsOnly = pointsOnly
		lay.below, lay.notes = false, 1<<20
		t, _ = sw.sheetGrid(res, lay)
		fixed := t.fixedWidth()
		if room := W - fixed; room >= minNotes {
			lay.notes = room
			return sw.sheetGrid(res, lay)
		}
		if fixed-2 > W && !pointsOnly {
			continue // the figures alone are too wide: points only
		}
		lay.below, lay.indent = true, 7
		lay.notes = max(W-lay.indent, 16)
		return sw.sheetGrid(res, lay)
	}
	return t, doubt
}

// wrapWords breaks each line longer than width at its blanks (a word longer than width
// keeps its line).
func wrapWords(lines []string, width int) []string {
	var out []string
	for _, l := range lines {
		for textWidth(l) > width {
			cut := -1
			for i, r := range l {
				if r == ' ' && textWidth(l[:i]) <= width {
					cut = i
				}
			}
			if cut <= 0 {
				break
			}
			out = append(out, l[:cut])
			l = l[cut+1:]
		}
		out = append(out, l)
	}
	return out
}

// indentLines is c with every line indented by n blanks.
func indentLines(c gridCell, n int) gridCell {
	pad := strings.Repeat(" ", n)
	c.text = pad + strings.ReplaceAll(c.text, "\n", "\n"+pad)
	return c
}
