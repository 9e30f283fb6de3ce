package validate

import (
	"encoding/binary"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// Rules is a Table compiled for play: the effective suit and rank of every card, trump, the
// suit that must be broken before it is led, and the first-trick ban. One method, Legal,
// gives the cards that may be played now; Judge, built on it, names the rule a card outside
// them breaks. The checker and the random game generator both use them, so they cannot
// disagree.
type Rules struct {
	Table *rulesets.Table

	suitOf   [parse.NumCards]parse.Suit // suit for following (jokers: Spades when high, NoSuit when fools)
	power    [parse.NumCards]int8       // order within a suit; fools -1
	winKey   [4][256]int8               // by suit led, the order of the cards (suitedWinner); -1 past the deck
	mask     [parse.NumCards + 1]parse.CardSet
	trump    parse.Suit
	brk      parse.Suit    // suit that may not be led until broken; NoSuit = no such rule
	brkRule  string        // hearts-not-broken / spades-not-broken
	breakers parse.CardSet // cards whose play breaks it
	fools    parse.CardSet // cards of no suit
	ban      bool          // first-trick penalty ban
	penalty  parse.CardSet // cards of positive value
	// for surelyLegal: the cards of the break suit (none without the rule), and the cards
	// the first-trick ban concerns (none without it)
	brkMask, banMask parse.CardSet
	// for FirstLeader: the table's first-lead rule as it applies, and the lowest club
	firstRule rulesets.FirstLead
	lowClub   parse.Card
}

// TrickState is where a play happens: trick number (1-based), position in the trick (0 =
// lead), the led suit (NoSuit before a suited card is played) and whether the break suit is
// broken.
type TrickState struct {
	Trick  int
	Pos    int
	Led    parse.Suit
	Broken bool
}

// The bookkeeping of play (RULES §3): what a card played changes, and who leads next. The
// checker's pass 2 keeps the same facts as masks (cardScan); Breaks and BreaksAny are the
// one test of the break.

// Play records c played at st: the suit led (the first suited card's: a fool leads none),
// the break state, the next position.
func (st *TrickState) Play(r *Rules, c parse.Card) {
	if st.Led == parse.NoSuit {
		st.Led = r.suitOf[c]
	}
	st.Broken = st.Broken || r.Breaks(c)
	st.Pos++
}

// Next returns the state at the lead of the trick after st's.
func (st *TrickState) Next() TrickState {
	return TrickState{Trick: st.Trick + 1, Led: parse.NoSuit, Broken: st.Broken}
}

// NextLeader returns who leads the trick after one led by leader and won by winner (-1:
// nobody won it, every card cancelled by its twin): the winner, else the same leader.
func NextLeader(leader, winner int) int {
	if winner >= 0 {
		return winner
	}
	return leader
}

// NewRules compiles a table.
func NewRules(t *rulesets.Table) *Rules {
	r := &Rules{Table: t, trump: t.Trump, brk: parse.NoSuit, penalty: t.Penalty}
	rs := t.RS
	for c := parse.Card(0); c < parse.NumCards; c++ {
		r.suitOf[c] = c.Suit()
		r.power[c] = int8(c.Rank())
	}
	if rs.Family == rulesets.Spades {
		switch rs.Jokers {
		case rulesets.JokersHigh:
			r.suitOf[parse.LittleJoker], r.suitOf[parse.BigJoker] = parse.Spades, parse.Spades
		case rulesets.JokersFool:
			r.power[parse.LittleJoker], r.power[parse.BigJoker] = -1, -1
			r.fools = parse.Jokers
		}
		if rs.SpadesBroken {
			r.brk, r.brkRule = parse.Spades, SpadesNotBroken
		}
	} else {
		if rs.HeartsBroken {
			r.brk, r.brkRule = parse.Hearts, HeartsNotBroken
		}
		r.ban = bool(rs.FirstTrickBan)
	}
	for c := parse.Card(0); c < parse.NumCards; c++ {
		r.mask[r.suitOf[c]] |= 1 << c
	}
	for led := range r.winKey {
		r.winKey[led] = noKeys // a byte that is no card: -1, for winKey is indexed by any byte without a test
		for c := parse.Card(0); c < parse.NumCards; c++ {
			switch s := r.suitOf[c]; {
			case r.trump != parse.NoSuit && s == r.trump:
				r.winKey[led][c] = 64 + r.power[c]
			case s == parse.Suit(led):
				r.winKey[led][c] = 32 + r.power[c]
			default:
				r.winKey[led][c] = -1
			}
		}
	}
	if r.ban {
		r.banMask = r.penalty
	}
	r.lowClub = lowestClub(t)
	r.firstRule = firstLeadRule(t.FirstLead, r.lowClub)
	if r.brk != parse.NoSuit {
		r.brkMask = r.mask[r.brk]
		r.breakers = r.mask[r.brk]
		if r.brk == parse.Hearts && rs.QueenBreaksHearts {
			r.breakers = r.breakers.With(parse.NewCard(parse.Spades, 10))
		}
	}
	return r
}

// noKeys is a row of winKey before its cards' keys are set: -1 for every byte.
var noKeys = func() (k [256]int8) {
	for i := range k {
		k[i] = -1
	}
	return k
}()

// SuitOf returns the suit c counts as for following and leading.
func (r *Rules) SuitOf(c parse.Card) parse.Suit { return r.suitOf[c] }

// SuitMask returns the cards that count as suit s.
func (r *Rules) SuitMask(s parse.Suit) parse.CardSet { return r.mask[s] }

// Power returns the order of c within its suit for winning tricks (fools -1).
func (r *Rules) Power(c parse.Card) int { return int(r.power[c]) }

// Trump returns the trump suit, NoSuit when none.
func (r *Rules) Trump() parse.Suit { return r.trump }

// Breaks reports whether playing c breaks the break suit (hearts, spades).
func (r *Rules) Breaks(c parse.Card) bool { return r.breakers.Has(c) }

// BreaksAny reports whether playing the cards of s breaks the break suit.
func (r *Rules) BreaksAny(s parse.CardSet) bool { return s&r.breakers != 0 }

// Judge returns the rule that playing c from hand breaks at st, or "" when the play is legal.
// hand is what the player holds before the play and must contain c. A card is legal when
// Legal allows it (one implementation of the rules of play); Judge names the rule broken.
func (r *Rules) Judge(hand Hand, c parse.Card, st *TrickState) string {
	switch {
	case r.Legal(hand, st).Has(c):
		return ""
	case st.Pos == 0 || st.Led == parse.NoSuit: // a lead: only the break suit is ever refused
		return r.brkRule
	case hand.Any(r.mask[st.Led]):
		return Revoke
	}
	return FirstTrickPenalty // a penalty card discarded to trick 1
}

// surelyLegal reports plays that Judge accepts, from the masks alone: card bit played
// from a hand whose first copies are held (Hand.A), at position k of trick ti (0-based),
// with led the suit led so far and broken the break state before the trick. It is the test
// the replay makes first, so that it calls Judge only for the plays that may break a rule;
// false does not mean illegal.
func (r *Rules) surelyLegal(held, bit parse.CardSet, ti, k int, led parse.Suit, broken bool) bool {
	switch {
	case k == 0: // a lead: the break suit only
		return bit&r.noLead(broken) == 0
	case led == parse.NoSuit: // after a fool
		return true
	default:
		return surelyDiscards(held, bit, r.mask[led&7], r.banned(ti))
	}
}

// noLead returns the cards surelyLegal does not let lead with broken the break state: the
// break suit until it is broken.
func (r *Rules) noLead(broken bool) parse.CardSet {
	if broken {
		return 0
	}
	return r.brkMask
}

// banned returns the cards surelyLegal does not let discard to trick ti (0-based): the
// penalty cards on the first trick, under the first-trick ban.
func (r *Rules) banned(ti int) parse.CardSet {
	if ti > 0 {
		return 0
	}
	return r.banMask
}

// surelyDiscards is surelyLegal for card bit, not of the suit led (suit: its cards), played
// from held, with ban the cards banned from the trick: a void, and no card banned.
func surelyDiscards(held, bit, suit, ban parse.CardSet) bool {
	return held&suit == 0 && bit&ban == 0
}

// Legal returns the cards of hand that may be played at st (first-lead rules aside).
func (r *Rules) Legal(hand Hand, st *TrickState) parse.CardSet {
	h := hand.A
	if st.Pos == 0 || st.Led == parse.NoSuit {
		if st.Pos == 0 && r.brk != parse.NoSuit && !st.Broken && !hand.Only(r.mask[r.brk]|r.fools) {
			return h &^ r.mask[r.brk]
		}
		return h
	}
	if f := h & r.mask[st.Led]; f != 0 {
		return f
	}
	// The ban is about discards: following suit with a penalty card is always allowed.
	if st.Trick == 1 && r.ban && !hand.Only(r.penalty) {
		return h &^ r.penalty
	}
	return h
}

// Winner returns the position in cards of the card that wins the trick, or -1 when every
// card that could win is cancelled by its twin (two-deck games). led is the led suit.
func (r *Rules) Winner(cards []parse.Card, led parse.Suit) int {
	twoDecks := r.Table.Deck2 != 0
	if !twoDecks && led != parse.NoSuit && len(cards) > 0 && r.suitOf[cards[0]] == led {
		// One deck, a suited lead: the highest trump, else the highest card of the suit led.
		return r.suitedWinner(cards, led)
	}
	best, bestTrump := -1, false
	for i, c := range cards {
		if twoDecks && cancelled(cards, i) {
			continue
		}
		s := r.suitOf[c]
		isTrump := r.trump != parse.NoSuit && s == r.trump
		if !isTrump && (s != led || led == parse.NoSuit) {
			continue
		}
		switch {
		case best < 0, isTrump && !bestTrump:
			best, bestTrump = i, isTrump
		case isTrump == bestTrump && r.power[c] > r.power[cards[best]]:
			best = i
		}
	}
	if best < 0 && !twoDecks {
		return 0 // only fools: the leader wins
	}
	return best
}

// suitedWinner is Winner with one deck and a suited lead (cards[0] of the suit led, not
// NoSuit): the highest trump, else the highest card of the suit led. Each card's key
// (winKey) orders them so: a trump (64 + power) above a card of the suit led (32 + power)
// above any other (-1); powers are -1..14, and the first card of the highest key wins.
func (r *Rules) suitedWinner(cards []parse.Card, led parse.Suit) int {
	keys := &r.winKey[led&3]
	if b := cardBytes(cards); len(b) == 4 { // a trick of four, its cards one word
		return winnerOfFour(keys, binary.LittleEndian.Uint32(b))
	}
	best, bestKey := 0, int8(-1)
	for i, c := range cards {
		if k := keys[c]; k > bestKey {
			best, bestKey = i, k
		}
	}
	return best
}

// winnerOfFour is suitedWinner of a trick of four, x its cards one a byte (the first the
// lowest), keys the row of winKey of the suit led.
func winnerOfFour(keys *[256]int8, x uint32) int {
	// The highest of each card's key above and 3 less its position below (of equal keys the
	// first is the highest), without a branch: which card is highest is a branch the
	// predictor cannot learn.
	k0 := int(keys[uint8(x)])<<2 | 3
	k1 := int(keys[uint8(x>>8)])<<2 | 2
	k2 := int(keys[uint8(x>>16)])<<2 | 1
	k3 := int(keys[uint8(x>>24)]) << 2 // | 0, the last position
	return 3 - max(max(k0, k1), max(k2, k3))&3
}

// beats reports whether c takes a one-deck trick with a suited lead (led) from b, the card
// winning it so far: a higher trump, a trump over no trump, or a higher card of the suit led
// over no trump (the order of winKey, as suitedWinner reads it).
func (r *Rules) beats(c, b parse.Card, led parse.Suit) bool {
	keys := &r.winKey[led&3]
	return keys[c] > keys[b]
}

// Winning returns the cards of set that, played next to a trick's cards so far (cards, at
// least one; led its led suit), would win the trick as it then stands (Winner).
func (r *Rules) Winning(cards []parse.Card, led parse.Suit, set parse.CardSet) parse.CardSet {
	var out parse.CardSet
	if r.Table.Deck2 == 0 && led != parse.NoSuit && len(cards) > 0 && r.suitOf[cards[0]] == led {
		b := cards[r.Winner(cards, led)]
		for ; set != 0; set &= set - 1 {
			if c := set.Lowest(); r.beats(c, b, led) {
				out |= 1 << c
			}
		}
		return out
	}
	var buf [2 * MaxSeats]parse.Card
	trial := append(append(buf[:0], cards...), 0)
	for ; set != 0; set &= set - 1 {
		c := set.Lowest()
		trial[len(cards)] = c
		l := led // LedSuit(trial)
		if l == parse.NoSuit {
			l = r.suitOf[c]
		}
		if r.Winner(trial, l) == len(cards) {
			out |= 1 << c
		}
	}
	return out
}

func cancelled(cards []parse.Card, i int) bool {
	for j, d := range cards {
		if j != i && d == cards[i] {
			return true
		}
	}
	return false
}

// LedSuit returns the suit a trick's cards so far call for: the first card's, or with a fool
// led, the first suited card's (NoSuit when none).
func (r *Rules) LedSuit(cards []parse.Card) parse.Suit {
	for _, c := range cards {
		if s := r.suitOf[c]; s != parse.NoSuit {
			return s
		}
	}
	return parse.NoSuit
}

// The first lead (RULES §2): who leads trick 1 is one rule for the checker and the generator.

// lowestClub returns the lowest club of the table's deck, NoCard when it has none.
func lowestClub(t *rulesets.Table) parse.Card {
	return ((t.Deck | t.Deck2) & parse.SuitMask(parse.Clubs)).Lowest()
}

// firstLeadRule returns a first-lead rule as it applies: eldest when the rule says so, is
// unset, or the deck has no club (lc NoCard); else lowest-club or any-club.
func firstLeadRule(rule rulesets.FirstLead, lc parse.Card) rulesets.FirstLead {
	if rule == rulesets.FirstLeadUnset || lc == parse.NoCard {
		return rulesets.FirstLeadEldest
	}
	return rule
}

// clubHolder returns the seat nearest eldest, clockwise from it, whose hand holds c, looking
// only at the hands known (all when known is nil); -1 when none does.
func clubHolder(hands []Hand, known []bool, eldest int, c parse.Card) int {
	n := len(hands)
	for k := 0; k < n; k++ {
		l := (eldest + k) % n
		if (known == nil || known[l]) && hands[l].Has(c) {
			return l
		}
	}
	return -1
}

// FirstLeadCards returns the cards that may lead trick 1 under a first-lead rule as it
// applies (firstLeadRule) with lc the lowest club in play: any club, the lowest club, or
// (eldest) any card.
func (r *Rules) FirstLeadCards(rule rulesets.FirstLead, lc parse.Card) parse.CardSet {
	switch rule {
	case rulesets.FirstLeadEldest:
		return ^parse.CardSet(0)
	case rulesets.FirstLeadAnyClub:
		return r.mask[parse.Clubs]
	}
	return parse.Set(lc)
}

// FirstLeadRule returns the table's first-lead rule as it applies (eldest, lowest-club or
// any-club: eldest when unset or the deck has no club) and the lowest club in play (NoCard:
// none).
func (r *Rules) FirstLeadRule() (rule rulesets.FirstLead, lc parse.Card) {
	return r.firstRule, r.lowClub
}

// FirstLeader returns who leads trick 1, by local seat (-1: the holder, not known yet), and
// holder, the seat nearest eldest holding the lowest club (-1: not known, or no rule needs
// it). hands are the hands as the play begins, known says which of them are known (nil:
// all), eldest is the seat after the dealer, sure a seat that surely holds the lowest club
// whatever the hands known say (-1: none). The table's rule (FirstLeadRule) judges the
// lead; own, the transcript's own rules where it has them (nil: none), seats the leader a
// transcript does not name (RULES §7).
func (r *Rules) FirstLeader(own *rulesets.Table, hands []Hand, known []bool, eldest, sure int) (leader, holder int) {
	judgeEldest := r.firstRule == rulesets.FirstLeadEldest
	seatEldest := judgeEldest
	if own != nil {
		seatEldest = firstLeadRule(own.FirstLead, r.lowClub) == rulesets.FirstLeadEldest
	}
	leader, holder = eldest, -1
	if !judgeEldest || !seatEldest {
		if holder = clubHolder(hands, known, eldest, r.lowClub); holder < 0 {
			holder = sure
		}
		if !seatEldest {
			leader = holder
		}
	}
	return leader, holder
}

// The rotation (RULES §2): who deals each round and where it passes.

// NextDealer returns the dealer of a round among its seats (global, in table order) at a
// table of n, after prev, the previous round's dealer (-1 before the first round): the first
// round's dealer is the first seat (a tie-break's, the first of its players after seat 0),
// each later one the next of the round's seats clockwise after prev.
func NextDealer(seats []int, prev, n int, tiebreak bool) int {
	switch {
	case prev >= 0:
		return nextIn(seats, prev+1, n)
	case tiebreak:
		return nextIn(seats, 0, n)
	}
	return seats[0]
}

// Eldest returns the seat after the dealer among a round's seats (global, in table order) at
// a table of n: the first to play (RULES §2).
func Eldest(seats []int, dealer, n int) int { return nextIn(seats, dealer+1, n) }

// PassDir returns where a round passes after normal normal rounds: the table's pass cycle;
// a tie-break holds, and so does every round of a table that does not pass (no pass count,
// or the Spades family).
func PassDir(t *rulesets.Table, normal int, tiebreak bool) rulesets.PassDirection {
	if tiebreak || t.PassCount == 0 || t.RS.Family == rulesets.Spades {
		return rulesets.PassHold
	}
	return t.Pass[normal%len(t.Pass)]
}

// PassOffset returns how many seats onwards a round of table t at n seats passing dir
// passes, and whether it passes at all: the one answer to "does this round pass?" (RULES §7).
func PassOffset(t *rulesets.Table, dir rulesets.PassDirection, n int) (off int, passes bool) {
	off, _ = dir.Offset(n)
	if off == 0 || t.PassCount == 0 || t.RS.Family == rulesets.Spades {
		return 0, false
	}
	return off, true
}

// Passing is where a round's pass lines go (RULES §7): by the applied rules, and by the
// transcript's own rules where it has them (the passes the table played).
type Passing struct {
	Off, OwnOff       int
	Passes, OwnPasses bool
}

// PassingOf returns the round's Passing (its seats, table, directions and own rules set).
func (r *PlayedRound) PassingOf() Passing {
	n := len(r.Seats)
	var p Passing
	p.Off, p.Passes = PassOffset(r.Table, r.PassDir, n)
	p.OwnOff, p.OwnPasses = p.Off, p.Passes
	if r.Own != nil {
		p.OwnOff, p.OwnPasses = PassOffset(r.Own, r.OwnPass, n)
	}
	return p
}

// To returns the local seat a pass line from local seat l that names no recipient passed to
// at n seats: where the transcript's own rules pass, else where the applied rules do; -1
// where neither passes (the line cannot be applied).
func (p Passing) To(l, n int) int {
	switch {
	case p.OwnPasses:
		return (l + p.OwnOff) % n
	case p.Passes:
		return (l + p.Off) % n
	}
	return -1
}

// Taking is what the seats of a round took in its tricks, by local seat.
type Taking struct {
	Won    [MaxSeats]Hand // cards won in tricks (or taken, in a tally)
	Tricks [MaxSeats]int  // tricks won (Spades tallies: tricks taken)
	// Carried counts the tricks nobody won (all cancelled).
	Carried int
	// LastToLeader: the last trick was all cancelled and went to its leader.
	LastToLeader bool

	carried Hand // the cards of cancelled tricks, waiting for the next trick won
}

// Take gives a trick's cards to w, its winner (local seat; -1 when every card that could win
// is cancelled, see Winner), with the cards of the cancelled tricks before it. A cancelled
// trick's cards go on to the next trick won; the last trick's go to its leader, without
// counting as a trick won (RULES §7).
func (t *Taking) Take(cards []parse.Card, leader, w int, last bool) {
	var trick Hand
	for _, c := range cards {
		bit := parse.CardSet(1) << c // trick.Add(c)
		trick.B |= trick.A & bit
		trick.A |= bit
	}
	t.TakeHand(trick, leader, w, last)
}

// TakeHand is Take of a trick's cards as a Hand (each card added as Hand.Add adds it).
func (t *Taking) TakeHand(trick Hand, leader, w int, last bool) {
	switch {
	case w >= 0:
		t.win(trick, w)
	case last:
		t.Won[leader] = union(t.Won[leader], union(trick, t.carried))
		t.carried = Hand{}
		t.Carried++
		t.LastToLeader = true
	default:
		t.carried = union(t.carried, trick)
		t.Carried++
	}
}

// win is TakeHand of a trick won by w (>= 0).
func (t *Taking) win(trick Hand, w int) {
	if t.carried.A|t.carried.B != 0 { // none but after a trick all cancelled (two decks)
		trick = union(trick, t.carried)
		t.carried = Hand{}
	}
	t.Won[w] = union(t.Won[w], trick)
	t.Tricks[w]++
}
