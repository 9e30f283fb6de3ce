package score

import (
	"fmt"
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// heartsRound computes the points of a Hearts-family round per unit (player): card points,
// moon, revoke penalties and the no-tricks bonus (RULES §4).
func (s *game) heartsRound(r *validate.PlayedRound, out *RoundResult) []int {
	h := &s.sc.blk.hearts // every field set here (the sums of the round's seats by tally)
	h.r, h.rs, h.n = r, s.rs, len(r.Seats)
	h.tally(r.Table.ValueGroups())
	h.kind, h.fixed = s.kind, s.fixed
	h.allVoid = h.kind == rulesets.RevokeAll && len(r.Revokers) > 0
	h.findShooter()

	m := validate.MaxSeats
	local := s.rb.vals[5*m : 5*m+h.n : 5*m+h.n] // in the round's block: apply is passed as a value
	h.moon(s, out, local)                       // every way through it applies the points (apply) into local
	h.notes(s.rp.Players, out)
	pts := s.pts()
	if !r.Tiebreak && len(pts) == h.n {
		copyInts(pts, local) // every player plays, each their own unit (unitOf[l] is l)
	} else {
		for l := 0; l < h.n; l++ {
			pts[s.unitOf[r.Seats[l]]] += local[l]
		}
	}
	h.figures(s, s.rp.Players, out)
	return pts
}

// heartsCalc is one Hearts-family round being scored, by local seat.
type heartsCalc struct {
	r     *validate.PlayedRound
	rs    *rulesets.Ruleset
	n     int
	card  [validate.MaxSeats]int // card points won
	pen   [validate.MaxSeats]int // penalty cards won
	bonus [validate.MaxSeats]int // the negative values won (bonus cards)
	// Revoke penalty: kind fixed (fixed points per revoke) or all; allVoid when a revoke
	// under all voids the round.
	kind    rulesets.RevokeKind
	fixed   int
	allVoid bool
	shooter int // local seat of the moon shooter, -1 when none
}

// Card points: each card won adds its value, and counts as a penalty card (a positive
// value) or adds to the bonus (the others), by the groups of cards of one value (valued:
// the cards of the groups). It sets the sums of every seat of the round.
func (h *heartsCalc) tally(groups []rulesets.ValueGroup, valued parse.CardSet) {
	for l := 0; l < h.n; l++ {
		h.card[l], h.pen[l], h.bonus[l] = 0, 0, 0
		won := h.r.Won[l]
		if won.A&valued == 0 {
			continue // no card of value (B holds second copies of cards of A)
		}
		for _, g := range groups {
			k := bits.OnesCount64(uint64(won.A & g.Cards))
			if won.B != 0 {
				k += bits.OnesCount64(uint64(won.B & g.Cards))
			}
			h.card[l] += k * g.Value
			if g.Value > 0 {
				h.pen[l] += k
			} else {
				h.bonus[l] += k * g.Value
			}
		}
	}
}

// The moon: the shooter won every penalty card in play, both copies with two decks; cards
// counted twice (a duplicate written in the transcript) neither make nor break a moon.
func (h *heartsCalc) findShooter() {
	h.shooter = -1
	if h.rs.Moon != rulesets.MoonNone && h.rs.Moon != rulesets.MoonUnset && !h.allVoid {
		h.shooter = Shooter(h.r.Table, h.r.Won[:h.n])
	}
}

// Shooter returns the seat (an index into won, the cards each seat won in a round's tricks)
// that won every penalty card in play, both copies with two decks: the one who shot the moon
// where the rules have moons. -1 when none did, or the table has no penalty card.
func Shooter(t *rulesets.Table, won []validate.Hand) int {
	once := t.Penalty & (t.Deck | t.Deck2)
	twice := t.Penalty & t.Deck & t.Deck2
	shooter := -1
	if once == 0 {
		return -1
	}
	for l := range won {
		if won[l].A&once == once && won[l].B&twice == twice {
			shooter = l
		}
	}
	return shooter
}

// apply computes every seat's points into local under a moon scoring (old, new, or unset
// without a moon): the moon, then revoke penalties, then the no-tricks bonus.
func (h *heartsCalc) apply(local []int, scoring rulesets.Moon) {
	r, t, n := h.r, h.r.Table, h.n
	copyInts(local, h.card[:n])
	if h.shooter >= 0 {
		for l := 0; l < n; l++ {
			switch {
			case l == h.shooter && scoring == rulesets.MoonOld:
				local[l] = h.bonus[l]
			case l == h.shooter:
				local[l] = h.bonus[l] - t.T
			case scoring == rulesets.MoonOld:
				local[l] = h.card[l] + t.T
			}
		}
	}
	if h.kind == rulesets.RevokeFixed {
		for _, l := range r.Revokers {
			local[l] += h.fixed
		}
	}
	if h.allVoid {
		for l := range local {
			local[l] = 0
		}
		local[r.Revokers[0]] = t.T
	}
	if h.rs.NoTricksBonus != 0 && !r.Tally && h.shooter < 0 && !h.allVoid && r.Played > 0 {
		for l := 0; l < n; l++ {
			if r.Tricks[l] == 0 {
				local[l] -= h.rs.NoTricksBonus
			}
		}
	}
}

// moon decides the moon's scoring (recorded, automatic for choice, or the ruleset's) and
// computes the points into local.
func (h *heartsCalc) moon(s *game, out *RoundResult, local []int) {
	if h.shooter < 0 {
		h.apply(local, rulesets.MoonUnset)
		return
	}
	r, rs := h.r, h.rs
	m := &s.rb.moon
	*m = Moon{Player: s.rp.Players[r.Seats[h.shooter]], Choice: "auto"}
	scoring := rs.Moon
	switch {
	case rs.Moon == rulesets.MoonChoice && r.MoonSeat == h.shooter:
		scoring, m.Choice = recordedMoon(r.MoonScoring), "recorded"
	case rs.Moon == rulesets.MoonChoice:
		scoring = s.autoMoon(r, h.shooter, local, h.apply)
	}
	m.Scoring = scoring.String()
	out.Moon = m
	h.apply(local, scoring)
	if out.Notes == nil {
		out.Notes = s.rb.notes[:0:len(s.rb.notes)] // the round's own memory, as its figures
	}
	out.Notes = append(out.Notes, s.sc.moonNote(m.Player, m.Scoring))
}

// moonNote is the note of a moon that a player shot, under a scoring: the same note as the
// last few moons of the same player and scoring (strings are never changed).
type moonNote struct{ player, scoring, note string }

// moonNote returns "moon: PLAYER (SCORING)", the note made for one of the last moons when it
// is the same.
func (sc *Scorer) moonNote(player, scoring string) string {
	for i := range sc.moons {
		if n := &sc.moons[i]; n.note != "" && n.player == player && n.scoring == scoring {
			return n.note
		}
	}
	note := "moon: " + player + " (" + scoring + ")"
	sc.moons[sc.nextMoon] = moonNote{player, scoring, note}
	sc.nextMoon = (sc.nextMoon + 1) % len(sc.moons)
	return note
}

// recordedMoon reads a moon line's choice, old or new (as parse reads them; anything else
// scores as new, as it did when the spelling was compared).
func recordedMoon(s string) rulesets.Moon {
	var m rulesets.Moon
	if m.UnmarshalText([]byte(s)) != nil || m != rulesets.MoonOld {
		return rulesets.MoonNew
	}
	return m
}

// notes: a moon line that does not apply, and the revoke penalties.
func (h *heartsCalc) notes(players []string, out *RoundResult) {
	r := h.r
	if r.MoonSeat >= 0 && (r.MoonSeat != h.shooter || h.rs.Moon != rulesets.MoonChoice) {
		why := "the ruleset does not let the shooter choose"
		if r.MoonSeat != h.shooter {
			why = "they did not shoot the moon"
		}
		out.Notes = append(out.Notes, fmt.Sprintf("moon line for %s ignored: %s", players[r.Seats[r.MoonSeat]], why))
	}
	if h.kind == rulesets.RevokeFixed {
		for _, l := range r.Revokers {
			out.Notes = append(out.Notes, fmt.Sprintf("revoke: %s +%d", players[r.Seats[l]], h.fixed))
		}
	}
	if h.allVoid {
		out.Notes = append(out.Notes, fmt.Sprintf("revoke: %s scores all %d", players[r.Seats[r.Revokers[0]]], r.Table.T))
	}
}

// figures: the informative penalty-card and trick counts, in the round's block; the keys are
// the round's players (a tie-break's are already listed in out.Tiebreak).
func (h *heartsCalc) figures(s *game, players []string, out *RoundResult) {
	r, n := h.r, h.n
	fig, m := s.rb, validate.MaxSeats
	fig.total = r.Table.PenaltyCount
	keys := players
	switch {
	case n == len(players):
	case len(out.Tiebreak) == n:
		keys = out.Tiebreak
	default:
		keys = make([]string, n)
		for l := range keys {
			keys[l] = players[r.Seats[l]]
		}
	}
	fig.pc = Scores{Keys: keys, Vals: fig.vals[2*m : 2*m+n : 2*m+n]}
	fig.tr = Scores{Keys: keys, Vals: fig.vals[3*m : 3*m+n : 3*m+n]}
	copyInts(fig.pc.Vals, h.pen[:n])
	copyInts(fig.tr.Vals, r.Tricks[:n])
	out.PenaltyTotal = &fig.total
	out.PenaltyCards = &fig.pc
	if !r.Tally {
		out.Tricks = &fig.tr
		out.Carried = r.Carried
	}
}

// autoMoon decides an unrecorded moon choice (RULES §4.2, §7): old, unless under old the
// game would end with the shooter not the single lowest total; then new.
func (s *game) autoMoon(r *validate.PlayedRound, shooter int, local []int, apply func([]int, rulesets.Moon)) rulesets.Moon {
	if r.Tiebreak {
		return rulesets.MoonOld
	}
	apply(local, rulesets.MoonOld)
	var buf [validate.MaxSeats]int
	totals := append(buf[:0:min(len(s.totals), len(buf))], s.totals...)
	for l := range r.Seats {
		totals[s.unitOf[r.Seats[l]]] += local[l]
	}
	s.exactReset(totals)
	over, best := s.endState(totals, s.normal+1)
	me := s.unitOf[r.Seats[shooter]]
	if over && !(len(best) == 1 && best[0] == me) {
		return rulesets.MoonNew
	}
	return rulesets.MoonOld
}
