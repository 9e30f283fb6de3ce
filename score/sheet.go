package score

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// sheetRound scores a sheet round (RULES §7 "Sheet rounds"): a round that records only the
// table's figures. Its points are the score line's, else each unit's total less its running
// total before the round (a total at the exact reset's landing read as the target reached,
// where only that reading makes the round possible). In the Hearts family the points must be
// what some sharing of the scoring cards gives (sheetCheck); otherwise impossible-points, and
// the round is scored as recorded.
func (s *game) sheetRound(r *validate.PlayedRound, out *RoundResult) []int {
	src := r.Src
	pts := s.pts()
	out.Sheet = true
	if len(src.Score) > 0 {
		for _, c := range src.Score {
			if u := s.unitIndex(c.Player); u >= 0 {
				pts[u] = c.N
			}
		}
	} else {
		s.fromTotals(src.Total, pts)
	}
	if s.rs.Family == rulesets.Spades {
		return pts // the arithmetic of score against total is checkRecorded's
	}
	sc := s.newSheetCheck(r)
	if sc.sharings(len(r.Seats)) > sheetSharings || sc.possible(sc.local(pts)) {
		return pts // too many ways to share the special cards to search (no ruleset of ours has)
	}
	if len(src.Score) == 0 && s.resetReading(r, sc, pts) {
		return pts
	}
	s.impossible(r, sc, pts, out)
	return pts
}

// fromTotals sets pts, by unit, to each recorded total less the running total.
func (s *game) fromTotals(totals []parse.Count, pts []int) {
	for _, c := range totals {
		if u := s.unitIndex(c.Player); u >= 0 {
			pts[u] = c.N - s.totals[u]
		}
	}
}

// resetReading reads the totals that stand where an exact reset lands (target less the
// reset) as the target reached, when that makes the round possible: the fewest such totals
// that do. It reports whether it found a reading, with pts changed.
func (s *game) resetReading(r *validate.PlayedRound, sc *sheetCheck, pts []int) bool {
	rs := s.rs
	if rs.ExactReset == 0 || rs.End == rulesets.EndRounds {
		return false
	}
	var cand []int // units whose total may be a reset
	for _, c := range r.Src.Total {
		if u := s.unitIndex(c.Player); u >= 0 && c.N == rs.Target-rs.ExactReset && len(cand) < 10 {
			cand = append(cand, u)
		}
	}
	best := -1
	for set := 1; set < 1<<len(cand); set++ {
		if best >= 0 && bits.OnesCount(uint(set)) >= bits.OnesCount(uint(best)) {
			continue
		}
		alt := append([]int(nil), pts...)
		for i, u := range cand {
			if set&(1<<i) != 0 {
				alt[u] = rs.Target - s.totals[u]
			}
		}
		if sc.possible(sc.local(alt)) {
			best = set
		}
	}
	if best < 0 {
		return false
	}
	for i, u := range cand {
		if best&(1<<i) != 0 {
			pts[u] = rs.Target - s.totals[u]
		}
	}
	return true
}

// impossible reports the round's points as impossible-points, saying why, and, where one
// mistyped figure would make the round possible (and the next, for a running total), which.
func (s *game) impossible(r *validate.PlayedRound, sc *sheetCheck, pts []int, out *RoundResult) {
	src := r.Src
	pos, figs := src.ScorePos, src.Score
	if len(figs) == 0 {
		pos, figs = src.TotalPos, src.Total
	}
	if pos.Line == 0 {
		pos = src.Pos
	}
	v := validate.Violation{Round: r.Number, Card: parse.NoCard, Rule: ImpossiblePoints, Pos: pos,
		Msg: sc.why(sc.local(pts))}
	// The previous round's mistyped total, named there, explains this round too: say so
	// rather than name a figure of this round.
	if f := s.sheetFix; f.round == r.Number-1 && f.round > 0 {
		q := append([]int(nil), pts...)
		q[f.unit] -= f.d
		if sc.possible(sc.local(q)) {
			v.Note = fmt.Sprintf("a consequence of round %d's total %s? (did you mean %s?)", f.round, f.was, f.fix)
		}
	}
	if v.Note == "" {
		v.Note = s.mistyped(r, sc, pts, figs)
	}
	out.Violations = append(out.Violations, v)
}

// sheetFix is the one mistyped running total a sheet round's note named: unit's total d off,
// written was, meant fix; the next round's report names it as its cause.
type sheetFix struct {
	round, unit, d int
	was, fix       string
}

// mistyped names the one figure of figs that, changed, makes the round possible (and, for a
// running total, the next round too), as "did you mean ...?"; up to four such figures as a
// list; "" when none or more do.
func (s *game) mistyped(r *validate.PlayedRound, sc *sheetCheck, pts []int, figs []parse.Count) string {
	var found []string
	var fix sheetFix
	totals := len(r.Src.Score) == 0
	next := s.nextTotals(r)
	for _, c := range figs {
		u := s.unitIndex(c.Player)
		if u < 0 {
			continue
		}
		for _, want := range sc.fixes(sc.local(pts), sc.seatOf(s, u)) {
			d := want - pts[u]
			if totals && next != nil && !s.nextPossible(sc, next, u, pts, d) {
				continue
			}
			found = append(found, fmt.Sprintf("%s=%d at %d:%d", c.Player, c.N+d, c.Pos.Line, c.Pos.Col))
			fix = sheetFix{round: r.Number, unit: u, d: d, was: fmt.Sprintf("%s=%d at %d:%d", c.Player, c.N, c.Pos.Line, c.Pos.Col),
				fix: fmt.Sprintf("%s=%d", c.Player, c.N+d)}
		}
	}
	then := fmt.Sprintf("then round %d adds up", r.Number)
	if totals && next != nil {
		then = fmt.Sprintf("then rounds %d and %d add up", r.Number, r.Number+1)
	}
	switch {
	case len(found) == 1:
		if totals && next != nil {
			s.sheetFix = fix
		}
		return fmt.Sprintf("did you mean %s? %s", found[0], then)
	case len(found) > 1 && len(found) <= 4:
		return fmt.Sprintf("one figure mistyped? %s: %s", strings.Join(found, ", or "), then)
	}
	return ""
}

// nextTotals returns the total line of the round after r when that round is a sheet round
// read from its totals (its points depend on r's totals), else nil.
func (s *game) nextTotals(r *validate.PlayedRound) []parse.Count {
	rounds := s.rp.Game.Rounds // the transcript's: a Scorer fed round by round has them all too
	if r.Number < 1 || r.Number >= len(rounds) || rounds[r.Number-1] != r.Src {
		return nil
	}
	if nx := rounds[r.Number]; nx != nil && nx.IsSheet() && len(nx.Score) == 0 && nx.Tiebreak == nil {
		return nx.Total
	}
	return nil
}

// nextPossible reports whether the next round, read from its totals next, is possible when
// unit u's total in this round is d more than recorded (its points then d fewer).
func (s *game) nextPossible(sc *sheetCheck, next []parse.Count, u int, pts []int, d int) bool {
	np := make([]int, len(pts))
	for _, c := range next {
		if w := s.unitIndex(c.Player); w >= 0 {
			np[w] = c.N - (s.totals[w] + pts[w])
			if w == u {
				np[w] -= d
			}
		}
	}
	return sc.possible(sc.local(np))
}

// sheetCheck decides whether a Hearts-family round's points are possible: the cards of value
// in play, as groups of one value, one group (the commonest positive value: the hearts)
// counted, the others' cards (the few special ones) given out one by one in a search.
type sheetCheck struct {
	t       *rulesets.Table
	rs      *rulesets.Ruleset
	seats   []int // global seat of each local seat
	unitOf  []int
	freeVal int   // the counted group's value and number of cards
	freeN   int   //
	special []int // the values of the other cards of value, one entry a card, equal ones together
	posSpec int   // how many of them are positive
	buf     []int
}

func (s *game) newSheetCheck(r *validate.PlayedRound) *sheetCheck {
	t := r.Table
	sc := &sheetCheck{t: t, rs: s.rs, seats: r.Seats, unitOf: s.unitOf}
	count := map[int]int{}
	for c := parse.Card(0); c < parse.NumCards; c++ {
		if v := t.Value[c]; v != 0 {
			count[v] += btoi(t.Deck.Has(c)) + btoi(t.Deck2.Has(c))
		}
	}
	for v, k := range count {
		if v > 0 && (k > sc.freeN || k == sc.freeN && v < sc.freeVal) {
			sc.freeVal, sc.freeN = v, k
		}
	}
	var vals []int
	for v := range count {
		if v != sc.freeVal {
			vals = append(vals, v)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(vals)))
	for _, v := range vals {
		for i := 0; i < count[v]; i++ {
			sc.special = append(sc.special, v)
			if v > 0 {
				sc.posSpec++
			}
		}
	}
	return sc
}

// sheetSharings bounds the ways to share the special cards among the seats that the sheet
// check searches (for each figure it tries too): the built-in rulesets have a few dozen at
// most; a ruleset file with many special cards at a big table is taken as written.
const sheetSharings = 20_000

// sharings returns the number of ways to share the special cards among n seats (equal cards
// in one order of their owners, as possible searches them), or more than sheetSharings.
func (sc *sheetCheck) sharings(n int) int {
	ways := 1
	for i := 0; i < len(sc.special); {
		k := i + 1
		for k < len(sc.special) && sc.special[k] == sc.special[i] {
			k++
		}
		ways *= multisets(k-i, n)
		if ways > sheetSharings {
			return sheetSharings + 1
		}
		i = k
	}
	return ways
}

// multisets returns the number of ways to give k equal cards to n seats, C(k+n-1, k), or
// more than sheetSharings.
func multisets(k, n int) int {
	c := 1
	for j := 1; j <= k; j++ {
		c = c * (n - 1 + j) / j
		if c > sheetSharings {
			return sheetSharings + 1
		}
	}
	return c
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// local returns the points by local seat from points by unit.
func (sc *sheetCheck) local(pts []int) []int {
	sc.buf = sc.buf[:0]
	for _, g := range sc.seats {
		sc.buf = append(sc.buf, pts[sc.unitOf[g]])
	}
	return append([]int(nil), sc.buf...)
}

// seatOf returns the local seat of unit u (the units are the players), -1 when none.
func (sc *sheetCheck) seatOf(s *game, u int) int {
	for l, g := range sc.seats {
		if s.unitOf[g] == u {
			return l
		}
	}
	return -1
}

// possible reports whether some sharing of the cards of value gives the points p (by local
// seat), scored as a took tally: card points, the moon as the ruleset scores it (either way
// where the shooter chooses), and the no-tricks bonus for a player who took no card of value
// (who may have taken no trick).
func (sc *sheetCheck) possible(p []int) bool {
	n := len(p)
	if n == 0 {
		return false
	}
	owner := make([]int, len(sc.special))
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(sc.special) {
			return sc.fits(p, owner)
		}
		from := 0
		if i > 0 && sc.special[i] == sc.special[i-1] {
			from = owner[i-1] // equal cards: one order of their owners
		}
		for l := from; l < n; l++ {
			owner[i] = l
			if try(i + 1) {
				return true
			}
		}
		return false
	}
	return try(0)
}

// fits reports whether the points p follow from the special cards given to owner and the
// counted cards shared somehow: without a moon, or with one.
func (sc *sheetCheck) fits(p, owner []int) bool {
	n := len(p)
	spec := make([]int, n)
	pos := make([]int, n) // positive special cards taken
	has := make([]bool, n)
	for i, l := range owner {
		spec[l] += sc.special[i]
		has[l] = true
		if sc.special[i] > 0 {
			pos[l]++
		}
	}
	moon := sc.rs.Moon != rulesets.MoonNone && sc.rs.Moon != rulesets.MoonUnset
	// No moon: each player's counted cards are what their points leave.
	sum, ok := 0, true
	shot := false
	for l := 0; l < n && ok; l++ {
		rest := p[l] - spec[l]
		switch {
		case !has[l] && rest == -sc.rs.NoTricksBonus && rest != 0:
			// no card of value, and no trick: the bonus
		case rest < 0 || rest != 0 && (sc.freeVal == 0 || rest%sc.freeVal != 0):
			ok = false // with no counted group (no positive value shared by most cards), rest is 0
		default:
			x := 0
			if sc.freeVal != 0 {
				x = rest / sc.freeVal
			}
			sum += x
			shot = shot || x == sc.freeN && pos[l] == sc.posSpec
		}
	}
	if ok && sum == sc.freeN && !(moon && shot) {
		return true
	}
	if !moon {
		return false
	}
	// A moon: the shooter took every positive card; the others only bonus cards.
	for sh := 0; sh < n; sh++ {
		if pos[sh] == sc.posSpec && sc.moonFits(p, spec, sh) {
			return true
		}
	}
	return false
}

// moonFits reports whether p is the moon of shooter sh scored as the ruleset lets it be,
// with spec the special cards' points each took (the others': bonus cards only).
func (sc *sheetCheck) moonFits(p, spec []int, sh int) bool {
	T := sc.t.T
	bonus := func(l int) int { // what l's bonus cards are worth
		if l == sh {
			return spec[l] - (T - sc.freeN*sc.freeVal)
		}
		return spec[l]
	}
	for l := range p {
		if l != sh && spec[l] > 0 {
			return false
		}
	}
	way := func(scoring rulesets.Moon) bool {
		for l := range p {
			want := bonus(l)
			switch {
			case l == sh && scoring == rulesets.MoonNew:
				want -= T
			case l != sh && scoring == rulesets.MoonOld:
				want += T
			}
			if p[l] != want {
				return false
			}
		}
		return true
	}
	switch sc.rs.Moon {
	case rulesets.MoonChoice:
		return way(rulesets.MoonOld) || way(rulesets.MoonNew)
	default:
		return way(sc.rs.Moon)
	}
}

// fixes returns the values of seat l's points that would make the round possible with the
// others' as they are: those that bring the sum to one a round can give.
func (sc *sheetCheck) fixes(p []int, l int) []int {
	if l < 0 {
		return nil
	}
	sum := 0
	for _, v := range p {
		sum += v
	}
	var out []int
	seen := map[int]bool{}
	for _, want := range sc.sums(len(p)) {
		v := p[l] + want - sum
		if v == p[l] || seen[v] {
			continue
		}
		seen[v] = true
		q := append([]int(nil), p...)
		q[l] = v
		if sc.possible(q) {
			out = append(out, v)
		}
	}
	return out
}

// sums returns the totals a round's points can add up to, for n players: T with any of the
// bonus cards taken, less the no-tricks bonus of up to n-1 players; and the moons'.
func (sc *sheetCheck) sums(n int) []int {
	bonus := []int{0}
	for _, v := range sc.special {
		if v < 0 {
			for _, b := range bonus {
				bonus = append(bonus, b+v)
			}
		}
	}
	T := sc.t.T
	set := map[int]bool{}
	for _, b := range bonus {
		for k := 0; k < n; k++ {
			set[T+b-k*sc.rs.NoTricksBonus] = true
		}
		switch sc.rs.Moon {
		case rulesets.MoonOld:
			set[(n-1)*T+b] = true
		case rulesets.MoonNew:
			set[b-T] = true
		case rulesets.MoonChoice:
			set[(n-1)*T+b], set[b-T] = true, true
		}
	}
	var out []int
	for v := range set {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}

// why says why the points p are impossible: their sum, else that no sharing gives them.
func (sc *sheetCheck) why(p []int) string {
	sum := 0
	for _, v := range p {
		sum += v
	}
	sums := sc.sums(len(p))
	for _, v := range sums {
		if v == sum {
			return "no sharing of the scoring cards gives these points"
		}
	}
	T := sc.t.T
	var ways []string
	ways = append(ways, fmt.Sprintf("a round gives out %d", T))
	for _, v := range sc.special {
		if v < 0 {
			ways[0] += fmt.Sprintf(" (%+d for each bonus card taken)", v)
			break
		}
	}
	if sc.rs.NoTricksBonus != 0 {
		ways[0] += fmt.Sprintf(", less %d for each player who took no trick", sc.rs.NoTricksBonus)
	}
	switch sc.rs.Moon {
	case rulesets.MoonOld:
		ways = append(ways, fmt.Sprintf("or a moon: 0 and %d to each other player", T))
	case rulesets.MoonNew:
		ways = append(ways, fmt.Sprintf("or a moon: %d to the shooter, 0 to the others", -T))
	case rulesets.MoonChoice:
		ways = append(ways, fmt.Sprintf("or a moon: 0 and %d to each other player, or %d to the shooter", T, -T))
	}
	return fmt.Sprintf("the points add up to %d; %s", sum, strings.Join(ways, ", "))
}
