package validate_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// TestSeatOfSharedAndOwnBytes: a name finds the same seat whether its bytes are the player's
// own (as a parser that takes the name from the players line gives it) or a copy, and a
// name that is no player's finds none, for names of every length up to past eight bytes,
// with the same first byte and with the same bytes at another seat's address.
func TestSeatOfSharedAndOwnBytes(t *testing.T) {
	players := []string{"a", "ab", "ba", "abc", "abd", "anne-marie", "anne-mariE", "x"}
	for i, p := range players {
		require.Equal(t, i, validate.SeatOf(players, p), "shared %q", p)
		require.Equal(t, i, validate.SeatOf(players, strings.Clone(p)), "copy of %q", p)
		require.Equal(t, -1, validate.SeatOf(players, p+"z"), "%q+z", p)
		require.Equal(t, -1, validate.SeatOf(players[:i], p), "%q before its seat", p)
	}
	// A name that shares another player's bytes (a prefix of it) is that prefix, not the player.
	long := "abcdefghijk"
	players = []string{long, long[:3], long[:10]}
	require.Equal(t, 1, validate.SeatOf(players, long[:3]))
	require.Equal(t, 1, validate.SeatOf(players, strings.Clone(long[:3])))
	require.Equal(t, 2, validate.SeatOf(players, strings.Clone(long[:10])))
	require.Equal(t, -1, validate.SeatOf(players, long[:5]))
	require.Equal(t, -1, validate.SeatOf(players, ""))
	require.Equal(t, 0, validate.SeatOf([]string{"", "a"}, ""))
}

// TestReplaySharedAndOwnNames: a game whose every name in the rounds shares its bytes with
// the players line replays to exactly what the same game with its own copy of every name
// gives: the same rounds, violations and results.
func TestReplaySharedAndOwnNames(t *testing.T) {
	for _, c := range reuseCases(t) {
		shared := renamed(c.g, func(s string) string {
			for _, p := range c.g.Players {
				if p == s {
					return p
				}
			}
			return s
		})
		own := renamed(c.g, strings.Clone)
		want, wantErr := validate.New().ReplayOwn(own, c.rs, c.own)
		got, err := validate.New().ReplayOwn(shared, c.rs, c.own)
		if wantErr != nil {
			require.Error(t, err, c.name)
			require.Equal(t, wantErr.Error(), err.Error(), c.name)
			continue
		}
		require.NoError(t, err, c.name)
		require.Equal(t, len(want.Rounds), len(got.Rounds), c.name)
		for i := range want.Rounds {
			w, g := *want.Rounds[i], *got.Rounds[i]
			w.Src, g.Src = nil, nil // the games differ in where their names are, not in them
			require.Equal(t, w, g, "%s round %d", c.name, i+1)
		}
		require.Equal(t, score.Score(want), score.Score(got), c.name)
	}
}

// renamed returns a copy of g whose names in the rounds are f of g's (the players line and
// the rest are g's own).
func renamed(g *parse.Game, f func(string) string) *parse.Game {
	c := *g
	c.Rounds = make([]*parse.Round, len(g.Rounds))
	for i, src := range g.Rounds {
		r := *src
		r.Dealer = f(r.Dealer)
		r.Tiebreak = mapNames(r.Tiebreak, f)
		r.Deal = mapSlice(r.Deal, func(p *parse.PlayerCards) { p.Player = f(p.Player) })
		r.Took = mapSlice(r.Took, func(p *parse.PlayerCards) { p.Player = f(p.Player) })
		r.Passes = mapSlice(r.Passes, func(p *parse.Pass) { p.Player, p.To = f(p.Player), f(p.To) })
		r.Bids = mapSlice(r.Bids, func(b *parse.Bid) { b.Player = f(b.Player) })
		r.Tricks = mapSlice(r.Tricks, func(tr *parse.Trick) { tr.Leader = f(tr.Leader) })
		for _, l := range []*[]parse.Count{&r.Taken, &r.Score, &r.Total} {
			*l = mapSlice(*l, func(n *parse.Count) { n.Player = f(n.Player) })
		}
		r.Moon = mapSlice(r.Moon, func(m *parse.Moon) { m.Player = f(m.Player) })
		c.Rounds[i] = &r
	}
	return &c
}

func mapNames(names []string, f func(string) string) []string {
	if names == nil {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = f(n)
	}
	return out
}

func mapSlice[T any](s []T, f func(*T)) []T {
	if s == nil {
		return nil
	}
	out := append([]T(nil), s...)
	for i := range out {
		f(&out[i])
	}
	return out
}
