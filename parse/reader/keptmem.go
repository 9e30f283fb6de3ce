package reader

import (
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
)

// The memory of the games Next returns, kept by the caller for good. From the second game
// of a Reader on, each game is parsed into one gameMem that the Reader reuses
// (keptGames.mem), sized for the largest game seen, and then copied out into arrays of
// exactly its size, carved from chunks that the games share. A kept game so holds what it
// uses, not a block sized for a big game with its parser's state: whole-file calls
// (ReadAll), which keep every game, hold memory in proportion to their input. The first
// game is parsed into fresh memory and kept in it, as before: a file of one game, the most
// common, pays for no copy. The cards and columns stay in the reader's arena, and the
// strings in its tables (names.go, Reader.keep), where they were written for good.
type keptGames struct {
	mem  *gameMem // every game after the first is parsed into it, then copied out
	kept int      // games returned (keep)

	games  []parse.Game
	rounds []parse.Round
	list   []*parse.Round
	claims []parse.Claim
	strs   []string
	kvs    []parse.KV
	hands  []parse.PlayerCards
	passes []parse.Pass
	bids   []parse.Bid
	tricks []parse.Trick
	counts []parse.Count
	moons  []parse.Moon
}

// keptChunk is the largest chunk, in bytes, that the arrays of kept games are carved from;
// the first chunks of a reader are small, each twice the last, so that a small file holds
// little.
const keptChunk = 16 << 10

// parseMem returns the memory to parse the next game of Next into, its cards in arena and
// its strings in nm (nil for the YAML and JSON readers, which keep their own): fresh memory
// for the reader's first game, else the reader's memory, reset.
func (k *keptGames) parseMem(arena *cardArena, nm *names) *gameMem {
	if k.kept == 0 {
		m := newGameMem(arena)
		m.names = nm
		return m
	}
	if k.mem == nil {
		k.mem = newGameMem(arena)
		k.mem.reused, k.mem.arenaKept, k.mem.names = true, true, nm
	}
	k.mem.reset()
	return k.mem
}

// keep returns g, parsed into parseMem's memory or into a block of the YAML tree reader's,
// for the caller to keep: the first game of the reader as it is, a later one copied into
// memory of its size (copyGame).
func (k *keptGames) keep(g *parse.Game) *parse.Game {
	if g == nil {
		return nil
	}
	if k.kept++; k.kept == 1 {
		return g
	}
	return k.copyGame(g)
}

// carve returns a copy of src in *chunk: nil for nil, an empty slice for an empty one, and
// every copy with its capacity clipped to its length, so that appending to it never writes
// into a neighbour.
func carve[T any](chunk *[]T, src []T) []T {
	n := len(src)
	if src == nil {
		return nil
	}
	if n == 0 {
		return make([]T, 0)
	}
	if cap(*chunk)-len(*chunk) < n {
		var zero T
		most := max(keptChunk/int(unsafe.Sizeof(zero)), 1)
		if n > most/4 {
			return append(make([]T, 0, n), src...)
		}
		*chunk = make([]T, 0, max(n, min(most, max(2*cap(*chunk), 4))))
	}
	start := len(*chunk)
	*chunk = append(*chunk, src...)
	return (*chunk)[start:len(*chunk):len(*chunk)]
}

// carveOne returns a pointer to a copy of v in *chunk.
func carveOne[T any](chunk *[]T, v *T) *T {
	return &carve(chunk, unsafe.Slice(v, 1))[0]
}

// copyGame returns a copy of g in memory of its size: every array of the game is copied, as
// every round and claim; what the arrays point to (cards, strings, comments) is the game's
// for good already. g is in the reader's memory (parseMem), or in a block of the YAML tree
// reader's (yamlBlock) sized for a big game, which the copy lets go.
func (k *keptGames) copyGame(g *parse.Game) *parse.Game {
	out := carveOne(&k.games, g)
	out.Players = carve(&k.strs, g.Players)
	out.Options = carve(&k.kvs, g.Options)
	out.Meta = carve(&k.kvs, g.Meta)
	out.Rounds = carve(&k.list, g.Rounds)
	for i, r := range out.Rounds {
		if r != nil {
			out.Rounds[i] = k.copyRound(r)
		}
	}
	return out
}

// copyRound is copyGame for one round.
func (k *keptGames) copyRound(r *parse.Round) *parse.Round {
	out := carveOne(&k.rounds, r)
	out.Tiebreak = carve(&k.strs, r.Tiebreak)
	out.Deal = carve(&k.hands, r.Deal)
	out.Passes = carve(&k.passes, r.Passes)
	out.Bids = carve(&k.bids, r.Bids)
	out.Tricks = carve(&k.tricks, r.Tricks)
	out.Took = carve(&k.hands, r.Took)
	out.Taken = carve(&k.counts, r.Taken)
	out.Moon = carve(&k.moons, r.Moon)
	out.Score = carve(&k.counts, r.Score)
	out.Total = carve(&k.counts, r.Total)
	if r.Claim != nil {
		out.Claim = carveOne(&k.claims, r.Claim)
		out.Claim.Shares = carve(&k.counts, r.Claim.Shares)
	}
	return out
}
