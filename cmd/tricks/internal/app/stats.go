package app

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

// statsCommand is `tricks stats`: figures over every game read, streamed through the same
// pipeline as validate and score; one group of figures per ruleset.
func statsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "stats",
		Usage:     "statistics over every game read: wins, points per round, moons, violations, Spades contracts",
		ArgsUsage: "FILE|DIR|- ...",
		Flags:     gameFlags("table, json, jsonl, csv, yaml"),
		Action: func(c *cli.Context) error {
			if err := checkFormat(c.String("format"), "table", "text", "json", "jsonl", "csv", "yaml"); err != nil {
				return err
			}
			args, err := e.inputArgs(c, "at least one transcript file, directory or -")
			if err != nil {
				return err
			}
			files, err := transcriptFilesNoted(args, e.stderr)
			if err != nil {
				return usageError{err}
			}
			ch, err := e.choiceFrom(c)
			if err != nil {
				return err
			}
			if c.Int("jobs") < 0 {
				return usageError{fmt.Errorf("--jobs %d: give a number of workers (0 or none: one per CPU)", c.Int("jobs"))}
			}
			st := newStats()
			// Each worker takes what stats counts of a game (statsOf) while the game is in its
			// memory; the figures are merged in input order. stats keeps counts, and the names
			// it counts by (strings a game hands out never change, though the games' memory is
			// reused).
			render := func(_ *bytes.Buffer, j *job) { j.stats = st.statsOf(j) }
			e.pipeline(files, ch, c.Int("jobs"), false, render, func(j *job, _ []byte) {
				if j.err != nil {
					printError(e.stderr, j.file, j.err)
				}
				st.add(j)
			})
			if !c.Bool("quiet") {
				w := bufio.NewWriter(e.tableOut(c))
				switch c.String("format") {
				case "json":
					b, _ := marshalIndentJSON(st.report())
					w.Write(b)
					w.WriteString("\n")
				case "jsonl":
					// One line per ruleset group.
					for _, g := range st.report().Groups {
						b, _ := marshalJSON(g)
						w.Write(b)
						w.WriteString("\n")
					}
				case "yaml":
					b, _ := marshalJSON(st.report())
					writeYAMLDoc(w, b)
				case "csv":
					st.report().writeCSV(w)
				default:
					st.report().writeTable(w, e.colors(c))
				}
				w.Flush()
			}
			switch {
			case st.unreadable > 0:
				return exitError{exitInput}
			case c.Bool("strict") && st.violations > 0:
				return exitError{exitIllegal}
			}
			return nil
		},
	}
}

// welford accumulates a mean and a variance in one pass, in constant memory. Points are
// whole numbers: their sum is kept exactly, so that the mean is the sum divided once (6.5,
// where the running mean drifts to 6.499999999999998); the running mean serves the variance.
type welford struct {
	n        int64
	sum      int64
	mean, m2 float64
}

func (w *welford) add(x float64) {
	w.n++
	w.sum += int64(x)
	d := x - w.mean
	w.mean += d / float64(w.n)
	w.m2 += d * (x - w.mean)
}

// moments is the JSON of a welford: the sample standard deviation and a 95% confidence
// interval of the mean (normal approximation: mean ± 1.96·sd/√n).
type moments struct {
	N    int64      `json:"n"`
	Mean float64    `json:"mean"`
	SD   float64    `json:"sd"`
	CI95 [2]float64 `json:"ci95"`
}

func (w *welford) moments() moments {
	m := moments{N: w.n}
	if w.n > 0 {
		m.Mean = float64(w.sum) / float64(w.n)
	}
	if w.n > 1 {
		m.SD = math.Sqrt(w.m2 / float64(w.n-1))
	}
	h := 0.0
	if w.n > 0 {
		h = 1.96 * m.SD / math.Sqrt(float64(w.n))
	}
	m.CI95 = [2]float64{m.Mean - h, m.Mean + h}
	return m
}

// roundCounts is what stats counts of rounds, summed over the rounds of a game (gameStats)
// and over the games of a ruleset (statGroup).
type roundCounts struct {
	rounds, scored           int
	sheet                    int // sheet rounds: the table's figures only, no play
	moonRounds, shot, failed int
	spadesRounds             int
	contracts, made          int
	nils, nilsMade           int
	bags, bagPenalties       int
}

// merge adds the counts of o.
func (c *roundCounts) merge(o roundCounts) {
	c.rounds += o.rounds
	c.scored += o.scored
	c.sheet += o.sheet
	c.moonRounds += o.moonRounds
	c.shot += o.shot
	c.failed += o.failed
	c.spadesRounds += o.spadesRounds
	c.contracts += o.contracts
	c.made += o.made
	c.nils += o.nils
	c.nilsMade += o.nilsMade
	c.bags += o.bags
	c.bagPenalties += o.bagPenalties
}

// statGroup is the running figures of one ruleset. Its size depends on the seats and the
// distinct player names and rule codes, never on the number of games.
type statGroup struct {
	ruleset               string
	spades                bool
	games, finished, tied int
	roundCounts
	wins       map[string]int // by player (or side) name
	seatWins   map[string]int // by seat label: "1", "2", ... or "1+3", "2+4"
	pts        welford
	seatPts    map[string]*welford
	viol       map[string]int
	violations int
}

type stats struct {
	groups     []*statGroup
	byName     map[string]*statGroup
	games      int
	unreadable int
	violations int
	// free holds the gameStats merged, for the workers' later games (statsOf).
	free sync.Pool
}

func newStats() *stats { return &stats{byName: map[string]*statGroup{}} }

func (s *stats) group(name string, spades bool) *statGroup {
	if g, ok := s.byName[name]; ok {
		return g
	}
	g := &statGroup{ruleset: name, spades: spades, wins: map[string]int{}, seatWins: map[string]int{},
		seatPts: map[string]*welford{}, viol: map[string]int{}}
	s.byName[name] = g
	s.groups = append(s.groups, g)
	return g
}

// gameStats is what stats counts of one game, taken from its result on the worker that
// scored it (statsOf), so that the game's memory serves the worker's next game; stats.add
// merges it into the figures in input order. It holds strings of the game (names), which
// never change, and nothing of its memory besides. Once merged it goes back to stats.free,
// its slices kept for a later game.
type gameStats struct {
	ruleset        string
	spades         bool
	finished, tied bool
	won            bool   // the game has a winner
	winner         string // its name
	winnerUnit     int    // its index in labels; -1: not a scoring unit
	labels         []string
	unitOf         []int    // the score.Result.UnitOf labels were made for
	rules          []string // the rule of each violation
	roundCounts
	// points are the points of the scored rounds, round by round, each with its unit: in
	// the order they go into the running means, whose last bits depend on it.
	points []unitPoints
}

// unitPoints is one unit's points in a round.
type unitPoints struct {
	unit   int // index in gameStats.labels; -1: the key is not a scoring unit
	points int
}

// seatLabels names the scoring units of a result by seat: "1".."n", or the seats of each
// side joined by "+" ("1+3" and "2+4") in a partnership game, as the scorer seats them. The
// labels of the last game are kept when the units are seated alike.
func (gs *gameStats) seatLabels(res *score.Result) {
	if len(gs.labels) == len(res.Totals.Keys) && slices.Equal(gs.unitOf, res.UnitOf) {
		return
	}
	gs.labels = append(gs.labels[:0], make([]string, len(res.Totals.Keys))...)
	gs.unitOf = append(gs.unitOf[:0], res.UnitOf...)
	for p, u := range res.UnitOf {
		if gs.labels[u] != "" {
			gs.labels[u] += "+"
		}
		gs.labels[u] += strconv.Itoa(p + 1)
	}
}

// statsOf takes what stats counts of a game read and scored without error.
func (s *stats) statsOf(j *job) *gameStats {
	res := j.res
	gs, _ := s.free.Get().(*gameStats)
	if gs == nil {
		gs = &gameStats{}
	}
	gs.seatLabels(res)
	*gs = gameStats{ruleset: res.Ruleset, spades: j.rs.Family == rulesets.Spades, finished: res.Finished,
		tied: !res.Finished && len(res.Tied) > 0, winnerUnit: -1, labels: gs.labels, unitOf: gs.unitOf,
		rules: gs.rules[:0], points: gs.points[:0]}
	unitIndex := func(name string) int {
		for i, u := range res.Totals.Keys {
			if u == name {
				return i
			}
		}
		return -1
	}
	if res.Winner != nil {
		gs.won, gs.winner, gs.winnerUnit = true, *res.Winner, unitIndex(*res.Winner)
	}
	for _, v := range res.Violations {
		gs.rules = append(gs.rules, v.Rule)
	}
	gs.rounds = len(res.Rounds)
	for _, r := range res.Rounds {
		if r.Sheet {
			gs.sheet++
		}
		if r.Ignored {
			continue
		}
		gs.scored++
		for i, k := range r.Points.Keys {
			gs.points = append(gs.points, unitPoints{unitIndex(k), r.Points.Vals[i]})
		}
		switch {
		case r.Sheet: // no play: no moon, tricks or contract to count
		case gs.spades:
			gs.spadesRound(r)
		default:
			gs.heartsRound(r)
		}
	}
	return gs
}

// add merges a game into the figures (in input order): its gameStats (job.stats), or its
// error.
func (s *stats) add(j *job) {
	s.games++
	if j.err != nil {
		s.unreadable++
		return
	}
	gs := j.stats
	g := s.group(gs.ruleset, gs.spades)
	g.games++
	switch {
	case gs.finished:
		g.finished++
	case gs.tied:
		g.tied++
	}
	if gs.won {
		s.countName(g.wins, gs.winner)
		if gs.winnerUnit >= 0 {
			g.seatWins[gs.labels[gs.winnerUnit]]++
		}
	}
	for _, r := range gs.rules {
		g.viol[r]++
	}
	g.violations += len(gs.rules)
	s.violations += len(gs.rules)
	g.merge(gs.roundCounts)
	for _, p := range gs.points {
		x := float64(p.points)
		g.pts.add(x)
		if p.unit >= 0 {
			label := gs.labels[p.unit]
			w := g.seatPts[label]
			if w == nil {
				w = &welford{}
				g.seatPts[label] = w
			}
			w.add(x)
		}
	}
	j.stats = nil
	s.free.Put(gs)
}

// countName adds one to m[name].
func (s *stats) countName(m map[string]int, name string) {
	m[name]++
}

// heartsRound counts moons: shot, and failed (no moon, one player took every penalty card
// but one).
func (c *roundCounts) heartsRound(r score.RoundResult) {
	c.moonRounds++
	if r.Moon != nil {
		c.shot++
		return
	}
	if r.PenaltyTotal == nil || r.PenaltyCards == nil || *r.PenaltyTotal < 2 {
		return
	}
	for _, v := range r.PenaltyCards.Vals {
		if v == *r.PenaltyTotal-1 {
			c.failed++
			return
		}
	}
}

// spadesRound counts a scored Spades round's contracts (per scoring unit with a number bid),
// nils (per bidder; a double nil is two) and bags (taken this round, penalties included), as
// the scorer judged them.
func (c *roundCounts) spadesRound(r score.RoundResult) {
	if r.Contracts == nil {
		return // not scored: bids without play
	}
	c.spadesRounds++
	for _, k := range r.Contracts {
		c.bags += k.Bags
		c.bagPenalties += k.BagPenalties
		c.nils += bits.OnesCount64(k.Nils)
		c.nilsMade += bits.OnesCount64(k.NilsMade)
		if k.Bidders != 0 {
			c.contracts++
			if k.Made {
				c.made++
			}
		}
	}
}

// roundsFor is how many rounds could have a violation of rule, the base of its rate per 100
// rounds: a sheet round records no play, so a rule of the play (a revoke, a card not held, a
// bad claim) counts over the played rounds, impossible-points (a sheet's own) over the sheet
// rounds, and the rules of the figures and the rounds themselves over every round.
func (g *statGroup) roundsFor(rule string) int {
	switch rule {
	case score.ImpossiblePoints:
		return g.sheet
	case score.ScoreMismatch, score.AfterGameEnd, score.BadTiebreak, validate.UnknownPlayer:
		return g.rounds
	}
	return g.rounds - g.sheet
}

// ---- the report ----

type statsReport struct {
	Games      int           `json:"games"`
	Unreadable int           `json:"unreadable"`
	Groups     []groupReport `json:"groups"`
}

type statCount struct {
	Count       int     `json:"count"`
	Per100Round float64 `json:"per_100_rounds"`
}

type groupReport struct {
	Ruleset      string       `json:"ruleset"`
	Games        int          `json:"games"`
	Finished     int          `json:"finished"`
	Tied         int          `json:"tied"`
	Unfinished   int          `json:"unfinished"`
	Rounds       int          `json:"rounds"`
	ScoredRounds int          `json:"scored_rounds"`
	SheetRounds  int          `json:"sheet_rounds"`
	Wins         winsRep      `json:"wins"`
	Points       ptsRep       `json:"points_per_round"`
	Moons        *moonStats   `json:"moons,omitempty"`
	Violations   violRep      `json:"violations"`
	Spades       *spadesStats `json:"spades,omitempty"`
}

type winsRep struct {
	ByPlayer map[string]int `json:"by_player"`
	BySeat   map[string]int `json:"by_seat"`
}

type ptsRep struct {
	All    moments            `json:"all"`
	BySeat map[string]moments `json:"by_seat"`
}

type moonStats struct {
	Rounds int `json:"rounds"`
	Shot   int `json:"shot"`
	Failed int `json:"failed"`
}

type violRep struct {
	Total       int                  `json:"total"`
	Per100Round float64              `json:"per_100_rounds"`
	ByRule      map[string]statCount `json:"by_rule"`
}

type spadesStats struct {
	Rounds       int `json:"rounds"`
	Contracts    int `json:"contracts"`
	Made         int `json:"made"`
	Nils         int `json:"nil_bids"`
	NilsMade     int `json:"nil_made"`
	Bags         int `json:"bags"`
	BagPenalties int `json:"bag_penalties"`
}

func per100(n, rounds int) float64 {
	if rounds == 0 {
		return 0
	}
	return float64(n) * 100 / float64(rounds)
}

func (s *stats) report() statsReport {
	rep := statsReport{Games: s.games, Unreadable: s.unreadable, Groups: []groupReport{}}
	for _, g := range s.groups {
		gr := groupReport{Ruleset: g.ruleset, Games: g.games, Finished: g.finished, Tied: g.tied,
			Unfinished: g.games - g.finished - g.tied, Rounds: g.rounds, ScoredRounds: g.scored, SheetRounds: g.sheet,
			Wins:       winsRep{ByPlayer: g.wins, BySeat: g.seatWins},
			Points:     ptsRep{All: g.pts.moments(), BySeat: map[string]moments{}},
			Violations: violRep{Total: g.violations, Per100Round: per100(g.violations, g.rounds), ByRule: map[string]statCount{}}}
		for k, w := range g.seatPts {
			gr.Points.BySeat[k] = w.moments()
		}
		for k, n := range g.viol {
			gr.Violations.ByRule[k] = statCount{n, per100(n, g.roundsFor(k))}
		}
		if g.spades {
			gr.Spades = &spadesStats{g.spadesRounds, g.contracts, g.made, g.nils, g.nilsMade, g.bags, g.bagPenalties}
		} else {
			gr.Moons = &moonStats{g.moonRounds, g.shot, g.failed}
		}
		rep.Groups = append(rep.Groups, gr)
	}
	return rep
}

// sortedKeys returns the keys of m, by count (highest first) then name.
func sortedKeys[V any](m map[string]V, n func(V) int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if n != nil && n(m[keys[a]]) != n(m[keys[b]]) {
			return n(m[keys[a]]) > n(m[keys[b]])
		}
		return seatLess(keys[a], keys[b])
	})
	return keys
}

// seatLess orders seat labels by number ("2" before "10"), other names as strings.
func seatLess(a, b string) bool {
	na, ea := strconv.Atoi(strings.SplitN(a, "+", 2)[0])
	nb, eb := strconv.Atoi(strings.SplitN(b, "+", 2)[0])
	if ea == nil && eb == nil && na != nb {
		return na < nb
	}
	return a < b
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", float64(n)*100/float64(of))
}

func fmtMoments(m moments) string {
	if m.N == 0 {
		return "-"
	}
	return fmt.Sprintf("mean %.2f  sd %.2f  95%% CI %.2f..%.2f  (n=%d)", m.Mean, m.SD, m.CI95[0], m.CI95[1], m.N)
}

func (rep statsReport) writeTable(w *bufio.Writer, col palette) {
	for i, g := range rep.Groups {
		if i > 0 {
			w.WriteString("\n")
		}
		fmt.Fprintf(w, "%s\n", col.head.Sprintf("%s: %d %s, %d finished, %d tied, %d unfinished; %d %s (%d scored)",
			displayText(g.Ruleset), g.Games, plural(g.Games, "game"), g.Finished, g.Tied, g.Unfinished, g.Rounds, plural(g.Rounds, "round"), g.ScoredRounds))
		t := grid{sep: " ", cols: []gridCol{{min: 22}}}
		row := func(label, text string) { t.row(cell("  "+label), cell(text)) }
		var parts []string
		for _, k := range sortedKeys(g.Wins.ByPlayer, func(n int) int { return n }) {
			parts = append(parts, fmt.Sprintf("%s %d (%s)", k, g.Wins.ByPlayer[k], pct(g.Wins.ByPlayer[k], g.Games)))
		}
		row("wins by player", orDash(strings.Join(parts, "  ")))
		parts = nil
		for _, k := range sortedKeys(g.Wins.BySeat, nil) {
			parts = append(parts, fmt.Sprintf("%s: %d (%s)", k, g.Wins.BySeat[k], pct(g.Wins.BySeat[k], g.Games)))
		}
		row("wins by seat", orDash(strings.Join(parts, "  ")))
		if g.SheetRounds > 0 {
			row("sheet rounds", fmt.Sprintf("%d of %d (figures only: in the points, not in moons, contracts or the play's rates)", g.SheetRounds, g.Rounds))
		}
		row("points per round", fmtMoments(g.Points.All))
		for _, k := range sortedKeys(g.Points.BySeat, nil) {
			row("  seat "+k, fmtMoments(g.Points.BySeat[k]))
		}
		if m := g.Moons; m != nil {
			row("moons", fmt.Sprintf("shot %d (%.2f per 100 rounds), failed %d (%.2f per 100 rounds)",
				m.Shot, per100(m.Shot, m.Rounds), m.Failed, per100(m.Failed, m.Rounds)))
		}
		row("violations", fmt.Sprintf("%d (%.2f per 100 rounds)", g.Violations.Total, g.Violations.Per100Round))
		for _, k := range sortedKeys(g.Violations.ByRule, func(c statCount) int { return c.Count }) {
			c := g.Violations.ByRule[k]
			row("  "+k, fmt.Sprintf("%d (%.2f per 100 rounds)", c.Count, c.Per100Round))
		}
		if s := g.Spades; s != nil {
			row("contracts made", fmt.Sprintf("%d of %d (%s)", s.Made, s.Contracts, pct(s.Made, s.Contracts)))
			row("nil made", fmt.Sprintf("%d of %d (%s)", s.NilsMade, s.Nils, pct(s.NilsMade, s.Nils)))
			perSide := 0.0
			if sides := len(g.Points.BySeat); s.Rounds > 0 && sides > 0 {
				perSide = float64(s.Bags) / float64(s.Rounds*sides)
			}
			row("bags", fmt.Sprintf("%d (%.2f per player or side and round), %d bag %s", s.Bags, perSide, s.BagPenalties, map[bool]string{true: "penalty", false: "penalties"}[s.BagPenalties == 1]))
		}
		t.write(w)
	}
	if len(rep.Groups) == 0 {
		w.WriteString("no games\n")
	}
	if rep.Unreadable > 0 {
		fmt.Fprintf(w, "%d of %d %s unreadable\n", rep.Unreadable, rep.Games, plural(rep.Games, "game"))
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeCSV writes one figure per row: ruleset, stat, key, value.
func (rep statsReport) writeCSV(w *bufio.Writer) {
	cw := newCSV(w)
	cw.Write([]string{"ruleset", "stat", "key", "value"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, g := range rep.Groups {
		row := func(stat, key, val string) { cw.Write([]string{g.Ruleset, stat, key, val}) }
		for _, kv := range [][2]string{{"games", strconv.Itoa(g.Games)}, {"finished", strconv.Itoa(g.Finished)},
			{"tied", strconv.Itoa(g.Tied)}, {"unfinished", strconv.Itoa(g.Unfinished)},
			{"rounds", strconv.Itoa(g.Rounds)}, {"scored_rounds", strconv.Itoa(g.ScoredRounds)}, {"sheet_rounds", strconv.Itoa(g.SheetRounds)}} {
			row(kv[0], "", kv[1])
		}
		for _, k := range sortedKeys(g.Wins.ByPlayer, nil) {
			row("wins_by_player", k, strconv.Itoa(g.Wins.ByPlayer[k]))
		}
		for _, k := range sortedKeys(g.Wins.BySeat, nil) {
			row("wins_by_seat", k, strconv.Itoa(g.Wins.BySeat[k]))
		}
		pts := func(key string, m moments) {
			row("points_n", key, strconv.FormatInt(m.N, 10))
			row("points_mean", key, f(m.Mean))
			row("points_sd", key, f(m.SD))
			row("points_ci95_low", key, f(m.CI95[0]))
			row("points_ci95_high", key, f(m.CI95[1]))
		}
		pts("all", g.Points.All)
		for _, k := range sortedKeys(g.Points.BySeat, nil) {
			pts("seat "+k, g.Points.BySeat[k])
		}
		if m := g.Moons; m != nil {
			row("moons_shot", "", strconv.Itoa(m.Shot))
			row("moons_failed", "", strconv.Itoa(m.Failed))
		}
		row("violations", "", strconv.Itoa(g.Violations.Total))
		for _, k := range sortedKeys(g.Violations.ByRule, nil) {
			row("violations", k, strconv.Itoa(g.Violations.ByRule[k].Count))
			row("violations_per_100_rounds", k, f(g.Violations.ByRule[k].Per100Round))
		}
		if s := g.Spades; s != nil {
			row("contracts", "", strconv.Itoa(s.Contracts))
			row("contracts_made", "", strconv.Itoa(s.Made))
			row("nil_bids", "", strconv.Itoa(s.Nils))
			row("nil_made", "", strconv.Itoa(s.NilsMade))
			row("bags", "", strconv.Itoa(s.Bags))
			row("bag_penalties", "", strconv.Itoa(s.BagPenalties))
		}
	}
	cw.Flush()
}
