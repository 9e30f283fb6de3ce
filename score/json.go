package score

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"sync/atomic"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// AppendJSON appends the result's JSON to b: the bytes a json.Encoder without HTML escaping
// writes for it (without the newline), field by field, without reflection. The scores and
// the violations are written as their MarshalJSON methods write them.
func (r *Result) AppendJSON(b []byte) []byte {
	var keys keyMemo
	b = append(b, `{"file":`...)
	b = knownFile.appendString(b, r.File)
	b = append(b, `,"game":`...)
	b = appendInt(b, r.Game)
	b = append(b, `,"ruleset":`...)
	b = knownRuleset.appendString(b, r.Ruleset)
	b = append(b, `,"players":`...)
	keys.players = keys.find(r.Players)
	if l := keys.players; l != nil && l.plain {
		b = append(b, l.quoted...)
	} else {
		b = appendStrings(b, r.Players, false)
	}
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
	if !r.Finished && r.Winner == nil { // a game not finished
		b = append(b, `,"finished":false,"winner":null`...)
	} else {
		b = append(b, `,"finished":`...)
		b = strconv.AppendBool(b, r.Finished)
		b = append(b, `,"winner":`...)
		if r.Winner == nil {
			b = append(b, "null"...)
		} else {
			b = appendPlainString(b, *r.Winner)
		}
	}
	if len(r.Tied) > 0 {
		b = append(b, `,"tied":`...)
		b = appendStrings(b, r.Tied, false)
	}
	if r.Violations != nil && len(r.Violations) == 0 {
		return append(b, `,"violations":[]}`...)
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
		b = keys.appendName(b, *r.Dealer)
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
	switch {
	case r.Moon == nil && r.Violations != nil && len(r.Violations) == 0: // the common round's
		b = append(b, `,"moon":null,"violations":[]`...)
	case r.Moon == nil:
		b = append(b, `,"moon":null,"violations":`...)
		b = appendViolations(b, r.Violations)
	default:
		b = append(b, `,"moon":{"player":`...)
		b = keys.appendName(b, r.Moon.Player)
		b = append(b, `,"scoring":`...)
		b = appendPlainString(b, r.Moon.Scoring)
		b = append(b, `,"choice":`...)
		b = appendPlainString(b, r.Moon.Choice)
		b = append(b, `},"violations":`...)
		b = appendViolations(b, r.Violations)
	}
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

// appendKeyed is appendJSON, the keys written as they are when none of them needs escaping:
// each from the list's template, with the byte before it, when it has one.
func (s Scores) appendKeyed(b []byte, keys *keyMemo) []byte {
	l := keys.find(s.Keys)
	if l == nil || !l.plain {
		return s.appendJSON(b)
	}
	if !l.has {
		b = append(b, '{')
		for j, k := range s.Keys {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, k...)
			b = append(b, '"', ':')
			b = appendInt(b, s.Vals[j])
		}
		return append(b, '}')
	}
	// Room for each name's whole entry and the longest figure (20 bytes), then the
	// bytes written in place.
	b = slices.Grow(b, len(s.Keys)*(tmplEntry+20)+1)
	o, w := len(b), b[:cap(b)]
	for j, v := range s.Vals[:len(s.Keys)] {
		*(*[tmplEntry]byte)(w[o : o+tmplEntry]) = l.tmpl[j]
		o += int(l.size[j])
		switch {
		case uint(v) < 10:
			w[o] = byte('0' + v)
			o++
		case uint(v) < 100:
			w[o], w[o+1] = byte('0'+v/10), byte('0'+v%10)
			o += 2
		default:
			o = len(appendDigits(w[:o], v)) // in the room made
		}
	}
	w[o] = '}'
	return w[:o+1]
}

// keyMemo remembers the nameLists of the last two lists of names a result's writer asked
// about: the scores of a result are keyed by the same few lists (its players, its units). A
// list is known here by its first element's address and its length: the lists of one result
// do not change while it is written.
//
// It also remembers where the last round's totals were written: a result's totals are
// often those very scores (the same memory), whose bytes are then copied.
type keyMemo struct {
	lists [2][]string
	of    [2]*nameList
	next  int
	// the list found last and its nameList
	lastList []string
	lastOf   *nameList
	players  *nameList // the nameList of the result's players

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

// appendName appends s as appendPlainString does, directly when it is one of the result's
// players' names and they are plain (a dealer, a shooter: the names themselves).
func (m *keyMemo) appendName(b []byte, s string) []byte {
	if l := m.players; l != nil && l.plain {
		for _, n := range l.names {
			if len(n) == len(s) && unsafe.StringData(n) == unsafe.StringData(s) {
				return appendQuoted(b, s)
			}
		}
	}
	return appendPlainString(b, s)
}

// find returns the nameList of keys (nil for no names): the list found last here (the call
// is inlined), the others by lookUp.
func (m *keyMemo) find(keys []string) *nameList {
	if len(keys) == len(m.lastList) && unsafe.SliceData(keys) == unsafe.SliceData(m.lastList) {
		return m.lastOf // (nil while no list is found: no names)
	}
	return m.lookUp(keys)
}

// lookUp is find.
func (m *keyMemo) lookUp(keys []string) *nameList {
	if len(keys) == 0 {
		return nil
	}
	i := 0
	for i < len(m.lists) && !(len(m.lists[i]) == len(keys) && &m.lists[i][0] == &keys[0]) {
		i++
	}
	if i == len(m.lists) { // the older goes
		i = m.next
		m.lists[i], m.of[i], m.next = keys, listOf(keys), 1-i
	}
	m.lastList, m.lastOf = keys, m.of[i]
	return m.lastOf
}

// A list of plain names has a template when it has at most tmplKeys names of at most
// tmplEntry-4 bytes.
const (
	tmplKeys  = 8
	tmplEntry = 16
)

// A nameList is what the JSON writer knows of a list of names: whether they are all plain,
// and for a plain list of short names its template (each name as the scores keyed by it
// write it, with the byte before it, `{"ann":` `,"bob":`, in a block of its own) and the
// list as appendStrings writes it. It is not changed once made.
type nameList struct {
	names  []string // the list's names (their bytes shared), by which it is found again
	plain  bool
	has    bool // the list has its template: name j's is tmpl[j][:size[j]]
	tmpl   [tmplKeys][tmplEntry]byte
	size   [tmplKeys]uint8
	quoted []byte // ["ann","bob"] when plain
}

// nameLists holds the nameLists made last, the newest first: the lists of the games of a
// file are most often the same names (a partnership game's players and sides, two lists),
// which a reader hands out at the same addresses (strings never change, and a nameList
// keeps its names' memory). Any goroutine may read it and put a new list in front.
var nameLists [4]atomic.Pointer[nameList]

// listOf returns the nameList of keys (not empty): one of nameLists when its names are the
// same strings at the same addresses, else a new one, put in front.
func listOf(keys []string) *nameList {
	for i := range nameLists {
		if l := nameLists[i].Load(); l != nil && sameStrings(l.names, keys) {
			return l
		}
	}
	l := &nameList{names: slices.Clone(keys), plain: true}
	for _, k := range keys {
		l.plain = l.plain && plain(k)
	}
	if l.plain {
		l.has = l.template(keys)
		l.quoted = appendStrings(nil, keys, true)
	}
	for i := len(nameLists) - 1; i > 0; i-- {
		nameLists[i].Store(nameLists[i-1].Load())
	}
	nameLists[0].Store(l)
	return l
}

// sameStrings reports whether a and b are the same strings: the same lengths at the same
// addresses.
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) || unsafe.StringData(a[i]) != unsafe.StringData(b[i]) {
			return false
		}
	}
	return true
}

// template writes the template of keys, which are plain; false when they do not fit.
func (l *nameList) template(keys []string) bool {
	if len(keys) > tmplKeys {
		return false
	}
	for j, k := range keys {
		if len(k) > tmplEntry-4 {
			return false
		}
		e := &l.tmpl[j]
		e[0], e[1] = ',', '"'
		if j == 0 {
			e[0] = '{'
		}
		n := 2 + copy(e[2:], k)
		e[n], e[n+1] = '"', ':'
		l.size[j] = uint8(n + 2)
	}
	return true
}

// appendInt appends v in decimal, as strconv.AppendInt does: a figure of one digit here (the
// call is inlined), the others by appendDigits.
func appendInt(b []byte, v int) []byte {
	if uint(v) < 10 {
		return append(b, byte('0'+v))
	}
	return appendDigits(b, v)
}

// appendDigits is appendInt: the small figures of a result directly.
func appendDigits(b []byte, v int) []byte {
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
// when nil). plain says that no string of it needs escaping (as a nameList knows): each is quoted as
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

// plainText reports whether s is printable ASCII without " or \\ (with html, without < > &
// either): eight bytes at a time, the last eight overlapping the eight before them; a
// shorter string as one word of its bytes (some read twice) and blanks.
func plainText(s string, html bool) bool {
	switch n := len(s); {
	case n >= 8:
		last := s[n-8:]
		for ; len(s) > 8; s = s[8:] {
			if !plainWord(load8(s), html) {
				return false
			}
		}
		return plainWord(load8(last), html)
	case n >= 4:
		return plainWord(load4(s)|load4(s[n-4:])<<32, html)
	case n > 0:
		return plainWord(uint64(s[0])|uint64(s[n>>1])<<8|uint64(s[n-1])<<16|0x2020202020<<24, html)
	}
	return true
}

// load8 returns the first eight bytes of s, the first the lowest.
func load8(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load4 returns the first four bytes of s, the first the lowest.
func load4(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
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

// knownStrings holds the last strings of a field of results that plainText(s, false)
// accepted, the newest first: a result's file and its ruleset are the same strings game
// after game. A string is found by its address and length (strings never change, and the
// entry keeps its memory). Any goroutine may read it and put a new string in front.
type knownStrings [4]atomic.Pointer[string]

var knownFile, knownRuleset knownStrings

// appendString is appendPlainString, s looked at only when it is none of k's strings.
func (k *knownStrings) appendString(b []byte, s string) []byte {
	for i := range k {
		if p := k[i].Load(); p != nil && len(*p) == len(s) && unsafe.StringData(*p) == unsafe.StringData(s) {
			return appendQuoted(b, s)
		}
	}
	if s == "" || !plainText(s, false) {
		return appendPlainString(b, s)
	}
	p := new(string) // (not &s, which would put every s on the heap)
	*p = s
	for i := len(k) - 1; i > 0; i-- {
		k[i].Store(k[i-1].Load())
	}
	k[0].Store(p)
	return appendQuoted(b, s)
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
