package writer

import (
	"bytes"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/testcorpus"
	"github.com/tricks-dev/tricks/parse/reader"
)

// textCorpus is the text transcripts of the repository's test data and the reader's.
func textCorpus(t testing.TB) map[string][]byte {
	return testcorpus.Text(t, "../../testdata", "../reader/testdata")
}

// Every card is written as its String.
func TestCardSpelling(t *testing.T) {
	for c := parse.Card(0); c < parse.NumCards; c++ {
		require.Equal(t, c.String(), string(appendCard(nil, c)))
	}
}

// TestWriterHeadSameAsFresh: a Writer that keeps the first lines of the game before (the
// head: game, players and options) writes exactly what AppendText, AppendYAML and AppendJSON
// write for each game afresh, in a stream where the heads repeat, change and come back:
// every game of the testdata transcripts, each one twice in a row, and the stream then in
// reverse.
func TestWriterHeadSameAsFresh(t *testing.T) {
	corpus := textCorpus(t)
	names := make([]string, 0, len(corpus))
	for name := range corpus {
		names = append(names, name)
	}
	sort.Strings(names)
	var games []*parse.Game
	for _, name := range names {
		gs, _ := reader.ParseBytes(corpus[name], name)
		for _, g := range gs {
			games = append(games, g, g)
		}
	}
	// The same players and options in other slices, and an option changed in place of one
	// kept: the head is rewritten from what the game holds, not from where it is held.
	g := *games[0]
	g.Players = slices.Clone(g.Players)
	g.Options = append(slices.Clone(g.Options), parse.KV{Key: "end", Value: "rounds"})
	h := g
	h.Options = slices.Clone(g.Options)
	h.Options[len(h.Options)-1].Value = "points"
	games = append(games, &g, &h, &g)
	stream := append(slices.Clone(games), games...)
	slices.Reverse(stream[len(games):])
	require.Greater(t, len(stream), 400)

	for _, format := range []parse.Format{parse.Text, parse.YAML} {
		var got, want bytes.Buffer
		w := NewWriter(&got, format)
		for k, g := range stream {
			require.NoError(t, w.Write(g))
			if k > 0 {
				want.WriteString("---\n")
			}
			if format == parse.YAML {
				want.Write(AppendYAML(nil, g))
			} else {
				want.Write(AppendText(nil, g))
			}
		}
		require.Equal(t, want.String(), got.String(), "format %v", format)
	}
	for _, lines := range []bool{false, true} {
		var got, want bytes.Buffer
		w := NewJSONWriter(&got, lines)
		for k, g := range stream {
			require.NoError(t, w.Write(g))
			switch {
			case lines:
			case k == 0:
				want.WriteString("[\n")
			default:
				want.WriteString(",\n")
			}
			want.Write(AppendJSON(nil, g))
			if lines {
				want.WriteString("\n")
			}
		}
		require.NoError(t, w.Close())
		if !lines {
			want.WriteString("\n]\n")
		}
		require.Equal(t, want.String(), got.String(), "JSON, lines %v", lines)
	}
}
