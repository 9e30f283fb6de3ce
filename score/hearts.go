package score

import (
	"fmt"

	"github.com/tricks-dev/tricks/validate"
)

// heartsRound computes the points of a Hearts-family round per unit (player): card points,
// moon, revoke penalties and the no-tricks bonus (RULES §4).
func (s *game) heartsRound(r *validate.Round, out *Round) []int {
	t := r.Table
	rs := s.rs
	n := len(r.Seats)
	players := s.rp.Players
	var card, pen [validate.MaxSeats]int
	penTotal := t.PenaltyCount
	var bonus [validate.MaxSeats]int // negative values won
	for l := 0; l < n; l++ {
		for _, set := range [2]uint64{uint64(r.Won[l].A), uint64(r.Won[l].B)} {
			for set != 0 {
				c := trailing(set)
				set &= set - 1
				v := t.Value[c]
				card[l] += v
				if v > 0 {
					pen[l]++
				} else {
					bonus[l] += v
				}
			}
		}
	}
	pts := s.pts()
	var localBuf [validate.MaxSeats]int
	local := localBuf[:n]
	copy(local, card[:n])

	kind, fixed := rs.RevokePenalty()
	allVoid := kind == "all" && len(r.Revokers) > 0
	// The shooter won every penalty card in play, both copies with two decks; cards counted
	// twice (a duplicate written in the transcript) neither make nor break a moon.
	shooter := -1
	once := t.Penalty & (t.Deck | t.Deck2)
	twice := t.Penalty & t.Deck & t.Deck2
	if rs.Moon != "none" && rs.Moon != "" && !allVoid && once != 0 {
		for l := 0; l < n; l++ {
			if r.Won[l].A&once == once && r.Won[l].B&twice == twice {
				shooter = l
			}
		}
	}
	apply := func(local []int, scoring string) {
		copy(local, card[:n])
		if shooter >= 0 {
			for l := 0; l < n; l++ {
				switch {
				case l == shooter && scoring == "old":
					local[l] = bonus[l]
				case l == shooter:
					local[l] = bonus[l] - t.T
				case scoring == "old":
					local[l] = card[l] + t.T
				}
			}
		}
		if kind == "fixed" {
			for _, l := range r.Revokers {
				local[l] += fixed
			}
		}
		if allVoid {
			for l := range local {
				local[l] = 0
			}
			local[r.Revokers[0]] = t.T
		}
		if rs.NoTricksBonus != 0 && !r.Tally && shooter < 0 && !allVoid && r.Played > 0 {
			for l := 0; l < n; l++ {
				if r.Tricks[l] == 0 {
					local[l] -= rs.NoTricksBonus
				}
			}
		}
	}
	if shooter >= 0 {
		m := &Moon{Player: players[r.Seats[shooter]], Choice: "auto"}
		switch {
		case rs.Moon == "choice" && r.MoonSeat == shooter:
			m.Scoring, m.Choice = r.MoonScoring, "recorded"
		case rs.Moon == "choice":
			m.Scoring = s.autoMoon(r, shooter, local, apply)
		default:
			m.Scoring = rs.Moon
		}
		out.Moon = m
		apply(local, m.Scoring)
		out.Notes = append(out.Notes, fmt.Sprintf("moon: %s (%s)", m.Player, m.Scoring))
	} else {
		apply(local, "")
	}
	if r.MoonSeat >= 0 && (r.MoonSeat != shooter || rs.Moon != "choice") {
		why := "the ruleset does not let the shooter choose"
		if r.MoonSeat != shooter {
			why = "they did not shoot the moon"
		}
		out.Notes = append(out.Notes, fmt.Sprintf("moon line for %s ignored: %s", players[r.Seats[r.MoonSeat]], why))
	}
	if kind == "fixed" {
		for _, l := range r.Revokers {
			out.Notes = append(out.Notes, fmt.Sprintf("revoke: %s +%d", players[r.Seats[l]], fixed))
		}
	}
	if allVoid {
		out.Notes = append(out.Notes, fmt.Sprintf("revoke: %s scores all %d", players[r.Seats[r.Revokers[0]]], t.T))
	}
	for l := 0; l < n; l++ {
		pts[s.unitOf[r.Seats[l]]] += local[l]
	}
	// One allocation for the informative figures; the keys are the round's players.
	fig := &struct {
		pc, tr Scores
		total  int
		vals   [2 * validate.MaxSeats]int
	}{total: penTotal}
	keys := players
	if n != len(players) {
		keys = make([]string, n)
		for l := range keys {
			keys[l] = players[r.Seats[l]]
		}
	}
	fig.pc = Scores{Keys: keys, Vals: fig.vals[:n:n]}
	fig.tr = Scores{Keys: keys, Vals: fig.vals[n : 2*n : 2*n]}
	copy(fig.pc.Vals, pen[:n])
	copy(fig.tr.Vals, r.Tricks[:n])
	out.PenaltyTotal = &fig.total
	out.PenaltyCards = &fig.pc
	if !r.Tally {
		out.Tricks = &fig.tr
		out.Carried = r.Carried
	}
	return pts
}

// autoMoon decides an unrecorded moon choice (RULES §4.2, §7): old, unless under old the
// game would end with the shooter not the single lowest total; then new.
func (s *game) autoMoon(r *validate.Round, shooter int, local []int, apply func([]int, string)) string {
	if r.Tiebreak {
		return "old"
	}
	apply(local, "old")
	totals := append([]int(nil), s.totals...)
	for l := range r.Seats {
		totals[s.unitOf[r.Seats[l]]] += local[l]
	}
	if s.rs.ExactReset != 0 && s.rs.End != "rounds" {
		for u, t := range totals {
			if t == s.rs.Target {
				totals[u] -= s.rs.ExactReset
			}
		}
	}
	over, best := s.endState(totals, s.normal+1)
	me := s.unitOf[r.Seats[shooter]]
	if over && !(len(best) == 1 && best[0] == me) {
		return "new"
	}
	return "old"
}
