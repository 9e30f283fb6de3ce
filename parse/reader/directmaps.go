package reader

import (
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// The direct readers of YAML (yamldirect.go) and of JSON lines (jsondirect.go) read a round's
// maps of player names (deal, pass, bid, took, tricks taken, moon, score, total), its claim and
// its tie-break list in two syntaxes; d.json says which. These are their one reading of them.

// mapKey reads an entry's key: a player's name and its ':'.
func (d *ydirect) mapKey() (string, parse.Pos, bool) {
	if d.json {
		return d.jname()
	}
	return d.key()
}

// more reads what follows an entry: a separator (more) or the closing c.
func (d *ydirect) more(c byte) (more, ok bool) {
	if d.json {
		return d.jnext(c)
	}
	return d.next(c)
}

// word reads a scalar value: a plain YAML scalar or a JSON string without escapes.
func (d *ydirect) word() (string, bool) {
	if d.json {
		v, _, ok := d.jstr()
		return v, ok
	}
	return d.plain(), true
}

// number reads an integer as the writers write it (ydirectInt).
func (d *ydirect) number() (string, bool) {
	if d.json {
		return d.jint()
	}
	v := d.plain()
	return v, ydirectInt(v)
}

// cardList reads a card list in the writers' spelling.
func (d *ydirect) cardList() ([]parse.Card, bool) {
	var cs []parse.Card
	var ok bool
	if d.json {
		cs, _, ok = d.jcards(false)
	} else {
		cs, _, ok = d.cards(false)
	}
	return cs, ok
}

// entries reads a map keyed by player names ("{" read) through its "}", val reading each
// entry's value. A name twice, a value val refuses, or more entries than a table seats
// declines (the tree reader then reads the map, the same way).
func (d *ydirect) entries(val func(name string, at parse.Pos) bool) bool {
	var seen [parse.MaxPlayers]string
	for n := 0; ; n++ {
		name, at, ok := d.mapKey()
		if !ok || n == len(seen) {
			return false
		}
		for _, s := range seen[:n] {
			if s == name {
				return false
			}
		}
		seen[n] = name
		if !val(name, at) {
			return false
		}
		more, ok := d.more('}')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

// hands reads a deal or took map into hands (empty).
func (d *ydirect) hands(hands []parse.PlayerCards) ([]parse.PlayerCards, bool) {
	ok := d.entries(func(name string, at parse.Pos) bool {
		cs, ok := d.cardList()
		hands = append(hands, parse.PlayerCards{Player: name, Cards: cs, Pos: at})
		return ok
	})
	if !ok {
		return nil, false
	}
	return hands, true
}

// passes reads a pass map into ps (empty): cards, or the recipient and the cards.
func (d *ydirect) passes(ps []parse.Pass) ([]parse.Pass, bool) {
	open, cards := "{to: ", ", cards: "
	if d.json {
		open, cards = `{"to":`, `,"cards":`
	}
	ok := d.entries(func(name string, at parse.Pos) bool {
		to := ""
		if d.lit(open) {
			var ok bool
			if to, ok = d.word(); !ok || to == "" || len(to) > parse.MaxName || !d.lit(cards) {
				return false
			}
		}
		cs, ok := d.cardList()
		if !ok || to != "" && !d.lit("}") {
			return false
		}
		ps = append(ps, parse.Pass{Player: name, To: to, Cards: cs, Pos: at})
		return true
	})
	if !ok {
		return nil, false
	}
	return ps, true
}

// bids reads a bid map: a bid as ParseBid reads it (JSON: a string, or a number).
func (d *ydirect) bids(bids []parse.Bid) ([]parse.Bid, bool) {
	ok := d.entries(func(name string, at parse.Pos) bool {
		v, ok := d.word()
		if !ok && d.json {
			v, ok = d.jint()
		}
		if !ok {
			return false
		}
		b, ok := parse.ParseBid(v)
		b.Player, b.Pos = name, at
		bids = append(bids, b)
		return ok
	})
	if !ok {
		return nil, false
	}
	return bids, true
}

// counts reads a map of numbers: tricks taken, scores, totals, the shares of a claim. A
// number beyond ±spell.MaxNumber declines (the builder reports it).
func (d *ydirect) counts(list []parse.Count) ([]parse.Count, bool) {
	ok := d.entries(func(name string, at parse.Pos) bool {
		v, ok := d.number()
		n, inRange := spell.Number(v)
		list = append(list, parse.Count{Player: name, N: n, Pos: at})
		return ok && inRange
	})
	if !ok {
		return nil, false
	}
	return list, true
}

// moon reads the shooters' choices: old or new in any case, as the builder.
func (d *ydirect) moon(list []parse.Moon) ([]parse.Moon, bool) {
	ok := d.entries(func(name string, at parse.Pos) bool {
		v, ok := d.word()
		var s string
		switch {
		case !ok:
			return false
		case strings.EqualFold(v, "old"):
			s = "old"
		case strings.EqualFold(v, "new"):
			s = "new"
		default:
			return false
		}
		list = append(list, parse.Moon{Player: name, Scoring: s, Pos: at})
		return true
	})
	if !ok {
		return nil, false
	}
	return list, true
}

// claim reads a claim's value, the key at at: a player's name (a plain scalar, a JSON string),
// or ("{" first) a map of the tricks per player. The claim is the one the memory kept for
// the round, if any (a spare's: sp is then not noSpare).
func (d *ydirect) claim(sp *roundSpare, at parse.Pos) (*parse.Claim, bool) {
	var c parse.Claim
	if d.lit("{") {
		shares, ok := d.counts(room(sp.shares, d.np))
		if !ok {
			return nil, false
		}
		c.Shares = shares
	} else {
		name, ok := d.word()
		if !ok || name == "" || len(name) > parse.MaxName {
			return nil, false
		}
		c.Player = name
	}
	c.Pos = at
	if sp.claim != nil {
		*sp.claim = c
		return sp.claim, true
	}
	return &c, true
}

// tiebreak reads the names of a tie-break round ("[" read); they may repeat, as for the
// model builder (the replay reports it).
func (d *ydirect) tiebreak(names []string) ([]string, bool) {
	for {
		name, ok := d.word()
		if !ok || name == "" || len(name) > parse.MaxName || len(names) == parse.MaxPlayers {
			return nil, false
		}
		names = append(names, name)
		more, ok := d.more(']')
		if !ok {
			return nil, false
		}
		if !more {
			return names, true
		}
	}
}

// roundValue reads the value of a round's k-th key (the writers' order: dealer, tiebreak,
// deal, pass, bids, tricks, claim, took, tricks_taken, moon, score, total), the key at at.
func (d *ydirect) roundValue(k int, sp *roundSpare, r *parse.Round, at parse.Pos) bool {
	ok := false
	np := d.np
	switch k {
	case 0:
		var name string
		if name, ok = d.word(); ok && name != "" && len(name) <= parse.MaxName {
			r.Dealer, r.DealerPos = name, at
		} else {
			ok = false
		}
	case 1:
		r.Tiebreak, ok = d.tiebreak(room(sp.tiebreak, np))
	case 2:
		r.Deal, ok = d.hands(room(sp.deal, np))
	case 3:
		r.Passes, ok = d.passes(room(sp.passes, np))
	case 4:
		r.Bids, ok = d.bids(room(sp.bids, np))
	case 5:
		if d.json {
			ok = d.jtricks(sp, r)
		} else {
			ok = d.eol() && d.tricks(sp, r)
		}
	case 6:
		r.Claim, ok = d.claim(sp, at)
	case 7:
		r.Took, ok = d.hands(room(sp.took, np))
	case 8:
		r.Taken, ok = d.counts(room(sp.taken, np))
	case 9:
		r.Moon, ok = d.moon(room(sp.moon, 1))
	case 10:
		r.ScorePos = at
		r.Score, ok = d.counts(room(sp.score, np))
	case 11:
		r.TotalPos = at
		r.Total, ok = d.counts(room(sp.total, np))
	}
	return ok
}

// room returns the spare array of a round's list, emptied, or a new one with room for n
// when there is none.
func room[T any](spare []T, n int) []T {
	if cap(spare) > 0 {
		return spare[:0]
	}
	return make([]T, 0, max(n, 1))
}

// playerList reads the players ("[" read) through the "]": each name once, at most a full
// table.
func (d *ydirect) playerList(players []string) ([]string, bool) {
	for {
		name, ok := d.word()
		if !ok || name == "" || len(name) > parse.MaxName || len(players) == parse.MaxPlayers {
			return nil, false
		}
		for _, q := range players {
			if q == name {
				return nil, false
			}
		}
		players = append(players, name)
		more, ok := d.more(']')
		if !ok {
			return nil, false
		}
		if !more {
			return players, true
		}
	}
}

// kvs reads an option or meta map ("{" read) through the "}" (YAML: and its line's end),
// into list (empty: the memory's room); nil declines.
func (d *ydirect) kvs(list []parse.KV) []parse.KV {
	for {
		k, at, ok := d.mapKey()
		if !ok {
			return nil
		}
		for _, q := range list {
			if q.Key == k {
				return nil
			}
		}
		var v string
		if d.json {
			if v, _, ok = d.jstr(); !ok {
				v, ok = d.jint()
			}
		} else {
			v = d.plain()
			ok = v != ""
		}
		if !ok {
			return nil
		}
		list = append(list, parse.KV{Key: k, Value: v, Pos: at})
		more, ok := d.more('}')
		if !ok {
			return nil
		}
		if !more {
			break
		}
	}
	if !d.json && !d.eol() {
		return nil
	}
	return list
}
