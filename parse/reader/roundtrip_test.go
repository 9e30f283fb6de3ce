package reader

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// examplesDir is ../shared/examples seen from the module root.
const examplesDir = "../../../shared/examples"

// exampleFiles lists every .tricks and .yaml file of the shared examples, or skips.
func exampleFiles(t testing.TB) []string {
	t.Helper()
	if _, err := os.Stat(examplesDir); err != nil {
		t.Skip("shared examples not present:", err)
	}
	var files []string
	err := filepath.WalkDir(examplesDir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".tricks" || ext == ".yaml") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// stripped returns a copy of the game without positions, file or index, with empty
// slices as nil, so that games read from different spellings compare equal.
func stripped(g *parse.Game) *parse.Game {
	h := &parse.Game{Ruleset: g.Ruleset, Players: g.Players}
	for _, kv := range g.Options {
		h.Options = append(h.Options, parse.KV{Key: kv.Key, Value: kv.Value})
	}
	for _, kv := range g.Meta {
		h.Meta = append(h.Meta, parse.KV{Key: kv.Key, Value: kv.Value})
	}
	hands := func(hs []parse.PlayerCards) []parse.PlayerCards {
		var out []parse.PlayerCards
		for _, x := range hs {
			var cs []parse.Card
			if len(x.Cards) > 0 {
				cs = x.Cards
			}
			out = append(out, parse.PlayerCards{Player: x.Player, Cards: cs})
		}
		return out
	}
	counts := func(cs []parse.Count) []parse.Count {
		var out []parse.Count
		for _, x := range cs {
			out = append(out, parse.Count{Player: x.Player, N: x.N})
		}
		return out
	}
	for _, r := range g.Rounds {
		s := &parse.Round{Dealer: r.Dealer, Tiebreak: r.Tiebreak}
		s.Deal = hands(r.Deal)
		s.Took = hands(r.Took)
		for _, x := range r.Passes {
			var cs []parse.Card
			if len(x.Cards) > 0 {
				cs = x.Cards
			}
			s.Passes = append(s.Passes, parse.Pass{Player: x.Player, To: x.To, Cards: cs})
		}
		for _, x := range r.Bids {
			x.Pos = parse.Pos{}
			s.Bids = append(s.Bids, x)
		}
		for _, x := range r.Tricks {
			s.Tricks = append(s.Tricks, parse.Trick{Leader: x.Leader, Cards: x.Cards})
		}
		for _, x := range r.Moon {
			s.Moon = append(s.Moon, parse.Moon{Player: x.Player, Scoring: x.Scoring})
		}
		s.Taken, s.Score, s.Total = counts(r.Taken), counts(r.Score), counts(r.Total)
		if r.Claim != nil {
			s.Claim = &parse.Claim{Player: r.Claim.Player, Shares: counts(r.Claim.Shares)}
		}
		h.Rounds = append(h.Rounds, s)
	}
	if len(h.Players) == 0 {
		h.Players = nil
	}
	return h
}

// checkRoundTrip asserts that g survives text -> model, YAML -> model and JSON -> model,
// comments included (the canonical text holds them), and that the canonical text, the YAML
// and the JSON are fixed points.
func checkRoundTrip(t testing.TB, g *parse.Game) {
	t.Helper()
	want := stripped(g)
	text := writer.AppendText(nil, g)
	g2, err := ParseBytesFormat(text, "canonical.tricks", parse.Text)
	require.NoError(t, err, "canonical text:\n%s", text)
	require.Len(t, g2, 1, "canonical text:\n%s", text)
	require.Equal(t, want, stripped(g2[0]), "text round trip; canonical text:\n%s", text)
	require.Equal(t, string(text), string(writer.AppendText(nil, g2[0])), "canonical text is not idempotent")

	y := writer.AppendYAML(nil, g)
	g3, err := ParseBytesFormat(y, "canonical.yaml", parse.YAML)
	require.NoError(t, err, "YAML:\n%s", y)
	require.Len(t, g3, 1, "YAML:\n%s", y)
	require.Equal(t, want, stripped(g3[0]), "YAML round trip; YAML:\n%s", y)
	require.Equal(t, string(text), string(writer.AppendText(nil, g3[0])), "text -> YAML -> text")
	require.Equal(t, string(y), string(writer.AppendYAML(nil, g3[0])), "YAML is not idempotent")

	j := writer.AppendJSON(nil, g)
	require.True(t, json.Valid(j), "JSON:\n%s", j)
	g4, err := ParseBytesFormat(j, "canonical.json", parse.YAML)
	require.NoError(t, err, "JSON:\n%s", j)
	require.Len(t, g4, 1, "JSON:\n%s", j)
	require.Equal(t, want, stripped(g4[0]), "JSON round trip; JSON:\n%s", j)
	require.Equal(t, string(text), string(writer.AppendText(nil, g4[0])), "text -> JSON -> text")
	require.Equal(t, string(y), string(writer.AppendYAML(nil, g4[0])), "YAML -> JSON -> YAML")
	require.Equal(t, string(j), string(writer.AppendJSON(nil, g4[0])), "JSON is not idempotent")
}

// TestExamplesRoundTrip: every game of the shared examples and of the repository's
// testdata/examples round-trips through the three spellings (checkRoundTrip), and so does
// each whole file: its canonical text, converted again, and back from YAML, from a JSON
// array and from JSON lines, is the same bytes.
func TestExamplesRoundTrip(t *testing.T) {
	files := exampleFiles(t)
	ours, err := filepath.Glob("../../testdata/examples/*.tricks")
	require.NoError(t, err)
	require.NotEmpty(t, ours)
	ngames, nerr := 0, 0
	for _, path := range append(files, ours...) {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		rel, _ := filepath.Rel(examplesDir, path)
		games, err := ParseBytes(src, rel)
		if err != nil {
			// Only inputs that must be refused may fail.
			exp, _ := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".expected.json")
			require.Contains(t, string(exp), `"error"`, "%s: %v", rel, err)
			nerr++
			continue
		}
		for _, g := range games {
			checkRoundTrip(t, g)
			ngames++
		}
		// Converting the whole file to canonical text and back gives the same bytes.
		var buf bytes.Buffer
		require.NoError(t, writer.WriteTexts(&buf, games))
		again, err := ParseBytesFormat(buf.Bytes(), rel, parse.Text)
		require.NoError(t, err)
		require.Len(t, again, len(games))
		var buf2 bytes.Buffer
		require.NoError(t, writer.WriteTexts(&buf2, again))
		require.Equal(t, buf.String(), buf2.String())
		var ybuf bytes.Buffer
		require.NoError(t, writer.WriteYAMLs(&ybuf, games))
		fromYAML, err := ParseBytesFormat(ybuf.Bytes(), rel, parse.YAML)
		require.NoError(t, err)
		var buf3 bytes.Buffer
		require.NoError(t, writer.WriteTexts(&buf3, fromYAML))
		require.Equal(t, buf.String(), buf3.String())
		for _, lines := range []bool{false, true} {
			var jbuf bytes.Buffer
			w := writer.NewJSONWriter(&jbuf, lines)
			for _, g := range games {
				require.NoError(t, w.Write(g))
			}
			require.NoError(t, w.Close())
			fromJSON, err := ParseBytesFormat(jbuf.Bytes(), rel, parse.YAML)
			require.NoError(t, err, "JSON (lines %v):\n%s", lines, jbuf.Bytes())
			var buf4 bytes.Buffer
			require.NoError(t, writer.WriteTexts(&buf4, fromJSON))
			require.Equal(t, buf.String(), buf4.String(), "text -> JSON (lines %v) -> text", lines)
		}
	}
	t.Logf("%d files, %d games round-tripped, %d files refused", len(files)+len(ours), ngames, nerr)
	require.LessOrEqual(t, nerr, 1)
}

// The YAML twins of the hand-written examples hold the same games as their text files.
func TestExamplesYAMLTwins(t *testing.T) {
	files := exampleFiles(t)
	n := 0
	for _, path := range files {
		if !strings.HasSuffix(path, ".yaml-twin.yaml") {
			continue
		}
		textPath := strings.TrimSuffix(path, ".yaml-twin.yaml") + ".tricks"
		if _, err := os.Stat(textPath); err != nil {
			continue
		}
		yg, err := ParseFile(path)
		require.NoError(t, err)
		tg, err := ParseFile(textPath)
		require.NoError(t, err)
		require.Len(t, yg, len(tg))
		for k := range yg {
			require.Equal(t, stripped(tg[k]), stripped(yg[k]), "%s vs %s", path, textPath)
		}
		n++
	}
	t.Logf("%d twins agree", n)
}
