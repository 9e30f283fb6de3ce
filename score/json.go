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
	b = r.appendHead(b, &keys)
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
	if from, to, ok := keys.written(r.Totals); ok { // the last round's totals, shared: their bytes
		o := len(b)
		if room := memberSize + to - from + blockSize; cap(b)-o < room {
			b = slices.Grow(b, room)
		}
		start := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)
		p := putBlocks(putMember(start, &memberTotals), b[from:to]) // (b's own memory: rounds were written after them)
		b = b[:o+int(uintptr(p)-uintptr(start))]
	} else {
		b = r.Totals.appendMember(b, &memberTotals, &keys)
	}
	if r.Bags != nil {
		b = r.Bags.appendMember(b, &memberBags, &keys)
	}
	if !r.Finished && r.Winner == nil && len(r.Tied) == 0 && r.Violations != nil && len(r.Violations) == 0 {
		return put(b, &litUnfinished) // a game not finished, without violations
	}
	if !r.Finished && r.Winner == nil {
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

// appendHead appends the result's JSON up to its rounds (`{"file":...,"rounds":`), and
// tells keys the result's players. The head of a result whose file, ruleset, players and
// sides are those of one of the last heads written (knownHeads) is that head's bytes, but
// for the game's number.
func (r *Result) appendHead(b []byte, keys *keyMemo) []byte {
	if h := findHead(r); h != nil {
		keys.know(r.Players, h.players, r.Sides, h.sideList)
		o := len(b)
		if room := len(h.text) + 2*blockSize + 20; cap(b)-o < room {
			b = slices.Grow(b, room)
		}
		start := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)
		p := putBlocks(start, h.text[:h.game])
		p = putFigure(p, r.Game)
		p = putBlocks(p, h.text[h.game:])
		return b[:o+int(uintptr(p)-uintptr(start))]
	}
	from := len(b)
	b = append(b, `{"file":`...)
	b = knownFile.appendString(b, r.File)
	b = append(b, `,"game":`...)
	game := len(b)
	b = appendInt(b, r.Game)
	after := len(b)
	b = append(b, `,"ruleset":`...)
	b = knownRuleset.appendString(b, r.Ruleset)
	b = append(b, `,"players":`...)
	if l := keys.find(r.Players); l != nil && l.plain {
		b = append(b, l.quoted...)
	} else {
		b = appendStrings(b, r.Players, false)
	}
	var sides *nameList
	if len(r.Sides) > 0 {
		b = append(b, `,"sides":`...)
		sides = keys.find(r.Sides)
		if sides != nil && sides.plain {
			b = append(b, sides.quoted...)
		} else {
			b = appendStrings(b, r.Sides, false)
		}
	}
	b = append(b, `,"rounds":`...)
	keys.players, keys.names = keys.find(r.Players), r.Players
	if l := keys.players; l != nil && l.plain && (len(r.Sides) == 0 || sides.plain) &&
		knownFile.has(r.File) && knownRuleset.has(r.Ruleset) {
		newHead(r, l, sides, b[from:game], b[after:])
	}
	return b
}

// A head is the JSON of the results of one file, ruleset, players and sides up to their
// rounds, text, the game's number left out at game: `{"file":"F","game":` and
// `,"ruleset":"R","players":["ann","bob"],"rounds":`. It is made once the strings are known
// plain (knownFile, knownRuleset) and the lists are (players and sides, their nameLists),
// and not changed once made.
type head struct {
	file, ruleset string
	names, sides  []string // (their bytes shared; sides nil when the results have none)
	players       *nameList
	sideList      *nameList // (nil when the results have no sides)
	text          []byte
	game          int
}

// knownHeads holds the last heads made, the newest first: the results of a file are most
// often the same file, rules and players, which a reader hands out at the same addresses
// (strings never change, and a head keeps its strings' memory). Any goroutine may read it
// and put a new head in front.
var knownHeads [4]atomic.Pointer[head]

// findHead returns the head of r's file, ruleset, players and sides among knownHeads (nil
// when none): the same strings at the same addresses.
func findHead(r *Result) *head {
	for i := range knownHeads {
		h := knownHeads[i].Load()
		if h == nil {
			return nil
		}
		if h.of(r) {
			return h
		}
	}
	return nil
}

// of reports whether h is the head of r (h.sides has the length of the results' sides: nil
// for none).
func (h *head) of(r *Result) bool {
	return sameString(h.file, r.File) && sameString(h.ruleset, r.Ruleset) && len(h.sides) == len(r.Sides) &&
		sameStrings(h.names, r.Players) && (len(r.Sides) == 0 || sameStrings(h.sides, r.Sides))
}

// newHead puts in front of knownHeads the head of r, whose players' nameList is players (a
// plain list), written as start (before the game's number) and rest.
func newHead(r *Result, players, sides *nameList, start, rest []byte) {
	h := &head{file: r.File, ruleset: r.Ruleset, names: players.names, players: players, game: len(start)}
	if sides != nil {
		h.sides, h.sideList = sides.names, sides
	}
	// (room for a block past the end: putBlocks reads it)
	h.text = append(append(make([]byte, 0, len(start)+len(rest)+blockSize), start...), rest...)
	for i := len(knownHeads) - 1; i > 0; i-- {
		knownHeads[i].Store(knownHeads[i-1].Load())
	}
	knownHeads[0].Store(h)
}

// blockSize is the size of the blocks putBlocks copies.
const blockSize = 16

// putBlocks writes the bytes of s at p, in room for them and a block more, and returns their
// end: a block at a time, the last block past the end of s, in memory of s's own (its
// capacity holds a block more than its length), and past the end of the bytes written.
func putBlocks(p unsafe.Pointer, s []byte) unsafe.Pointer {
	from := unsafe.Pointer(unsafe.SliceData(s))
	for i := 0; i < len(s); i += blockSize {
		*(*[blockSize]byte)(unsafe.Add(p, i)) = *(*[blockSize]byte)(unsafe.Add(from, i))
	}
	return unsafe.Add(p, len(s))
}

// sameString reports whether a and b are the same string: the same length at the same
// address.
func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// appendJSON appends the round's JSON; keys remembers which lists of names need no escaping.
func (r *RoundResult) appendJSON(b []byte, keys *keyMemo) []byte {
	if d, shooter := keys.plainRound(r); d >= 0 {
		return r.appendPlain(b, keys, d, shooter)
	}
	b = append(b, `{"round":`...)
	b = appendInt(b, r.Round)
	b = append(b, `,"dealer":`...)
	if r.Dealer == nil {
		b = append(b, "null"...)
	} else {
		b = keys.appendPlayer(b, r.Dealer)
	}
	if len(r.Tiebreak) > 0 {
		b = append(b, `,"tiebreak":`...)
		b = appendStrings(b, r.Tiebreak, false)
	}
	if r.Bids != nil {
		b = append(b, `,"bids":`...)
		b = r.Bids.appendJSON(b)
	}
	points := len(b) + memberPoints.n
	b = r.Points.appendMember(b, &memberPoints, keys)
	if r.Totals.sameAs(&r.Points) { // (a game's first round): the points' bytes
		end := len(b)
		b = append(b, `,"totals":`...)
		b = append(b, b[points:end]...)
		keys.wrote(r.Totals, end+memberTotals.n, len(b))
	} else {
		from := len(b) + memberTotals.n
		b = r.Totals.appendMember(b, &memberTotals, keys)
		keys.wrote(r.Totals, from, len(b))
	}
	if r.Bags != nil {
		b = r.Bags.appendMember(b, &memberBags, keys)
	}
	if r.BagPenalty != nil {
		b = r.BagPenalty.appendMember(b, &memberBagPenalty, keys)
	}
	switch {
	case r.Moon == nil && r.Violations != nil && len(r.Violations) == 0 && r.PenaltyTotal != nil: // a Hearts round's
		b = put(b, &litQuietPenalty)
		b = appendInt(b, *r.PenaltyTotal)
	case r.Moon == nil && r.Violations != nil && len(r.Violations) == 0: // the common round's
		b = put(b, &litQuiet)
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
	if r.PenaltyTotal != nil && (r.Moon != nil || r.Violations == nil || len(r.Violations) > 0) { // (not written above)
		b = put(b, &litPenaltyTotal)
		b = appendInt(b, *r.PenaltyTotal)
	}
	if r.PenaltyCards != nil {
		b = r.PenaltyCards.appendMember(b, &memberPenaltyCards, keys)
	}
	if r.Tricks != nil {
		b = r.Tricks.appendMember(b, &memberTricks, keys)
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

// plainRound returns the index of r's dealer in the result's players when r is a plain
// Hearts-family round, -1 when not, and the index of its moon's shooter (-1 when it has no
// moon). A plain round has a dealer, its points, totals, penalty cards and tricks keyed by
// the players (the same list), whose names have a template, its count of penalty cards in
// play, and nothing else but its number and a plain moon: no tie-break, bids, bags,
// violations, carried tricks, resets or marks. A plain moon is shot by one of the players
// (their string), with a scoring and a choice that need no escaping, and the round's one
// note (the moon's), which needs none either. Its JSON is written by appendPlain.
func (m *keyMemo) plainRound(r *RoundResult) (dealer, shooter int) {
	l, names := m.players, m.names
	if l == nil || !l.has || r.Dealer == nil || len(r.Tiebreak) > 0 || r.Bids != nil || r.Bags != nil || r.BagPenalty != nil ||
		r.Violations == nil || len(r.Violations) > 0 || r.PenaltyTotal == nil || r.PenaltyCards == nil ||
		r.Tricks == nil || r.Carried != 0 || len(r.Resets) > 0 || r.Sheet || r.Uncertain ||
		r.TotalsUncertain || r.Ignored || !keyedBy(&r.Points, names) || !keyedBy(&r.Totals, names) ||
		!keyedBy(r.PenaltyCards, names) || !keyedBy(r.Tricks, names) {
		return -1, -1
	}
	shooter = -1
	switch {
	case r.Moon == nil && len(r.Notes) == 0:
	case r.Moon == nil || len(r.Notes) != 1:
		return -1, -1
	default:
		mo := r.Moon
		for i, n := range names {
			if sameString(n, mo.Player) {
				shooter = i
			}
		}
		if shooter < 0 || !plainText(mo.Scoring, false) || !plainText(mo.Choice, false) || !plainText(r.Notes[0], false) {
			return -1, -1
		}
	}
	for d := range names {
		if &names[d] == r.Dealer {
			return d, shooter
		}
	}
	return -1, -1
}

// keyedBy reports whether s is keyed by names, the very list, with a figure for each.
func keyedBy(s *Scores, names []string) bool {
	return len(s.Keys) == len(names) && unsafe.SliceData(s.Keys) == unsafe.SliceData(names) && len(s.Vals) >= len(names)
}

// appendPlain appends the JSON of r, a plain round (plainRound) whose dealer is player d
// and whose moon's shooter is player shooter (-1: no moon), as the members of any round are
// written, in room made once.
func (r *RoundResult) appendPlain(b []byte, keys *keyMemo, d, shooter int) []byte {
	l, n := keys.players, len(keys.names)
	o := len(b)
	room := 4*(memberSize+n*(tmplEntry+20)+1) + 2*memberSize + 20 + tmplEntry + litSize + 20 + 1
	if shooter >= 0 {
		room += 4*memberSize + tmplEntry + len(r.Moon.Scoring) + len(r.Moon.Choice) + len(r.Notes[0]) + 7
	}
	if cap(b)-o < room {
		b = slices.Grow(b, room)
	}
	start := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)
	p := putMember(start, &memberRound)
	p = putFigure(p, r.Round)
	p = putMember(p, &memberDealer)
	p = l.putName(p, d)
	p = putMember(p, &memberPoints)
	points := p
	p = l.putScores(p, r.Points.Vals[:n])
	p = putMember(p, &memberTotals)
	from := o + int(uintptr(p)-uintptr(start))
	if r.Totals.sameAs(&r.Points) { // (a game's first round): the points' bytes
		size := int(uintptr(p)-uintptr(points)) - memberTotals.n
		p = unsafe.Add(p, copy(unsafe.Slice((*byte)(p), size), unsafe.Slice((*byte)(points), size)))
	} else {
		p = l.putScores(p, r.Totals.Vals[:n])
	}
	to := o + int(uintptr(p)-uintptr(start))
	if shooter < 0 {
		*(*[litSize]byte)(p) = litQuietPenalty.b
		p = unsafe.Add(p, litQuietPenalty.n)
	} else {
		p = putMember(p, &memberMoon)
		p = l.putName(p, shooter)
		p = putMember(p, &memberScoring)
		p = putQuoted(p, r.Moon.Scoring)
		p = putMember(p, &memberChoice)
		p = putQuoted(p, r.Moon.Choice)
		*(*[litSize]byte)(p) = litMoonPenalty.b
		p = unsafe.Add(p, litMoonPenalty.n)
	}
	p = putFigure(p, *r.PenaltyTotal)
	p = putMember(p, &memberPenaltyCards)
	p = l.putScores(p, r.PenaltyCards.Vals[:n])
	p = putMember(p, &memberTricks)
	p = l.putScores(p, r.Tricks.Vals[:n])
	if shooter >= 0 {
		p = putMember(p, &memberNotes)
		p = putQuoted(p, r.Notes[0])
		*(*byte)(p) = ']'
		p = unsafe.Add(p, 1)
	}
	*(*byte)(p) = '}'
	b = b[:o+int(uintptr(p)-uintptr(start))+1]
	keys.wrote(r.Totals, from, to)
	return b
}

// putName writes at p player j of l (it has its template) quoted, in room for a template's
// entry, and returns its end.
func (l *nameList) putName(p unsafe.Pointer, j int) unsafe.Pointer {
	t := &l.tmpl[j&(tmplKeys-1)]
	*(*[tmplEntry]byte)(p) = t.name
	return unsafe.Add(p, t.size-2)
}

// putQuoted writes at p the string s, which needs no escaping, quoted, in room for it and
// its quotes, and returns its end.
func putQuoted(p unsafe.Pointer, s string) unsafe.Pointer {
	*(*byte)(p) = '"'
	p = unsafe.Add(p, 1+copy(unsafe.Slice((*byte)(unsafe.Add(p, 1)), len(s)), s))
	*(*byte)(p) = '"'
	return unsafe.Add(p, 1)
}

// putMember writes the member name m at p, in room for its block, and returns its end.
func putMember(p unsafe.Pointer, m *member) unsafe.Pointer {
	*(*[memberSize]byte)(p) = m.b
	return unsafe.Add(p, m.n)
}

// The constant pieces longer than an append copies inline (16 bytes), written by put.
var (
	litQuiet        = newLit(`,"moon":null,"violations":[]`)
	litQuietPenalty = newLit(`,"moon":null,"violations":[],"penalty_cards_in_play":`)
	litMoonPenalty  = newLit(`},"violations":[],"penalty_cards_in_play":`)
	litPenaltyTotal = newLit(`,"penalty_cards_in_play":`)
	litUnfinished   = newLit(`,"finished":false,"winner":null,"violations":[]}`)
)

// litSize is the size of a lit's block.
const litSize = 64

// A lit is a constant piece of JSON in a block of litSize bytes: put writes the block
// whole, one copy of a fixed size, without a call of memmove, and keeps the piece's length.
type lit struct {
	b [litSize]byte
	n int
}

// newLit returns s as a lit.
func newLit(s string) lit {
	if len(s) > litSize {
		panic("score: a constant piece of JSON longer than a lit's block")
	}
	l := lit{n: len(s)}
	copy(l.b[:], s)
	return l
}

// put appends l's piece to b: its whole block is written into room made past b's length
// (b's own: nothing else sees it until b is returned), and b is cut to the piece's end.
func put(b []byte, l *lit) []byte {
	o := len(b)
	if cap(b)-o < litSize {
		b = slices.Grow(b, litSize)
	}
	*(*[litSize]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)) = l.b
	return b[:o+l.n]
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

// sameAs reports whether s and t are the same scores: the same list of keys, the same
// figures.
func (s *Scores) sameAs(t *Scores) bool {
	n := len(s.Keys)
	if n != len(t.Keys) || unsafe.SliceData(s.Keys) != unsafe.SliceData(t.Keys) || n > len(s.Vals) || n > len(t.Vals) {
		return false
	}
	for i, v := range s.Vals[:n] {
		if t.Vals[i] != v {
			return false
		}
	}
	return true
}

// The members of a round and a result that are scores, their names as appendMember writes
// them.
var (
	memberRound        = newMember(`{"round":`)
	memberMoon         = newMember(`,"moon":{"player":`)
	memberScoring      = newMember(`,"scoring":`)
	memberChoice       = newMember(`,"choice":`)
	memberNotes        = newMember(`,"notes":[`)
	memberDealer       = newMember(`,"dealer":`)
	memberPoints       = newMember(`,"points":`)
	memberTotals       = newMember(`,"totals":`)
	memberBags         = newMember(`,"bags":`)
	memberBagPenalty   = newMember(`,"bag_penalty":`)
	memberPenaltyCards = newMember(`,"penalty_cards":`)
	memberTricks       = newMember(`,"tricks":`)
)

// memberSize is the size of a member's block.
const memberSize = 32

// A member is the name of a member of a JSON object, with the byte before it and the colon
// after it, `,"points":`, in a block of memberSize bytes written whole.
type member struct {
	b [memberSize]byte
	n int
}

// newMember returns the name of a member written `,"NAME":`.
func newMember(s string) member {
	m := member{n: len(s)}
	if copy(m.b[:], s) < len(s) {
		panic("score: a member's name longer than its block")
	}
	return m
}

// appendMember appends the member name and the scores s, as appendJSON writes them, the
// keys as they are when none of them needs escaping: each from the list's template, with
// the byte before it, when it has one (putScores).
func (s *Scores) appendMember(b []byte, name *member, keys *keyMemo) []byte {
	l := keys.find(s.Keys)
	if l == nil || !l.has {
		b = append(b, name.b[:name.n]...)
		return s.appendUnkeyed(b, l)
	}
	// Room for the name, each key's whole entry and the longest figure (20 bytes), then
	// the bytes written in place, past the slice's length (the room is b's own: nothing
	// else sees it until b is returned).
	vals := s.Vals[:len(s.Keys)]
	o := len(b)
	if room := memberSize + len(vals)*(tmplEntry+20) + 1; cap(b)-o < room {
		b = slices.Grow(b, room)
	}
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)
	*(*[memberSize]byte)(p) = name.b
	end := l.putScores(unsafe.Add(p, name.n), vals)
	return b[:o+int(uintptr(end)-uintptr(p))]
}

// appendUnkeyed appends the scores s whose keys, l, have no template.
func (s *Scores) appendUnkeyed(b []byte, l *nameList) []byte {
	if l == nil || !l.plain {
		return s.appendJSON(b)
	}
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

// putScores writes at p the scores keyed by l's names (it has its template), vals, as
// appendJSON writes them, in room for each name's whole entry and the longest figure, and
// returns their end.
func (l *nameList) putScores(p unsafe.Pointer, vals []int) unsafe.Pointer {
	// The names' entries are walked by their address: len(vals) of them (at most tmplKeys,
	// as the list has its template; the address after the last is still the nameList's).
	e := unsafe.Pointer(&l.tmpl[0])
	for _, x := range vals {
		t := (*tmplName)(e)
		*(*[tmplEntry]byte)(p) = t.text
		p = unsafe.Add(p, t.size)
		switch {
		case uint(x) < 10:
			*(*byte)(p) = byte('0' + x)
			p = unsafe.Add(p, 1)
		case uint(x) < 100:
			*(*[2]byte)(p) = digitPairs[x]
			p = unsafe.Add(p, 2)
		default:
			p = putFigure(p, x)
		}
		e = unsafe.Add(e, unsafe.Sizeof(tmplName{}))
	}
	*(*byte)(p) = '}'
	return unsafe.Add(p, 1)
}

// putFigure writes v in decimal at p, in room for 20 bytes, and returns the end of its
// digits: a figure of up to four digits, and its sign, directly.
func putFigure(p unsafe.Pointer, v int) unsafe.Pointer {
	if v < 0 && v > -10000 {
		*(*byte)(p) = '-'
		p, v = unsafe.Add(p, 1), -v
	}
	switch {
	case uint(v) < 10:
		*(*byte)(p) = byte('0' + v)
		return unsafe.Add(p, 1)
	case uint(v) < 100:
		*(*[2]byte)(p) = digitPairs[v]
		return unsafe.Add(p, 2)
	case uint(v) < 1000:
		*(*byte)(p) = byte('0' + v/100)
		*(*[2]byte)(unsafe.Add(p, 1)) = digitPairs[v%100]
		return unsafe.Add(p, 3)
	case uint(v) < 10000:
		*(*[2]byte)(p) = digitPairs[v/100]
		*(*[2]byte)(unsafe.Add(p, 2)) = digitPairs[v%100]
		return unsafe.Add(p, 4)
	}
	var buf [20]byte
	d := strconv.AppendInt(buf[:0], int64(v), 10)
	copy(unsafe.Slice((*byte)(p), len(d)), d)
	return unsafe.Add(p, len(d))
}

// digitPairs holds the figures below 100 as two digits each, "00" to "99".
var digitPairs = func() (t [100][2]byte) {
	for v := range t {
		t[v] = [2]byte{byte('0' + v/10), byte('0' + v%10)}
	}
	return t
}()

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
	names    []string  // the result's players

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

// know tells m that l is the nameList of the result's players, names, and s that of its
// sides (nil: none).
func (m *keyMemo) know(names []string, l *nameList, sides []string, s *nameList) {
	m.lists[0], m.of[0], m.next = names, l, 1
	if s != nil {
		m.lists[1], m.of[1], m.next = sides, s, 0
	}
	m.lastList, m.lastOf, m.players, m.names = names, l, l, names
}

// appendPlayer appends *p as appendPlainString does; when p is one of the result's players
// (p points into its list: the scorer's dealers) whose names are plain and short, from the
// list's quoted names.
func (m *keyMemo) appendPlayer(b []byte, p *string) []byte {
	if l := m.players; l != nil && l.has {
		for j := range m.names { // (j < tmplKeys: the list has its template)
			if &m.names[j] == p {
				o := len(b)
				if cap(b)-o < tmplEntry {
					b = slices.Grow(b, tmplEntry)
				}
				t := &l.tmpl[j&(tmplKeys-1)]
				*(*[tmplEntry]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), o)) = t.name
				return b[:o+int(t.size)-2]
			}
		}
	}
	return m.appendName(b, *p)
}

// appendName appends s as appendPlainString does, directly when it is one of the result's
// players' names and they are plain (a shooter: the names themselves).
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
	has    bool // the list has its template: name j's entry is tmpl[j]
	tmpl   [tmplKeys]tmplName
	quoted []byte // ["ann","bob"] when plain
}

// A tmplName is a name of a template: its entry, `{"ann":` or `,"bob":`, in text[:size], and
// the name quoted, `"ann"`, in name[:size-2].
type tmplName struct {
	text, name [tmplEntry]byte
	size       uintptr
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
// addresses, which is the same words of their lists' string headers (each string's
// address and length), compared two strings at a time.
func sameStrings(a, b []string) bool {
	n := len(a)
	if n != len(b) {
		return false
	}
	if n == 0 || unsafe.SliceData(a) == unsafe.SliceData(b) {
		return true
	}
	b = b[:n]
	for i := 1; i < n; i += 2 {
		if *(*[4]uintptr)(unsafe.Pointer(&a[i-1])) != *(*[4]uintptr)(unsafe.Pointer(&b[i-1])) {
			return false
		}
	}
	return n%2 == 0 || *(*[2]uintptr)(unsafe.Pointer(&a[n-1])) == *(*[2]uintptr)(unsafe.Pointer(&b[n-1]))
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
		t := &l.tmpl[j]
		e := &t.text
		e[0], e[1] = ',', '"'
		if j == 0 {
			e[0] = '{'
		}
		n := 2 + copy(e[2:], k)
		e[n], e[n+1] = '"', ':'
		t.size = uintptr(n + 2)
		copy(t.name[:], e[1:n+1])
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

// appendDigits is appendInt: the small figures of a result directly, two digits at a time.
func appendDigits(b []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(b, byte('0'+v))
	case v >= 10 && v < 100:
		return append(b, digitPairs[v][:]...)
	case v >= 100 && v < 1000:
		return append(append(b, byte('0'+v/100)), digitPairs[v%100][:]...)
	case v >= 1000 && v < 10000:
		return append(append(b, digitPairs[v/100][:]...), digitPairs[v%100][:]...)
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

// has reports whether s is one of k's strings.
func (k *knownStrings) has(s string) bool {
	for i := range k {
		if p := k[i].Load(); p != nil && sameString(*p, s) {
			return true
		}
	}
	return false
}

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
