package validate

import (
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// Double-dummy analysis: the play of a round with every hand known, best play by every seat.
// A Solver counts the tricks one side (a set of seats: a partnership, or one player against
// the others) takes of those left from a position when both sides play their best, the
// others against it; ClaimDefeat (solve_claim.go) says whether a side wins every trick left
// whatever the others play. Every play and trick is decided by Rules (Legal, Winner,
// TrickState.Play and Next): the solver has no rule of its own.

// SeatCard is a card and the seat (an index into the position's hands) that plays it.
type SeatCard struct {
	Seat int
	Card parse.Card
}

// Position is a point of the play: every seat's hand (the cards it has not played), the
// leader of the current trick, the cards played to it so far (from the leader, clockwise)
// and its TrickState (State.Pos is len(Played)).
type Position struct {
	Hands  []Hand
	Leader int
	Played []parse.Card
	State  TrickState
}

// normalize makes State agree with Played: its position in the trick, and no suit led before
// the first card (a zero TrickState says clubs).
func (p *Position) normalize() {
	p.State.Pos = len(p.Played)
	if len(p.Played) == 0 {
		p.State.Led = parse.NoSuit
	}
}

// Mover returns the seat to play.
func (p *Position) Mover() int { return (p.Leader + len(p.Played)) % len(p.Hands) }

// Left returns the tricks left to play, the current one included.
func (p *Position) Left() int {
	n := p.Hands[p.Leader].Len()
	if len(p.Played) > 0 {
		n++
	}
	return n
}

// After returns the position after the seat to play plays c, and the seat that won the trick
// c completes (-1 when c does not complete it, or when every card that could win it was
// cancelled by its twin: nobody wins it and its leader leads again).
func (p *Position) After(r *Rules, c parse.Card) (Position, int) {
	m := p.Mover()
	q := Position{Hands: append([]Hand(nil), p.Hands...), Leader: p.Leader, Played: p.Played, State: p.State}
	q.normalize()
	q.Hands[m].Remove(c)
	q.Played = append(append(make([]parse.Card, 0, len(p.Played)+1), p.Played...), c)
	q.State.Play(r, c)
	if len(q.Played) < len(q.Hands) {
		return q, -1
	}
	w := r.Winner(q.Played, q.State.Led)
	if w >= 0 {
		w = (q.Leader + w) % len(q.Hands)
	}
	q.Leader, q.Played, q.State = NextLeader(q.Leader, w), nil, q.State.Next()
	return q, w
}

// CardTricks is a card the seat to play may play, and the side's tricks of those left after
// it (the current trick included) with best play from there.
type CardTricks struct {
	Card   parse.Card
	Tricks int
}

// Solver counts the tricks of one side with best play, for positions played under one Rules.
// It keeps what it learns from one position to the next (a transposition table), so the
// positions of one round are best asked of one Solver. It belongs to one goroutine.
type Solver struct {
	r    *Rules
	side []bool
	dd   *ddEngine
	gen  *genEngine
	// Nodes counts the positions searched so far (for tests and tuning).
	Nodes int
}

// NewSolver returns a solver of r for the side whose seats side marks (len(side) seats).
func NewSolver(r *Rules, side []bool) *Solver {
	return &Solver{r: r, side: append([]bool(nil), side...)}
}

// Tricks returns the side's tricks of those left at p (the current trick included) with best
// play by every seat.
func (s *Solver) Tricks(p Position) int {
	p.normalize()
	return s.tricks(&p, 0, p.Left(), s.guess(&p))
}

// guess returns a first guess of the side's tricks at p: its share of the seats.
func (s *Solver) guess(p *Position) int {
	seats := 0
	for _, x := range s.side {
		seats += btoi(x)
	}
	return p.Left() * seats / len(s.side)
}

// tricks is Tricks knowing that the result is between lo and hi, guess g.
func (s *Solver) tricks(p *Position, lo, hi, g int) int {
	if s.ddFits(p) {
		if s.dd == nil {
			s.dd = newDDEngine(s.r, s.side)
		}
		s.dd.setup(p)
		before := s.dd.nodes
		v := s.dd.value(lo, hi, g)
		s.Nodes += s.dd.nodes - before
		return v
	}
	if s.gen == nil {
		s.gen = newGenEngine(s.r, s.side)
	}
	s.gen.setup(p)
	before := s.gen.nodes
	v := s.gen.value(lo, hi, g)
	s.Nodes += s.gen.nodes - before
	return v
}

// Cards returns every card the seat to play may play at p, in card order, with the side's
// tricks after it (the current trick included).
func (s *Solver) Cards(p Position) []CardTricks {
	p.normalize()
	best := s.Tricks(p)
	m := p.Mover()
	legal := playable(s.r, p.Hands[m], &p.State)
	ours := s.side[m]
	var out []CardTricks
	done := map[parse.Card]int{} // an equivalent card's value, by the run's first card
	runs := equivalentRuns(s.r, &p, legal)
	for set := legal; set != 0; set &= set - 1 {
		c := set.Lowest()
		if v, ok := done[runs[c]]; ok {
			out = append(out, CardTricks{c, v})
			continue
		}
		q, w := p.After(s.r, c)
		won := 0
		if w >= 0 && s.side[w] {
			won = 1
		}
		lo, hi := 0, q.Left()
		if ours {
			hi = min(hi, best-won)
		} else {
			lo = max(lo, best-won)
		}
		v := won
		if hi > lo {
			v += s.tricks(&q, lo, hi, best-won)
		} else {
			v += lo
		}
		done[runs[c]] = v
		out = append(out, CardTricks{c, v})
	}
	return out
}

// ddFits reports whether the one-deck engine plays p exactly: one deck, at most 8 seats,
// suits that are runs of card bits in rank order, no card of no suit in play, and no rule
// that tells cards of one suit apart but by rank (a first-trick ban, a first-lead rule on
// trick 1, a queen that breaks hearts).
func (s *Solver) ddFits(p *Position) bool {
	r := s.r
	if ddOff.engine || r.Table.Deck2 != 0 || len(p.Hands) > 8 || r.ban || !ddSuitsOK(r) {
		return false
	}
	if r.breakers != r.brkMask {
		return false
	}
	if rule, _ := r.FirstLeadRule(); rule != rulesets.FirstLeadEldest && p.State.Trick <= 1 {
		return false
	}
	var all parse.CardSet
	for _, h := range p.Hands {
		all |= h.A
	}
	for _, c := range p.Played {
		all |= parse.Set(c)
	}
	return all&r.fools == 0 && all&^(r.mask[0]|r.mask[1]|r.mask[2]|r.mask[3]) == 0
}

// equivalentRuns maps each card of set (cards of the seat to play at p) to the first card
// of its run: cards of one suit that no card of another hand, or of the current trick, lies
// between (cards played before count as gaps), and that the rules do not tell apart
// otherwise (alike). With two decks a card is in a run of its own unless every copy of it not
// played yet is in the hand.
//
// The runs are an array indexed by card (a card of a set is below 64), not a map: the
// searches ask for them at every position.
func equivalentRuns(r *Rules, p *Position, set parse.CardSet) (out [64]parse.Card) {
	m := p.Mover()
	var others Hand
	for i, h := range p.Hands {
		if i != m {
			others = union(others, h)
		}
	}
	for _, c := range p.Played {
		others.Add(c)
	}
	hand := p.Hands[m]
	var runs [64]parse.Card
	for s := parse.Clubs; s <= parse.NoSuit; s++ {
		var prev parse.Card = parse.NoCard
		var buf [64]parse.Card
		for _, c := range cardsByPower(r, hand.A&r.mask[s], buf[:0]) {
			twin := others.Has(c)
			if prev != parse.NoCard && !twin && !between(r, others, prev, c) && alike(r, prev, c) {
				runs[c] = runs[prev]
			} else {
				runs[c] = c
			}
			if twin {
				prev = parse.NoCard
			} else {
				prev = c
			}
		}
	}
	for set != 0 {
		c := set.Lowest()
		set &= set - 1
		out[c] = runs[c]
	}
	return out
}

// alike reports whether two cards of a suit differ in nothing but rank for the rules: the
// same points, both breaking the break suit or neither, both banned from trick 1 or neither.
func alike(r *Rules, a, b parse.Card) bool {
	return r.Table.Value[a] == r.Table.Value[b] && r.Breaks(a) == r.Breaks(b) && r.penalty.Has(a) == r.penalty.Has(b)
}

// cardsByPower appends the cards of set (one suit) to cs, from the lowest Power up.
func cardsByPower(r *Rules, set parse.CardSet, cs []parse.Card) []parse.Card {
	for ; set != 0; set &= set - 1 {
		c := set.Lowest()
		i := len(cs)
		cs = append(cs, c)
		for ; i > 0 && r.Power(cs[i-1]) > r.Power(c); i-- {
			cs[i] = cs[i-1]
		}
		cs[i] = c
	}
	return cs
}

// between reports whether others holds a card of a's suit whose Power lies between a's and
// b's (a below b).
func between(r *Rules, others Hand, a, b parse.Card) bool {
	for set := others.A & r.mask[r.SuitOf(a)]; set != 0; set &= set - 1 {
		c := set.Lowest()
		if p := r.Power(c); p > r.Power(a) && p < r.Power(b) {
			return true
		}
	}
	return false
}
