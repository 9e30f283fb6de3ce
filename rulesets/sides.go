package rulesets

import (
	"strings"

	"github.com/tricks-dev/tricks/parse"
)

// Partnership reports whether a game of n players under rs is scored by sides: Spades with
// teams on and four players, seats 1+3 against 2+4 (RULES §6).
func (rs *Ruleset) Partnership(n int) bool { return rs.Family == Spades && bool(rs.Teams) && n == 4 }

// Units returns what scores in a game of these players: the two sides ("ann+cat",
// "bob+dan") of a partnership, else the players; and the unit of each seat. It depends on
// rs only through Partnership(len(players)) (a scorer keeps the units of rulesets that agree
// on it).
func (rs *Ruleset) Units(players []string) (names []string, unitOf []int) {
	unitOf = make([]int, len(players))
	if rs.Partnership(len(players)) {
		for i := range unitOf {
			unitOf[i] = i % 2
		}
		return []string{players[0] + "+" + players[2], players[1] + "+" + players[3]}, unitOf
	}
	for i := range unitOf {
		unitOf[i] = i
	}
	return players, unitOf
}

// IsSide reports whether name is a side of a partnership game of these players, as score and
// total lines may name one: its partners joined by "+", in either order (SideName).
func (rs *Ruleset) IsSide(players []string, name string) bool {
	_, ok := rs.SideName(players, name)
	return ok
}

// SideName returns the side of a partnership game of these players that name names, as
// Units names it ("ann+cat", the partners in seat order), for name in either order
// ("cat+ann" too: a score keeper writes the partners as they come); ok is false for a name
// that is no side.
func (rs *Ruleset) SideName(players []string, name string) (string, bool) {
	if !rs.Partnership(len(players)) {
		return "", false
	}
	if !strings.Contains(name, "+") {
		return "", false
	}
	p := players
	for k := 0; k < 2; k++ {
		// (whole names compared: a quoted player name may hold a '+' itself)
		if side := p[k] + "+" + p[k+2]; name == side || name == p[k+2]+"+"+p[k] {
			return side, true
		}
	}
	return "", false
}

// BlindRefused returns why a blind bid is not allowed (RULES §6), "" when it is: blind bids
// on, not in the first round, by a unit at least 100 behind the leader, and a number bid of
// at most 7 (a blind nil may always be bid by an eligible unit). behind is how far the
// bidder's unit is behind the highest total before the round.
func (rs *Ruleset) BlindRefused(b parse.Bid, firstRound bool, behind int) string {
	switch {
	case !bool(rs.Blind):
		return "blind bids are off"
	case !rs.IsNil(b) && b.N > 7:
		return "a blind bid may be 7 at most"
	case firstRound || behind < 100:
		return "only a side 100 or more behind the leader may bid blind"
	}
	return ""
}

// IsNil reports whether a bid counts as nil under rs: nil bids on, and a bid of nil or 0.
func (rs *Ruleset) IsNil(b parse.Bid) bool { return bool(rs.Nil) && (b.Nil || b.N == 0) }
