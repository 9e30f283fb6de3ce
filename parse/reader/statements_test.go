package reader

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// cards parses a canonical card list for expectations.
func cards(t testing.TB, s string) []parse.Card {
	t.Helper()
	var out []parse.Card
	for _, tok := range splitFields(s) {
		c, err := parse.ParseCard(tok)
		require.NoError(t, err)
		out = append(out, c)
	}
	return out
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

func parseOne(t testing.TB, src, name string) *parse.Game {
	t.Helper()
	games, err := ParseBytes([]byte(src), name)
	require.NoError(t, err, "input:\n%s", src)
	require.Len(t, games, 1)
	return games[0]
}

// Every statement, in both spellings, gives the same model.
func TestStatementsBothSpellings(t *testing.T) {
	tests := []struct {
		name       string
		text, yaml string
		want       func(t testing.TB) *parse.Game
	}{
		{
			name: "header",
			text: `game rickety-kate  # ruleset
players ann b.o.b "Mary Ann" zed_9
option moon=new target=100
option revoke=fixed:13 pass=left,right,hold
meta date=2026-11-20 event="Club night" "odd key"="say \"hi\" # not a comment" url=http://x/y?a=b
`,
			yaml: `game: rickety-kate  # ruleset
players: [ann, b.o.b, "Mary Ann", zed_9]
options: {moon: new, target: 100, revoke: "fixed:13", pass: [left, right, hold]}
meta:
  date: 2026-11-20
  event: Club night
  odd key: 'say "hi" # not a comment'
  url: http://x/y?a=b
`,
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Ruleset: "rickety-kate", Players: []string{"ann", "b.o.b", "Mary Ann", "zed_9"},
					Options: []parse.KV{{Key: "moon", Value: "new"}, {Key: "target", Value: "100"},
						{Key: "revoke", Value: "fixed:13"}, {Key: "pass", Value: "left,right,hold"}},
					Meta: []parse.KV{{Key: "date", Value: "2026-11-20"}, {Key: "event", Value: "Club night"},
						{Key: "odd key", Value: `say "hi" # not a comment`}, {Key: "url", Value: "http://x/y?a=b"}}}
			},
		},
		{
			name: "rounds",
			text: `players ann bob cat
round
round dealer=bob
round tiebreak ann bob
round dealer="cat" tiebreak bob, cat
round tiebreak
`,
			yaml: `players: [ann, bob, cat]
rounds:
  - {}
  - dealer: bob
  - tiebreak: [ann, bob]
  - {dealer: cat, tiebreak: [bob, cat]}
  - tiebreak: []
`,
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Players: []string{"ann", "bob", "cat"}, Rounds: []*parse.Round{
					{}, {Dealer: "bob"}, {Tiebreak: []string{"ann", "bob"}},
					{Dealer: "cat", Tiebreak: []string{"bob", "cat"}}, {Tiebreak: []string{}}}}
			},
		},
		{
			name: "play",
			text: `players ann bob "Mary Ann" dan
deal ann: 2C 5H, 10d  qs
deal bob: -
pass ann: QS AH KH
pass "Mary Ann">bob: 2♣,3♣ 4♣
pass bob>ann: -
trick ann: 2C 5C KC 9C
trick 3D 4D QD 2D
trick "Mary Ann": th,jh qh kh
moon bob new
moon ann OLD
`,
			yaml: `players: [ann, bob, Mary Ann, dan]
rounds:
  - deal: {ann: "2C 5H, 10d  qs", bob: ""}
    pass: {ann: [QS, AH, KH], Mary Ann: {to: bob, cards: 2♣ 3♣ 4♣}, bob: {to: ann, cards: "-"}}
    tricks:
      - ann: 2C 5C KC 9C
      - [3D, 4D, QD, 2D]
      - "Mary Ann": th jh qh kh
    moon: {bob: new, ann: old}
`,
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Players: []string{"ann", "bob", "Mary Ann", "dan"}, Rounds: []*parse.Round{{
					Deal: []parse.PlayerCards{{Player: "ann", Cards: cards(t, "2C 5H TD QS")}, {Player: "bob"}},
					Passes: []parse.Pass{{Player: "ann", Cards: cards(t, "QS AH KH")},
						{Player: "Mary Ann", To: "bob", Cards: cards(t, "2C 3C 4C")}, {Player: "bob", To: "ann"}},
					Tricks: []parse.Trick{{Leader: "ann", Cards: cards(t, "2C 5C KC 9C")}, {Cards: cards(t, "3D 4D QD 2D")},
						{Leader: "Mary Ann", Cards: cards(t, "TH JH QH KH")}},
					Moon: []parse.Moon{{Player: "bob", Scoring: "new"}, {Player: "ann", Scoring: "old"}},
				}}}
			},
		},
		{
			name: "tally and scores",
			text: `game spades
players ann bob "Mary Ann" dan
round
bid ann=4 bob=nil "Mary Ann"=b3 dan=bnil
tricks ann=3 bob=0, "Mary Ann"=3 dan=+7
score ann=-26 bob=13 "Mary Ann"=0 dan=013
total ann=-26
round
bid ann=0 bob=b0 "Mary Ann"=13 dan=NIL
took ann: QS 2H 9H
took bob: -
took dan:
`,
			yaml: `game: spades
players: [ann, bob, Mary Ann, dan]
rounds:
  - bids: {ann: 4, bob: nil, Mary Ann: b3, dan: bnil}
    tricks_taken: {ann: 3, bob: 0, Mary Ann: 3, dan: 7}
    score: {ann: -26, bob: 13, Mary Ann: 0, dan: 13}
    total: {ann: -26}
  - bids: {ann: 0, bob: b0, "Mary Ann": 13, dan: nil}
    took: {ann: QS 2H 9H, bob: "-", dan: }
`,
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Ruleset: "spades", Players: []string{"ann", "bob", "Mary Ann", "dan"}, Rounds: []*parse.Round{{
					Bids: []parse.Bid{{Player: "ann", N: 4}, {Player: "bob", Nil: true}, {Player: "Mary Ann", N: 3, Blind: true},
						{Player: "dan", Nil: true, Blind: true}},
					Taken: []parse.Count{{Player: "ann", N: 3, Pos: parse.Pos{}}, {Player: "bob", N: 0, Pos: parse.Pos{}}, {Player: "Mary Ann", N: 3, Pos: parse.Pos{}}, {Player: "dan", N: 7, Pos: parse.Pos{}}},
					Score: []parse.Count{{Player: "ann", N: -26, Pos: parse.Pos{}}, {Player: "bob", N: 13, Pos: parse.Pos{}}, {Player: "Mary Ann", N: 0, Pos: parse.Pos{}}, {Player: "dan", N: 13, Pos: parse.Pos{}}},
					Total: []parse.Count{{Player: "ann", N: -26, Pos: parse.Pos{}}},
				}, {
					Bids: []parse.Bid{{Player: "ann", N: 0}, {Player: "bob", N: 0, Blind: true}, {Player: "Mary Ann", N: 13},
						{Player: "dan", Nil: true}},
					Took: []parse.PlayerCards{{Player: "ann", Cards: cards(t, "QS 2H 9H")}, {Player: "bob"}, {Player: "dan"}},
				}}}
			},
		},
		{
			name: "claims",
			text: `game spades
players ann bob "Mary Ann" dan
claim "Mary Ann"   # before any round: round 1
round
trick ann: 2S 3S 4S 5S
claim ann=2, "Mary Ann"=0 bob=+1 dan=10
round
score ann=10
`,
			yaml: `game: spades
players: [ann, bob, Mary Ann, dan]
rounds:
  - claim: "Mary Ann"
  - tricks: [{ann: 2S 3S 4S 5S}]
    claim:
      ann: 2
      Mary Ann: 0
      bob: 1
      dan: 10
  - score: {ann: 10}
`,
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Ruleset: "spades", Players: []string{"ann", "bob", "Mary Ann", "dan"}, Rounds: []*parse.Round{
					{Claim: &parse.Claim{Player: "Mary Ann"}},
					{Tricks: []parse.Trick{{Leader: "ann", Cards: cards(t, "2S 3S 4S 5S")}},
						Claim: &parse.Claim{Shares: []parse.Count{{Player: "ann", N: 2, Pos: parse.Pos{}}, {Player: "Mary Ann", N: 0, Pos: parse.Pos{}}, {Player: "bob", N: 1, Pos: parse.Pos{}}, {Player: "dan", N: 10, Pos: parse.Pos{}}}}},
					{Score: []parse.Count{{Player: "ann", N: 10, Pos: parse.Pos{}}}},
				}}
			},
		},
		{
			name: "implicit round",
			text: "players a b\ntrick 2C 3C\nround\ntrick 4C 5C\n",
			yaml: "players: [a, b]\nrounds: [{tricks: [2C 3C]}, {tricks: [4C 5C]}]\n",
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Players: []string{"a", "b"}, Rounds: []*parse.Round{
					{Tricks: []parse.Trick{{Cards: cards(t, "2C 3C")}}}, {Tricks: []parse.Trick{{Cards: cards(t, "4C 5C")}}}}}
			},
		},
		{
			name: "jokers and names",
			text: "players \"x\\\"y\" \"a\\\\b\" \"#1\" \"José\"\ntrick \"#1\": BJ lj 2s\n",
			yaml: "players: ['x\"y', 'a\\b', '#1', José]\nrounds:\n  - tricks: [{'#1': BJ lj 2s}]\n",
			want: func(t testing.TB) *parse.Game {
				return &parse.Game{Players: []string{`x"y`, `a\b`, "#1", "José"}, Rounds: []*parse.Round{
					{Tricks: []parse.Trick{{Leader: "#1", Cards: []parse.Card{parse.BigJoker, parse.LittleJoker, parse.NewCard(parse.Spades, 0)}}}}}}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want(t)
			gt := parseOne(t, tt.text, "t.tricks")
			require.Equal(t, want, stripped(gt), "text")
			gy := parseOne(t, tt.yaml, "t.yaml")
			require.Equal(t, want, stripped(gy), "yaml")
			// JSON is YAML: the YAML writer's output read back, and the canonical forms.
			checkRoundTrip(t, gt)
			checkRoundTrip(t, gy)
		})
	}
}

func TestJSONInput(t *testing.T) {
	src := `{"game": "hearts", "players": ["ann", "bob", "cat", "dan"], "options": {"target": 50, "hearts-broken": false},
 "rounds": [{"dealer": "ann", "tricks": [{"ann": "2C 3C 4C 5C"}, ["6C", "7C", "8C", "9C"]],
             "score": {"ann": 0, "bob": 0}}]}`
	g := parseOne(t, src, "g.json")
	require.Equal(t, "hearts", g.Ruleset)
	require.Equal(t, []parse.KV{{Key: "target", Value: "50", Pos: parse.Pos{File: "g.json", Line: 1, Col: 73}}, {Key: "hearts-broken", Value: "false", Pos: parse.Pos{File: "g.json", Line: 1, Col: 87}}}, g.Options)
	require.Len(t, g.Rounds, 1)
	r := g.Rounds[0]
	require.Equal(t, "ann", r.Dealer)
	require.Equal(t, cards(t, "2C 3C 4C 5C"), r.Tricks[0].Cards)
	require.Equal(t, []int{51, 54, 57, 60}, r.Tricks[0].Cols)
	require.Equal(t, []int{68, 74, 80, 86}, r.Tricks[1].Cols)
	require.Equal(t, 2, r.Tricks[1].Pos.Line)
	// Sniffed as YAML when the name says nothing.
	games, err := ParseBytes([]byte(src), "-")
	require.NoError(t, err)
	require.Equal(t, stripped(g), stripped(games[0]))
}

func TestTextPositions(t *testing.T) {
	src := "# comment\n" +
		"game hearts\n" +
		"  players ann bob \"Mary Ann\" dan\n" +
		"option moon=new  target=50\n" +
		"\n" +
		"round dealer=bob\n" +
		"deal ann: 2C 3C\n" +
		"\ttrick ann: 2C 10C ,4C  5C # x\n" +
		"trick 5♥ 6♥ 7♥ 8♥\n" +
		"bid ann=4 \"Mary Ann\"=nil\n" +
		"score ann=1 bob=2\n" +
		"score dan=3\n" +
		"moon ann new\n"
	g := parseOne(t, src, "p.tricks")
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 2, Col: 1}, g.Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 2, Col: 6}, g.RulesetPos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 3, Col: 3}, g.PlayersPos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 4, Col: 8}, g.Options[0].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 4, Col: 18}, g.Options[1].Pos)
	r := g.Rounds[0]
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 6, Col: 1}, r.Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 6, Col: 7}, r.DealerPos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 7, Col: 1}, r.Deal[0].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 8, Col: 2}, r.Tricks[0].Pos)
	require.Equal(t, []int{13, 16, 21, 25}, r.Tricks[0].Cols)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 9, Col: 1}, r.Tricks[1].Pos)
	require.Equal(t, []int{7, 10, 13, 16}, r.Tricks[1].Cols)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 10, Col: 5}, r.Bids[0].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 10, Col: 11}, r.Bids[1].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 11, Col: 1}, r.ScorePos)
	require.Len(t, r.Score, 3)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 12, Col: 7}, r.Score[2].Pos)
	require.Equal(t, parse.Pos{File: "p.tricks", Line: 13, Col: 1}, r.Moon[0].Pos)
}

func TestYAMLPositions(t *testing.T) {
	src := "game: hearts\n" +
		"players: [ann, bob, cat, dan]\n" +
		"rounds:\n" +
		"  - dealer: bob\n" +
		"    deal: {ann: 2C 3C}\n" +
		"    tricks:\n" +
		"      - ann: 2C 10C ,4C  5C\n" +
		"      - [2D, 3D]\n" +
		"      - \"5♥ 6♥\"\n" +
		"      - |\n" +
		"        7D 8D\n" +
		"    score: {ann: 1}\n"
	g := parseOne(t, src, "p.yaml")
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 1, Col: 1}, g.Pos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 1, Col: 7}, g.RulesetPos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 2, Col: 1}, g.PlayersPos)
	r := g.Rounds[0]
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 4, Col: 5}, r.Pos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 4, Col: 5}, r.DealerPos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 5, Col: 12}, r.Deal[0].Pos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 7, Col: 9}, r.Tricks[0].Pos)
	require.Equal(t, []int{14, 17, 22, 26}, r.Tricks[0].Cols)
	require.Equal(t, []int{10, 14}, r.Tricks[1].Cols)
	require.Equal(t, []int{10, 13}, r.Tricks[2].Cols)
	require.Equal(t, []int{9, 9}, r.Tricks[3].Cols) // a block scalar: the node's column
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 12, Col: 5}, r.ScorePos)
	require.Equal(t, parse.Pos{File: "p.yaml", Line: 12, Col: 13}, r.Score[0].Pos)
}

func TestCommentsAndBlanks(t *testing.T) {
	src := "\xEF\xBB\xBF# BOM, comments, CRLF and blanks\r\n" +
		"game hearts\r\n" +
		"   \t\r\n" +
		"players ann \"b#b\" # the second is b#b\r\n" +
		"meta note=\"# not a comment\"  # a comment\r\n" +
		"trick \"b#b\": 2C 3C\r\n"
	g := parseOne(t, src, "c.tricks")
	require.Equal(t, []string{"ann", "b#b"}, g.Players)
	require.Equal(t, "# not a comment", g.Meta[0].Value)
	require.Equal(t, "b#b", g.Rounds[0].Tricks[0].Leader)
	require.Equal(t, parse.Pos{File: "c.tricks", Line: 2, Col: 1}, g.Pos)
	require.Equal(t, []int{14, 17}, g.Rounds[0].Tricks[0].Cols)
}

func TestCanonicalText(t *testing.T) {
	src := `# a comment
meta b=2
players   ann   "bob"  "Mary Ann"
game   hearts
option x=1
option y="two words" z=""
round
trick 2c 10h
score ann=1
took ann: -
deal ann: qs,as
bid ann=NIL "Mary Ann"=B4
round tiebreak ann "Mary Ann" dealer=bob
`
	g := parseOne(t, src, "c.tricks")
	want := `game hearts
players ann bob "Mary Ann"
option x=1 y="two words" z=""
# a comment
meta b=2

round
deal ann: QS AS
bid ann=nil "Mary Ann"=b4
trick 2C TH
took ann: -
score ann=1

round dealer=bob tiebreak ann "Mary Ann"
`
	require.Equal(t, want, string(writer.AppendText(nil, g)))
	checkRoundTrip(t, g)
	wantYAML := `game: hearts
players: [ann, bob, Mary Ann]
options: {x: 1, "y": two words, z: ""}
# a comment
meta: {b: 2}
rounds:
  - deal: {ann: QS AS}
    bids: {ann: nil, Mary Ann: b4}
    tricks:
      - 2C TH
    took: {ann: ""}
    score: {ann: 1}
  - dealer: bob
    tiebreak: [ann, Mary Ann]
`
	require.Equal(t, wantYAML, string(writer.AppendYAML(nil, g)))
}

// Names and values that need quoting in one spelling or the other survive both.
func TestQuotingRoundTrip(t *testing.T) {
	odd := []string{"yes", "No", "on", "OFF", "null", "~", "true", "y", "a: b", "a:b", "x#y", " lead", "trail ",
		"-", "-1", "1.5", "0x10", "[x]", "{x}", "a,b", "&a", "*a", "!t", "%p", "@x", "`x", "'q'", `"dq"`, `back\slash`,
		"tab-free", "José", "日本", "\u2028sep", "\u0085nel", "\u0080c1", "\uFEFFbom", "<<", "? q", "- item", "a #b",
		"...", "---", "=", "a=b", ">", "x>y", "1", "007", "2C", "nil", "b3", "dealer", "tiebreak", "dealer=x"}
	for _, s := range odd {
		t.Run(s, func(t *testing.T) {
			g := &parse.Game{Ruleset: s, Players: []string{s, "p2"}, Options: []parse.KV{{Key: s, Value: s}},
				Meta: []parse.KV{{Key: "k", Value: s}}, Rounds: []*parse.Round{{Dealer: s, Tiebreak: []string{s, "p2"},
					Deal:   []parse.PlayerCards{{Player: s, Cards: cards(t, "2C")}},
					Passes: []parse.Pass{{Player: s, To: s, Cards: cards(t, "3C")}},
					Bids:   []parse.Bid{{Player: s, N: 3}},
					Tricks: []parse.Trick{{Leader: s, Cards: cards(t, "2C")}, {Cards: cards(t, "3C")}},
					Took:   []parse.PlayerCards{{Player: s}}, Taken: []parse.Count{{Player: s, N: 1, Pos: parse.Pos{}}},
					Moon: []parse.Moon{{Player: s, Scoring: "new"}}, Score: []parse.Count{{Player: s, N: -1, Pos: parse.Pos{}}}, Total: []parse.Count{{Player: s, N: 2, Pos: parse.Pos{}}}}}}
			checkRoundTrip(t, g)
		})
	}
}
