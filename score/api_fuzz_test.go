package score_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// FuzzLibraryAPI builds games as a program may, not as a reader makes them: random structs
// with any card byte, names that are not at the table, nil rounds, empty tricks, bids and
// counts out of range, claims of shares, sheet figures; each is replayed under a random
// built-in ruleset (with and without the diagnosis, by a fresh and a literal Validator) and
// scored. Nothing may panic: what cannot be replayed is an error. The result's JSON is the
// encoder's.
func FuzzLibraryAPI(f *testing.F) {
	for seed := uint64(0); seed < 16; seed++ {
		f.Add(seed)
	}
	names := rulesets.Names()
	f.Fuzz(func(t *testing.T, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>7|1))
		rs, err := rulesets.Builtin(names[rng.IntN(len(names))])
		if err != nil {
			t.Fatal(err)
		}
		g := randomGame(rng)
		for _, v := range []*validate.Validator{validate.New(), {Diagnose: true}} {
			rp, err := v.Replay(g, rs)
			if err == nil {
				res := score.Score(rp)
				if got, want := string(res.AppendJSON([]byte("x"))), "x"+encoded(t, res); got != want {
					t.Fatalf("AppendJSON:\n%s\nthe encoder:\n%s", got, want)
				}
				sc := score.NewScorer(rp)
				for _, r := range rp.Rounds {
					sc.Add(r)
				}
				sc.Result()
			}
		}
	})
}

func randomGame(rng *rand.Rand) *parse.Game {
	pool := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jo", "zed", ""}
	n := 2 + rng.IntN(9)
	g := &parse.Game{Players: pool[:n:n]}
	switch rng.IntN(10) {
	case 0: // a name twice
		g.Players = append([]string(nil), g.Players...)
		g.Players[n-1] = g.Players[0]
	case 1: // more seats than any table
		n = 17 + rng.IntN(4)
		g.Players = make([]string, n)
		for i := range g.Players {
			g.Players[i] = string(rune('a' + i))
		}
	}
	name := func() string { return pool[rng.IntN(len(pool))] }
	card := func() parse.Card {
		if rng.IntN(20) == 0 {
			return parse.Card(rng.IntN(256))
		}
		return parse.Card(rng.IntN(parse.NumCards))
	}
	cards := func(k int) []parse.Card {
		cs := make([]parse.Card, k)
		for i := range cs {
			cs[i] = card()
		}
		return cs
	}
	pos := func() parse.Pos { return parse.Pos{Line: 1 + rng.IntN(50), Col: 1} }
	for ri := rng.IntN(6); ri >= 0; ri-- {
		if rng.IntN(15) == 0 {
			g.Rounds = append(g.Rounds, nil)
			continue
		}
		r := &parse.Round{Pos: pos()}
		if rng.IntN(8) == 0 {
			r.Tiebreak = []string{name(), name()}
		}
		if rng.IntN(3) == 0 {
			for i := 0; i < n; i++ {
				r.Deal = append(r.Deal, parse.PlayerCards{Player: name(), Cards: cards(rng.IntN(15)), Pos: pos()})
			}
		}
		if rng.IntN(3) == 0 {
			r.Passes = append(r.Passes, parse.Pass{Player: name(), To: name(), Cards: cards(rng.IntN(4)), Pos: pos()})
		}
		if rng.IntN(3) == 0 {
			r.Bids = append(r.Bids, parse.Bid{Player: name(), N: rng.IntN(30) - 5, Nil: rng.IntN(4) == 0, Blind: rng.IntN(4) == 0, Pos: pos()})
		}
		for ti := rng.IntN(14); ti > 0; ti-- {
			tr := parse.Trick{Cards: cards(n - 1 + rng.IntN(3)), Pos: pos()}
			if rng.IntN(3) == 0 {
				tr.Leader = name()
			}
			r.Tricks = append(r.Tricks, tr)
		}
		switch rng.IntN(6) {
		case 0:
			r.Took = append(r.Took, parse.PlayerCards{Player: name(), Cards: cards(rng.IntN(5)), Pos: pos()})
		case 1:
			r.Taken = append(r.Taken, parse.Count{Player: name(), N: rng.IntN(30) - 5, Pos: pos()})
		case 2:
			r.Claim = &parse.Claim{Player: name(), Pos: pos()}
		case 3:
			r.Claim = &parse.Claim{Shares: []parse.Count{{Player: name(), N: rng.IntN(20) - 3, Pos: pos()}}, Pos: pos()}
		}
		if rng.IntN(3) == 0 {
			r.Moon = append(r.Moon, parse.Moon{Player: name(), Scoring: []string{"old", "new", "", "x"}[rng.IntN(4)], Pos: pos()})
		}
		for k := rng.IntN(3); k > 0; k-- {
			r.Score = append(r.Score, parse.Count{Player: name(), N: rng.IntN(200) - 100, Pos: pos()})
			r.Total = append(r.Total, parse.Count{Player: name(), N: rng.IntN(400) - 100, Pos: pos()})
		}
		g.Rounds = append(g.Rounds, r)
	}
	return g
}
