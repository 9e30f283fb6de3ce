package validate

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// Points in the Hearts family: at the end of a round, the fewest points each player can be
// held to, the others playing together against it.

// pointsLimit bounds the positions one question of HeldPoints searches.
const pointsLimit = 2_000_000

// PointsWindow is how many tricks before the end of a round AnalyzePoints values the play.
const PointsWindow = 6

// pointsSolver answers HeldPoints for one seat, keeping its table between positions.
type pointsSolver struct {
	e *genEngine
}

func newPointsSolver(r *Rules, n, seat int) *pointsSolver {
	others := make([]bool, n)
	for i := range others {
		others[i] = i != seat
	}
	e := newGenEngine(r, others)
	e.count = [MaxSeats]bool{}
	e.count[seat] = true
	e.points = true
	return &pointsSolver{e: e}
}

// held returns the fewest points the seat can be held to at p (guess g); ok false when the
// search gave up.
func (s *pointsSolver) held(p *Position, g int) (int, bool) {
	e := s.e
	e.setup(p)
	e.nodes, e.aborted, e.limit = 0, false, pointsLimit
	lo, hi := e.pointsLeft(-1), e.pointsLeft(1)
	for _, c := range p.Played {
		if v := e.r.Table.Value[c]; v > 0 {
			hi += v
		} else {
			lo += v
		}
	}
	v := e.value(lo, hi, g)
	return v, !e.aborted
}

// HeldPoints returns the fewest points seat can be held to in the tricks left at p (the
// current trick included), playing to take as few as it can while the others play together
// to give it as many: the points of the cards it takes (Table.Value), the moon aside. One
// deck (no trick is cancelled). ok is false when the search gave up (a long position at a
// large table).
func HeldPoints(r *Rules, p Position, seat int) (points int, ok bool) {
	p.normalize()
	return newPointsSolver(r, len(p.Hands), seat).held(&p, 0)
}

// AnalyzePoints is AnalyzePlay for the Hearts family, in points, over the last PointsWindow
// tricks of the round: every seat is a unit; Taken is the points each took in the tricks
// analyzed; the recorded cards of the last tricks have Plays, where Best is the fewest points
// the player could be held to before the card and Value after it (what it cost is Value -
// Best); where the record stops within the last tricks, DD is each seat's fewest points and
// Cards the player to move's after each legal card. Par stays empty. One deck only.
func AnalyzePoints(r *Rules, start Position, plays []SeatCard) *PlayAnalysis {
	n := len(start.Hands)
	a := &PlayAnalysis{Taken: make([]int, n), Points: true}
	solvers := make([]*pointsSolver, n)
	for i := range solvers {
		solvers[i] = newPointsSolver(r, n, i)
	}
	p := start
	p.normalize()
	trick := 1
	for _, pl := range plays {
		m := p.Mover()
		if pl.Seat != m || !p.Hands[m].Has(pl.Card) {
			a.Reason = fmt.Sprintf("trick %d: the recorded card %s is not one the seat to play holds", trick, pl.Card)
			break
		}
		var best int
		window := p.Left() <= PointsWindow
		ok := true
		if window {
			best, ok = solvers[m].held(&p, 0)
		}
		q, w := p.After(r, pl.Card)
		got := 0
		if window && ok {
			got, ok = solvers[m].held(&q, best)
		}
		if len(q.Played) == 0 && w >= 0 {
			pts := trickPoints(r, append(append([]parse.Card(nil), p.Played...), pl.Card))
			a.Taken[w] += pts
			if window && w == m {
				got += pts
			}
		}
		if window && ok {
			a.Plays = append(a.Plays, PlayValue{Trick: trick, Seat: m, Card: pl.Card, Best: best, Value: got})
		}
		if len(q.Played) == 0 {
			trick++
		}
		p = q
	}
	a.Stop, a.Played = p, len(a.Plays)
	if p.Left() == 0 || p.Left() > PointsWindow {
		return a
	}
	a.DD = make([]int, n)
	for i := range a.DD {
		a.DD[i], _ = solvers[i].held(&p, 0)
	}
	m := p.Mover()
	for set := playable(r, p.Hands[m], &p.State); set != 0; set &= set - 1 {
		c := set.Lowest()
		q, w := p.After(r, c)
		v, _ := solvers[m].held(&q, a.DD[m])
		if len(q.Played) == 0 && w == m {
			v += trickPoints(r, append(append([]parse.Card(nil), p.Played...), c))
		}
		a.Cards = append(a.Cards, CardTricks{Card: c, Tricks: v})
	}
	return a
}

// trickPoints returns the points of a trick's cards.
func trickPoints(r *Rules, cards []parse.Card) int {
	pts := 0
	for _, c := range cards {
		pts += r.Table.Value[c]
	}
	return pts
}
