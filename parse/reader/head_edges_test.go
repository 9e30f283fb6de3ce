package reader

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// TestHeadsKeptEdges: heads kept by one GameBuffer across files whose games differ from a
// kept head only in line ends (CRLF), a byte-order mark, tabs, trailing blanks, quoted and
// long names, an option value that is a player's name, a head that is a prefix of a longer
// line; and a caller changing a game's Players and Options before the next game with the same
// head is parsed into the buffer.
func TestHeadsKeptEdges(t *testing.T) {
	head := "game hearts\nplayers ann bob cat dan\noption pass=left moon=ann\nround dealer=bob\n"
	play := "trick ann: 2C 3C 4C 5C\n"
	variants := []string{
		head,
		strings.ReplaceAll(head, "\n", "\r\n"),
		"\xEF\xBB\xBF" + head,
		strings.Replace(head, "players ann", "players\tann", 1),
		strings.Replace(head, "round dealer=bob\n", "round dealer=bob \n", 1),
		strings.Replace(head, "round dealer=bob\n", "round dealer=bobby\n", 1),
		strings.Replace(head, "option pass=left moon=ann\n", "option pass=left moon=ann2\n", 1),
		strings.Replace(head, "players ann bob cat dan", "players \"Mary Ann\" bob cat dan", 1),
		strings.Replace(head, "players ann bob cat dan", "players annabella bob cat dan", 1),
		strings.Replace(head, "game hearts\n", "game hearts\n# c\n", 1),
		"# lead\n" + head,
		"#\n" + head,
		"# é\n" + head,
	}
	var buf GameBuffer
	for f, v := range variants {
		var src strings.Builder
		for k := range 3 {
			fmt.Fprintf(&src, "%s%s---\n", head, play)
			fmt.Fprintf(&src, "%s%s---\n", v, play)
			if k == 1 {
				src.WriteString("\n\n")
			}
		}
		checkFastPath(t, []byte(src.String()), fmt.Sprintf("v%d.tricks", f), &buf)
		// The BOM only at a file's start.
		if strings.HasPrefix(v, "\xEF\xBB\xBF") {
			checkFastPath(t, []byte(v+play+"---\n"+head+play), fmt.Sprintf("bom%d.tricks", f), &buf)
		}
	}

	// A caller changes a game's lists; the next game with that head (same buffer) is unchanged.
	src := []byte(head + play + "---\n" + head + play + "---\n" + head + play)
	rd := NewReader(bytes.NewReader(src), "mut.tricks", parse.Text)
	var first *parse.Game
	for k := 0; ; k++ {
		var p Pending
		if err := rd.NextPending(&p); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		want, _ := parseGeneral(&p)
		got, _ := p.Parse(&buf)
		require.Equal(t, want, got, "game %d", k+1)
		if first == nil {
			first = got
		}
		got.Players[0] = "zed"
		got.Options[1].Value = "zed"
		got.Options[1].Pos.Line = 99
		got.Rounds[0].Dealer = "zed"
	}
}
