package validate

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// PlayAnalysis is the double-dummy analysis of a recorded play (tricks-dev `tricks analyze`):
// every recorded card's cost, and where the record stops, each unit's tricks with best play
// and every legal card's value. A unit is what scores: a partnership, or one player; with
// more than two units each is counted against all the others together.
type PlayAnalysis struct {
	// Stop is the position where the recorded play stops (or where it stopped being
	// analyzable: see Reason).
	Stop Position
	// Played counts the cards of Plays (the recorded cards analyzed).
	Played int
	// Taken is each unit's tricks won in the tricks analyzed.
	Taken []int
	// DD is each unit's tricks of those left at Stop with best play by all.
	DD []int
	// Cards is every legal card of the seat to play at Stop, with its unit's tricks of those
	// left after it (empty when no trick is left).
	Cards []CardTricks
	// Plays has a value per recorded card analyzed, in play order.
	Plays []PlayValue
	// Par is each unit's tricks with best play by all from the start: the par result.
	Par []int
	// Reason says why the analysis stops before the end of the record ("" when it does not).
	Reason string
	// Points: the figures are points (AnalyzePoints), fewer better; else tricks, more better.
	Points bool
}

// PlayValue is one recorded card: the mover's unit's tricks of those left (the current trick
// included) with its best card (Best) and after the card played (Value). Best - Value is
// what the card cost.
type PlayValue struct {
	Trick       int // 1-based
	Seat        int
	Card        parse.Card
	Best, Value int
}

// AnalyzePlay analyzes the recorded play from start (every hand known, trick 1 to lead):
// plays are the recorded cards in play order with their seats; unitOf gives each seat's unit
// (0 .. units-1).
func AnalyzePlay(r *Rules, start Position, plays []SeatCard, unitOf []int, units int) *PlayAnalysis {
	a := &PlayAnalysis{Taken: make([]int, units), DD: make([]int, units), Par: make([]int, units)}
	solvers := make([]*Solver, units)
	if units == 2 {
		side := make([]bool, len(unitOf))
		for l, u := range unitOf {
			side[l] = u == 0
		}
		solvers[0] = NewSolver(r, side)
	} else {
		for u := range solvers {
			side := make([]bool, len(unitOf))
			for l, v := range unitOf {
				side[l] = v == u
			}
			solvers[u] = NewSolver(r, side)
		}
	}
	// value returns unit u's tricks of those left at p, the guess g.
	value := func(p *Position, u, g int) int {
		left := p.Left()
		if left == 0 {
			return 0
		}
		if units == 2 && u == 1 {
			return left - solvers[0].tricks(p, 0, left, left-g)
		}
		return solvers[u].tricks(p, 0, left, g)
	}
	p := start
	p.normalize()
	trick := 1
	guess := make([]int, units)
	for u := range guess {
		guess[u] = value(&p, u, p.Left()/2)
		a.Par[u] = guess[u]
	}
	for _, pl := range plays {
		m := p.Mover()
		if pl.Seat != m || !p.Hands[m].Has(pl.Card) {
			a.Reason = fmt.Sprintf("trick %d: the recorded card %s is not one the seat to play holds", trick, pl.Card)
			break
		}
		u, t := unitOf[m], trick
		best := value(&p, u, guess[u])
		q, w := p.After(r, pl.Card)
		got := value(&q, u, best)
		if w >= 0 && unitOf[w] == u {
			got++
		}
		if len(q.Played) == 0 {
			if w >= 0 {
				a.Taken[unitOf[w]]++
			}
			trick++
		}
		guess[u] = got
		a.Plays = append(a.Plays, PlayValue{Trick: t, Seat: m, Card: pl.Card, Best: best, Value: got})
		p = q
	}
	a.Stop, a.Played = p, len(a.Plays)
	if p.Left() == 0 {
		return a
	}
	for u := range a.DD {
		a.DD[u] = value(&p, u, p.Left()/2)
	}
	m := p.Mover()
	if units == 2 {
		a.Cards = solvers[0].Cards(p)
		if unitOf[m] == 1 {
			for i := range a.Cards {
				a.Cards[i].Tricks = p.Left() - a.Cards[i].Tricks
			}
		}
	} else {
		a.Cards = solvers[unitOf[m]].Cards(p)
	}
	return a
}

// nilLimit bounds the positions NilHolds searches.
const nilLimit = 3_000_000

// NilHolds reports whether seat bidder (a nil bid), with best play from start, takes none of the tricks left,
// the seats of its own side (ours, nil's included) helping it and the others trying to give
// it one. ok is false when the search gave up (a long and close deal).
func NilHolds(r *Rules, start Position, bidder int, ours []bool) (holds, ok bool) {
	start.normalize()
	others := make([]bool, len(ours))
	for i, o := range ours {
		others[i] = !o
	}
	if (&Solver{r: r}).ddFits(&start) {
		e := newDDEngine(r, others)
		e.count = [MaxSeats]bool{}
		e.count[bidder], e.nilSearch = true, true
		e.setup(&start)
		forced, _ := e.search(1)
		return !forced, true
	}
	e := newGenEngine(r, others)
	e.count = [MaxSeats]bool{}
	e.count[bidder] = true
	e.limit = nilLimit
	e.setup(&start)
	forced := e.search(1)
	return !forced, !e.aborted
}
