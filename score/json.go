package score

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// AppendJSON appends the result's JSON to b: the bytes a json.Encoder without HTML escaping
// writes for it (without the newline), field by field, without reflection. The scores and
// the violations are written as their MarshalJSON methods write them.
func (r *Result) AppendJSON(b []byte) []byte {
	var keys keyMemo
	b = append(b, `{"file":`...)
	b = appendPlainString(b, r.File)
	b = append(b, `,"game":`...)
	b = appendInt(b, r.Game)
	b = append(b, `,"ruleset":`...)
	b = appendPlainString(b, r.Ruleset)
	b = append(b, `,"players":`...)
	b = appendStrings(b, r.Players, keys.plain(r.Players))
	if len(r.Sides) > 0 {
		b = append(b, `,"sides":`...)
		b = appendStrings(b, r.Sides, false)
	}
	b = append(b, `,"rounds":`...)
	if r.Rounds == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range r.Rounds {
			if i > 0 {
				b = append(b, ',')
			}
			b = r.Rounds[i].appendJSON(b, &keys)
		}
		b = append(b, ']')
	}
	b = append(b, `,"totals":`...)
	if from, to, ok := keys.written(r.Totals); ok {
		b = append(b, b[from:to]...) // the last round's totals, shared
	} else {
		b = r.Totals.appendKeyed(b, &keys)
	}
	if r.Bags != nil {
		b = append(b, `,"bags":`...)
		b = r.Bags.appendKeyed(b, &keys)
	}
	b = append(b, `,"finished":`...)
	b = strconv.AppendBool(b, r.Finished)
	b = append(b, `,"winner":`...)
	if r.Winner == nil {
		b = append(b, "null"...)
	} else {
		b = appendPlainString(b, *r.Winner)
	}
	if len(r.Tied) > 0 {
		b = append(b, `,"tied":`...)
		b = appendStrings(b, r.Tied, false)
	}
	b = append(b, `,"violations":`...)
	b = appendViolations(b, r.Violations)
	return append(b, '}')
}

// appendJSON appends the round's JSON; keys remembers which lists of names need no escaping.
func (r *RoundResult) appendJSON(b []byte, keys *keyMemo) []byte {
	b = append(b, `{"round":`...)
	b = appendInt(b, r.Round)
	b = append(b, `,"dealer":`...)
	if r.Dealer == nil {
		b = append(b, "null"...)
	} else {
		b = appendPlainString(b, *r.Dealer)
	}
	if len(r.Tiebreak) > 0 {
		b = append(b, `,"tiebreak":`...)
		b = appendStrings(b, r.Tiebreak, false)
	}
	if r.Bids != nil {
		b = append(b, `,"bids":`...)
		b = r.Bids.appendJSON(b)
	}
	b = append(b, `,"points":`...)
	b = r.Points.appendKeyed(b, keys)
	b = append(b, `,"totals":`...)
	from := len(b)
	b = r.Totals.appendKeyed(b, keys)
	keys.wrote(r.Totals, from, len(b))
	if r.Bags != nil {
		b = append(b, `,"bags":`...)
		b = r.Bags.appendKeyed(b, keys)
	}
	if r.BagPenalty != nil {
		b = append(b, `,"bag_penalty":`...)
		b = r.BagPenalty.appendKeyed(b, keys)
	}
	b = append(b, `,"moon":`...)
	if r.Moon == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"player":`...)
		b = appendPlainString(b, r.Moon.Player)
		b = append(b, `,"scoring":`...)
		b = appendPlainString(b, r.Moon.Scoring)
		b = append(b, `,"choice":`...)
		b = appendPlainString(b, r.Moon.Choice)
		b = append(b, '}')
	}
	b = append(b, `,"violations":`...)
	b = appendViolations(b, r.Violations)
	if r.PenaltyTotal != nil {
		b = append(b, `,"penalty_cards_in_play":`...)
		b = appendInt(b, *r.PenaltyTotal)
	}
	if r.PenaltyCards != nil {
		b = append(b, `,"penalty_cards":`...)
		b = r.PenaltyCards.appendKeyed(b, keys)
	}
	if r.Tricks != nil {
		b = append(b, `,"tricks":`...)
		b = r.Tricks.appendKeyed(b, keys)
	}
	if r.Carried != 0 {
		b = append(b, `,"carried":`...)
		b = appendInt(b, r.Carried)
	}
	if len(r.Resets) > 0 {
		b = append(b, `,"resets":`...)
		b = appendStrings(b, r.Resets, false)
	}
	if len(r.Notes) > 0 {
		b = append(b, `,"notes":`...)
		b = appendStrings(b, r.Notes, false)
	}
	if r.Sheet {
		b = append(b, `,"sheet":true`...)
	}
	if r.Uncertain {
		b = append(b, `,"uncertain":true`...)
	}
	if r.TotalsUncertain {
		b = append(b, `,"totals_uncertain":true`...)
	}
	if r.Ignored {
		b = append(b, `,"ignored":true`...)
	}
	return append(b, '}')
}

// appendJSON is MarshalJSON appending.
func (s Scores) appendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, k := range s.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendInt(b, s.Vals[i])
	}
	return append(b, '}')
}

// appendKeyed is appendJSON, the keys written as they are when keys says that none of them
// needs escaping.
func (s Scores) appendKeyed(b []byte, keys *keyMemo) []byte {
	if !keys.plain(s.Keys) {
		return s.appendJSON(b)
	}
	b = append(b, '{')
	for i, k := range s.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
		b = appendInt(b, s.Vals[i])
	}
	return append(b, '}')
}

// keyMemo remembers whether the names of the last two lists it was asked about need no
// escaping (plain): the scores of a result are keyed by the same few lists (its players,
// its units), whose names are then looked at once. A list is known by its first element's
// address and its length: the lists of one result do not change while it is written.
//
// It also remembers where the last round's totals were written: a result's totals are
// often those very scores (the same memory), whose bytes are then copied.
type keyMemo struct {
	lists [2][]string
	ok    [2]bool
	next  int

	totals   Scores
	from, to int
}

// wrote records that s was written at b[from:to] of the result being written.
func (m *keyMemo) wrote(s Scores, from, to int) {
	m.totals, m.from, m.to = s, from, to
}

// written returns where s was written when it is the scores wrote last recorded: the same
// keys and the same figures, in the same memory.
func (m *keyMemo) written(s Scores) (from, to int, ok bool) {
	t := m.totals
	if len(s.Keys) == 0 || len(s.Vals) == 0 || len(t.Keys) != len(s.Keys) || len(t.Vals) != len(s.Vals) ||
		&t.Keys[0] != &s.Keys[0] || &t.Vals[0] != &s.Vals[0] {
		return 0, 0, false
	}
	return m.from, m.to, true
}

// plain reports whether every name of keys is plain (false for no names).
func (m *keyMemo) plain(keys []string) bool {
	if len(keys) == 0 {
		return false
	}
	for i := range m.lists {
		if l := m.lists[i]; len(l) == len(keys) && &l[0] == &keys[0] {
			return m.ok[i]
		}
	}
	ok := true
	for _, k := range keys {
		ok = ok && plain(k)
	}
	i := m.next
	m.lists[i], m.ok[i], m.next = keys, ok, 1-i
	return ok
}

// appendInt appends v in decimal, as strconv.AppendInt does; the small figures of a result
// directly.
func appendInt(b []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(b, byte('0'+v))
	case v >= 10 && v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	case v >= 100 && v < 1000:
		return append(b, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10))
	case v >= 1000 && v < 10000:
		return append(b, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// appendJSON is MarshalJSON appending.
func (w Words) appendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, k := range w.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, w.Vals[i])
	}
	return append(b, '}')
}

// appendViolations writes violations as a JSON array of their MarshalJSON (null when nil):
// the common violation directly, one with a byte that needs escaping through the method.
func appendViolations(b []byte, vs []validate.Violation) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		v := &vs[i]
		if !plain(v.Player) || !plain(v.Rule) || !plain(v.Msg) || !plain(v.Note) {
			j, _ := v.MarshalJSON()
			b = append(b, j...)
			continue
		}
		b = append(b, `{"round":`...)
		b = appendInt(b, v.Round)
		b = append(b, `,"trick":`...)
		if v.Trick > 0 {
			b = appendInt(b, v.Trick)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"player":`...)
		if v.Player != "" {
			b = appendQuoted(b, v.Player)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"card":`...)
		if v.Card != parse.NoCard {
			b = appendQuoted(b, v.Card.String()) // (a card's spelling is plain)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"rule":`...)
		b = appendQuoted(b, v.Rule)
		b = append(b, `,"message":`...)
		b = appendQuoted(b, v.Msg)
		if v.Pos.Line != 0 {
			b = append(b, `,"line":`...)
			b = appendInt(b, v.Pos.Line)
		}
		if v.Pos.Col != 0 {
			b = append(b, `,"col":`...)
			b = appendInt(b, v.Pos.Col)
		}
		if v.Note != "" {
			b = append(b, `,"note":`...)
			b = appendQuoted(b, v.Note)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendStrings writes a list of strings as the encoder without HTML escaping does (null
// when nil). plain says that no string of it needs escaping (keys.plain): each is quoted as
// it is.
func appendStrings(b []byte, list []string, plain bool) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		if plain {
			b = appendQuoted(b, s)
		} else {
			b = appendPlainString(b, s)
		}
	}
	return append(b, ']')
}

// plain reports whether s is printable ASCII that needs no escaping in JSON, HTML escaping
// included (no " \\ < > &).
func plain(s string) bool { return plainText(s, true) }

// The bytes of printable ASCII that a JSON string holds as they are, one bit each: bytes 0
// to 63 in plainLo (htmlPlainLo without the HTML characters < > &), 64 to 127 in plainHi.
const (
	plainLo     = 0xffffffff00000000 &^ (1 << '"')
	htmlPlainLo = plainLo &^ (1<<'<' | 1<<'>' | 1<<'&')
	plainHi     = 0x7fffffffffffffff &^ (1 << ('\\' - 64))
)

// plainText reports whether s is printable ASCII without " or \\ (with html, without < > &
// either): eight bytes at a time, then four (and four blanks), then one at a time.
func plainText(s string, html bool) bool {
	for ; len(s) >= 8; s = s[8:] {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if !plainWord(x, html) {
			return false
		}
	}
	if len(s) >= 4 {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 | 0x20202020<<32
		if !plainWord(x, html) {
			return false
		}
		s = s[4:]
	}
	lo := uint64(plainLo)
	if html {
		lo = htmlPlainLo
	}
	for i := 0; i < len(s); i++ {
		c, m := s[i], lo
		if c >= 64 {
			m = plainHi
		}
		if c >= 128 || m>>(c&63)&1 == 0 {
			return false
		}
	}
	return true
}

// plainWord reports whether the eight bytes of x are all plain (plainText).
func plainWord(x uint64, html bool) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	// A byte of v is zero when (v-ones)&^v has its high bit; x-ones*0x20 likewise finds a
	// byte below 0x20, and x+ones (or x) one above 0x7e.
	q, bs := x^(ones*'"'), x^(ones*'\\')
	bad := (x-ones*0x20)&^x | (x + ones) | x | (q-ones)&^q | (bs-ones)&^bs
	if html {
		lt, amp := (x^(ones*'<'))&^(ones*2), x^(ones*'&') // < or > (0x3c, 0x3e), &
		bad |= (lt-ones)&^lt | (amp-ones)&^amp
	}
	return bad&high == 0
}

// appendQuoted appends a string that plain accepts.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendPlainString appends s as a JSON string as an encoder without HTML escaping writes it
// (< > & as they are).
func appendPlainString(b []byte, s string) []byte {
	if plainText(s, false) {
		return appendQuoted(b, s)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s) //nolint:errcheck // a string always encodes
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
