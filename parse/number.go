package parse

import (
	"strings"

	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// ParseBid reads a bid as written: "4", "0", "nil", "b3", "b0", "bnil" (case-insensitive).
// Player and Pos are left empty.
func ParseBid(s string) (Bid, bool) {
	var b Bid
	if len(s) > 0 && (s[0] == 'b' || s[0] == 'B') {
		b.Blind = true
		s = s[1:]
	}
	if len(s) == 3 && strings.EqualFold(s, "nil") {
		b.Nil = true
		return b, true
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return Bid{}, false
	}
	n, ok := spell.Number(s)
	if !ok {
		return Bid{}, false
	}
	b.N = n
	return b, true
}
