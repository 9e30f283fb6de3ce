package app

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
	"github.com/stretchr/testify/assert"
)

// The grid pads on the text, not on its colour codes; cells of several lines continue under
// their column; no line ends in blanks.
func TestGrid(t *testing.T) {
	red := func(a ...any) string { return "\x1b[31m" + a[0].(string) + "\x1b[0m" }
	g := grid{sep: "  ", cols: []gridCol{{right: true, min: 5}, {}, {}}}
	g.row(cell("round"), cell("ann"), cell("notes"))
	g.row(cell("1"), cell("+13 → 13").in(red), cell("moon: ann\nrevoke: bob"))
	g.row(cell("total"), cell("13"), cell(""))
	var b strings.Builder
	g.write(&b)
	want := "round  ann       notes\n" +
		"    1  \x1b[31m+13 → 13\x1b[0m  moon: ann\n" +
		"                 revoke: bob\n" +
		"total  13\n"
	assert.Equal(t, want, b.String())
}

// The same penalty of several players is one note, in the order of first appearance.
func TestGroupPenalties(t *testing.T) {
	got := groupPenalties([]string{"moon: ann (old)", "revoke: dan +13", "revoke: ann +13", "exact reset: bob -26",
		"revoke: cat +10", "exact reset: cat -26"})
	assert.Equal(t, []string{"moon: ann (old)", "revoke +13: dan, ann", "exact reset -26: bob, cat", "revoke: cat +10"}, got)
}

// textWidth's count for printable ASCII is uniseg's, and the rest goes to uniseg.
func TestTextWidthAsUniseg(t *testing.T) {
	for _, s := range []string{"", "Alice", " ~!{}", "N 26 (moon)", "a\tb", "x\x7fy", "\x1b[1m", "Zoë", "日本", "e\u0301", "👍🏽", "A\u200bB", "+7 → 12", "→", "→\u0301", "a→→b", "→日", "→\u200d→", "→\u20d7", "+1 → 2\u0301"} {
		assert.Equal(t, uniseg.StringWidth(s), textWidth(s), "%q", s)
	}
	for c := 0; c < 0x80; c++ {
		s := string(rune(c))
		assert.Equal(t, uniseg.StringWidth(s), textWidth(s), "%q", s)
	}
}
