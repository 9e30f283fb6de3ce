package simulate_test

import (
	"bytes"
	"testing"

	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"
)

// FuzzSimulate simulates games under a built-in ruleset extended by fuzzer-chosen ruleset
// lines (player ranges, removed cards, values, no-pass cards, pass cycles and counts, two
// decks, options): a ruleset the simulator accepts must give games without a panic, where
// generator and checker agree on every play (Options.CheckReplay), that parse
// back from their text. Regressions are kept in testdata/fuzz/FuzzSimulate:
//   - no-pass-dirty-lady-13, no-pass-hearts-clubs-diamonds-hearts: no-pass cards can leave a
//     hand fewer cards it may pass than the pass count; the generator passed what it could,
//     the hands came out of unequal size and a player ran out of cards before the last
//     trick ("panic: invalid argument to IntN" in choose). The generator now deals again
//     until every hand can pass, and refuses a table where no deal can.
//   - 9fae7ad991031663: a ruleset named "variant\n0" (a YAML scalar over two lines) made
//     simulate write a game line no transcript can hold. A ruleset's name may hold no control
//     character now (Ruleset.Validate).
func FuzzSimulate(f *testing.F) {
	for i, name := range rulesets.Names() {
		f.Add(name, []byte(""), uint8(i), uint64(i))
	}
	f.Add("hearts", []byte("players: {min: 2, max: 16}\nremoved: {4: [2C, 3C, 4C, 5C]}\nvalues: {H: 2, QS: 26, JD: -5}\n"), uint8(2), uint64(1))
	f.Add("cancellation", []byte("players: {min: 2, max: 16}\npass: [left, across]\n"), uint8(7), uint64(2))
	f.Add("black-maria", []byte("pass-count-by-players: {3: 0, 4: 3}\nfirst-lead-by-players: {4: any-club}\nno-pass: [QS, KS, AS]\n"), uint8(1), uint64(3))
	f.Fuzz(func(t *testing.T, base string, extra []byte, players uint8, seed uint64) {
		// Only built-ins are extended: a ruleset file may name another file to extend.
		if !rulesets.IsBuiltin(base) || bytes.Contains(extra, []byte("extends")) || bytes.ContainsAny(extra, "&*<") {
			return
		}
		src := append([]byte("extends: "+base+"\nname: variant\n"), extra...)
		rs, err := rulesets.Parse("variant.yaml", src)
		if err != nil {
			return
		}
		span := min(rs.Players.Max, len(simulate.DefaultNames), validate.MaxSeats) - rs.Players.Min + 1
		if span < 1 {
			return
		}
		n := rs.Players.Min + int(players)%span
		if rs.CheckPlayers(n) != nil {
			return
		}
		sim, err := simulate.New(rs, n, seed, simulate.Options{Illegal: float64(seed%4) / 10, WithDeal: seed%3 != 0,
			Leaders: seed%5 == 0, MaxRounds: 20, CheckReplay: true})
		if err != nil {
			return // refusing a table no deal can play is allowed
		}
		for i := 1; i <= 2; i++ {
			g, err := sim.Game(i)
			require.NoError(t, err, "%s\n%d players, game %d", src, n, i)
			text := writer.AppendText(nil, g)
			_, err = reader.ParseBytes(text, "simulated.tricks")
			require.NoError(t, err, "%s\n%d players, game %d does not parse back:\n%s", src, n, i, text)
		}
	})
}
