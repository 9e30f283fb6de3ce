package validate_test

import (
	"fmt"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/score"
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
			assert.Equal(t, "2C 3C 8C QC", parse.JoinCards(view.Tricks[0].Cards), "trick 1 as played")
			assert.Equal(t, 12, r.Claimed, "the tricks the claim gives out")
		})
	}
}

// seatOrderGame is a dealt Hearts round whose trick 2, led by cat (cat QS, dan 4S, ann 2S,
// bob AS), is written in seat order, ann's card first; trick2 is its line. Read literally,
// dan wins trick 2 with AS and every later trick is blamed on the wrong hands.
const seatOrderGame = `game hearts
players ann bob cat dan

round
deal ann: 2C 3C 4C 5C 9C 5D 6D 7D 9D AD 4H TH 3S
deal bob: 6C TC AC 3D 4D 8D TD KD 8H KH AH 9S AS
deal cat: JC QC 2D JD 2H JH 4S 5S 6S 8S JS QS KS
deal dan: 7C 8C KC QD 3H 5H 6H 7H 9H QH 2S 7S TS
pass ann: 3C 4C AD
pass bob: 3D KD 8H
pass cat: JC JH 4S
pass dan: QD 2S TS
trick 2C 6C QC 8C
%s
trick AD JD 5H 5D
trick TD 2D 7S 9D
trick 9S KS 9H 3S
trick JS KC TS 4C
trick 8S 6H 7D 8D
trick 8H JH 4H KH
trick 4D KD 7H 6D
trick 2H QH TH AH
trick AC 3D JC 9C
trick 3C 6S 7C 5C
trick 3H QD TC 5S
`

// TestDiagnosisSeatOrder: a trick's cards written in seat order rather than from its leader
// (named or not) are one slip, reported once at the trick, and the round is replayed and
// scored as played: bob takes QS with AS. Its view (show, analyze) has the cards as played.
func TestDiagnosisSeatOrder(t *testing.T) {
	wg, want := diagnosed(t, fmt.Sprintf(seatOrderGame, "trick cat: QS 4S 2S AS"))
	require.Empty(t, want.Rounds[0].Violations)
	require.Nil(t, want.Rounds[0].Fixed, "nothing to correct")
	for _, trick := range []string{"trick cat: 2S AS QS 4S", "trick 2S AS QS 4S"} {
		t.Run(trick, func(t *testing.T) {
			g, rp := diagnosed(t, fmt.Sprintf(seatOrderGame, trick))
			vs := rp.Rounds[0].Violations
			require.Len(t, vs, 1)
			assert.Equal(t, validate.NotInHand, vs[0].Rule)
			assert.Equal(t, 2, vs[0].Trick)
			assert.Equal(t, "cat cannot hold 2S; trick 2 seems to be written in seat order from ann, not from its leader cat: "+
				"cat played QS, dan 4S, ann 2S, bob AS", vs[0].Msg)
			assert.Equal(t, score.Score(want).Totals, score.Score(rp).Totals)
			assert.Equal(t, want.Rounds[0].View(wg).Tricks, rp.Rounds[0].View(g).Tricks, "the tricks as played")
			fixed := rp.Rounds[0].Fixed
			require.NotNil(t, fixed, "the round corrected")
			assert.Equal(t, "QS 4S 2S AS", parse.JoinCards(fixed.Tricks[1].Cards))
			assert.Equal(t, vs[0], rp.Rounds[0].FixedBy)
			assert.Equal(t, "2S AS QS 4S", parse.JoinCards(g.Rounds[0].Tricks[1].Cards), "the game as read")
		})
	}
}

// TestScoreLineNamesLast: a round's diagnostics follow the transcript (README "Order of
// diagnostics"): an unknown name on a score or total line comes after the tricks' and the
// round's completeness.
func TestScoreLineNamesLast(t *testing.T) {
	text := dealtHearts + "trick dan: 2C 3C 8C QC\ntrick zed: 4C 5C 6C 7C\nscore ann=0 bob=0 cat=0 eve=0\ntotal ann=0 bob=0 cat=0 fay=0\n"
	_, rp := diagnosed(t, text)
	var order []string
	for _, x := range rp.Rounds[0].Violations {
		order = append(order, fmt.Sprintf("%s %d:%d", x.Rule, x.Pos.Line, x.Pos.Col))
	}
	require.GreaterOrEqual(t, len(order), 3, "%v", order)
	assert.Equal(t, []string{"unknown-player 15:25", "unknown-player 16:25"}, order[len(order)-2:], "%v", order)
	for _, x := range rp.Rounds[0].Violations[:len(order)-2] {
		assert.Less(t, x.Pos.Line, 15, "%v", order)
	}
}
