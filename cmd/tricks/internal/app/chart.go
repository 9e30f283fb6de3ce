package app

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/fatih/color"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/urfave/cli/v2"
)

// The score command's chart flags: --chart draws each game's running totals after its table,
// --chart-svg FILE writes them as a standalone SVG.
func chartFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "chart", Usage: "draw each game's running totals per player (side) after its table, the target marked"},
		&cli.StringFlag{Name: "chart-svg", Usage: "write the running totals as a standalone SVG `FILE` (one panel per game, at most 50; -: standard output, instead of the scores)"},
	}
}

// chartBefore refuses --chart with a format other than the table (the chart is for people),
// an empty --chart-svg path, and two charts on standard output.
func chartBefore(c *cli.Context) error {
	if f := c.String("format"); c.Bool("chart") && f != "table" && f != "text" {
		return usageError{fmt.Errorf("--chart draws under the table: it does not go with -f %s (use --chart-svg FILE)", f)}
	}
	if c.IsSet("chart-svg") && c.String("chart-svg") == "" {
		return usageError{fmt.Errorf("--chart-svg: name a FILE (or - for standard output)")}
	}
	if c.Bool("chart") && c.String("chart-svg") == "-" {
		return usageError{fmt.Errorf("--chart-svg - writes the SVG alone to standard output: it does not go with --chart")}
	}
	return nil
}

// notAnInput refuses an output path that is one of the input files (the same file by device
// and inode, whatever its name): writing it would destroy the transcript being read.
func notAnInput(flag, out string, inputs []string) error {
	if out == "" || out == "-" {
		return nil
	}
	fo, err := os.Stat(out)
	if err != nil {
		return nil // not there yet: no input either
	}
	for _, in := range inputs {
		if in == "-" {
			continue
		}
		if fi, err := os.Stat(in); err == nil && os.SameFile(fi, fo) {
			return fmt.Errorf("%s %s: that is an input (%s): refusing to write over it", flag, out, in)
		}
	}
	return nil
}

// maxPanels bounds the games one SVG charts (memory stays flat for any number of games).
const maxPanels = 50

// series is one game's running totals: per unit, the total before round 1 (0) and after
// each scored round.
type series struct {
	title  string
	units  []string
	rounds []int   // round numbers, after the leading 0
	totals [][]int // [unit][point]
	target int     // 0: no target (the game ends after a number of rounds)
	high   bool    // the highest total wins (Spades)
}

func seriesOf(j *job) series {
	res := j.res
	// The units are a copy: the result's memory may be reused for the next game.
	s := series{title: fmt.Sprintf("%s game %d: %s", res.File, res.Game, res.Ruleset), units: slices.Clone(res.Totals.Keys),
		high: j.rs.Family == rulesets.Spades}
	if j.rs.Family == rulesets.Spades || j.rs.End != rulesets.EndRounds {
		s.target = j.rs.Target
	}
	s.totals = make([][]int, len(s.units))
	for u := range s.units {
		s.totals[u] = []int{0}
	}
	for _, r := range res.Rounds {
		if r.Ignored {
			continue
		}
		s.rounds = append(s.rounds, r.Round)
		for u, k := range s.units {
			s.totals[u] = append(s.totals[u], r.Totals.Get(k))
		}
	}
	return s
}

// bounds returns the range the chart shows: every total, 0 and the target.
func (s series) bounds() (lo, hi int) {
	lo, hi = 0, s.target
	for _, ts := range s.totals {
		for _, t := range ts {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	if hi == lo {
		hi = lo + 1
	}
	return lo, hi
}

// chartWriter wraps the score writer: the table as always, the charts besides.
type chartWriter struct {
	*scoreWriter
	term    bool
	svg     string
	colors  bool
	panels  []series
	charted int
}

// withCharts returns sw itself without chart flags.
func withCharts(e *env, c *cli.Context, sw *scoreWriter) gameWriter {
	if !c.Bool("chart") && c.String("chart-svg") == "" {
		return sw
	}
	on, _ := e.colorOn(c)
	if c.String("chart-svg") == "-" {
		sw.quiet = true // standard output is the SVG's
	}
	return &chartWriter{scoreWriter: sw, term: c.Bool("chart"), svg: c.String("chart-svg"), colors: on}
}

// render draws the chart under the table, with --chart.
func (cw *chartWriter) render(text *bytes.Buffer, j *job) {
	cw.scoreWriter.render(text, j)
	if cw.term && !cw.quiet {
		text.WriteString("\n")
		drawText(text, seriesOf(j), cw.colors)
	}
}

// emit keeps the first games' series for the SVG, with --chart-svg.
func (cw *chartWriter) emit(j *job, text []byte) {
	cw.scoreWriter.emit(j, text)
	if j.err != nil {
		return
	}
	cw.charted++
	if cw.svg != "" && len(cw.panels) < maxPanels {
		cw.panels = append(cw.panels, seriesOf(j))
	}
}

func (cw *chartWriter) finish() error {
	if cw.svg == "-" {
		cw.w.WriteString(svgChart(cw.panels))
	} else if cw.svg != "" {
		if err := os.WriteFile(cw.svg, []byte(svgChart(cw.panels)), 0o644); err != nil {
			cw.w.Flush()
			fmt.Fprintf(cw.e.stderr, "tricks: --chart-svg: %v\n", err)
			cw.scoreWriter.finish()
			return exitError{exitInput}
		}
		if cw.charted > maxPanels {
			fmt.Fprintf(cw.e.stderr, "tricks: %s charts the first %d of %d games\n", displayText(cw.svg), maxPanels, cw.charted)
		}
	}
	return cw.scoreWriter.finish()
}

// markers gives each unit a one-letter mark: its initial when the initials differ, else a
// digit.
func markers(units []string) []rune {
	out := make([]rune, len(units))
	seen := map[rune]bool{}
	unique := true
	for i, u := range units {
		r := []rune(strings.ToUpper(u))[0]
		out[i] = r
		// An initial must take one column and show: not a control, a mark or a wide rune.
		unique = unique && !seen[r] && r != '*' && unicode.IsGraphic(r) && !hiddenInName(r) && runeWidth(r) == 1
		seen[r] = true
	}
	if !unique {
		for i := range out {
			out[i] = rune(strconv.Itoa(i + 1)[0])
			if i >= 9 {
				out[i] = rune('a' + i - 9)
			}
		}
	}
	return out
}

var unitColors = []color.Attribute{color.FgRed, color.FgGreen, color.FgBlue, color.FgMagenta, color.FgCyan, color.FgYellow}

// drawText draws the running totals as characters: one row per step of the range, the
// rounds along the bottom, each unit's mark at its total after each round, dots between, and
// the target as a dashed line. Two marks in one cell show as '*'.
func drawText(w *bytes.Buffer, s series, colors bool) {
	c := plotText(s)
	paint := func(u int, s string) string {
		if !colors || u < 0 {
			return s
		}
		uc := color.New(unitColors[u%len(unitColors)])
		uc.EnableColor()
		return uc.Sprint(s)
	}
	lw := c.writeRows(w, paint)
	c.writeAxis(w, lw)
	var legend []string
	for u, name := range s.units {
		legend = append(legend, paint(u, displayText(string(c.marks[u])))+" "+displayText(name))
	}
	if s.target != 0 {
		legend = append(legend, "--- target "+strconv.Itoa(s.target))
	}
	fmt.Fprintf(w, "%*s  %s\n", lw, "", strings.Join(legend, "   "))
}

// chartRows is the height of a text chart.
const chartRows = 14

// textChart is a series laid out on a grid of characters (drawText).
type textChart struct {
	s         series
	grid      [][]rune // [row][column]
	owner     [][]int  // the unit whose mark or dot a cell shows; -1: none, or several ('*')
	marks     []rune   // each unit's mark (markers)
	step      int      // columns from one round to the next
	lo, hi    int      // the range shown (series.bounds)
	targetRow int      // the target's row; -1: no target
}

// plotText lays out the series: the target's dashed line, then each unit's dots between two
// rounds and its marks at each total, a mark over a dot or the line.
func plotText(s series) *textChart {
	n := len(s.rounds) + 1
	c := &textChart{s: s, step: max(1, min(6, 72/max(n-1, 1))), targetRow: -1, marks: markers(s.units)}
	width := (n-1)*c.step + 1
	c.lo, c.hi = s.bounds()
	c.grid = make([][]rune, chartRows)
	c.owner = make([][]int, chartRows)
	for r := range c.grid {
		c.grid[r] = []rune(strings.Repeat(" ", width))
		c.owner[r] = make([]int, width)
		for x := range c.owner[r] {
			c.owner[r][x] = -1
		}
	}
	if s.target != 0 {
		c.targetRow = c.rowOf(float64(s.target))
		for x := 0; x < width; x++ {
			c.grid[c.targetRow][x] = '-'
		}
	}
	for u, ts := range s.totals {
		for i := 1; i < n; i++ {
			for k := 1; k < c.step; k++ { // dots between two rounds
				v := float64(ts[i-1]) + float64(ts[i]-ts[i-1])*float64(k)/float64(c.step)
				c.put(c.rowOf(v), (i-1)*c.step+k, '·', u)
			}
		}
		for i := 0; i < n; i++ {
			c.put(c.rowOf(float64(ts[i])), i*c.step, c.marks[u], u)
		}
	}
	return c
}

// rowOf is the row of a value.
func (c *textChart) rowOf(v float64) int {
	return int(math.Round((float64(c.hi) - v) / float64(c.hi-c.lo) * (chartRows - 1)))
}

// put draws unit u's ch in a cell: over a blank, the target's line or a dot; a second mark
// makes the cell '*'.
func (c *textChart) put(r, x int, ch rune, u int) {
	switch cell := c.grid[r][x]; {
	case cell == ' ' || cell == '-' || cell == '·' && ch != '·':
		c.grid[r][x], c.owner[r][x] = ch, u
	case ch != '·' && cell != ch:
		c.grid[r][x], c.owner[r][x] = '*', -1
	}
}

// writeRows writes the title and the grid's rows, each after its axis label (the top, the
// bottom, 0 and the target), in paint's colours, and returns the labels' width.
func (c *textChart) writeRows(w *bytes.Buffer, paint func(int, string) string) int {
	labels := map[int]string{0: strconv.Itoa(c.hi), chartRows - 1: strconv.Itoa(c.lo), c.rowOf(0): "0"}
	if c.targetRow >= 0 {
		labels[c.targetRow] = strconv.Itoa(c.s.target)
	}
	// The axis labels take the width of the widest (totals near 10^9 are ten digits).
	lw := 7
	for _, l := range labels {
		lw = max(lw, len(l))
	}
	fmt.Fprintf(w, "running totals, %s\n", displayText(c.s.title))
	for r := range c.grid {
		fmt.Fprintf(w, "%*s │", lw, labels[r])
		end := len(c.grid[r])
		for end > 0 && c.grid[r][end-1] == ' ' {
			end--
		}
		for x, ch := range c.grid[r][:end] {
			w.WriteString(paint(c.owner[r][x], string(ch)))
		}
		if r == c.targetRow {
			w.WriteString(" target")
		}
		w.WriteString("\n")
	}
	return lw
}

// writeAxis writes the bottom axis and the round numbers under their columns, as many as
// fit, after lw columns of labels.
func (c *textChart) writeAxis(w *bytes.Buffer, lw int) {
	width := len(c.grid[0])
	fmt.Fprintf(w, "%*s └%s\n", lw, "", strings.Repeat("─", width))
	axis := []rune(strings.Repeat(" ", width+4))
	next := 0
	for i := 0; i <= len(c.s.rounds); i++ {
		label := strconv.Itoa(i)
		if i > 0 {
			label = strconv.Itoa(c.s.rounds[i-1])
		}
		x := i * c.step
		if x < next {
			continue
		}
		copy(axis[x:], []rune(label))
		next = x + len(label) + 1
	}
	fmt.Fprintf(w, "%*s  %s  (round)\n", lw, "", strings.TrimRight(string(axis), " "))
}
