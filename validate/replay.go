// Package validate replays transcripts under a ruleset: seats and dealer rotation, the deck
// for the player count, deal checks, passes, bids, tricks and their winners, and the legality
// of every play. Illegal plays and transcript errors are collected as Violations with
// positions; input that cannot be read as a game is returned as a parse.ErrorList.
//
// Four rule codes need a game's scores and are the scorer's (package score declares and
// reports them: blind-not-allowed, after-game-end, score-mismatch, bad-tiebreak), which is
// why `tricks validate` scores every game too. The rules of play (rules.go: Rules, FirstLeader, NextDealer, PassDir,
// Taking) are exported for the game generator, package score/simulate, which plays by them.
package validate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// MaxSeats bounds the table size.
const MaxSeats = 16

// Replay is a game played through.
type Replay struct {
	Game    *parse.Game
	Rules   *rulesets.Ruleset
	Players []string
	Rounds  []*PlayedRound

	// storage that ReplayOwnInto reuses: the rounds, and room for the pointers to them
	store []PlayedRound
	ptrs  []*PlayedRound
}

// PlayedRound is one round played through. Per-seat arrays are indexed by the round's local seat:
// an index into Seats (the participants in table order; every player outside tie-breaks).
type PlayedRound struct {
	Number   int // 1-based, in transcript order
	Src      *parse.Round
	Table    *rulesets.Table
	Rules    *Rules
	Tiebreak bool
	Seats    []int         // global seat of each participant
	seatBuf  [MaxSeats]int // a tie-break's Seats
	Dealer   int           // global seat
	PassDir  rulesets.PassDirection
	Tally    bool
	// Own is the transcript's own rules at this table, when they are not the rules applied
	// (RULES §7 "The recorded play is a fact"): they resolve what the transcript leaves
	// implicit (a pass line's recipient, an unnamed first leader), and their deck is the one
	// in play. OwnPass is their pass direction this round. Nil and PassUnset without own rules.
	Own     *rulesets.Table
	OwnPass rulesets.PassDirection

	Taking     // who took what
	Played int // tricks recorded
	// Claimed is the number of tricks a claim gave out after the tricks recorded (RULES §7
	// "Claims"); Sheet marks a sheet round, which records only the table's figures (score
	// and/or total lines: RULES §7 "Sheet rounds"), scored from them.
	Claimed int
	Sheet   bool
	// Revokers lists the local seat of each revoke, in play order.
	Revokers []int
	// Fixed is the round as the diagnosis corrected it, nil when it applied no slip: a card of a
	// trick, deal or pass written for another, a wrong leader name, two cards swapped, a trick
	// written in seat order or written twice (not a trick left out, whose order of play is a
	// guess, nor a broken line mended). FixedBy is the diagnostic that says which.
	Fixed   *parse.Round
	FixedBy Violation
	// reordered is the trick (1-based; 0 none) whose cards the diagnosis read in another order
	// than written (two swapped, or written round from another seat than its leader's), and
	// reorderedCards those cards in play order: View shows the trick as read.
	reordered      int
	reorderedCards []parse.Card

	Bids   [MaxSeats]parse.Bid // Spades
	HasBid [MaxSeats]bool
	bid    bool // a bid is recorded: HasBid holds a true (Reset)
	// Moon holds a recorded moon choice: local seat and "old"/"new"; seat -1 when none.
	MoonSeat    int
	MoonScoring string

	Violations []Violation

	known [MaxSeats]bool // hands known from the deal (and passes) when the play began
	start [MaxSeats]Hand // those hands as the play began; the others as the play shows them (pass 1)
	// leaders and winners of the tricks as the replay took them (local seats; winner -1:
	// every winning card cancelled), for View.
	leaders, winners [parse.MaxTricks]int8
	// lowSure is the local seat that surely holds the lowest club from the deal, even where
	// the passes cannot be applied (dealt it and did not pass it); -1 when none is sure.
	lowSure int
	// budget, when > 0, stops a trial replay (diagnose.go) once it has that many violations.
	budget int
}

// Local returns the local seat of global seat g, or -1.
func (r *PlayedRound) Local(g int) int {
	if g >= 0 && g < len(r.Seats) && r.Seats[g] == g {
		return g // every seat up to g plays (the seats are in table order): most rounds
	}
	for i, s := range r.Seats {
		if s == g {
			return i
		}
	}
	return -1
}

// Validator replays games. It keeps scratch space between games; use one per goroutine.
type Validator struct {
	// Diagnose: when a round replays with violations, look for the one slip of the pen that
	// explains them (diagnose.go) and report it instead of its consequences. A reader of
	// transcripts written at the table wants it; a checker of generated games, where every
	// illegal play is meant, leaves it off.
	Diagnose bool

	tables map[tableKey]*Rules
	recent [recentSlots]recentRules // tables looked up lately, each in its key's slot (recentSlot)
	errs   parse.ErrorList
	// scratch for one round
	hands   roundHands
	leaders []int8
	winners []int8
	bad     []bool // a card that cannot be held (transcript error), by trick*n+pos
	dropped []int  // the tricks a mended round leaves out, as written (recover.go)
	trials  int    // edits the diagnosis has tried in this game, weighted (diagnose.go)
	// trialCards: the cards of the rounds the diagnosis replayed as trials in this game, the
	// work its budget bounds (for tests)
	trialCards int
	// searched: the positions the claims' searches looked at in this game (claim.go), which
	// the slip search counts as work of its trials
	searched int
	// trialSearched: those of the searches in the slip search's readings (for tests)
	trialSearched int
	// claimed: the positions the searches of the claims as read looked at in this game, and
	// claimLimit the limit of the last one (claim.go); diagnosing: the slip search is on
	claimed, claimLimit int
	diagnosing          bool
	// seen[seenAt[ti]+k]: the times card k of trick ti is played before it in the round being
	// replayed, once seenOK (playedBefore)
	seen   []uint8
	seenAt []int32
	seenOK bool
	// noLeader is the trick (1-based) whose leader the replay could not know, 0 when none
	// (recover.go)
	noLeader int
	budget   trialBudget
	opts     options // test switches (round.go)
	// scratch for diagnose: a trial round, and edited tricks and cards
	trial   PlayedRound
	edited  parse.Round
	tricks  []parse.Trick
	cardBuf []parse.Card
}

// roundHands is the scratch of round and play for the hands of a round's seats: as the play
// begins, as dealt, what each passes and receives, and (hands not known) what each plays.
type roundHands struct {
	hands, dealt, out, in, inferred [MaxSeats]Hand
	// passed: the round's pass lines were applied (out and in say what moved)
	passed bool
}

// recentRules is one entry of Validator.recent.
type recentRules struct {
	k tableKey
	r *Rules
}

// recentSlots is the size of Validator.recent: the games of a file mostly take turns among a
// few sets of rules (a game's option lines), whose tables are then found without the map's
// hash of their key.
const recentSlots = 16

// recentSlot returns the slot of Validator.recent that keeps the table of k: a hash of the
// key's pointers and figures (another key may take the slot; the map has them all).
func recentSlot(k tableKey) int {
	h := uint64(uintptr(unsafe.Pointer(k.rs))) ^ uint64(uintptr(unsafe.Pointer(k.own)))<<1 ^
		uint64(k.n)<<3 ^ uint64(btoi(k.tiebreak))
	return int(h * 0x9E3779B97F4A7C15 >> 60) // the top four bits of a Fibonacci hash
}

type tableKey struct {
	rs       *rulesets.Ruleset
	own      *rulesets.Ruleset // the deck's ruleset, nil for rs's own (see rulesIn)
	n        int
	tiebreak bool
}

// New returns a Validator.
func New() *Validator { return &Validator{tables: map[tableKey]*Rules{}} }

// Game replays g under rs with a fresh Validator.
func Game(g *parse.Game, rs *rulesets.Ruleset) (*Replay, error) { return New().Replay(g, rs) }

// RulesFor returns the compiled rules of rs for n seats (cached); a tie-break table never
// passes.
func (v *Validator) RulesFor(rs *rulesets.Ruleset, n int, tiebreak bool) (*Rules, error) {
	return v.rulesIn(rs, nil, n, tiebreak)
}

// rulesIn returns the compiled rules of rs for n seats, dealt from own's deck when own is not
// nil and seats n (RULES §7: the deck in play is the one the table played with).
func (v *Validator) rulesIn(rs, own *rulesets.Ruleset, n int, tiebreak bool) (*Rules, error) {
	k := tableKey{rs, own, n, tiebreak}
	e := &v.recent[recentSlot(k)]
	if e.r != nil && e.k == k {
		return e.r, nil
	}
	if r, ok := v.tables[k]; ok {
		*e = recentRules{k, r}
		return r, nil
	}
	if v.tables == nil { // a Validator made as a literal
		v.tables = map[tableKey]*Rules{}
	}
	table := rs.Table
	if tiebreak {
		table = rs.TiebreakTable
	}
	t, err := table(n)
	if err != nil {
		return nil, err
	}
	if own != nil {
		if o, err := v.RulesFor(own, n, tiebreak); err == nil {
			t = t.WithDeckOf(o.Table)
		}
	}
	r := NewRules(t)
	if len(v.tables) > 64 {
		clear(v.tables)
		v.recent = [recentSlots]recentRules{}
	}
	v.tables[k] = r
	v.recent[recentSlot(k)] = recentRules{k, r}
	return r, nil
}

// checkPlayers checks that rs seats n players, once per ruleset and count (the check
// resolves a table, which a million games should not do a million times).
func (v *Validator) checkPlayers(rs *rulesets.Ruleset, n int) error {
	k := tableKey{rs, nil, n, false}
	e := &v.recent[recentSlot(k)]
	if e.r != nil && e.k == k {
		return nil
	}
	if r, ok := v.tables[k]; ok {
		*e = recentRules{k, r}
		return nil
	}
	if err := rs.CheckPlayers(n); err != nil {
		return err
	}
	_, err := v.RulesFor(rs, n, false)
	return err
}

// Replay plays g through under rs. The error, when not nil, is a parse.ErrorList of input
// that cannot be read as a game (RULES §7), every round's: the replay is then incomplete.
func (v *Validator) Replay(g *parse.Game, rs *rulesets.Ruleset) (*Replay, error) {
	return v.ReplayOwn(g, rs, nil)
}

// ReplayOwn plays g through under rs as the table played it under own, the transcript's own
// rules (its game and option lines; nil when it has none): RULES §7 "The recorded play is a
// fact". own resolves what the transcript leaves implicit (a pass line's recipient, an
// unnamed first leader) and deals the deck; rs judges the play and scores it. Own rules of
// another family, or that cannot seat the game, are not used; own == rs is the plain replay.
func (v *Validator) ReplayOwn(g *parse.Game, rs, own *rulesets.Ruleset) (*Replay, error) {
	if g == nil || rs == nil {
		return nil, errors.New("validate: a nil game or ruleset")
	}
	rp, rounds := newReplay(g, Replay{Game: g, Rules: rs, Players: g.Players})
	return rp, v.replay(rp, rounds, g, rs, own)
}

// ReplayOwnInto is ReplayOwn into rp, reusing its storage: whatever rp held before (its
// rounds, their violations) is overwritten, so nothing of an earlier replay into rp may be
// in use. A worker that keeps one Replay per game in flight replays without allocating
// (but for the messages of violations); rp keeps room for the longest game it replayed.
func (v *Validator) ReplayOwnInto(rp *Replay, g *parse.Game, rs, own *rulesets.Ruleset) error {
	if g == nil || rs == nil || rp == nil {
		return errors.New("validate: a nil game, ruleset or replay")
	}
	return v.replay(rp, rp.reuse(g, rs), g, rs, own)
}

// replay plays g through into rp, whose rounds are to be filled in rounds (zero values).
func (v *Validator) replay(rp *Replay, rounds []PlayedRound, g *parse.Game, rs, own *rulesets.Ruleset) error {
	v.errs, v.trials, v.trialCards, v.searched, v.trialSearched = v.errs[:0], 0, 0, 0, 0
	v.claimed, v.claimLimit, v.diagnosing = 0, 0, false // nothing of the game before
	if v.budget == (trialBudget{}) {
		v.budget = trialBudget{roundTrials, gameTrials}
	}
	n := len(g.Players)
	if err := v.checkPlayers(rs, n); err != nil {
		v.errs.Add(g.PlayersPos, err.Error())
		return v.failed()
	}
	if n > MaxSeats {
		v.errs.Addf(g.PlayersPos, "%d players: at most %d can be seated", n, MaxSeats)
		return v.failed()
	}
	if own == rs || own != nil && (own.Family != rs.Family || v.checkPlayers(own, n) != nil) {
		own = nil
	}
	dealer := -1 // previous round's dealer
	normal := 0  // normal rounds so far (the pass cycle position)
	all := seatsOf(n)
	for i, src := range g.Rounds {
		badTrick, err := checkCards(src, n)
		if err != nil {
			v.errs.Add(roundPos(src, g), fmt.Sprintf("round %d: %v", i+1, err))
			continue
		}
		r := &rounds[i]
		r.Number, r.Src, r.Seats, r.MoonSeat = i+1, src, all, -1 // r is zero: set only these (a whole PlayedRound is 1.6 KB to copy)
		if src.Tiebreak != nil {
			r.Tiebreak = true
			r.Seats = v.seatList(g, r, src.Tiebreak, src.Pos)
			if r.Seats == nil {
				continue // the error is collected; the other rounds are still checked
			}
		}
		// Dealer.
		named := -1 // the dealer named, -1 when none is (or the name is nobody's)
		if src.Dealer != "" {
			named = seatOf(g.Players, src.Dealer)
		}
		if named >= 0 {
			r.Dealer = named
		} else {
			r.Dealer = NextDealer(r.Seats, dealer, n, r.Tiebreak)
		}
		if src.Dealer != "" && named < 0 {
			r.viol(UnknownPlayer, 0, src.Dealer, parse.NoCard, src.DealerPos, "unknown dealer %q%s (players: %s); the dealer by rotation, %s, deals",
				src.Dealer, parse.DidYouMean(src.Dealer, g.Players), joinNames(g.Players), g.Players[r.Dealer])
		}
		dealer = r.Dealer
		rules, err := v.rulesIn(rs, own, len(r.Seats), r.Tiebreak)
		if err != nil {
			v.errs.Add(src.Pos, err.Error())
			continue
		}
		r.Rules, r.Table = rules, rules.Table
		if own != nil {
			if o, err := v.RulesFor(own, len(r.Seats), r.Tiebreak); err == nil {
				r.Own, r.OwnPass = o.Table, PassDir(o.Table, normal, r.Tiebreak)
			}
		}
		r.PassDir = PassDir(r.Table, normal, r.Tiebreak)
		if !r.Tiebreak {
			normal++
		}
		var mended []Violation
		if r.Tiebreak { // fewer seats than players: checkCards counted the cards of a trick for n
			badTrick = hasBadTrick(src, len(r.Seats))
		}
		if badTrick {
			r.Src, mended = v.mendTricks(g, r) // recover.go
		}
		pre, ne := len(r.Violations), len(v.errs)
		v.noLeader = 0
		if !v.round(g, r) {
			guess, ok := v.guessLeader(g, r, ne) // recover.go
			if !ok {
				continue // an input error in this round: collected, and the next rounds checked too
			}
			mended = append(mended, guess)
		}
		v.diagnose(g, r, pre)
		if mended != nil {
			v.renumber(r.Violations)
			r.Violations = append(r.Violations, mended...)
		}
		SortViolations(r.Violations, r.Src) // source order
		rp.Rounds = append(rp.Rounds, r)
	}
	if len(v.errs) > 0 {
		return v.failed()
	}
	return nil
}

// failed returns a copy of the errors collected: the Validator reuses its list for the next
// game while the caller may still be printing this one's.
func (v *Validator) failed() parse.ErrorList {
	if len(v.errs) > maxErrors { // as the readers cap theirs (parse/LIMITS.md)
		more := v.errs[maxErrors]
		return append(append(parse.ErrorList(nil), v.errs[:maxErrors]...), &parse.Error{Pos: more.Pos, Msg: "too many errors"})
	}
	return append(parse.ErrorList(nil), v.errs...)
}

// maxErrors bounds the input errors reported for one game; the rest are summarised.
const maxErrors = 100

// nextIn returns the first seat of seats at or clockwise after global seat from.
func nextIn(seats []int, from, n int) int {
	for k := 0; k < n; k++ {
		g := (from + k) % n
		for _, s := range seats {
			if s == g {
				return g
			}
		}
	}
	return seats[0]
}

// seatList resolves a tie-break's players to seats in table order. An unknown name is an
// unknown-player violation; fewer than two known players is an input error.
func (v *Validator) seatList(g *parse.Game, r *PlayedRound, names []string, pos parse.Pos) []int {
	seats := r.seatBuf[:0]
	var seen [MaxSeats]bool // the players are at most MaxSeats (checked before the rounds)
	for _, name := range names {
		s := seatOf(g.Players, name)
		if s < 0 {
			r.viol(UnknownPlayer, 0, name, parse.NoCard, pos, "unknown player %q in tie-break%s (players: %s)", name, parse.DidYouMean(name, g.Players), joinNames(g.Players))
			continue
		}
		seen[s] = true
	}
	for i, ok := range seen[:len(g.Players)] {
		if ok {
			seats = append(seats, i)
		}
	}
	if len(seats) < 2 {
		v.errs.Addf(pos, "a tie-break needs at least two of the players (%s)", joinNames(g.Players))
		return nil
	}
	return seats
}

// seatOf returns the seat of the player called name, -1 when nobody is. The names of a
// game's statements are mostly its players' own strings (the text reader hands them out so):
// the same bytes at the same place, which the first loop finds without comparing them.
func seatOf(players []string, name string) int {
	for i, p := range players {
		if len(p) == len(name) && unsafe.StringData(p) == unsafe.StringData(name) {
			return i
		}
	}
	for i, p := range players {
		if p == name {
			return i
		}
	}
	return -1
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += " "
		}
		s += n
	}
	return s
}

func (r *PlayedRound) add(v Violation) { r.Violations = append(r.Violations, v) }

// local resolves a player name to a local seat, reporting unknown-player when it is not at
// the table of this round.
func (r *PlayedRound) local(g *parse.Game, name string, pos parse.Pos) int {
	if gs := seatOf(g.Players, name); gs >= 0 {
		if l := r.Local(gs); l >= 0 {
			return l
		}
	}
	r.unknown(g, name, pos)
	return -1
}

// unknown reports a name that local cannot seat.
func (r *PlayedRound) unknown(g *parse.Game, name string, pos parse.Pos) {
	if seatOf(g.Players, name) >= 0 {
		r.add(Violation{Round: r.Number, Player: name, Card: parse.NoCard, Rule: UnknownPlayer,
			Msg: fmt.Sprintf("%s does not play in this tie-break", name), Pos: pos})
		return
	}
	r.add(Violation{Round: r.Number, Player: name, Card: parse.NoCard, Rule: UnknownPlayer,
		Msg: fmt.Sprintf("%q is not a player%s (players: %s)", name, parse.DidYouMean(name, g.Players), joinNames(g.Players)), Pos: pos})
}

// name returns the player name of a local seat.
func (r *PlayedRound) name(g *parse.Game, l int) string { return g.Players[r.Seats[l]] }

// checkCards refuses a round no reader makes but a program may: nil, or holding a card
// outside the deck's numbering (parse.Card values from 0 to NumCards-1). Looking at the
// tricks, it also reports whether one has not n cards (hasBadTrick's test) when it does not
// refuse the round.
func checkCards(src *parse.Round, n int) (badTrick bool, err error) {
	if src == nil {
		return false, errors.New("no round (nil)")
	}
	off, badTrick := offDeck(src, n)
	if !off {
		return badTrick, nil
	}
	var top parse.Card
	for i := range src.Tricks {
		for _, c := range src.Tricks[i].Cards {
			top = max(top, c)
		}
	}
	for _, lists := range [][]parse.PlayerCards{src.Deal, src.Took} {
		for _, l := range lists {
			for _, c := range l.Cards {
				top = max(top, c)
			}
		}
	}
	for _, p := range src.Passes {
		for _, c := range p.Cards {
			top = max(top, c)
		}
	}
	return false, fmt.Errorf("card number %d is not a card (0 to %d)", top, parse.NumCards-1)
}

// offDeck reports whether a round holds a card outside the deck's numbering, and whether a
// trick has not n cards (checkCards).
func offDeck(src *parse.Round, n int) (off, badTrick bool) {
	var offs uint64
	short := 0                               // not 0 when a trick has not n cards
	tricks, passes := src.Tricks, src.Passes // loaded once
	for i := range tricks {
		b := cardBytes(tricks[i].Cards)
		short |= len(b) ^ n
		if len(b) == 4 { // a trick of four: one word, inline
			offs |= offBytes(uint64(binary.LittleEndian.Uint32(b)))
		} else {
			offs |= offCards(tricks[i].Cards)
		}
	}
	for i := range src.Deal {
		offs |= offCards(src.Deal[i].Cards)
	}
	for i := range src.Took {
		offs |= offCards(src.Took[i].Cards)
	}
	for i := range passes {
		if b := cardBytes(passes[i].Cards); len(b) == 3 { // a pass of three: one word, inline
			offs |= offBytes(uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16)
		} else {
			offs |= offCards(passes[i].Cards)
		}
	}
	return offs != 0, short != 0
}

// offCards returns a value other than 0 when a card of cards is not one (NumCards or more).
// It looks at eight cards at a time, the last eight of a list of more than eight looked at
// again; at a list of four to eight in one word (its first four and last four), and of fewer
// in one too; and it does not branch on the cards, which are in no order a branch could
// learn (offBytes).
func offCards(cards []parse.Card) uint64 {
	b := cardBytes(cards)
	n := len(b)
	switch {
	case n >= 8:
		var off uint64
		for i := 0; i+8 < n; i += 8 {
			off |= offBytes(binary.LittleEndian.Uint64(b[i:]))
		}
		return off | offBytes(binary.LittleEndian.Uint64(b[n-8:]))
	case n >= 4:
		return offBytes(uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32)
	case n > 0: // b[n>>1] is the middle of three, the second of two
		return offBytes(uint64(b[0]) | uint64(b[n>>1])<<8 | uint64(b[n-1])<<16)
	}
	return 0
}

// offBytes returns a value other than 0 when a byte of x is NumCards or more: adding
// 128 - NumCards to a byte below 128 sets its top bit when it is NumCards or more, and a byte
// of 128 or more has it already. A carry out of a byte comes only from a byte of 128 or more,
// so it changes nothing of whether the result is 0.
func offBytes(x uint64) uint64 {
	const ones = 0x0101010101010101
	return (x + (128-parse.NumCards)*ones | x) & (0x80 * ones)
}

// cardBytes returns the bytes of cards (a Card is a byte).
func cardBytes(cards []parse.Card) []byte {
	return unsafe.Slice((*byte)(unsafe.SliceData(cards)), len(cards))
}

// roundPos is where a round's error is reported: its statement, else the players line.
func roundPos(src *parse.Round, g *parse.Game) parse.Pos {
	if src != nil && src.Pos.IsValid() {
		return src.Pos
	}
	return g.PlayersPos
}
