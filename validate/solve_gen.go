package validate

import (
	"github.com/tricks-dev/tricks/parse"
)

// The general engine: any table Rules can play (up to MaxSeats seats, two decks with their
// cancelled cards, cards of no suit), for what the one-deck engine (solve_dd.go) cannot play,
// and for claims. The same zero-window search on cards, with a transposition table of exact
// positions at the start of a trick, runs of equivalent cards, and a plain move order.

type genEngine struct {
	r    *Rules
	n    int
	side [MaxSeats]bool
	// count marks the seats whose tricks count (the side's, but for a nil: the nil bidder's,
	// the others of its side helping it take none).
	count [MaxSeats]bool
	// points: what counts is the points (Table.Value) of the cards the counted seats take, not
	// their tricks (one deck: no trick is cancelled).
	points bool
	// limit bounds the positions searched (0: none); past it, the search gives up and
	// aborted is set (its answers are then meaningless).
	limit   int
	aborted bool
	// lastToLeader counts a last trick whose cards all cancelled for its leader, who takes
	// them (claims: those cards go to a seat that did not win a trick).
	lastToLeader bool
	// claim: the search is a claim's (solve_claim.go): the side is the defenders, who need one
	// trick; a claimer that surely wins every trick ends the search (sureHold).
	claim bool
	// dominance lets a seat of the other side who cannot win the trick any more follow or
	// discard with the lowest card of a suit only (see claimDominance).
	dominance bool

	hands  [MaxSeats]Hand
	leader int
	seq    [2 * parse.NumCards]parse.Card // the cards played, by depth: the trick is seq[depth-k:depth]
	k      int
	st     TrickState
	left   int
	depth  int

	tt    genTable
	moves [][]parse.Card
	nodes int
}

func newGenEngine(r *Rules, side []bool) *genEngine {
	e := &genEngine{r: r, n: len(side)}
	copy(e.side[:], side)
	copy(e.count[:], side)
	e.tt.init()
	return e
}

func (e *genEngine) setup(p *Position) {
	e.hands = [MaxSeats]Hand{}
	copy(e.hands[:], p.Hands)
	e.leader, e.k, e.st, e.depth = p.Leader, len(p.Played), p.State, len(p.Played)
	copy(e.seq[:], p.Played)
	e.left = p.Left()
}

// search reports whether the side wins at least need of the tricks left, the current one
// included.
func (e *genEngine) search(need int) bool {
	e.nodes++
	if e.limit > 0 && e.nodes > e.limit {
		e.aborted = true
		return false
	}
	if e.k > 0 {
		return e.ply(need)
	}
	switch {
	case need <= 0:
		return true
	case need > e.left && !e.points, e.points && need > e.pointsLeft(1):
		return false
	}
	if e.claim && e.sureHold() {
		return false
	}
	if e.dominance && e.sureDefeat(e.claimer()) {
		return true
	}
	key := e.tt.hash(e)
	if lb, ub, ok := e.tt.get(e, key); ok {
		switch {
		case lb >= need:
			return true
		case ub < need:
			return false
		}
	}
	ok := e.ply(need)
	lb, ub := 0, e.left
	if e.points {
		lb, ub = e.pointsLeft(-1), e.pointsLeft(1)
	}
	if ok {
		lb = need
	} else {
		ub = need - 1
	}
	e.tt.put(e, key, lb, ub)
	return ok
}

// ply tries the moves of the seat to play.
func (e *genEngine) ply(need int) bool {
	m := (e.leader + e.k) % e.n
	max := e.side[m]
	for _, c := range e.genMoves(m) {
		if e.try(m, c, need) == max {
			return max
		}
	}
	return !max
}

// try plays c for seat m and searches on.
func (e *genEngine) try(m int, c parse.Card, need int) bool {
	e.hands[m].Remove(c)
	e.seq[e.depth] = c
	saved := e.st
	e.st.Play(e.r, c)
	e.k++
	e.depth++
	var ok bool
	if e.k < e.n {
		ok = e.search(need)
	} else {
		ok = e.endTrick(need)
	}
	e.k--
	e.depth--
	e.st = saved
	e.hands[m].Add(c)
	return ok
}

// endTrick gives the complete trick to its winner (nobody, when all cancelled: its leader
// leads again) and searches the next one.
func (e *genEngine) endTrick(need int) bool {
	winner := e.trickWinner()
	if winner >= 0 && e.count[winner] {
		if e.points {
			for _, c := range e.trick() {
				need -= e.r.Table.Value[c]
			}
		} else {
			need--
		}
	}
	leader, st := e.leader, e.st
	e.leader, e.k, e.st = NextLeader(leader, winner), 0, st.Next()
	e.left--
	ok := e.search(need)
	e.leader, e.k, e.st = leader, e.n, st
	e.left++
	return ok
}

// trickWinner returns the seat that wins the complete trick; a last trick all cancelled
// counts for its leader under lastToLeader; -1: nobody.
func (e *genEngine) trickWinner() int {
	w := e.r.Winner(e.trick(), e.st.Led)
	switch {
	case w >= 0:
		return (e.leader + w) % e.n
	case e.lastToLeader && e.left == 1:
		return e.leader
	}
	return -1
}

// pointsLeft returns the sum of the values of sign sign (1: positive, -1: negative) of the
// cards in the hands: the most and the least points the tricks left can give a seat.
func (e *genEngine) pointsLeft(sign int) int {
	sum := 0
	for p := 0; p < e.n; p++ {
		eachCard(e.hands[p], func(c parse.Card) {
			if v := e.r.Table.Value[c]; v*sign > 0 {
				sum += v
			}
		})
	}
	return sum
}

// trick returns the cards of the current trick.
func (e *genEngine) trick() []parse.Card { return e.seq[e.depth-e.k : e.depth] }

// value is ddEngine.value for this engine.
func (e *genEngine) value(lo, hi, g int) int {
	g = min(max(g, lo), hi)
	for lo < hi {
		t := g
		if t == lo {
			t = lo + 1
		}
		if e.search(t) {
			lo, g = t, t
		} else {
			hi, g = t-1, t-1
		}
	}
	return lo
}

// genMoves lists one card of each run of equivalent cards of seat m's legal cards, the
// likeliest to win the trick first.
func (e *genEngine) genMoves(m int) []parse.Card {
	for len(e.moves) <= e.depth {
		e.moves = append(e.moves, make([]parse.Card, 0, 16))
	}
	list := e.moves[e.depth][:0]
	legal := playable(e.r, e.hands[m], &e.st)
	if e.dominance {
		legal = e.claimDominance(m, legal)
	}
	p := Position{Hands: e.hands[:e.n], Leader: e.leader, Played: e.trick(), State: e.st}
	runs := equivalentRuns(e.r, &p, legal)
	var seen parse.CardSet // the runs with a move, by their first card
	for set := legal; set != 0; set &= set - 1 {
		c := set.Lowest()
		if first := runs[c]; !seen.Has(first) {
			seen |= parse.Set(first)
			list = append(list, c)
		}
	}
	// High cards first for the side that wants tricks, low first for the other; in a claim,
	// high first for both, and a defender's cards that win the trick first.
	hiFirst := e.side[m] || e.claim
	var wins parse.CardSet
	if e.claim && e.side[m] && e.k > 0 && e.st.Led != parse.NoSuit {
		wins = e.r.Winning(e.trick(), e.st.Led, legal)
	}
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && e.before(list[j], list[j-1], hiFirst, wins); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	e.moves[e.depth] = list
	return list
}

// before orders two moves: the cards of first before the others, the lowest of them first;
// then by Power, high or low first.
func (e *genEngine) before(a, b parse.Card, hiFirst bool, first parse.CardSet) bool {
	pa, pb := e.r.Power(a), e.r.Power(b)
	if fa, fb := first.Has(a), first.Has(b); fa != fb {
		return fa
	} else if fa {
		return pa < pb
	}
	if hiFirst {
		return pa > pb
	}
	return pa < pb
}

// genTable is the transposition table of exact positions: every hand, the leader and the
// trick's state, with bounds on the side's tricks.
type genTable struct {
	m     map[uint64]int32 // hash -> first entry of its chain
	ents  []genEntry
	hands []Hand // each entry's hands, n at ents[i].off
}

type genEntry struct {
	off, next int32
	lead      int8
	flags     uint8
	lb, ub    int8
}

// genTableMax bounds the entries: past it, the table starts again empty.
const genTableMax = 1 << 20

func (t *genTable) init() {
	t.m = make(map[uint64]int32, 1024)
	t.ents, t.hands = t.ents[:0], t.hands[:0]
}

func genFlags(e *genEngine) uint8 {
	f := uint8(0)
	if e.st.Broken {
		f |= 1
	}
	if e.st.Trick == 1 {
		f |= 2
	}
	return f
}

func (t *genTable) hash(e *genEngine) uint64 {
	h := uint64(e.leader)*0x9E3779B97F4A7C15 ^ uint64(genFlags(e))
	for i := 0; i < e.n; i++ {
		h = (h ^ uint64(e.hands[i].A)) * 0xBF58476D1CE4E5B9
		h = (h ^ uint64(e.hands[i].B) ^ h>>31) * 0x94D049BB133111EB
	}
	return h
}

func (t *genTable) find(e *genEngine, key uint64) int32 {
	i, ok := t.m[key]
	if !ok {
		return -1
	}
	for ; i >= 0; i = t.ents[i].next {
		en := &t.ents[i]
		if int(en.lead) != e.leader || en.flags != genFlags(e) {
			continue
		}
		if sameHands(t.hands[en.off:int(en.off)+e.n], e.hands[:e.n]) {
			return i
		}
	}
	return -1
}

func sameHands(a, b []Hand) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (t *genTable) get(e *genEngine, key uint64) (lb, ub int, ok bool) {
	if i := t.find(e, key); i >= 0 {
		return int(t.ents[i].lb), int(t.ents[i].ub), true
	}
	return 0, 0, false
}

func (t *genTable) put(e *genEngine, key uint64, lb, ub int) {
	if i := t.find(e, key); i >= 0 {
		en := &t.ents[i]
		en.lb, en.ub = max(en.lb, int8(lb)), min(en.ub, int8(ub))
		return
	}
	if len(t.ents) >= genTableMax {
		t.init()
	}
	next, ok := t.m[key]
	if !ok {
		next = -1
	}
	t.ents = append(t.ents, genEntry{off: int32(len(t.hands)), next: next, lead: int8(e.leader), flags: genFlags(e), lb: int8(lb), ub: int8(ub)})
	t.hands = append(t.hands, e.hands[:e.n]...)
	t.m[key] = int32(len(t.ents) - 1)
}

// claimer returns the claiming seat of a claim against one seat (the seat outside the side).
func (e *genEngine) claimer() int {
	for p := 0; p < e.n; p++ {
		if !e.side[p] {
			return p
		}
	}
	return -1
}
