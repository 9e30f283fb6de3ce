package validate

// The random game generator behind `tricks simulate`. It deals, passes, bids and plays with
// the same Rules (Legal, Judge, Winner, LedSuit) the checker judges with, and puts every round
// it writes through the checker's round replay: the checker's violations of the round must be
// exactly the illegal plays the generator injected, so a disagreement between the two is an
// error, not a silently wrong transcript. Each round is checked and scored once, when it is
// written (never the rounds before it again), so a game costs time linear in its length;
// tests also replay each whole game from the start (SimOptions.CheckReplay).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// Standing is how a game stands after the rounds so far, as the scorer sees it. Package
// score computes it (validate cannot import score); the Simulator only reads it.
type Standing struct {
	// Finished: the game is over with a single winner.
	Finished bool
	// Tied lists the players tied at the end while the game is undecided: a tie-break
	// round among them is due. Empty while the game goes on.
	Tied []string
	// Totals holds the running total of each seat's scoring unit (the player, or the side
	// in a partnership), indexed by seat.
	Totals []int
}

// A Tally scores a game round by round, as the rounds are replayed: Add scores the next
// round and tells how the game stands after it.
type Tally interface {
	Add(*Round) Standing
}

// StandingFunc starts a Tally for a game (the Replay's Game, Rules and Players; its rounds
// come one by one to Add).
type StandingFunc func(*Replay) Tally

// SimOptions are the knobs of a Simulator. Standing is required.
type SimOptions struct {
	// Standing scores the game round by round, to find the end (and ties).
	Standing StandingFunc
	// Illegal is the probability that a play is made illegal where an illegal alternative
	// exists: a revoke, a heart or spade led before broken, a penalty card discarded to
	// trick 1, a wrong first lead, and (with WithDeal) a no-pass card passed. With Illegal
	// above 0 each game gets a meta entry "injected" listing them (see Injected).
	Illegal float64
	// WithDeal writes each round's deal and passes; otherwise hands are left to be inferred
	// from the play, and trick 1 names its leader where it cannot be inferred.
	WithDeal bool
	// Leaders writes the leader of every trick.
	Leaders bool
	// Names of the players (default ann, bob, cat, ...). Must be distinct bare names.
	Names []string
	// Ruleset is the game line (default the ruleset's name); Options the option lines,
	// already applied to the ruleset given to NewSimulator.
	Ruleset string
	Options []parse.KV
	// MaxRounds caps a game (tie-breaks included) so that none runs forever; 0 = 200.
	MaxRounds int
	// CheckLegal checks at every play that Legal and Judge agree on every card of the hand
	// (slower; for tests).
	CheckLegal bool
	// CheckReplay replays every finished game from the start through the checker, which
	// then resolves the dealers and pass directions by itself, and requires its violations
	// to be the injected ones (slower; for tests). Without it each round is checked once,
	// as it is written, with the dealer and pass direction of the generator.
	CheckReplay bool
}

// Injected is an illegal play the generator made on purpose, and the rule it breaks. Trick
// is 0 for a pass. A play that breaks two rules (a heart led to trick 1 instead of the
// lowest club) is recorded twice.
type Injected struct {
	Round  int
	Trick  int
	Player string
	Card   parse.Card
	Rule   string
}

func (x Injected) String() string {
	return fmt.Sprintf("round %d trick %d %s %s %s", x.Round, x.Trick, x.Player, x.Card, x.Rule)
}

// DefaultNames are the players of simulated games, in seat order.
var DefaultNames = []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal",
	"ivy", "jon", "kim", "lee", "max", "ned", "oli", "pam"}

// DefaultMaxRounds caps a simulated game.
const DefaultMaxRounds = 200

// Simulator writes random games of one ruleset and table size. Game(i) depends only on the
// ruleset, options, player count, seed and i. A Simulator is not safe for concurrent use;
// use one per goroutine.
type Simulator struct {
	rs    *rulesets.Ruleset
	n     int
	seed  uint64
	opts  SimOptions
	names []string
	v     *Validator

	injected []Injected // of the last game
	rng      *rand.Rand
	pcg      *rand.PCG
	deck     []parse.Card
	cards    []parse.Card
	redeal   bool         // a deal may leave a hand too few cards it may pass: such deals are dealt again
	hand     []parse.Card // scratch for a hand's cards
}

// NewSimulator returns a generator for rs (options applied) at a table of players seats.
func NewSimulator(rs *rulesets.Ruleset, players int, seed uint64, opts SimOptions) (*Simulator, error) {
	if opts.Standing == nil {
		return nil, fmt.Errorf("simulate: no scorer (SimOptions.Standing)")
	}
	if !(opts.Illegal >= 0 && opts.Illegal <= 1) {
		return nil, fmt.Errorf("illegal play probability %v is not between 0 and 1", opts.Illegal)
	}
	if err := rs.CheckPlayers(players); err != nil {
		return nil, err
	}
	redeal, err := passable(rs, players)
	if err != nil {
		return nil, err
	}
	names := opts.Names
	if names == nil {
		if players > len(DefaultNames) {
			return nil, fmt.Errorf("%d players: at most %d can be seated", players, len(DefaultNames))
		}
		names = DefaultNames[:players]
	}
	if len(names) != players {
		return nil, fmt.Errorf("%d names for %d players", len(names), players)
	}
	if players > MaxSeats {
		return nil, fmt.Errorf("%d players: at most %d can be seated", players, MaxSeats)
	}
	for i, a := range names {
		if !parse.IsBareName(a) || slices.Contains(names[:i], a) {
			return nil, fmt.Errorf("player name %q is not a distinct name", a)
		}
	}
	if opts.MaxRounds <= 0 {
		opts.MaxRounds = DefaultMaxRounds
	}
	if opts.Ruleset == "" {
		opts.Ruleset = rs.Name
	}
	pcg := rand.NewPCG(seed, 0)
	return &Simulator{rs: rs, n: players, seed: seed, opts: opts, names: names, v: New(), redeal: redeal,
		pcg: pcg, rng: rand.New(pcg)}, nil
}

// Injected returns the illegal plays injected into the last game, in play order. The slice
// is reused by the next call of Game.
func (s *Simulator) Injected() []Injected { return s.injected }

// Game writes game number i (1-based by convention) to its end: a single winner, after
// tie-break rounds where the game ends tied, or MaxRounds rounds. The error reports a
// disagreement between generator and checker (a bug); the game is returned as far as it got.
func (s *Simulator) Game(i int) (*parse.Game, error) {
	s.pcg.Seed(s.seed, uint64(i))
	s.injected = s.injected[:0]
	g := &parse.Game{
		Index:   i,
		Ruleset: s.opts.Ruleset,
		Players: s.names,
		Options: s.opts.Options,
		Meta: []parse.KV{{Key: "seed", Value: strconv.FormatUint(s.seed, 10)},
			{Key: "game", Value: strconv.Itoa(i)}},
	}
	all := seatsOf(s.n)
	// The replay grows round by round: each round is checked once as it is written and
	// scored once, so a game costs time in proportion to its length.
	rp := &Replay{Game: g, Rules: s.rs, Players: g.Players}
	tally := s.opts.Standing(rp)
	dealer, normal := -1, 0
	st := Standing{Totals: make([]int, s.n)}
	var tied []string
	for len(g.Rounds) < s.opts.MaxRounds {
		seats, tb := all, tied != nil
		if tb {
			seats = seats[:0:0]
			for k, name := range s.names {
				if slices.Contains(tied, name) {
					seats = append(seats, k)
				}
			}
			if len(seats) < 2 {
				return g, fmt.Errorf("game %d: the scorer reports a tie among %v", i, tied)
			}
		}
		if dealer < 0 {
			dealer = seats[0]
		} else {
			dealer = nextIn(seats, dealer+1, s.n)
		}
		rules, err := s.v.RulesFor(s.rs, len(seats), tb)
		if err != nil {
			break // a tie-break that cannot be dealt: the game stays undecided
		}
		passDir := "hold"
		if !tb {
			passDir = rules.Table.Pass[normal%len(rules.Table.Pass)]
		}
		from := len(s.injected)
		rd := &roundSim{s: s, number: len(g.Rounds) + 1, seats: seats, dealer: dealer, rules: rules,
			passDir: passDir, tiebreak: tb, firstRound: normal == 0, totals: st.Totals}
		src, err := rd.play()
		if err != nil {
			return g, fmt.Errorf("game %d round %d: %v", i, rd.number, err)
		}
		g.Rounds = append(g.Rounds, src)
		if !tb {
			normal++
		}

		r := &Round{Number: rd.number, Src: src, Table: rules.Table, Rules: rules, Tiebreak: tb,
			Seats: seats, Dealer: dealer, PassDir: passDir, MoonSeat: -1}
		s.v.errs = s.v.errs[:0]
		if !s.v.round(g, r) || len(s.v.errs) > 0 {
			return g, fmt.Errorf("game %d round %d: the checker cannot read the generated game: %v", i, rd.number, s.v.failed())
		}
		rp.Rounds = append(rp.Rounds, r)
		if err := sameViolations(r.Violations, s.injected[from:]); err != nil {
			return g, fmt.Errorf("game %d round %d: generator and checker disagree: %v", i, rd.number, err)
		}
		st = tally.Add(r)
		if st.Finished {
			break
		}
		tied = nil
		if len(st.Tied) > 1 {
			tied = slices.Clone(st.Tied)
		}
		if len(st.Totals) != s.n {
			return g, fmt.Errorf("game %d: the scorer gives %d totals for %d players", i, len(st.Totals), s.n)
		}
	}
	if s.opts.CheckReplay {
		if err := s.checkReplay(g); err != nil {
			return g, err
		}
	}
	if s.opts.Illegal > 0 {
		g.Meta = append(g.Meta, parse.KV{Key: "injected", Value: s.injectedMeta()})
	}
	return g, nil
}

// checkReplay replays the whole game g through the checker, which resolves dealers and pass
// directions by itself, and compares each round's violations with the injected plays.
func (s *Simulator) checkReplay(g *parse.Game) error {
	rp, err := s.v.Replay(g, s.rs)
	if err != nil {
		return fmt.Errorf("game %d: the checker cannot read the generated game: %v", g.Index, err)
	}
	if len(rp.Rounds) != len(g.Rounds) {
		return fmt.Errorf("game %d: the checker replays %d of %d rounds", g.Index, len(rp.Rounds), len(g.Rounds))
	}
	for _, r := range rp.Rounds {
		var want []Injected
		for _, x := range s.injected {
			if x.Round == r.Number {
				want = append(want, x)
			}
		}
		if err := sameViolations(r.Violations, want); err != nil {
			return fmt.Errorf("game %d round %d: generator and checker disagree on the replay of the whole game: %v", g.Index, r.Number, err)
		}
	}
	return nil
}

// injectedMeta lists the injected plays for the game's meta line "injected": entries
// ROUND/TRICK/PLAYER/CARD/RULE separated by spaces, trick 0 for a pass.
func (s *Simulator) injectedMeta() string {
	var b []byte
	for k, x := range s.injected {
		if k > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x.Round), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(x.Trick), 10)
		b = append(b, '/')
		b = append(b, x.Player...)
		b = append(b, '/')
		b = append(b, x.Card.String()...)
		b = append(b, '/')
		b = append(b, x.Rule...)
	}
	return string(b)
}

// sameViolations compares the checker's violations of a round with the injected plays of the
// round, as multisets of (trick, player, card, rule).
func sameViolations(got []Violation, want []Injected) error {
	key := func(t int, p string, c parse.Card, r string) string {
		return fmt.Sprintf("trick %d %s %s %s", t, p, c, r)
	}
	var a, b []string
	for _, v := range got {
		a = append(a, key(v.Trick, v.Player, v.Card, v.Rule))
	}
	for _, x := range want {
		b = append(b, key(x.Trick, x.Player, x.Card, x.Rule))
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		return fmt.Errorf("checker reports %q, generator injected %q", a, b)
	}
	return nil
}

// roundSim is one round being generated. Per-seat arrays are indexed by local seat.
type roundSim struct {
	s          *Simulator
	number     int
	seats      []int
	dealer     int // global
	rules      *Rules
	passDir    string
	tiebreak   bool
	firstRound bool
	totals     []int // standing before the round, per global seat

	src    *parse.Round
	hands  [MaxSeats]Hand
	won    [MaxSeats]Hand
	tricks [MaxSeats]int
	bids   [MaxSeats]parse.Bid
	plan   [MaxSeats]int8
	block  []parse.Card // the round's cards, as written (see kept)
}

// kept returns the cards appended to the round's block since start, as a list of their own.
func (r *roundSim) kept(start int) []parse.Card {
	return r.block[start:len(r.block):len(r.block)]
}

// appendSet appends the cards of a set to b in ascending order (CardSet.Cards without the
// allocation).
func appendSet(b []parse.Card, set parse.CardSet) []parse.Card {
	for ; set != 0; set &= set - 1 {
		b = append(b, set.Lowest())
	}
	return b
}

// appendHand appends a hand's cards to b, copies included, in ascending order (Hand.Cards
// without the allocation).
func appendHand(b []parse.Card, h Hand) []parse.Card {
	for set := h.A; set != 0; set &= set - 1 {
		c := set.Lowest()
		b = append(b, c)
		if h.B.Has(c) {
			b = append(b, c)
		}
	}
	return b
}

// Play plans.
const (
	planRandom int8 = iota
	planWin
	planDuck
)

func (r *roundSim) name(l int) string { return r.s.names[r.seats[l]] }

func (r *roundSim) inject(trick, l int, c parse.Card, rule string) {
	r.s.injected = append(r.s.injected, Injected{Round: r.number, Trick: trick, Player: r.name(l), Card: c, Rule: rule})
}

func (r *roundSim) play() (*parse.Round, error) {
	s, t := r.s, r.rules.Table
	rng := s.rng
	n := len(r.seats)
	r.src = &parse.Round{}
	// One block for the round's cards: the deal, the passes and the tricks.
	r.block = make([]parse.Card, 0, n*(2*t.HandSize+t.PassCount))
	if r.tiebreak {
		r.src.Tiebreak = make([]string, n)
		for l := range r.seats {
			r.src.Tiebreak[l] = r.name(l)
		}
	}
	eldest := slices.Index(r.seats, nextIn(r.seats, r.dealer+1, s.n))

	// Deal.
	s.deck = appendSet(appendSet(s.deck[:0], t.Deck), t.Deck2)
	for tries := 0; ; tries++ {
		rng.Shuffle(len(s.deck), func(a, b int) { s.deck[a], s.deck[b] = s.deck[b], s.deck[a] })
		for l := 0; l < n; l++ {
			r.hands[l] = Hand{}
			for _, c := range s.deck[l*t.HandSize : (l+1)*t.HandSize] {
				r.hands[l].Add(c)
			}
		}
		if !s.redeal || r.canPass() {
			break
		}
		if tries == 10000 {
			return nil, fmt.Errorf("round %d: no deal in 10000 leaves every hand cards to pass", r.number)
		}
	}
	if s.opts.WithDeal {
		r.src.Deal = make([]parse.Hand, 0, n)
		for l := 0; l < n; l++ {
			start := len(r.block)
			r.block = appendHand(r.block, r.hands[l])
			r.src.Deal = append(r.src.Deal, parse.Hand{Player: r.name(l), Cards: r.kept(start)})
		}
	}

	spades := t.RS.Family == rulesets.Spades
	if off, _ := rulesets.PassOffset(r.passDir, n); off != 0 && t.PassCount > 0 && !spades {
		r.pass(off)
	}
	if spades {
		r.bid(eldest)
	}
	if err := r.playTricks(eldest); err != nil {
		return nil, err
	}
	if t.RS.Moon == "choice" {
		r.moon()
	}
	return r.src, nil
}

// passable refuses a table where every deal gives some player so many cards that may not
// be passed that no legal pass is left: no game of it could be played by the rules. Where
// only some deals do (a hand may hold them all), redeal is true: the simulator deals again,
// as a table would, until every hand can pass.
func passable(rs *rulesets.Ruleset, players int) (redeal bool, err error) {
	t, err := rs.Table(players)
	if err != nil {
		return false, err
	}
	passing := false
	for _, d := range t.Pass {
		off, _ := rulesets.PassOffset(d, players)
		passing = passing || off != 0
	}
	if !passing || t.PassCount == 0 {
		return false, nil
	}
	noPass := parse.Set(rs.NoPass...)
	held := (noPass & t.Deck).Len() + (noPass & t.Deck2).Len()
	if held <= t.HandSize-t.PassCount {
		return false, nil
	}
	if held > players*(t.HandSize-t.PassCount) {
		return false, fmt.Errorf("cannot simulate %s with %d players: %d cards may not be passed, and every deal leaves some hand of %d fewer than the %d to pass",
			rs.Name, players, held, t.HandSize, t.PassCount)
	}
	return true, nil
}

// canPass reports whether every hand holds at least PassCount cards it may pass.
func (r *roundSim) canPass() bool {
	t := r.rules.Table
	noPass := parse.Set(t.RS.NoPass...)
	for l := range r.seats {
		h := r.hands[l]
		free := 0
		for _, c := range h.Cards() {
			if !noPass.Has(c) {
				free++
			}
		}
		if free < t.PassCount {
			return false
		}
	}
	return true
}

// pass chooses each player's cards at random, never a no-pass card unless injected, and
// hands them on off seats to the left, all at once.
func (r *roundSim) pass(off int) {
	s, t := r.s, r.rules.Table
	rng := s.rng
	n := len(r.seats)
	noPass := parse.Set(t.RS.NoPass...)
	var out [MaxSeats][]parse.Card
	for l := 0; l < n; l++ {
		cards := s.cards[:0]
		s.hand = appendHand(s.hand[:0], r.hands[l])
		for _, c := range s.hand {
			if !noPass.Has(c) {
				cards = append(cards, c)
			}
		}
		k := min(t.PassCount, len(cards))
		for j := 0; j < k; j++ {
			m := j + rng.IntN(len(cards)-j)
			cards[j], cards[m] = cards[m], cards[j]
		}
		start := len(r.block)
		r.block = append(r.block, cards[:k]...)
		chosen := r.kept(start)
		s.cards = cards
		if forbidden := r.hands[l].A & noPass; forbidden != 0 && s.opts.WithDeal && s.opts.Illegal > 0 && k > 0 &&
			rng.Float64() < s.opts.Illegal {
			c := nth(forbidden, rng.IntN(forbidden.Len()))
			chosen[0] = c
			r.inject(0, l, c, PassForbidden)
		}
		slices.Sort(chosen)
		out[l] = chosen
		if s.opts.WithDeal {
			if r.src.Passes == nil {
				r.src.Passes = make([]parse.Pass, 0, n)
			}
			r.src.Passes = append(r.src.Passes, parse.Pass{Player: r.name(l), Cards: chosen})
		}
	}
	for l := 0; l < n; l++ {
		for _, c := range out[l] {
			r.hands[l].Remove(c)
		}
	}
	for l := 0; l < n; l++ {
		for _, c := range out[l] {
			r.hands[(l+off)%n].Add(c)
		}
	}
}

// unit returns the scoring unit of a local seat: the side in a partnership, else the seat.
func (r *roundSim) unit(l int) int {
	if r.rules.Table.RS.Partnership(r.s.n) {
		return r.seats[l] % 2
	}
	return r.seats[l]
}

// estimate guesses how many tricks a Spades hand takes.
func (r *roundSim) estimate(h Hand) float64 {
	rules := r.rules
	e := 0.0
	for suit := parse.Clubs; suit <= parse.Spades; suit++ {
		cards := h.A & rules.mask[suit]
		length := cards.Len()
		for _, c := range cards.Cards() {
			p := rules.power[c]
			switch {
			case p >= 13: // high jokers
				e++
			case p == 12:
				e++
			case p == 11 && length >= 2:
				e += 0.8
			case p == 10 && length >= 3:
				e += 0.4
			}
		}
		if suit == rules.trump && length > 3 {
			e += 0.8 * float64(length-3)
		}
	}
	return e
}

// isNil reports whether a bid counts as nil under the ruleset.
func isNil(rs *rulesets.Ruleset, b parse.Bid) bool { return bool(rs.Nil) && (b.Nil || b.N == 0) }

// bid makes each player's bid in turn from eldest: a number near the hand's estimate, nil
// with a weak hand, and blind bids only where the rules allow them.
func (r *roundSim) bid(eldest int) {
	s, t := r.s, r.rules.Table
	rs := t.RS
	rng := s.rng
	n := len(r.seats)
	high := 0
	for g, v := range r.totals {
		if g == 0 || v > high {
			high = v
		}
	}
	for k := 0; k < n; k++ {
		l := (eldest + k) % n
		b := parse.Bid{Player: r.name(l)}
		blindOK := rs.BlindRefused(parse.Bid{Blind: true, Nil: true}, r.firstRound, high-r.totals[r.seats[l]]) == ""
		e := r.estimate(r.hands[l])
		switch {
		case blindOK && rng.IntN(3) == 0:
			b.Blind = true
			if rs.Nil && rng.IntN(4) == 0 {
				b.Nil = true
			} else {
				b.N = 2 + rng.IntN(4)
			}
		case e < 1.2 && bool(rs.Nil) && rng.IntN(2) == 0:
			b.Nil = true
		default:
			b.N = max(1, min(t.HandSize, int(e+0.5)+rng.IntN(2)-rng.IntN(2)))
			if !rs.Nil && e < 0.5 && rng.IntN(4) == 0 {
				b.N = 0
			}
		}
		r.bids[l] = b
		r.src.Bids = append(r.src.Bids, b)
	}
}

// firstLead returns the leader of trick 1, the rule that decides it and the lowest club.
func (r *roundSim) firstLead(eldest int) (leader int, rule string, lc parse.Card) {
	t := r.rules.Table
	lc = lowestClub(t)
	if rule = firstLeadRule(t.FirstLead, lc); rule == "eldest" {
		return eldest, rule, lc
	}
	if l := clubHolder(r.hands[:len(r.seats)], nil, eldest, lc); l >= 0 {
		return l, rule, lc
	}
	return eldest, "eldest", lc // cannot happen: every card is dealt
}

func (r *roundSim) playTricks(eldest int) error {
	s, rules, t := r.s, r.rules, r.rules.Table
	rng := s.rng
	n := len(r.seats)
	leader, flRule, lc := r.firstLead(eldest)
	writeLeader1 := s.opts.Leaders || (!s.opts.WithDeal && flRule != "eldest")
	// Without the deal, the checker knows the lowest club's holder only from who plays it
	// first; with two copies of it that may be the wrong one, so no first-lead injection.
	injectFirst := s.opts.WithDeal || copies(t, lc) < 2

	// Plans for the round: Spades players chase their contracts; in the hearts family, now
	// and then one player tries to shoot the moon while the others duck.
	spades := t.RS.Family == rulesets.Spades
	for l := 0; l < n; l++ {
		r.plan[l] = planRandom
	}
	if !spades && t.PenaltyCount > 0 && rng.IntN(8) == 0 {
		shooter := rng.IntN(n)
		for l := 0; l < n; l++ {
			r.plan[l] = planDuck
		}
		r.plan[shooter] = planWin
	}

	broken := false
	var carried Hand
	cards := make([]parse.Card, 0, n)
	for ti := 0; ti < t.HandSize; ti++ {
		cards = cards[:0]
		st := TrickState{Trick: ti + 1, Broken: broken}
		for k := 0; k < n; k++ {
			p := (leader + k) % n
			hand := r.hands[p]
			st.Pos = k
			st.Led = rules.LedSuit(cards)
			legal := rules.Legal(hand, &st)
			if s.opts.CheckLegal {
				for _, c := range hand.A.Cards() {
					if (rules.Judge(hand, c, &st) == "") != legal.Has(c) {
						return fmt.Errorf("trick %d: Legal and Judge disagree on %s for %s holding %s", ti+1, c, r.name(p), hand.A)
					}
				}
			}
			firstLead := ti == 0 && k == 0 && flRule != "eldest"
			allowed := legal
			if firstLead {
				if flRule == "any-club" {
					allowed &= parse.SuitMask(parse.Clubs)
				} else {
					allowed &= parse.Set(lc)
				}
				if allowed == 0 {
					return fmt.Errorf("trick 1: %s holds %s but may not lead a club", r.name(p), lc)
				}
			}
			var c parse.Card
			illegal := hand.A &^ allowed
			if illegal != 0 && s.opts.Illegal > 0 && rng.Float64() < s.opts.Illegal && (!firstLead || injectFirst) {
				c = nth(illegal, rng.IntN(illegal.Len()))
				if firstLead {
					r.inject(1, p, c, FirstLead)
				}
				rule := rules.Judge(hand, c, &st)
				if rule != "" {
					r.inject(ti+1, p, c, rule)
				} else if !firstLead {
					return fmt.Errorf("trick %d: %s is not among the legal cards %s of %s, but Judge allows it", ti+1, c, legal, r.name(p))
				}
			} else {
				c = r.choose(p, allowed, cards)
				if rule := rules.Judge(hand, c, &st); rule != "" {
					return fmt.Errorf("trick %d: Legal allows %s for %s, Judge says %s", ti+1, c, r.name(p), rule)
				}
			}
			r.hands[p].Remove(c)
			cards = append(cards, c)
			if rules.Breaks(c) {
				broken = true
			}
		}
		start := len(r.block)
		r.block = append(r.block, cards...)
		tr := parse.Trick{Cards: r.kept(start)}
		if s.opts.Leaders || (ti == 0 && writeLeader1) {
			tr.Leader = r.name(leader)
		}
		if r.src.Tricks == nil {
			r.src.Tricks = make([]parse.Trick, 0, t.HandSize)
		}
		r.src.Tricks = append(r.src.Tricks, tr)

		w := rules.Winner(cards, rules.LedSuit(cards))
		last := ti == t.HandSize-1
		switch {
		case w >= 0:
			leader = (leader + w) % n
			fallthrough
		case last:
			addAll(&r.won[leader], cards)
			addHand(&r.won[leader], carried)
			carried = Hand{}
			r.tricks[leader]++
		default:
			addAll(&carried, cards)
		}
	}
	return nil
}

// choose picks a legal card for local seat p by its plan (with some randomness).
func (r *roundSim) choose(p int, legal parse.CardSet, cards []parse.Card) parse.Card {
	rng := r.s.rng
	plan := r.plan[p]
	if r.rules.Table.RS.Family == rulesets.Spades {
		plan = r.spadesPlan(p)
	}
	if plan == planRandom || rng.IntN(4) == 0 {
		return nth(legal, rng.IntN(legal.Len()))
	}
	// Strength orders cards for "high" and "low": trumps above everything.
	strength := func(c parse.Card) int {
		v := int(r.rules.power[c])
		if r.rules.trump != parse.NoSuit && r.rules.suitOf[c] == r.rules.trump {
			v += 100
		}
		return v
	}
	want := plan == planWin
	lead := len(cards) == 0
	best, lowest := parse.NoCard, parse.NoCard
	var buf [2 * MaxSeats]parse.Card
	trial := append(append(buf[:0], cards...), 0)
	for _, c := range legal.Cards() {
		if lowest == parse.NoCard || strength(c) < strength(lowest) {
			lowest = c
		}
		trial[len(cards)] = c
		wins := lead || r.rules.Winner(trial, r.rules.LedSuit(trial)) == len(cards)
		if wins != want && !lead {
			continue
		}
		// Win with the highest card; duck with the highest card that still ducks, or
		// when leading, with the lowest.
		if best == parse.NoCard || (strength(c) > strength(best)) != (lead && !want) {
			best = c
		}
	}
	if best == parse.NoCard {
		return lowest // nothing does what is wanted: throw the lowest card
	}
	return best
}

// spadesPlan: nil bidders duck; others win until their side has its contract, then duck.
func (r *roundSim) spadesPlan(p int) int8 {
	rs := r.rules.Table.RS
	if isNil(rs, r.bids[p]) {
		return planDuck
	}
	contract, took := 0, 0
	for l := range r.seats {
		if r.unit(l) != r.unit(p) {
			continue
		}
		if !isNil(rs, r.bids[l]) {
			contract += r.bids[l].N
			took += r.tricks[l]
		} else if rs.FailedNilHelps {
			took += r.tricks[l]
		}
	}
	if took < contract {
		return planWin
	}
	return planDuck
}

// moon records a random choice, half the time, for a player who took every penalty card.
func (r *roundSim) moon() {
	t := r.rules.Table
	rng := r.s.rng
	if t.PenaltyCount == 0 {
		return
	}
	for l := range r.seats {
		pen := 0
		r.s.hand = appendHand(r.s.hand[:0], r.won[l])
		for _, c := range r.s.hand {
			if t.Value[c] > 0 {
				pen++
			}
		}
		if pen == t.PenaltyCount {
			if rng.IntN(2) == 0 {
				scoring := "old"
				if rng.IntN(2) == 0 {
					scoring = "new"
				}
				r.src.Moon = append(r.src.Moon, parse.Moon{Player: r.name(l), Scoring: scoring})
			}
			return
		}
	}
}

// nth returns the k-th lowest card of a set (0-based).
func nth(set parse.CardSet, k int) parse.Card {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return set.Lowest()
}
