package validate_test

import (
	"strings"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplayInputErrors: input that cannot be read as a game is an error (exit 2), never a
// violation (RULES §7 "Transcript errors"): player counts out of range, a trick with the
// wrong number of cards (TestBrokenTrickMended), an unknown first leader who cannot be known otherwise, a tie-break
// with fewer than two known players. (An unknown dealer or later leader is an unknown-player
// violation: the rotation and the previous winner tell who it is; see testdata/rules.)
func TestReplayInputErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, msg string
		line           int
	}{
		{"hearts-7-players", "game hearts\nplayers a b c d e f g\nround\ntook a: QS\n", "hearts seats 3 to 6 players, not 7", 2},
		{"cancellation-5-players", "game cancellation\nplayers a b c d e\nround\ntook a: QS\n", "6 to 10", 2},
		{"spades-3-players-no-jokers", "game spades\nplayers a b c\nround\nbid a=1 b=1 c=1\ntricks a=1 b=1 c=1\n", "not 3", 2},
		{"spades-teams-6-players", "game spades\nplayers a b c d e f\noption teams=on jokers=high\nround\nbid a=1 b=1 c=1 d=1 e=1 f=1\n", "4 players", 2},
		{"tiebreak-one-known", "game hearts\nplayers ann bob cat dan\nround tiebreak ann eve\ntook ann: QS\n", "at least two of the players", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := replayText(t, c.name, c.src)
			require.Error(t, err, "want an input error containing %q", c.msg)
			assert.Contains(t, err.Error(), c.msg)
			var list parse.ErrorList
			require.ErrorAs(t, err, &list)
			require.NotEmpty(t, list)
			assert.Equal(t, c.line, list[0].Pos.Line, "the error's line: %v", err)
		})
	}
}

// TestReplayInputErrorsCollected: every round's input error is reported, not the first only.
func TestReplayInputErrorsCollected(t *testing.T) {
	src := "game hearts\nplayers ann bob cat dan\noption pass=none\n" +
		"round tiebreak ann zed\ntook ann: QS\n" + // line 4: a tie-break of one known player
		"round\ntook ann: QS\n" + // fine
		"round\ntook bob: QS\nbid ann=99\n" // line 10: a bid out of range (no Spades, still read)
	games, err := reader.ParseBytes([]byte(src), "many.tricks")
	require.NoError(t, err)
	rs, err := rulesets.Load("hearts")
	require.NoError(t, err)
	rs.Set("pass", "none")
	_, err = validate.New().Replay(games[0], rs)
	var list parse.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 2, "want two input errors, got %v", err)
	assert.Equal(t, []int{4, 10}, []int{list[0].Pos.Line, list[1].Pos.Line}, "the errors' lines: %v", err)
}

// TestBrokenTrickMended: a trick with a card too few or too many costs its round's certainty,
// not the game (recover.go): it is reported at its line as incomplete-round, the round is
// read with the trick mended (the one card never played put where it explains most, the card
// too many taken out, else the trick left out), and later rounds are checked in full.
func TestBrokenTrickMended(t *testing.T) {
	for _, c := range []struct {
		name, src, msg string
		line           int
	}{
		{"left-out", "game hearts\nplayers ann bob cat dan\noption pass=none\nround\ntrick ann: 2C 3C 4C\n",
			"trick 1 has 3 cards, expected 4 (one per player); the trick is left out, and the round's points are uncertain", 5},
		{"never-played", "game hearts\nplayers ann bob cat dan\noption pass=none\nround\ntrick dan: 2C JC TC 3C\ntrick 2S 5S JS KS\n" +
			"trick 4C AD 7C 5C\ntrick 3D KD QD TD\ntrick JD 8D 7D 9D\ntrick 6C QC QH AC\ntrick 6D 2D AH 4D\ntrick 7S TS AS QS\n" +
			"trick 5H 2H 8H\ntrick 8S 4S KC 3S\ntrick 8C 4H KH JH\ntrick 9C 6S 7H 9H\ntrick 9S 5D 6H TH\n" +
			"round\ntrick bob: 2C 3C 4C 5C 6C\n",
			"trick 9 has 3 cards, expected 4 (one per player); cat's 3H, never played, is missing?", 13},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, rp, err := replayText(t, c.name, c.src)
			require.NoError(t, err)
			require.Len(t, rp.Rounds, len(g.Rounds), "every round is replayed")
			var found *validate.Violation
			for _, v := range rp.Rounds[0].Violations {
				if v.Pos.Line == c.line {
					found = &v
				}
			}
			require.NotNil(t, found, "violations: %+v", rp.Rounds[0].Violations)
			assert.Equal(t, validate.IncompleteRound, found.Rule)
			assert.Equal(t, c.msg, found.Msg)
			if len(rp.Rounds) > 1 { // the next round's broken trick is reported too
				assert.NotEmpty(t, rp.Rounds[1].Violations)
			}
		})
	}
}

// TestDiagnosisBudget: the search for a slip is bounded; a round it could not finish is read
// as written, and the first violation's note says the search was cut short.
func TestDiagnosisBudget(t *testing.T) {
	src := "game hearts\nplayers ann bob cat dan\noption pass=none\nround\n" +
		"trick dan: 2C JC TC 3C\ntrick 2S 5S JS KS\ntrick 4C AD 7C 5C\ntrick 3D KD QD TD\ntrick JD 8D 7D 9D\n" +
		"trick 6C QC QH AC\ntrick 6D 2D AH 4D\ntrick 7S TS AS QS\ntrick 5H 2H 8H 3H\ntrick 8S 4S KC 3S\n" +
		"trick 8C 4H KH JH\ntrick 9C 6S 7H 9H\ntrick 9S 5D 6H 9H\n" // 9H twice: TH written as 9H
	games, err := reader.ParseBytes([]byte(src), "budget.tricks")
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	require.NoError(t, err)
	for _, c := range []struct {
		round, game int
		cut         bool
	}{{1000, 1000, false}, {0, 1000, true}, {1000, 0, true}} {
		v := validate.New()
		v.Diagnose = true
		validate.SetTrialBudget(v, c.round, c.game)
		rp, err := v.Replay(games[0], rs)
		require.NoError(t, err)
		vs := rp.Rounds[0].Violations
		require.NotEmpty(t, vs)
		assert.Equal(t, c.cut, strings.Contains(vs[0].Note, "cut short"), "budget %+v: %+v", c, vs)
		if !c.cut {
			assert.Contains(t, vs[0].Msg, "did you mean TH?")
		}
	}
}

// TestDiagnosisCutNoted: a search cut short by its budget says so, whether it found an
// explanation before (then reported, with the note) or not (the round read as written).
func TestDiagnosisCutNoted(t *testing.T) {
	src := "game hearts\nplayers ann bob cat dan\noption pass=none\nround\n" +
		"trick dan: 2C JC TC 3C\ntrick 2S 5S JS KS\ntrick 4C AD 7C 5C\ntrick 3D KD QD TD\ntrick JD 8D 7D 9D\n" +
		"trick 6C QC QH AC\ntrick 6D 2D AH 4D\ntrick 7S TS AS QS\ntrick 5H 2H 8H 3H\ntrick 8S 4S KC 3S\n" +
		"trick 8C 4H KH JH\ntrick 9C 6S 7H 9H\ntrick 9S 5D 6H 9H\n" // 9H twice: TH written as 9H
	games, err := reader.ParseBytes([]byte(src), "cut.tricks")
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	require.NoError(t, err)
	replay := func(budget int) (validate.Violation, int) {
		v := validate.New()
		v.Diagnose = true
		validate.SetTrialBudget(v, budget, budget)
		rp, err := v.Replay(games[0], rs)
		require.NoError(t, err)
		require.NotEmpty(t, rp.Rounds[0].Violations)
		return rp.Rounds[0].Violations[0], validate.DiagnosisTrials(v)
	}
	_, all := replay(1 << 20)
	require.Greater(t, all, 2)
	found := 0
	for budget := 1; budget <= all; budget++ {
		first, _ := replay(budget)
		cut := strings.Contains(first.Note, "cut short")
		assert.Equal(t, budget < all, cut, "budget %d of %d: %+v", budget, all, first)
		if strings.Contains(first.Msg, "did you mean TH?") {
			found++
		}
	}
	assert.Greater(t, found, 1, "an explanation found before the budget ran out is reported")
}

// TestLeaderGuessed: a trick whose leader cannot be known (a name nobody has, or no name
// where neither the deal nor the previous winner tells) costs its round's certainty, not the
// game: the round is read with the seat whose lead fits the cards best, reported at the
// trick as wrong-leader.
func TestLeaderGuessed(t *testing.T) {
	for _, c := range []struct{ name, src, msg string }{
		{"unknown-name", "game hearts\nplayers ann bob cat dan\noption pass=none\nround\ntrick eve: 2C 3C 4C 5C\n",
			`trick 1: unknown leader "eve"; read with ann leading, whom the cards fit best`},
		{"no-name", "game hearts\nplayers ann bob cat dan\noption pass=none\nround\ntrick 3C 4C 5C 6C\n",
			"trick 1: its leader cannot be known (name the leader, trick NAME: ..., or give the deal and passes); read with ann leading, whom the cards fit best"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, rp, err := replayText(t, c.name, c.src)
			require.NoError(t, err)
			require.Len(t, rp.Rounds, 1)
			var msgs []string
			for _, v := range rp.Rounds[0].Violations {
				if v.Rule == validate.WrongLeader {
					msgs = append(msgs, v.Msg)
				}
			}
			assert.Equal(t, []string{c.msg}, msgs)
		})
	}
}

// TestReplayErrorsCapped: a game's input errors from the replay are capped as the readers cap
// theirs (parse/LIMITS.md: 100, then "too many errors").
func TestReplayErrorsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("game hearts\nplayers ann bob cat dan\n")
	for i := 0; i < 150; i++ {
		b.WriteString("round tiebreak ann zed\ntook ann: QS\n") // a tie-break of one known player
	}
	games, err := reader.ParseBytes([]byte(b.String()), "capped.tricks")
	require.NoError(t, err)
	rs, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	_, err = validate.New().Replay(games[0], rs)
	var list parse.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 101)
	assert.Equal(t, "too many errors", list[100].Msg)
}

// replayText reads src (one game, text, named name.tricks), resolves its ruleset as the CLI
// does and replays it.
func replayText(t *testing.T, name, src string) (*parse.Game, *validate.Replay, error) {
	t.Helper()
	games, err := reader.ParseBytes([]byte(src), name+".tricks")
	require.NoError(t, err, "parse")
	g := games[0]
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
	require.NoError(t, err)
	rp, err := validate.New().Replay(g, rs)
	return g, rp, err
}
