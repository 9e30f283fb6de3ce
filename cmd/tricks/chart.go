package main

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
	const rows = 14
	n := len(s.rounds) + 1
	step := max(1, min(6, 72/max(n-1, 1)))
	width := (n-1)*step + 1
	lo, hi := s.bounds()
	rowOf := func(v float64) int {
		return int(math.Round((float64(hi) - v) / float64(hi-lo) * (rows - 1)))
	}
	grid := make([][]rune, rows)
	owner := make([][]int, rows)
	for r := range grid {
		grid[r] = []rune(strings.Repeat(" ", width))
		owner[r] = make([]int, width)
		for x := range owner[r] {
			owner[r][x] = -1
		}
	}
	targetRow := -1
	if s.target != 0 {
		targetRow = rowOf(float64(s.target))
		for x := 0; x < width; x++ {
			grid[targetRow][x] = '-'
		}
	}
	marks := markers(s.units)
	put := func(r, x int, ch rune, u int) {
		switch {
		case grid[r][x] == ' ' || grid[r][x] == '-' || grid[r][x] == '·' && ch != '·':
			grid[r][x], owner[r][x] = ch, u
		case ch != '·' && grid[r][x] != ch:
			grid[r][x], owner[r][x] = '*', -1
		}
	}
	for u, ts := range s.totals {
		for i := 1; i < n; i++ {
			for k := 1; k < step; k++ { // dots between two rounds
				v := float64(ts[i-1]) + float64(ts[i]-ts[i-1])*float64(k)/float64(step)
				put(rowOf(v), (i-1)*step+k, '·', u)
			}
		}
		for i := 0; i < n; i++ {
			put(rowOf(float64(ts[i])), i*step, marks[u], u)
		}
	}
	paint := func(u int, s string) string {
		if !colors || u < 0 {
			return s
		}
		c := color.New(unitColors[u%len(unitColors)])
		c.EnableColor()
		return c.Sprint(s)
	}
	labels := map[int]string{0: strconv.Itoa(hi), rows - 1: strconv.Itoa(lo), rowOf(0): "0"}
	if targetRow >= 0 {
		labels[targetRow] = strconv.Itoa(s.target)
	}
	// The axis labels take the width of the widest (totals near 10^9 are ten digits).
	lw := 7
	for _, l := range labels {
		lw = max(lw, len(l))
	}
	fmt.Fprintf(w, "running totals, %s\n", displayText(s.title))
	for r := range grid {
		fmt.Fprintf(w, "%*s │", lw, labels[r])
		end := len(grid[r])
		for end > 0 && grid[r][end-1] == ' ' {
			end--
		}
		for x, ch := range grid[r][:end] {
			w.WriteString(paint(owner[r][x], string(ch)))
		}
		if r == targetRow {
			w.WriteString(" target")
		}
		w.WriteString("\n")
	}
	fmt.Fprintf(w, "%*s └%s\n", lw, "", strings.Repeat("─", width))
	// Round numbers under their columns, as many as fit.
	axis := []rune(strings.Repeat(" ", width+4))
	next := 0
	for i := 0; i < n; i++ {
		label := strconv.Itoa(i)
		if i > 0 {
			label = strconv.Itoa(s.rounds[i-1])
		}
		x := i * step
		if x < next {
			continue
		}
		copy(axis[x:], []rune(label))
		next = x + len(label) + 1
	}
	fmt.Fprintf(w, "%*s  %s  (round)\n", lw, "", strings.TrimRight(string(axis), " "))
	var legend []string
	for u, name := range s.units {
		legend = append(legend, paint(u, displayText(string(marks[u])))+" "+displayText(name))
	}
	if s.target != 0 {
		legend = append(legend, "--- target "+strconv.Itoa(s.target))
	}
	fmt.Fprintf(w, "%*s  %s\n", lw, "", strings.Join(legend, "   "))
}
