package validate

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// copies returns how many copies of c the round's deck holds.
func copies(t *rulesets.Table, c parse.Card) int {
	n := 0
	if t.Deck.Has(c) {
		n++
	}
	if t.Deck2.Has(c) {
		n++
	}
	return n
}

// over reports whether a trial replay (diagnose.go) has more violations than it may.
func (r *PlayedRound) over() bool { return r.budget > 0 && len(r.Violations) >= r.budget }

func (r *PlayedRound) viol(rule string, trick int, player string, c parse.Card, pos parse.Pos, format string, args ...any) {
	msg := ""
	if r.budget == 0 { // a trial replay needs no words
		msg = fmt.Sprintf(format, args...)
	}
	r.Violations = append(r.Violations, Violation{Round: r.Number, Trick: trick, Player: player, Card: c,
		Rule: rule, Msg: msg, Pos: pos})
}

// round replays one round; it returns false after an input error (in v.errs).
func (v *Validator) round(g *parse.Game, r *PlayedRound) bool {
	src := r.Src
	if !v.statements(g, r) {
		return false
	}
	var known [MaxSeats]bool // the hands known from the deal (and passes)
	v.deal(g, r, &known)
	v.passes(g, r, &known)

	// A tally instead of the play (FORMAT.md: a round without tricks may give one).
	if len(src.Tricks) > 0 && (len(src.Took) > 0 || len(src.Taken) > 0) {
		pos := src.Pos
		switch {
		case len(src.Took) > 0:
			pos = src.Took[0].Pos
		case len(src.Taken) > 0:
			pos = src.Taken[0].Pos
		}
		v.errs.Addf(pos, "a tally in a round that records its tricks: a round gives its tricks or a tally, not both")
		return false
	}
	if src.IsSheet() {
		r.Sheet = true // scored from its figures (package score)
		return true
	}
	if len(src.Tricks) == 0 && src.Claim == nil {
		return v.tally(g, r, &known)
	}
	return v.play(g, r, &v.hands.hands, &known)
}

// statements takes a round's own statements: the recorded moon choice, the bids (a bid
// missing in Spades), and the names of the score and total lines.
func (v *Validator) statements(g *parse.Game, r *PlayedRound) bool {
	src, t := r.Src, r.Table
	n := len(r.Seats)
	spades := t.RS.Family == rulesets.Spades
	for _, m := range src.Moon {
		if l := r.local(g, m.Player, m.Pos); l >= 0 {
			r.MoonSeat, r.MoonScoring = l, m.Scoring
		}
	}
	for _, b := range src.Bids {
		if b.N < 0 || b.N > t.HandSize {
			v.errs.Addf(b.Pos, "%s bid %s: a bid is 0 to %d tricks (the hand size)", b.Player, b.String(), t.HandSize)
			return false
		}
		if l := r.local(g, b.Player, b.Pos); l >= 0 {
			if r.HasBid[l] {
				first := r.Bids[l].Pos
				v.errs.Addf(b.Pos, "%s bids twice in this round (first at %d:%d)", b.Player, first.Line, first.Col)
				return false
			}
			r.Bids[l], r.HasBid[l], r.bid = b, true, true
		}
	}
	if spades && !src.IsSheet() { // a sheet round records no bids
		pos := src.Pos
		if len(src.Bids) > 0 {
			pos = src.Bids[0].Pos
		}
		for l := 0; l < n; l++ {
			if !r.HasBid[l] {
				r.viol(BidMissing, 0, r.name(g, l), parse.NoCard, pos, "%s has no bid this round", r.name(g, l))
			}
		}
	}
	for _, c := range src.Score {
		switch {
		case isSide(g, t.RS, c.Player):
		case r.notSide(g, t.RS, c.Player, c.Pos):
		default:
			r.local(g, c.Player, c.Pos)
		}
	}
	for _, c := range src.Total { // running totals cover every player, tie-breaks included
		if !isSide(g, t.RS, c.Player) && !r.notSide(g, t.RS, c.Player, c.Pos) && seatOf(g.Players, c.Player) < 0 {
			r.viol(UnknownPlayer, 0, c.Player, parse.NoCard, c.Pos, "%q is not a player%s (players: %s)", c.Player, parse.DidYouMean(c.Player, g.Players), joinNames(g.Players))
		}
	}

	return true
}

// deal takes the hands dealt, into the Validator's scratch (v.hands): known[l] is set for
// each seat whose deal is written.
func (v *Validator) deal(g *parse.Game, r *PlayedRound, known *[MaxSeats]bool) {
	src, t := r.Src, r.Table
	n := len(r.Seats)
	// The hands, scratch of the Validator's cleared for the round's seats (the only ones
	// looked at): a new array of every seat's each round is more to clear.
	sh := &v.hands
	for l := 0; l < n; l++ {
		l := l & (MaxSeats - 1) // n <= MaxSeats
		sh.hands[l] = Hand{}
		sh.dealt[l] = Hand{}
		sh.out[l] = Hand{}
		sh.in[l] = Hand{}
		sh.inferred[l] = Hand{}
	}
	dealt := &sh.dealt
	var deckSeen Hand
	for i := range src.Deal {
		d := &src.Deal[i] // in place: a copy of each line is a copy of its fields
		l := r.local(g, d.Player, d.Pos)
		if l < 0 {
			continue
		}
		if known[l] {
			r.viol(DeckMismatch, 0, d.Player, parse.NoCard, d.Pos, "%s is dealt twice", d.Player)
			continue
		}
		known[l] = true
		if len(d.Cards) != t.HandSize {
			r.viol(DealSize, 0, d.Player, parse.NoCard, d.Pos, "%s was dealt %d cards, expected %d", d.Player, len(d.Cards), t.HandSize)
		}
		if t.Deck2 == 0 { // one deck: a card is in it or not, dealt once or not, one bit each
			if m := cardMask(d.Cards); m.Len() == len(d.Cards) && m&^t.Deck == 0 && m&deckSeen.A == 0 {
				// Distinct cards of the deck, none dealt before: what the loop below does.
				deckSeen.A |= m
				dealt[l].A |= m
				continue
			}
			for _, c := range d.Cards {
				bit := parse.CardSet(1) << c
				switch {
				case t.Deck&bit == 0:
					r.viol(DeckMismatch, 0, d.Player, c, d.Pos, "%s is not in the deck with %d players", c, n)
				case deckSeen.A&bit != 0:
					r.viol(DeckMismatch, 0, d.Player, c, d.Pos, "%s is dealt twice", c)
				default:
					deckSeen.A |= bit
					dealt[l].A |= bit
				}
			}
			continue
		}
		for _, c := range d.Cards {
			switch {
			case copies(t, c) == 0:
				r.viol(DeckMismatch, 0, d.Player, c, d.Pos, "%s is not in the deck with %d players", c, n)
			case deckSeen.Count(c) >= copies(t, c):
				r.viol(DeckMismatch, 0, d.Player, c, d.Pos, "%s is dealt twice", c)
			default:
				deckSeen.Add(c)
				dealt[l].Add(c)
			}
		}
	}

}

// passes applies the pass lines to the hands dealt, judged by the applied rules, and sets the
// hands as the play begins (v.hands.hands) for the seats whose hands are then known.
func (v *Validator) passes(g *parse.Game, r *PlayedRound, known *[MaxSeats]bool) {
	src, t := r.Src, r.Table
	n := len(r.Seats)
	sh := &v.hands
	hands, dealt, out, in := &sh.hands, &sh.dealt, &sh.out, &sh.in
	// Judged by the applied rules. A pass line that names no recipient passed where
	// the transcript's own rules pass this round, else where the applied rules do (RULES §7).
	pp := r.PassingOf()
	passing, ownPassing := pp.Passes, pp.OwnPasses
	var passed [MaxSeats]bool
	npassed, unapplied := 0, false
	noPass := parse.Set(t.RS.NoPass...)
	for i := range src.Passes {
		p := &src.Passes[i] // in place: a copy of each line is a copy of its fields
		l := r.local(g, p.Player, p.Pos)
		if l < 0 {
			continue
		}
		to := pp.To(l, n)
		if p.To != "" {
			if to = r.local(g, p.To, p.Pos); to < 0 {
				continue
			}
		}
		if !passing {
			r.viol(PassDirection, 0, p.Player, parse.NoCard, p.Pos, "%s passed cards; this round has no passing", p.Player)
			if to < 0 {
				unapplied = true
				continue
			}
		} else {
			exp := (l + pp.Off) % n
			switch {
			case to >= 0 && to != exp && p.To == "":
				r.viol(PassDirection, 0, p.Player, parse.NoCard, p.Pos, "%s passed %s (to %s), as the game was played; this round passes %s (to %s)",
					p.Player, r.OwnPass, r.name(g, to), r.PassDir, r.name(g, exp))
			case to >= 0 && to != exp:
				r.viol(PassDirection, 0, p.Player, parse.NoCard, p.Pos, "%s passed to %s; this round passes %s (to %s)",
					p.Player, p.To, r.PassDir, r.name(g, exp))
			}
			if len(p.Cards) != t.PassCount {
				r.viol(PassCount, 0, p.Player, parse.NoCard, p.Pos, "%s passed %d cards, expected %d", p.Player, len(p.Cards), t.PassCount)
			}
		}
		if passed[l] {
			r.viol(PassCount, 0, p.Player, parse.NoCard, p.Pos, "%s passes twice", p.Player)
			unapplied = true
			continue
		}
		passed[l] = true
		npassed++
		v.moveCards(r, p, l, to, known[l], noPass)
	}
	if passing && npassed > 0 && npassed < n {
		pos := src.Passes[len(src.Passes)-1].Pos
		for l := 0; l < n; l++ {
			if !passed[l] {
				r.viol(PassCount, 0, r.name(g, l), parse.NoCard, pos, "%s passed 0 cards, expected %d: no pass line, where others have one (a round whose passes are not known gives none)", r.name(g, l), t.PassCount)
			}
		}
	}
	sh.passed = !unapplied && npassed > 0
	handsKnown := !unapplied && (!ownPassing || npassed == n)
	r.lowSure = -1
	if lc := lowestClub(t); lc != parse.NoCard && copies(t, lc) == 1 {
		for l := 0; l < n; l++ {
			if known[l] && dealt[l].Has(lc) && !out[l].Has(lc) {
				r.lowSure = l // whatever happened to the passes, it stayed in this hand
			}
		}
	}
	for l := 0; l < n; l++ {
		known[l] = known[l] && handsKnown
		if known[l] {
			h := dealt[l]
			if h.B == 0 && out[l].B == 0 {
				h.A &^= out[l].A // each card of out[l] removed
			} else {
				eachCard(out[l], func(c parse.Card) { h.Remove(c) })
			}
			hands[l] = union(h, in[l]) // each card of in[l] added
		}
	}

}

// moveCards moves the cards of pass p from seat l to seat to (v.hands' out and in), with
// the transcript errors of the cards themselves: a card that may not be passed, one not in
// the hand dealt (known: l's deal is written), one passed twice.
func (v *Validator) moveCards(r *PlayedRound, p *parse.Pass, l, to int, known bool, noPass parse.CardSet) {
	t, sh := r.Table, &v.hands
	out, in := &sh.out, &sh.in
	if m := cardMask(p.Cards); m.Len() == len(p.Cards) && m&noPass == 0 && (!known || m&^sh.dealt[l].A == 0) {
		// Distinct cards that may be passed, from the hand dealt where it is known: what
		// the loop below does (out[l] is empty: l passes once).
		out[l].A = m
		in[to] = union(in[to], Hand{A: m})
		return
	}
	var dup Hand
	for _, c := range p.Cards {
		if noPass.Has(c) {
			r.viol(PassForbidden, 0, p.Player, c, p.Pos, "%s may not be passed", c)
		}
		if known && !sh.dealt[l].Has(c) {
			r.viol(NotInHand, 0, p.Player, c, p.Pos, "%s cannot pass %s: it is not in the hand dealt", p.Player, c)
		}
		if out[l].Count(c) >= max(copies(t, c), 1) {
			if !dup.Has(c) { // once per card, however many times it is repeated
				r.viol(DuplicateCard, 0, p.Player, c, p.Pos, "%s passes %s twice", p.Player, c)
				dup.Add(c)
			}
			continue
		}
		out[l].Add(c)
		in[to].Add(c)
	}
}

// tally takes a round recorded as what each player took (cards, or Spades tricks) instead of
// the play; a round with neither is incomplete.
func (v *Validator) tally(g *parse.Game, r *PlayedRound, known *[MaxSeats]bool) bool {
	src, t := r.Src, r.Table
	r.Tally = len(src.Took) > 0 || len(src.Taken) > 0
	var taken Hand
	for _, tk := range src.Took {
		l := r.local(g, tk.Player, tk.Pos)
		if l < 0 {
			continue
		}
		for _, c := range tk.Cards {
			switch {
			case copies(t, c) == 0:
				r.viol(NotInHand, 0, tk.Player, c, tk.Pos, "%s cannot have taken %s: it is not in the deck", tk.Player, c)
			case taken.Count(c) >= copies(t, c):
				r.viol(DuplicateCard, 0, tk.Player, c, tk.Pos, "%s is taken twice", c)
			default:
				taken.Add(c)
				r.Won[l].Add(c)
			}
		}
	}
	sum := 0
	for _, tk := range src.Taken {
		if tk.N < 0 || tk.N > t.HandSize {
			v.errs.Addf(tk.Pos, "%s took %d tricks: a player takes 0 to %d", tk.Player, tk.N, t.HandSize)
			return false
		}
		if l := r.local(g, tk.Player, tk.Pos); l >= 0 {
			sum += tk.N - r.Tricks[l]
			r.Tricks[l] = tk.N
		}
	}
	if sum > t.HandSize {
		v.errs.Addf(src.Taken[0].Pos, "the tricks taken add up to %d; a round has %d", sum, t.HandSize)
		return false
	}
	if !r.Tally {
		v.incomplete(g, r, &v.hands.hands, known) // a round with neither play nor tally
	}
	return true

}

// play replays the tricks of a round: leaders and winners first, then the legality of each
// card against the hands (known from the deal, or inferred from the play).
func (v *Validator) play(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, known *[MaxSeats]bool) bool {
	src, t, rules := r.Src, r.Table, r.Rules
	n := len(r.Seats)
	copy(r.known[:n], known[:n]) // the seats from n on are zero in both: r is a new round
	copy(r.start[:n], hands[:n])
	eldest := r.Local(Eldest(r.Seats, r.Dealer, len(g.Players)))

	firstLead, lc := rules.FirstLeadRule()
	firstLeader, holder := rules.FirstLeader(r.Own, hands[:n], known[:n], eldest, r.lowSure)

	// Pass 1: leaders, winners, and who played what.
	nt := len(src.Tricks)
	v.leaders = grow(v.leaders, nt)
	v.winners = grow(v.winners, nt)
	v.bad = growBool(v.bad, nt*n)
	v.seenOK = false // (playedBefore)
	allKnown, free := freeCards(t, hands, known, n)
	var inf *inference // the hands not known, nil when every hand is
	if !allKnown {
		inf = &inference{known: known, inferred: &v.hands.inferred, away: v.passedAway(t, n, known), free: free, start: free.A, bad: v.bad, n: n, twins: free.B != 0}
	}
	next := firstLeader
	// Simple hands (see simpleHands) play their clean tricks in one pass (cleanTricks); the rest,
	// from the first trick that is not clean, takes the two passes below.
	from, broken := 0, false
	if allKnown && !v.opts.twoPasses && simpleHands(hands, n) {
		from, next, broken = v.cleanTricks(g, r, hands, next, false)
	}
	for ti := from; ti < nt; ti++ {
		if ti, next = v.plainTricks(g, r, ti, next); ti == nt {
			break
		}
		tr := &src.Tricks[ti]
		if len(tr.Cards) != n {
			v.errs.Addf(tr.Pos, "trick %d has %d cards, expected %d (one per player)%s", ti+1, len(tr.Cards), n, leftOut(src, t, n))
			return false
		}
		leader, ok := v.trickLeader(g, r, tr, ti, next)
		if !ok {
			return false
		}
		v.leaders[ti] = int8(leader)
		if ti < len(r.leaders) {
			r.leaders[ti] = int8(leader)
		}
		w := rules.Winner(tr.Cards, rules.LedSuit(tr.Cards))
		if w >= 0 {
			if w += leader; w >= n { // w < n, leader < n
				w -= n
			}
		}
		v.winners[ti] = int8(w)
		next = NextLeader(leader, w)
		if ti < len(r.winners) {
			r.winners[ti] = v.winners[ti]
		}
	}
	if inf != nil {
		inf.take(src.Tricks, v.leaders)
	}
	v.settleInferred(r, hands, known)
	// Without the deal, the hands inferred from the play are complete now: the holder of the
	// lowest club nearest eldest is known (two decks may hold two). With every hand known,
	// FirstLeader has looked at them all (and the clean tricks have been played from them).
	if holder < 0 && firstLead != rulesets.FirstLeadEldest && !allKnown {
		holder = clubHolder(hands[:n], nil, eldest, lc)
	}

	// Pass 2: legality, and the cards won.
	if r.over() {
		return true // a trial replay past its budget (diagnose.go): the rest does not matter
	}
	if nt > 0 {
		v.firstLead(g, r, &src.Tricks[0], int(v.leaders[0]), eldest, holder, lc, firstLead)
		// Hands inferred without a card that cannot be held are as good as known for pass 2:
		// their clean tricks take the one pass too. Not past a trial's budget, where pass 2
		// stops after the first trick.
		if inf != nil && !r.over() && !v.opts.twoPasses && inf.clean(nt) && simpleHands(hands, n) {
			from, _, broken = v.cleanTricks(g, r, hands, int(v.leaders[0]), true)
		}
	}
	if from < nt && !v.judge(g, r, hands, known, from, broken) { // from == nt: every trick was clean
		return true
	}
	r.Played = len(src.Tricks)
	switch {
	case src.Claim != nil:
		v.claim(g, r, hands, known, next)
	case r.Played < t.HandSize:
		v.incomplete(g, r, hands, known)
	}
	return true
}

// freeCards reports whether every hand is known and, when not, the copies of the deck's
// cards that the known hands do not hold: the cards the other seats may play.
func freeCards(t *rulesets.Table, hands *[MaxSeats]Hand, known *[MaxSeats]bool, n int) (allKnown bool, free Hand) {
	allKnown = true
	for l := 0; l < n; l++ {
		allKnown = allKnown && known[l]
	}
	if allKnown {
		return true, Hand{}
	}
	free = Hand{A: t.Deck | t.Deck2, B: t.Deck & t.Deck2} // a copy for each deck that has the card
	for l := 0; l < n; l++ {
		if known[l] {
			eachCard(hands[l], func(c parse.Card) { free.Remove(c) }) // none left: nobody else plays it
		}
	}
	return false, free
}

// settleInferred makes the hands inferred from the play (pass 1 of play) the hands of the
// seats whose hand is not known.
func (v *Validator) settleInferred(r *PlayedRound, hands *[MaxSeats]Hand, known *[MaxSeats]bool) {
	inferred := &v.hands.inferred
	for l := range r.Seats {
		if !known[l] {
			if v.hands.passed && r.Table.Deck2 == 0 {
				// A card received is held after the pass, played or not (RULES "Hand").
				inferred[l].A |= v.hands.in[l].A
			}
			hands[l] = inferred[l]
			r.start[l] = inferred[l] // for Round.View: each card counted once
		}
	}
}

// passedAway returns, for each seat whose hand is not known, the cards the round's passes put
// out of it (RULES "Hand": without the deal, a player's hand after passing is what they play,
// less what they passed away, plus what they received): the cards it passed and did not get
// back, and the cards another seat received. One deck only: with two, a card passed may have
// a twin in the same hand.
func (v *Validator) passedAway(t *rulesets.Table, n int, known *[MaxSeats]bool) (away [MaxSeats]parse.CardSet) {
	sh := &v.hands
	if !sh.passed || t.Deck2 != 0 {
		return away
	}
	var recv parse.CardSet
	for l := 0; l < n; l++ {
		recv |= sh.in[l].A
	}
	for l := 0; l < n; l++ {
		if !known[l] {
			away[l] = (sh.out[l].A | recv) &^ sh.in[l].A
		}
	}
	return away
}

// trickLeader returns who leads trick ti (tr): the name written, else next (the previous
// winner, or the first leader). A name nobody has is reported when the leader is known
// without it; otherwise, like a first leader that cannot be known, it is an input error (ok
// false).
func (v *Validator) trickLeader(g *parse.Game, r *PlayedRound, tr *parse.Trick, ti, next int) (int, bool) {
	leader := next
	if tr.Leader != "" {
		gs := seatOf(g.Players, tr.Leader)
		l := -1
		if gs >= 0 {
			l = r.Local(gs)
		}
		switch {
		case l < 0 && next < 0:
			v.errs.Addf(tr.Pos, "unknown leader %q%s (players in this round: %s)", tr.Leader, parse.DidYouMean(tr.Leader, r.names(g)), joinNames(r.names(g)))
			v.noLeader = ti + 1
			return -1, false
		case l < 0:
			// The leader is known without the name: report it and go on from there.
			r.viol(UnknownPlayer, ti+1, tr.Leader, parse.NoCard, tr.Pos, "unknown leader %q%s (players in this round: %s); %s leads",
				tr.Leader, parse.DidYouMean(tr.Leader, r.names(g)), joinNames(r.names(g)), r.name(g, next))
			l = next
		case ti > 0 && next >= 0 && l != next:
			r.viol(WrongLeader, ti+1, tr.Leader, tr.Cards[0], tr.Pos, "%s led trick %d; %s should lead it", tr.Leader, ti+1, r.name(g, next))
		}
		leader = l
	}
	if leader < 0 {
		v.errs.Addf(tr.Pos, "the first leader cannot be known: name the leader (trick NAME: ...) or give the deal and passes")
		v.noLeader = ti + 1
		return -1, false
	}
	return leader, true
}

// plainTricks is pass 1 of play for the tricks from ti on while they are plain: one card a
// seat, no leader named but the one due (namesLeader), the leader known, one deck and a
// suited lead (Winner is suitedWinner). It takes their leaders and winners, and returns the
// first trick that is not plain (or the number of tricks) and its leader. It calls nothing
// but namesLeader (for a named trick), so that the loop keeps its values in registers.
func (v *Validator) plainTricks(g *parse.Game, r *PlayedRound, ti, next int) (int, int) {
	tricks, rules, n := r.Src.Tricks, r.Rules, len(r.Seats)
	leaders, winners := v.leaders, v.winners
	if r.Table.Deck2 != 0 || next < 0 || n == 0 {
		return ti, next
	}
	for ; ti < len(tricks); ti++ {
		tr := &tricks[ti]
		if len(tr.Cards) != n || tr.Leader != "" && !r.namesLeader(g, tr.Leader, next) {
			break
		}
		c0 := tr.Cards[0]
		if c0 >= parse.NumCards || rules.suitOf[c0] == parse.NoSuit {
			break
		}
		leader := next
		next = wrap(next+rules.suitedWinner(tr.Cards, rules.suitOf[c0]), n)
		leaders[ti], winners[ti] = int8(leader), int8(next)
		if ti < len(r.leaders) {
			r.leaders[ti], r.winners[ti] = int8(leader), int8(next)
		}
	}
	return ti, next
}

// inference is pass 1 of play's account of the hands not known (RULES "Hand"): each card
// such a seat plays takes a copy of the free cards (the deck's copies that no known hand
// holds, less those taken before) if there is one and the passes did not put it out of the
// hand (away, passedAway's), and goes into the seat's inferred hand; one that cannot take a
// copy cannot be held (bad, by trick*n+k, for pass 2). The cards of a known hand are judged
// against it in pass 2.
type inference struct {
	known    *[MaxSeats]bool
	inferred *[MaxSeats]Hand // cleared for the round's seats (round)
	away     [MaxSeats]parse.CardSet
	free     Hand
	start    parse.CardSet // free.A before the first trick
	bad      []bool
	n        int
	// twins: the free cards hold two copies of some card (free.B). Without, a card taken
	// leaves the free cards for good, so that no hand takes it twice: the copies' second
	// bits (B) stay empty and need no work.
	twins bool
}

// clean reports whether every card of the nt tricks taken (each a card a seat) that a hand
// not known played took a copy of the free cards, one deck's: no card is bad, so that each
// card played is in its player's inferred hand until it is played, as in a hand known.
func (s *inference) clean(nt int) bool {
	unknown := 0
	for l := 0; l < s.n; l++ {
		if !s.known[l&(MaxSeats-1)] {
			unknown++
		}
	}
	return !s.twins && (s.start&^s.free.A).Len() == nt*unknown
}

// take takes the cards of the tricks, each a card a seat, trick ti led by seat leaders[ti],
// as trick does a trick at a time: at once (takeClean) when the tricks are clean.
func (s *inference) take(tricks []parse.Trick, leaders []int8) {
	if !s.twins && s.takeClean(tricks, leaders) {
		return
	}
	for ti := range tricks {
		s.trick(tricks[ti].Cards, ti, int(leaders[ti]))
	}
}

// takeClean takes the cards of the tricks as take does when they are clean (see clean):
// each card a hand not known plays is a card of the free cards (one deck: no twins), none
// played twice, none the passes put out of its hand. Then each seat's inferred hand is what
// it played, and no card is bad. It reports whether they are; when not, it changes nothing.
func (s *inference) takeClean(tricks []parse.Trick, leaders []int8) bool {
	var played [MaxSeats]parse.CardSet
	n := s.n
	if n == 4 {
		if !playedByFour(tricks, leaders, (*[4]parse.CardSet)(played[:4])) {
			return false
		}
	} else {
		for ti := range tricks {
			p := int(leaders[ti])
			for _, c := range tricks[ti].Cards {
				played[p&(MaxSeats-1)] |= cardBits[c] // p < n <= MaxSeats
				p = wrap(p+1, n)
			}
		}
	}
	var all parse.CardSet
	unknown := 0
	for l := 0; l < n; l++ {
		if l := l & (MaxSeats - 1); !s.known[l] {
			if played[l]&s.away[l] != 0 {
				return false
			}
			all |= played[l]
			unknown++
		}
	}
	// Each of the tricks' cards a hand not known plays, one a seat, is a card of its own.
	if all.Len() != len(tricks)*unknown || all&^s.free.A != 0 {
		return false
	}
	for l := 0; l < n; l++ {
		if l := l & (MaxSeats - 1); !s.known[l] {
			s.inferred[l].A |= played[l]
		}
	}
	s.free.A &^= all
	clear(s.bad)
	return true
}

// playedByFour sets the cards each of four seats plays in the tricks, trick ti led by seat
// leaders[ti], in played; false (played not complete) when a trick has not four cards. The
// four cards of a trick are one word, turned so that each seat's card is its byte: the cards
// of the trick in registers, not in the array.
func playedByFour(tricks []parse.Trick, leaders []int8, played *[4]parse.CardSet) bool {
	var p0, p1, p2, p3 parse.CardSet
	leaders = leaders[:len(tricks)]
	for ti := range tricks {
		cards := cardBytes(tricks[ti].Cards)
		if len(cards) != 4 {
			return false
		}
		// Byte k is card k, seat leader+k's: turned left by the leader's bytes, byte l is seat l's.
		x := bits.RotateLeft32(binary.LittleEndian.Uint32(cards), 8*int(leaders[ti]&3))
		p0 |= cardBits[uint8(x)]
		p1 |= cardBits[uint8(x>>8)]
		p2 |= cardBits[uint8(x>>16)]
		p3 |= cardBits[uint8(x>>24)]
	}
	*played = [4]parse.CardSet{p0, p1, p2, p3}
	return true
}

// trick takes the cards of trick ti (one a seat), led by seat leader.
func (s *inference) trick(cards []parse.Card, ti, leader int) {
	known, inferred, away, free, twins, n := s.known, s.inferred, &s.away, s.free, s.twins, s.n
	bad := s.bad[ti*n:][:len(cards)]
	p := leader
	for k, c := range cards {
		if q := p & (MaxSeats - 1); !known[q] { // p < n <= MaxSeats
			// take: the card's bit when it takes a copy (0 for a card outside the sets),
			// moved from free to the hand as Remove and Add would, without a branch but on
			// twins.
			take := free.A &^ away[q] & (parse.CardSet(1) << c)
			h := &inferred[q]
			free.A &^= take
			if twins {
				twin := free.B & take // a second copy stays free
				free.B &^= twin
				free.A |= twin
				h.B |= h.A & take
			}
			h.A |= take
			bad[k] = take == 0
		}
		p = wrap(p+1, n) // p is (leader + k) % n
	}
	s.free = free
}

// options are a Validator's test switches, off in the zero value: twoPasses plays every
// trick through passes 1 and 2, as the oracle of the one pass over clean tricks (cleanTricks).
type options struct{ twoPasses bool }

// simpleHands reports whether the n hands, every one known, are simple: one copy of each
// card in them (one deck, nothing passed twice over), so that a card played is one bit
// cleared.
func simpleHands(hands *[MaxSeats]Hand, n int) bool {
	var b parse.CardSet
	for l := 0; l < n; l++ {
		b |= hands[l].B
	}
	return b == 0
}

// namesLeader reports whether a trick's leader name is the seat next, the leader due: as
// trickLeader takes it, such a trick is the same as one with no name (no report, the same
// leader), so the one-pass loops need not stop at it. Transcripts often name every leader.
func (r *PlayedRound) namesLeader(g *parse.Game, name string, next int) bool {
	return next >= 0 && next < len(r.Seats) && seatOf(g.Players, name) == r.Seats[next]
}

// cleanTricks plays the tricks from the first on while they are clean, passes 1 and 2 of
// play in one: plain for pass 1 (see plainTricks), with simple hands (simpleHands), every
// card held, surely legal (Rules.surelyLegal) and played once in the trick, so that
// neither pass has anything to report. It returns the first trick that is not clean (the
// hands as they were before it), its leader, and the break state before it: passes 1 and 2
// go on from there as they would have after these tricks, which gave them nothing to
// report. With taken, pass 1 has been made (the hands not known inferred from the play): the
// tricks are pass 2's alone, with the leaders and winners pass 1 took (v.leaders, v.winners).
func (v *Validator) cleanTricks(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, next int, taken bool) (ti, leader int, broken bool) {
	tricks := r.Src.Tricks
	if r.Table.Deck2 != 0 || next < 0 || len(r.Seats) == 0 || len(v.leaders) < len(tricks) || len(v.winners) < len(tricks) {
		return 0, next, false
	}
	s := cleanScan{g: g, r: r, rules: r.Rules, hands: hands, tricks: tricks, leaders: v.leaders, winners: v.winners, next: next, taken: taken}
	// The hands inferred from the play (taken) keep run: runFour, fewer instructions, took
	// more CPU time there in paired runs.
	if len(r.Seats) == 4 && !taken {
		s.runFour()
	} else {
		s.run()
	}
	return s.ti, s.next, s.broken
}

// cleanScan is cleanTricks' place: trick ti, led by next, with broken the break state
// before it; taken: pass 1 took the leaders and winners (cleanTricks).
type cleanScan struct {
	g                *parse.Game
	r                *PlayedRound
	rules            *Rules
	hands            *[MaxSeats]Hand
	tricks           []parse.Trick
	leaders, winners []int8
	ti, next         int
	broken, taken    bool
}

// run plays the clean tricks from s on. It takes each trick's leader and winner as
// plainTricks does (the keys of Rules.suitedWinner, the first card of the highest key
// winning: best holds the key above, 15 less the card's position below, so that of equal
// keys the first is the highest), or as pass 1 took them (taken), plays its cards as
// cardScan.run does, and gives it to its winner (Taking.win, TakeHand's). It calls nothing
// but namesLeader (for a named trick, without taken), and what a trick needs after its cards
// it reads again from s, so that the loop over the cards keeps its values in registers.
func (s *cleanScan) run() {
	for ; s.ti < len(s.tricks); s.ti++ {
		tr := &s.tricks[s.ti]
		cards, n := tr.Cards, len(s.r.Seats)
		if s.taken { // pass 1 took the trick's leader (a name it reported or not) and winner
			if s.next = int(s.leaders[s.ti]); len(cards) != n || s.winners[s.ti] < 0 {
				return
			}
		} else if len(cards) != n || tr.Leader != "" && !s.r.namesLeader(s.g, tr.Leader, s.next) {
			return
		}
		rules := s.rules
		c := cards[0]
		if c >= parse.NumCards || rules.suitOf[c] == parse.NoSuit {
			return
		}
		led := rules.suitOf[c]
		bit := parse.CardSet(1) << (c & 63)
		hands := s.hands
		h := &hands[s.next&(MaxSeats-1)] // next < n <= MaxSeats
		if h.A&bit == 0 || bit&rules.noLead(s.broken) != 0 {
			return // not held, or a lead surelyLegal leaves to Judge
		}
		keys, taken := &rules.winKey[led&3], s.taken
		suit, ban := rules.mask[led&7], rules.banned(s.ti)
		h.A &^= bit
		won, best := bit, int(keys[c])<<4|(MaxSeats-1)
		p := wrap(s.next+1, n)
		k := 1
		for ; k < len(cards); k++ {
			c := cards[k]
			if c >= parse.NumCards {
				break
			}
			bit := parse.CardSet(1) << (c & 63)
			h := &hands[p&(MaxSeats-1)] // p < n <= MaxSeats
			a := h.A
			if a&bit == 0 || won&bit != 0 {
				break // not held, or played twice: pass 2 reports it
			}
			// Following the suit led is always legal (Judge says so too).
			if bit&suit == 0 && !surelyDiscards(a, bit, suit, ban) {
				break // Judge's to say
			}
			h.A = a &^ bit // h.Remove(c): B is empty
			won |= bit
			if !taken {
				best = maxInt(best, int(keys[c])<<4|(MaxSeats-1-k))
			}
			p = wrap(p+1, n)
		}
		if k < len(cards) {
			s.undo(k)
			return
		}
		ti, leader, r := s.ti, s.next, s.r
		next := int(s.winners[ti])
		if !s.taken {
			next = wrap(leader+MaxSeats-1-best&(MaxSeats-1), n)
			s.leaders[ti], s.winners[ti] = int8(leader), int8(next)
			if ti < len(r.leaders) {
				r.leaders[ti], r.winners[ti] = int8(leader), int8(next)
			}
		}
		s.broken = s.broken || s.rules.BreaksAny(won) // every card of the trick, once
		r.win(Hand{A: won}, next)
		s.next = next
	}
}

// runFour is run at four seats without taken (the hands known): a trick's cards one word
// (each seat's card its byte, the seats' hands at fixed places, no seat wrapped a card at a
// time), its leader and winner as run takes them, and the scan's state in registers, not
// in s. A trick is clean as in run:
// each card one of the deck, held and played once in the trick; the lead not of noLead (the
// cards surelyLegal does not let lead); each card after it following suit or a discard
// surelyDiscards allows.
func (s *cleanScan) runFour() {
	tricks, leaders, winners, hands, rules, r := s.tricks, s.leaders, s.winners, s.hands, s.rules, s.r
	ti, next, broken := s.ti, s.next, s.broken
	leaders, winners = leaders[:len(tricks)], winners[:len(tricks)] // cleanTricks tests their lengths
	for ; ti < len(tricks); ti++ {
		tr := &tricks[ti]
		if len(tr.Cards) != 4 || tr.Leader != "" && !r.namesLeader(s.g, tr.Leader, next) {
			break
		}
		x := binary.LittleEndian.Uint32(cardBytes(tr.Cards))
		if offBytes(uint64(x)) != 0 || rules.suitOf[uint8(x)] == parse.NoSuit {
			break
		}
		// The cards turned left by the leader's bytes, byte l is seat l's (as in playedByFour):
		// the seats' hands at fixed places.
		led, lead := rules.suitOf[uint8(x)], cardBits[uint8(x)]
		y := bits.RotateLeft32(x, 8*(next&3))
		b0, b1, b2, b3 := cardBits[uint8(y)], cardBits[uint8(y>>8)], cardBits[uint8(y>>16)], cardBits[uint8(y>>24)]
		won := b0 | b1 | b2 | b3
		// Four cards, each one bit below bit NumCards: held each by its seat, and none twice
		// (the sum of the bits is their union: a bit twice would add more, without overflow).
		// The hands are read where they are, not kept in registers.
		if hands[0].A&b0|hands[1].A&b1|hands[2].A&b2|hands[3].A&b3 != won || b0+b1+b2+b3 != won || lead&rules.noLead(broken) != 0 {
			break
		}
		// Following the suit led is always legal (Judge says so too; the lead is of the suit
		// led); a discard is surelyDiscards'.
		if suit, ban := rules.mask[led&7], rules.banned(ti); won&^suit != 0 &&
			!(follows(hands[0].A, b0, suit, ban) && follows(hands[1].A, b1, suit, ban) && follows(hands[2].A, b2, suit, ban) && follows(hands[3].A, b3, suit, ban)) {
			break
		}
		hands[0].A &^= b0 // Remove: B is empty
		hands[1].A &^= b1
		hands[2].A &^= b2
		hands[3].A &^= b3
		leader := next
		next = (leader + winnerOfFour(&rules.winKey[led&3], x)) & 3
		leaders[ti], winners[ti] = int8(leader), int8(next)
		if ti < len(r.leaders) {
			r.leaders[ti], r.winners[ti] = int8(leader), int8(next)
		}
		broken = broken || rules.BreaksAny(won) // every card of the trick, once
		r.win(Hand{A: won}, next&3)
	}
	s.ti, s.next, s.broken = ti, next, broken
}

// follows reports whether card bit, from held, follows suit (the cards of the suit led) or is
// a discard surelyDiscards allows (ban: the cards banned from the trick).
func follows(held, bit, suit, ban parse.CardSet) bool {
	return bit&suit != 0 || surelyDiscards(held, bit, suit, ban)
}

// wrap returns p, less n when p >= n (0 <= p < 2n), without a branch: in the card loops
// the seat after the last is a turn that the predictor cannot learn.
func wrap(p, n int) int {
	q := p - n
	return q + n&(q>>63)
}

// maxInt is max(a, b) without a branch (a-b within int's range): which card of a trick is
// highest is a branch the predictor cannot learn.
func maxInt(a, b int) int {
	d := b - a
	return a + d&^(d>>63)
}

// undo gives the first k cards of trick ti back to their hands: passes 1 and 2 take the
// trick.
func (s *cleanScan) undo(k int) {
	cards, n := s.tricks[s.ti].Cards, len(s.r.Seats)
	for j, p := 0, s.next; j < k; j++ {
		s.hands[p&(MaxSeats-1)].A |= parse.CardSet(1) << (cards[j] & 63)
		if p++; p == n {
			p = 0
		}
	}
}

// judge is pass 2 of play: the legality of each card against the hands (known, or inferred
// from the play), and the cards and tricks won, from trick from on (with broken the break
// state before it: the tricks before are cleanTricks'). It returns false when a trial replay
// (diagnose.go) went past its budget.
func (v *Validator) judge(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, known *[MaxSeats]bool, from int, broken bool) bool {
	src := r.Src
	sc := cardScan{hands: hands, known: known, bad: v.bad, rules: r.Rules, n: len(r.Seats)}
	for ti := from; ti < len(src.Tricks); ti++ {
		if ti > 0 && r.over() {
			return false // the rest does not matter
		}
		tr := &src.Tricks[ti]
		leader := int(v.leaders[ti])
		sc.ti, sc.before = ti, broken
		sc.k, sc.p, sc.led, sc.won = 0, leader, parse.NoSuit, Hand{}
		for {
			sc.run(tr.Cards)
			if sc.k == len(tr.Cards) {
				break
			}
			v.card(g, r, &sc, tr)
		}
		broken = broken || r.Rules.BreaksAny(sc.won.A) // A: every card of the trick, once
		r.TakeHand(sc.won, leader, int(v.winners[ti]), ti == len(src.Tricks)-1 && src.Claim == nil)
	}
	return true
}

// cardScan is pass 2 of play within a trick: where it is (card k, played by seat p), and the
// trick so far (the suit led, its cards).
type cardScan struct {
	hands  *[MaxSeats]Hand
	known  *[MaxSeats]bool
	bad    []bool // the cards of the hands not known that cannot be held, by trick*n+k
	rules  *Rules
	n      int
	ti     int  // the trick (0-based)
	before bool // the break state before the trick
	k, p   int
	led    parse.Suit // rules.LedSuit(the trick's cards before k)
	won    Hand       // the trick's cards before k
}

// run plays the cards of the trick from k on while each is plainly fine: held, and following
// the suit led or surely legal (Rules.surelyLegal). It stops at the end of the trick or at
// the first card that needs more (a report, or Judge), which card then handles. It calls
// nothing, so that the loop keeps its values in registers.
//
// A card played twice in the trick is card's too, so that won.B, which only such a card
// sets, is left as it is.
func (s *cardScan) run(cards []parse.Card) {
	k, p, led, won := s.k, s.p, s.led, s.won.A
	hands, known, rules := s.hands, s.known, s.rules
	bad := s.bad[s.ti*s.n:][:len(cards)]
	for ; k < len(cards); k++ {
		c := cards[k]
		bit := parse.CardSet(1) << c // 0 for a card outside the sets
		h := &hands[p&(MaxSeats-1)]  // p < n <= MaxSeats
		if known[p&(MaxSeats-1)] {
			if h.A&bit == 0 { // a hand holds only cards of the deck
				break
			}
		} else if bad[k] {
			break
		}
		if won&bit != 0 {
			break
		}
		// Following the suit led is always legal (Judge says so too).
		if (k == 0 || led == parse.NoSuit || rules.suitOf[c] != led) && !rules.surelyLegal(h.A, bit, s.ti, k, led, s.before) {
			break
		}
		if h.B&bit != 0 { // h.Remove(c)
			h.B &^= bit
		} else {
			h.A &^= bit
		}
		won |= bit // won.Add(c): not there yet
		if led == parse.NoSuit {
			led = rules.suitOf[c]
		}
		if p++; p == s.n {
			p = 0
		}
	}
	s.k, s.p, s.led, s.won.A = k, p, led, won
}

// card plays card k of trick tr, the one run stopped at: a card not held is reported, a
// held one judged (Judge) and played.
func (v *Validator) card(g *parse.Game, r *PlayedRound, s *cardScan, tr *parse.Trick) {
	k, p, c := s.k, s.p, tr.Cards[s.k]
	bit := parse.CardSet(1) << c
	h := &s.hands[p]
	ok := h.A&bit != 0
	if !s.known[p] {
		ok = !s.bad[s.ti*s.n+k]
	}
	switch {
	case !ok:
		v.notHeld(g, r, s.ti, k, p, c)
	case k > 0 && s.led != parse.NoSuit && s.rules.suitOf[c] == s.led:
		// Following the suit led is always legal (Judge says so too).
	default:
		st := TrickState{Trick: s.ti + 1, Pos: k, Led: s.led, Broken: s.before}
		if rule := s.rules.Judge(*h, c, &st); rule != "" {
			v.illegal(g, r, tr, s.ti, k, p, c, rule, &st, s.known[p], *h)
		}
	}
	if ok {
		h.Remove(c)
	}
	s.won.Add(c)
	if s.led == parse.NoSuit {
		s.led = s.rules.suitOf[c]
	}
	if s.k, s.p = k+1, p+1; s.p == s.n {
		s.p = 0
	}
}

// notHeld reports card k of trick ti, c played by seat p, that p cannot hold: played
// before as often as the deck has it, or not in hand.
func (v *Validator) notHeld(g *parse.Game, r *PlayedRound, ti, k, p int, c parse.Card) {
	tr := &r.Src.Tricks[ti]
	pos := cardPos(tr, k)
	if n := copies(r.Table, c); n > 0 && v.playedBefore(r, ti, k) >= n {
		r.viol(DuplicateCard, ti+1, r.name(g, p), c, pos, "%s was already played this round", c)
	} else {
		r.viol(NotInHand, ti+1, r.name(g, p), c, pos, "%s cannot hold %s", r.name(g, p), c)
		if !r.known[p] {
			r.note(v.passedNote(g, r, p, c))
		}
	}
}

// playedBefore returns the times card k of trick ti is played before it in the round (up to
// 255). The first call of a replay counts them for every card of the round in one pass, so
// that a round of many cards not held costs its length, not its length for each of them.
func (v *Validator) playedBefore(r *PlayedRound, ti, k int) int {
	tricks := r.Src.Tricks
	if !v.seenOK {
		v.seenOK = true
		v.seen, v.seenAt = v.seen[:0], v.seenAt[:0]
		var times [256]uint8
		for tj := range tricks {
			v.seenAt = append(v.seenAt, int32(len(v.seen)))
			for _, c := range tricks[tj].Cards {
				v.seen = append(v.seen, times[c])
				if times[c] < 255 {
					times[c]++
				}
			}
		}
	}
	return int(v.seen[int(v.seenAt[ti])+k])
}

// passedNote says why seat p, whose hand is known only from the play, cannot hold c when the
// passes say so: p passed it away, or another player received it ("" otherwise).
func (v *Validator) passedNote(g *parse.Game, r *PlayedRound, p int, c parse.Card) string {
	sh := &v.hands
	if !sh.passed || r.Table.Deck2 != 0 || c >= parse.NumCards {
		return ""
	}
	l := v.passedTo(len(r.Seats), c)
	if l < 0 || l == p {
		return ""
	}
	to := r.name(g, l)
	if sh.out[p].Has(c) {
		return fmt.Sprintf("%s passed %s to %s", r.name(g, p), c, to)
	}
	return fmt.Sprintf("%s was passed to %s", c, to)
}

// passedTo returns the seat of the n that the passes gave c to, the last if several were
// (one deck: a card passed by two hands not known); -1 when none was.
func (v *Validator) passedTo(n int, c parse.Card) int {
	for l := n - 1; l >= 0; l-- {
		if v.hands.in[l].Has(c) {
			return l
		}
	}
	return -1
}

// illegal reports card k of trick ti, c played by seat p from hand h at st, that breaks rule
// (as Judge says), with a note of what p held instead.
func (v *Validator) illegal(g *parse.Game, r *PlayedRound, tr *parse.Trick, ti, k, p int, c parse.Card, rule string, st *TrickState, known bool, h Hand) {
	rules, t := r.Rules, r.Table
	name := r.name(g, p)
	pos := cardPos(tr, k)
	switch rule {
	case Revoke:
		r.viol(rule, ti+1, name, c, pos, "%s played %s on a %s lead while holding %s", name, c, st.Led, st.Led)
		r.note(v.heldNote(g, r, ti, p, known, h, rules.SuitMask(st.Led), "of the suit led"))
		r.Revokers = append(r.Revokers, p)
	case FirstTrickPenalty:
		r.viol(rule, ti+1, name, c, pos, "%s discarded %s on trick 1 while holding a card without points", name, c)
		r.note(v.heldNote(g, r, ti, p, known, h, ^t.Penalty, "without points"))
	default:
		r.viol(rule, ti+1, name, c, pos, "%s led %s before %s were broken", name, c, SuitName(rules.brk))
		r.note(v.heldNote(g, r, ti, p, known, h, ^(rules.SuitMask(rules.brk) | rules.fools), "to lead instead"))
	}
}

// cardMask returns the set of the cards (a card outside the sets adds nothing).
func cardMask(cards []parse.Card) parse.CardSet {
	var m parse.CardSet
	for ; len(cards) >= 4; cards = cards[4:] { // a load a card, where the shift needs a test of c
		m |= cardBits[cards[0]] | cardBits[cards[1]] | cardBits[cards[2]] | cardBits[cards[3]]
	}
	switch len(cards) { // the last three at most, at once (a pass of three)
	case 3:
		m |= cardBits[cards[0]] | cardBits[cards[1]] | cardBits[cards[2]]
	case 2:
		m |= cardBits[cards[0]] | cardBits[cards[1]]
	case 1:
		m |= cardBits[cards[0]]
	}
	return m
}

// cardBits holds the set of each card value: the card alone, empty for a value outside the
// sets (as 1 << c is).
var cardBits = func() (b [256]parse.CardSet) {
	for c := range 64 {
		b[c] = 1 << c
	}
	return
}()

// union is the multiset union of two hands as Add makes it: a card present twice or more
// counts twice.
func union(a, b Hand) Hand { return Hand{A: a.A | b.A, B: a.B | b.B | a.A&b.A} }

// leftOut names the cards a short trick seems to have lost: in a round whose other tricks are
// all there, the cards of the deck that are played nowhere ("" otherwise).
func leftOut(src *parse.Round, t *rulesets.Table, n int) string {
	if len(src.Tricks) != t.HandSize {
		return ""
	}
	var played Hand
	short := 0
	for _, tr := range src.Tricks {
		short += n - len(tr.Cards)
		for _, c := range tr.Cards {
			played.Add(c)
		}
	}
	var left Hand
	eachCard(Hand{A: t.Deck, B: t.Deck2}, func(c parse.Card) {
		if !played.Remove(c) {
			left.Add(c)
		}
	})
	if short < 1 || left.Len() != short || played.Len() != 0 {
		return ""
	}
	return "; not played in the round: " + left.String()
}

// incomplete reports a played round with fewer tricks than the hand size, once, at its last
// trick line (or its round line), with the cards not played where the hands are known.
func (v *Validator) incomplete(g *parse.Game, r *PlayedRound, hands *[MaxSeats]Hand, known *[MaxSeats]bool) {
	pos := r.Src.Pos
	if nt := len(r.Src.Tricks); nt > 0 {
		pos = r.Src.Tricks[nt-1].Pos // the trick's statement (text) or node (YAML, JSON)
	}
	msg := fmt.Sprintf("round %d has %d of %d tricks", r.Number, r.Played, r.Table.HandSize)
	sep := ": not played: "
	for l := range r.Seats {
		if known[l] && hands[l].A != 0 {
			msg += sep + r.name(g, l) + " " + hands[l].String()
			sep = ", "
		}
	}
	r.viol(IncompleteRound, 0, "", parse.NoCard, pos, "%s", msg)
}

// note sets the note of the last violation.
func (r *PlayedRound) note(s string) {
	if len(r.Violations) > 0 {
		r.Violations[len(r.Violations)-1].Note = s
	}
}

// heldNote says which cards of mask the player of seat p held at trick ti: from the hand
// dealt, or, with the hands inferred from the play, where the first of them is played later.
func (v *Validator) heldNote(g *parse.Game, r *PlayedRound, ti, p int, known bool, h Hand, mask parse.CardSet, what string) string {
	held := Hand{A: h.A & mask, B: h.B & mask}
	if held.A == 0 || r.budget > 0 {
		return ""
	}
	name := r.name(g, p)
	if known {
		return fmt.Sprintf("%s held %s %s", name, held.String(), what)
	}
	n := len(r.Seats)
	for tj := ti; tj < len(r.Src.Tricks) && tj < len(v.leaders); tj++ {
		tr := &r.Src.Tricks[tj]
		for k, c := range tr.Cards {
			if (int(v.leaders[tj])+k)%n == p && held.Has(c) && tj > ti {
				return fmt.Sprintf("%s held %s %s (%s is played to trick %d)", name, held.String(), what, c, tj+1)
			}
		}
	}
	return fmt.Sprintf("%s held %s %s", name, held.String(), what)
}

func (v *Validator) firstLead(g *parse.Game, r *PlayedRound, tr *parse.Trick, leader, eldest, holder int, lc parse.Card, rule rulesets.FirstLead) {
	c0 := tr.Cards[0]
	name := r.name(g, leader)
	pos := tr.Pos
	dealer := g.Players[r.Dealer]
	switch rule {
	case rulesets.FirstLeadEldest:
		if leader != eldest {
			r.viol(FirstLead, 1, name, c0, pos, "%s led to trick 1; eldest %s leads", name, r.name(g, eldest))
			r.note(fmt.Sprintf("first-lead=eldest: the player after the dealer, %s, leads trick 1 (%s deals)", r.name(g, eldest), dealer))
		}
	case rulesets.FirstLeadAnyClub:
		switch {
		case holder >= 0 && leader != holder:
			r.viol(FirstLead, 1, name, c0, pos, "%s led to trick 1; %s holds the lowest club %s and leads", name, r.name(g, holder), lc)
			r.note(fmt.Sprintf("first-lead=any-club: the holder of the lowest club in play (%s) leads trick 1, with any club", lc))
		case !r.Rules.FirstLeadCards(rule, lc).Has(c0):
			r.viol(FirstLead, 1, name, c0, pos, "%s led %s to trick 1; a club must be led", name, c0)
			r.note("first-lead=any-club: trick 1 is led with a club")
		}
	default: // lowest-club
		switch {
		case !r.Rules.FirstLeadCards(rule, lc).Has(c0):
			r.viol(FirstLead, 1, name, c0, pos, "%s led %s to trick 1; the lowest club %s must be led", name, c0, lc)
			who := ""
			if holder >= 0 {
				who = fmt.Sprintf(" (%s holds it)", r.name(g, holder))
			}
			r.note(fmt.Sprintf("first-lead=lowest-club: trick 1 is led with the lowest club in play, %s%s", lc, who))
		case holder >= 0 && leader != holder:
			r.viol(FirstLead, 1, name, c0, pos, "%s led %s to trick 1; %s holds it and leads", name, c0, r.name(g, holder))
			r.note(fmt.Sprintf("first-lead=lowest-club: the holder of %s leads trick 1", lc))
		}
	}
}

// eachCard calls f for every card of h, copies included, without allocating.
func eachCard(h Hand, f func(parse.Card)) {
	for _, s := range [2]parse.CardSet{h.A, h.B} {
		for s != 0 {
			c := s.Lowest()
			f(c)
			s &= s - 1
		}
	}
}

func grow(s []int8, n int) []int8 {
	if cap(s) < n {
		return make([]int8, n)
	}
	return s[:n]
}

func growBool(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	return s[:n]
}

func (r *PlayedRound) names(g *parse.Game) []string {
	out := make([]string, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = g.Players[s]
	}
	return out
}

// isSide reports whether name is a side of a partnership game ("ann+cat", seats 1+3 or
// 2+4), as its score and total lines may name them.
func isSide(g *parse.Game, rs *rulesets.Ruleset, name string) bool {
	return rs.IsSide(g.Players, name)
}

// notSide reports a score or total line's name that looks like a side ("ann+bob") but is not
// one of the partnership's (a side named in either order is one: isSide); false when the
// name has no '+' or the game has no sides.
func (r *PlayedRound) notSide(g *parse.Game, rs *rulesets.Ruleset, name string, pos parse.Pos) bool {
	if !strings.Contains(name, "+") || !rs.Partnership(len(g.Players)) {
		return false
	}
	sides, _ := rs.Units(g.Players)
	r.viol(UnknownPlayer, 0, name, parse.NoCard, pos, "%q is not a side%s (sides: %s)", name, parse.DidYouMean(name, sides), strings.Join(sides, ", "))
	return true
}
