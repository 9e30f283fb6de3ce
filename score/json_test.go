package score_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
)

// encoded is what a json.Encoder without HTML escaping writes for v, without the newline.
func encoded(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// TestAppendJSON: Result.AppendJSON writes the bytes of the encoder, for results with every
// field set or left empty, names and messages that need escaping (HTML characters included),
// and for scored games.
func TestAppendJSON(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int) *int { return &v }
	sc := func(keys ...string) *score.Scores {
		x := score.Scores{Keys: keys, Vals: make([]int, len(keys))}
		for i := range x.Vals {
			x.Vals[i] = 7*i - 13
		}
		return &x
	}
	viols := []validate.Violation{
		{Round: 1, Trick: 3, Player: "ann", Card: parse.NewCard(parse.Spades, 10), Rule: validate.Revoke, Msg: "ann revoked", Pos: parse.Pos{File: "f", Line: 4, Col: 9}, Note: "held: KS"},
		{Round: 2, Card: parse.NoCard, Rule: validate.DealSize, Msg: "a <b> & \"c\" \u2028 é\x01"},
		{Round: 1, Trick: 1, Player: "zoë", Card: parse.NoCard, Rule: "x", Msg: "m", Pos: parse.Pos{Line: 2}},
	}
	full := &score.Result{
		File: "<stdin> & \"x\"", Game: 3, Ruleset: "hearts", Players: []string{"ann", "bob<", "cät", "d\\n"},
		Sides: []string{"ann+cat", "bob+dan"},
		Rounds: []score.RoundResult{
			{Round: 1, Dealer: s("ann"), Tiebreak: []string{"ann", "bob"}, Bids: &score.Words{Keys: []string{"ann", "b&b"}, Vals: []string{"nil", "b<3"}},
				Points: *sc("ann", "bob"), Totals: *sc("a\"b", "<bob>"), Bags: sc("x"), BagPenalty: sc("y"),
				Moon: &score.Moon{Player: "ann", Scoring: "old", Choice: "auto"}, Violations: viols,
				PenaltyTotal: n(14), PenaltyCards: sc("ann"), Tricks: sc("bob"), Carried: 2, Resets: []string{"ann"}, Notes: []string{"n<1>", "n2"}, Ignored: true},
			{Round: 2, Points: score.Scores{}, Totals: score.Scores{Keys: []string{}, Vals: []int{}}, Violations: []validate.Violation{}, Tiebreak: []string{}},
		},
		Totals: *sc("ann", "bob"), Bags: sc("ann+cat"), Finished: true, Winner: s("ann & bob"), Tied: []string{"ann", "bob"},
		Violations: viols,
	}
	results := []*score.Result{full, {}, {Players: []string{}, Rounds: []score.RoundResult{}, Violations: []validate.Violation{}, Sides: []string{}, Tied: []string{}}}
	// Scores keyed by the result's own lists of names (as the scorer keys them), plain and
	// not, and by part of one: each list's names are looked at once, then known.
	// Lists with a template and without: more names than it holds, a name too long for it.
	lists := [][]string{{"ann", "bob", "cat"}, {"ann", "b<b", "cat"}, {"a\\"}, {"zoë", "ann"},
		{"a", "b", "c", "d", "e", "f", "g", "h"}, {"a", "b", "c", "d", "e", "f", "g", "h", "i"},
		{"abcdefghijkl", "x"}, {"x", "abcdefghijklm"}}
	for _, players := range lists {
		units := []string{"ann+cat", players[0]}
		keyed := func(keys []string) score.Scores {
			vals := []int{-150, 7, 123, 99, 10, 0, 1 << 62, -1 << 63, 9999}
			return score.Scores{Keys: keys, Vals: vals[:len(keys)]}
		}
		pc, tricks, part := keyed(players), keyed(players), keyed(players[:1])
		results = append(results, &score.Result{Players: players, Sides: units, Totals: keyed(units),
			Rounds: []score.RoundResult{
				{Round: 1, Dealer: &players[0], Points: keyed(players), Totals: keyed(units), PenaltyCards: &pc, Tricks: &tricks, Bags: &part},
				{Round: 2, Points: keyed(units), Totals: keyed(players), BagPenalty: &part, Carried: 100},
			}})
	}
	// a result's totals that are scores of its rounds, in the same memory: the last round's
	// totals (written once, then copied), an earlier round's, the last round's points, part
	// of the last round's totals
	names := []string{"ann", "bob"}
	pts, tot1, tot2 := score.Scores{Keys: names, Vals: []int{5, 6}}, score.Scores{Keys: names, Vals: []int{1, 2}}, score.Scores{Keys: names, Vals: []int{3, 40}}
	for _, totals := range []score.Scores{tot2, tot1, pts, {Keys: names[:1], Vals: tot2.Vals[:1]}} {
		results = append(results, &score.Result{Players: names, Totals: totals,
			Rounds: []score.RoundResult{{Round: 1, Points: pts, Totals: tot1}, {Round: 2, Points: pts, Totals: tot2}}})
	}
	// plain rounds (every member keyed by the players, no moon or violations), with the
	// totals the points (the first round) and not, and rounds that differ from one in a member
	copyOf := func(s string) string { return string([]byte(s)) }
	for _, players := range lists {
		seats := len(players)
		keyed := func(k int) *score.Scores {
			vals := []int{-150, 7, 123, 99, 10, 0, 1 << 62, -1 << 63, 9999}
			x := score.Scores{Keys: players, Vals: make([]int, seats)}
			for i := range x.Vals {
				x.Vals[i] = vals[(i+k)%len(vals)]
			}
			return &x
		}
		plain := func(round int, totals score.Scores) score.RoundResult {
			return score.RoundResult{Round: round, Dealer: &players[round%seats], Points: *keyed(0), Totals: totals,
				Violations: []validate.Violation{}, PenaltyTotal: n(14), PenaltyCards: keyed(2), Tricks: keyed(3)}
		}
		first := plain(1, score.Scores{})
		first.Totals = first.Points
		rounds := []score.RoundResult{first, plain(2, *keyed(1)), plain(1003, *keyed(4))}
		other := plain(4, *keyed(5))
		other.Dealer = s(players[0]) // the same name, not the players' string
		rounds = append(rounds, other)
		for k := range 10 {
			r := plain(5+k, *keyed(k))
			switch k {
			case 6, 7, 8, 9: // a moon and its note: plain, and not (two notes, a note to escape, another string)
				r.Moon = &score.Moon{Player: players[seats-1], Scoring: "new", Choice: "recorded"}
				r.Notes = []string{"moon: " + players[seats-1] + " (new)"}
				switch k {
				case 7:
					r.Notes = append(r.Notes, "revoke: x +3")
				case 8:
					r.Notes[0] += ` "<&>"`
				case 9:
					r.Moon.Player = copyOf(players[seats-1])
				}
			case 0:
				r.Moon = &score.Moon{Player: players[0], Scoring: "old", Choice: "auto"}
			case 1:
				r.Tricks = nil
			case 2:
				r.Carried = 3
			case 3:
				r.TotalsUncertain = true
			case 4:
				r.PenaltyTotal = nil
			case 5:
				r.Totals = score.Scores{Keys: slices.Clone(players), Vals: r.Totals.Vals}
			}
			rounds = append(rounds, r)
		}
		results = append(results, &score.Result{Players: players, Rounds: rounds, Totals: rounds[len(rounds)-1].Totals,
			Violations: []validate.Violation{}})
	}
	results = append(results, play(t, `game hearts
players ann bob cat dan
trick ann: 2C AC 8C 5C
trick bob: 3C QH 9C 4C
`))
	for i, r := range results {
		want := encoded(t, r)
		assert.Equal(t, "x"+want, string(r.AppendJSON([]byte("x"))), "result %d", i)
	}
}

// TestAppendJSONShared: what the writer keeps of the lists of names and the strings it has
// seen (shared by all goroutines, found by address) does not mix lists up: goroutines write
// results whose lists take turns, some the same names at other addresses, some not plain.
func TestAppendJSONShared(t *testing.T) {
	lists := [][]string{{"ann", "bob"}, {"north", "east", "south", "west"}, {"a<b", "c"}, {"ann", "bob"}}
	lists = append(lists, []string{string([]byte("ann")), string([]byte("bob"))}) // the same names, other bytes
	results := make([]*score.Result, 0, 4*len(lists))
	for g, players := range lists {
		for k := range 4 {
			vals := []int{k, 10 * k, 100 * k, -k}
			keyed := score.Scores{Keys: players, Vals: vals[:len(players)]}
			results = append(results, &score.Result{File: []string{"f", "g<h", "file.tricks"}[k%3], Game: g, Ruleset: "hearts",
				Players: players, Rounds: []score.RoundResult{{Round: 1, Dealer: &players[k%len(players)], Points: keyed, Totals: keyed}},
				Totals: keyed})
		}
	}
	want := make([]string, len(results))
	for i, r := range results {
		want[i] = encoded(t, r)
	}
	done := make(chan []string)
	for range 4 {
		go func() {
			var got []string
			for range 50 {
				for _, r := range results {
					got = append(got, string(r.AppendJSON(nil)))
				}
			}
			done <- got
		}()
	}
	for range 4 {
		got := <-done
		for i, s := range got {
			require.Equal(t, want[i%len(results)], s)
		}
	}
}

// TestAppendJSONSimulated: the JSON of simulated games of every Hearts-family table (their
// rounds plain, moons and all) is the encoder's, a result at a time and one after another
// (the heads and lists known from the last).
func TestAppendJSONSimulated(t *testing.T) {
	for config := range sheetConfigs {
		for seed := uint64(1); seed <= 3; seed++ {
			checkJSON(t, config, seed)
		}
	}
}

// FuzzAppendJSON is TestAppendJSONSimulated over any seed and table.
func FuzzAppendJSON(f *testing.F) {
	f.Add(uint64(7), uint8(0))
	f.Fuzz(func(t *testing.T, seed uint64, config uint8) {
		checkJSON(t, int(config)%len(sheetConfigs), seed)
	})
}

func checkJSON(t *testing.T, config int, seed uint64) {
	g, rs := simGame(t, config, seed, seed%2 == 0)
	rp, err := validate.New().Replay(g, rs)
	require.NoError(t, err)
	res := score.Score(rp)
	for range 2 {
		require.Equal(t, "x"+encoded(t, res), string(res.AppendJSON([]byte("x"))), "config %d seed %d", config, seed)
	}
}
