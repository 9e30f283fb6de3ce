package validate

import (
	"github.com/tricks-dev/tricks/parse"
)

// TrickView is one trick of a replayed round as a person reads it: who led, the cards in
// play order, who won, the points the trick carried, the hands before it, and whether the
// break suit (hearts or spades) was broken before and after it. Seats are local seats of the
// round (indexes into Round.Seats).
type TrickView struct {
	Number int            // 1-based
	Leader int            // local seat
	Winner int            // local seat; -1 when every winning card was cancelled
	Cards  []parse.Card   // in play order, from the leader
	Seats  []int          // local seat of each card's player
	Points int            // value of the cards the winner takes (carried cards included)
	Hands  [MaxSeats]Hand // each seat's hand before the trick (see HandsFrom)
	// BrokenBefore and BrokenAfter say whether the break suit was broken before and after the
	// trick (both false when the ruleset has no such rule).
	BrokenBefore, BrokenAfter bool
}

// Hands sources for RoundView.HandsFrom.
const (
	HandsFromDeal = "deal" // the deal (and passes) recorded in the transcript
	HandsFromPlay = "play" // inferred from the cards each player plays later in the round
)

// SuitName names a suit that must be broken before it is led, as the messages write it:
// "hearts", "spades" (another suit by its letter).
func SuitName(s parse.Suit) string {
	switch s {
	case parse.Hearts:
		return "hearts"
	case parse.Spades:
		return "spades"
	}
	return s.String()
}

// RoundView is a played round trick by trick (see Round.View).
type RoundView struct {
	// HandsFrom says where the hands come from: HandsFromDeal, or HandsFromPlay when the
	// deal or a pass is missing (the hands are then the cards each player still plays).
	HandsFrom string
	// BreakSuit is the suit that must be broken before it is led (parse.NoSuit when none).
	BreakSuit parse.Suit
	Tricks    []TrickView
}

// View replays the tricks of a round for display: leaders as the replay takes them (the
// named leader, else the previous winner, else the first-lead rule), winners by the same
// Rules.Winner the replay uses. It allocates freely: it is for showing one round, not for
// the hot path. g is the game the round belongs to.
func (r *PlayedRound) View(g *parse.Game) RoundView {
	src, t := r.Src, r.Table
	n := len(r.Seats)
	rules := r.Rules
	out := RoundView{HandsFrom: HandsFromPlay, BreakSuit: rules.brk}
	if src == nil || len(src.Tricks) == 0 || rules == nil {
		return out
	}
	// The hands as the play began, where the replay knew them all (from the deal and the
	// passes), and the leaders and winners it took: the replay's own facts, not found again.
	fromDeal := true
	for l := 0; l < n; l++ {
		fromDeal = fromDeal && r.known[l]
	}
	hands := r.start
	views := make([]TrickView, len(src.Tricks))
	for ti := range src.Tricks {
		tr := &src.Tricks[ti]
		leader, winner := int(r.leaders[min(ti, len(r.leaders)-1)]), int(r.winners[min(ti, len(r.winners)-1)])
		tv := TrickView{Number: ti + 1, Leader: leader, Winner: winner, Cards: tr.Cards, Seats: make([]int, len(tr.Cards))}
		if ti+1 == r.reordered && len(r.reorderedCards) == len(tr.Cards) {
			tv.Cards = r.reorderedCards // the trick as the diagnosis read it, in play order
		}
		for k := range tr.Cards {
			tv.Seats[k] = (leader + k) % n
		}
		views[ti] = tv
	}
	// Hands from the play: each seat holds, before a trick, what it plays from then on; a
	// hand the deal does not give is the replay's inference (each copy of a card held once:
	// a duplicated card stays with the first to play it).
	if !fromDeal {
		for l := range hands {
			if r.known[l] {
				hands[l] = Hand{}
			}
		}
		for _, tv := range views {
			for k, c := range tv.Cards {
				if c < parse.NumCards && r.known[tv.Seats[k]] {
					hands[tv.Seats[k]].Add(c)
				}
			}
		}
	} else {
		out.HandsFrom = HandsFromDeal
	}

	// Points, the break state, and the hands trick by trick.
	broken := false
	carried := 0
	for ti := range views {
		tv := &views[ti]
		tv.Hands = hands
		tv.BrokenBefore = broken
		pts := carried
		for k, c := range tv.Cards {
			if c < parse.NumCards {
				pts += t.Value[c]
				hands[tv.Seats[k]].Remove(c)
			}
			if rules.Breaks(c) {
				broken = true
			}
		}
		tv.BrokenAfter = broken
		if tv.Winner >= 0 || ti == len(views)-1 {
			tv.Points, carried = pts, 0
		} else {
			carried = pts
		}
	}
	out.Tricks = views
	return out
}

// Name returns the player name of local seat l.
func (r *PlayedRound) Name(g *parse.Game, l int) string { return r.name(g, l) }
