package validate

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// Recovery past a broken trick line: a trick with a card too few or too many cannot be
// replayed as written, but it costs its round's certainty, not the game. The round is read
// with each such trick mended the likeliest way (the one card never played put where it
// explains most, the card too many taken out, else the trick left out), the mending reported
// at the trick's line as a transcript error that leaves the points uncertain
// (incomplete-round), and the rest of the round and every later round checked in full.

// hasBadTrick reports whether a round has a trick whose cards are not one per seat.
func hasBadTrick(src *parse.Round, n int) bool {
	for ti := range src.Tricks {
		if len(src.Tricks[ti].Cards) != n {
			return true
		}
	}
	return false
}

// mendTricks returns a copy of r's transcript with each trick that has not one card per seat
// mended, and the reports of the mending, in order.
func (v *Validator) mendTricks(g *parse.Game, r *PlayedRound) (*parse.Round, []Violation) {
	src, n := r.Src, len(r.Seats)
	cp := *src
	cp.Tricks = append([]parse.Trick(nil), src.Tricks...)
	var reports []Violation
	v.dropped = v.dropped[:0]
	for ti := 0; ti < len(cp.Tricks); ti++ {
		tr := cp.Tricks[ti]
		if len(tr.Cards) == n {
			continue
		}
		nextBad := len(cp.Tricks)
		for tj := ti + 1; tj < len(cp.Tricks); tj++ {
			if len(cp.Tricks[tj].Cards) != n {
				nextBad = tj
				break
			}
		}
		// Candidates, tried on the round up to the next broken trick.
		trial := cp
		trial.Claim = nil
		best, bestCost, what := []parse.Card(nil), -1, ""
		consider := func(cards []parse.Card, desc string) {
			tricks := append(append([]parse.Trick(nil), cp.Tricks[:ti]...), tr)
			tricks[ti].Cards = cards
			trial.Tricks = append(tricks, cp.Tricks[ti+1:nextBad]...)
			res := v.try(g, r, &trial, 0)
			if res == nil {
				return
			}
			if cost := len(res.Violations); bestCost < 0 || cost < bestCost {
				best, bestCost, what = cards, cost, desc
			}
		}
		pos := tr.Pos
		head := fmt.Sprintf("trick %d has %d cards, expected %d (one per player)", ti+1, len(tr.Cards), n)
		switch missing := v.neverPlayed(r, &cp); {
		case len(tr.Cards) == n-1 && len(missing) == 1:
			for k := 0; k <= len(tr.Cards); k++ {
				cards := append(append(append([]parse.Card(nil), tr.Cards[:k]...), missing[0]), tr.Cards[k:]...)
				consider(cards, fmt.Sprintf("%%s's %s, never played, is missing?", missing[0]))
			}
		case len(tr.Cards) == n+1:
			for k := range tr.Cards {
				cards := append(append([]parse.Card(nil), tr.Cards[:k]...), tr.Cards[k+1:]...)
				consider(cards, fmt.Sprintf("%s is one too many?", tr.Cards[k]))
			}
		}
		if best == nil {
			reports = append(reports, Violation{Round: r.Number, Trick: ti + 1, Card: parse.NoCard, Rule: IncompleteRound, Pos: pos,
				Msg: head + "; the trick is left out, and the round's points are uncertain"})
			cp.Tricks = append(cp.Tricks[:ti], cp.Tricks[ti+1:]...)
			v.dropped = append(v.dropped, ti+len(v.dropped)) // as written
			ti--
			continue
		}
		cp.Tricks[ti].Cards = best
		msg := what
		if k := indexOfNew(tr.Cards, best); k >= 0 && len(best) > len(tr.Cards) {
			msg = fmt.Sprintf(what, v.playerAt(g, r, &cp, ti, k))
		}
		reports = append(reports, Violation{Round: r.Number, Trick: ti + 1, Card: parse.NoCard, Rule: IncompleteRound, Pos: pos,
			Msg: head + "; " + msg})
	}
	return &cp, reports
}

// neverPlayed returns the cards of the deck in play that no trick of src plays (as often as
// the deck has them), at most a few.
func (v *Validator) neverPlayed(r *PlayedRound, src *parse.Round) []parse.Card {
	rest := Hand{A: r.Table.Deck, B: r.Table.Deck2}
	for ti := range src.Tricks {
		for _, c := range src.Tricks[ti].Cards {
			if c < parse.NumCards {
				rest.Remove(c)
			}
		}
	}
	if rest.Len() > 3 {
		return nil
	}
	return rest.Cards()
}

// indexOfNew returns where mended differs from written first (the card put in), or -1.
func indexOfNew(written, mended []parse.Card) int {
	for k := range mended {
		if k >= len(written) || written[k] != mended[k] {
			return k
		}
	}
	return -1
}

// playerAt names the player of card k of trick ti in src as a replay takes its leaders.
func (v *Validator) playerAt(g *parse.Game, r *PlayedRound, src *parse.Round, ti, k int) string {
	res := v.try(g, r, src, 0)
	if res == nil || ti >= len(res.leaders) {
		return "a player"
	}
	return r.name(g, (int(res.leaders[ti])+k)%len(r.Seats))
}

// renumber gives the violations of a round read with tricks left out (v.dropped, as
// written) the trick numbers of the transcript.
func (v *Validator) renumber(vs []Violation) {
	if len(v.dropped) == 0 {
		return
	}
	for i := range vs {
		if vs[i].Rule == IncompleteRound && vs[i].Trick > 0 {
			continue // the reports of the mending, numbered as written
		}
		t := vs[i].Trick - 1 // 0-based, as read
		if t < 0 {
			continue
		}
		for _, d := range v.dropped {
			if d <= t {
				t++
			}
		}
		vs[i].Trick = t + 1
	}
}

// guessLeader recovers a round whose trick's leader cannot be known (no name, or a name
// nobody has, where neither the deal nor the previous winner tells): the round is read with
// each seat as that leader, the reading with the fewest violations is kept, and the guess is
// reported at the trick as wrong-leader (a transcript error that leaves the points
// uncertain; returned, to be added after the diagnosis, which it is no slip for). The
// errors the failed replay collected since ne are dropped. ok reports whether r now holds
// the round.
func (v *Validator) guessLeader(g *parse.Game, r *PlayedRound, ne int) (guess Violation, ok bool) {
	ti := v.noLeader - 1
	if ti < 0 || ti >= len(r.Src.Tricks) {
		return guess, false
	}
	v.errs = v.errs[:ne]
	src := r.Src
	var best *PlayedRound
	var bestSrc *parse.Round
	for l := range r.Seats {
		cp := *src
		cp.Tricks = append([]parse.Trick(nil), src.Tricks...)
		cp.Tricks[ti].Leader = r.name(g, l)
		if res := v.try(g, r, &cp, 0); res != nil && (best == nil || len(res.Violations) < len(best.Violations)) {
			best, bestSrc = res, &cp
		}
	}
	if best == nil {
		v.errs.Addf(src.Tricks[ti].Pos, "trick %d: its leader cannot be known, and no player as its leader reads the round", ti+1)
		return guess, false
	}
	tr := &src.Tricks[ti]
	name := bestSrc.Tricks[ti].Leader
	msg := fmt.Sprintf("trick %d: its leader cannot be known (name the leader, trick NAME: ..., or give the deal and passes); read with %s leading, whom the cards fit best", ti+1, name)
	if tr.Leader != "" {
		dym := parse.DidYouMean(tr.Leader, r.names(g)) // "; did you mean ann?" or ""
		if dym == "" {
			dym = ";"
		}
		msg = fmt.Sprintf("trick %d: unknown leader %q%s read with %s leading, whom the cards fit best", ti+1, tr.Leader, dym, name)
	}
	*r = *best
	return Violation{Round: r.Number, Trick: ti + 1, Player: name, Card: tr.Cards[0], Rule: WrongLeader, Msg: msg, Pos: tr.Pos}, true
}
