package reader

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// unsettledGame is a game a script built, with a comment on every statement, those it does
// not have included (no game line, options, meta, bids, tally, score or total; a claim of no
// one).
func unsettledGame() *parse.Game {
	cm := func(s string) parse.Comments { return parse.Comments{Before: []string{s + "-b"}, Line: s + "-l"} }
	cp := func(s string) *parse.Comments { c := cm(s); return &c }
	return &parse.Game{
		Players:  []string{"ann", "bob"},
		Comments: &parse.GameComments{Game: cm("game"), Players: cm("players"), Options: cm("opt"), Meta: cm("meta"), End: []string{"end"}},
		Rounds: []*parse.Round{
			{
				Deal:     []parse.PlayerCards{{Player: "ann", Cards: []parse.Card{0}, Comments: cp("deal")}},
				Tricks:   []parse.Trick{{Cards: []parse.Card{0, 1}, Comments: cp("t1")}},
				Claim:    &parse.Claim{},
				Comments: &parse.RoundComments{Round: cm("r1"), Bids: cm("bids"), Claim: cm("claim"), Taken: cm("taken"), Score: cm("score"), Total: cm("total")},
			},
			{
				Took:     []parse.PlayerCards{{Player: "ann", Comments: cp("took")}},
				Moon:     []parse.Moon{{Player: "ann", Scoring: "old", Comments: cp("moon")}},
				Comments: &parse.RoundComments{Round: cm("r2"), Taken: cm("taken2"), Score: cm("score2"), Total: cm("total2")},
			},
		},
	}
}

// commentsOf is every comment of g, where it is.
func commentsOf(t *testing.T, g *parse.Game) string {
	type round struct {
		C                       *parse.RoundComments
		Deal, Pass, Trick, Took []*parse.Comments
		Moon                    []*parse.Comments
	}
	var rs []round
	for _, r := range g.Rounds {
		x := round{C: r.Comments}
		for _, e := range r.Deal {
			x.Deal = append(x.Deal, e.Comments)
		}
		for _, e := range r.Passes {
			x.Pass = append(x.Pass, e.Comments)
		}
		for _, e := range r.Tricks {
			x.Trick = append(x.Trick, e.Comments)
		}
		for _, e := range r.Took {
			x.Took = append(x.Took, e.Comments)
		}
		for _, e := range r.Moon {
			x.Moon = append(x.Moon, e.Comments)
		}
		rs = append(rs, x)
	}
	b, err := json.Marshal(struct {
		G *parse.GameComments
		R []round
	}{g.Comments, rs})
	require.NoError(t, err)
	return string(b)
}

// Every writer keeps the comments of the statements a game does not have: each reads back as
// the game settled (parse.Game.SettleComments), and so does its text.
func TestUnsettledCommentsKept(t *testing.T) {
	settled := unsettledGame()
	settled.SettleComments()
	want := commentsOf(t, settled)
	for _, c := range []struct {
		name   string
		write  func([]byte, *parse.Game) []byte
		format parse.Format
	}{
		{"text", writer.AppendText, parse.Text},
		{"YAML", writer.AppendYAML, parse.YAML},
		{"JSON", writer.AppendJSON, parse.YAML},
	} {
		g := unsettledGame()
		before := commentsOf(t, g)
		b := c.write(nil, g)
		require.Equal(t, before, commentsOf(t, g), "%s: the writer changed the game", c.name)
		games, err := ParseBytesFormat(b, "x", c.format)
		require.NoError(t, err, "%s:\n%s", c.name, b)
		require.Equal(t, want, commentsOf(t, games[0]), "%s:\n%s", c.name, b)
		text := writer.AppendText(nil, games[0])
		again, err := ParseBytesFormat(text, "x", parse.Text)
		require.NoError(t, err, "%s then text:\n%s", c.name, text)
		require.Equal(t, want, commentsOf(t, again[0]), "%s then text:\n%s", c.name, text)
	}
}
