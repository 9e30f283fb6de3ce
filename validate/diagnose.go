package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tricks-dev/tricks/parse"
)

// Diagnosis: a transcript written at the table has slips, and one slip read literally shows
// as many violations (a changed card changes a trick's winner, so every later leader, hand and
// card is blamed). When a round replays with violations, diagnose tries the single edits a
// person makes (one card written for another, two cards of a trick swapped, a wrong leader
// name, a trick written twice or left out, a card miswritten in a deal or pass line) and
// replays the round with each. An edit that explains the violations better than the literal
// reading (fewer diagnostics, counting the slip itself as one) is reported as the one root
// diagnostic, with "did you mean", and the replay continues as corrected: winners, leaders,
// hands and scores follow the intended card. A clean round is never looked at; an edit may
// not blame anything the literal reading does not; illegal plays alone are reinterpreted only
// by an edit that leaves the round clean, and a tie with them keeps the literal reading, so a
// genuine revoke stays a revoke. (A tie with transcript errors alone goes to the edit: it
// says where the slip is and what was meant.) A round whose violations are illegal plays
// alone is never reinterpreted: they are the recorded play, scored as played, and the slip
// that would explain them all is only offered in a note.

// The bounds of the search: edits tried for one round, and for one game, so that a game
// within the input limits costs little whatever it holds.
const (
	roundTrials = 2000
	gameTrials  = 20000
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
	editInsert                 // a trick left out
)

type hypo struct {
	kind editKind
	src  *parse.Round
	root Violation
	at   int        // trick index of the edit (insert: index of the inserted trick)
	far  int        // swap: how far apart the two cards are (a neighbour swap is likelier)
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
	ok := v.round(g, h)
	if !ok || len(v.errs) > ne || h.over() {
		v.errs = v.errs[:ne]
		return nil
	}
	return h
}

// diagnose replaces the literal violations r.Violations[pre:] with the root diagnostic of
// the best single edit, when one explains them better (see above).
func (v *Validator) diagnose(g *parse.Game, r *PlayedRound, pre int) {
	if !v.Diagnose {
		return
	}
	if !diagnoseWorth(r.Violations[pre:]) {
		return // before the copy below: most rounds are clean
	}
	lit := append([]Violation(nil), r.Violations[pre:]...)
	// Only illegal plays, no transcript error: a slip must explain all of them, or they stand.
	// Only transcript errors: an edit as good as the literal reading explains them, and says
	// where the slip is.
	onlyPlays, onlySlips := true, true
	for _, x := range lit {
		onlyPlays = onlyPlays && !IsTranscriptError(x.Rule)
		onlySlips = onlySlips && IsTranscriptError(x.Rule)
	}
	if onlyPlays && len(lit) > 6 {
		return // that many illegal plays are meant, not one slip's doing
	}
	src := r.Src
	nt := len(src.Tricks)
	leaders := append([]int8(nil), v.leaders[:min(nt, len(v.leaders))]...)
	litKnown := r.known

	type cand struct {
		h    *hypo
		res  *PlayedRound
		cost int
		conf int // plays that contradict the recorded passes (hands unknown)
	}
	var best []cand
	bestCost := len(lit)
	tried, cut := 0, false
	consider := func(h *hypo) int {
		// A bounded search: past its budget (a round's, a game's) no edit is tried.
		if tried++; tried > v.budget.round || v.trials >= v.budget.game {
			cut = true
			return -1
		}
		v.trials++
		// At most bestCost-1 violations can do (none when illegal plays alone are explained);
		// one more, and the trial stops early.
		budget := bestCost
		if onlyPlays {
			budget = 1
		}
		res := v.try(g, r, h.src, budget)
		if res == nil {
			return -1
		}
		cost := 1 + len(res.Violations)
		if !subset(res.Violations, lit) || (onlyPlays && len(res.Violations) > 0) {
			return -1 // a slip explains what is blamed; it does not blame anything new
		}
		c := cand{h, nil, cost, v.passConflicts(g, res)}
		switch {
		case cost < bestCost:
			best, bestCost = best[:0], cost
		case cost == bestCost && (len(best) > 0 || h.kind == editInsert || onlySlips):
		default:
			return cost
		}
		h.src = keep(h.src)
		c.res = v.try(g, r, h.src, 0) // again, in words, for keeps
		best = append(best, c)
		return cost
	}

	// Where the literal replay blames a card.
	type spot struct{ ti, k int }
	var spots []spot
	addSpot := func(ti, k int) {
		for _, s := range spots {
			if s.ti == ti && s.k == k {
				return
			}
		}
		spots = append(spots, spot{ti, k})
	}
	var played [parse.NumCards]uint8
	for _, tr := range src.Tricks {
		for _, c := range tr.Cards {
			if c < parse.NumCards {
				played[c]++
			}
		}
	}
	for _, x := range lit {
		if x.Trick < 1 || x.Trick > nt || (x.Rule != NotInHand && x.Rule != DuplicateCard) {
			continue
		}
		tr := &src.Tricks[x.Trick-1]
		k := cardIndex(tr, x.Card, x.Pos.Col)
		if k < 0 {
			continue
		}
		addSpot(x.Trick-1, k)
		if x.Rule == DuplicateCard {
			for ti := range src.Tricks {
				for k2, c := range src.Tricks[ti].Cards {
					if c == x.Card {
						addSpot(ti, k2)
					}
				}
			}
		}
	}
	n := len(r.Seats)

	// 1. One card of a trick written for another.
	for _, s := range spots {
		tr := &src.Tricks[s.ti]
		c := tr.Cards[s.k]
		p := -1
		if s.ti < len(leaders) {
			p = (int(leaders[s.ti]) + s.k) % n
		}
		for _, d := range neighbours(c) {
			if copies(r.Table, d) == 0 || int(played[d]) >= copies(r.Table, d) {
				continue
			}
			cp := v.editTricks(src)
			cards := v.cards(tr.Cards)
			cards[s.k] = d
			cp.Tricks[s.ti].Cards = cards
			h := &hypo{kind: editCard, src: cp, at: s.ti, card: d}
			pos := cardPos(tr, s.k)
			name := ""
			if p >= 0 {
				name = r.name(g, p)
			}
			rule := NotInHand
			other := otherPlay(src, s.ti, s.k, c)
			known := p >= 0 && litKnown[p]
			if other.Line > 0 && !(known && blamedAt(lit, pos)) {
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
					return msg, fmt.Sprintf("%s holds %s and never plays it", name, d)
				}
				return msg, fmt.Sprintf("%s is never played this round", d)
			}
			h.root = Violation{Round: r.Number, Trick: s.ti + 1, Player: name, Card: c, Rule: rule, Pos: pos}
			consider(h)
		}
	}

	// 2. One card of a deal line; 3. one card of a pass line.
	var dealt [parse.NumCards]uint8
	for _, d := range src.Deal {
		for _, c := range d.Cards {
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
		for j, d := range src.Deal {
			if cardIndex(&parse.Trick{Cards: d.Cards}, x.Card, 0) < 0 {
				continue
			}
			for _, m := range missing {
				if len(missing) > 3 && !isNeighbour(x.Card, m) {
					continue
				}
				cp := *src
				cp.Deal = append([]parse.PlayerCards(nil), src.Deal...)
				cards := append([]parse.Card(nil), d.Cards...)
				cards[cardIndex(&parse.Trick{Cards: d.Cards}, x.Card, 0)] = m
				cp.Deal[j].Cards = cards
				msg := fmt.Sprintf("%s is dealt twice", x.Card)
				for j2, d2 := range src.Deal {
					if j2 != j && cardIndex(&parse.Trick{Cards: d2.Cards}, x.Card, 0) >= 0 {
						msg = fmt.Sprintf("%s is dealt twice (also to %s at line %d)", x.Card, d2.Player, d2.Pos.Line)
						break
					}
				}
				if copies(r.Table, x.Card) == 0 || x.Pos == d.Pos {
					msg = x.Msg // the literal reading blames this line already: its words
				}
				h := &hypo{kind: editDeal, src: &cp, card: m, tail: fmt.Sprintf("no one is dealt %s", m),
					root: Violation{Round: r.Number, Player: d.Player, Card: x.Card, Rule: DeckMismatch, Msg: msg, Pos: d.Pos}}
				consider(h)
			}
		}
	}
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
				consider(h)
			}
		}
	}

	// 4. A wrong leader name.
	for _, x := range lit {
		if x.Rule != WrongLeader || x.Trick < 2 || x.Trick > nt {
			continue
		}
		ti := x.Trick - 1
		cp := v.editTricks(src)
		cp.Tricks[ti].Leader = ""
		consider(&hypo{kind: editLeader, src: cp, at: ti, root: x})
	}
	// Trick 1's leader is named and the first-lead rule says it is someone else: another
	// name may be the one meant.
	// (Or the next leader is not trick 1's winner as written.)
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
			cp := v.editTricks(src)
			cp.Tricks[0].Leader = name
			root := x
			if x.Rule == WrongLeader {
				root = Violation{Round: r.Number, Trick: 1, Player: tr.Leader, Card: tr.Cards[0], Rule: WrongLeader,
					Msg: fmt.Sprintf("%s led trick 1", tr.Leader), Pos: tr.Pos}
			}
			root.Msg += fmt.Sprintf("; did you mean %s? the cards fit %s as the leader", name, name)
			consider(&hypo{kind: editLeader, src: cp, at: 0, root: root})
		}
	}

	// 5. A trick written twice (or a trick of cards already played).
	for ti := range src.Tricks {
		dups := 0
		for _, x := range lit {
			if x.Rule == DuplicateCard && x.Trick == ti+1 {
				dups++
			}
		}
		blamed := 0
		for _, sp := range spots {
			if sp.ti == ti {
				blamed++
			}
		}
		// A trick whose cards are blamed (two decks: not in hand rather than played twice),
		// or the same as an earlier trick.
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
		consider(h)
	}

	// 6. Two cards of a trick in the wrong order. With the hands known, only where the literal
	// replay blames two cards of the same trick; with the hands inferred from the play, the
	// slip may be far from what it breaks, so every trick.
	anyKnown := false
	for l := 0; l < n; l++ {
		anyKnown = anyKnown || litKnown[l]
	}
	for ti := range src.Tricks {
		tr := &src.Tricks[ti]
		if anyKnown {
			blamed := 0
			for _, s := range spots {
				if s.ti == ti {
					blamed++
				}
			}
			if blamed < 2 {
				continue
			}
		}
		win := r.Rules.Winner(tr.Cards, r.Rules.LedSuit(tr.Cards))
		nextNamed := ti+1 < nt && src.Tricks[ti+1].Leader != ""
		for k1 := 0; k1 < len(tr.Cards); k1++ {
			for k2 := k1 + 1; k2 < len(tr.Cards); k2++ {
				if tr.Cards[k1] == tr.Cards[k2] {
					continue
				}
				if onlyPlays && ti < len(leaders) && !swapMayClear(lit, ti, k1, k2, win, nextNamed,
					r.name(g, (int(leaders[ti])+k1)%n), r.name(g, (int(leaders[ti])+k2)%n)) {
					continue
				}
				cp := v.editTricks(src)
				cards := v.cards(tr.Cards)
				cards[k1], cards[k2] = cards[k2], cards[k1]
				cp.Tricks[ti].Cards = cards
				h := &hypo{kind: editSwap, src: cp, at: ti, far: k2 - k1}
				c1, c2 := tr.Cards[k1], tr.Cards[k2]
				// The root goes where the literal reading blames: the second card when only
				// it is blamed (both places are equally likely, RULES "A card a player
				// cannot hold"), else the first.
				at := k1
				if blamedAt(lit, cardPos(tr, k2)) && !blamedAt(lit, cardPos(tr, k1)) {
					at = k2
				}
				player := ""
				if ti < len(leaders) {
					player = r.name(g, (int(leaders[ti])+at)%n)
				}
				h.msg = func() (string, string) {
					msg := fmt.Sprintf("%s and %s seem to be written in the wrong order", c1, c2)
					if ti < len(leaders) {
						p1, p2 := (int(leaders[ti])+k1)%n, (int(leaders[ti])+k2)%n
						msg += fmt.Sprintf(": %s played %s and %s %s", r.name(g, p1), c2, r.name(g, p2), c1)
						pa, ca := p1, c1
						if at == k2 {
							pa, ca = p2, c2
						}
						if litKnown[pa] || at == k2 {
							msg = fmt.Sprintf("%s cannot hold %s; %s", r.name(g, pa), ca, msg)
						}
					}
					return msg, ""
				}
				h.root = Violation{Round: r.Number, Trick: ti + 1, Player: player, Card: tr.Cards[at], Rule: NotInHand, Pos: cardPos(tr, at)}
				consider(h)
			}
		}
	}

	// 7. A trick left out: the cards never played make one trick.
	var left []parse.Card // the cards of the trick left out
	if nt > 0 && nt == r.Table.HandSize-1 && hasRule(lit, IncompleteRound) {
		for c := parse.Card(0); c < parse.NumCards; c++ {
			for k := int(played[c]); k < copies(r.Table, c); k++ {
				left = append(left, c)
			}
		}
		if len(left) == n && n <= 6 {
			for at := 0; at <= nt; at++ {
				permute(left, func(cards []parse.Card) bool {
					cp := &v.edited
					*cp = *src
					cp.Tricks = v.tricks[:0]
					cp.Tricks = append(cp.Tricks, src.Tricks[:at]...)
					pos := src.Tricks[min(at, nt-1)].Pos
					cp.Tricks = append(cp.Tricks, parse.Trick{Cards: v.cards(cards), Pos: pos})
					cp.Tricks = append(cp.Tricks, src.Tricks[at:]...)
					v.tricks = cp.Tricks
					h := &hypo{kind: editInsert, src: cp, at: at}
					return consider(h) == 1 // one clean order is enough for this place
				})
			}
		}
	}

	if len(best) == 0 {
		if cut && len(r.Violations) > pre {
			first := &r.Violations[pre]
			first.Note = strings.TrimPrefix(first.Note+"\n", "\n") + "(the search for a slip that explains this round was cut short: it is read as written)"
		}
		return
	}
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
	// Equally good edits of one kind at several places (a card played twice: which one is
	// the slip?): the place the literal reading blames, and the other one named.
	var elsewhere parse.Pos
	for i, c := range best {
		if c.h.kind != best[0].h.kind || c.conf != best[0].conf || c.h.root.Pos == best[0].h.root.Pos ||
			c.h.kind != editCard && c.h.kind != editDeal && c.h.kind != editLeader {
			continue
		}
		if elsewhere.Line == 0 {
			elsewhere = c.h.root.Pos
		}
		if blamedAt(lit, c.h.root.Pos) && !blamedAt(lit, best[0].h.root.Pos) {
			elsewhere = best[0].h.root.Pos
			best[0], best[i] = best[i], best[0]
		}
	}
	top := best[0]
	h := top.h
	if onlyPlays {
		// Illegal plays alone are the recorded play (RULES §7 "The recorded play is a fact"):
		// they stand and are scored as played, whatever slip could explain them; machine-played
		// games mean them. The slip that would make the round clean is offered as a note.
		if h.msg != nil {
			h.root.Msg, h.tail = h.msg()
		}
		what := h.root.Msg
		if (h.kind == editCard || h.kind == editDeal || h.kind == editPass) && h.root.Card != parse.NoCard {
			what = fmt.Sprintf("%s written for %s", h.root.Card, h.card)
		}
		first := &r.Violations[pre]
		hint := fmt.Sprintf("or a slip at %d:%d (%s): read so, the round has no illegal play", h.root.Pos.Line, h.root.Pos.Col, what)
		if first.Note != "" {
			first.Note += "\n"
		}
		first.Note += hint
		return
	}

	out := r.Violations[:pre:pre]
	switch h.kind {
	case editInsert:
		var at []int
		for _, c := range best {
			if c.h.kind == editInsert && (len(at) == 0 || at[len(at)-1] != c.h.at) {
				at = append(at, c.h.at)
			}
		}
		root := Violation{}
		for _, x := range lit {
			if x.Rule == IncompleteRound {
				root = x
			}
		}
		// Reported where RULES §7 puts incomplete-round (the round's last trick line), naming
		// the gap only when it lies inside the round: a round that may simply stop early
		// (the gap fits at its end) gets no guess.
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
		if hi < nt && len(left) > 0 {
			root.Msg += ": not played: " + parse.JoinCards(left)
		}
		out = append(out, root)
		for _, x := range top.res.Violations {
			if x.Trick > 0 && x.Trick-1 == h.at {
				continue // in the trick supplied
			}
			if x.Trick-1 > h.at {
				x.Trick--
			}
			out = append(out, x)
		}
		// Scored as recorded (RULES §7), but no penalty for revokes the gap made up.
		r.Revokers = top.res.Revokers
		r.Violations = out
	default:
		if h.msg != nil {
			h.root.Msg, h.tail = h.msg()
		}
		root := h.root
		var alts []parse.Card
		for _, c := range best {
			if c.h.kind == h.kind && c.h.root.Pos == h.root.Pos && c.h.card != parse.NoCard && c.h.card != h.card {
				alts = append(alts, c.h.card)
			}
		}
		if len(alts) > 1 {
			return // three or more cards as likely: no guess, the literal reading stands
		}
		switch h.kind {
		case editCard, editDeal, editPass:
			if len(alts) == 0 {
				root.Msg += fmt.Sprintf("; did you mean %s? %s", h.card, h.tail)
				if elsewhere.Line > 0 {
					root.Msg += fmt.Sprintf(" (or the slip is at %d:%d)", elsewhere.Line, elsewhere.Col)
				}
			} else {
				root.Msg += "; did you mean " + h.card.String()
				for i, a := range alts {
					if i == len(alts)-1 {
						root.Msg += " or " + a.String()
					} else {
						root.Msg += ", " + a.String()
					}
				}
				root.Msg += "?"
			}
		}
		out = append(out, root)
		for _, x := range top.res.Violations {
			if h.kind == editDelete && x.Trick-1 >= h.at {
				x.Trick++
			}
			out = append(out, x)
		}
		if len(alts) > 0 {
			// No single intended card: keep the written one, but not what follows only from it.
			r.Revokers = top.res.Revokers
			r.Violations = out
			break
		}
		res := top.res
		res.Src, res.Violations = src, out
		if h.kind == editDelete && h.at > 0 && h.at < len(res.leaders) {
			// The trick written twice stays in the transcript: it shows as the one it repeats.
			copy(res.leaders[h.at+1:], res.leaders[h.at:])
			copy(res.winners[h.at+1:], res.winners[h.at:])
			res.leaders[h.at], res.winners[h.at] = res.leaders[h.at-1], res.winners[h.at-1]
		}
		*r = *res
	}
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

// sortViolations puts a round's violations in the order of the transcript, whatever its
// spelling (text and YAML place statements differently, so no line numbers): the round's own
// statements (deal, passes, bids, names) first, then trick by trick (a trick's leader before
// its cards, as the replay finds them), and the round's completeness last. Stable.
func sortViolations(vs []Violation) {
	if len(vs) < 2 {
		return
	}
	key := func(x Violation) int {
		switch {
		case x.Rule == IncompleteRound && x.Trick == 0: // a trick mended (recover.go) is its trick's
			return 1 << 20
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
		return a.Pos.Col < b.Pos.Col
	}
	for i := 1; i < len(vs); i++ { // insertion sort: stable, few, and no allocation
		for j := i; j > 0 && less(vs[j], vs[j-1]); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
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
