package reader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// oneTrickGames returns n games of one round of one trick each, in text or JSON lines.
func oneTrickGames(n int, json bool) []byte {
	var b strings.Builder
	for i := range n {
		if json {
			fmt.Fprintf(&b, `{"game": "hearts", "players": ["ann", "bob", "cat", "dan"], "meta": {"n": %d}, "rounds": [{"tricks": [{"cat": "2C AC 8C 5C"}]}]}`+"\n", i)
			continue
		}
		fmt.Fprintf(&b, "game hearts\nplayers ann bob cat dan\nmeta n=%d\n\nround\ntrick cat: 2C AC 8C 5C\n---\n", i)
	}
	return []byte(b.String())
}

// heldBy returns the live heap that the games read holds once collected, per byte of src.
func heldBy(t *testing.T, src []byte, read func() []*parse.Game) float64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	games := read()
	runtime.GC()
	runtime.ReadMemStats(&after)
	require.NotEmpty(t, games)
	held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	runtime.KeepAlive(games)
	t.Logf("%d games of %d bytes hold %.0f bytes: %.0f a game, %.1f a byte of input",
		len(games), len(src), held, held/float64(len(games)), held/float64(len(src)))
	return held / float64(len(src))
}

// The whole-file calls keep every game: what they hold must be in proportion to the input,
// not a game's worth of spare memory for each game.
func TestWholeFileHoldsInProportion(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 20,000 games")
	}
	src := oneTrickGames(20000, false)
	perByte := heldBy(t, src, func() []*parse.Game {
		games, err := ParseBytes(src, "many.tricks")
		require.NoError(t, err)
		return games
	})
	require.Less(t, perByte, 20.0, "ParseBytes")

	var yaml bytes.Buffer
	games, err := ParseBytes(src, "many.tricks")
	require.NoError(t, err)
	require.NoError(t, writer.WriteYAMLs(&yaml, games))
	games = nil
	perByte = heldBy(t, yaml.Bytes(), func() []*parse.Game {
		games, err := ParseBytes(yaml.Bytes(), "many.yaml")
		require.NoError(t, err)
		return games
	})
	require.Less(t, perByte, 20.0, "ParseBytes of YAML")

	jsonl := oneTrickGames(20000, true)
	perByte = heldBy(t, jsonl, func() []*parse.Game {
		games, err := ParseBytes(jsonl, "many.jsonl")
		require.NoError(t, err)
		return games
	})
	require.Less(t, perByte, 20.0, "ParseBytes of JSON lines")

	name := filepath.Join(t.TempDir(), "many.tricks")
	require.NoError(t, os.WriteFile(name, src, 0o644))
	perByte = heldBy(t, src, func() []*parse.Game {
		games, err := ParseFile(name)
		require.NoError(t, err)
		return games
	})
	require.Less(t, perByte, 20.0, "ParseFile")
}
