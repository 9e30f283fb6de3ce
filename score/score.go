package score

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// game is the state of one game being scored. Units are what scores: players, or sides in a
// partnership game. totals are per unit.
type game struct {
	rp       *validate.Replay
	rs       *rulesets.Ruleset
	units    []string // names of the scoring units
	unitOf   []int    // unit of each global seat
	totals   []int
	bags     []int // Spades: bags carried per unit
	normal   int   // normal rounds scored
	ended    bool  // the end condition was met
	finished bool  // ended with a single winner
	winner   int   // unit, -1 when none
	tied     []int // units tied at the end, while undecided
	res      *Result
	// scratch for the points of a round, reused
	ptsBuf []int
	// the figures of the round being scored
	rb *roundBlock
	// bdnWinner is the unit whose blind double nil won the game (bdn=win), -1 when none.
	bdnWinner int
	// doubt is the first transcript error that leaves a round's points uncertain (a card
	// not held, a trick missing): round and index of the violation in res.Rounds; round -1
	// when none. The end of the game that follows from such points is its consequence.
	doubt [2]int
	late  int // the round (index in res.Rounds) reported after-game-end as doubt's consequence; -1
	// the table's last recorded total per unit (hasRec: one was recorded), and the computed
	// totals when the last round was checked
	recTotal, lastTotals []int
	hasRec               []bool

	sheetFix  sheetFix // the running total a sheet round's note last named as mistyped
	uncertain bool     // a round so far left its points uncertain: so are the totals since

	sc *Scorer // where the round blocks come from
	// the revoke penalty of the ruleset (RevokePenalty), read once per game
	kind  rulesets.RevokeKind
	fixed int
}

// Score turns a replay into its result: per-round points and totals, moons, penalties,
// end of game and winner. Rounds recorded after the game ended are reported
// (after-game-end) and not scored.
func Score(rp *validate.Replay) *Result { return new(Scorer).Score(rp) }

// A Scorer scores games into storage it reuses: a whole replay at once (Score), or a game
// round by round, as its rounds are replayed (Reset, Add, Result), for a program that
// decides what comes next from how the game stands (the game generator of `tricks
// simulate`): each round is scored once, as Score scores it, so a game costs time in
// proportion to its length. The Result of a game, and all it points to, is valid until the
// next game is started (a caller that keeps results uses a Scorer per result, or the
// function Score). Games are scored without allocating (but for notes and messages) once
// the Scorer has scored one as long. A Scorer is not safe for concurrent use; its zero
// value is ready for Score.
type Scorer struct {
	s         *game // the game being scored (Reset)
	blk       gameBlock
	rounds    []RoundResult        // storage of the result's rounds
	blocks    []*roundBlock        // the rounds' figures
	viols     []validate.Violation // storage of the result's violations
	tied      []string             // storage of the result's tied units
	contracts []Contract           // storage of the Spades rounds' contracts
	units     unitCache
	moons     [4]moonNote // the notes of the last moons
	nextMoon  int
}

// Score scores rp into the Scorer's result (see Scorer): Reset, Add of each round, Result.
func (sc *Scorer) Score(rp *validate.Replay) *Result {
	s := sc.start(rp)
	sc.s = s
	for _, r := range s.rp.Rounds {
		s.round(r)
	}
	return s.result()
}

// unitCache keeps the scoring units of the last game's players, so that a run of games of
// the same table does not build them again. Units depends on the ruleset only through
// whether the game is a partnership (rulesets.Ruleset.Units): games of rulesets that differ
// in other rules share the units.
type unitCache struct {
	set         bool     // the cache holds a game's units
	partnership bool     // the last game's rules make a partnership of its players
	players     []string // a copy of the last game's list of players
	names       []string // nil: the names are the players'
	unitOf      []int
	// distinct: no two units have the same name (a unit's points are then its own)
	distinct bool
	// distinctOf is a copy of the players distinct was found for when the units are the
	// players (empty when not): the same strings at the same addresses are the same names.
	distinctOf []string
}

// unitsOf returns rs.Units(players), from the cache when the partnership and the names are
// the last ones. The names are never changed in place: results keep them.
func (sc *Scorer) unitsOf(rs *rulesets.Ruleset, players []string) ([]string, []int) {
	c := &sc.units
	part := rs.Partnership(len(players))
	if c.set && c.partnership == part && c.names == nil && len(c.unitOf) == len(players) {
		// The units are the players themselves, seat by seat, under rules of the same
		// partnership and as many players (Units depends on nothing else then): only
		// whether the names are distinct is this game's (known when they are the strings
		// it was found for, distinctOf). c.players stays the last game's
		// that Units was called for: it is looked at only when the partnership or the count
		// differ.
		if !sameStrings(c.distinctOf, players) {
			c.distinct = distinctNames(players)
			c.distinctOf = append(c.distinctOf[:0], players...)
		}
		return players, c.unitOf
	}
	if !c.set || c.partnership != part || !slices.Equal(c.players, players) {
		names, unitOf := rs.Units(players)
		if part {
			names = sharedSides(players, names)
		}
		c.set, c.partnership, c.names, c.unitOf = true, part, names, unitOf
		c.players = append(c.players[:0], players...) // (the game's slice is reused memory)
		if len(names) == len(players) && (len(names) == 0 || &names[0] == &players[0]) {
			c.names = nil // the players themselves: this game's slice, not a cached one
		}
		c.distinct = distinctNames(names)
		c.distinctOf = c.distinctOf[:0]
	}
	if c.names == nil {
		return players, c.unitOf
	}
	return c.names, c.unitOf
}

// knownSides holds the sides of the last partnerships' players, the newest first, shared by
// every Scorer (and goroutine): the results of a file's games, scored by many Scorers, then
// have the same sides, the same strings, which the JSON writer knows by their addresses.
var knownSides [4]atomic.Pointer[sidesOf]

// sidesOf is an entry of knownSides: the players (their strings, a copy of the list) and
// their sides (a copy of the list). It is not changed once made, nor handed out.
type sidesOf struct{ players, sides []string }

// sharedSides returns sides, the sides of players, with the strings knownSides holds when it
// has them for the same players, else puts them in front. The list returned is the caller's
// own (sides, or a copy of the one known): a result that keeps it may be changed by its owner
// without changing another Scorer's, whose strings alone are shared (strings never change).
func sharedSides(players, sides []string) []string {
	for i := range knownSides {
		if e := knownSides[i].Load(); e != nil && sameStrings(e.players, players) && slices.Equal(e.sides, sides) {
			return append(sides[:0], e.sides...)
		}
	}
	for i := len(knownSides) - 1; i > 0; i-- {
		knownSides[i].Store(knownSides[i-1].Load())
	}
	knownSides[0].Store(&sidesOf{slices.Clone(players), slices.Clone(sides)})
	return sides
}

// distinctNames reports whether no two names are the same. Names that all begin with
// different bytes are (most tables'): the pairs are compared only when two of them do not.
func distinctNames(names []string) bool {
	var first [4]uint64 // the first bytes seen
	for _, a := range names {
		if len(a) == 0 {
			return slowDistinct(names)
		}
		if b, m := a[0]>>6, uint64(1)<<(a[0]&63); first[b]&m == 0 {
			first[b] |= m
			continue
		}
		return slowDistinct(names)
	}
	return true
}

// slowDistinct is distinctNames, comparing every pair.
func slowDistinct(names []string) bool {
	for i, a := range names {
		for _, b := range names[:i] {
			if len(a) == len(b) && (len(a) == 0 || a[0] == b[0]) && a == b {
				return false
			}
		}
	}
	return true
}

// block returns the zeroed figures of the i-th round scored.
func (sc *Scorer) block(i int) *roundBlock {
	for len(sc.blocks) <= i {
		sc.blocks = append(sc.blocks, &roundBlock{})
	}
	b := sc.blocks[i]
	// The figures are written before they are read (the arrays of names are appended to
	// from empty): only the headers are cleared, one statement each (a list of them is
	// cleared into temporaries and copied).
	b.pc = Scores{}
	b.tr = Scores{}
	b.bags = Scores{}
	b.bids = Words{}
	b.moon = Moon{}
	b.total = 0
	return b
}

// gameBlock holds a game being scored, its result and its per-unit figures, and the
// scratch of its rounds, which start does not clear: low holds what endState and lowest
// return, tied the game's tied units; hearts is the Hearts-family round being scored.
type gameBlock struct {
	g         game
	res       Result
	ints      [7 * validate.MaxSeats]int
	has       [validate.MaxSeats]bool
	low, tied [validate.MaxSeats]int
	hearts    heartsCalc
}

// roundBlock holds a round's figures: its points, the totals after it, the informative
// penalty-card and trick counts (Hearts family), the bags (Spades), the tie-break's players,
// the moon and its note.
type roundBlock struct {
	pc, tr, bags Scores
	bids         Words
	total        int
	moon         Moon
	vals         [6 * validate.MaxSeats]int
	names        [validate.MaxSeats]string // tie-break players; Spades bidders
	words        [validate.MaxSeats]string // Spades bids
	keys         [validate.MaxSeats]string // Spades tricks' players
	notes        [2]string                 // the first notes (a moon's)
}

// start starts scoring rp: its players and rules (the rounds are scored by round).
func (sc *Scorer) start(rp *validate.Replay) *game {
	if rp == nil || rp.Game == nil || rp.Rules == nil {
		// Not a replay of validate's (a script's own value): scored as a game of no rounds.
		rp = &validate.Replay{Game: &parse.Game{}, Rules: &rulesets.Ruleset{}}
	}
	g := rp.Game
	blk := &sc.blk
	blk.g = game{}
	sc.contracts = sc.contracts[:0]
	clear(blk.has[:])
	s := &blk.g
	s.rp, s.rs, s.winner, s.bdnWinner, s.doubt, s.late, s.sc = rp, rp.Rules, -1, -1, [2]int{-1, -1}, -1, sc
	s.kind, s.fixed = rp.Rules.RevokePenalty()
	n := len(rp.Players)
	s.units, s.unitOf = sc.unitsOf(rp.Rules, rp.Players)
	if u, m := len(s.units), validate.MaxSeats; u <= m {
		s.totals, s.bags, s.ptsBuf = blk.ints[:u:u], blk.ints[m:m+u:m+u], blk.ints[2*m:2*m+u:2*m+u]
		s.recTotal, s.lastTotals, s.hasRec = blk.ints[3*m:3*m+u:3*m+u], blk.ints[4*m:4*m+u:4*m+u], blk.has[:u:u]
		// Only the sums start from zero: the other figures are written before they are read
		// (recTotal and lastTotals where hasRec says so). (The whole blocks of both: a copy
		// of a fixed size, without a call of memclr.)
		*(*[2 * validate.MaxSeats]int)(blk.ints[:2*m]) = [2 * validate.MaxSeats]int{}
	} else {
		s.totals, s.bags = make([]int, u), make([]int, u)
	}
	if r := blk.res.Rounds; cap(r) > cap(sc.rounds) {
		sc.rounds = r[:0] // grown by the rounds Add gave the last game
	}
	if k := len(rp.Rounds); k > cap(sc.rounds) || sc.rounds == nil {
		sc.rounds = make([]RoundResult, 0, max(k, 1)) // never nil: a game of no rounds has "rounds": []
	}
	rounds := sc.rounds[:0]
	res := &blk.res
	*res = Result{} // cleared in place, then set: not built and copied
	res.File, res.Game, res.Ruleset, res.Players = g.File, g.Index, rp.Rules.Name, rp.Players
	res.Rounds, res.Violations = rounds, sc.viols[:0]
	if res.Violations == nil {
		res.Violations = []validate.Violation{}
	}
	if len(s.units) != n {
		res.Sides = s.units
	}
	res.UnitOf = s.unitOf
	s.res = res
	return s
}

// result completes the result after the last round.
func (s *game) result() *Result {
	res, rp := s.res, s.rp
	u, m := len(s.units), validate.MaxSeats
	if k := len(res.Rounds); k > 0 && slices.Equal(res.Rounds[k-1].Totals.Vals, s.totals) {
		res.Totals = res.Rounds[k-1].Totals // the same figures: share them
	} else if u <= m {
		res.Totals = Scores{Keys: s.units, Vals: s.sc.blk.ints[5*m : 5*m+u : 5*m+u]}
		copyInts(res.Totals.Vals, s.totals)
	} else {
		res.Totals = s.scores(s.totals)
	}
	if rp.Rules.Family == rulesets.Spades {
		b := s.scores(s.bags)
		if u <= m {
			b = Scores{Keys: s.units, Vals: s.sc.blk.ints[6*m : 6*m+u : 6*m+u]}
			copy(b.Vals, s.bags)
		}
		res.Bags = &b
	}
	res.Finished = s.finished
	if s.winner >= 0 {
		res.Winner = &s.units[s.winner] // the names are not changed after the game
	}
	if !s.finished && s.ended && len(s.tied) > 1 {
		res.Tied = s.sc.tied[:0]
		for _, u := range s.tied {
			res.Tied = append(res.Tied, s.units[u])
		}
		s.sc.tied = res.Tied
	}
	for i := range res.Rounds { // not a copy of each round
		if v := res.Rounds[i].Violations; len(v) > 0 {
			res.Violations = append(res.Violations, v...)
		}
	}
	s.sc.viols = res.Violations[:0]
	s.sc.rounds = res.Rounds[:0]
	return res
}

// copyInts copies the few figures of a round (one a seat or unit): four of them (a table
// of four) one by one, without a call of memmove.
func copyInts(dst, src []int) {
	if len(dst) == 4 && len(src) == 4 {
		dst[0], dst[1], dst[2], dst[3] = src[0], src[1], src[2], src[3]
		return
	}
	copy(dst, src)
}

// addInts adds src to dst, figure by figure (a round's points to the totals): four of them
// (a table of four) one by one.
func addInts(dst, src []int) {
	if len(dst) == 4 && len(src) == 4 {
		dst[0], dst[1], dst[2], dst[3] = dst[0]+src[0], dst[1]+src[1], dst[2]+src[2], dst[3]+src[3]
		return
	}
	for u := range dst {
		dst[u] += src[u]
	}
}

// highest returns the highest of totals (the lowest int when there are none).
func highest(totals []int) int {
	h := math.MinInt
	for _, t := range totals {
		h = max(h, t)
	}
	return h
}

// pts returns a zeroed per-unit slice for a round's points (reused from round to round).
func (s *game) pts() []int {
	if cap(s.ptsBuf) < len(s.units) {
		s.ptsBuf = make([]int, len(s.units))
	}
	s.ptsBuf = s.ptsBuf[:len(s.units)]
	for i := range s.ptsBuf { // (a table's few figures without a call of memclr)
		s.ptsBuf[i] = 0
	}
	return s.ptsBuf
}

func (s *game) scores(vals []int) Scores {
	return Scores{Keys: s.units, Vals: append([]int(nil), vals...)}
}

// round scores one round and appends its result.
func (s *game) round(r *validate.PlayedRound) {
	if r == nil || r.Dealer < 0 || r.Dealer >= len(s.rp.Players) {
		return // not a round of validate's (nil, or seated at no table): nothing to score
	}
	players := s.rp.Players
	out := s.nextRound() // the result's next element: cleared in place, then set, not copied
	out.Round, out.Violations = r.Number, r.Violations
	if out.Violations == nil {
		out.Violations = []validate.Violation{}
	}
	if s.refused(r, out) {
		return
	}
	out.Dealer = &players[r.Dealer] // the names are not changed after the game
	s.rb = s.sc.block(len(s.res.Rounds))
	if r.Tiebreak {
		out.Tiebreak = s.rb.names[:0:len(r.Seats)]
		for _, g := range r.Seats {
			out.Tiebreak = append(out.Tiebreak, players[g])
		}
	}
	var pts []int // per unit
	switch {
	case r.Sheet:
		pts = s.sheetRound(r, out)
	case s.rs.Family == rulesets.Spades:
		pts = s.spadesRound(r, out)
	default:
		pts = s.heartsRound(r, out)
	}
	vals, m := s.rb.vals[:], validate.MaxSeats // a replay seats at most MaxSeats
	s.spread(r, pts, vals[:m], out)
	addInts(s.totals, pts)
	if r.Tiebreak {
		s.tiebreak(r, pts)
	} else {
		s.normal++
		if s.rs.Family != rulesets.Spades {
			s.reset(out)
		}
		s.endCheck()
	}
	out.Totals = Scores{Keys: s.units, Vals: vals[m : m+len(s.totals) : m+len(s.totals)]}
	copyInts(out.Totals.Vals, s.totals)
	s.noteDoubt(out)
	before := len(out.Violations)
	s.checkRecorded(r, out)
	if len(out.Violations) > before {
		// The mismatches go among what the replay said of the same lines (an unknown name),
		// figure by figure, in a list of the round's own (out.Violations began as the
		// replay's, which is not to change).
		out.Violations = slices.Clone(out.Violations)
		validate.SortViolations(out.Violations, r.Src)
	}
	for _, v := range out.Violations {
		out.Uncertain = out.Uncertain || leavesPointsUncertain(v.Rule) || v.Rule == ImpossiblePoints
	}
	s.uncertain = s.uncertain || out.Uncertain
	out.TotalsUncertain = s.uncertain
	s.res.Rounds = s.res.Rounds[:len(s.res.Rounds)+1] // the round is now the result's
}

// nextRound returns the element of the result's rounds after the last, cleared: a round's
// result is set there, and is the result's when round lengthens the list (while it is set,
// len(s.res.Rounds) is its index, as the rounds before it know it). A round refused is
// appended from there (the same memory).
func (s *game) nextRound() *RoundResult {
	k := len(s.res.Rounds)
	if k == cap(s.res.Rounds) {
		s.res.Rounds = slices.Grow(s.res.Rounds, 1)
	}
	out := &s.res.Rounds[:k+1][k]
	*out = RoundResult{}
	return out
}

// refused appends the result of a round that is not scored: one recorded after the game
// ended, or a tie-break that is not due. It reports whether it did.
func (s *game) refused(r *validate.PlayedRound, out *RoundResult) bool {
	ignore := func(rule, msg string) {
		out.Ignored = true
		out.Points = Scores{}
		out.Totals = s.scores(s.totals)
		out.Violations = []validate.Violation{{Round: r.Number, Card: parse.NoCard, Rule: rule, Msg: msg, Pos: r.Src.Pos}}
		s.res.Rounds = append(s.res.Rounds, *out)
	}
	if s.finished || (s.ended && !r.Tiebreak) {
		msg := fmt.Sprintf("round %d is recorded after the game ended", r.Number)
		if d := s.doubt; d[0] >= 0 {
			// The end may come from points a transcript error leaves uncertain: a consequence,
			// reported once, at the first round after it.
			v := s.res.Rounds[d[0]].Violations[d[1]]
			if s.late >= 0 {
				first := &s.res.Rounds[s.late]
				first.Violations[0].Msg = fmt.Sprintf("rounds %d to %d are recorded after the game ended (a consequence of the %s in round %d? it leaves that round's points uncertain)",
					first.Round, r.Number, v.Rule, v.Round)
				out.Ignored, out.Points, out.Totals = true, Scores{}, s.scores(s.totals)
				out.Violations = []validate.Violation{}
				s.res.Rounds = append(s.res.Rounds, *out)
				return true
			}
			s.late = len(s.res.Rounds)
			msg += fmt.Sprintf(" (a consequence of the %s in round %d? it leaves that round's points uncertain)", v.Rule, v.Round)
		}
		ignore(AfterGameEnd, msg)
		return true
	}
	if r.Tiebreak && !s.tiebreakFits(r) {
		msg := fmt.Sprintf("round %d: a tie-break is played only when the game ends tied, among the tied players", r.Number)
		switch {
		case s.rs.Family == rulesets.Spades:
			msg = fmt.Sprintf("round %d: Spades has no tie-break rounds (a tie at the end plays on)", r.Number)
		case s.ended:
			var names []string
			for _, u := range s.tied {
				names = append(names, s.units[u])
			}
			msg += " (tied: " + strings.Join(names, ", ") + ")"
		default:
			msg += " (the game has not ended)"
		}
		ignore(BadTiebreak, msg)
		return true
	}
	return false
}

// spread sets the round's points, by unit or, in a tie-break, by its players, into vals
// (the round's own memory), from pts (per unit).
func (s *game) spread(r *validate.PlayedRound, pts, vals []int, out *RoundResult) {
	keys := s.units
	if r.Tiebreak {
		keys = out.Tiebreak
	}
	out.Points = Scores{Keys: keys, Vals: vals[:len(keys):len(keys)]}
	switch c := &s.sc.units; {
	case !r.Tiebreak && c.distinct:
		copyInts(out.Points.Vals, pts) // the keys are the units, each its own
	case c.distinct && c.names == nil:
		// A tie-break's keys are its players, each its own unit (the units are the players).
		for i, g := range r.Seats {
			out.Points.Vals[i] = pts[g]
		}
	default:
		clear(out.Points.Vals)
		for i, k := range keys {
			for u, name := range s.units {
				if name == k {
					out.Points.Vals[i] = pts[u]
				}
			}
		}
	}
}

// noteDoubt remembers the first violation that leaves a round's points uncertain, for the
// message of a round recorded after an end those points may have caused.
func (s *game) noteDoubt(out *RoundResult) {
	if s.doubt[0] >= 0 {
		return
	}
	for i, v := range out.Violations {
		if leavesPointsUncertain(v.Rule) {
			s.doubt = [2]int{len(s.res.Rounds), i}
			return
		}
	}
}

// tiebreakFits reports whether a tie-break round is due: the game ended tied and the round's
// players are exactly the tied ones (Hearts family only).
func (s *game) tiebreakFits(r *validate.PlayedRound) bool {
	if s.rs.Family == rulesets.Spades || !s.ended || len(r.Seats) != len(s.tied) {
		return false
	}
	for _, g := range r.Seats {
		found := false
		for _, u := range s.tied {
			found = found || s.unitOf[g] == u
		}
		if !found {
			return false
		}
	}
	return true
}

// reset applies the exact reset to the game's totals, and says so in out.
func (s *game) reset(out *RoundResult) {
	for m := s.exactReset(s.totals); m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		out.Resets = append(out.Resets, s.units[u])
		out.Notes = append(out.Notes, fmt.Sprintf("exact reset: %s -%d", s.units[u], s.rs.ExactReset))
	}
}

// exactReset applies the exact reset to totals (by unit): a total exactly at the target
// loses ExactReset (not in a game of a fixed number of rounds). It returns the units reset,
// bit u for unit u.
func (s *game) exactReset(totals []int) (reset uint32) {
	rs := s.rs
	if rs.ExactReset == 0 || rs.End == rulesets.EndRounds {
		return 0
	}
	for u, t := range totals {
		if t == rs.Target {
			totals[u] -= rs.ExactReset
			reset |= 1 << u
		}
	}
	return reset
}

// endCheck decides whether the game is over after a normal round, and who won.
func (s *game) endCheck() {
	if over, winners := s.endState(s.totals, s.normal); over {
		s.ended = true
		if len(winners) == 1 {
			s.finished, s.winner, s.tied = true, winners[0], nil
		} else {
			s.tied = append(s.sc.blk.tied[:0], winners...)
		}
	}
}

// endState says whether totals after `normal` normal rounds end the game, and the units
// that lead (one: the winner; several: tied), in the block's low (overwritten by the next call).
func (s *game) endState(totals []int, normal int) (bool, []int) {
	rs := s.rs
	if rs.Family == rulesets.Spades {
		return s.spadesEnd(totals)
	}
	over := false
	switch rs.End {
	case rulesets.EndRounds:
		over = normal >= rs.RoundsFor(len(s.rp.Players))
	case rulesets.EndExceed:
		over = highest(totals) > rs.Target
	default:
		over = highest(totals) >= rs.Target
	}
	if !over {
		return false, nil
	}
	return true, lowest(s.sc.blk.low[:0], totals, nil)
}

// lowest returns the units with the lowest value (among only, when not nil), in dst's
// storage.
func lowest(dst, vals []int, only []int) []int {
	best := dst[:0]
	consider := func(u int) {
		switch {
		case len(best) == 0 || vals[u] < vals[best[0]]:
			best = append(best[:0], u)
		case vals[u] == vals[best[0]]:
			best = append(best, u)
		}
	}
	if only == nil {
		for u := range vals {
			consider(u)
		}
	} else {
		for _, u := range only {
			consider(u)
		}
	}
	return best
}

// tiebreak decides a tie-break round (one that fits, see tiebreakFits): the fewest points
// among its players wins; a new tie leaves those players tied.
func (s *game) tiebreak(r *validate.PlayedRound, pts []int) {
	var inBuf [validate.MaxSeats]int
	in := inBuf[:0]
	for _, g := range r.Seats {
		in = append(in, s.unitOf[g])
	}
	best := lowest(s.sc.blk.low[:0], pts, in)
	if len(best) == 1 {
		s.finished, s.winner, s.tied = true, best[0], nil
	} else {
		s.tied = append(s.sc.blk.tied[:0], best...)
	}
}

// checkRecorded compares the table's recorded score and total lines with the computed ones.
func (s *game) checkRecorded(r *validate.PlayedRound, out *RoundResult) {
	src := r.Src
	// After a transcript error that leaves points uncertain (this round's or an earlier
	// one's), the computed points are not the table's: a round's differing points are one
	// consequence, and a total is checked only against the table's own previous total.
	doubt, carried := "", s.doubt[0] >= 0 // carried: the totals since are uncertain
	for _, v := range out.Violations {
		if leavesPointsUncertain(v.Rule) {
			doubt = fmt.Sprintf(" (a consequence of this round's %s? it leaves the points uncertain)", v.Rule)
			break
		}
	}
	var differ *validate.Violation
	for _, c := range src.Score {
		if u := s.unitIndex(c.Player); u >= 0 {
			if got := out.Points.Get(s.units[u]); got != c.N {
				msg := fmt.Sprintf("%s: recorded points %d, computed %d", c.Player, c.N, got)
				if doubt != "" && differ != nil {
					differ.Msg = strings.TrimSuffix(differ.Msg, doubt) + "; " + msg + doubt
					continue
				}
				out.Violations = append(out.Violations, validate.Violation{Round: r.Number, Player: c.Player, Card: parse.NoCard,
					Rule: ScoreMismatch, Msg: msg + doubt, Pos: c.Pos, Note: computedNote(out.Notes)})
				if doubt != "" {
					differ = &out.Violations[len(out.Violations)-1]
				}
			}
		}
	}
	if s.recTotal == nil {
		s.recTotal, s.lastTotals = make([]int, len(s.units)), make([]int, len(s.units))
		s.hasRec = make([]bool, len(s.units))
	}
	for _, c := range src.Total {
		if u := s.unitIndex(c.Player); u >= 0 {
			got := s.totals[u]
			bad := got != c.N
			switch {
			case doubt != "":
				bad = false // this round's points are uncertain: so is any total
			case carried:
				bad = s.hasRec[u] && c.N-s.recTotal[u] != got-s.lastTotals[u]
			}
			if bad {
				msg := fmt.Sprintf("%s: recorded total %d, computed %d", c.Player, c.N, got)
				if carried {
					msg = fmt.Sprintf("%s: recorded total %d, %d more than the previous; computed %d more", c.Player, c.N, c.N-s.recTotal[u], got-s.lastTotals[u])
				}
				out.Violations = append(out.Violations, validate.Violation{Round: r.Number, Player: c.Player, Card: parse.NoCard,
					Rule: ScoreMismatch, Msg: msg, Pos: c.Pos})
			}
			s.recTotal[u], s.hasRec[u] = c.N, true
		}
	}
	copyInts(s.lastTotals, s.totals)
}

// computedNote is the note of a score line that differs: what a person may have missed when
// adding up, a moon or a penalty (the round's notes). It is made only for such a line, not
// for every round.
func computedNote(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return "the computed points include: " + strings.Join(notes, "; ")
}

// leavesPointsUncertain: the transcript errors after which the computed points need not be
// the table's (a card not held or played twice, a trick missing, a bad deal, a wrong leader).
func leavesPointsUncertain(rule string) bool {
	switch rule {
	case validate.NotInHand, validate.DuplicateCard, validate.IncompleteRound, validate.DeckMismatch, validate.WrongLeader:
		return true
	}
	return false
}

// unitIndex finds the unit a recorded name refers to: a unit name, or a player of a side.
func (s *game) unitIndex(name string) int {
	for u, n := range s.units {
		if n == name {
			return u
		}
	}
	if side, ok := s.rs.SideName(s.rp.Players, name); ok { // a side named in the other order
		for u, n := range s.units {
			if n == side {
				return u
			}
		}
	}
	for i, p := range s.rp.Players {
		if p == name {
			return s.unitOf[i]
		}
	}
	return -1
}
