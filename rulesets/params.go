package rulesets

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// The keys of a ruleset file and the options have one source: the Ruleset struct. Its fields'
// tags (key, family, option, valid values, range) are read into params, a table of Go values
// (params_table.go) that TestParamTable writes from them by reflection (-update) and checks
// against them, so that no run reads them; each field's type (a rule value of words.go such
// as Moon, spelled by its table; OnOff, Range, Cards, PassCycle, Revoke, ByPlayers,
// CardValues in values.go; or a plain string or int read by its tags) says how a value is
// read from an option or a scalar, from a YAML node, and written back. Set, Get, Keys,
// OptionKeys, OptionValues, the loader and Marshal all work from params, so a new parameter
// is one field (and the table written again). One key has a grammar of its own, end (which
// may set target or rounds too): setEnd, named by the test's grammars.
//
// The loader walks the file's mapping itself and hands each value node to its field rather
// than calling yaml.v3's Node.Decode on a Ruleset with yaml.Unmarshaler values: the messages
// name the key and list its valid values, every bad key is reported (in source order, at its
// position) where Decode stops at the first Unmarshaler error, and the keys apply in the
// struct's order whatever the file's (pass before pass-by-players, end before target).

// param is one key of a ruleset file, read from a Ruleset field.
type param struct {
	key      string
	family   string   // Hearts, Spades, or "" for both
	option   bool     // settable with Set (transcript option lines, --option)
	required bool     // must appear in a file without extends (yaml tag without omitempty)
	text     bool     // free text (name, summary): not empty, written as a string
	valid    string   // the valid values, for error messages
	words    []string // valid split at ", ": the values of a string or of an int without range
	table    *enum    // the words its values are made of (a rule value's, a pass cycle's directions, revoke's kinds); nil: none
	word     bool     // the value is one word of table (a rule-value type such as Moon)
	lo, hi   int      // an int's bounds (with ranged)
	ranged   bool

	field   int                          // index in Ruleset
	grammar func(*Ruleset, string) error // reads a value by a scalar grammar of its own; nil: by the field's type
	base    *param                       // of an XByPlayers field: X's param
	clears  int                          // index of the XByPlayers field that setting X clears, or -1
	scalar  bool                         // the value has a scalar form (Set, a scalar in a file)
	node    bool                         // the value has a YAML form (a nodeValue)
}

// params lists every key in the order Marshal writes them (the field order).
func params() []*param { return paramList[:] }

// value is the address of the param's field in rs: *string, *int or a value type.
func (p *param) value(rs *Ruleset) any {
	return reflect.ValueOf(rs).Elem().Field(p.field).Addr().Interface()
}

// set applies a scalar value (an option value, or a scalar in a file; trimmed).
func (p *param) set(rs *Ruleset, v string) error {
	if p.grammar != nil {
		return p.grammar(rs, v)
	}
	if p.word {
		x, ok := p.table.find(v)
		if !ok {
			return valueError(p.key, v, p.valid)
		}
		reflect.ValueOf(rs).Elem().Field(p.field).SetUint(uint64(x))
		return p.done(rs, nil)
	}
	var err error
	switch d := p.value(rs).(type) {
	case *string:
		switch {
		case p.text && strings.TrimSpace(v) == "":
			err = fmt.Errorf("%s must not be empty", p.key)
		case !p.text && !slices.Contains(p.words, v):
			err = valueError(p.key, v, p.valid)
		default:
			*d = v
		}
	case *int:
		n, e := strconv.Atoi(v)
		if e != nil || p.ranged && (n < p.lo || n > p.hi) || !p.ranged && !slices.Contains(p.words, v) {
			return valueError(p.key, v, p.valid)
		}
		*d = n
	case scalarValue:
		err = d.setScalar(p, v)
	}
	return p.done(rs, err)
}

// decode applies a YAML value that set does not read.
func (p *param) decode(rs *Ruleset, n *yaml.Node) error {
	return p.done(rs, p.value(rs).(nodeValue).decode(p, n))
}

// done clears the by-players overrides after a value is set: an option states the rule for
// every table size (RULES §3).
func (p *param) done(rs *Ruleset, err error) error {
	if err == nil && p.clears >= 0 {
		reflect.ValueOf(rs).Elem().Field(p.clears).SetZero()
	}
	return err
}

// get returns the value as set reads it.
func (p *param) get(rs *Ruleset) string {
	if p.word {
		return p.table.text(uint8(reflect.ValueOf(rs).Elem().Field(p.field).Uint()))
	}
	switch v := p.value(rs).(type) {
	case *string:
		return *v
	case *int:
		return strconv.Itoa(*v)
	case scalarText:
		return v.scalarText()
	}
	panic("rulesets: no scalar form for " + p.key)
}

// encode returns the YAML value Marshal writes, nil to leave the key out.
func (p *param) encode(rs *Ruleset) *yaml.Node {
	f := reflect.ValueOf(rs).Elem().Field(p.field)
	if !p.required && f.Len() == 0 {
		return nil
	}
	if v, ok := p.value(rs).(encoder); ok {
		return v.encode()
	}
	v := p.get(rs)
	if _, err := strconv.Atoi(v); err == nil && !p.text {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: v}
	}
	// A string: the encoder quotes one that would read as something else.
	return strNode(v)
}

// valueError is a bad value for a key; its message lists the valid values.
func valueError(key, v, valid string) error {
	return fmt.Errorf("bad value %q for %s%s (valid: %s)", v, key, parse.DidYouMean(v, strings.Split(valid, ", ")), valid)
}

// appliesTo reports whether the key belongs to a ruleset of the family.
func (p *param) appliesTo(family string) bool { return p.family == "" || p.family == family }

// Keys returns the keys a ruleset file of the family may hold (besides extends), in the
// order Marshal writes them.
func Keys(family string) []string {
	var out []string
	for _, p := range params() {
		if p.appliesTo(family) {
			out = append(out, p.key)
		}
	}
	return out
}

// OptionKeys returns the option keys (RULES §3 for Hearts, §6 for Spades) that Set accepts
// for the family, in the order Marshal writes them.
func OptionKeys(family string) []string {
	var out []string
	for _, p := range params() {
		if p.option && p.appliesTo(family) {
			out = append(out, p.key)
		}
	}
	return out
}

// OptionValues returns the valid values of an option key as error messages spell them
// ("on, off"), "" for an unknown key.
func OptionValues(key string) string {
	if p, ok := paramByKey(key); ok && p.option {
		return p.valid
	}
	return ""
}

// OptionWords returns the words the values of an option key are made of, as Set reads them:
// a rule value's (moon: none, old, new, choice), the pass directions a cycle lists (hold's
// alias none last), the kinds of end and revoke before their :N. It is nil for a number, on/off
// and an unknown key.
func OptionWords(key string) []string {
	if p, ok := paramByKey(key); ok && p.option && p.table != nil {
		return p.table.spellings()
	}
	return nil
}

func familyLabel(family string) string {
	if family == "" {
		return "a ruleset without a family"
	}
	return "a " + family + "-family ruleset"
}

// Set applies one option key=value as RULES.md §3 (hearts family) and §6 (Spades) spell them.
// An unknown key, or a key of the other family, is an error that lists the valid keys; a bad
// value is an error that lists the valid values. Setting pass clears PassByPlayers, pass-count
// clears PassCountByPlayers, first-lead clears FirstLeadByPlayers; end also accepts reach:N,
// exceed:N and rounds:N (setting target or rounds too).
func (rs *Ruleset) Set(key, value string) error {
	p, ok := paramByKey(key)
	if !ok || !p.option || !p.appliesTo(rs.Family) {
		return rs.unknownOption(key)
	}
	return p.set(rs, strings.TrimSpace(value))
}

func (rs *Ruleset) unknownOption(key string) error {
	valid := strings.Join(OptionKeys(rs.Family), ", ")
	if p, ok := paramByKey(key); ok && p.option && p.family != "" {
		return fmt.Errorf("option %q belongs to the %s family; %s takes: %s", key, p.family, rs.label(), valid)
	}
	return fmt.Errorf("unknown option %q; %s takes: %s%s", key, rs.label(), valid, parse.DidYouMean(key, OptionKeys(rs.Family)))
}

func (rs *Ruleset) label() string {
	if rs.Name != "" {
		return rs.Name + " (" + rs.Family + " family)"
	}
	return familyLabel(rs.Family)
}

// Get returns the current value of an option key in the spelling Set accepts, so that
// rs.Set(key, v) with v from rs.Get(key) changes nothing (for pass, pass-count and first-lead
// that holds when the by-players overrides are empty). ok is false for an unknown key or a key
// of the other family.
func (rs *Ruleset) Get(key string) (v string, ok bool) {
	p, found := paramByKey(key)
	if !found || !p.option || !p.appliesTo(rs.Family) {
		return "", false
	}
	return p.get(rs), true
}

// setEnd reads reach, exceed or rounds, each with an optional :N that sets target (reach,
// exceed) or rounds.
func (rs *Ruleset) setEnd(v string) error {
	word, num, hasNum := strings.Cut(v, ":")
	k, ok := ends.find(word)
	if !ok {
		return valueError(ends.key, v, endValid(""))
	}
	kind := End(k)
	if hasNum {
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > maxInt {
			return valueError(ends.key, v, endValid(" with N > 0"))
		}
		if kind == EndRounds {
			rs.Rounds = n
		} else {
			rs.Target = n
		}
	}
	rs.End = kind
	return nil
}
