package app

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

// showCommand is `tricks show FILE`: one game's rounds replayed trick by trick.
func showCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "replay a round trick by trick: hands, leader and winner, points, broken suits, every violation at its card",
		ArgsUsage: "FILE|-",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "game", Aliases: []string{"g"}, Value: 1, Usage: "the `N`th game of the file"},
			&cli.IntFlag{Name: "round", Usage: "only round `R` (default: every round of the game)"},
			&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `NAME` or FILE.yaml (replaces the transcript's game line)"},
			&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "option `k=v` on top of the transcript's (repeatable)"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output `FORMAT`: table, json or yaml"},
			colorFlag, noColorFlag,
		},
		Action: func(c *cli.Context) error {
			if err := checkFormat(c.String("format"), "table", "text", "json", "yaml"); err != nil {
				return err
			}
			args, err := e.inputArgs(c, "one transcript file (or -)")
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError{fmt.Errorf("show: name one transcript file (or -), got %d", len(args))}
			}
			if c.Int("game") < 1 || c.Int("round") < 0 || c.IsSet("round") && c.Int("round") == 0 {
				return usageError{fmt.Errorf("show: --game counts from 1 and --round from 1")}
			}
			ch, err := e.choiceFrom(c)
			if err != nil {
				return err
			}
			file := args[0]
			if fi, err := os.Stat(file); err == nil && fi.IsDir() {
				return usageError{fmt.Errorf("show: %s is a directory: show replays one game of one file (--game N)", file)}
			}
			j, n, err := e.nthGame(file, c.Int("game"))
			if err != nil {
				fmt.Fprintf(e.stderr, "tricks: %v\n", err)
				return exitError{exitInput}
			}
			if j == nil {
				return usageError{fmt.Errorf("show: %s has %d %s, no game %d", file, n, plural(n, "game"), c.Int("game"))}
			}
			v, res := newWorker(ch) // the slip reading too, as validate and score
			process(v, res, j)
			if j.err != nil {
				printError(e.stderr, j.file, j.err)
				return exitError{exitInput}
			}
			sv := buildShow(j, c.Int("round"))
			if c.Int("round") > 0 && len(sv.Rounds) == 0 {
				return usageError{fmt.Errorf("show: game %d of %s has %d %s, no round %d", j.res.Game, file,
					len(j.rp.Rounds), plural(len(j.rp.Rounds), "round"), c.Int("round"))}
			}
			w := bufio.NewWriter(e.tableOut(c))
			defer w.Flush()
			switch c.String("format") {
			case "json":
				b, _ := marshalIndentJSON(sv)
				w.Write(b)
				w.WriteString("\n")
				return nil
			case "yaml":
				b, _ := marshalJSON(sv)
				return writeYAMLDoc(w, b) // the JSON's keys, in its order
			}
			sv.write(w, e.colors(c))
			return nil
		},
	}
}

// nthGame reads the file up to its nth game (1-based) and returns it as a job to process;
// nil and the number of games when the file has fewer.
func (e *env) nthGame(name string, nth int) (*job, int, error) {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, 0, err
		}
		defer f.Close()
		r = f
	}
	rd := reader.NewReader(r, displayName(name), parse.Auto)
	for n := 0; ; {
		var p reader.Pending
		err := rd.NextPending(&p)
		if errors.Is(err, io.EOF) {
			return nil, n, nil
		}
		n++
		if err != nil || n == nth {
			return &job{file: displayName(name), src: p, err: err}, n, nil
		}
	}
}

// The show view, in the shape -f json writes.
type showGame struct {
	File    string      `json:"file"`
	Game    int         `json:"game"`
	Ruleset string      `json:"ruleset"`
	Players []string    `json:"players"`
	Rounds  []showRound `json:"rounds"`

	spades bool
}

type showRound struct {
	Round      int                  `json:"round"`
	Dealer     string               `json:"dealer"`
	Pass       string               `json:"pass"`
	Tiebreak   bool                 `json:"tiebreak,omitempty"`
	HandsFrom  string               `json:"hands_from"`
	BreakSuit  string               `json:"break_suit,omitempty"` // hearts, spades
	Bids       *score.Words         `json:"bids,omitempty"`
	Violations []validate.Violation `json:"violations"` // those at no trick
	Tricks     []showTrick          `json:"tricks"`
	Points     score.Scores         `json:"points"`
	Totals     score.Scores         `json:"totals"`
	Notes      []string             `json:"notes,omitempty"`
	Ignored    bool                 `json:"ignored,omitempty"`
	Tally      bool                 `json:"tally,omitempty"`
	Took       *score.Words         `json:"took,omitempty"`  // a tally's cards taken
	Taken      *score.Scores        `json:"taken,omitempty"` // a tally's tricks taken
	// Sheet marks a sheet round: the table's figures only, no play (RULES "Score sheets
	// and claims"); Claim is the round's claim, after its tricks.
	Sheet           bool       `json:"sheet,omitempty"`
	Claim           *showClaim `json:"claim,omitempty"`
	Uncertain       bool       `json:"uncertain,omitempty"`
	TotalsUncertain bool       `json:"totals_uncertain,omitempty"`
}

// showClaim is a round's claim: who claimed the tricks left and the cards that went with
// them (the cards left in the hands when the deal tells them, else the cards not played),
// or, in Spades, the tricks left shared per player.
type showClaim struct {
	Player    string        `json:"player,omitempty"`
	Shares    *score.Scores `json:"shares,omitempty"`
	Tricks    int           `json:"tricks"`               // tricks claimed
	Cards     *string       `json:"cards,omitempty"`      // the claimer's cards, in card order
	CardsFrom string        `json:"cards_from,omitempty"` // deal: the hands left; play: the cards not played
}

type showTrick struct {
	Trick        int                  `json:"trick"`
	Leader       string               `json:"leader"`
	Winner       *string              `json:"winner"` // null: every winning card cancelled
	Points       int                  `json:"points"`
	BrokenBefore bool                 `json:"broken_before"`
	BrokenAfter  bool                 `json:"broken_after"`
	Plays        []showPlay           `json:"plays"`
	Violations   []validate.Violation `json:"violations"` // those at no card of the trick
}

type showPlay struct {
	Player     string               `json:"player"`
	Card       string               `json:"card"`
	Hand       string               `json:"hand"` // before the trick, in card order
	Violations []validate.Violation `json:"violations"`
}

// buildShow lays out the rounds of a processed game (only round `only` when not 0).
func buildShow(j *job, only int) showGame {
	res, rp := j.res, j.rp
	sg := showGame{File: res.File, Game: res.Game, Ruleset: res.Ruleset, Players: res.Players, Rounds: []showRound{},
		spades: j.rs.Family == rulesets.Spades}
	g := rp.Game
	for _, r := range rp.Rounds {
		if only > 0 && r.Number != only {
			continue
		}
		var sr score.RoundResult
		for _, x := range res.Rounds {
			if x.Round == r.Number {
				sr = x
			}
		}
		view := r.View(g)
		out := showRound{Round: r.Number, Dealer: g.Players[r.Dealer], Pass: r.PassDir.String(), Tiebreak: r.Tiebreak,
			HandsFrom: view.HandsFrom, Bids: sr.Bids, Violations: []validate.Violation{}, Tricks: []showTrick{},
			Points: sr.Points, Totals: sr.Totals, Notes: sr.Notes, Ignored: sr.Ignored, Tally: r.Tally,
			Sheet: r.Sheet, Uncertain: sr.Uncertain, TotalsUncertain: sr.TotalsUncertain}
		if r.Src.Claim != nil {
			out.Claim = claimOf(g, r, view)
		}
		if r.Tally {
			for _, h := range r.Src.Took {
				if out.Took == nil {
					out.Took = &score.Words{}
				}
				out.Took.Keys = append(out.Took.Keys, h.Player)
				out.Took.Vals = append(out.Took.Vals, parse.JoinCards(h.Cards))
			}
			for _, c := range r.Src.Taken {
				if out.Taken == nil {
					out.Taken = &score.Scores{}
				}
				out.Taken.Keys = append(out.Taken.Keys, c.Player)
				out.Taken.Vals = append(out.Taken.Vals, c.N)
			}
		}
		if out.Points.Keys == nil {
			out.Points = score.NewScores(nil)
		}
		if view.BreakSuit != parse.NoSuit {
			out.BreakSuit = validate.SuitName(view.BreakSuit)
		}
		placed := make([]bool, len(sr.Violations))
		for _, tv := range view.Tricks {
			st := showTrick{Trick: tv.Number, Leader: r.Name(g, tv.Leader), Points: tv.Points,
				BrokenBefore: tv.BrokenBefore, BrokenAfter: tv.BrokenAfter, Violations: []validate.Violation{}}
			if tv.Winner >= 0 {
				w := r.Name(g, tv.Winner)
				st.Winner = &w
			}
			for k, c := range tv.Cards {
				l := tv.Seats[k]
				p := showPlay{Player: r.Name(g, l), Card: c.String(), Hand: tv.Hands[l].String(), Violations: []validate.Violation{}}
				for i, v := range sr.Violations {
					if !placed[i] && v.Trick == tv.Number && v.Card == c && (v.Player == p.Player || v.Rule == validate.WrongLeader && k == 0) {
						p.Violations = append(p.Violations, v)
						placed[i] = true
					}
				}
				st.Plays = append(st.Plays, p)
			}
			for i, v := range sr.Violations {
				if !placed[i] && v.Trick == tv.Number {
					st.Violations = append(st.Violations, v)
					placed[i] = true
				}
			}
			out.Tricks = append(out.Tricks, st)
		}
		for i, v := range sr.Violations {
			if !placed[i] {
				out.Violations = append(out.Violations, v)
			}
		}
		sg.Rounds = append(sg.Rounds, out)
	}
	return sg
}

// write prints the view for a person: per trick one line per card with its player, the lead
// and the win marked, the hand before the trick, and each violation under its card.
func (sg showGame) write(w *bufio.Writer, col palette) {
	fmt.Fprintln(w, col.head.Sprintf("%s game %d: %s (%s)", displayText(sg.File), sg.Game, displayText(sg.Ruleset), displayText(strings.Join(sg.Players, " "))))
	width := 0 // of the players' names
	for _, p := range sg.Players {
		width = max(width, textWidth(displayText(p)))
	}
	doubt := false // a figure is marked uncertain: the legend closes the view
	for _, r := range sg.Rounds {
		sg.writeRoundHead(w, col, r)
		won := map[string]int{} // tricks won so far, by player (Spades)
		for _, t := range r.Tricks {
			sg.writeTrick(w, col, r, t, width, won)
		}
		if r.Claim != nil {
			fmt.Fprintf(w, "  %s\n", displayText(r.Claim.text()))
		}
		if r.Ignored {
			w.WriteString("  after the game ended: not scored\n")
			continue
		}
		var pts []string
		for i, k := range r.Points.Keys {
			pts = append(pts, fmt.Sprintf("%s %+d%s → %d%s", k, r.Points.Vals[i], mark(r.Uncertain), r.Totals.Get(k), mark(r.TotalsUncertain)))
		}
		fmt.Fprintf(w, "  points: %s\n", displayText(strings.Join(pts, ", ")))
		doubt = doubt || r.TotalsUncertain
		if len(r.Notes) > 0 {
			fmt.Fprintf(w, "  %s\n", col.dim.Sprint(displayText(strings.Join(r.Notes, "; "))))
		}
	}
	if doubt {
		fmt.Fprintf(w, "\n%s\n", col.dim.Sprint(uncertainLegend))
	}
}

// writeRoundHead writes what comes before a round's tricks: its number, dealer, pass and
// where its hands come from, its bids, whether it is a sheet round, the violations at no
// trick, and a tally's cards or tricks taken.
func (sg showGame) writeRoundHead(w *bufio.Writer, col palette, r showRound) {
	w.WriteString("\n")
	head := fmt.Sprintf("round %d", r.Round)
	if r.Tiebreak {
		head += " (tie-break)"
	}
	head += ": dealer " + displayText(r.Dealer)
	if !sg.spades && !r.Sheet {
		head += ", pass " + r.Pass // Spades never passes; a sheet round records no passes
	}
	if len(r.Tricks) > 0 {
		head += ", hands from the " + r.HandsFrom
	}
	fmt.Fprintln(w, col.head.Sprint(head))
	if r.Bids != nil && len(r.Bids.Keys) > 0 {
		var bids []string
		for i, k := range r.Bids.Keys {
			bids = append(bids, k+"="+r.Bids.Vals[i])
		}
		fmt.Fprintf(w, "  bids %s\n", displayText(strings.Join(bids, " ")))
	}
	if r.Sheet {
		w.WriteString("  sheet round: the table's figures only\n")
	}
	writeShowViolations(w, col, "  ", r.Violations)
	if !r.Tally {
		return
	}
	var parts []string
	if r.Took != nil {
		for i, k := range r.Took.Keys {
			parts = append(parts, fmt.Sprintf("%s took %s", k, orDash(r.Took.Vals[i])))
		}
	}
	if r.Taken != nil {
		for i, k := range r.Taken.Keys {
			parts = append(parts, fmt.Sprintf("%s %d %s", k, r.Taken.Vals[i], plural(r.Taken.Vals[i], "trick")))
		}
	}
	fmt.Fprintf(w, "  a tally, no play recorded: %s\n", displayText(strings.Join(parts, ", ")))
}

// writeTrick writes a trick of round r: whether the break suit is broken, a line per card
// (its player's name padded to width) with its violations under it, the trick's own
// violations, and who won it (won counts the tricks won in the round, for Spades) or where
// its points went.
func (sg showGame) writeTrick(w *bufio.Writer, col palette, r showRound, t showTrick, width int, won map[string]int) {
	state := ""
	if r.BreakSuit != "" {
		switch {
		case t.BrokenBefore:
			state = r.BreakSuit + " broken"
		case t.BrokenAfter:
			state = r.BreakSuit + " broken in this trick"
		default:
			state = r.BreakSuit + " not broken"
		}
	}
	fmt.Fprintf(w, "  trick %-3d %s\n", t.Trick, col.dim.Sprint(state))
	for k, p := range t.Plays {
		mark := ""
		if k == 0 {
			mark = "lead"
		}
		wins := t.Winner != nil && *t.Winner == p.Player
		if wins {
			mark = strings.TrimPrefix(mark+", wins", ", ")
		}
		card := fmt.Sprintf("%-3s", p.Card)
		if len(p.Violations) > 0 {
			card = col.bad.Sprint(card)
		} else if wins {
			card = col.lead.Sprint(card)
		}
		fmt.Fprintf(w, "    %s %-10s %s  %s\n", padRight(displayText(p.Player), width), mark, card, col.dim.Sprint(p.Hand))
		writeShowViolations(w, col, strings.Repeat(" ", 4+width+1+10+1), p.Violations)
	}
	writeShowViolations(w, col, "    ", t.Violations)
	switch {
	case t.Winner != nil && sg.spades:
		won[*t.Winner]++
		fmt.Fprintf(w, "    %s\n", col.dim.Sprintf("%s wins (%d %s)", displayText(*t.Winner), won[*t.Winner], plural(won[*t.Winner], "trick")))
	case t.Winner != nil:
		fmt.Fprintf(w, "    %s\n", col.dim.Sprintf("%s takes %d %s", displayText(*t.Winner), t.Points, plural(t.Points, "point")))
	case t.Trick == len(r.Tricks):
		fmt.Fprintf(w, "    %s\n", col.dim.Sprintf("cancelled: %d %s to the leader %s, no trick won", t.Points, plural(t.Points, "point"), displayText(t.Leader)))
	default:
		fmt.Fprintf(w, "    %s\n", col.dim.Sprintf("cancelled: %d %s carried to the next trick", t.Points, plural(t.Points, "point")))
	}
}

// writeShowViolations writes each violation on a line of its own after indent: its rule, its
// message and its line in the transcript.
func writeShowViolations(w *bufio.Writer, col palette, indent string, vs []validate.Violation) {
	for _, v := range vs {
		where := ""
		if v.Pos.Line > 0 {
			where = fmt.Sprintf(" (line %d)", v.Pos.Line)
		}
		fmt.Fprintf(w, "%s%s %s%s\n", indent, col.bad.Sprintf("^ %s:", v.Rule), displayText(v.Msg), col.dim.Sprint(where))
	}
}

// claimOf describes round r's claim: who claimed how many tricks, and the cards that went to
// the claimer with them: the cards left in the hands after the recorded tricks where the
// deal tells them, else every card in play not played (RULES "Score sheets and claims").
func claimOf(g *parse.Game, r *validate.PlayedRound, view validate.RoundView) *showClaim {
	c := r.Src.Claim
	out := &showClaim{Player: c.Player, Tricks: r.Claimed}
	if c.Player == "" {
		out.Shares = &score.Scores{}
		for _, s := range c.Shares {
			out.Shares.Keys = append(out.Shares.Keys, s.Player)
			out.Shares.Vals = append(out.Shares.Vals, s.N)
		}
		return out
	}
	var rest validate.Hand
	switch {
	case view.HandsFrom == validate.HandsFromDeal && len(view.Tricks) > 0:
		last := view.Tricks[len(view.Tricks)-1]
		for l := range r.Seats {
			h := last.Hands[l]
			for k, card := range last.Cards {
				if last.Seats[k] == l && card < parse.NumCards {
					h.Remove(card)
				}
			}
			rest = union(rest, h)
		}
		out.CardsFrom = validate.HandsFromDeal
	case len(r.Src.Tricks) == 0 && len(r.Src.Deal) == len(r.Seats):
		for _, d := range r.Src.Deal {
			for _, card := range d.Cards {
				rest.Add(card)
			}
		}
		out.CardsFrom = validate.HandsFromDeal
	default:
		if r.Table == nil {
			return out
		}
		rest = validate.Hand{A: r.Table.Deck, B: r.Table.Deck2}
		for ti := range r.Src.Tricks {
			for _, card := range r.Src.Tricks[ti].Cards {
				if card < parse.NumCards {
					rest.Remove(card)
				}
			}
		}
		out.CardsFrom = validate.HandsFromPlay
	}
	cards := parse.JoinCards(rest.Cards())
	out.Cards = &cards
	return out
}

// union is every card of a and b, each copy once (two decks: up to two copies).
func union(a, b validate.Hand) validate.Hand {
	for _, c := range b.Cards() {
		a.Add(c)
	}
	return a
}

// text is the claim as show prints it: "claim: ann takes the 2 tricks left, with TH 8H
// (the cards left in the hands)".
func (c *showClaim) text() string {
	if c.Shares != nil {
		var parts []string
		for i, k := range c.Shares.Keys {
			parts = append(parts, fmt.Sprintf("%s %d", k, c.Shares.Vals[i]))
		}
		return fmt.Sprintf("claim: the %d %s left shared: %s", c.Tricks, plural(c.Tricks, "trick"), strings.Join(parts, ", "))
	}
	s := fmt.Sprintf("claim: %s takes the %d %s left", c.Player, c.Tricks, plural(c.Tricks, "trick"))
	if c.Tricks == 1 {
		s = fmt.Sprintf("claim: %s takes the last trick", c.Player)
	}
	if c.Cards != nil {
		from := "the cards left in the hands"
		if c.CardsFrom == validate.HandsFromPlay {
			from = "the cards not played"
		}
		s += fmt.Sprintf(", with %s (%s)", orDash(*c.Cards), from)
	}
	return s
}
