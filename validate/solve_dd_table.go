package validate

import (
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
)

// The transposition table of the double-dummy engine, and the quick bounds it tries first.
//
// An entry is a position at the start of a trick, the leader and the break state known: the
// suit lengths of every hand exactly (the key of its bucket), and of each suit the owners of
// the cards from the top down to the lowest card whose rank decided the result, by relative
// rank (cards played in earlier tricks do not count), 4 bits a card. It holds bounds on the
// side's tricks of those left. A position matches an entry when its own cards agree on those
// owners: the cards below are interchangeable for the result (partition search).

// ddKey is a bucket: the leader, the break state, whether the trick is the first, and the
// suit lengths of every hand (4 bits a suit, 8 hands at most).
type ddKey struct {
	d0, d1 uint64
	lead   uint8
	flags  uint8
}

type ddEntry struct {
	own, mask [4]uint64
	lb, ub    int8
	best      parse.Card
}

// ddBucketMax bounds the entries of one bucket: past it, new entries replace the oldest.
const ddBucketMax = 256

type ddBucket struct {
	entries []ddEntry
	next    int // the entry to replace when full
}

type ddTable struct {
	m       map[ddKey]*ddBucket
	entries int
}

// ddTableMax bounds the entries of the table: past it, the table starts again empty.
const ddTableMax = 1 << 21

func (t *ddTable) init() {
	t.m = make(map[ddKey]*ddBucket, 1024)
	t.entries = 0
}

func (t *ddTable) find(k ddKey) *ddBucket { return t.m[k] }

// key returns the bucket of the position (at the start of a trick).
func (e *ddEngine) key() ddKey {
	k := ddKey{lead: uint8(e.leader)}
	if e.st.Broken {
		k.flags |= 1
	}
	if e.st.Trick == 1 {
		k.flags |= 2
	}
	for h := 0; h < e.n; h++ {
		var d uint64
		for s := 0; s < 4; s++ {
			d |= uint64((e.hands[h] & e.suits[s]).Len()) << (4 * s)
		}
		if h < 4 {
			k.d0 |= d << (16 * h)
		} else {
			k.d1 |= d << (16 * (h - 4))
		}
	}
	return k
}

// owners sets, per suit, the owners of the cards in the hands from the highest down, 4 bits
// a card from the top bits.
func (e *ddEngine) owners(own *[4]uint64) {
	var all parse.CardSet
	for h := 0; h < e.n; h++ {
		all |= e.hands[h]
	}
	for s := 0; s < 4; s++ {
		var v uint64 // from the lowest card up, each shifting the others down
		for u := all & e.suits[s]; u != 0; u &= u - 1 {
			v = v>>4 | uint64(e.owner[u.Lowest()])<<60
		}
		own[s] = v
	}
}

// topCards returns the k highest cards of set.
func topCards(set parse.CardSet, k int) parse.CardSet {
	for n := set.Len(); n > k; n-- {
		set &= set - 1
	}
	return set
}

// lookup looks for an entry of bucket b that matches the position and decides need; it
// returns the result and the cards the entry depends on. An entry that matches without
// deciding gives its best move to the move order.
func (e *ddEngine) lookup(b *ddBucket, own *[4]uint64, need int) (ok bool, w parse.CardSet, hit bool) {
	for i := range b.entries {
		en := &b.entries[i]
		if own[0]&en.mask[0] != en.own[0] || own[1]&en.mask[1] != en.own[1] ||
			own[2]&en.mask[2] != en.own[2] || own[3]&en.mask[3] != en.own[3] {
			continue
		}
		switch {
		case int(en.lb) >= need:
			ok = true
		case int(en.ub) < need:
			ok = false
		default:
			if en.best != parse.NoCard {
				e.ttBest[e.depth] = en.best
			}
			continue
		}
		var all parse.CardSet
		for h := 0; h < e.n; h++ {
			all |= e.hands[h]
		}
		for s := 0; s < 4; s++ {
			w |= topCards(all&e.suits[s], bits.OnesCount64(en.mask[s])/4)
		}
		return ok, w, true
	}
	return false, 0, false
}

// store enters the result of a search of the position: bounds lb..ub on the side's tricks,
// depending on the ranks of the cards of w.
func (e *ddEngine) store(k ddKey, own *[4]uint64, w parse.CardSet, lb, ub int, best parse.Card) {
	var en ddEntry
	var all parse.CardSet
	for h := 0; h < e.n; h++ {
		all |= e.hands[h]
	}
	for s := 0; s < 4; s++ {
		ws := w & e.suits[s]
		if ws == 0 {
			continue
		}
		low := ws & -ws
		n := (all & e.suits[s] &^ (low - 1)).Len() // the cards from the lowest that mattered up
		en.mask[s] = ^uint64(0) << (64 - 4*n)
		en.own[s] = own[s] & en.mask[s]
	}
	en.lb, en.ub, en.best = int8(lb), int8(ub), best
	t := &e.tt
	b := t.m[k]
	if b == nil {
		if t.entries >= ddTableMax {
			t.init()
		}
		b = &ddBucket{}
		t.m[k] = b
	}
	for i := range b.entries {
		x := &b.entries[i]
		if x.mask == en.mask && x.own == en.own {
			x.lb, x.ub = max(x.lb, en.lb), min(x.ub, en.ub)
			if best != parse.NoCard {
				x.best = best
			}
			return
		}
	}
	if len(b.entries) < ddBucketMax {
		b.entries = append(b.entries, en)
		t.entries++
		return
	}
	b.entries[b.next] = en
	b.next = (b.next + 1) % ddBucketMax
}
