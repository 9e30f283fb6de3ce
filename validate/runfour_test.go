package validate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// TestRunFourMatchesRun checks cleanScan.runFour, the clean tricks of four known hands,
// against run, a card at a time: the same first trick not clean, leader, break state, hands,
// leaders, winners and cards won, some leaders named, over deals played out with cards not
// held, played twice, past the deck, revokes, leads of the break suit and banned discards.
func TestRunFourMatchesRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 26))
	g := &parse.Game{Players: []string{"n", "e", "s", "w"}}
	stops := 0
	for _, name := range []string{"hearts", "spades"} {
		rs, err := rulesets.Builtin(name)
		require.NoError(t, err)
		tb, err := rs.Table(4)
		require.NoError(t, err)
		rules := NewRules(tb)
		for i := range 3000 {
			var hands [MaxSeats]Hand
			for k, c := range rng.Perm(52) {
				hands[k%4].A |= 1 << c
			}
			tricks, leaders, winners := playOut(rng, rules, hands, rng.IntN(4))
			for range rng.IntN(3) { // a card of another trick, past the deck, or another's
				tr := &tricks[rng.IntN(len(tricks))]
				switch k := rng.IntN(4); rng.IntN(3) {
				case 0:
					tr.Cards[k] = tricks[rng.IntN(len(tricks))].Cards[rng.IntN(4)]
				case 1:
					tr.Cards[k] = parse.Card(52 + rng.IntN(4)*67%204)
				default:
					tr.Cards[k] = parse.Card(rng.IntN(52))
				}
			}
			if i%7 == 0 { // a trick not of four
				tr := &tricks[rng.IntN(len(tricks))]
				tr.Cards = tr.Cards[:rng.IntN(4)]
			}
			for range rng.IntN(4) { // a leader named, maybe not the one due
				tricks[rng.IntN(len(tricks))].Leader = g.Players[rng.IntN(4)]
			}
			broken := i%5 == 0
			scan := func(four bool) (cleanScan, [MaxSeats]Hand, *PlayedRound, []int8, []int8) {
				h := hands
				r := &PlayedRound{Seats: []int{0, 1, 2, 3}}
				ls, ws := append([]int8(nil), leaders...), append([]int8(nil), winners...)
				s := cleanScan{g: g, r: r, rules: rules, hands: &h, tricks: tricks, leaders: ls, winners: ws, next: int(leaders[0]), broken: broken}
				if four {
					s.runFour()
				} else {
					s.run()
				}
				return s, h, r, ls, ws
			}
			s1, h1, r1, l1, w1 := scan(false)
			s2, h2, r2, l2, w2 := scan(true)
			require.Equal(t, [3]any{s1.ti, s1.next, s1.broken}, [3]any{s2.ti, s2.next, s2.broken}, "%s deal %d", name, i)
			require.Equal(t, h1, h2, "%s deal %d", name, i)
			require.Equal(t, *r1, *r2, "%s deal %d", name, i)
			require.Equal(t, l1, l2, "%s deal %d", name, i)
			require.Equal(t, w1, w2, "%s deal %d", name, i)
			if s1.ti < len(tricks) {
				stops++
			}
		}
	}
	require.Greater(t, stops, 1500) // most deals stop at a trick not clean
}

// playOut plays the hands out, thirteen tricks of four from leader on, each card one that
// follows suit when it can (the break suit led only when broken or nothing else is held),
// and returns the tricks and their leaders and winners.
func playOut(rng *rand.Rand, rules *Rules, hands [MaxSeats]Hand, leader int) ([]parse.Trick, []int8, []int8) {
	tricks := make([]parse.Trick, 13)
	leaders, winners := make([]int8, 13), make([]int8, 13)
	pick := func(s parse.CardSet) parse.Card {
		cs := []parse.Card{}
		for ; s != 0; s &= s - 1 {
			cs = append(cs, s.Lowest())
		}
		return cs[rng.IntN(len(cs))]
	}
	broken := false
	for ti := range tricks {
		var cards []parse.Card
		led := parse.NoSuit
		for k := range 4 {
			h := &hands[(leader+k)%4]
			can := h.A
			switch {
			case k == 0 && !broken && h.A&^rules.brkMask != 0:
				can &^= rules.brkMask
			case k > 0 && h.A&rules.mask[led] != 0 && rng.IntN(20) != 0:
				can &= rules.mask[led]
			}
			c := pick(can)
			if k == 0 {
				led = rules.suitOf[c]
			}
			h.A &^= 1 << c
			cards = append(cards, c)
		}
		w := (leader + rules.Winner(cards, led)) % 4
		tricks[ti].Cards, leaders[ti], winners[ti] = cards, int8(leader), int8(w)
		broken = broken || rules.BreaksAny(cardMask(cards))
		leader = w
	}
	return tricks, leaders, winners
}
