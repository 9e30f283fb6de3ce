package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tricks-dev/tricks/parse"
)

// Diagnosis: a transcript written at the table has slips, and one slip read literally shows as
// many violations (a changed card changes a trick's winner, so every later leader, hand and
// card is blamed). When a round replays with violations, diagnose tries the single edits a
// person makes (one card written for another, two cards of a trick swapped, a trick's cards
// written in seat order rather than from its leader, a wrong leader name, a trick written twice
// or left out, a card miswritten in a deal or pass line) and replays the round with each. An
// edit that explains the violations better than the literal reading (fewer diagnostics,
// counting the slip itself as one) is reported as the one root diagnostic, with "did you mean",
// and the replay continues as corrected: winners, leaders, hands and scores follow the intended
// card. A clean round is never looked at; an edit may not blame anything the literal reading
// does not; illegal plays alone are reinterpreted only by an edit that leaves the round clean,
// and a tie with them keeps the literal reading, so a genuine revoke stays a revoke. (A tie
// with transcript errors alone goes to the edit: it says where the slip is and what was meant.)
// A round whose violations are illegal plays alone is never reinterpreted: they are the
// recorded play, scored as played, and the slip that would explain them all is only offered in
// a note.

// The bounds of the search: edits tried for one round, and for one game, so that a game
// within the input limits costs little whatever it holds. A trial replays its round, whose
// cost grows with the round's cards: each counts one trial for every trialCards cards of its
// round (or part of them), so that a round of a full deck dealt to four tries as many edits
// as it can, and a round of many long tricks proportionally fewer.
const (
	roundTrials = 2000
	gameTrials  = 20000
	trialCards  = 52
	// trialNodes: a trial also counts one trial for every trialNodes positions that the
	// search of a claim looked at in its replay (claim.go), a claim being searched again in
	// each trial of its round
	trialNodes = 64
)

// trialBudget is the search's bounds for a Validator (tests set smaller ones).
type trialBudget struct{ round, game int }

type editKind uint8

// Edit kinds, in the order of preference among equally good explanations.
const (
	editCard   editKind = iota // one card of a trick written for another
	editDeal                   // one card of a deal line
	editPass                   // one card of a pass line
	editLeader                 // a wrong leader name
	editDelete                 // a trick written twice
	editSwap                   // two cards of a trick in the wrong order
	editRotate                 // a trick's cards written round from a seat other than its leader
	editInsert                 // a trick left out
)

type hypo struct {
	kind editKind
	src  *parse.Round
	root Violation
	at   int        // trick index of the edit (insert: index of the inserted trick)
	far  int        // swap: how far apart the two cards are (a neighbour swap is likelier); rotate: 0 from the first seat
	card parse.Card // the intended card (editCard, editDeal, editPass)
	tail string     // the evidence for the intended card, for the message
	// msg, when set, makes root's message and the tail (only for the edit reported)
	msg func() (string, string)
}

// diagnoseWorth reports whether a round's violations may come from a slip: several of them,
// or any transcript error that a slip produces.
func diagnoseWorth(vs []Violation) bool {
	if len(vs) >= 2 {
		return true
	}
	for _, x := range vs {
		switch x.Rule {
		case NotInHand, DuplicateCard, WrongLeader, DeckMismatch, IncompleteRound:
			return true
		}
	}
	return false
}

// try replays the round with src instead of its own transcript; nil when src cannot be read
// as a round (an input error, dropped).
func (v *Validator) try(g *parse.Game, r *PlayedRound, src *parse.Round, budget int) *PlayedRound {
	var h *PlayedRound
	if budget > 0 { // a trial: scratch space, overwritten by the next one
		h = &v.trial
		h.Violations = h.Violations[:0]
	} else {
		h = &PlayedRound{}
	}
	*h = PlayedRound{Number: r.Number, Src: src, Table: r.Table, Rules: r.Rules, Tiebreak: r.Tiebreak, Seats: r.Seats,
		seatBuf: r.seatBuf, Dealer: r.Dealer, PassDir: r.PassDir, Own: r.Own, OwnPass: r.OwnPass, MoonSeat: -1, budget: budget, Violations: h.Violations}
	ne := len(v.errs)
	if budget > 0 {
		for _, tr := range src.Tricks {
			v.trialCards += len(tr.Cards)
		}
	}
	ok := v.round(g, h)
	if !ok || len(v.errs) > ne || h.over() {
		v.errs = v.errs[:ne]
		return nil
	}
	return h
}

// diagnose replaces the literal violations r.Violations[pre:] with the root diagnostic of
// the best single edit, when one explains them better (see above): each kind of slip is a
// generator of candidate readings, each reading replayed and weighed by consider, and judge
// picks the one reported.
func (v *Validator) diagnose(g *parse.Game, r *PlayedRound, pre int) {
	if !v.Diagnose {
		return
	}
	if !diagnoseWorth(r.Violations[pre:]) {
		return // before the copy below: most rounds are clean
	}
	d := v.newDiagnosis(g, r, pre)
	if d == nil {
		return
	}
	v.diagnosing = true
	defer func() { v.diagnosing = false }()
	for _, generate := range []func(){d.cardEdits, d.dealEdits, d.passEdits, d.leaderEdits, d.firstLeaderEdits,
		d.doubledTricks, d.swaps, d.leftOut, d.rotations} {
		if d.cut {
			break // out of budget: no edit is tried, none is made
		}
		generate()
	}
	d.judge()
}

// diagnosis is one round's search for the slip that explains its violations.
type diagnosis struct {
	v                    *Validator
	g                    *parse.Game
	r                    *PlayedRound
	pre                  int
	lit                  []Violation // the literal reading's violations
	onlyPlays, onlySlips bool
	src                  *parse.Round
	nt, n                int
	leaders              []int8
	litKnown             [MaxSeats]bool
	best                 []cand // the best readings so far, each as good
	bestCost             int
	tried                int  // readings tried, weighted (the round's budget)
	weight               int  // the trials a reading of this round counts (trialCards)
	cut                  bool // the budget ran out
	spots                []spot
	spotSet              map[spot]bool // the spots, once there are many (addSpot)
	played               [parse.NumCards]uint8
	// the literal violations by position, and by what a reading must not add (subset), once
	// there are many of them (blamed, explains)
	litPos map[parse.Pos]bool
	litKey map[violKey]bool
	left   []parse.Card // the cards of a trick left out (leftOut)
}

// cand is a reading tried and kept: its replay, its cost (the slip and what still stands) and
// the plays that contradict the recorded passes (hands unknown).
type cand struct {
	h    *hypo
	res  *PlayedRound
	cost int
	conf int
}

// spot is a card the literal replay blames: trick ti, position k.
type spot struct{ ti, k int }

// newDiagnosis sets out the search: the literal violations, and where they blame cards. Nil
// when nothing may be reinterpreted.
func (v *Validator) newDiagnosis(g *parse.Game, r *PlayedRound, pre int) *diagnosis {
	d := &diagnosis{v: v, g: g, r: r, pre: pre, src: r.Src, nt: len(r.Src.Tricks), n: len(r.Seats), litKnown: r.known}
	d.lit = append([]Violation(nil), r.Violations[pre:]...)
	// Only illegal plays, no transcript error: a slip must explain all of them, or they stand.
	// Only transcript errors: an edit as good as the literal reading explains them, and says
	// where the slip is.
	d.onlyPlays, d.onlySlips = true, true
	for _, x := range d.lit {
		d.onlyPlays = d.onlyPlays && !IsTranscriptError(x.Rule)
		d.onlySlips = d.onlySlips && IsTranscriptError(x.Rule)
	}
	if d.onlyPlays && len(d.lit) > 6 {
		return nil // that many illegal plays are meant, not one slip's doing
	}
	d.leaders = append([]int8(nil), v.leaders[:min(d.nt, len(v.leaders))]...)
	d.bestCost = len(d.lit)
	cards := 0
	for _, tr := range d.src.Tricks {
		cards += len(tr.Cards)
	}
	d.weight = max(1, (cards+trialCards-1)/trialCards)
	if len(d.lit) > manyViolations {
		d.litPos = make(map[parse.Pos]bool, len(d.lit))
		d.litKey = make(map[violKey]bool, len(d.lit))
		for _, x := range d.lit {
			d.litPos[x.Pos] = true
			d.litKey[violKey{x.Rule, x.Player, x.Pos}] = true
		}
	}
	for _, tr := range d.src.Tricks {
		for _, c := range tr.Cards {
			if c < parse.NumCards {
				d.played[c]++
			}
		}
	}
	d.findSpots()
	return d
}

// findSpots lists the cards the literal replay blames (a card played twice: every copy).
func (d *diagnosis) findSpots() {
	src := d.src
	var every [256]bool // the cards whose every copy is a spot already
	for _, x := range d.lit {
		if x.Trick < 1 || x.Trick > d.nt || (x.Rule != NotInHand && x.Rule != DuplicateCard) {
			continue
		}
		k := cardIndex(&src.Tricks[x.Trick-1], x.Card, x.Pos.Col)
		if k < 0 {
			continue
		}
		d.addSpot(x.Trick-1, k)
		if x.Rule == DuplicateCard && !every[x.Card] {
			every[x.Card] = true
			for ti := range src.Tricks {
				for k2, c := range src.Tricks[ti].Cards {
					if c == x.Card {
						d.addSpot(ti, k2)
					}
				}
			}
		}
	}
}

func (d *diagnosis) addSpot(ti, k int) {
	s := spot{ti, k}
	if d.spotSet != nil {
		if !d.spotSet[s] {
			d.spotSet[s] = true
			d.spots = append(d.spots, s)
		}
		return
	}
	if slices.Contains(d.spots, s) {
		return
	}
	d.spots = append(d.spots, s)
	if len(d.spots) > manyViolations { // a set from now on: one look-up a spot
		d.spotSet = make(map[spot]bool, 2*len(d.spots))
		for _, s := range d.spots {
			d.spotSet[s] = true
		}
	}
}

// manyViolations is the number of literal violations (or spots) past which the search looks
// them up in a set rather than a list: a round of random cards blames most of its cards, and
// each reading tried is checked against them all.
const manyViolations = 32

// violKey is what subset compares of two violations.
type violKey struct {
	rule, player string
	pos          parse.Pos
}

// blamed reports whether the literal reading blames the card or statement at pos
// (blamedAt of the literal violations).
func (d *diagnosis) blamed(pos parse.Pos) bool {
	if d.litPos == nil {
		return blamedAt(d.lit, pos)
	}
	return d.litPos[pos]
}

// explains reports whether every violation of vs is one of the literal reading's (subset).
func (d *diagnosis) explains(vs []Violation) bool {
	if d.litKey == nil {
		return subset(vs, d.lit)
	}
	for _, x := range vs {
		if !d.litKey[violKey{x.Rule, x.Player, x.Pos}] {
			return false
		}
	}
	return true
}

// blamedIn counts the blamed cards of trick ti.
func (d *diagnosis) blamedIn(ti int) int {
	k := 0
	for _, s := range d.spots {
		if s.ti == ti {
			k++
		}
	}
	return k
}

// blamedReplayed counts the blamed cards of trick ti that another trick plays too.
func (d *diagnosis) blamedReplayed(ti int) int {
	k := 0
	for _, s := range d.spots {
		if s.ti == ti && playedElsewhere(d.src, ti, d.src.Tricks[ti].Cards[s.k]) {
			k++
		}
	}
	return k
}

// playedElsewhere reports whether a trick other than ti plays c.
func playedElsewhere(src *parse.Round, ti int, c parse.Card) bool {
	for tj := range src.Tricks {
		if tj != ti && slices.Contains(src.Tricks[tj].Cards, c) {
			return true
		}
	}
	return false
}

// consider replays the round as h reads it and keeps h among the best readings when it
// explains the violations as well as the best so far: it returns the reading's cost, -1 when
// it does not explain them (or the budget ran out).
func (d *diagnosis) consider(h *hypo) int {
	v := d.v
	// A bounded search: past its budget (a round's, a game's) no edit is tried.
	if d.tried+d.weight > v.budget.round || v.trials+d.weight > v.budget.game {
		d.cut = true
		return -1
	}
	d.tried += d.weight
	v.trials += d.weight
	// At most bestCost-1 violations can do (none when illegal plays alone are explained);
	// one more, and the trial stops early.
	budget := d.bestCost
	if d.onlyPlays {
		budget = 1
	}
	searched := v.searched
	defer d.charge(searched) // the claims searched in both replays below
	res := v.try(d.g, d.r, h.src, budget)
	if res == nil {
		return -1
	}
	cost := 1 + len(res.Violations)
	if !d.explains(res.Violations) || (d.onlyPlays && len(res.Violations) > 0) {
		return -1 // a slip explains what is blamed; it does not blame anything new
	}
	c := cand{h, nil, cost, v.passConflicts(d.g, res)}
	switch {
	case cost < d.bestCost:
		d.best, d.bestCost = d.best[:0], cost
	case cost == d.bestCost && (len(d.best) > 0 || h.kind == editInsert || d.onlySlips):
	default:
		return cost
	}
	h.src = keep(h.src)
	c.res = v.try(d.g, d.r, h.src, 0) // again, in words, for keeps
	d.best = append(d.best, c)
	return cost
}

// charge counts the positions the claims' searches looked at since the count was searched,
// in the replays of a reading, as trials of the budget (trialNodes).
func (d *diagnosis) charge(searched int) {
	v := d.v
	n := v.searched - searched
	if extra := n / trialNodes; extra > 0 {
		d.tried += extra
		v.trials += extra
	}
}

// cardEdits: one card of a trick written for another (a neighbour of a blamed card).
func (d *diagnosis) cardEdits() {
	g, r, src, n := d.g, d.r, d.src, d.n
	for _, s := range d.spots {
		if d.cut {
			return
		}
		tr := &src.Tricks[s.ti]
		c := tr.Cards[s.k]
		p := -1
		if s.ti < len(d.leaders) {
			p = (int(d.leaders[s.ti]) + s.k) % n
		}
		for _, alt := range neighbours(c) {
			if copies(r.Table, alt) == 0 || int(d.played[alt]) >= copies(r.Table, alt) {
				continue
			}
			cp := d.v.editTricks(src)
			cards := d.v.cards(tr.Cards)
			cards[s.k] = alt
			cp.Tricks[s.ti].Cards = cards
			h := &hypo{kind: editCard, src: cp, at: s.ti, card: alt}
			pos := cardPos(tr, s.k)
			name := ""
			if p >= 0 {
				name = r.name(g, p)
			}
			rule := NotInHand
			other := otherPlay(src, s.ti, s.k, c)
			known := p >= 0 && d.litKnown[p]
			if other.Line > 0 && !(known && d.blamed(pos)) {
				rule = DuplicateCard // the hand is not known, or the literal reading blames the other
			}
			h.msg = func() (string, string) {
				msg := fmt.Sprintf("%s cannot hold %s", name, c)
				switch {
				case other.Line > 0 && rule == NotInHand:
					msg += fmt.Sprintf(" (it is played at %d:%d)", other.Line, other.Col)
				case other.Line > 0:
					msg = fmt.Sprintf("%s is also played at %d:%d", c, other.Line, other.Col)
				case copies(r.Table, c) == 0:
					msg = fmt.Sprintf("%s cannot hold %s: it is not in the deck", name, c)
				}
				if known {
					return msg, fmt.Sprintf("%s holds %s and never plays it", name, alt)
				}
				return msg, fmt.Sprintf("%s is never played this round", alt)
			}
			h.root = Violation{Round: r.Number, Trick: s.ti + 1, Player: name, Card: c, Rule: rule, Pos: pos}
			d.consider(h)
		}
	}
}

// dealEdits: one card of a deal line written for a card nobody is dealt.
func (d *diagnosis) dealEdits() {
	r, src, lit := d.r, d.src, d.lit
	var dealt [parse.NumCards]uint8
	for _, dl := range src.Deal {
		for _, c := range dl.Cards {
			if c < parse.NumCards {
				dealt[c]++
			}
		}
	}
	var missing []parse.Card
	for c := parse.Card(0); c < parse.NumCards; c++ {
		for k := int(dealt[c]); k < copies(r.Table, c); k++ {
			missing = append(missing, c)
		}
	}
	for _, x := range lit {
		if x.Rule != DeckMismatch || x.Card == parse.NoCard || x.Trick != 0 {
			continue
		}
		for j, dl := range src.Deal {
			if cardIndex(&parse.Trick{Cards: dl.Cards}, x.Card, 0) < 0 {
				continue
			}
			for _, m := range missing {
				if len(missing) > 3 && !isNeighbour(x.Card, m) {
					continue
				}
				cp := *src
				cp.Deal = append([]parse.PlayerCards(nil), src.Deal...)
				cards := append([]parse.Card(nil), dl.Cards...)
				cards[cardIndex(&parse.Trick{Cards: dl.Cards}, x.Card, 0)] = m
				cp.Deal[j].Cards = cards
				msg := fmt.Sprintf("%s is dealt twice", x.Card)
				for j2, d2 := range src.Deal {
					if j2 != j && cardIndex(&parse.Trick{Cards: d2.Cards}, x.Card, 0) >= 0 {
						msg = fmt.Sprintf("%s is dealt twice (also to %s at line %d)", x.Card, d2.Player, d2.Pos.Line)
						break
					}
				}
				if copies(r.Table, x.Card) == 0 || x.Pos == dl.Pos {
					msg = x.Msg // the literal reading blames this line already: its words
				}
				h := &hypo{kind: editDeal, src: &cp, card: m, tail: fmt.Sprintf("no one is dealt %s", m),
					root: Violation{Round: r.Number, Player: dl.Player, Card: x.Card, Rule: DeckMismatch, Msg: msg, Pos: dl.Pos}}
				d.consider(h)
			}
		}
	}
}

// passEdits: one card of a pass line written for a neighbour.
func (d *diagnosis) passEdits() {
	r, src, lit := d.r, d.src, d.lit
	for _, x := range lit {
		if x.Rule != NotInHand || x.Trick != 0 || x.Card == parse.NoCard {
			continue
		}
		for j, p := range src.Passes {
			if p.Pos != x.Pos || p.Player != x.Player {
				continue
			}
			k := cardIndex(&parse.Trick{Cards: p.Cards}, x.Card, 0)
			if k < 0 {
				continue
			}
			for _, m := range neighbours(x.Card) {
				if cardIndex(&parse.Trick{Cards: p.Cards}, m, 0) >= 0 {
					continue
				}
				cp := *src
				cp.Passes = append([]parse.Pass(nil), src.Passes...)
				cards := append([]parse.Card(nil), p.Cards...)
				cards[k] = m
				cp.Passes[j].Cards = cards
				h := &hypo{kind: editPass, src: &cp, card: m, tail: fmt.Sprintf("%s is dealt %s", p.Player, m),
					root: Violation{Round: r.Number, Player: p.Player, Card: x.Card, Rule: NotInHand,
						Msg: fmt.Sprintf("%s cannot pass %s: it is not in the hand dealt", p.Player, x.Card), Pos: p.Pos}}
				d.consider(h)
			}
		}
	}
}

// leaderEdits: a wrong leader name on a later trick (the previous winner meant).
func (d *diagnosis) leaderEdits() {
	src, lit, nt := d.src, d.lit, d.nt
	for _, x := range lit {
		if x.Rule != WrongLeader || x.Trick < 2 || x.Trick > nt {
			continue
		}
		ti := x.Trick - 1
		cp := d.v.editTricks(src)
		cp.Tricks[ti].Leader = ""
		d.consider(&hypo{kind: editLeader, src: cp, at: ti, root: x})
	}
}

// firstLeaderEdits: trick 1's leader is named and the first-lead rule says it is someone
// else (or the next leader is not trick 1's winner as written): another name may be meant.
func (d *diagnosis) firstLeaderEdits() {
	g, r, src, lit, n := d.g, d.r, d.src, d.lit, d.n
	first := -1 // the first-lead violation, else the wrong leader of trick 2
	for i, x := range lit {
		if x.Rule == FirstLead && x.Trick == 1 || x.Rule == WrongLeader && x.Trick == 2 && first < 0 {
			first = i
		}
	}
	if first >= 0 && src.Tricks[0].Leader != "" {
		x := lit[first]
		tr := &src.Tricks[0]
		for l := 0; l < n; l++ {
			name := r.name(g, l)
			if name == tr.Leader {
				continue
			}
			cp := d.v.editTricks(src)
			cp.Tricks[0].Leader = name
			root := x
			if x.Rule == WrongLeader {
				root = Violation{Round: r.Number, Trick: 1, Player: tr.Leader, Card: tr.Cards[0], Rule: WrongLeader,
					Msg: fmt.Sprintf("%s led trick 1", tr.Leader), Pos: tr.Pos}
			}
			root.Msg += fmt.Sprintf("; did you mean %s? the cards fit %s as the leader", name, name)
			d.consider(&hypo{kind: editLeader, src: cp, at: 0, root: root})
		}
	}
}

// doubledTricks: a trick written twice (or a trick of cards already played).
func (d *diagnosis) doubledTricks() {
	r, src, lit, n, nt := d.r, d.src, d.lit, d.n, d.nt
	for ti := range src.Tricks {
		if d.cut {
			return
		}
		dups := 0
		for _, x := range lit {
			if x.Rule == DuplicateCard && x.Trick == ti+1 {
				dups++
			}
		}
		// A trick whose cards are blamed and played in another trick as well (two decks: not
		// in hand rather than played twice), or the same as an earlier trick. Cards blamed
		// but played nowhere else are not a trick written twice: they are miswritten in
		// place. (Deleting such a trick before a claim would balance the round all the same,
		// the claim taking whatever is left, and make trick 1 the repeat of nothing.)
		blamed := d.blamedReplayed(ti)
		repeats := false
		for tj := 0; tj < ti && !repeats; tj++ {
			repeats = sameCards(src.Tricks[tj].Cards, src.Tricks[ti].Cards)
		}
		repeated := false // the first of two copies: the later one is the repeat
		for tj := ti + 1; tj < nt && !repeated; tj++ {
			repeated = sameCards(src.Tricks[tj].Cards, src.Tricks[ti].Cards)
		}
		if repeated || dups < 2 && !(dups == 1 && n <= 2) && blamed < 2 && !repeats {
			continue
		}
		cp := *src
		cp.Tricks = append(append([]parse.Trick(nil), src.Tricks[:ti]...), src.Tricks[ti+1:]...)
		tr := &src.Tricks[ti]
		msg := fmt.Sprintf("trick %d replays cards already played; it seems to be written twice", ti+1)
		for tj := ti - 1; tj >= 0; tj-- {
			if sameCards(src.Tricks[tj].Cards, tr.Cards) {
				msg = fmt.Sprintf("trick %d repeats trick %d (line %d); it seems to be written twice", ti+1, tj+1, src.Tricks[tj].Pos.Line)
				break
			}
		}
		pos := tr.Pos
		pos.Col = 1
		h := &hypo{kind: editDelete, src: &cp, at: ti,
			root: Violation{Round: r.Number, Trick: ti + 1, Card: parse.NoCard, Rule: DuplicateCard, Msg: msg, Pos: pos}}
		d.consider(h)
	}
}

// swaps: two cards of a trick in the wrong order. With the hands known, only where the
// literal replay blames two cards of the same trick; with the hands inferred from the play,
// the slip may be far from what it breaks, so every trick.
func (d *diagnosis) swaps() {
	g, r, src, lit, n, nt := d.g, d.r, d.src, d.lit, d.n, d.nt
	anyKnown := false
	for l := 0; l < n; l++ {
		anyKnown = anyKnown || d.litKnown[l]
	}
	for ti := range src.Tricks {
		tr := &src.Tricks[ti]
		if anyKnown {
			if d.blamedIn(ti) < 2 {
				continue
			}
		}
		win := r.Rules.Winner(tr.Cards, r.Rules.LedSuit(tr.Cards))
		nextNamed := ti+1 < nt && src.Tricks[ti+1].Leader != ""
		for k1 := 0; k1 < len(tr.Cards) && !d.cut; k1++ {
			for k2 := k1 + 1; k2 < len(tr.Cards) && !d.cut; k2++ {
				if tr.Cards[k1] == tr.Cards[k2] {
					continue
				}
				if d.onlyPlays && ti < len(d.leaders) && !swapMayClear(lit, ti, k1, k2, win, nextNamed,
					r.name(g, (int(d.leaders[ti])+k1)%n), r.name(g, (int(d.leaders[ti])+k2)%n)) {
					continue
				}
				cp := d.v.editTricks(src)
				cards := d.v.cards(tr.Cards)
				cards[k1], cards[k2] = cards[k2], cards[k1]
				cp.Tricks[ti].Cards = cards
				h := &hypo{kind: editSwap, src: cp, at: ti, far: k2 - k1}
				c1, c2 := tr.Cards[k1], tr.Cards[k2]
				// The root goes where the literal reading blames: the second card when only
				// it is blamed (both places are equally likely, RULES "A card a player
				// cannot hold"), else the first.
				at := k1
				if d.blamed(cardPos(tr, k2)) && !d.blamed(cardPos(tr, k1)) {
					at = k2
				}
				player := ""
				if ti < len(d.leaders) {
					player = r.name(g, (int(d.leaders[ti])+at)%n)
				}
				h.msg = func() (string, string) {
					msg := fmt.Sprintf("%s and %s seem to be written in the wrong order", c1, c2)
					if ti < len(d.leaders) {
						p1, p2 := (int(d.leaders[ti])+k1)%n, (int(d.leaders[ti])+k2)%n
						msg += fmt.Sprintf(": %s played %s and %s %s", r.name(g, p1), c2, r.name(g, p2), c1)
						pa, ca := p1, c1
						if at == k2 {
							pa, ca = p2, c2
						}
						if d.litKnown[pa] || at == k2 {
							msg = fmt.Sprintf("%s cannot hold %s; %s", r.name(g, pa), ca, msg)
						}
					}
					return msg, ""
				}
				h.root = Violation{Round: r.Number, Trick: ti + 1, Player: player, Card: tr.Cards[at], Rule: NotInHand, Pos: cardPos(tr, at)}
				d.consider(h)
			}
		}
	}
}

// leftOut: a trick left out, the cards never played making one trick, tried at every place
// in every order.
func (d *diagnosis) leftOut() {
	r, src, lit, n, nt := d.r, d.src, d.lit, d.n, d.nt
	if nt > 0 && nt == r.Table.HandSize-1 && hasRule(lit, IncompleteRound) {
		for c := parse.Card(0); c < parse.NumCards; c++ {
			for k := int(d.played[c]); k < copies(r.Table, c); k++ {
				d.left = append(d.left, c)
			}
		}
		if len(d.left) == n && n <= 6 {
			for at := 0; at <= nt; at++ {
				permute(d.left, func(cards []parse.Card) bool {
					cp := &d.v.edited
					*cp = *src
					cp.Tricks = d.v.tricks[:0]
					cp.Tricks = append(cp.Tricks, src.Tricks[:at]...)
					pos := src.Tricks[min(at, nt-1)].Pos
					cp.Tricks = append(cp.Tricks, parse.Trick{Cards: d.v.cards(cards), Pos: pos})
					cp.Tricks = append(cp.Tricks, src.Tricks[at:]...)
					d.v.tricks = cp.Tricks
					h := &hypo{kind: editInsert, src: cp, at: at}
					return d.consider(h) == 1 // one clean order is enough for this place
				})
			}
		}
	}
}

// rotations: a trick's cards written in seat order, from the first seat (or from another
// seat), rather than from its leader: each card was played by whom it was written for, and
// the literal reading gives every card to the wrong player and may lead the wrong one. Tried
// where the literal replay blames two cards of the trick, after the other edits (the likelier
// slips have the budget first); two players' rotation is a swap.
func (d *diagnosis) rotations() {
	g, r, src, n := d.g, d.r, d.src, d.n
	if n < 3 {
		return
	}
	for ti := range src.Tricks {
		tr := &src.Tricks[ti]
		if ti >= len(d.leaders) || len(tr.Cards) != n || d.blamedIn(ti) < 2 {
			continue
		}
		lead := int(d.leaders[ti])
		at := 0 // the root: the first card the literal reading blames
		for !d.blamed(cardPos(tr, at)) && at < n-1 {
			at++
		}
		for from := 0; from < n && !d.cut; from++ { // the seat whose card is written first
			if from == lead {
				continue
			}
			cp := d.v.editTricks(src)
			cards := d.v.cards(tr.Cards)
			for k := range cards { // seat lead+k's card is written at (lead+k-from) mod n
				cards[k] = tr.Cards[(lead+k-from+n)%n]
			}
			cp.Tricks[ti].Cards = cards
			h := &hypo{kind: editRotate, src: cp, at: ti, far: min(from, 1)}
			p := (lead + at) % n
			h.msg = func() (string, string) {
				msg := fmt.Sprintf("trick %d seems to be written in seat order from %s, not from its leader %s: ",
					ti+1, r.name(g, from), r.name(g, lead))
				for k := 0; k < n; k++ {
					c := tr.Cards[(lead+k-from+n)%n]
					if k == 0 {
						msg += fmt.Sprintf("%s played %s", r.name(g, lead), c)
						continue
					}
					msg += fmt.Sprintf(", %s %s", r.name(g, (lead+k)%n), c)
				}
				if d.litKnown[p] {
					msg = fmt.Sprintf("%s cannot hold %s; %s", r.name(g, p), tr.Cards[at], msg)
				}
				return msg, ""
			}
			h.root = Violation{Round: r.Number, Trick: ti + 1, Player: r.name(g, p), Card: tr.Cards[at], Rule: NotInHand, Pos: cardPos(tr, at)}
			d.consider(h)
		}
	}
}

// judge picks the reading reported among the best (passes contradicted fewest, then the edit
// kind's preference, the nearer swap or the rotation from the first seat, the earlier trick) and reports it: as a note beside
// illegal plays, which stand; as the round read so otherwise.
func (d *diagnosis) judge() {
	r := d.r
	if len(d.best) == 0 {
		if d.cut && len(r.Violations) > d.pre {
			first := &r.Violations[d.pre]
			first.Note = strings.TrimPrefix(first.Note+"\n", "\n") + "(the search for a slip that explains this round was cut short: it is read as written)"
		}
		return
	}
	elsewhere := d.pick()
	switch h := d.best[0].h; {
	case d.onlyPlays:
		d.offer(h)
	case h.kind == editInsert:
		d.applyInsert(h)
	default:
		d.applyEdit(h, elsewhere)
	}
	if d.cut && len(r.Violations) > d.pre {
		// The best found so far is reported, but the edits not tried may hold a better one.
		first := &r.Violations[d.pre]
		first.Note = strings.TrimPrefix(first.Note+"\n", "\n") + "(the search for a slip that explains this round was cut short: a likelier one may not have been tried)"
	}
}

// pick orders the best readings, the one to report first. Equally good edits of one kind at
// several places (a card played twice: which one is the slip?): the place the literal
// reading blames goes first, and the other is returned, to be named.
func (d *diagnosis) pick() (elsewhere parse.Pos) {
	best := d.best
	sort.SliceStable(best, func(i, j int) bool {
		if best[i].conf != best[j].conf {
			return best[i].conf < best[j].conf
		}
		a, b := best[i].h, best[j].h
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.far != b.far {
			return a.far < b.far
		}
		return a.at < b.at
	})
	for i, c := range best {
		if c.h.kind != best[0].h.kind || c.conf != best[0].conf || c.h.root.Pos == best[0].h.root.Pos ||
			c.h.kind != editCard && c.h.kind != editDeal && c.h.kind != editLeader {
			continue
		}
		if elsewhere.Line == 0 {
			elsewhere = c.h.root.Pos
		}
		if d.blamed(c.h.root.Pos) && !d.blamed(best[0].h.root.Pos) {
			elsewhere = best[0].h.root.Pos
			best[0], best[i] = best[i], best[0]
		}
	}
	return elsewhere
}

// offer notes the slip beside the illegal plays it would explain. Illegal plays alone are
// the recorded play (RULES §7 "The recorded play is a fact"): they stand and are scored as
// played, whatever slip could explain them; machine-played games mean them. The slip that
// would make the round clean is offered as a note.
func (d *diagnosis) offer(h *hypo) {
	if h.msg != nil {
		h.root.Msg, h.tail = h.msg()
	}
	what := h.root.Msg
	if (h.kind == editCard || h.kind == editDeal || h.kind == editPass) && h.root.Card != parse.NoCard {
		what = fmt.Sprintf("%s written for %s", h.root.Card, h.card)
	}
	first := &d.r.Violations[d.pre]
	hint := fmt.Sprintf("or a slip at %d:%d (%s): read so, the round has no illegal play", h.root.Pos.Line, h.root.Pos.Col, what)
	if first.Note != "" {
		first.Note += "\n"
	}
	first.Note += hint
}

// applyInsert reports a trick left out, where RULES §7 puts incomplete-round (the round's
// last trick line), naming the gap only when it lies inside the round: a round that may
// simply stop early (the gap fits at its end) gets no guess. The round is scored as
// recorded, but without the penalty of revokes the gap made up.
func (d *diagnosis) applyInsert(h *hypo) {
	r, src, nt, top := d.r, d.src, d.nt, d.best[0]
	var at []int
	for _, c := range d.best {
		if c.h.kind == editInsert && (len(at) == 0 || at[len(at)-1] != c.h.at) {
			at = append(at, c.h.at)
		}
	}
	root := Violation{}
	for _, x := range d.lit {
		if x.Rule == IncompleteRound {
			root = x
		}
	}
	lo, hi := slices.Min(at), slices.Max(at)
	switch {
	case hi == nt:
		// The literal message stands: the cards each known hand did not play.
	case lo == 0:
		root.Msg = fmt.Sprintf("round %d: a trick seems to be missing before line %d (%d of %d tricks)",
			r.Number, src.Tricks[hi].Pos.Line, nt, r.Table.HandSize)
	default:
		root.Msg = fmt.Sprintf("round %d: a trick seems to be missing between lines %d and %d (%d of %d tricks)",
			r.Number, src.Tricks[lo-1].Pos.Line, src.Tricks[hi].Pos.Line, nt, r.Table.HandSize)
	}
	if hi < nt && len(d.left) > 0 {
		root.Msg += ": not played: " + parse.JoinCards(d.left)
	}
	out := append(r.Violations[:d.pre:d.pre], root)
	for _, x := range top.res.Violations {
		if x.Trick > 0 && x.Trick-1 == h.at {
			continue // in the trick supplied
		}
		if x.Trick-1 > h.at {
			x.Trick--
		}
		out = append(out, x)
	}
	r.Revokers = top.res.Revokers
	r.Violations = out
}

// applyEdit reports the slip as its root diagnostic, with "did you mean" for a card (and the
// other place where the slip may be), and reads the round as corrected. With two or three
// cards as likely, the written card stays and only what follows from it goes; with more, no
// guess: the literal reading stands.
func (d *diagnosis) applyEdit(h *hypo, elsewhere parse.Pos) {
	r, top := d.r, d.best[0]
	if h.msg != nil {
		h.root.Msg, h.tail = h.msg()
	}
	root := h.root
	var alts []parse.Card
	for _, c := range d.best {
		if c.h.kind == h.kind && c.h.root.Pos == h.root.Pos && c.h.card != parse.NoCard && c.h.card != h.card {
			alts = append(alts, c.h.card)
		}
	}
	if len(alts) > 1 {
		return
	}
	if h.kind == editCard || h.kind == editDeal || h.kind == editPass {
		root.Msg += didYouMean(h, alts)
		if len(alts) == 0 && elsewhere.Line > 0 {
			// As likely: the same slip at the other place (a card written twice, neither
			// hand known), named in the note.
			root.Note = fmt.Sprintf("or a slip at %d:%d, as likely (%s written for %s there)", elsewhere.Line, elsewhere.Col, h.root.Card, h.card)
		}
	}
	out := append(r.Violations[:d.pre:d.pre], root)
	for _, x := range top.res.Violations {
		if h.kind == editDelete && x.Trick-1 >= h.at {
			x.Trick++
		}
		out = append(out, x)
	}
	if len(alts) > 0 {
		r.Revokers = top.res.Revokers
		r.Violations = out
		return
	}
	res := top.res
	res.Src, res.Violations = d.src, out
	if h.kind == editSwap || h.kind == editRotate { // (h.src is the candidate's own: keep)
		res.reordered, res.reorderedCards = h.at+1, h.src.Tricks[h.at].Cards
	}
	// The round as corrected, for a writer to apply: not where the same slip is as likely at
	// another place, nor after a search cut short (a likelier slip may not have been tried).
	if h.kind != editInsert && elsewhere.Line == 0 && !d.cut {
		if h.kind == editLeader && d.src.Tricks[h.at].Leader != "" && h.at < len(res.leaders) && res.leaders[h.at] >= 0 {
			h.src.Tricks[h.at].Leader = r.name(d.g, int(res.leaders[h.at])) // the leader meant, named as written
		}
		res.Fixed, res.FixedBy = h.src, root
	}
	if h.kind == editDelete && h.at > 0 && h.at < len(res.leaders) {
		// The trick written twice stays in the transcript: it shows as the one it repeats.
		copy(res.leaders[h.at+1:], res.leaders[h.at:])
		copy(res.winners[h.at+1:], res.winners[h.at:])
		res.leaders[h.at], res.winners[h.at] = res.leaders[h.at-1], res.winners[h.at-1]
	}
	*r = *res
}

// didYouMean is the "did you mean" of a card edit: the intended card and its evidence, or
// the cards as likely.
func didYouMean(h *hypo, alts []parse.Card) string {
	if len(alts) == 0 {
		return fmt.Sprintf("; did you mean %s? %s", h.card, h.tail)
	}
	s := "; did you mean " + h.card.String()
	for i, a := range alts {
		if i == len(alts)-1 {
			s += " or " + a.String()
		} else {
			s += ", " + a.String()
		}
	}
	return s + "?"
}

// passConflicts counts, in a round just replayed with the hands unknown, the plays that
// contradict its recorded passes: a card passed to one player and played by another.
func (v *Validator) passConflicts(g *parse.Game, r *PlayedRound) int {
	src, n := r.Src, len(r.Seats)
	if len(src.Passes) == 0 || len(src.Deal) > 0 || len(v.leaders) < len(src.Tricks) {
		return 0
	}
	pp := r.PassingOf()
	var to [parse.NumCards]int8
	for i := range to {
		to[i] = -1
	}
	for _, p := range src.Passes {
		from := seatOf(g.Players, p.Player)
		if from < 0 || r.Local(from) < 0 {
			continue
		}
		dst := pp.To(r.Local(from), n)
		if p.To != "" {
			if gs := seatOf(g.Players, p.To); gs >= 0 && r.Local(gs) >= 0 {
				dst = r.Local(gs)
			}
		}
		if dst < 0 {
			continue // a pass the round cannot apply (round.go): it moved no card
		}
		for _, c := range p.Cards {
			if c < parse.NumCards && copies(r.Table, c) == 1 {
				to[c] = int8(dst)
			}
		}
	}
	conf := 0
	for ti := range src.Tricks {
		for k, c := range src.Tricks[ti].Cards {
			if c < parse.NumCards && to[c] >= 0 && int(to[c]) != (int(v.leaders[ti])+k)%n {
				conf++
			}
		}
	}
	return conf
}

// SortViolations puts a round's violations in the order of the transcript, whatever its
// spelling (text and YAML place statements differently, so no line numbers): the round's own
// statements (deal, passes, bids, names) first, then trick by trick (a trick's leader before
// its cards, as the replay finds them), the round's completeness, and last what is said of
// its score and total lines (src's figures: an unknown name, and the scorer's
// score-mismatch), figure by figure. Stable. The replay sorts each round's; the scorer
// sorts again when it adds to them.
func SortViolations(vs []Violation, src *parse.Round) {
	if len(vs) < 2 {
		return
	}
	key := func(x Violation) int {
		switch {
		case x.Rule == IncompleteRound && x.Trick == 0: // a trick mended (recover.go) is its trick's
			return 1 << 20
		case x.Trick == 0 && atFigures(src, x.Pos):
			return 1<<20 + 1
		case x.Trick > 0:
			return x.Trick
		}
		return 0
	}
	// Within a trick, by place (the statement, then its cards in order in either spelling).
	less := func(a, b Violation) bool {
		if ka, kb := key(a), key(b); ka != kb || ka == 0 || ka == 1<<20 {
			return ka < kb
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		// The same place: the statement's own (no card) first, as in text, where a YAML item's
		// first card stands where its statement does.
		return a.Card == parse.NoCard && b.Card != parse.NoCard
	}
	for i := 1; i < len(vs); i++ { // insertion sort: stable, few, and no allocation
		for j := i; j > 0 && less(vs[j], vs[j-1]); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// atFigures reports whether pos is a figure of src's score or total lines.
func atFigures(src *parse.Round, pos parse.Pos) bool {
	if src == nil || !pos.IsValid() {
		return false
	}
	for _, list := range [2][]parse.Count{src.Score, src.Total} {
		for _, c := range list {
			if c.Pos == pos {
				return true
			}
		}
	}
	return false
}

// subset reports whether every violation of a is one of b (same rule, place and player).
func subset(a, b []Violation) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if x.Rule == y.Rule && x.Pos == y.Pos && x.Player == y.Player {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// swapMayClear reports whether swapping the cards at k1 and k2 of trick ti (played by p1 and
// p2 as written) can leave a round clean whose literal violations are illegal plays only. A
// swap that keeps the lead and the winner's place changes only what p1 and p2 held up to
// that trick, so it can only clear their plays up to it; one that moves the winner while the
// next leader is named makes a wrong leader.
func swapMayClear(lit []Violation, ti, k1, k2, win int, nextNamed bool, p1, p2 string) bool {
	moves := k1 == 0 || k1 == win || k2 == win
	if moves {
		return !(nextNamed && (k1 == win || k2 == win))
	}
	for _, x := range lit {
		if x.Trick > ti+1 || x.Player != p1 && x.Player != p2 {
			return false
		}
	}
	return true
}

// blamedAt reports whether the literal reading blames something at pos.
func blamedAt(vs []Violation, pos parse.Pos) bool {
	for _, x := range vs {
		if x.Pos == pos {
			return true
		}
	}
	return false
}

func hasRule(vs []Violation, rule string) bool {
	for _, x := range vs {
		if x.Rule == rule {
			return true
		}
	}
	return false
}

// editTricks returns a copy of src whose trick list may be changed without touching src,
// in scratch space that the next edit reuses (keep makes it last).
func (v *Validator) editTricks(src *parse.Round) *parse.Round {
	v.tricks = append(v.tricks[:0], src.Tricks...)
	v.edited = *src
	v.edited.Tricks = v.tricks
	return &v.edited
}

// cards copies a trick's cards into scratch space that the next edit reuses.
func (v *Validator) cards(cs []parse.Card) []parse.Card {
	v.cardBuf = append(v.cardBuf[:0], cs...)
	return v.cardBuf
}

// keep returns a copy of an edited round that owns its tricks (scratch space is reused).
func keep(src *parse.Round) *parse.Round {
	cp := *src
	cp.Tricks = make([]parse.Trick, len(src.Tricks))
	for i, tr := range src.Tricks {
		tr.Cards = append([]parse.Card(nil), tr.Cards...)
		cp.Tricks[i] = tr
	}
	return &cp
}

// cardIndex finds the position of c in a trick, by column when known.
func cardIndex(tr *parse.Trick, c parse.Card, col int) int {
	first := -1
	for k, d := range tr.Cards {
		if d != c {
			continue
		}
		if col > 0 && k < len(tr.Cols) && tr.Cols[k] == col {
			return k
		}
		if first < 0 {
			first = k
		}
	}
	return first
}

// cardPos is where the k-th card of a trick is written.
func cardPos(tr *parse.Trick, k int) parse.Pos {
	pos := tr.Pos
	if k < len(tr.Cols) && tr.Cols[k] > 0 {
		pos.Col = tr.Cols[k]
	}
	return pos
}

// otherPlay returns where else in the round c is played (the zero Pos when nowhere).
func otherPlay(src *parse.Round, ti, k int, c parse.Card) parse.Pos {
	for tj := range src.Tricks {
		for k2, d := range src.Tricks[tj].Cards {
			if d == c && (tj != ti || k2 != k) {
				return cardPos(&src.Tricks[tj], k2)
			}
		}
	}
	return parse.Pos{}
}

// neighbours are the cards a person writes for c by a slip: the same rank in another suit,
// or the next rank up or down in the same suit.
func neighbours(c parse.Card) []parse.Card {
	if c >= 52 {
		return nil
	}
	s, rk := c.Suit(), c.Rank()
	var out []parse.Card
	if rk > 0 {
		out = append(out, parse.NewCard(s, rk-1))
	}
	if rk < 12 {
		out = append(out, parse.NewCard(s, rk+1))
	}
	for s2 := parse.Clubs; s2 <= parse.Spades; s2++ {
		if s2 != s {
			out = append(out, parse.NewCard(s2, rk))
		}
	}
	return out
}

func isNeighbour(a, b parse.Card) bool {
	for _, c := range neighbours(a) {
		if c == b {
			return true
		}
	}
	return false
}

func sameCards(a, b []parse.Card) bool {
	if len(a) != len(b) {
		return false
	}
	var h Hand
	for _, c := range a {
		h.Add(c)
	}
	for _, c := range b {
		if !h.Remove(c) {
			return false
		}
	}
	return true
}

// permute calls f with every order of cards (Heap's algorithm) until f returns true.
func permute(cards []parse.Card, f func([]parse.Card) bool) {
	a := append([]parse.Card(nil), cards...)
	c := make([]int, len(a))
	if f(a) {
		return
	}
	for i := 0; i < len(a); {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			if f(a) {
				return
			}
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}
