package reader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHeadsKeptSameAsGeneral: games whose heads a GameBuffer keeps (head.go), read in turn
// into one buffer after comment lines, blank lines and nothing, at other line numbers and in
// other files, and games whose heads differ from a kept one by a byte, a line, its end or
// what comes before it, give the games and errors of the general statements.
func TestHeadsKeptSameAsGeneral(t *testing.T) {
	kinds := []string{
		"game hearts\nplayers north east south west\noption pass=right jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=lefx jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=north\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround\n",
		"game hearts\nplayers north east south west\nround dealer=west\n",
		"game hearts\nround dealer=west\n",
		"game hearts\nplayers north east south\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left\noption jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left pass=right\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nmeta date=2026-12-06\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround tiebreak north east\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=west # c\n",
		"game hearts\nplayers north east south west\n# c\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\n\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\ntrick 2C 3C 4C 5C\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=zed\n",
		"game spades\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\nplayers north north south west\noption pass=left jd-bonus=off\nround dealer=west\n",
		"game hearts\ngame hearts\nplayers north east south west\nround dealer=west\n",
		"game \"hearts\"\nplayers north east south west\nround dealer=west\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=west",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\n",
		"game hearts\nplayers north east south west\noption pass=left jd-bonus=off\nround dealer=west\nround dealer=east\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds rounds=1\nmeta seed=1 game=1\n\nround\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds rounds=1\nmeta seed=1 game=2\n\nround\n",
		"game hearts\nplayers ann bob cat dan\nmeta seed=1 game=1\n\nround\n",
		"game hearts\nplayers ann bob cat dan\n\nround\n",
		"game hearts\nplayers ann bob cat dan\n",
		"game hearts\nplayers ann bob cat dan",
		"game hearts\nplayers ann bob cat dan\noption end=rounds # c\nround\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds\n  round\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds\nplayers ann bob\nround\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds\nround dealer=ann tiebreak ann bob\n",
		"game hearts\nplayers ann bob cat dan\noption end=rounds\nround\n",
	}
	befores := []string{"", "# OpenSpiel hearts, seed 1 game 0\n", "# a\n# b\n\n", "\n\n", "# a\nxyz\n", "players a b\n", "# é\n"}
	plays := []string{"", "pass north: 2C 3C 4C\ntrick north: 2C 3C 4C 5C\ntrick 6C 7C 8C 9C\n", "trick 2C 3C 4C 5C\n# end\n", "option jd-bonus=on\ntrick 2C 3C 4C 5C\n", "option x=y\n"}
	var buf GameBuffer
	n := 0
	for round := 0; round < 3; round++ {
		var src strings.Builder
		for k := range 4 * len(kinds) {
			h := kinds[(k*7+round)%len(kinds)]
			if k%3 == 0 {
				h = kinds[k%2] // the heads most games have
			}
			before, play := befores[(k+round)%len(befores)], plays[k%len(plays)]
			if !strings.HasSuffix(h, "\n") {
				play = ""
			}
			fmt.Fprintf(&src, "%s%s%s---\n", before, h, play)
		}
		n += checkFastPath(t, []byte(src.String()), fmt.Sprintf("heads%d.tricks", round), &buf)
	}
	// more heads in turn than a GameBuffer keeps
	var src strings.Builder
	for k := range 3 * (heads + 3) {
		fmt.Fprintf(&src, "# %d\ngame hearts\nplayers a b\noption k=%d\nround dealer=a\ntrick 2C 3C\n---\n", k, k%(heads+3))
	}
	n += checkFastPath(t, []byte(src.String()), "many.tricks", &buf)
	require.NotZero(t, n, "no game read")
}
