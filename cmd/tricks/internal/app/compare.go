package app

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

// entry is one -r value of compare: a ruleset (name or file) with options after ':'.
type entry struct {
	label string
	c     choice
	res   *resolver // one worker's: a resolver caches what it resolved
}

// parseEntries reads the -r values: "NAME[:k=v:k=v]", or "A,B,C" for plain names. Each
// ruleset is loaded once, here: one that cannot be (an unknown name, a file that is missing,
// not a regular file or not a ruleset) is the command line's error, not every game's.
func parseEntries(values, common []string) ([]entry, error) {
	var out []entry
	loaded := map[string]*rulesets.Ruleset{}
	load := func(v, name string) (*rulesets.Ruleset, error) {
		if rs, ok := loaded[name]; ok {
			return rs, nil
		}
		rs, err := rulesets.Load(name)
		if err != nil {
			return nil, fmt.Errorf("compare: -r %s: %v", v, err)
		}
		loaded[name] = rs
		return rs, nil
	}
	for _, v := range values {
		if !strings.Contains(v, ":") && strings.Contains(v, ",") {
			for _, name := range strings.Split(v, ",") {
				if name = strings.TrimSpace(name); name != "" {
					base, err := load(name, name)
					if err != nil {
						return nil, err
					}
					c := choice{ruleset: name, options: common, base: base}
					out = append(out, entry{label: name, c: c, res: newResolver(c)})
				}
			}
			continue
		}
		parts := strings.Split(v, ":")
		name, first := fileWithColons(parts)
		opts := append([]string(nil), common...)
		for i := first; i < len(parts); i++ {
			p := parts[i]
			// A value may itself hold ':' (revoke=fixed:13): glue a part without '=' back on.
			for i+1 < len(parts) && !strings.Contains(parts[i+1], "=") {
				i++
				p += ":" + parts[i]
			}
			if !strings.Contains(p, "=") {
				hint := ""
				if _, err := os.Stat(v); err == nil {
					hint = fmt.Sprintf(" (a file whose name holds ':' is named as a path: -r ./%s)", v)
				}
				return nil, fmt.Errorf("compare: -r %s: option %q is not key=value%s", v, p, hint)
			}
			opts = append(opts, p)
		}
		if name == "" {
			return nil, fmt.Errorf("compare: -r %s: no ruleset name", v)
		}
		base, err := load(v, name)
		if err != nil {
			return nil, err
		}
		c := choice{ruleset: name, options: opts, base: base}
		out = append(out, entry{label: v, c: c, res: newResolver(c)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("compare: name at least one ruleset with -r")
	}
	return out, nil
}

// fileWithColons reads the name of an entry split at ':' (parts) and returns it with the
// index of the first option part. A name is the first part, except that a path (it holds a
// '/': ./x:y.yaml) may hold ':' itself: then it is the longest run of parts that names an
// existing file.
func fileWithColons(parts []string) (string, int) {
	if !strings.Contains(parts[0], "/") && !strings.HasPrefix(parts[0], ".") {
		return parts[0], 1
	}
	for k := len(parts); k > 1; k-- {
		cand := strings.Join(parts[:k], ":")
		if fi, err := os.Stat(cand); err == nil && !fi.IsDir() {
			return cand, k
		}
	}
	return parts[0], 1
}

// compared is one game's comparison: CLI.md's compare JSON.
type compared struct {
	File     string       `json:"file"`
	Game     int          `json:"game"`
	Players  []string     `json:"players"`
	Rulesets []entryOut   `json:"rulesets"`
	Legality []difference `json:"legality"`
	// ScoresAgree lists the entries whose points and totals match every score and total line
	// of the transcript; only for a transcript with such lines (score-mismatch is not a
	// legality difference: the recorded sheet follows one ruleset).
	ScoresAgree *[]string `json:"scores_agree_with,omitempty"`
}

type entryOut struct {
	Ruleset string        `json:"ruleset"`
	Result  *score.Result `json:"result,omitempty"`
	Error   string        `json:"error,omitempty"`
	// SheetNotScored lists the sheet rounds whose figures this entry cannot score: they name
	// players or sides it does not score by (a side's figures under individual rules).
	SheetNotScored []int  `json:"sheet_rounds_not_scored,omitempty"`
	short          string // the error in one short line, for the table
}

// difference is a play that is legal under some rulesets and not under others.
type difference struct {
	Round        int          `json:"round"`
	Trick        *int         `json:"trick"`
	Player       string       `json:"player"`
	Card         *string      `json:"card"`
	LegalUnder   []string     `json:"legal_under"`
	IllegalUnder []ruleBroken `json:"illegal_under"`
}

type ruleBroken struct {
	Ruleset string `json:"ruleset"`
	Rule    string `json:"rule"`
}

func compareCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "score the same play under several rulesets side by side",
		ArgsUsage: "-r A -r B:k=v ... FILE",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `NAME[:k=v...]` or FILE, or A,B,C (repeatable)"},
			&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "option `k=v` for every ruleset, before each entry's own (repeatable)"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output `FORMAT`: table, json, jsonl, csv, yaml"},
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 when a play is illegal under any ruleset"},
			colorFlag, noColorFlag,
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but input errors"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "compare on `N` workers; the output order stays the input order (default: the number of CPUs)"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if err := checkFormat(format, "table", "text", "json", "jsonl", "csv", "yaml"); err != nil {
				return err
			}
			entries, err := parseEntries(c.StringSlice("ruleset"), c.StringSlice("option"))
			if err != nil {
				return usageError{err}
			}
			args, err := e.inputArgs(c, "a transcript file")
			if err != nil {
				return err
			}
			files, err := transcriptFiles(args)
			if err != nil {
				return usageError{err}
			}
			cw := &compareWriter{e: e, format: format, quiet: c.Bool("quiet"), w: e.outBuffer(e.tableOut(c)),
				js: jsonOut{pretty: isTerminal(e.stdout)}}
			if format == "csv" {
				cw.w.WriteString("file,game,ruleset,round,name,points,total,winner,error\n")
			}
			src := e.newSource(files)
			next := func(it *compareItem) (int, bool) { return src.read(&it.job) }
			jobs := workers(c.Int("jobs"))
			raiseMemoryLimit(int64(jobs) * int64(len(entries)) * compareEntryBytes)
			inOrder(jobs, compareSize, next, byItem(compareWork(entries, format, e.colors(c), cw.quiet)), cw.emit)
			return cw.finish(c.Bool("strict"))
		},
	}
}

// compareSize is how compare's games travel between the goroutines: one at a time (a game
// here is heavy: replayed under every entry), the bytes of the comparisons rendered and
// waiting to be written, in input order, behind a slower one, bounded.
var compareSize = poolSize{batch: 1, budget: 4 << 20}

// compareEntryBytes is about what a worker holds for each entry: its resolver with what it
// resolved, and a game's replay and result under it.
const compareEntryBytes = 96 << 10

// compareItem is a game of compare's: as read, then as compared on a worker, with what the
// exit status needs of it (its output is the pool's).
type compareItem struct {
	job
	scored, illegal bool // an entry scored the game; a play is illegal under one
}

// compareWork gives each worker its own Validator and resolvers (a resolver caches what it
// resolved): the worker parses each game, compares it and renders the comparison, so that
// what waits to be written is its output, not the results.
func compareWork(entries []entry, format string, col palette, quiet bool) func() func(*compareItem, *bytes.Buffer) {
	return func() func(*compareItem, *bytes.Buffer) {
		v := validate.New()
		v.Diagnose = true
		mine := make([]entry, len(entries))
		for i, en := range entries {
			mine[i] = entry{label: en.label, c: en.c, res: newResolver(en.c)}
		}
		w := bufio.NewWriter(nil)
		return func(it *compareItem, text *bytes.Buffer) {
			it.scored, it.illegal = false, false
			if it.err != nil {
				return
			}
			g, err := it.src.Parse(nil) // fresh memory: the comparison keeps parts of the game
			if err != nil {
				it.err = err
				return
			}
			cmp := compareGame(v, g, mine)
			for _, eo := range cmp.Rulesets {
				it.scored = it.scored || eo.Result != nil
				it.illegal = it.illegal || eo.Result != nil && len(eo.Result.Violations) > 0
			}
			if !quiet {
				w.Reset(text)
				renderCompared(w, cmp, format, col)
				w.Flush()
			}
		}
	}
}

// compareWriter writes the comparisons in input order, and decides the exit status.
type compareWriter struct {
	e       *env
	format  string
	quiet   bool
	w       *bufio.Writer
	js      jsonOut
	games   int  // games compared
	written int  // comparisons written
	scored  bool // an entry scored a game
	illegal bool // a play is illegal under an entry
	bad     bool // an input error
}

// emit writes a game's comparison, text as the worker rendered it, or its error.
func (cw *compareWriter) emit(it *compareItem, text []byte) bool {
	if it.err != nil {
		cw.bad = true
		cw.w.Flush()
		printError(cw.e.stderr, it.file, it.err)
		return true
	}
	cw.games++
	cw.scored = cw.scored || it.scored
	cw.illegal = cw.illegal || it.illegal
	if cw.quiet {
		return true
	}
	switch cw.format {
	case "json":
		cw.js.add(cw.w, text)
	case "jsonl":
		cw.w.Write(text)
		cw.w.WriteString("\n")
	case "yaml", "csv":
		if cw.written > 0 && cw.format == "yaml" {
			cw.w.WriteString("---\n")
		}
		cw.w.Write(text)
	default:
		if cw.written > 0 {
			cw.w.WriteString("\n")
		}
		cw.w.Write(text)
	}
	cw.written++
	return true
}

// finish closes the output and gives the exit status.
func (cw *compareWriter) finish(strict bool) error {
	if cw.format == "json" && !cw.quiet {
		cw.js.finish(cw.w)
	}
	cw.w.Flush()
	if cw.games > 0 && !cw.scored {
		// Every entry was an error for every game (a misspelt option, say): a script
		// must not take the output for a comparison.
		fmt.Fprintf(cw.e.stderr, "tricks: compare: no ruleset scored any game\n")
		cw.bad = true
	}
	switch {
	case cw.bad:
		return exitError{exitInput}
	case cw.illegal && strict:
		return exitError{exitIllegal}
	}
	return nil
}

// renderCompared writes a comparison in format: a JSON object (json, jsonl), a YAML document
// without its separator, CSV rows, or the table.
func renderCompared(w *bufio.Writer, cmp *compared, format string, col palette) {
	switch format {
	case "json", "jsonl":
		b, _ := marshalJSON(cmp)
		w.Write(b)
	case "yaml":
		b, _ := marshalJSON(cmp)
		writeYAMLDoc(w, b)
	case "csv":
		writeCompareCSV(w, cmp)
	default:
		writeCompareTable(w, cmp, col)
	}
}

// compareGame replays g as recorded under every entry.
func compareGame(v *validate.Validator, g *parse.Game, entries []entry) *compared {
	out := &compared{File: g.File, Game: g.Index, Players: g.Players, Legality: []difference{}}
	type play struct {
		round, trick int
		player       string
		card         parse.Card
	}
	broken := map[play][]ruleBroken{}
	var order []play
	var ok []string
	notScored := map[string]map[int]bool{} // by entry: the rounds its rules do not score
	recorded := false
	for _, r := range g.Rounds {
		recorded = recorded || len(r.Score) > 0 || len(r.Total) > 0
	}
	if recorded {
		out.ScoresAgree = &[]string{}
	}
	for _, en := range entries {
		eo := entryOut{Ruleset: en.label}
		own := en.res.ownRules(g)
		err := en.res.otherFamily(own)
		var rs *rulesets.Ruleset
		if err == nil {
			rs, err = en.res.resolve(g)
		}
		if err == nil {
			var rp *validate.Replay
			if rp, err = v.ReplayOwn(g, rs, own); err == nil {
				eo.Result = score.Score(rp)
			}
		}
		if err != nil {
			eo.Error, eo.short = oneLine(err), shortLine(err)
			out.Rulesets = append(out.Rulesets, eo)
			continue
		}
		ok = append(ok, en.label)
		eo.SheetNotScored = sheetsNotScored(g, eo.Result)
		for _, r := range eo.Result.Rounds {
			if r.Ignored {
				if notScored[en.label] == nil {
					notScored[en.label] = map[int]bool{}
				}
				notScored[en.label][r.Round] = true
			}
		}
		if recorded && !hasRule(eo.Result.Violations, score.ScoreMismatch) && len(eo.SheetNotScored) == 0 {
			*out.ScoresAgree = append(*out.ScoresAgree, en.label)
		}
		for _, vi := range eo.Result.Violations {
			if score.IsTranscriptError(vi.Rule) {
				continue
			}
			p := play{vi.Round, vi.Trick, vi.Player, vi.Card}
			if _, seen := broken[p]; !seen {
				order = append(order, p)
			}
			broken[p] = append(broken[p], ruleBroken{en.label, vi.Rule})
		}
		out.Rulesets = append(out.Rulesets, eo)
	}
	// In play order: by round, then the round's passes and bids, then trick by trick.
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].round != order[j].round {
			return order[i].round < order[j].round
		}
		return order[i].trick < order[j].trick
	})
	for _, p := range order {
		ill := broken[p]
		var legal []string
		for _, label := range ok {
			found := false
			for _, b := range ill {
				found = found || b.Ruleset == label
			}
			if !found && !notScored[label][p.round] {
				legal = append(legal, label)
			}
		}
		if len(legal) == 0 {
			continue
		}
		d := difference{Round: p.round, Player: p.player, LegalUnder: legal, IllegalUnder: ill}
		if p.trick > 0 {
			t := p.trick
			d.Trick = &t
		}
		if p.card != parse.NoCard {
			c := p.card.String()
			d.Card = &c
		}
		out.Legality = append(out.Legality, d)
	}
	return out
}

// sheetsNotScored lists the sheet rounds of g whose points res cannot hold: their figures
// name a player or side that is not one of res's scoring units. A sheet round's points are
// the table's figures, the same under every ruleset that scores by the units they name.
func sheetsNotScored(g *parse.Game, res *score.Result) []int {
	var out []int
	for i, r := range g.Rounds {
		if !r.IsSheet() {
			continue
		}
		for _, c := range append(append([]parse.Count(nil), r.Score...), r.Total...) {
			if !has(res.Totals.Keys, c.Player) {
				out = append(out, i+1)
				break
			}
		}
	}
	return out
}

func hasRule(vs []validate.Violation, rule string) bool {
	for _, v := range vs {
		if v.Rule == rule {
			return true
		}
	}
	return false
}

// oneLine flattens an error list into one line for a compare entry.
func oneLine(err error) string {
	var el parse.ErrorList
	if errors.As(err, &el) {
		var parts []string
		for _, e := range el {
			parts = append(parts, e.Error())
		}
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

// shortLine is an entry's error for the table: its first message, and how many more.
func shortLine(err error) string {
	var el parse.ErrorList
	if errors.As(err, &el) && len(el) > 1 {
		return fmt.Sprintf("%s (and %d more)", el[0].Error(), len(el)-1)
	}
	return oneLine(err)
}

func writeCompareCSV(w *bufio.Writer, cmp *compared) {
	cw := newCSV(w)
	game := strconv.Itoa(cmp.Game)
	for _, eo := range cmp.Rulesets {
		if eo.Result == nil {
			cw.Write([]string{cmp.File, game, eo.Ruleset, "", "", "", "", "", eo.Error})
			continue
		}
		res := eo.Result
		winner := ""
		if res.Winner != nil {
			winner = *res.Winner
		}
		for _, r := range res.Rounds {
			if r.Ignored {
				continue
			}
			if slices.Contains(eo.SheetNotScored, r.Round) {
				cw.Write([]string{cmp.File, game, eo.Ruleset, strconv.Itoa(r.Round), "", "", "", "", sheetNotScored})
				continue
			}
			for i, k := range r.Points.Keys {
				cw.Write([]string{cmp.File, game, eo.Ruleset, strconv.Itoa(r.Round), k, strconv.Itoa(r.Points.Vals[i]), strconv.Itoa(r.Totals.Get(k)), "", ""})
			}
		}
		for i, k := range res.Totals.Keys {
			cw.Write([]string{cmp.File, game, eo.Ruleset, "total", k, "", strconv.Itoa(res.Totals.Vals[i]), winner, ""})
		}
	}
	cw.Flush()
}

// writeCompareTable prints the rulesets side by side: a column group per ruleset, a row per
// round with each unit's points, then the totals and winners, then the legality differences.
func writeCompareTable(w *bufio.Writer, cmp *compared, col palette) {
	fmt.Fprintln(w, col.head.Sprintf("%s game %d: %s", displayText(cmp.File), cmp.Game, displayText(strings.Join(cmp.Players, " "))))
	var groups []entryOut
	for _, eo := range cmp.Rulesets {
		if eo.Result == nil {
			fmt.Fprintf(w, "%s: %s\n", displayText(eo.Ruleset), col.bad.Sprint(displayText(eo.short)))
			continue
		}
		groups = append(groups, eo)
	}
	if len(groups) == 0 {
		return
	}
	// A player's (or side's) points within a ruleset's column: as wide as the longest name, up
	// to 12 characters (names are cut there), at least 5.
	width := 5
	for _, g := range groups {
		for _, k := range g.Result.Totals.Keys {
			width = max(width, min(textWidth(k), 12))
		}
	}
	rounds := 0
	for _, g := range groups {
		rounds = max(rounds, len(g.Result.Rounds))
	}
	t := grid{sep: " | ", cols: []gridCol{{min: 6}}}
	head, names := []gridCell{cell("")}, []gridCell{cell("round")}
	for _, g := range groups {
		t.cols = append(t.cols, gridCol{})
		head = append(head, cell(g.Ruleset))
		var hs []string
		for _, k := range g.Result.Totals.Keys {
			hs = append(hs, fmt.Sprintf("%*s", width, truncate(k, width)))
		}
		names = append(names, cell(strings.Join(hs, " ")))
	}
	t.row(head...)
	t.row(names...)
	for ri := 0; ri < rounds; ri++ {
		row := []gridCell{cell(strconv.Itoa(ri + 1))}
		for _, g := range groups {
			var cs []string
			if why := emptyCell(g, ri); why != "" {
				cs = append(cs, why)
			} else if ri < len(g.Result.Rounds) {
				r := g.Result.Rounds[ri]
				for _, k := range g.Result.Totals.Keys {
					if has(r.Points.Keys, k) {
						cs = append(cs, fmt.Sprintf("%*d", width, r.Points.Get(k)))
					} else {
						cs = append(cs, fmt.Sprintf("%*s", width, "-"))
					}
				}
			}
			row = append(row, cell(strings.Join(cs, " ")))
		}
		t.row(row...)
	}
	total, winner := []gridCell{cell("total")}, []gridCell{cell("winner")}
	for _, g := range groups {
		var cs []string
		for _, v := range g.Result.Totals.Vals {
			cs = append(cs, fmt.Sprintf("%*d", width, v))
		}
		total = append(total, cell(strings.Join(cs, " ")))
		switch {
		case g.Result.Winner != nil:
			winner = append(winner, cell(*g.Result.Winner).in(col.lead.Sprint))
		case len(g.Result.Tied) > 0:
			winner = append(winner, cell("tied: "+strings.Join(g.Result.Tied, ",")))
		default:
			winner = append(winner, cell("unfinished"))
		}
	}
	t.row(total...)
	t.row(winner...)
	t.write(w)
	if cmp.ScoresAgree != nil {
		agree := strings.Join(*cmp.ScoresAgree, ", ")
		if agree == "" {
			agree = "none of these rulesets"
		}
		fmt.Fprintf(w, "recorded scores agree with: %s\n", displayText(agree))
	}
	writeDifferences(w, cmp, col)
}

// sheetNotScored is what compare says of a sheet round an entry cannot score.
const sheetNotScored = "not scored: a sheet round"

// emptyCell says why an entry has no points in row ri: the game ended before that round under
// the entry's rules (`ended r3`), the round is not scored (`not scored: bad-tiebreak`), or
// it is a sheet round whose figures the entry does not score by (`not scored: a sheet
// round`). "" when the round has points.
func emptyCell(eo entryOut, ri int) string {
	res := eo.Result
	if ri >= len(res.Rounds) {
		return "-"
	}
	r := res.Rounds[ri]
	if !r.Ignored {
		if slices.Contains(eo.SheetNotScored, r.Round) {
			return sheetNotScored
		}
		return ""
	}
	if len(r.Violations) > 0 && r.Violations[0].Rule == score.AfterGameEnd {
		last := 0
		for _, p := range res.Rounds[:ri] {
			if !p.Ignored {
				last = p.Round
			}
		}
		return fmt.Sprintf("ended r%d", last)
	}
	if len(r.Violations) > 0 {
		return "not scored: " + r.Violations[0].Rule
	}
	return "not scored"
}

// writeDifferences lists the legality differences, one line per play; passes (or first
// leads) that differ the same way in several places share one line: "passes of rounds 1, 2,
// 4: illegal under black-maria (pass-direction); legal under hearts".
func writeDifferences(w *bufio.Writer, cmp *compared, col palette) {
	type group struct {
		kind    string
		members []difference
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, d := range cmp.Legality {
		kind := differenceKind(d)
		if kind == "" {
			groups = append(groups, &group{members: []difference{d}})
			continue
		}
		key := kind + "\x00" + strings.Join(d.LegalUnder, "\x00")
		for _, b := range d.IllegalUnder {
			key += "\x01" + b.Ruleset + "\x00" + b.Rule
		}
		gr, ok := byKey[key]
		if !ok {
			gr = &group{kind: kind}
			byKey[key] = gr
			groups = append(groups, gr)
		}
		gr.members = append(gr.members, d)
	}
	for _, gr := range groups {
		d := gr.members[0]
		var ill []string
		for _, b := range d.IllegalUnder {
			ill = append(ill, fmt.Sprintf("%s (%s)", b.Ruleset, b.Rule))
		}
		var where string
		if len(gr.members) == 1 {
			where = fmt.Sprintf("round %d", d.Round)
			if d.Trick != nil {
				where += fmt.Sprintf(" trick %d", *d.Trick)
			}
			where += ", " + d.Player
			if d.Card != nil {
				where += " " + *d.Card
			}
		} else {
			where = gr.kind + " of " + roundList(gr.members, len(cmp.Players))
		}
		fmt.Fprintf(w, "%s: illegal under %s; legal under %s\n", displayText(where), col.bad.Sprint(displayText(strings.Join(ill, ", "))), displayText(strings.Join(d.LegalUnder, ", ")))
	}
}

// differenceKind is what a difference is about when it may be grouped with others: "passes"
// (a pass line) or "first leads" (trick 1's lead); "" for any other play.
func differenceKind(d difference) string {
	switch {
	case d.Trick == nil && allRules(d, validate.PassDirection, validate.PassCount):
		return "passes"
	case d.Trick != nil && *d.Trick == 1 && allRules(d, validate.FirstLead):
		return "first leads"
	}
	return ""
}

func allRules(d difference, rules ...string) bool {
	for _, b := range d.IllegalUnder {
		found := false
		for _, r := range rules {
			found = found || b.Rule == r
		}
		if !found {
			return false
		}
	}
	return true
}

// roundList names the rounds of a group: "round 2" or "rounds 1, 2, 4"; a round where only
// some of the players' passes differ names them: "rounds 1, 3 (dan)".
func roundList(ds []difference, players int) string {
	var parts []string
	for i := 0; i < len(ds); {
		j := i
		var who []string
		for j < len(ds) && ds[j].Round == ds[i].Round {
			who = append(who, ds[j].Player)
			j++
		}
		part := strconv.Itoa(ds[i].Round)
		if ds[i].Trick == nil && len(who) < players {
			part += " (" + strings.Join(who, ", ") + ")"
		}
		parts = append(parts, part)
		i = j
	}
	if len(parts) == 1 {
		return "round " + parts[0]
	}
	return "rounds " + strings.Join(parts, ", ")
}
