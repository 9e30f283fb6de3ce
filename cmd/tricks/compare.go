package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
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
	res   *resolver
}

// parseEntries reads the -r values: "NAME[:k=v:k=v]", or "A,B,C" for plain names.
func parseEntries(values, common []string) ([]entry, error) {
	var out []entry
	for _, v := range values {
		if !strings.Contains(v, ":") && strings.Contains(v, ",") {
			for _, name := range strings.Split(v, ",") {
				if name = strings.TrimSpace(name); name != "" {
					out = append(out, entry{label: name, res: newResolver(choice{ruleset: name, options: common})})
				}
			}
			continue
		}
		parts := strings.Split(v, ":")
		name := parts[0]
		opts := append([]string(nil), common...)
		for i := 1; i < len(parts); i++ {
			p := parts[i]
			// A value may itself hold ':' (revoke=fixed:13): glue a part without '=' back on.
			for i+1 < len(parts) && !strings.Contains(parts[i+1], "=") {
				i++
				p += ":" + parts[i]
			}
			if !strings.Contains(p, "=") {
				return nil, fmt.Errorf("compare: -r %s: option %q is not key=value", v, p)
			}
			opts = append(opts, p)
		}
		if name == "" {
			return nil, fmt.Errorf("compare: -r %s: no ruleset name", v)
		}
		out = append(out, entry{label: v, res: newResolver(choice{ruleset: name, options: opts})})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("compare: name at least one ruleset with -r")
	}
	return out, nil
}

// compared is one game's comparison: CLI.md's compare JSON.
type compared struct {
	File     string       `json:"file"`
	Game     int          `json:"game"`
	Players  []string     `json:"players"`
	Rulesets []entryOut   `json:"rulesets"`
	Legality []difference `json:"legality"`
}

type entryOut struct {
	Ruleset string        `json:"ruleset"`
	Result  *score.Result `json:"result,omitempty"`
	Error   string        `json:"error,omitempty"`
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
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output format: table, json, jsonl, csv, yaml"},
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 when a play is illegal under any ruleset"},
			&cli.BoolFlag{Name: "no-color", Usage: "no colour (also NO_COLOR, and whenever stdout is not a terminal)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but input errors"},
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
			if c.NArg() == 0 {
				return usageError{fmt.Errorf("compare: name a transcript file")}
			}
			files, err := transcriptFiles(c.Args().Slice())
			if err != nil {
				return usageError{err}
			}
			w := bufio.NewWriter(e.stdout)
			col := e.colors(c)
			var js jsonOut
			if format == "csv" {
				w.WriteString("file,game,ruleset,round,name,points,total,winner,error\n")
			}
			bad, illegal := false, false
			v := validate.New()
			n := 0
			for _, f := range files {
				e.readFile(f, func(g *parse.Game, err error) {
					if err != nil {
						bad = true
						w.Flush()
						printError(e.stderr, f, err)
						return
					}
					cmp := compareGame(v, g, entries)
					for _, eo := range cmp.Rulesets {
						if eo.Result != nil && len(eo.Result.Violations) > 0 {
							illegal = true
						}
					}
					if c.Bool("quiet") {
						return
					}
					switch format {
					case "json", "jsonl", "yaml":
						b, _ := json.Marshal(cmp)
						writeDoc(w, format, &js, b)
					case "csv":
						writeCompareCSV(w, cmp)
					default:
						if n > 0 {
							w.WriteString("\n")
						}
						writeCompareTable(w, cmp, col)
					}
					n++
				})
			}
			if format == "json" && !c.Bool("quiet") {
				js.finish(w)
			}
			w.Flush()
			switch {
			case bad:
				return exitError{exitInput}
			case illegal && c.Bool("strict"):
				return exitError{exitIllegal}
			}
			return nil
		},
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
			eo.Error = oneLine(err)
			out.Rulesets = append(out.Rulesets, eo)
			continue
		}
		ok = append(ok, en.label)
		for _, vi := range eo.Result.Violations {
			if validate.IsTranscriptError(vi.Rule) {
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
			if !found {
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

func writeCompareCSV(w *bufio.Writer, cmp *compared) {
	cw := csv.NewWriter(w)
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
	fmt.Fprintln(w, col.head.Sprintf("%s game %d: %s", cmp.File, cmp.Game, strings.Join(cmp.Players, " ")))
	var groups []entryOut
	for _, eo := range cmp.Rulesets {
		if eo.Result == nil {
			fmt.Fprintf(w, "%s: %s\n", eo.Ruleset, col.bad.Sprint(eo.Error))
			continue
		}
		groups = append(groups, eo)
	}
	if len(groups) == 0 {
		return
	}
	const cell = 5
	widths := make([]int, len(groups))
	for i, g := range groups {
		widths[i] = max(len(g.Ruleset), len(g.Result.Totals.Keys)*(cell+1)-1)
	}
	fmt.Fprintf(w, "%-6s", "")
	for i, g := range groups {
		fmt.Fprintf(w, " | %-*s", widths[i], g.Ruleset)
	}
	w.WriteString("\n")
	fmt.Fprintf(w, "%-6s", "round")
	for i, g := range groups {
		var hs []string
		for _, k := range g.Result.Totals.Keys {
			hs = append(hs, fmt.Sprintf("%*s", cell, truncate(k, cell)))
		}
		fmt.Fprintf(w, " | %-*s", widths[i], strings.Join(hs, " "))
	}
	w.WriteString("\n")
	rounds := 0
	for _, g := range groups {
		rounds = max(rounds, len(g.Result.Rounds))
	}
	for ri := 0; ri < rounds; ri++ {
		fmt.Fprintf(w, "%-6d", ri+1)
		for i, g := range groups {
			var cs []string
			if ri < len(g.Result.Rounds) && !g.Result.Rounds[ri].Ignored {
				r := g.Result.Rounds[ri]
				for _, k := range g.Result.Totals.Keys {
					if has(r.Points.Keys, k) {
						cs = append(cs, fmt.Sprintf("%*d", cell, r.Points.Get(k)))
					} else {
						cs = append(cs, fmt.Sprintf("%*s", cell, "-"))
					}
				}
			}
			fmt.Fprintf(w, " | %-*s", widths[i], strings.Join(cs, " "))
		}
		w.WriteString("\n")
	}
	fmt.Fprintf(w, "%-6s", "total")
	for i, g := range groups {
		var cs []string
		for _, v := range g.Result.Totals.Vals {
			cs = append(cs, fmt.Sprintf("%*d", cell, v))
		}
		fmt.Fprintf(w, " | %-*s", widths[i], strings.Join(cs, " "))
	}
	w.WriteString("\n")
	fmt.Fprintf(w, "%-6s", "winner")
	for i, g := range groups {
		s, lead := "unfinished", false
		switch {
		case g.Result.Winner != nil:
			s, lead = *g.Result.Winner, true
		case len(g.Result.Tied) > 0:
			s = "tied: " + strings.Join(g.Result.Tied, ",")
		}
		cell := fmt.Sprintf("%-*s", widths[i], s) // pad first: colour codes take no room
		if lead {
			cell = col.lead.Sprint(cell)
		}
		fmt.Fprintf(w, " | %s", cell)
	}
	w.WriteString("\n")
	for _, d := range cmp.Legality {
		where := fmt.Sprintf("round %d", d.Round)
		if d.Trick != nil {
			where += fmt.Sprintf(" trick %d", *d.Trick)
		}
		what := d.Player
		if d.Card != nil {
			what += " " + *d.Card
		}
		var ill []string
		for _, b := range d.IllegalUnder {
			ill = append(ill, fmt.Sprintf("%s (%s)", b.Ruleset, b.Rule))
		}
		fmt.Fprintf(w, "%s, %s: illegal under %s; legal under %s\n", where, what, col.bad.Sprint(strings.Join(ill, ", ")), strings.Join(d.LegalUnder, ", "))
	}
}
