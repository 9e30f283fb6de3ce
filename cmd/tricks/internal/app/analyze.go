package app

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

// analyzeCommand is `tricks analyze`: double-dummy analysis of the rounds whose deal is
// written (CLI.md "analyze").
func analyzeCommand(e *env) *cli.Command {
	return replayCommand(e, "analyze",
		"double-dummy analysis: each side's tricks with best play from where the record stops, every legal card's value, what each recorded card cost",
		func(e *env, c *cli.Context) gameWriter { return newAnalyzeWriter(e, c) })
}

// The analysis of a game, in the shape -f json writes.
type analyzeGame struct {
	File    string         `json:"file"`
	Game    int            `json:"game"`
	Ruleset string         `json:"ruleset"`
	Players []string       `json:"players"`
	Rounds  []analyzeRound `json:"rounds"`
	// Skipped lists the rounds not analyzed, and why.
	Skipped []analyzeSkip `json:"skipped,omitempty"`
}

type analyzeSkip struct {
	Round  int    `json:"round"`
	Reason string `json:"reason"`
}

type analyzeRound struct {
	Round int `json:"round"`
	// Measure is what the figures count: "tricks" (Spades: a side's tricks of those left)
	// or "points" (Hearts family, the last tricks: the fewest points a player can be held to).
	Measure      string        `json:"measure"`
	TricksPlayed int           `json:"tricks_played"`
	TricksLeft   int           `json:"tricks_left"`
	CurrentTrick []string      `json:"current_trick,omitempty"` // cards played to the trick in progress at the stop
	ToMove       *string       `json:"to_move"`                 // null when no trick is left
	SideToMove   *string       `json:"side_to_move"`            // the unit of to_move
	Taken        score.Scores  `json:"taken"`
	DD           score.Scores  `json:"dd"`
	Cards        score.Scores  `json:"cards"`
	Plays        []analyzePlay `json:"plays"`
	Lost         score.Scores  `json:"lost"` // tricks each player's cards cost
	Par          []analyzePar  `json:"par,omitempty"`
	Nils         []analyzeNil  `json:"nils,omitempty"`
	Note         string        `json:"note,omitempty"` // why the plays stop before the record does
}

type analyzePlay struct {
	Trick  int    `json:"trick"`
	Player string `json:"player"`
	Card   string `json:"card"`
	Best   int    `json:"best"`
	Value  int    `json:"value"`
	Cost   int    `json:"cost"`
}

// analyzePar is a unit's contract against its tricks with best play by all from the start
// of the round (the par result).
type analyzePar struct {
	Side   string `json:"side"`
	Bid    int    `json:"bid"`
	Tricks int    `json:"tricks"`
	Result string `json:"result"` // made, set
}

// analyzeNil says whether a nil bidder takes no trick with best play from the start, its
// partner helping and the others trying to give it one (null: the search gave up).
type analyzeNil struct {
	Player   string `json:"player"`
	Possible *bool  `json:"possible"`
}

// buildAnalysis analyzes every round of a processed game whose hands are known.
func buildAnalysis(j *job) analyzeGame {
	res, rp, g := j.res, j.rp, j.game
	ag := analyzeGame{File: res.File, Game: res.Game, Ruleset: res.Ruleset, Players: res.Players, Rounds: []analyzeRound{}}
	units, unitOf := j.rs.Units(g.Players)
	for _, r := range rp.Rounds {
		var ar analyzeRound
		var why string
		if j.rs.Family == rulesets.Spades {
			ar, why = analyzeOne(g, r, units, unitOf)
		} else {
			ar, why = analyzePoints(g, r)
		}
		if why != "" {
			ag.Skipped = append(ag.Skipped, analyzeSkip{r.Number, why})
			continue
		}
		ag.Rounds = append(ag.Rounds, ar)
	}
	return ag
}

// analyzeOne analyzes one round, or says why it cannot.
func analyzeOne(g *parse.Game, r *validate.PlayedRound, unitNames []string, unitOfPlayer []int) (analyzeRound, string) {
	if r.Tally {
		return analyzeRound{}, "a tally: the play is not recorded"
	}
	hands, leader, ok := r.StartHands(g)
	if !ok {
		return analyzeRound{}, "the deal is not written for every player"
	}
	n := len(r.Seats)
	// Units of the round's seats, renumbered over the units that play it.
	var names []string
	index := map[int]int{}
	unitOf := make([]int, n)
	for l, gs := range r.Seats {
		u := unitOfPlayer[gs]
		if _, ok := index[u]; !ok {
			index[u] = len(names)
			names = append(names, unitNames[u])
		}
		unitOf[l] = index[u]
	}
	start := validate.Position{Hands: hands, Leader: leader, State: validate.TrickState{Trick: 1, Led: parse.NoSuit}}
	a := validate.AnalyzePlay(r.Rules, start, recordedPlays(g, r), unitOf, len(names))
	ar := roundView(g, r, a, names, unitOf)
	for l := range r.Seats {
		if !r.HasBid[l] || !r.Bids[l].Nil {
			continue
		}
		ours := make([]bool, n)
		for k := range ours {
			ours[k] = unitOf[k] == unitOf[l]
		}
		an := analyzeNil{Player: r.Name(g, l)}
		if holds, ok := validate.NilHolds(r.Rules, start, l, ours); ok {
			an.Possible = &holds
		}
		ar.Nils = append(ar.Nils, an)
	}
	return ar, ""
}

// recordedPlays returns the recorded cards of a round in play order, with their players'
// seats, as the replay reads them.
func recordedPlays(g *parse.Game, r *validate.PlayedRound) []validate.SeatCard {
	var plays []validate.SeatCard
	for _, tv := range r.View(g).Tricks {
		for k, c := range tv.Cards {
			plays = append(plays, validate.SeatCard{Seat: tv.Seats[k], Card: c})
		}
	}
	return plays
}

// roundView lays out a round's analysis with the names of its players and units.
func roundView(g *parse.Game, r *validate.PlayedRound, a *validate.PlayAnalysis, names []string, unitOf []int) analyzeRound {
	p := a.Stop
	ar := analyzeRound{Round: r.Number, Measure: "tricks", TricksPlayed: p.State.Trick - 1, TricksLeft: p.Left(),
		Taken: score.Scores{Keys: names, Vals: a.Taken}, DD: score.Scores{Keys: names, Vals: a.DD},
		Cards: score.NewScores(nil), Plays: []analyzePlay{}, Note: a.Reason}
	for _, c := range p.Played {
		ar.CurrentTrick = append(ar.CurrentTrick, c.String())
	}
	if p.Left() > 0 {
		m := p.Mover()
		player, unit := r.Name(g, m), names[unitOf[m]]
		ar.ToMove, ar.SideToMove = &player, &unit
		for _, ct := range a.Cards {
			ar.Cards.Keys = append(ar.Cards.Keys, ct.Card.String())
			ar.Cards.Vals = append(ar.Cards.Vals, ct.Tricks)
		}
	}
	lost := make([]int, len(r.Seats))
	for _, pv := range a.Plays {
		cost := pv.Best - pv.Value // tricks not taken
		if a.Points {
			cost = pv.Value - pv.Best // points taken
		}
		ar.Plays = append(ar.Plays, analyzePlay{Trick: pv.Trick, Player: r.Name(g, pv.Seat), Card: pv.Card.String(),
			Best: pv.Best, Value: pv.Value, Cost: cost})
		lost[pv.Seat] += cost
	}
	ar.Lost = score.NewScores(nil)
	for l := range r.Seats {
		ar.Lost.Keys = append(ar.Lost.Keys, r.Name(g, l))
		ar.Lost.Vals = append(ar.Lost.Vals, lost[l])
	}
	ar.Par = parOf(r, a, names, unitOf)
	return ar
}

// analyzePoints analyzes a Hearts-family round in points over its last tricks
// (validate.AnalyzePoints), or says why it cannot.
func analyzePoints(g *parse.Game, r *validate.PlayedRound) (analyzeRound, string) {
	switch {
	case r.Tally:
		return analyzeRound{}, "a tally: the play is not recorded"
	case r.Table.Deck2 != 0:
		return analyzeRound{}, "two decks (cancelled tricks) are not analyzed"
	}
	hands, leader, ok := r.StartHands(g)
	if !ok {
		return analyzeRound{}, "the deal (and the passes) are not written for every player"
	}
	n := len(r.Seats)
	names := make([]string, n)
	unitOf := make([]int, n)
	for l := range unitOf {
		names[l], unitOf[l] = r.Name(g, l), l
	}
	start := validate.Position{Hands: hands, Leader: leader, State: validate.TrickState{Trick: 1, Led: parse.NoSuit}}
	a := validate.AnalyzePoints(r.Rules, start, recordedPlays(g, r))
	ar := roundView(g, r, a, names, unitOf)
	ar.Measure = "points"
	if a.DD == nil {
		ar.DD = score.NewScores(nil)
	}
	if ar.Note == "" && a.Stop.Left() > validate.PointsWindow {
		ar.Note = fmt.Sprintf("the last %d tricks are analyzed; the record stops before them", validate.PointsWindow)
	}
	return ar, ""
}

// parOf sets each unit's contract (its number bids; nil bids count 0) against the tricks it
// takes with best play by all from the start; none when the round has no bid.
func parOf(r *validate.PlayedRound, a *validate.PlayAnalysis, names []string, unitOf []int) []analyzePar {
	bid := make([]int, len(names))
	any := false
	for l := range unitOf {
		if r.HasBid[l] {
			any = true
			if !r.Bids[l].Nil {
				bid[unitOf[l]] += r.Bids[l].N
			}
		}
	}
	if !any {
		return nil
	}
	out := make([]analyzePar, len(names))
	for u, name := range names {
		t := a.Par[u]
		res := "made"
		if t < bid[u] {
			res = "set"
		}
		out[u] = analyzePar{Side: name, Bid: bid[u], Tricks: t, Result: res}
	}
	return out
}

// ---- output ----

type analyzeWriter struct {
	gameOut
	strict bool
}

func newAnalyzeWriter(e *env, c *cli.Context) *analyzeWriter {
	aw := &analyzeWriter{gameOut: newGameOut(e, c), strict: c.Bool("strict")}
	aw.sep = sheetSep(aw.format)
	if aw.format == "csv" && !aw.quiet {
		aw.w.WriteString("file,game,round,kind,trick,player,card,best,value,cost\n")
	}
	return aw
}

func (aw *analyzeWriter) render(text *bytes.Buffer, j *job) {
	if aw.quiet {
		return
	}
	ag := buildAnalysis(j)
	if structured(aw.format) {
		b, _ := marshalJSON(ag)
		text.Write(b)
	} else {
		aw.write(text, &ag)
	}
}

func (aw *analyzeWriter) emit(j *job, text []byte) { aw.put(j, text) }

func (aw *analyzeWriter) finish() error { return aw.end(aw.strict) }

// write writes a game's analysis as csv rows or as a table for a person.
func (aw *analyzeWriter) write(w io.Writer, ag *analyzeGame) {
	if aw.format == "csv" {
		aw.csv(w, ag)
		return
	}
	fmt.Fprintln(w, aw.col.head.Sprintf("%s game %d: %s (%s)", ag.File, ag.Game, ag.Ruleset, strings.Join(ag.Players, " ")))
	rounds, skipped := ag.Rounds, ag.Skipped
	for len(rounds) > 0 || len(skipped) > 0 { // in round order
		if len(skipped) == 0 || len(rounds) > 0 && rounds[0].Round < skipped[0].Round {
			aw.tableRound(w, &rounds[0])
			rounds = rounds[1:]
			continue
		}
		fmt.Fprintf(w, "\n%s %s\n", aw.col.head.Sprintf("round %d:", skipped[0].Round), aw.col.dim.Sprint("not analyzed: "+skipped[0].Reason))
		skipped = skipped[1:]
	}
}

// csv writes a row per recorded card (kind play) and per legal card where the record stops
// (kind option: best is the unit's tricks with best play, value the card's).
func (aw *analyzeWriter) csv(w io.Writer, ag *analyzeGame) {
	cw := newCSV(w)
	game, itoa := strconv.Itoa(ag.Game), strconv.Itoa
	for _, ar := range ag.Rounds {
		for _, p := range ar.Plays {
			cw.Write([]string{ag.File, game, itoa(ar.Round), "play", itoa(p.Trick), p.Player, p.Card, itoa(p.Best), itoa(p.Value), itoa(p.Cost)})
		}
		if ar.ToMove == nil {
			continue
		}
		best := ar.DD.Get(*ar.SideToMove)
		for i, c := range ar.Cards.Keys {
			v := ar.Cards.Vals[i]
			cw.Write([]string{ag.File, game, itoa(ar.Round), "option", itoa(ar.TricksPlayed + 1), *ar.ToMove, c, itoa(best), itoa(v), itoa(best - v)})
		}
	}
	cw.Flush()
}
