package rulesets

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// The value types of Ruleset's fields. Each knows how its value reads from a scalar (an option
// value, or a scalar in a file: scalarValue) and, for a value with structure, from and to a
// YAML node (nodeValue). They take the param they are read for, whose key the error messages
// name. Plain string and int fields are read by the param itself (params.go), from their tags.

// scalarValue is a field's value as an option or a YAML scalar spells it.
type scalarValue interface {
	setScalar(p *param, s string) error
}

// nodeValue is a field's value with a YAML structure (a list or a mapping). decode is given
// every node the scalar form does not read; encode writes the value as Marshal prints it.
type nodeValue interface {
	decode(p *param, n *yaml.Node) error
	encoder
}

// encoder is the value side of a nodeValue (its methods on values, decode on pointers).
type encoder interface{ encode() *yaml.Node }

// scalarText is a value type's value as its scalar form spells it (Get).
type scalarText interface{ scalarText() string }

// validValues is the default valid text of a value type (a field's valid tag overrides it).
type validValues interface{ validValues() string }

func (b *OnOff) setScalar(p *param, s string) error {
	v, ok := ParseOnOff(s)
	if !ok {
		return valueError(p.key, s, p.valid)
	}
	*b = OnOff(v)
	return nil
}

func (b OnOff) scalarText() string {
	if b {
		return "on"
	}
	return "off"
}

func (OnOff) validValues() string { return "on, off" }

// setScalar reads N-M or N.
func (r *Range) setScalar(p *param, s string) error {
	lo, hi, ok := strings.Cut(s, "-")
	if !ok {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil || a < 2 || b < a {
		return valueError(p.key, s, "{min: N, max: M}, N-M or N with 2 <= N <= M")
	}
	*r = Range{a, b}
	return nil
}

// decode reads {min: N, max: M}.
func (r *Range) decode(p *param, n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return nodeErr(n, p.key+": want {min: N, max: M}")
	}
	var x Range
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		var dst *int
		switch k.Value {
		case "min":
			dst = &x.Min
		case "max":
			dst = &x.Max
		default:
			return nodeErr(k, fmt.Sprintf("%s: unknown key %q (valid keys: min, max)", p.key, k.Value))
		}
		if seen[k.Value] {
			return nodeErr(k, fmt.Sprintf("%s: %s given twice", p.key, k.Value))
		}
		seen[k.Value] = true
		var err error
		if *dst, err = scalarInt(v); err != nil {
			return err
		}
	}
	if !seen["min"] || !seen["max"] {
		return nodeErr(n, p.key+": want both min and max")
	}
	if x.Min < 2 || x.Max < x.Min {
		return nodeErr(n, fmt.Sprintf("%s: bad range %d-%d (want 2 <= min <= max)", p.key, x.Min, x.Max))
	}
	*r = x
	return nil
}

func (r Range) encode() *yaml.Node {
	return flowMap(strNode("min"), intNode(r.Min), strNode("max"), intNode(r.Max))
}

// Cards is a list of cards, in a file a sequence or a scalar of cards separated by spaces or
// commas.
type Cards []parse.Card

func (cs *Cards) setScalar(p *param, s string) error {
	out, err := parseCards(s)
	if err != nil {
		return fmt.Errorf("%s: %v", p.key, err)
	}
	*cs = out
	return nil
}

func (cs *Cards) decode(p *param, n *yaml.Node) error {
	var out Cards
	switch n.Kind {
	case yaml.ScalarNode:
		c, err := parseCards(n.Value)
		if err != nil {
			return nodeErr(n, p.key+": "+err.Error())
		}
		out = c
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nodeErr(e, p.key+": want a card")
			}
			c, err := parse.ParseCard(e.Value)
			if err != nil {
				return nodeErr(e, p.key+": "+err.Error())
			}
			out = append(out, c)
		}
	default:
		return nodeErr(n, p.key+": want a list of cards")
	}
	if len(out) == 0 {
		out = nil
	}
	*cs = out
	return nil
}

func (cs Cards) encode() *yaml.Node {
	ss := make([]string, len(cs))
	for i, c := range cs {
		ss[i] = c.String()
	}
	return flowSeq(ss)
}

func parseCards(v string) (Cards, error) {
	var out Cards
	for _, f := range strings.FieldsFunc(v, isListSep) {
		c, err := parse.ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func isListSep(r rune) bool { return r == ',' || r == ' ' || r == '\t' }

// PassCycle is the pass direction of each round in turn (hold: no pass); an option and a
// scalar in a file separate the directions by commas or spaces, and none is hold.
type PassCycle []PassDirection

// passValues spells the values of a pass cycle for error messages.
func passValues() string { return passDirections.valid() + ", or a comma-separated cycle of them" }

func (PassCycle) validValues() string { return passValues() }

func (pc PassCycle) scalarText() string {
	ws := make([]string, len(pc))
	for i, d := range pc {
		ws[i] = d.String()
	}
	return strings.Join(ws, ",")
}

func (pc *PassCycle) setScalar(p *param, s string) error {
	fields := strings.FieldsFunc(s, isListSep)
	if len(fields) == 0 {
		return valueError(p.key, s, passValues())
	}
	out := make(PassCycle, len(fields))
	for i, f := range fields {
		d, ok := passDirections.find(f)
		if !ok {
			if d := parse.Suggest(f, passDirections.spellings()); d != "" {
				return fmt.Errorf("%v; did you mean %s for %s?", valueError(p.key, s, passValues()), d, f)
			}
			return valueError(p.key, s, passValues())
		}
		out[i] = PassDirection(d)
	}
	*pc = out
	return nil
}

// decode reads a scalar cycle or a sequence of single directions.
func (pc *PassCycle) decode(p *param, n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if err := pc.setScalar(p, n.Value); err != nil {
			return nodeErr(n, err.Error())
		}
		return nil
	case yaml.SequenceNode:
		var out PassCycle
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nodeErr(e, p.key+": want a pass direction")
			}
			var d PassCycle
			if err := d.setScalar(p, e.Value); err != nil || len(d) != 1 {
				return nodeErr(e, valueError(p.key, e.Value, passValues()).Error())
			}
			out = append(out, d[0])
		}
		if len(out) == 0 {
			return nodeErr(n, p.key+": want at least one direction (hold for none)")
		}
		*pc = out
		return nil
	}
	return nodeErr(n, p.key+": want a direction or a list of directions")
}

func (pc PassCycle) encode() *yaml.Node {
	n := flowSeq(nil)
	for _, d := range pc {
		n.Content = append(n.Content, strNode(d.String()))
	}
	return n
}

// ByPlayers overrides a parameter for some player counts: in a file a mapping from counts
// to values, e.g. {3: [left, right, hold], 5: ...}. A value reads as the field it overrides
// (the param's base): an int within the base's range, a rule value, or a value type.
type ByPlayers[T any] map[int]T

func (m *ByPlayers[T]) decode(p *param, n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return nodeErr(n, p.key+": want a mapping from player counts, e.g. {3: ..., 5: ...}")
	}
	out := ByPlayers[T]{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		c, err := strconv.Atoi(k.Value)
		if k.Kind != yaml.ScalarNode || err != nil || c < 2 {
			return nodeErr(k, fmt.Sprintf("%s: %q is not a player count (a whole number >= 2)", p.key, k.Value))
		}
		if _, dup := out[c]; dup {
			return nodeErr(k, fmt.Sprintf("%s: %d given twice", p.key, c))
		}
		var x T
		if err := p.decodeElem(any(&x), v); err != nil {
			return err
		}
		out[c] = x
	}
	if len(out) == 0 {
		out = nil
	}
	*m = out
	return nil
}

func (m ByPlayers[T]) encode() *yaml.Node {
	counts := make([]int, 0, len(m))
	for c := range m {
		counts = append(counts, c)
	}
	sort.Ints(counts)
	n := flowMap()
	for _, c := range counts {
		var v *yaml.Node
		x := m[c]
		switch x := any(&x).(type) {
		case *int:
			v = intNode(*x)
		case encoder:
			v = x.encode()
		case fmt.Stringer:
			v = strNode(x.String())
		}
		n.Content = append(n.Content, intNode(c), v)
	}
	return n
}

// decodeElem reads one value of a by-players mapping into dst.
func (p *param) decodeElem(dst any, n *yaml.Node) error {
	switch d := dst.(type) {
	case *int:
		x, err := scalarInt(n)
		if err == nil && (x < p.base.lo || x > p.base.hi) {
			err = nodeErr(n, valueError(p.key, n.Value, p.base.valid).Error())
		}
		*d = x
		return err
	case nodeValue:
		return d.decode(p, n)
	case enumValue: // a rule value (nodeValues such as PassCycle are made of several)
		x, ok := d.enum().find(n.Value)
		if n.Kind != yaml.ScalarNode || !ok {
			return nodeErr(n, valueError(p.key, n.Value, p.base.valid).Error())
		}
		reflect.ValueOf(d).Elem().SetUint(uint64(x))
		return nil
	}
	panic(fmt.Sprintf("rulesets: no decoder for %T", dst))
}

// CardValues gives points to cards and suits: "H" (a suit) or "QS" (a card) -> points; a
// card entry wins over its suit. A file writes {H: 1, QS: 13}; keys read as cards (qs, 10H)
// or suits (C D H S, or a suit symbol) and are kept in their canonical spelling.
type CardValues map[string]int

func (cv *CardValues) decode(p *param, n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return nodeErr(n, p.key+": want a mapping of cards or suits to points, e.g. {H: 1, QS: 13}")
	}
	m := CardValues{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key, ok := valueKey(k.Value)
		if k.Kind != yaml.ScalarNode || !ok {
			return nodeErr(k, fmt.Sprintf("%s: %q is neither a card (QS, 10H) nor a suit (C D H S)", p.key, k.Value))
		}
		if _, dup := m[key]; dup {
			return nodeErr(k, fmt.Sprintf("%s: %s given twice", p.key, key))
		}
		x, err := scalarInt(v)
		if err != nil {
			return err
		}
		m[key] = x
	}
	if len(m) == 0 {
		m = nil
	}
	*cv = m
	return nil
}

// encode writes the entries by suit (C D H S, jokers last); within a suit cards from the ace
// down, then the suit entry ("other cards of the suit").
func (cv CardValues) encode() *yaml.Node {
	keys := make([]string, 0, len(cv))
	for k := range cv {
		keys = append(keys, k)
	}
	rank := func(k string) (suit, r int) {
		if len(k) == 1 {
			return strings.Index("CDHS", k), -1
		}
		c, _ := parse.ParseCard(k)
		if c.IsJoker() {
			return 4, c.Rank()
		}
		return int(c.Suit()), c.Rank()
	}
	sort.Slice(keys, func(i, j int) bool {
		sa, ra := rank(keys[i])
		sb, rb := rank(keys[j])
		if sa != sb {
			return sa < sb
		}
		return ra > rb
	})
	n := flowMap()
	for _, k := range keys {
		n.Content = append(n.Content, strNode(k), intNode(cv[k]))
	}
	return n
}

// valueKey reads a card ("QS", "qs", "10H") or a suit letter (C D H S, or a suit symbol) and
// returns its canonical spelling.
func valueKey(s string) (string, bool) {
	switch strings.ToUpper(s) {
	case "C", "♣":
		return "C", true
	case "D", "♦":
		return "D", true
	case "H", "♥":
		return "H", true
	case "S", "♠":
		return "S", true
	}
	c, err := parse.ParseCard(s)
	if err != nil {
		return "", false
	}
	return c.String(), true
}

// ---- YAML helpers ----

// nodeErr is an error at a node's position; the loader adds the file name.
func nodeErr(n *yaml.Node, msg string) error {
	return &parse.Error{Pos: parse.Pos{Line: n.Line, Col: n.Column}, Msg: msg}
}

// maxInt bounds every number parameter, far above any real score, so sums cannot overflow.
const maxInt = 999_999_999

func scalarInt(n *yaml.Node) (int, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, nodeErr(n, "want a whole number")
	}
	x, err := strconv.Atoi(n.Value)
	if err != nil {
		return 0, nodeErr(n, fmt.Sprintf("%q is not a whole number", n.Value))
	}
	if x > maxInt || x < -maxInt {
		return 0, nodeErr(n, fmt.Sprintf("%d is out of range (at most %d either way)", x, maxInt))
	}
	return x, nil
}

func strNode(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func intNode(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func flowSeq(ss []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, s := range ss {
		n.Content = append(n.Content, strNode(s))
	}
	return n
}

// flowMap builds {k: v, ...} from alternating key and value nodes.
func flowMap(kv ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Content: kv}
}
