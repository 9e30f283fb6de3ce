package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/tricks-dev/tricks/score"
)

// tableRound prints one round's analysis for a person: the tricks taken, each side's tricks
// with best play from where the record stops and what each legal card there gives, the
// recorded tricks with each costly card marked where it was played ("KS -2"), the tricks
// each player's cards cost, and the par result against the bids. In points (the Hearts
// family), the points taken and those each player can be held to, a costly card marked with
// the points it gave ("QS +13").
func (aw *analyzeWriter) tableRound(w io.Writer, ar *analyzeRound) {
	col := aw.col
	head := fmt.Sprintf("round %d: %d %s played, %d left", ar.Round, ar.TricksPlayed, plural(ar.TricksPlayed, "trick"), ar.TricksLeft)
	if len(ar.CurrentTrick) > 0 {
		head += fmt.Sprintf("; trick %d so far %s", ar.TricksPlayed+1, strings.Join(ar.CurrentTrick, " "))
	}
	if ar.ToMove != nil {
		head += fmt.Sprintf("; %s to play", *ar.ToMove)
		if *ar.SideToMove != *ar.ToMove {
			head += " for " + *ar.SideToMove
		}
	}
	fmt.Fprintf(w, "\n%s\n", col.head.Sprint(head))
	label := func(s string) string { return fmt.Sprintf("  %-13s", s) }
	points := ar.Measure == "points"
	taken, bestPlay, lostLabel := "taken", "best play", "tricks lost"
	if points {
		taken, bestPlay, lostLabel = "points taken", "held to", "points given"
	}
	fmt.Fprintf(w, "%s%s\n", label(taken), scoresLine(ar.Taken))
	if ar.TricksLeft > 0 && len(ar.DD.Keys) > 0 {
		fmt.Fprintf(w, "%s%s %s\n", label(bestPlay), scoresLine(ar.DD), col.dim.Sprintf("(of the %d %s left)", ar.TricksLeft, plural(ar.TricksLeft, "trick")))
		best := ar.DD.Get(*ar.SideToMove)
		var cards []string
		for i, c := range ar.Cards.Keys {
			v := ar.Cards.Vals[i]
			s := fmt.Sprintf("%s %d", c, v)
			switch {
			case v != best:
				s = col.bad.Sprint(s)
			default:
				s = col.lead.Sprint(s)
			}
			cards = append(cards, s)
		}
		fmt.Fprintf(w, "%s%s\n", label(*ar.ToMove+"'s cards"), strings.Join(cards, "  "))
	}
	aw.tableTricks(w, ar)
	if ar.Note != "" {
		fmt.Fprintf(w, "  %s\n", col.dim.Sprint("plays analyzed up to here: "+ar.Note))
	}
	var lost []string
	for i, k := range ar.Lost.Keys {
		if ar.Lost.Vals[i] != 0 {
			lost = append(lost, fmt.Sprintf("%s %d", k, ar.Lost.Vals[i]))
		}
	}
	if len(ar.Plays) > 0 {
		if len(lost) == 0 {
			lost = []string{"none"}
		}
		fmt.Fprintf(w, "%s%s\n", label(lostLabel), strings.Join(lost, ", "))
	}
	if len(ar.Par) > 0 {
		var par []string
		for _, p := range ar.Par {
			s := fmt.Sprintf("%s %d for %d bid: %s", p.Side, p.Tricks, p.Bid, p.Result)
			if p.Result == "set" {
				s = col.bad.Sprint(s)
			}
			par = append(par, s)
		}
		for _, x := range ar.Nils {
			switch {
			case x.Possible == nil:
				par = append(par, x.Player+" nil: not known (too long to search)")
			case *x.Possible:
				par = append(par, x.Player+" nil: possible")
			default:
				par = append(par, col.bad.Sprint(x.Player+" nil: not possible"))
			}
		}
		fmt.Fprintf(w, "%s%s\n", label("par"), strings.Join(par, ", "))
	}
}

// tableTricks prints the recorded tricks, a line each, every card with its player and, when
// it cost tricks, the cost.
func (aw *analyzeWriter) tableTricks(w io.Writer, ar *analyzeRound) {
	for i := 0; i < len(ar.Plays); {
		t := ar.Plays[i].Trick
		var cards []string
		for ; i < len(ar.Plays) && ar.Plays[i].Trick == t; i++ {
			p := ar.Plays[i]
			s := p.Player + " " + p.Card
			switch {
			case p.Cost != 0 && ar.Measure == "points":
				s = aw.col.bad.Sprintf("%s %+d", s, p.Cost) // points taken
			case p.Cost != 0:
				s = aw.col.bad.Sprintf("%s %+d", s, -p.Cost) // tricks lost
			}
			cards = append(cards, s)
		}
		fmt.Fprintf(w, "  trick %-7d%s\n", t, strings.Join(cards, "   "))
	}
}

// scoresLine writes figures by name: "ann+cat 1, bob+dan 8".
func scoresLine(s score.Scores) string {
	parts := make([]string, len(s.Keys))
	for i, k := range s.Keys {
		parts[i] = fmt.Sprintf("%s %d", k, s.Vals[i])
	}
	return strings.Join(parts, ", ")
}
