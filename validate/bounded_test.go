package validate_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
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
			cards, bound, _, _ := validate.DiagnosisWork(v)
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

// strongClaimsGame writes a Spades game of rounds dealt with ann holding about the highest
// cards, each claimed by ann at once: claims that mostly hold, whose searches are long. With
// slip, a trick comes first, in which bob plays a card of cat's: the slip search then tries
// readings of each round, and each searches the claim again.
func strongClaimsGame(rng *rand.Rand, rounds int, slip bool) string {
	var b strings.Builder
	b.WriteString("game spades\nplayers ann bob cat dan\noption target=100000\n")
	deck := make([]parse.Card, 0, 52)
	for c := parse.Card(0); c < parse.NumCards; c++ {
		if s := c.String(); len(s) == 2 && strings.ContainsRune("CDHS", rune(s[1])) {
			deck = append(deck, c)
		}
	}
	rank := func(c parse.Card) int { return strings.IndexByte("23456789TJQKA", c.String()[0]) }
	for range rounds {
		key := make(map[parse.Card]float64, len(deck))
		for _, c := range deck {
			key[c] = float64(rank(c)) + 2*rng.Float64()
		}
		d := append([]parse.Card(nil), deck...)
		sort.Slice(d, func(i, j int) bool { return key[d[i]] > key[d[j]] })
		rest := d[13:]
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		b.WriteString("\nround\n")
		for p, name := range []string{"ann", "bob", "cat", "dan"} {
			b.WriteString("deal " + name + ":")
			for _, c := range d[13*p : 13*p+13] {
				b.WriteString(" " + c.String())
			}
			b.WriteString("\n")
		}
		if slip { // each plays their first card as dealt, bob one of cat's
			fmt.Fprintf(&b, "trick ann: %s %s %s %s\n", d[0], d[26], d[27], d[39])
		}
		b.WriteString("claim ann\n")
	}
	return b.String()
}

// TestClaimSearchesBounded: the searches of a game's claims look at a bounded number of
// positions in all, however many rounds claim; past the bound a claim is taken as made.
func TestClaimSearchesBounded(t *testing.T) {
	src := strongClaimsGame(rand.New(rand.NewPCG(3, 4)), parse.MaxRounds, false)
	games, err := reader.ParseBytes([]byte(src), "claims.tricks")
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	require.NoError(t, err)
	v := validate.New()
	rp, err := v.Replay(games[0], rs)
	require.NoError(t, err)
	require.Len(t, rp.Rounds, parse.MaxRounds)
	searched, bound := validate.ClaimsSearched(v)
	t.Logf("the claims' searches looked at %d positions (bound %d)", searched, bound)
	assert.Positive(t, searched)
	assert.LessOrEqual(t, searched, bound)
}

// TestDiagnosisCountsClaimSearches: the slip search counts the positions the claims' searches
// look at in its trials as work of its budget, so that they stay bounded too.
func TestDiagnosisCountsClaimSearches(t *testing.T) {
	src := strongClaimsGame(rand.New(rand.NewPCG(5, 6)), parse.MaxRounds, true)
	games, err := reader.ParseBytes([]byte(src), "slips.tricks")
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(games[0])
	require.NoError(t, err)
	v := validate.New()
	v.Diagnose = true
	_, err = v.Replay(games[0], rs)
	require.NoError(t, err)
	_, _, searched, bound := validate.DiagnosisWork(v)
	t.Logf("the trials' claim searches looked at %d positions (bound %d)", searched, bound)
	assert.Positive(t, searched)
	assert.LessOrEqual(t, searched, bound)
}
