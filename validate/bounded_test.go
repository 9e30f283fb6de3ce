package validate_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"
)

// randomCardsGame writes a game of rounds of tricks of random cards of the ruleset's
// decks: nearly every card is a transcript error, the worst case of the slip search.
func randomCardsGame(rng *rand.Rand, ruleset string, players, rounds, tricks int) string {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon"}[:players]
	var b strings.Builder
	fmt.Fprintf(&b, "game %s\nplayers %s\noption end=rounds rounds=%d\n", ruleset, strings.Join(names, " "), rounds)
	for range rounds {
		b.WriteString("\nround\n")
		for range tricks {
			b.WriteString("trick")
			for range players {
				b.WriteString(" " + parse.Card(rng.IntN(parse.NumCards)).String())
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestDiagnosisBoundedWork: the slip search of a game within the limits does bounded work,
// however long its rounds: a trial counts in proportion to its round's cards, so the cards
// all trials replay stay under the game's budget; the rounds it could not search say so.
func TestDiagnosisBoundedWork(t *testing.T) {
	for _, c := range []struct {
		ruleset                 string
		players, rounds, tricks int
	}{{"cancellation", 10, 40, parse.MaxTricks}, {"hearts", 4, 60, parse.MaxTricks}, {"cancellation", 10, 30, 10}} {
		name := fmt.Sprintf("%s-%dp-%dx%d", c.ruleset, c.players, c.rounds, c.tricks)
		t.Run(name, func(t *testing.T) {
			src := randomCardsGame(rand.New(rand.NewPCG(1, uint64(c.players))), c.ruleset, c.players, c.rounds, c.tricks)
			require.Less(t, len(src), parse.MaxGameBytes)
			games, err := reader.ParseBytes([]byte(src), name+".tricks")
			require.NoError(t, err)
			rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
			require.NoError(t, err)
			v := validate.New()
			v.Diagnose = true
			rp, err := v.Replay(games[0], rs)
			require.NoError(t, err)
			require.Len(t, rp.Rounds, c.rounds)
			cards, bound := validate.DiagnosisWork(v)
			t.Logf("the trials replayed %d cards (bound %d)", cards, bound)
			assert.Positive(t, cards)
			assert.LessOrEqual(t, cards, bound)
			cut := 0
			for _, r := range rp.Rounds {
				if len(r.Violations) > 0 && strings.Contains(r.Violations[0].Note, "cut short") {
					cut++
				}
			}
			assert.Positive(t, cut, "a round whose search was cut short says so")
		})
	}
}

// TestClaimAfterSlipNoPanic: a claim after a card not held, whose diagnosis tries readings in
// which a seat has no card left while tricks remain, is judged without a panic (the line of
// play that defeats the claim ended where a seat could not play).
func TestClaimAfterSlipNoPanic(t *testing.T) {
	src := "game hearts\nplayers ann bob cat dan\noption pass=none\n\nround\n" +
		"deal ann: AS AC QS KS KD KH AH QC KC JH JC AD QD\ndeal bob: 3S 7C 7D 3D 9H 2D JS 5H 3C 9C 8H 5S 9S\n" +
		"deal cat: JD 8S 7S TD TH 6C 2S 4S QH 2C TC 7H 6S\ndeal dan: 8C 4H 9D 6D 8D TS 5C 6H 5D 3H 4C 4D 2H\n" +
		"trick ann: JH TD 2S 2H\nclaim ann\n"
	games, err := reader.ParseBytes([]byte(src), "claim.tricks")
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	require.NoError(t, err)
	for _, diagnose := range []bool{false, true} {
		v := validate.New()
		v.Diagnose = diagnose
		rp, err := v.Replay(games[0], rs)
		require.NoError(t, err)
		require.Len(t, rp.Rounds, 1)
		assert.NotEmpty(t, rp.Rounds[0].Violations)
	}
}
