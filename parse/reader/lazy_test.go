package reader

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// TestNextLazy: games read with NextLazy and parsed later, out of order, equal the games
// Next returns, errors included, for text, YAML and JSON.
func TestNextLazy(t *testing.T) {
	for name, src := range map[string]string{
		"g.tricks": "game hearts\nplayers a b c d\nround\ntrick a: 2C 3C 4C 5C\n---\n" +
			"game hearts\nplayers a b c d\nround\ntrick a: 2C QX 4C 5C\n---\n" +
			"# only a comment\n---\ngame spades\nplayers a b c d\nround\nbid a=1 b=2 c=3 d=4\n",
		"g.yaml":       "game: hearts\nplayers: [a, b, c, d]\n---\ngame: hearts\nplayers: [a, b]\nrounds: [{tricks: [QX]}]\n",
		"g.json":       `{"game": "hearts", "players": ["a", "b", "c", "d"]}` + "\n" + `{"game": "x", "players": []}`,
		"empty.tricks": "",
	} {
		t.Run(name, func(t *testing.T) {
			type out struct {
				g   *parse.Game
				err string
			}
			var want []out
			rd := NewReader(strings.NewReader(src), name, parse.Auto)
			for {
				g, err := rd.Next()
				if err == io.EOF {
					break
				}
				o := out{g: g}
				if err != nil {
					o.err = err.Error()
				}
				want = append(want, o)
				if g == nil && err != nil {
					break
				}
			}
			var loads []func() (*parse.Game, error)
			rd = NewReader(strings.NewReader(src), name, parse.Auto)
			for {
				load, err := rd.NextLazy()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "read error")
				loads = append(loads, load)
			}
			require.Len(t, loads, len(want), "NextLazy's games against Next's")
			for i := len(loads) - 1; i >= 0; i-- { // parse in reverse: each on its own arena
				g, err := loads[i]()
				got := out{g: g}
				if err != nil {
					got.err = err.Error()
				}
				assert.Equal(t, want[i], got, "game %d", i+1)
			}
		})
	}
}
