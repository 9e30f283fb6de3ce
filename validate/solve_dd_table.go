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
const ddBucketMax = 96

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
		var v uint64
		shift := 60
		for u := all & e.suits[s]; u != 0; shift -= 4 {
			c := highest(u)
			u &^= 1 << c
			v |= uint64(e.owner[c]) << shift
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

// quick bounds the result at the start of a trick without searching: the tricks the leader
// cashes from the top (its side's at least), and the top trumps of the other side (theirs at
// least). cut reports a bound that decides need; w is the cards whose rank it rests on.
func (e *ddEngine) quick(need int) (ok bool, w parse.CardSet, cut bool) {
	ours := e.side[e.leader]
	q, wq := e.cashable()
	if ours && q >= need {
		return true, wq, true
	}
	if !ours && e.left-q < need {
		return false, wq, true
	}
	l, wl := e.laterTrumps()
	if ours && e.left-l < need {
		return false, wl, true
	}
	if !ours && l >= need {
		return true, wl, true
	}
	return false, 0, false
}

// cashable counts the tricks the leader takes one after the other by leading its top cards:
// its top trumps first, then in each other suit its cards from the top while every opponent
// who still holds a trump has to follow. It returns them with the cards that win by rank.
func (e *ddEngine) cashable() (int, parse.CardSet) {
	L := e.leader
	hand := e.hands[L]
	var all parse.CardSet
	for h := 0; h < e.n; h++ {
		all |= e.hands[h]
	}
	var oppTrumps [MaxSeats]int
	var trumps parse.CardSet
	if e.trump >= 0 {
		trumps = e.suits[e.trump]
	}
	leads := playable(e.r, Hand{A: hand}, &e.st)
	q, drawn := 0, 0
	var w parse.CardSet
	if leads&trumps != 0 {
		t := all & trumps
		for t != 0 && hand.Has(highest(t)) {
			c := highest(t)
			t &^= 1 << c
			drawn++
			if t != 0 {
				w |= 1 << c
			}
		}
		q = drawn
	}
	for p := 0; p < e.n; p++ {
		switch {
		case e.side[p] != e.side[L]:
			oppTrumps[p] = max(0, (e.hands[p]&trumps).Len()-drawn)
		case p != L && e.hands[p] != 0 && e.hands[p]&^trumps == 0:
			// A partner with nothing but trumps ruffs a winner and takes the lead: the
			// other suits are not cashed one after the other.
			return min(q, e.left), w
		}
	}
	for s := 0; s < 4; s++ {
		if s == e.trump || leads&e.suits[s] == 0 {
			continue
		}
		limit := 14
		for p := 0; p < e.n; p++ {
			if oppTrumps[p] > 0 {
				limit = min(limit, (e.hands[p] & e.suits[s]).Len())
			}
		}
		u := all & e.suits[s]
		if u == hand&e.suits[s] { // nobody else holds the suit
			q += min(limit, u.Len())
			continue
		}
		for i := 0; i < limit && u != 0 && hand.Has(highest(u)); i++ {
			c := highest(u)
			u &^= 1 << c
			w |= 1 << c
			q++
		}
	}
	return min(q, e.left), w
}

// laterTrumps counts the tricks the other side of the leader surely takes with its top trumps:
// the run of top trumps that one of its hands holds.
func (e *ddEngine) laterTrumps() (int, parse.CardSet) {
	if e.trump < 0 {
		return 0, 0
	}
	var all parse.CardSet
	for h := 0; h < e.n; h++ {
		all |= e.hands[h]
	}
	t := all & e.suits[e.trump]
	if t == 0 {
		return 0, 0
	}
	p := int(e.owner[highest(t)])
	if e.side[p] == e.side[e.leader] {
		return 0, 0
	}
	n := 0
	var w parse.CardSet
	for t != 0 && e.hands[p].Has(highest(t)) {
		c := highest(t)
		t &^= 1 << c
		n++
		w |= 1 << c
	}
	return n, w
}
