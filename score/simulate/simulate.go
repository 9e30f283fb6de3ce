// Package simulate writes random games of a ruleset for `tricks simulate`: tests, demos and
// benchmarks. It deals, passes, bids and plays with the checker's own rules (package
// validate: Legal, Judge, Winner, LedSuit, FirstLeader, NextDealer, PassDir, Taking) and
// finds the end of a game, ties and blind-bid eligibility with the scorer's (package score:
// Scorer, Shooter), so that generator and checker cannot disagree on a rule: there is one
// implementation of each.
//
// Every round written goes through the checker's round replay: its violations must be
// exactly the illegal plays the generator injected, so a disagreement between the two is an
// error, not a silently wrong transcript. Each round is checked and scored once, when it is
// written (never the rounds before it again), so a game costs time linear in its length;
// tests also replay each whole game from the start (Options.CheckReplay).
package simulate

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// Options are the knobs of a Simulator.
type Options struct {
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
	// already applied to the ruleset given to New.
	Ruleset string
	Options []parse.KV
	// MaxRounds caps a game (tie-breaks included) so that none runs forever; 0 = 200.
	MaxRounds int
	// CheckReplay replays every finished game from the start through the checker, which
	// then resolves the dealers and pass directions by itself, and requires its violations
	// to be the injected ones (slower; for tests). Without it each round is checked once,
	// as it is written.
	CheckReplay bool
	// Reuse makes Game write each game into the memory of the game before: the game it
	// returns is valid until the next call of Game, and read-only (the next game writes
	// only what it sets). Without it every game is new memory.
	Reuse bool
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
	rs     *rulesets.Ruleset
	n      int
	seed   uint64
	opts   Options
	names  []string
	seats  []int // every seat, 0..n-1
	unitOf []int // the scoring unit of each seat (rulesets.Units: its side in a partnership)
	noPass parse.CardSet
	v      *validate.Validator

	injected []Injected // of the last game
	rng      random
	deck     []parse.Card
	sorted   []parse.Card // the deck of sortedOf in card order, as every deal starts from it
	sortedOf *rulesets.Table
	// the strength of each card for choose, under strengthOf
	strength   [64]int8
	strengthOf *validate.Rules
	cards      []parse.Card
	redeal     bool   // a deal may leave a hand too few cards it may pass: such deals are dealt again
	tied       []int  // scratch for the seats of a tie-break
	seed10     string // the seed, in decimal

	// Room reused from game to game: the replay of the game so far, its rounds, the
	// scorer, the round being generated and the seats of tie-breaks (the game written is
	// the caller's and new each time, unless Options.Reuse).
	rp       validate.Replay
	rounds   []*validate.PlayedRound
	scorer   *score.Scorer
	rd       roundSim
	seatRoom []int
	outs     []roundOut // room for rounds written after a game's first, each used once
	// With Options.Reuse: the game written, and room for rounds after its first (the
	// first extra rounds used of them)
	out        *gameOut
	extra      []*roundOut
	extras     int
	gameRounds []*parse.Round // the rounds of a game longer than gameOut holds
}

// The lines of a game are written into one allocation for a game of up to two rounds (one
// and a tie-break) at a table of up to outSeats with up to outTricks tricks; larger games
// and tables take more.
const (
	outSeats  = 4
	outTricks = 13
)

// gameOut is a game written, with room for its first round.
type gameOut struct {
	g      parse.Game
	meta   [3]parse.KV
	rounds [2]*parse.Round
	first  roundOut
}

// roundOut is a round written, with room for its lines and cards.
type roundOut struct {
	src      parse.Round
	tiebreak [outSeats]string
	deal     [outSeats]parse.PlayerCards
	passes   [outSeats]parse.Pass
	bids     [outSeats]parse.Bid
	tricks   [outTricks]parse.Trick
	cards    [outSeats * (2*outTricks + 3)]parse.Card
}

// New returns a generator for rs (options applied) at a table of players seats.
func New(rs *rulesets.Ruleset, players int, seed uint64, opts Options) (*Simulator, error) {
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
	if players > validate.MaxSeats {
		return nil, fmt.Errorf("%d players: at most %d can be seated", players, validate.MaxSeats)
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
	seats := make([]int, players)
	for i := range seats {
		seats[i] = i
	}
	_, unitOf := rs.Units(names)
	return &Simulator{rs: rs, n: players, seed: seed, opts: opts, names: names, seats: seats, unitOf: unitOf,
		noPass: parse.Set(rs.NoPass...), v: validate.New(), redeal: redeal,
		seed10: strconv.FormatUint(seed, 10)}, nil
}

// Injected returns the illegal plays injected into the last game, in play order. The slice
// is reused by the next call of Game.
func (s *Simulator) Injected() []Injected { return s.injected }

// Game writes game number i (1-based by convention) to its end: a single winner, after
// tie-break rounds where the game ends tied, or MaxRounds rounds. The error reports a
// disagreement between generator and checker (a bug); the game is returned as far as it got.
func (s *Simulator) Game(i int) (*parse.Game, error) {
	s.rng.seed(s.seed, uint64(i))
	s.injected = s.injected[:0]
	out := s.gameOut()
	g := &out.g
	out.meta[0], out.meta[1] = parse.KV{Key: "seed", Value: s.seed10}, parse.KV{Key: "game", Value: strconv.Itoa(i)}
	g.Index, g.Ruleset, g.Players, g.Options = i, s.opts.Ruleset, s.names, s.opts.Options
	g.Meta, g.Rounds = out.meta[:2], out.rounds[:0]
	if s.opts.Reuse && cap(s.gameRounds) > cap(g.Rounds) {
		g.Rounds = s.gameRounds[:0] // grown by a long game before
	}
	// The replay grows round by round: each round is checked once as it is written and
	// scored once, so a game costs time in proportion to its length.
	rp := &s.rp
	*rp = validate.Replay{Game: g, Rules: s.rs, Players: g.Players, Rounds: rp.Rounds[:0]}
	if s.scorer == nil {
		s.scorer = score.NewScorer(rp)
	} else {
		s.scorer.Reset(rp)
	}
	sc := s.scorer
	dealer, normal := -1, 0
	s.tied, s.seatRoom = s.tied[:0], s.seatRoom[:0]
	for len(g.Rounds) < s.opts.MaxRounds {
		seats, tb := s.seats, len(s.tied) > 0
		if tb {
			if len(s.tied) < 2 {
				return g, fmt.Errorf("game %d: the scorer reports a tie among %v", i, s.tied)
			}
			from := len(s.seatRoom) // the round keeps its seats
			s.seatRoom = append(s.seatRoom, s.tied...)
			seats = s.seatRoom[from:len(s.seatRoom):len(s.seatRoom)]
		}
		dealer = validate.NextDealer(seats, dealer, s.n, tb)
		rules, err := s.v.RulesFor(s.rs, len(seats), tb)
		if err != nil {
			break // a tie-break that cannot be dealt: the game stays undecided
		}
		passDir := validate.PassDir(rules.Table, normal, tb)
		from := len(s.injected)
		rd := &s.rd
		rd.reset(s, len(g.Rounds)+1, seats, dealer, rules, passDir, tb, sc)
		if len(g.Rounds) == 0 {
			rd.out = &out.first
		} else {
			rd.out = s.roundOut()
		}
		src, err := rd.play()
		if err != nil {
			return g, fmt.Errorf("game %d round %d: %v", i, rd.number, err)
		}
		g.Rounds = append(g.Rounds, src)
		if s.opts.Reuse && cap(g.Rounds) > len(out.rounds) {
			s.gameRounds = g.Rounds
		}
		if !tb {
			normal++
		}

		r := s.round(len(rp.Rounds))
		r.Number, r.Src, r.Table, r.Rules, r.Tiebreak = rd.number, src, rules.Table, rules, tb
		r.Seats, r.Dealer, r.PassDir, r.MoonSeat = seats, dealer, passDir, -1
		if err := s.v.CheckRound(g, r); err != nil {
			return g, fmt.Errorf("game %d round %d: the checker cannot read the generated game: %v", i, rd.number, err)
		}
		rp.Rounds = append(rp.Rounds, r)
		if err := sameViolations(r.Violations, s.injected[from:]); err != nil {
			return g, fmt.Errorf("game %d round %d: generator and checker disagree: %v", i, rd.number, err)
		}
		sc.Add(r)
		if sc.Finished() {
			break
		}
		s.tied = sc.Tied(s.tied[:0])
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

// gameOut returns room for a game: new, or with Options.Reuse, the game before's room
// (its rounds are reset as they are played).
func (s *Simulator) gameOut() *gameOut {
	if !s.opts.Reuse {
		return &gameOut{}
	}
	if s.out == nil {
		s.out = &gameOut{}
	}
	s.out.g, s.extras = parse.Game{}, 0
	return s.out
}

// roundOut returns room for a round written after a game's first: a few rounds' room
// allocated at a time, each used once, or with Options.Reuse, the game before's.
func (s *Simulator) roundOut() *roundOut {
	if s.opts.Reuse {
		if s.extras == len(s.extra) {
			s.extra = append(s.extra, &roundOut{})
		}
		s.extras++
		return s.extra[s.extras-1]
	}
	if len(s.outs) == 0 {
		s.outs = make([]roundOut, 4)
	}
	o := &s.outs[0]
	s.outs = s.outs[1:]
	return o
}

// round returns the k-th round of the replay's room, zeroed but for the room of its lists.
func (s *Simulator) round(k int) *validate.PlayedRound {
	if k == len(s.rounds) {
		s.rounds = append(s.rounds, &validate.PlayedRound{})
	}
	r := s.rounds[k]
	viol, rev := r.Violations[:0], r.Revokers[:0]
	*r = validate.PlayedRound{}
	r.Violations, r.Revokers = viol, rev
	return r
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
func sameViolations(got []validate.Violation, want []Injected) error {
	if len(got) == 0 && len(want) == 0 { // most rounds
		return nil
	}
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
	s        *Simulator
	number   int
	seats    []int
	dealer   int // global
	rules    *validate.Rules
	passDir  rulesets.PassDirection
	tiebreak bool
	scorer   *score.Scorer // the game as it stands before the round

	out   *roundOut // room for the round written
	src   *parse.Round
	hands [validate.MaxSeats]validate.Hand
	taken validate.Taking // the tricks taken so far, where keepTaken
	bids  [validate.MaxSeats]parse.Bid
	plan  [validate.MaxSeats]int8
	block []parse.Card // the round's cards, as written (see kept)
	// keepTaken: the play needs what was taken (the Spades plans, a moon choice); other
	// rounds do not keep taken
	keepTaken bool

	// for the play (playTricks): the first-lead rule as it applies and the lowest club, and
	// whether the round is of Spades
	flRule  rulesets.FirstLead
	lowClub parse.Card
	spades  bool
	special bool // Options.Illegal above 0: any play may be made illegal
}

// reset starts the round: what play reads before it writes it (hands, bids and plans are
// written by the deal, the bids and the play before they are read) is set, without zeroing
// the room of every seat the table does not have.
func (r *roundSim) reset(s *Simulator, number int, seats []int, dealer int, rules *validate.Rules, passDir rulesets.PassDirection, tb bool, sc *score.Scorer) {
	r.s, r.number, r.seats, r.dealer, r.rules = s, number, seats, dealer, rules
	r.passDir, r.tiebreak, r.scorer = passDir, tb, sc
	t := rules.Table
	r.keepTaken = t.RS.Family == rulesets.Spades || t.RS.Moon == rulesets.MoonChoice
	if r.keepTaken {
		r.taken = validate.Taking{}
	}
}

// kept returns the cards appended to the round's block since start, as a list of their own.
func (r *roundSim) kept(start int) []parse.Card {
	return r.block[start:len(r.block):len(r.block)]
}

// appendSet appends the cards of a set to b in ascending order (CardSet.Cards without the
// allocation).
func appendSet(b []parse.Card, set parse.CardSet) []parse.Card {
	n := len(b)
	b = slices.Grow(b, set.Len())[:n+set.Len()]
	for i := n; i < len(b); i++ {
		b[i] = set.Lowest()
		set &= set - 1
	}
	return b
}

// appendHand is h.Append(b): with one copy of each card (one deck), the cards of h.A.
func appendHand(b []parse.Card, h validate.Hand) []parse.Card {
	if h.B == 0 {
		return appendSet(b, h.A)
	}
	return h.Append(b)
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
	rng := &s.rng
	n := len(r.seats)
	r.src = &r.out.src
	*r.src = parse.Round{} // the room of a game before, with Options.Reuse
	// One block for the round's cards: the deal, the passes and the tricks.
	if need := n * (2*t.HandSize + t.PassCount); need <= len(r.out.cards) {
		r.block = r.out.cards[:0:need]
	} else {
		r.block = make([]parse.Card, 0, need)
	}
	if r.tiebreak {
		r.src.Tiebreak = room(r.out.tiebreak[:], n)[:n]
		for l := range r.seats {
			r.src.Tiebreak[l] = r.name(l)
		}
	}
	eldest := slices.Index(r.seats, validate.Eldest(r.seats, r.dealer, s.n))

	// Deal.
	if s.sortedOf != t {
		s.sorted, s.sortedOf = appendSet(appendSet(s.sorted[:0], t.Deck), t.Deck2), t
	}
	s.deck = append(s.deck[:0], s.sorted...)
	for tries := 0; ; tries++ {
		rng.shuffle(s.deck)
		for l := 0; l < n; l++ {
			// Each card is added as Hand.Add adds it (B holds second copies), in registers;
			// from one deck, there are none.
			var a, b parse.CardSet
			if dealt := s.deck[l*t.HandSize : (l+1)*t.HandSize]; t.Deck2 == 0 {
				for _, c := range dealt {
					a |= 1 << (c & 63)
				}
			} else {
				for _, c := range dealt {
					bit := parse.CardSet(1) << (c & 63)
					b |= a & bit
					a |= bit
				}
			}
			r.hands[l] = validate.Hand{A: a, B: b}
		}
		if !s.redeal || r.canPass() {
			break
		}
		if tries == 10000 {
			return nil, fmt.Errorf("round %d: no deal in 10000 leaves every hand cards to pass", r.number)
		}
	}
	if s.opts.WithDeal {
		r.src.Deal = room(r.out.deal[:], n)[:n]
		for l := 0; l < n; l++ {
			start := len(r.block)
			r.block = appendHand(r.block, r.hands[l])
			r.src.Deal[l] = parse.PlayerCards{Player: r.name(l), Cards: r.kept(start)}
		}
	}

	spades := t.RS.Family == rulesets.Spades
	if off, passes := validate.PassOffset(t, r.passDir, n); passes {
		r.pass(off)
	}
	if spades {
		r.bid(eldest)
	}
	if err := r.playTricks(eldest); err != nil {
		return nil, err
	}
	if t.RS.Moon == rulesets.MoonChoice {
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
		_, passes := validate.PassOffset(t, d, players)
		passing = passing || passes
	}
	if !passing {
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
	noPass := r.s.noPass
	for l := range r.seats {
		h := r.hands[l]
		if (h.A&^noPass).Len()+(h.B&^noPass).Len() < r.rules.Table.PassCount {
			return false
		}
	}
	return true
}

// pass chooses each player's cards at random, never a no-pass card unless injected, and
// hands them on off seats to the left, all at once.
func (r *roundSim) pass(off int) {
	s, t := r.s, r.rules.Table
	rng := &s.rng
	n := len(r.seats)
	noPass := s.noPass
	injects := s.opts.WithDeal && s.opts.Illegal > 0
	if s.opts.WithDeal {
		r.src.Passes = room(r.out.passes[:], n)[:n]
	}
	var passed [validate.MaxSeats]validate.Hand // each seat's cards passed
	for l := 0; l < n; l++ {
		h := r.hands[l]
		cards := appendHand(s.cards[:0], validate.Hand{A: h.A &^ noPass, B: h.B &^ noPass}) // what may be passed
		k := min(t.PassCount, len(cards))
		for j := 0; j < k; j++ {
			m := j + rng.IntN(len(cards)-j)
			cards[j], cards[m] = cards[m], cards[j]
		}
		s.cards = cards
		chosen := cards[:k]
		if forbidden := h.A & noPass; forbidden != 0 && injects && k > 0 && rng.Float64() < s.opts.Illegal {
			c := nth(forbidden, rng.IntN(forbidden.Len()))
			chosen[0] = c
			r.inject(0, l, c, validate.PassForbidden)
		}
		var p validate.Hand
		for _, c := range chosen {
			p.Add(c)
		}
		passed[l] = p
		if s.opts.WithDeal { // the pass line lists the cards in card order
			start := len(r.block)
			r.block = appendHand(r.block, p)
			r.src.Passes[l] = parse.Pass{Player: r.name(l), Cards: r.kept(start)}
		}
	}
	// Each card passed is removed (Hand.Remove) and added (Hand.Add) where it goes; with
	// no second copies, that is clearing and setting bits.
	for l := 0; l < n; l++ {
		p, h := passed[l], &r.hands[l]
		if p.B == 0 && h.B == 0 {
			h.A &^= p.A
			continue
		}
		for set := p.A; set != 0; set &= set - 1 {
			c := set.Lowest()
			h.Remove(c)
			if p.B.Has(c) {
				h.Remove(c)
			}
		}
	}
	for l := 0; l < n; l++ {
		to := l + off
		if to >= n {
			to -= n
		}
		p, h := passed[l], &r.hands[to]
		if p.B == 0 && h.A&p.A == 0 {
			h.A |= p.A
			continue
		}
		for set := p.A; set != 0; set &= set - 1 {
			c := set.Lowest()
			h.Add(c)
			if p.B.Has(c) {
				h.Add(c)
			}
		}
	}
}

// unit returns the scoring unit of a local seat: the side in a partnership, else the seat.
func (r *roundSim) unit(l int) int { return r.s.unitOf[r.seats[l]] }

// estimate guesses how many tricks a Spades hand takes.
func (r *roundSim) estimate(h validate.Hand) float64 {
	rules := r.rules
	e := 0.0
	for suit := parse.Clubs; suit <= parse.Spades; suit++ {
		cards := h.A & rules.SuitMask(suit)
		length := cards.Len()
		for set := cards; set != 0; set &= set - 1 {
			switch p := rules.Power(set.Lowest()); {
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
		if suit == rules.Trump() && length > 3 {
			e += 0.8 * float64(length-3)
		}
	}
	return e
}

// bid makes each player's bid in turn from eldest: a number near the hand's estimate, nil
// with a weak hand, and blind bids only where the rules allow them.
func (r *roundSim) bid(eldest int) {
	s, t := r.s, r.rules.Table
	rs := t.RS
	rng := &s.rng
	n := len(r.seats)
	r.src.Bids = room(r.out.bids[:], n)
	for k := 0; k < n; k++ {
		l := (eldest + k) % n
		b := parse.Bid{Player: r.name(l)}
		blindOK := r.scorer.BlindRefused(r.seats[l], parse.Bid{Blind: true, Nil: true}) == ""
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

func (r *roundSim) playTricks(eldest int) error {
	s, rules, t := r.s, r.rules, r.rules.Table
	rng := &s.rng
	n := len(r.seats)
	flRule, lc := rules.FirstLeadRule()
	leader, _ := rules.FirstLeader(nil, r.hands[:n], nil, eldest, -1)
	if leader < 0 { // cannot happen: every card is dealt
		leader, flRule = eldest, rulesets.FirstLeadEldest
	}
	r.flRule, r.lowClub = flRule, lc
	writeLeader1 := s.opts.Leaders || (!s.opts.WithDeal && flRule != rulesets.FirstLeadEldest)
	r.spades = t.RS.Family == rulesets.Spades

	// Plans for the round: Spades players chase their contracts; in the hearts family, now
	// and then one player tries to shoot the moon while the others duck.
	for l := 0; l < n; l++ {
		r.plan[l] = planRandom
	}
	if !r.spades && t.PenaltyCount > 0 && rng.IntN(8) == 0 {
		shooter := rng.IntN(n)
		for l := 0; l < n; l++ {
			r.plan[l] = planDuck
		}
		r.plan[shooter] = planWin
	}

	// The loop over the cards carries few values across its calls: what it reads rarely
	// (the first lead's rule, injection) is read from r where it is needed.
	r.special = s.opts.Illegal > 0 // every play may be made illegal
	r.src.Tricks = room(r.out.tricks[:], t.HandSize)[:t.HandSize]
	// st.Led is rules.LedSuit of the trick's cards, kept up to date as the cards are played.
	st := validate.TrickState{Trick: 1, Led: parse.NoSuit}
	for ti := 0; ti < t.HandSize; ti, st = ti+1, st.Next() {
		// The trick's cards go straight into the round's block (it has room for them).
		start := len(r.block)
		cards := r.block[start : start+n : start+n]
		p := leader
		for k := 0; k < n; k++ { // st.Pos is k
			hand := &r.hands[p]
			allowed := rules.Legal(*hand, &st)
			var c parse.Card
			picked := false
			if r.special || ti == 0 && k == 0 {
				var err error
				if allowed, c, picked, err = r.firstOrIllegal(p, ti, allowed, &st); err != nil {
					return err
				}
			}
			if !picked {
				// A player with a plan plays by it three times in four, else at random.
				plan := r.plan[p]
				if r.spades {
					plan = r.spadesPlan(p)
				}
				if plan != planRandom && rng.IntN(4) != 0 {
					c = r.choose(plan, allowed, cards[:k], st.Led)
				} else {
					c = nth(allowed, rng.IntN(allowed.Len()))
				}
			}
			if hand.B == 0 { // hand.Remove(c) where no card has a second copy
				hand.A &^= 1 << (c & 63)
			} else {
				hand.Remove(c)
			}
			cards[k] = c
			st.Play(rules, c)
			if p++; p == n {
				p = 0
			}
		}
		r.block = r.block[:start+n]
		tr := &r.src.Tricks[ti]
		tr.Cards, tr.Leader = cards, "" // the other fields are never written
		if s.opts.Leaders || (ti == 0 && writeLeader1) {
			tr.Leader = r.name(leader)
		}

		w := rules.Winner(cards, st.Led)
		if w >= 0 {
			if w += leader; w >= n {
				w -= n
			}
		}
		if r.keepTaken {
			r.taken.Take(cards, leader, w, ti == t.HandSize-1)
		}
		leader = validate.NextLeader(leader, w)
	}
	return nil
}

// firstOrIllegal is the play of local seat p at st (trick ti, 0-based) where it may be the
// first lead or an injected illegal play: it narrows allowed, the legal cards, to what the
// first-lead rule allows, and, with a probability of Illegal where an illegal card is held,
// picks one (picked true) and records the rules it breaks.
func (r *roundSim) firstOrIllegal(p, ti int, allowed parse.CardSet, st *validate.TrickState) (_ parse.CardSet, c parse.Card, picked bool, err error) {
	s, rules := r.s, r.rules
	t := rules.Table
	firstLead := ti == 0 && st.Pos == 0 && r.flRule != rulesets.FirstLeadEldest
	if firstLead {
		allowed &= rules.FirstLeadCards(r.flRule, r.lowClub)
		if allowed == 0 {
			return 0, 0, false, fmt.Errorf("trick 1: %s holds %s but may not lead a club", r.name(p), r.lowClub)
		}
	}
	// Without the deal, the checker knows the lowest club's holder only from who plays it
	// first; with two copies of it that may be the wrong one, so no first-lead injection.
	injectFirst := s.opts.WithDeal || !(t.Deck.Has(r.lowClub) && t.Deck2.Has(r.lowClub))
	hand := r.hands[p]
	rng := &s.rng
	if illegal := hand.A &^ allowed; illegal != 0 && s.opts.Illegal > 0 && rng.Float64() < s.opts.Illegal && (!firstLead || injectFirst) {
		c = nth(illegal, rng.IntN(illegal.Len()))
		if firstLead {
			r.inject(1, p, c, validate.FirstLead)
		}
		if rule := rules.Judge(hand, c, st); rule != "" { // "" only for a legal card led wrongly to trick 1
			r.inject(ti+1, p, c, rule)
		}
		return allowed, c, true, nil
	}
	return allowed, 0, false, nil
}

// choose picks a legal card by plan (planWin or planDuck) to the trick's cards so far, of
// which led is the led suit (rules.LedSuit): win with the highest card that wins, duck with
// the highest card that does not, or when leading, with the lowest; where no card does what
// is wanted, throw the lowest. Of cards of equal strength the first in card order is taken,
// but the last for a lead that ducks.
func (r *roundSim) choose(plan int8, legal parse.CardSet, cards []parse.Card, led parse.Suit) parse.Card {
	str := r.s.strengths(r.rules)
	want := plan == planWin
	if len(cards) == 0 { // a lead
		if want {
			return firstMax(legal, str)
		}
		return lastMin(legal, str)
	}
	winning := r.rules.Winning(cards, led, legal) // the cards that would win the trick as it stands
	cand := legal &^ winning
	if want {
		cand = legal & winning
	}
	if cand == 0 {
		return firstMin(legal, str)
	}
	return firstMax(cand, str)
}

// strengths returns the strength of every card by which choose orders them for "high" and
// "low" (power within the suit, trumps 100 above), kept for the rules of the last round.
func (s *Simulator) strengths(rules *validate.Rules) *[64]int8 {
	if s.strengthOf != rules {
		trump := rules.Trump()
		for c := parse.Card(0); c < parse.NumCards; c++ {
			v := rules.Power(c)
			if trump != parse.NoSuit && rules.SuitOf(c) == trump {
				v += 100
			}
			s.strength[c] = int8(v)
		}
		s.strengthOf = rules
	}
	return &s.strength
}

// firstMax returns the first card of a set, in card order, of the highest strength.
func firstMax(set parse.CardSet, str *[64]int8) parse.Card {
	best, bv := parse.NoCard, int8(-128)
	for ; set != 0; set &= set - 1 {
		if c := set.Lowest(); str[c&63] > bv {
			best, bv = c, str[c&63]
		}
	}
	return best
}

// firstMin returns the first card of a set, in card order, of the lowest strength.
func firstMin(set parse.CardSet, str *[64]int8) parse.Card {
	best, bv := parse.NoCard, int8(127)
	for ; set != 0; set &= set - 1 {
		if c := set.Lowest(); str[c&63] < bv {
			best, bv = c, str[c&63]
		}
	}
	return best
}

// lastMin returns the last card of a set, in card order, of the lowest strength.
func lastMin(set parse.CardSet, str *[64]int8) parse.Card {
	best, bv := parse.NoCard, int8(127)
	for ; set != 0; set &= set - 1 {
		if c := set.Lowest(); str[c&63] <= bv {
			best, bv = c, str[c&63]
		}
	}
	return best
}

// spadesPlan: nil bidders duck; others win until their side has its contract, then duck.
func (r *roundSim) spadesPlan(p int) int8 {
	rs := r.rules.Table.RS
	if rs.IsNil(r.bids[p]) {
		return planDuck
	}
	contract, took := 0, 0
	for l := range r.seats {
		if r.unit(l) != r.unit(p) {
			continue
		}
		if !rs.IsNil(r.bids[l]) {
			contract += r.bids[l].N
			took += r.taken.Tricks[l]
		} else if rs.FailedNilHelps {
			took += r.taken.Tricks[l]
		}
	}
	if took < contract {
		return planWin
	}
	return planDuck
}

// moon records a random choice, half the time, for a player who took every penalty card.
func (r *roundSim) moon() {
	rng := &r.s.rng
	l := score.Shooter(r.rules.Table, r.taken.Won[:len(r.seats)])
	if l < 0 || rng.IntN(2) != 0 {
		return
	}
	scoring := rulesets.MoonOld
	if rng.IntN(2) == 0 {
		scoring = rulesets.MoonNew
	}
	r.src.Moon = append(r.src.Moon, parse.Moon{Player: r.name(l), Scoring: scoring.String()})
}

// room returns an empty list with room for n: in a (of a round's room) where it fits.
func room[T any](a []T, n int) []T {
	if n <= len(a) {
		return a[:0:n]
	}
	return make([]T, 0, n)
}

// nth returns the k-th lowest card of a set (0-based).
func nth(set parse.CardSet, k int) parse.Card {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return set.Lowest()
}
