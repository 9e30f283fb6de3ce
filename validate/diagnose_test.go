package validate_test

import (
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dealtHearts is a dealt and passed four-player Hearts round before its tricks (dan leads
// trick 1 with 2C; trick 1 is dan: 2C 3C 8C QC).
const dealtHearts = `game hearts
players ann bob cat dan

round
deal ann: 3C 4C 7C KC AC 3D 5D 2H 9H JH AH 3S TS
deal bob: 8C QC 8D KD AD 5H 7H QH KH 7S 8S 9S JS
deal cat: 5C 4D 6D 7D TD JD QD 4H 6H 8H TH KS AS
deal dan: 2C 6C 9C TC JC 2D 9D 3H 2S 4S 5S 6S QS
pass ann: KC JH 3S
pass bob: QC 8S JS
pass cat: 5C 7D KS
pass dan: 2D 2S 4S
`

// diagnosed replays one game as the command line does, diagnosis on.
func diagnosed(t *testing.T, src string) (*parse.Game, *validate.Replay) {
	t.Helper()
	games, err := reader.ParseBytes([]byte(src), "slip.tricks")
	require.NoError(t, err, "parse")
	require.Len(t, games, 1)
	v := validate.New()
	v.Diagnose = true
	rp, err := v.Replay(games[0], resolveRules(t, games[0]))
	require.NoError(t, err, "replay")
	require.Len(t, rp.Rounds, 1)
	return games[0], rp
}

// TestDiagnosisSwapBeforeClaim: two cards of trick 1 swapped, and the round ended by a
// claim. A trick is deleted as written twice only when its cards are played in another
// trick too: a claim takes whatever cards are left, so deleting the trick before it always
// balances the round, and trick 1 was read as a repeat of nothing.
func TestDiagnosisSwapBeforeClaim(t *testing.T) {
	for _, trick := range []string{"trick 2C 8C 3C QC", "trick dan: 2C 8C 3C QC"} {
		t.Run(trick, func(t *testing.T) {
			g, rp := diagnosed(t, dealtHearts+trick+"\nclaim ann\n")
			r := rp.Rounds[0]
			var rules []string
			for _, x := range r.Violations {
				rules = append(rules, x.Rule)
				if x.Trick == 1 {
					assert.Contains(t, x.Msg, "8C and 3C seem to be written in the wrong order")
				}
			}
			assert.ElementsMatch(t, []string{validate.BadClaim, validate.NotInHand}, rules)
			view := r.View(g)
			require.Len(t, view.Tricks, 1)
			assert.Equal(t, "dan", r.Name(g, view.Tricks[0].Leader), "trick 1's leader")
			assert.Equal(t, 12, r.Claimed, "the tricks the claim gives out")
		})
	}
}
