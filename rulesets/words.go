package rulesets

import (
	"fmt"
	"strconv"
	"strings"
)

// Rule values. A parameter whose value is one of a few words (moon=old, first-lead=eldest)
// has a type of its own, a small integer as go/token's Token is: code compares constants
// (rs.Moon == MoonOld), never spellings. The spellings are in one table, the enums below:
// options, ruleset files, Marshal, Get, UnmarshalText and the "valid: ..." of every error
// message read them there, so a value is added, or respelled, in one place.
//
// The zero value of each type is its unset value (MoonUnset ...), spelled "": what a Ruleset
// built by hand leaves, which Validate refuses where the rules need the value.

// Moon is how a shot moon scores (RULES §4).
type Moon uint8

// Moon values.
const (
	MoonUnset  Moon = iota
	MoonNone        // no moon: the cards score as taken
	MoonOld         // the shooter scores 0, every other player T
	MoonNew         // the shooter scores -T
	MoonChoice      // the shooter picks old or new
)

// PassDirection is where a round's passes go (RULES §2); a pass cycle is a list of them.
type PassDirection uint8

// PassDirection values; none reads as PassHold.
const (
	PassUnset  PassDirection = iota
	PassLeft                 // one seat clockwise
	PassRight                // one seat anticlockwise
	PassAcross               // half the table on (even counts only)
	PassLeft2                // two seats clockwise
	PassRight2               // two seats anticlockwise
	PassHold                 // no passing
)

// FirstLead is who leads trick 1, and what (RULES §2).
type FirstLead uint8

// FirstLead values.
const (
	FirstLeadUnset      FirstLead = iota
	FirstLeadLowestClub           // the holder of the lowest club in play leads it
	FirstLeadAnyClub              // the holder of the lowest club leads a club
	FirstLeadEldest               // eldest leads any card
)

// End is when a Hearts-family game ends (RULES §4); the option end also takes :N.
type End uint8

// End values.
const (
	EndUnset  End = iota
	EndReach      // a total reaches the target
	EndExceed     // a total passes the target
	EndRounds     // after a number of rounds
)

// Jokers says whether Spades deals the two jokers and how they rank (RULES §6).
type Jokers uint8

// Jokers values.
const (
	JokersUnset Jokers = iota
	JokersNone         // no jokers
	JokersHigh         // the jokers are the highest spades
	JokersFool         // the jokers rank lowest and have no suit
)

// RevokeKind is the kind of revoke penalty (RULES §4); see Revoke.
type RevokeKind uint8

// RevokeKind values.
const (
	RevokeUnset RevokeKind = iota
	RevokeFixed            // N points to the offender for each revoke (fixed:N)
	RevokeAll              // the offender scores every penalty point, the others 0
	RevokeNone             // no penalty
)

// BDN is what a made blind double nil scores (RULES §6).
type BDN uint8

// BDN values.
const (
	BDNUnset BDN = iota
	BDN800       // 800 points
	BDNWin       // the game
)

// Under is what a Spades contract scores when it is not made (RULES §6).
type Under uint8

// Under values.
const (
	UnderUnset Under = iota
	UnderZero        // nothing
	UnderDiff        // minus ten times the tricks short
	UnderBid         // minus ten times the bid
)

// The table: every rule value's spelling, by type and value.
var (
	moons = enum{typ: "Moon", key: "moon", words: []string{
		MoonNone: "none", MoonOld: "old", MoonNew: "new", MoonChoice: "choice"}}
	passDirections = enum{typ: "PassDirection", key: "pass", words: []string{
		PassLeft: "left", PassRight: "right", PassAcross: "across", PassLeft2: "left2", PassRight2: "right2", PassHold: "hold"},
		alias: []alias{{"none", uint8(PassHold)}}}
	firstLeads = enum{typ: "FirstLead", key: "first-lead", words: []string{
		FirstLeadLowestClub: "lowest-club", FirstLeadAnyClub: "any-club", FirstLeadEldest: "eldest"}}
	ends = enum{typ: "End", key: "end", words: []string{
		EndReach: "reach", EndExceed: "exceed", EndRounds: "rounds"}}
	jokers = enum{typ: "Jokers", key: "jokers", words: []string{
		JokersNone: "none", JokersHigh: "high", JokersFool: "fool"}}
	revokeKinds = enum{typ: "RevokeKind", key: "revoke", words: []string{
		RevokeFixed: "fixed", RevokeAll: "all", RevokeNone: "none"}}
	bdns = enum{typ: "BDN", key: "bdn", words: []string{
		BDN800: "800", BDNWin: "win"}}
	unders = enum{typ: "Under", key: "under", words: []string{
		UnderZero: "zero", UnderDiff: "diff", UnderBid: "bid"}}
)

func (v Moon) String() string                { return moons.text(uint8(v)) }
func (v Moon) MarshalText() ([]byte, error)  { return moons.marshal(uint8(v)) }
func (v *Moon) UnmarshalText(b []byte) error { return moons.unmarshal((*uint8)(v), b) }
func (*Moon) enum() *enum                    { return &moons }

func (v PassDirection) String() string               { return passDirections.text(uint8(v)) }
func (v PassDirection) MarshalText() ([]byte, error) { return passDirections.marshal(uint8(v)) }
func (v *PassDirection) UnmarshalText(b []byte) error {
	return passDirections.unmarshal((*uint8)(v), b)
}
func (*PassDirection) enum() *enum { return &passDirections }

func (v FirstLead) String() string                { return firstLeads.text(uint8(v)) }
func (v FirstLead) MarshalText() ([]byte, error)  { return firstLeads.marshal(uint8(v)) }
func (v *FirstLead) UnmarshalText(b []byte) error { return firstLeads.unmarshal((*uint8)(v), b) }
func (*FirstLead) enum() *enum                    { return &firstLeads }

func (v End) String() string                { return ends.text(uint8(v)) }
func (v End) MarshalText() ([]byte, error)  { return ends.marshal(uint8(v)) }
func (v *End) UnmarshalText(b []byte) error { return ends.unmarshal((*uint8)(v), b) }
func (*End) enum() *enum                    { return &ends }

func (v Jokers) String() string                { return jokers.text(uint8(v)) }
func (v Jokers) MarshalText() ([]byte, error)  { return jokers.marshal(uint8(v)) }
func (v *Jokers) UnmarshalText(b []byte) error { return jokers.unmarshal((*uint8)(v), b) }
func (*Jokers) enum() *enum                    { return &jokers }

func (v RevokeKind) String() string                { return revokeKinds.text(uint8(v)) }
func (v RevokeKind) MarshalText() ([]byte, error)  { return revokeKinds.marshal(uint8(v)) }
func (v *RevokeKind) UnmarshalText(b []byte) error { return revokeKinds.unmarshal((*uint8)(v), b) }
func (*RevokeKind) enum() *enum                    { return &revokeKinds }

func (v BDN) String() string                { return bdns.text(uint8(v)) }
func (v BDN) MarshalText() ([]byte, error)  { return bdns.marshal(uint8(v)) }
func (v *BDN) UnmarshalText(b []byte) error { return bdns.unmarshal((*uint8)(v), b) }
func (*BDN) enum() *enum                    { return &bdns }

func (v Under) String() string                { return unders.text(uint8(v)) }
func (v Under) MarshalText() ([]byte, error)  { return unders.marshal(uint8(v)) }
func (v *Under) UnmarshalText(b []byte) error { return unders.unmarshal((*uint8)(v), b) }
func (*Under) enum() *enum                    { return &unders }

// Offset returns how many seats clockwise (left) the direction sends cards at a table of n
// seats: left 1, right n-1, across n/2, left2 2, right2 n-2, hold 0. ok is false for a
// direction that does not exist at that table (across with an odd count, left2 with fewer
// than three), for the unset direction and for n < 1, and off is then 0.
func (d PassDirection) Offset(n int) (off int, ok bool) {
	if n < 1 {
		return 0, false
	}
	switch d {
	case PassHold:
		return 0, true
	case PassLeft:
		return 1 % n, n > 1
	case PassRight:
		return (n - 1) % n, n > 1
	case PassAcross:
		if n%2 != 0 {
			return 0, false
		}
		return n / 2, true
	case PassLeft2:
		return 2 % n, n > 2
	case PassRight2:
		return (n - 2 + n) % n, n > 2
	}
	return 0, false
}

// PassOffset is dir.Offset(n).
func PassOffset(dir PassDirection, n int) (int, bool) { return dir.Offset(n) }

// Revoke is the revoke penalty (RULES §4): its kind, and with RevokeFixed the points N each
// revoke adds. It is spelled fixed:N (N >= 0, written without leading zeros), all or none.
type Revoke struct {
	Kind RevokeKind
	N    int // with RevokeFixed; 0 otherwise
}

// String spells the penalty as the option does: fixed:N, all, none ("" unset).
func (r Revoke) String() string {
	if r.Kind == RevokeFixed {
		return r.Kind.String() + ":" + strconv.Itoa(r.N)
	}
	return r.Kind.String()
}

// MarshalText writes the penalty as String spells it.
func (r Revoke) MarshalText() ([]byte, error) {
	if _, err := r.Kind.MarshalText(); err != nil {
		return nil, err
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads fixed:N, all or none.
func (r *Revoke) UnmarshalText(b []byte) error { return r.parse(string(b)) }

func (r *Revoke) parse(s string) error {
	kind, num, hasNum := strings.Cut(s, ":")
	k, ok := revokeKinds.find(kind)
	x := Revoke{Kind: RevokeKind(k)}
	if hasNum && x.Kind == RevokeFixed {
		n, err := strconv.Atoi(num)
		ok = ok && err == nil && n >= 0 && n <= maxInt
		x.N = n
	}
	if !ok || hasNum != (x.Kind == RevokeFixed) {
		return valueError(revokeKinds.key, s, revokeValid(" (N >= 0)"))
	}
	*r = x
	return nil
}

func (r *Revoke) setScalar(p *param, s string) error { return r.parse(s) }

func (r Revoke) scalarText() string { return r.String() }

func (Revoke) validValues() string { return revokeValid("") }

// revokeValid lists the revoke penalties, cond after the N of fixed:N.
func revokeValid(cond string) string {
	ws := make([]string, 0, len(revokeKinds.words))
	for k, w := range revokeKinds.words[1:] {
		if RevokeKind(k+1) == RevokeFixed {
			w += ":N" + cond
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, ", ")
}

// endValid lists the values of the option end, cond after the N of the reach:N forms.
func endValid(cond string) string {
	n := make([]string, 0, len(ends.words))
	for _, w := range ends.words[1:] {
		n = append(n, w+":N")
	}
	return ends.valid() + " (also " + strings.Join(n, ", ") + cond + ")"
}

// enum spells the values of one rule-value type: words[v] spells value v (words[0], "", is
// the unset value), alias are further spellings read. typ is the type's name, key the option
// key whose values these are (their error messages name it).
type enum struct {
	typ, key string
	words    []string
	alias    []alias
}

type alias struct {
	word string
	v    uint8
}

// enumValue is a pointer to a value made of rule values: the table that spells them (a rule
// value's own; PassCycle's and Revoke's, whose values are made of directions and kinds).
type enumValue interface{ enum() *enum }

func (*PassCycle) enum() *enum { return &passDirections }
func (*Revoke) enum() *enum    { return &revokeKinds }

// text spells v; a value out of range is spelled like Type(7).
func (e *enum) text(v uint8) string {
	if int(v) < len(e.words) {
		return e.words[v]
	}
	return e.typ + "(" + strconv.Itoa(int(v)) + ")"
}

// find reads a spelling (a word or an alias; not the unset value's "").
func (e *enum) find(s string) (uint8, bool) {
	for v, w := range e.words {
		if w == s && v > 0 {
			return uint8(v), true
		}
	}
	for _, a := range e.alias {
		if a.word == s {
			return a.v, true
		}
	}
	return 0, false
}

// spellings lists every spelling find reads, the words in order, then the aliases.
func (e *enum) spellings() []string {
	out := append([]string(nil), e.words[1:]...)
	for _, a := range e.alias {
		out = append(out, a.word)
	}
	return out
}

// valid lists the spellings as error messages do: "none, old, new, choice".
func (e *enum) valid() string { return strings.Join(e.spellings(), ", ") }

func (e *enum) marshal(v uint8) ([]byte, error) {
	if int(v) >= len(e.words) {
		return nil, fmt.Errorf("rulesets: %s is not a %s value", e.text(v), e.typ)
	}
	return []byte(e.words[v]), nil
}

func (e *enum) unmarshal(dst *uint8, b []byte) error {
	v, ok := e.find(string(b))
	if !ok {
		return valueError(e.key, string(b), e.valid())
	}
	*dst = v
	return nil
}
