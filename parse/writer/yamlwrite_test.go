package writer

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
	"github.com/tricks-dev/tricks/parse/reader"
	"gopkg.in/yaml.v3"
)

// yamlv3Node is the node tree of AppendYAML's document for g, styled as AppendYAML writes
// it (flow mappings and sequences on one line, quoted scalars where it quotes), for
// yaml.v3's encoder: what the hand-written writer would be if yaml.v3 wrote the YAML.
func yamlv3Node(g *parse.Game) *yaml.Node {
	str := func(s string) *yaml.Node {
		// No tag: plain as AppendYAML writes it (a bid "4" too), the reader makes it a string.
		n := &yaml.Node{Kind: yaml.ScalarNode, Value: s}
		if !spell.YAMLPlain(s) {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n
	}
	cards := func(cs []parse.Card) *yaml.Node {
		if len(cs) == 0 {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle}
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: string(appendCards(nil, cs))}
	}
	mapping := func(flow bool) *yaml.Node {
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		if flow {
			n.Style = yaml.FlowStyle
		}
		return n
	}
	add := func(m *yaml.Node, k string, v *yaml.Node) {
		m.Content = append(m.Content, str(k), v)
	}
	names := func(ns []string) *yaml.Node {
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
		for _, s := range ns {
			n.Content = append(n.Content, str(s))
		}
		return n
	}
	kvs := func(kvs []parse.KV) *yaml.Node {
		m := mapping(true)
		for _, kv := range kvs {
			m.Content = append(m.Content, str(kv.Key), str(kv.Value))
		}
		return m
	}
	hands := func(hs []parse.PlayerCards) *yaml.Node {
		m := mapping(true)
		for _, h := range hs {
			m.Content = append(m.Content, str(h.Player), cards(h.Cards))
		}
		return m
	}
	counts := func(cs []parse.Count) *yaml.Node {
		m := mapping(true)
		for _, c := range cs {
			m.Content = append(m.Content, str(c.Player),
				&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(c.N)})
		}
		return m
	}
	top := mapping(false)
	if g.Ruleset != "" {
		add(top, "game", str(g.Ruleset))
	}
	if len(g.Players) > 0 {
		add(top, "players", names(g.Players))
	}
	if len(g.Options) > 0 {
		add(top, "options", kvs(g.Options))
	}
	if len(g.Meta) > 0 {
		add(top, "meta", kvs(g.Meta))
	}
	rounds := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, r := range g.Rounds {
		if r == nil {
			continue
		}
		m := mapping(false)
		if r.Dealer != "" {
			add(m, "dealer", str(r.Dealer))
		}
		if r.Tiebreak != nil {
			add(m, "tiebreak", names(r.Tiebreak))
		}
		if len(r.Deal) > 0 {
			add(m, "deal", hands(r.Deal))
		}
		if len(r.Passes) > 0 {
			p := mapping(true)
			for _, ps := range r.Passes {
				v := cards(ps.Cards)
				if ps.To != "" {
					v = mapping(true)
					add(v, "to", str(ps.To))
					add(v, "cards", cards(ps.Cards))
				}
				p.Content = append(p.Content, str(ps.Player), v)
			}
			add(m, "pass", p)
		}
		if len(r.Bids) > 0 {
			b := mapping(true)
			for _, bid := range r.Bids {
				b.Content = append(b.Content, str(bid.Player), str(bid.String()))
			}
			add(m, "bids", b)
		}
		if len(r.Tricks) > 0 {
			ts := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			for _, t := range r.Tricks {
				v := cards(t.Cards)
				if t.Leader != "" {
					l := mapping(false)
					l.Content = append(l.Content, str(t.Leader), v)
					v = l
				}
				ts.Content = append(ts.Content, v)
			}
			add(m, "tricks", ts)
		}
		if c := r.Claim; c != nil {
			if len(c.Shares) > 0 {
				add(m, "claim", counts(c.Shares))
			} else {
				add(m, "claim", str(c.Player))
			}
		}
		if len(r.Took) > 0 {
			add(m, "took", hands(r.Took))
		}
		if len(r.Taken) > 0 {
			add(m, "tricks_taken", counts(r.Taken))
		}
		if len(r.Moon) > 0 {
			mo := mapping(true)
			for _, x := range r.Moon {
				mo.Content = append(mo.Content, str(x.Player), str(x.Scoring))
			}
			add(m, "moon", mo)
		}
		if len(r.Score) > 0 {
			add(m, "score", counts(r.Score))
		}
		if len(r.Total) > 0 {
			add(m, "total", counts(r.Total))
		}
		if len(m.Content) == 0 {
			m.Style = yaml.FlowStyle
		}
		rounds.Content = append(rounds.Content, m)
	}
	if len(rounds.Content) > 0 {
		add(top, "rounds", rounds)
	}
	return top
}

// appendYAMLv3 is AppendYAML done by yaml.v3's encoder.
func appendYAMLv3(b *bytes.Buffer, g *parse.Game) error {
	e := yaml.NewEncoder(b)
	e.SetIndent(2)
	if err := e.Encode(yamlv3Node(g)); err != nil {
		return err
	}
	return e.Close()
}

// yaml.v3's encoder, given the tree of yamlv3Node, writes the very bytes of AppendYAML for
// the games of the examples and the benchmark: BenchmarkWriteYAMLViaYAMLv3 compares the
// same work, and the writer stays hand-written only for its speed.
func TestYAMLv3WriterSameBytes(t *testing.T) {
	files, err := filepath.Glob("../../testdata/*/*.tricks")
	require.NoError(t, err)
	own, err := filepath.Glob("../reader/testdata/*/*.tricks") // claims
	require.NoError(t, err)
	files = append(files, own...)
	require.NotEmpty(t, files)
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		games, err := reader.ParseBytes(src, f)
		if err != nil {
			continue // the error cases
		}
		for _, g := range games {
			g.DropComments() // yamlv3Node makes no comment
			var v3 bytes.Buffer
			require.NoError(t, appendYAMLv3(&v3, g))
			require.Equal(t, string(AppendYAML(nil, g)), v3.String(), "%s game %d", f, g.Index)
			n++
		}
	}
	require.Greater(t, n, 50, "games compared")
}

// The game of BenchmarkWriteYAML written by yaml.v3's encoder from a node tree styled as
// AppendYAML writes (building the tree included: a writer on yaml.v3 would build it).
func BenchmarkWriteYAMLViaYAMLv3(b *testing.B) {
	games, err := reader.ParseBytes(benchInput(b, "hearts4p.tricks"), "hearts4p.tricks")
	require.NoError(b, err)
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		require.NoError(b, appendYAMLv3(&buf, games[0]))
	}
	b.SetBytes(int64(buf.Len()))
}

// A comment a YAML comment cannot carry goes, escaped, in the comment mapping of its game or
// round; the others stay YAML comments.
func TestYAMLCommentMapping(t *testing.T) {
	src := "game hearts # a\x02b\nplayers ann bob # plain\n\nround # r\u2028\ntrick 2C 3C # t\n# end\u0085\n"
	g, err := reader.ParseBytesFormat([]byte(src), "c.tricks", parse.Text)
	require.NoError(t, err)
	require.Equal(t, "game: hearts\nplayers: [ann, bob] # plain\nrounds:\n  - tricks:\n      - 2C 3C # t\n"+
		`    comment: {"round":{"line":"r\u2028"}}`+"\n"+
		`comment: {"game":{"line":"a\u0002b"},"end":{"before":["end\u0085"]}}`+"\n", string(AppendYAML(nil, g[0])))
}
