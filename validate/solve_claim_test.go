package validate_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// hands reads one hand per string ("AS KS 2H"), two copies of a card written twice.
func hands(t *testing.T, hs ...string) []validate.Hand {
	t.Helper()
	out := make([]validate.Hand, len(hs))
	for i, h := range hs {
		for _, tok := range strings.Fields(h) {
			c, err := parse.ParseCard(tok)
			require.NoError(t, err)
			require.True(t, out[i].Add(c))
		}
	}
	return out
}

func lead(trick int, broken bool) validate.TrickState {
	return validate.TrickState{Trick: trick, Led: parse.NoSuit, Broken: broken}
}

// replayLine plays a claim's defeating line from the position with the rules alone: every
// card legal and held, and the last trick of the line won by a seat outside the side.
func replayLine(t *testing.T, r *validate.Rules, hs []validate.Hand, leader int, st validate.TrickState, side []bool, line []validate.SeatCard) {
	t.Helper()
	require.NotEmpty(t, line)
	hs = append([]validate.Hand(nil), hs...)
	var trick []parse.Card
	winner := -1
	for i, sc := range line {
		m := (leader + len(trick)) % len(hs)
		require.Equal(t, m, sc.Seat, "card %d of the line: seat", i)
		st.Pos = len(trick)
		require.True(t, r.Legal(hs[m], &st).Has(sc.Card), "card %d of the line: %s is not legal for seat %d", i, sc.Card, m)
		require.True(t, hs[m].Remove(sc.Card))
		trick = append(trick, sc.Card)
		st.Play(r, sc.Card)
		if len(trick) == len(hs) {
			w := r.Winner(trick, st.Led)
			if w >= 0 {
				w = (leader + w) % len(hs)
			}
			winner = w
			leader, trick, st = validate.NextLeader(leader, w), nil, st.Next()
		}
	}
	require.Empty(t, trick, "the line ends with a complete trick")
	require.GreaterOrEqual(t, winner, 0)
	require.False(t, side[winner], "the line's last trick is won outside the claiming side")
}

func TestClaimHeartsHolds(t *testing.T) {
	r := testRules(t, "hearts", nil, 4)
	// ann leads and holds the top of every suit she has: the sure-trick shortcut.
	hs := hands(t, "AS KS AH KH", "2S 3S 2H 3H", "4S 5S 4H 5H", "6S 7S 6H 7H")
	line, holds := validate.ClaimDefeat(r, hs, 0, nil, lead(10, true), []bool{true, false, false, false})
	require.True(t, holds)
	require.Nil(t, line)
	// Not all on top, but the others must follow under the aces: ann cashes them first.
	hs = hands(t, "AS KS 2H", "QS 3S 3H", "JS 4H 5H", "TS 6H 7H")
	_, holds = validate.ClaimDefeat(r, hs, 0, nil, lead(11, true), []bool{true, false, false, false})
	require.False(t, holds, "2H loses whatever ann leads first")
	hs = hands(t, "AS KS QS", "2S 3S 3H", "4S 4H 5H", "5S 6H 7H")
	_, holds = validate.ClaimDefeat(r, hs, 0, nil, lead(11, true), []bool{true, false, false, false})
	require.True(t, holds)
}

func TestClaimHeartsHigherCardDefeats(t *testing.T) {
	r := testRules(t, "hearts", nil, 4)
	// bob leads; ann (claiming) must follow, and cat's king beats her queen.
	hs := hands(t, "QS AH", "2S 3H", "KS 4H", "5S 6H")
	side := []bool{true, false, false, false}
	line, holds := validate.ClaimDefeat(r, hs, 1, nil, lead(12, true), side)
	require.False(t, holds)
	replayLine(t, r, hs, 1, lead(12, true), side, line)
	// Mid-trick: bob led 7S, cat played KS; ann's QS cannot win it.
	hs = hands(t, "QS AH", "3H", "4H", "5S 6H")
	line, holds = validate.ClaimDefeat(r, hs, 1, []parse.Card{mustCard(t, "7S"), mustCard(t, "KS")}, lead(12, true), side)
	require.False(t, holds)
	require.Equal(t, []validate.SeatCard{{Seat: 3, Card: mustCard(t, "5S")}, {Seat: 0, Card: mustCard(t, "QS")}}, line)
}

func TestClaimSpadesRuffDefeats(t *testing.T) {
	r := testRules(t, "spades-partnership", []string{"spades-broken=off"}, 4)
	side := []bool{true, false, true, false}
	// ann+cat hold the top hearts, but bob is void in hearts and ruffs.
	hs := hands(t, "AH KH", "2S 3D", "QH JH", "2H 3H")
	line, holds := validate.ClaimDefeat(r, hs, 0, nil, lead(12, true), side)
	require.False(t, holds)
	replayLine(t, r, hs, 0, lead(12, true), side, line)
	require.Equal(t, mustCard(t, "2S"), line[1].Card, "bob ruffs the first heart")
	// Without bob's trump the claim holds.
	hs = hands(t, "AH KH", "2D 3D", "QH JH", "2H 3H")
	_, holds = validate.ClaimDefeat(r, hs, 0, nil, lead(12, true), side)
	require.True(t, holds)
}

func TestClaimCancellation(t *testing.T) {
	r := testRules(t, "cancellation", nil, 6)
	side := []bool{true, false, false, false, false, false}
	// ann leads AS; bob's twin cancels it and cat's 2S, the only other spade, wins.
	hs := hands(t, "AS AH", "AS 3D", "2S 4D", "5D 6D", "7D 8D", "9D TD")
	line, holds := validate.ClaimDefeat(r, hs, 0, nil, lead(15, true), side)
	require.False(t, holds)
	replayLine(t, r, hs, 0, lead(15, true), side, line)
	// Leading AH first does not help: ann must lead AS later... but with the twin held by ann
	// herself nothing cancels, and she wins both.
	hs = hands(t, "AS AS", "2S 3D", "3S 4D", "5D 6D", "7D 8D", "9D TD")
	_, holds = validate.ClaimDefeat(r, hs, 0, nil, lead(15, true), side)
	require.True(t, holds)
}

func mustCard(t *testing.T, s string) parse.Card {
	t.Helper()
	c, err := parse.ParseCard(s)
	require.NoError(t, err)
	return c
}

// bruteDefeat says whether the defenders (not side) can win a trick: follow suit, no trump,
// the highest card of the suit led wins (one deck; hearts broken, so any lead).
func bruteDefeat(hs []uint64, leader int, trick []int, side []bool) bool {
	n := len(hs)
	m := (leader + len(trick)) % n
	if hs[m] == 0 {
		return false
	}
	var legal []int
	for c := 0; c < 52; c++ {
		if hs[m]>>c&1 != 0 && (len(trick) == 0 || c/13 == trick[0]/13) {
			legal = append(legal, c)
		}
	}
	if len(legal) == 0 {
		for c := 0; c < 52; c++ {
			if hs[m]>>c&1 != 0 {
				legal = append(legal, c)
			}
		}
	}
	for _, c := range legal {
		hs[m] &^= 1 << c
		t := append(append([]int(nil), trick...), c)
		var d bool
		if len(t) < n {
			d = bruteDefeat(hs, leader, t, side)
		} else {
			w := 0
			for i, x := range t {
				if x/13 == t[0]/13 && x > t[w] {
					w = i
				}
			}
			w = (leader + w) % n
			d = !side[w] || bruteDefeat(hs, w, nil, side)
		}
		hs[m] |= 1 << c
		if d && !side[m] {
			return true
		}
		if !d && side[m] {
			return false
		}
	}
	return side[m]
}

var oneDeckCases = 300

// TestClaimAgainstBrute compares ClaimDefeat with the brute force on random endings of 3 to
// 6 players and 2 to 4 tricks, the claimer dealt more high cards than the others.
func TestClaimAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < oneDeckCases; i++ {
		n := 3 + i%4
		k := 2 + i%3
		r := testRules(t, "hearts", nil, n)
		hs, leader, side := strongClaim(rng, n, k)
		vh := make([]validate.Hand, n)
		for s, h := range hs {
			vh[s] = validate.Hand{A: parse.CardSet(h)}
		}
		want := bruteDefeat(hs, leader, nil, side)
		line, holds := validate.ClaimDefeat(r, vh, leader, nil, lead(13-k, true), side)
		require.Equal(t, want, !holds, "position %d: %v leader %d", i, vh, leader)
		if !holds {
			replayLine(t, r, vh, leader, lead(13-k, true), side, line)
		}
	}
}

// strongClaim deals k cards to each of n seats, seat 0 claiming with the highest cards of a
// random half of the deck.
func strongClaim(rng *rand.Rand, n, k int) ([]uint64, int, []bool) {
	deck := rng.Perm(52)
	hs := make([]uint64, n)
	top := deck[:2*k]
	// Seat 0 takes the k highest ranks of the first 2k cards dealt.
	for a := 0; a < len(top); a++ {
		for b := a + 1; b < len(top); b++ {
			if top[b]%13 > top[a]%13 {
				top[a], top[b] = top[b], top[a]
			}
		}
	}
	for _, c := range top[:k] {
		hs[0] |= 1 << c
	}
	rest := append(append([]int(nil), top[k:]...), deck[2*k:]...)
	for i := 0; i < (n-1)*k; i++ {
		hs[1+i%(n-1)] |= 1 << rest[i]
	}
	side := make([]bool, n)
	side[0] = true
	return hs, rng.IntN(n), side
}

// TestClaimLargeHands runs claims of whole hands at tables of 4 to 7 (Hearts, 13 to 8 cards;
// Cancellation, two decks, 14 cards), and of the last 6 tricks at 8 and 10 (Cancellation):
// the claimer holds the highest cards of the deck but for a few swapped with the others', so
// that the search must look. Each must be quick; a defeated claim's line is replayed.
func TestClaimLargeHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{4, 5, 6, 7, 8, 10} {
		name := "hearts"
		if n > 6 {
			name = "cancellation"
		}
		r := testRules(t, name, nil, n)
		for trial := 0; trial < 6; trial++ {
			hs := dealStrong(rng, r, n, trial%3)
			if n > 7 {
				hs = lastCards(hs, 6)
			}
			side := make([]bool, n)
			side[0] = true
			leader := 0
			if trial == 5 {
				leader = 1
			}
			line, holds := validate.ClaimDefeat(r, hs, leader, nil, lead(2, true), side)
			if !holds {
				replayLine2(t, r, hs, leader, lead(2, true), side, line)
			}
		}
	}
}

// lastCards keeps the last k cards of each hand, in card order.
func lastCards(hs []validate.Hand, k int) []validate.Hand {
	out := make([]validate.Hand, len(hs))
	for i, h := range hs {
		cs := h.Cards()
		for _, c := range cs[len(cs)-k:] {
			out[i].Add(c)
		}
	}
	return out
}

// dealStrong deals the table's deck: seat 0 the highest cards by rank, but for swaps of them
// exchanged with random cards of the others; the rest at random.
func dealStrong(rng *rand.Rand, r *validate.Rules, n, swaps int) []validate.Hand {
	var cards []parse.Card
	for _, d := range []parse.CardSet{r.Table.Deck, r.Table.Deck2} {
		for s := d; s != 0; s &= s - 1 {
			cards = append(cards, s.Lowest())
		}
	}
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	sort.SliceStable(cards, func(i, j int) bool { return r.Power(cards[i]) > r.Power(cards[j]) })
	k := r.Table.HandSize
	for s := 0; s < swaps; s++ {
		a, b := rng.IntN(k), k+rng.IntN(len(cards)-k)
		cards[a], cards[b] = cards[b], cards[a]
	}
	rest := cards[k:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	hs := make([]validate.Hand, n)
	for i := 0; i < k*n; i++ {
		if i < k {
			hs[0].Add(cards[i])
		} else {
			hs[1+(i-k)%(n-1)].Add(cards[i])
		}
	}
	return hs
}

// bruteDefeat2 is bruteDefeat with two decks (hs[seat][card] counts copies): two copies of a
// card in one trick cancel each other; the highest card of the suit led not cancelled wins;
// a trick all cancelled is nobody's and its leader leads again, or, the last, goes to its
// leader (who defeats the claim when not the claimer).
func bruteDefeat2(hs [][52]int8, leader int, trick []int, side []bool, left int) bool {
	n := len(hs)
	m := (leader + len(trick)) % n
	var legal []int
	for c := 0; c < 52; c++ {
		if hs[m][c] > 0 && (len(trick) == 0 || c/13 == trick[0]/13) {
			legal = append(legal, c)
		}
	}
	if len(legal) == 0 {
		for c := 0; c < 52; c++ {
			if hs[m][c] > 0 {
				legal = append(legal, c)
			}
		}
	}
	for _, c := range legal {
		hs[m][c]--
		t := append(append([]int(nil), trick...), c)
		var d bool
		if len(t) < n {
			d = bruteDefeat2(hs, leader, t, side, left)
		} else {
			w := -1
			for i, x := range t {
				twin := false
				for j, y := range t {
					twin = twin || j != i && y == x
				}
				if !twin && x/13 == t[0]/13 && (w < 0 || x > t[w]) {
					w = i
				}
			}
			switch {
			case w >= 0:
				w = (leader + w) % n
				d = !side[w] || left > 1 && bruteDefeat2(hs, w, nil, side, left-1)
			case left == 1:
				d = !side[leader]
			default:
				d = bruteDefeat2(hs, leader, nil, side, left-1)
			}
		}
		hs[m][c]++
		if d && !side[m] {
			return true
		}
		if !d && side[m] {
			return false
		}
	}
	return side[m]
}

var twoDeckCases = 200

// TestClaimTwoDecksAgainstBrute compares ClaimDefeat with the brute force under Cancellation
// rules (two decks) on random endings of 6 and 7 players and 2 or 3 tricks, dealt from a
// few ranks of two suits so that copies meet.
func TestClaimTwoDecksAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < twoDeckCases; i++ {
		n := 6 + i%2
		k := 2 + i%2
		r := testRules(t, "cancellation", nil, n)
		var pool []int
		for _, s := range []int{0, 2} {
			for rank := 6; rank < 13; rank++ {
				pool = append(pool, s*13+rank, s*13+rank)
			}
		}
		rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		hs := make([][52]int8, n)
		vh := make([]validate.Hand, n)
		for j := 0; j < n*k; j++ {
			hs[j%n][pool[j]]++
			vh[j%n].Add(parse.Card(pool[j]))
		}
		side := make([]bool, n)
		side[0] = true
		leader := rng.IntN(n)
		want := bruteDefeat2(hs, leader, nil, side, k)
		line, holds := validate.ClaimDefeat(r, vh, leader, nil, lead(13-k, true), side)
		require.Equal(t, want, !holds, "position %d: %v leader %d", i, vh, leader)
		if !holds {
			replayLine2(t, r, vh, leader, lead(13-k, true), side, line)
		}
	}
}

// replayLine2 is replayLine where the line may end with a last trick all cancelled, whose
// cards go to its leader.
func replayLine2(t *testing.T, r *validate.Rules, hs []validate.Hand, leader int, st validate.TrickState, side []bool, line []validate.SeatCard) {
	t.Helper()
	hs = append([]validate.Hand(nil), hs...)
	var trick []parse.Card
	taker := -1
	for i, sc := range line {
		m := (leader + len(trick)) % len(hs)
		require.Equal(t, m, sc.Seat, "card %d of the line: seat", i)
		st.Pos = len(trick)
		require.True(t, r.Legal(hs[m], &st).Has(sc.Card), "card %d of the line: %s is not legal", i, sc.Card)
		require.True(t, hs[m].Remove(sc.Card))
		trick = append(trick, sc.Card)
		st.Play(r, sc.Card)
		if len(trick) == len(hs) {
			w := r.Winner(trick, st.Led)
			taker = w
			if w >= 0 {
				taker = (leader + w) % len(hs)
			} else if hs[leader].Len() == 0 {
				taker = leader
			}
			leader, trick, st = validate.NextLeader(leader, taker), nil, st.Next()
		}
	}
	require.Empty(t, trick)
	require.GreaterOrEqual(t, taker, 0)
	require.False(t, side[taker])
}
