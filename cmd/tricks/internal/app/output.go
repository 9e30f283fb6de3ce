package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

// counts gathers what decides the exit status. games counts the games read and checked,
// inputErrors the inputs that could not be (a file that cannot be opened, a game that cannot
// be read): apart, so that a missing file is not "1 game".
type counts struct {
	games, withViolations, violations, inputErrors int
}

func (n *counts) add(j *job) {
	if j.err != nil {
		n.inputErrors++
		return
	}
	n.games++
	if v := j.violations; v > 0 {
		n.withViolations++
		n.violations += v
	}
}

// jsonOut writes the JSON format: always one array with an element per game, "[]" for
// none (CLI.md), so that `jq '.[0]'` works whatever the number of games.
// On a terminal (pretty) each element is indented for a person; piped, one line each.
type jsonOut struct {
	n      int
	pretty bool
	indent bytes.Buffer
}

func (j *jsonOut) add(w *bufio.Writer, b []byte) {
	if j.n == 0 {
		w.WriteString("[\n")
	} else {
		w.WriteString(",\n")
	}
	j.n++
	if j.pretty {
		j.indent.Reset()
		if json.Indent(&j.indent, b, "  ", "  ") == nil {
			w.WriteString("  ")
			w.Write(j.indent.Bytes())
			return
		}
	}
	w.Write(b)
}

func (j *jsonOut) finish(w *bufio.Writer) {
	if j.n == 0 {
		w.WriteString("[]\n")
		return
	}
	w.WriteString("\n]\n")
}

// errorJSON is a game that cannot be read, as an element of the machine output (CLI.md):
// its file, its number in the file and its messages.
type errorJSON struct {
	File   string         `json:"file"`
	Game   int            `json:"game"`
	Errors []errorMessage `json:"errors"`
}

type errorMessage struct {
	Line    *int   `json:"line"`
	Col     *int   `json:"col"`
	Message string `json:"message"`
}

// errorDoc is the error object of an unreadable game.
func errorDoc(j *job, game int) []byte {
	out := errorJSON{File: j.file, Game: game}
	var el parse.ErrorList
	if errors.As(j.err, &el) {
		for _, e := range el {
			m := errorMessage{Message: e.Msg}
			if e.Pos.Line > 0 {
				line := e.Pos.Line
				m.Line = &line
			}
			if e.Pos.Col > 0 {
				col := e.Pos.Col
				m.Col = &col
			}
			out.Errors = append(out.Errors, m)
		}
	} else {
		out.Errors = []errorMessage{{Message: j.err.Error()}}
	}
	b, _ := marshalJSON(out)
	return b
}

// gameNumbers numbers the games of each file as they are written (the games of a file
// come one after the other, in order), for the error objects of games that have no
// parsed game to say which they are.
type gameNumbers struct {
	file string
	n    int
}

func (g *gameNumbers) next(j *job) int {
	if j.file != g.file {
		g.file, g.n = j.file, 0
	}
	g.n++
	if j.index > 0 {
		g.n = j.index
	}
	return g.n
}

// writeDoc writes one game's JSON object in a structured format: json (an array of
// them), jsonl (one per line) or yaml (one document per game, keys in the same
// order as the JSON).
func writeDoc(w *bufio.Writer, format string, js *jsonOut, b []byte) {
	switch format {
	case "json":
		js.add(w, b)
	case "yaml":
		if js.n > 0 {
			w.WriteString("---\n")
		}
		js.n++
		writeYAMLDoc(w, b)
	default:
		w.Write(b)
		w.WriteString("\n")
	}
}

// marshalJSON is json.Marshal without HTML escaping, so that names such as <stdin> read
// as written.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// marshalIndentJSON is marshalJSON indented, for the one-object outputs (show, stats).
func marshalIndentJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// structured reports whether a format is one of the machine formats that carry an element
// per game, unreadable games included.
func structured(format string) bool {
	return format == "json" || format == "jsonl" || format == "yaml"
}

// ---- validate ----

// gameOut is what the validate, score and analyze writers share: where and how they write,
// the counts and the numbers of the games.
type gameOut struct {
	e      *env
	format string
	quiet  bool
	w      *bufio.Writer
	col    palette
	sep    string // between the outputs of two games, in a format that is not structured
	n      counts
	first  bool
	js     jsonOut
	nums   gameNumbers
}

func newGameOut(e *env, c *cli.Context) gameOut {
	return gameOut{e: e, format: c.String("format"), quiet: c.Bool("quiet"), w: e.outBuffer(e.tableOut(c)), col: e.colors(c), first: true,
		js: jsonOut{pretty: isTerminal(e.stdout)}}
}

// put counts and numbers a game, and writes its output as render made it: a document of a
// structured format in its place (json's commas), other output as it is, after sep when
// another game's came before. A game that could not be read or checked is reported: the
// error on standard error (after what is written so far), and an error document in its place
// in a structured format. It reports whether the output was written.
func (o *gameOut) put(j *job, text []byte) bool {
	o.n.add(j)
	game := o.nums.next(j)
	switch {
	case j.err != nil:
		o.w.Flush()
		printError(o.e.stderr, j.file, j.err)
		if !o.quiet && structured(o.format) {
			writeDoc(o.w, o.format, &o.js, errorDoc(j, game))
		}
		return false
	case o.quiet:
		return false
	case structured(o.format):
		writeDoc(o.w, o.format, &o.js, text)
	default:
		if !o.first {
			o.w.WriteString(o.sep)
		}
		o.w.Write(text)
	}
	o.first = false
	return true
}

// sheetSep is the line between the outputs of two games in the table format of score and
// analyze; a csv format has none.
func sheetSep(format string) string {
	if format == "csv" {
		return ""
	}
	return "\n"
}

type validateWriter struct {
	gameOut
	rules map[string]int // violations by rule code, for the closing summary
}

func newValidateWriter(e *env, c *cli.Context) *validateWriter {
	vw := &validateWriter{gameOut: newGameOut(e, c)}
	if vw.format == "csv" && !vw.quiet {
		vw.w.WriteString("file,game,round,trick,player,card,rule,line,col,message,note\n")
	}
	return vw
}

type validateJSON struct {
	File       string               `json:"file"`
	Game       int                  `json:"game"`
	Ruleset    string               `json:"ruleset"`
	Valid      bool                 `json:"valid"`
	Violations []validate.Violation `json:"violations"`
}

// count adds a violation of a rule to the closing summary.
func (vw *validateWriter) count(rule string) {
	if vw.rules == nil {
		vw.rules = map[string]int{}
	}
	vw.rules[rule]++
}

func (vw *validateWriter) render(text *bytes.Buffer, j *job) {
	if vw.quiet {
		return
	}
	for _, v := range j.res.Violations {
		j.codes = append(j.codes, v.Rule)
	}
	if structured(vw.format) {
		text.Write(vw.doc(j))
	} else {
		vw.write(text, j)
	}
}

func (vw *validateWriter) emit(j *job, text []byte) {
	if vw.put(j, text) {
		for _, c := range j.codes {
			vw.count(c)
		}
	}
}

// doc is a checked game's JSON object.
func (vw *validateWriter) doc(j *job) []byte {
	vs := j.res.Violations
	b, _ := marshalJSON(validateJSON{j.res.File, j.res.Game, j.res.Ruleset, len(vs) == 0, vs})
	return b
}

// write writes a checked game's violations in the csv or text format.
func (vw *validateWriter) write(w io.Writer, j *job) {
	vs := j.res.Violations
	switch vw.format {
	case "csv":
		cw := newCSV(w)
		for _, v := range vs {
			card := ""
			if v.Card < 54 {
				card = v.Card.String()
			}
			cw.Write([]string{j.file, strconv.Itoa(j.res.Game), strconv.Itoa(v.Round), itoaOr(v.Trick), v.Player, card, v.Rule,
				itoaOr(v.Pos.Line), itoaOr(v.Pos.Col), v.Msg, v.Note})
		}
		cw.Flush()
	default:
		for _, v := range vs {
			pos := v.Pos
			if pos.File == "" {
				pos.File = j.file
			}
			where := fmt.Sprintf("round %d", v.Round)
			if j.res.Game > 1 {
				// A file of several games numbers the rounds of each from 1.
				where = fmt.Sprintf("game %d, %s", j.res.Game, where)
			}
			if v.Trick > 0 {
				where += fmt.Sprintf(", trick %d", v.Trick)
			}
			fmt.Fprintf(w, "%s: %s: %s (%s)\n", displayPos(pos), vw.col.bad.Sprint(v.Rule), displayText(v.Msg), where)
			for _, line := range strings.Split(v.Note, "\n") {
				if line == "" {
					continue
				}
				fmt.Fprintf(w, "    %s\n", displayText(line))
			}
		}
	}
}

// ruleSummary counts violations by rule code, the most frequent first: "3 revoke, 1 incomplete-round".
func ruleSummary(m map[string]int) string {
	codes := make([]string, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		if m[codes[i]] != m[codes[j]] {
			return m[codes[i]] > m[codes[j]]
		}
		return codes[i] < codes[j]
	})
	var b strings.Builder
	for i, c := range codes {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %s", m[c], c)
	}
	return b.String()
}

func itoaOr(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func (vw *validateWriter) finish() error {
	if vw.format == "json" && !vw.quiet {
		vw.js.finish(vw.w)
	}
	if (vw.format == "table" || vw.format == "text") && !vw.quiet {
		n := vw.n
		summary := ""
		if len(vw.rules) > 0 {
			summary = ": " + ruleSummary(vw.rules)
		}
		fmt.Fprintf(vw.w, "%d %s, %d with violations (%d in all%s)", n.games, plural(n.games, "game"), n.withViolations, n.violations, summary)
		if n.inputErrors > 0 {
			fmt.Fprintf(vw.w, ", %d unreadable", n.inputErrors)
		}
		fmt.Fprintln(vw.w)
	}
	vw.w.Flush()
	switch {
	case vw.n.inputErrors > 0:
		return exitError{exitInput}
	case vw.n.violations > 0:
		return exitError{exitIllegal}
	}
	return nil
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// ---- score ----

type scoreWriter struct {
	gameOut
	width  int // the table's width on the output; 0: no limit (fitSheet)
	strict bool
}

func newScoreWriter(e *env, c *cli.Context) *scoreWriter {
	sw := &scoreWriter{gameOut: newGameOut(e, c), strict: c.Bool("strict"), width: e.outputWidth()}
	sw.sep = sheetSep(sw.format)
	if sw.format == "csv" && !sw.quiet {
		sw.w.WriteString("file,game,ruleset,round,dealer,name,points,total,notes,uncertain\n")
	}
	return sw
}

// render: a structured format's document is the game's JSON (marshalJSON's bytes, without
// reflection); a yaml document is made from it as it is written.
func (sw *scoreWriter) render(text *bytes.Buffer, j *job) {
	switch {
	case sw.quiet:
	case sw.format == "csv":
		sw.csv(text, j)
	case structured(sw.format):
		text.Write(j.res.AppendJSON(text.AvailableBuffer()))
	default:
		sw.table(text, j.res)
	}
}

func (sw *scoreWriter) emit(j *job, text []byte) { sw.put(j, text) }

// csv writes a game's rows in the csv format.
func (sw *scoreWriter) csv(w io.Writer, j *job) {
	res := j.res
	cw := newCSV(w)
	for _, r := range res.Rounds {
		if r.Ignored {
			continue
		}
		dealer := ""
		if r.Dealer != nil {
			dealer = *r.Dealer
		}
		for i, k := range r.Points.Keys {
			cw.Write([]string{j.file, strconv.Itoa(res.Game), res.Ruleset, strconv.Itoa(r.Round), dealer, k,
				strconv.Itoa(r.Points.Vals[i]), strconv.Itoa(r.Totals.Get(k)), strings.Join(roundNotes(res, r), "; "), uncertainCSV(r)})
		}
	}
	cw.Flush()
}

// table prints one game as a score sheet: per round each unit's points and running total,
// as wide as the output allows (fitSheet).
func (sw *scoreWriter) table(w io.Writer, res *score.Result) {
	fmt.Fprintf(w, "%s\n", sw.col.head.Sprintf("%s game %d: %s", displayText(res.File), res.Game, displayText(res.Ruleset)))
	t, doubt := sw.fitSheet(res)
	t.write(w)
	if doubt {
		legend := []string{uncertainLegend}
		if sw.width > 0 {
			legend = wrapWords(legend, sw.width)
		}
		for _, l := range legend {
			fmt.Fprintln(w, sw.col.dim.Sprint(l))
		}
	}
	switch {
	case res.Winner != nil:
		fmt.Fprintf(w, "winner: %s\n", sw.col.lead.Sprint(displayText(*res.Winner)))
	case len(res.Tied) > 0:
		fmt.Fprintf(w, "tied: %s (undecided: a tie-break round decides)\n", displayText(strings.Join(res.Tied, ", ")))
	default:
		io.WriteString(w, "unfinished\n")
	}
}

// sheetGrid lays out a game's score sheet as lay says, and reports whether a figure is
// marked uncertain.
func (sw *scoreWriter) sheetGrid(res *score.Result, lay sheetLayout) (grid, bool) {
	units := res.Totals.Keys
	t := grid{sep: "  ", cols: []gridCol{{right: true, min: 5}, {min: lay.dealerMin}}}
	head := []gridCell{cell("round"), cell("dealer")}
	for _, u := range units {
		t.cols = append(t.cols, gridCol{right: true, min: lay.unitMin})
		head = append(head, cell(truncate(u, lay.nameMax)))
	}
	if !lay.below {
		head = append(head, cell("notes"))
	}
	t.row(head...)
	doubt, last := false, false // a mark shown; the final totals' doubt
	for _, r := range res.Rounds {
		if !r.Ignored {
			last = r.TotalsUncertain
		}
		dealer := "-"
		if r.Dealer != nil {
			dealer = *r.Dealer
		}
		label := strconv.Itoa(r.Round)
		if len(r.Tiebreak) > 0 {
			label += "t"
		}
		row := []gridCell{cell(label), cell(truncate(dealer, lay.dealerMax))}
		for _, u := range units {
			c := cell("")
			switch {
			case r.Ignored:
			case has(r.Points.Keys, u) && lay.pointsOnly:
				c = cell(fmt.Sprintf("%+d%s", r.Points.Get(u), mark(r.Uncertain)))
			case has(r.Points.Keys, u):
				c = cell(fmt.Sprintf("%+d%s → %d%s", r.Points.Get(u), mark(r.Uncertain), r.Totals.Get(u), mark(r.TotalsUncertain)))
			default:
				c = cell(strconv.Itoa(r.Totals.Get(u)) + mark(r.TotalsUncertain))
			}
			doubt = doubt || (!r.Ignored && r.TotalsUncertain)
			if !r.Ignored && lossy(res, r.Points.Get(u)) {
				c = c.in(sw.col.bad.Sprint)
			}
			row = append(row, c)
		}
		lines := wrapNotes(tableNotes(res, r), lay.notes)
		if lay.words {
			lines = wrapWords(lines, lay.notes)
		}
		notes := cell(strings.Join(lines, "\n")).in(sw.col.dim.Sprint)
		if !lay.below {
			t.row(append(row, notes)...)
			continue
		}
		t.row(row...)
		if len(lines) > 0 {
			t.line(indentLines(notes, lay.indent))
		}
	}
	total := []gridCell{cell("total"), cell("")}
	leaders := leadersOf(res)
	for _, u := range units {
		c := cell(strconv.Itoa(res.Totals.Get(u)) + mark(last))
		if leaders[u] {
			c = c.in(sw.col.lead.Sprint)
		}
		total = append(total, c)
	}
	t.row(total...)
	return t, doubt
}

// leadersOf marks the units leading the running totals (lowest in the Hearts family,
// highest in Spades).
func leadersOf(res *score.Result) map[string]bool {
	out := map[string]bool{}
	if len(res.Totals.Vals) == 0 {
		return out
	}
	high := res.Bags != nil
	best := res.Totals.Vals[0]
	for _, v := range res.Totals.Vals {
		if (high && v > best) || (!high && v < best) {
			best = v
		}
	}
	for i, v := range res.Totals.Vals {
		if v == best {
			out[res.Totals.Keys[i]] = true
		}
	}
	return out
}

func has(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func (sw *scoreWriter) finish() error { return sw.end(sw.strict) }

// end closes the JSON array, flushes, and gives the exit status of a command whose
// violations fail it only with --strict (score, analyze).
func (o *gameOut) end(strict bool) error {
	if o.format == "json" && !o.quiet {
		o.js.finish(o.w)
	}
	o.w.Flush()
	switch {
	case o.n.inputErrors > 0:
		return exitError{exitInput}
	case strict && o.n.violations > 0:
		return exitError{exitIllegal}
	}
	return nil
}

// notesWidth is how wide the notes column of the score table grows before it wraps.
const notesWidth = 72

// tableNotes is roundNotes for the table, with the violations counted: a rule broken more
// than three times in a round is "revoke ×11 (ann t1, bob t1, cat t2, …)".
func tableNotes(res *score.Result, r score.RoundResult) []string {
	all := roundNotes(res, r)
	k := 0 // roundNotes ends with a note per violation but after-game-end
	for _, v := range r.Violations {
		if v.Rule != score.AfterGameEnd {
			k++
		}
	}
	notes := groupPenalties(all[: len(all)-k : len(all)-k])
	var order []string
	by := map[string][]string{}
	for _, n := range all[len(all)-k:] {
		rule, detail, _ := strings.Cut(n, " ")
		if _, ok := by[rule]; !ok {
			order = append(order, rule)
		}
		by[rule] = append(by[rule], detail)
	}
	for _, rule := range order {
		ds := by[rule]
		switch {
		case len(ds) > 3:
			notes = append(notes, fmt.Sprintf("%s ×%d (%s, …)", rule, len(ds), strings.Join(ds[:3], ", ")))
		case ds[0] == "":
			notes = append(notes, rule)
		default:
			notes = append(notes, rule+" "+strings.Join(ds, ", "))
		}
	}
	return notes
}

// penaltyNote is a score note that names a player and a number: "revoke: dan +13",
// "exact reset: bob -26".
var penaltyNote = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(revoke|exact reset): (\S+) ([+-]\d+)$`) }) // compiled when first used, not at start-up

// groupPenalties writes the same penalty of several players once: "revoke +13: dan, ann".
func groupPenalties(notes []string) []string {
	var out []string
	at := map[string]int{} // "revoke +13" -> its place in out
	names := map[string][]string{}
	for _, n := range notes {
		m := penaltyNote().FindStringSubmatch(n)
		if m == nil {
			out = append(out, n)
			continue
		}
		key := m[1] + " " + m[3]
		if _, ok := at[key]; !ok {
			at[key] = len(out)
			out = append(out, n)
		}
		names[key] = append(names[key], m[2])
	}
	for key, i := range at {
		if ns := names[key]; len(ns) > 1 {
			out[i] = key + ": " + strings.Join(ns, ", ")
		}
	}
	return out
}

// wrapNotes joins notes with "; " into lines of at most width characters where it can
// (a single longer note keeps its line).
func wrapNotes(notes []string, width int) []string {
	var lines []string
	cur := ""
	for i, n := range notes {
		sep := ""
		if i < len(notes)-1 {
			sep = ";"
		}
		switch {
		case cur == "":
			cur = n + sep
		case len([]rune(cur))+1+len([]rune(n+sep)) <= width:
			cur += " " + n + sep
		default:
			lines = append(lines, cur)
			cur = n + sep
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// roundNotes is what the table and CSV say beside a round: Spades bids, tricks and bags,
// the scorer's notes (moon, penalties, resets), and each violation by rule, player and trick.
func roundNotes(res *score.Result, r score.RoundResult) []string {
	notes := append(spadesNotes(res, r), r.Notes...)
	if r.Ignored && (len(r.Violations) == 0 || r.Violations[0].Rule == score.AfterGameEnd) {
		notes = append(notes, "after the game ended: not scored")
	}
	for _, v := range r.Violations {
		if v.Rule == score.AfterGameEnd {
			continue
		}
		s := v.Rule
		if v.Rule == score.ScoreMismatch && strings.Contains(v.Msg, "recorded total") {
			s += " (total)"
		}
		if v.Player != "" {
			s += " " + v.Player
		}
		if v.Trick > 0 {
			s += fmt.Sprintf(" t%d", v.Trick)
		}
		notes = append(notes, s)
	}
	return notes
}

// spadesNotes sums up a Spades round per unit (its members as the scorer seats them): bids as
// written, tricks taken, bags carried.
func spadesNotes(res *score.Result, r score.RoundResult) []string {
	if r.Bids == nil && r.Bags == nil {
		return nil
	}
	var notes []string
	for ui, u := range res.Totals.Keys {
		var bids, took []string
		for pi, p := range res.Players {
			if res.UnitOf[pi] != ui {
				continue // another unit's
			}
			if r.Bids != nil {
				for i, k := range r.Bids.Keys {
					if k == p {
						bids = append(bids, r.Bids.Vals[i])
					}
				}
			}
			if r.Tricks != nil && has(r.Tricks.Keys, p) {
				took = append(took, strconv.Itoa(r.Tricks.Get(p)))
			}
		}
		bid := strings.Join(bids, "+")
		if bid == "" {
			bid = "-" // no bid recorded
		}
		n := fmt.Sprintf("%s bid %s took %s", u, bid, strings.Join(took, "+"))
		if r.Bags != nil {
			n += fmt.Sprintf(" bags carried %d", r.Bags.Get(u))
		}
		notes = append(notes, n)
	}
	return notes
}

// lossy reports whether a round's points are a loss to colour: penalty points in the Hearts
// family, negative points in Spades (whose results carry bags).
func lossy(res *score.Result, pts int) bool {
	if res.Bags != nil {
		return pts < 0
	}
	return pts > 0
}

// uncertainLegend explains the mark of uncertain points under a table.
const uncertainLegend = "? uncertain: a transcript error puts these points, and the totals after, in doubt (see validate)"

// mark is the table's mark of an uncertain figure: "?" after it.
func mark(uncertain bool) string {
	if uncertain {
		return "?"
	}
	return ""
}

// uncertainCSV is the CSV's uncertain column: "points" where the round's points (and so its
// totals) are uncertain, "total" where only the running total carries an earlier round's
// doubt, "" where neither.
func uncertainCSV(r score.RoundResult) string {
	switch {
	case r.Uncertain:
		return "points"
	case r.TotalsUncertain:
		return "total"
	}
	return ""
}
