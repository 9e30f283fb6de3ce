package rulesets

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// param describes one YAML key of a ruleset file. Keys marked option are also the option
// keys of RULES.md §3 and §6 (Set). The order of params is the order Marshal writes them.
type param struct {
	key      string
	family   string // Hearts, Spades, or "" for both
	option   bool   // settable with Set (transcript option lines, --option)
	required bool   // must appear in a file without extends
	values   string // the valid values, for error messages

	// set applies a scalar value (an option value, or a scalar in a file). nil: no scalar form.
	set func(rs *Ruleset, v string) error
	// get returns the value as set would read it back. nil for keys without a scalar form.
	get func(rs *Ruleset) string
	// decode applies a non-scalar YAML value. nil: only scalars are accepted.
	decode func(rs *Ruleset, n *yaml.Node) error
	// encode returns the YAML value, nil to leave the key out. nil func: a plain scalar of get.
	encode func(rs *Ruleset) *yaml.Node
}

// valueError is a bad value for a key; its message lists the valid values.
func valueError(key, v, valid string) error {
	return fmt.Errorf("bad value %q for %s%s (valid: %s)", v, key, parse.DidYouMean(v, strings.Split(valid, ", ")), valid)
}

var passDirs = []string{"left", "right", "across", "left2", "right2", "hold", "none"}

const (
	onOffValues = "on, off"
	passValues  = "left, right, across, left2, right2, hold, none, or a comma-separated cycle of them"
)

func onOffParam(key, family string, f func(*Ruleset) *OnOff) *param {
	return &param{
		key: key, family: family, option: true, required: true, values: onOffValues,
		set: func(rs *Ruleset, v string) error {
			b, ok := ParseOnOff(v)
			if !ok {
				return valueError(key, v, onOffValues)
			}
			*f(rs) = OnOff(b)
			return nil
		},
		get: func(rs *Ruleset) string {
			if *f(rs) {
				return "on"
			}
			return "off"
		},
	}
}

func enumParam(key, family string, option bool, f func(*Ruleset) *string, valid ...string) *param {
	desc := strings.Join(valid, ", ")
	return &param{
		key: key, family: family, option: option, required: true, values: desc,
		set: func(rs *Ruleset, v string) error {
			if !slices.Contains(valid, v) {
				return valueError(key, v, desc)
			}
			*f(rs) = v
			return nil
		},
		get: func(rs *Ruleset) string { return *f(rs) },
	}
}

// intParam accepts integers in [lo, hi]; desc spells the valid values.
func intParam(key, family string, option bool, f func(*Ruleset) *int, lo, hi int, desc string) *param {
	return &param{
		key: key, family: family, option: option, required: true, values: desc,
		set: func(rs *Ruleset, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < lo || n > hi {
				return valueError(key, v, desc)
			}
			*f(rs) = n
			return nil
		},
		get: func(rs *Ruleset) string { return strconv.Itoa(*f(rs)) },
	}
}

func stringParam(key string, f func(*Ruleset) *string) *param {
	return &param{
		key: key, required: true, values: "a string",
		set: func(rs *Ruleset, v string) error {
			if strings.TrimSpace(v) == "" {
				return fmt.Errorf("%s must not be empty", key)
			}
			*f(rs) = v
			return nil
		},
		get: func(rs *Ruleset) string { return *f(rs) },
	}
}

// maxInt bounds every number parameter, far above any real score, so sums cannot overflow.
const maxInt = 999_999_999

// params lists every key in the order Marshal writes them. name, extends and family are
// handled by the loader before the others.
var params = []*param{
	stringParam("name", func(rs *Ruleset) *string { return &rs.Name }),
	stringParam("summary", func(rs *Ruleset) *string { return &rs.Summary }),
	enumParam("family", "", false, func(rs *Ruleset) *string { return &rs.Family }, Hearts, Spades),
	playersParam,
	intParam("decks", Hearts, false, func(rs *Ruleset) *int { return &rs.Decks }, 1, 2, "1, 2"),
	removedParam,
	removalOrderParam,

	// Hearts family (RULES §2, §3).
	clearing(intParam("pass-count", Hearts, true, func(rs *Ruleset) *int { return &rs.PassCount }, 0, 3, "0, 1, 2, 3"),
		func(rs *Ruleset) { rs.PassCountByPlayers = nil }),
	passCountByPlayersParam,
	passParam,
	passByPlayersParam,
	noPassParam,
	clearing(enumParam("first-lead", Hearts, true, func(rs *Ruleset) *string { return &rs.FirstLead }, "lowest-club", "any-club", "eldest"),
		func(rs *Ruleset) { rs.FirstLeadByPlayers = nil }),
	firstLeadByPlayersParam,
	onOffParam("first-trick-ban", Hearts, func(rs *Ruleset) *OnOff { return &rs.FirstTrickBan }),
	onOffParam("hearts-broken", Hearts, func(rs *Ruleset) *OnOff { return &rs.HeartsBroken }),
	onOffParam("queen-breaks-hearts", Hearts, func(rs *Ruleset) *OnOff { return &rs.QueenBreaksHearts }),
	valuesParam,
	onOffParam("jd-bonus", Hearts, func(rs *Ruleset) *OnOff { return &rs.JDBonus }),
	onOffParam("td-bonus", Hearts, func(rs *Ruleset) *OnOff { return &rs.TDBonus }),
	intParam("no-tricks-bonus", Hearts, true, func(rs *Ruleset) *int { return &rs.NoTricksBonus }, 0, maxInt, "a whole number N >= 0"),
	enumParam("moon", Hearts, true, func(rs *Ruleset) *string { return &rs.Moon }, "none", "old", "new", "choice"),
	revokeParam,
	intParam("exact-reset", Hearts, true, func(rs *Ruleset) *int { return &rs.ExactReset }, 0, maxInt, "0 (off) or a whole number N > 0"),

	// Spades (RULES §6).
	onOffParam("teams", Spades, func(rs *Ruleset) *OnOff { return &rs.Teams }),
	onOffParam("nil", Spades, func(rs *Ruleset) *OnOff { return &rs.Nil }),
	nilFailParam,
	onOffParam("double-nil", Spades, func(rs *Ruleset) *OnOff { return &rs.DoubleNil }),
	onOffParam("failed-nil-helps", Spades, func(rs *Ruleset) *OnOff { return &rs.FailedNilHelps }),
	onOffParam("blind", Spades, func(rs *Ruleset) *OnOff { return &rs.Blind }),
	enumParam("bdn", Spades, true, func(rs *Ruleset) *string { return &rs.BDN }, "800", "win"),
	onOffParam("bag-penalty", Spades, func(rs *Ruleset) *OnOff { return &rs.BagPenalty }),
	intParam("bag-cap", Spades, true, func(rs *Ruleset) *int { return &rs.BagCap }, 0, maxInt, "0 (no cap) or a whole number N > 0"),
	enumParam("under", Spades, true, func(rs *Ruleset) *string { return &rs.Under }, "zero", "diff", "bid"),
	onOffParam("quicksand", Spades, func(rs *Ruleset) *OnOff { return &rs.Quicksand }),
	onOffParam("spades-broken", Spades, func(rs *Ruleset) *OnOff { return &rs.SpadesBroken }),
	enumParam("jokers", Spades, true, func(rs *Ruleset) *string { return &rs.Jokers }, "none", "high", "fool"),
	onOffParam("jokers-replace", Spades, func(rs *Ruleset) *OnOff { return &rs.JokersReplace }),

	// End of game. Spades ends at the target only (RULES §6), so end and rounds are hearts keys.
	endParam,
	intParam("target", "", true, func(rs *Ruleset) *int { return &rs.Target }, 1, maxInt, "a whole number N > 0"),
	intParam("rounds", Hearts, true, func(rs *Ruleset) *int { return &rs.Rounds }, 0, maxInt, "0 (three rounds per player) or a whole number N > 0"),
}

var paramByKey = func() map[string]*param {
	m := make(map[string]*param, len(params))
	for _, p := range params {
		m[p.key] = p
	}
	return m
}()

// appliesTo reports whether the key belongs to a ruleset of the family.
func (p *param) appliesTo(family string) bool { return p.family == "" || p.family == family }

// Keys returns the keys a ruleset file of the family may hold (besides extends), in the
// order Marshal writes them.
func Keys(family string) []string {
	var out []string
	for _, p := range params {
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
	for _, p := range params {
		if p.option && p.appliesTo(family) {
			out = append(out, p.key)
		}
	}
	return out
}

// OptionValues returns the valid values of an option key as error messages spell them
// ("on, off"), "" for an unknown key.
func OptionValues(key string) string {
	if p, ok := paramByKey[key]; ok && p.option {
		return p.values
	}
	return ""
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
	p, ok := paramByKey[key]
	if !ok || !p.option || !p.appliesTo(rs.Family) {
		return rs.unknownOption(key)
	}
	return p.set(rs, strings.TrimSpace(value))
}

func (rs *Ruleset) unknownOption(key string) error {
	valid := strings.Join(OptionKeys(rs.Family), ", ")
	if p, ok := paramByKey[key]; ok && p.option && p.family != "" {
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
	p, found := paramByKey[key]
	if !found || !p.option || !p.appliesTo(rs.Family) {
		return "", false
	}
	return p.get(rs), true
}

// ---- parameters with structure ----

var playersParam = &param{
	key: "players", required: true, values: "{min: N, max: M}, N-M or N",
	set: func(rs *Ruleset, v string) error {
		lo, hi, ok := strings.Cut(v, "-")
		if !ok {
			hi = lo
		}
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || a < 2 || b < a {
			return valueError("players", v, "{min: N, max: M}, N-M or N with 2 <= N <= M")
		}
		rs.Players = Range{a, b}
		return nil
	},
	get: func(rs *Ruleset) string { return fmt.Sprintf("%d-%d", rs.Players.Min, rs.Players.Max) },
	decode: func(rs *Ruleset, n *yaml.Node) error {
		if n.Kind != yaml.MappingNode {
			return nodeErr(n, "players: want {min: N, max: M}")
		}
		r := Range{}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			var dst *int
			switch k.Value {
			case "min":
				dst = &r.Min
			case "max":
				dst = &r.Max
			default:
				return nodeErr(k, fmt.Sprintf("players: unknown key %q (valid keys: min, max)", k.Value))
			}
			if seen[k.Value] {
				return nodeErr(k, fmt.Sprintf("players: %s given twice", k.Value))
			}
			seen[k.Value] = true
			x, err := scalarInt(v)
			if err != nil {
				return err
			}
			*dst = x
		}
		if !seen["min"] || !seen["max"] {
			return nodeErr(n, "players: want both min and max")
		}
		if r.Min < 2 || r.Max < r.Min {
			return nodeErr(n, fmt.Sprintf("players: bad range %d-%d (want 2 <= min <= max)", r.Min, r.Max))
		}
		rs.Players = r
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		return flowMap("min", intNode(rs.Players.Min), "max", intNode(rs.Players.Max))
	},
}

var removedParam = &param{
	key: "removed", family: Hearts, values: "{N: [cards], ...}",
	decode: func(rs *Ruleset, n *yaml.Node) error {
		m, err := decodeByPlayers(n, "removed", func(v *yaml.Node) ([]parse.Card, error) { return decodeCards(v, "removed") })
		if err != nil {
			return err
		}
		rs.Removed = m
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		return encodeByPlayers(rs.Removed, func(cs []parse.Card) *yaml.Node { return cardsNode(cs) })
	},
}

var removalOrderParam = &param{
	key: "removal-order", family: Hearts, values: "[cards]",
	set: func(rs *Ruleset, v string) error {
		cs, err := parseCards(v)
		if err != nil {
			return fmt.Errorf("removal-order: %v", err)
		}
		rs.RemovalOrder = cs
		return nil
	},
	decode: func(rs *Ruleset, n *yaml.Node) error {
		cs, err := decodeCards(n, "removal-order")
		if err != nil {
			return err
		}
		rs.RemovalOrder = cs
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		if len(rs.RemovalOrder) == 0 {
			return nil
		}
		return cardsNode(rs.RemovalOrder)
	},
}

var noPassParam = &param{
	key: "no-pass", family: Hearts, values: "[cards]",
	set: func(rs *Ruleset, v string) error {
		cs, err := parseCards(v)
		if err != nil {
			return fmt.Errorf("no-pass: %v", err)
		}
		rs.NoPass = cs
		return nil
	},
	decode: func(rs *Ruleset, n *yaml.Node) error {
		cs, err := decodeCards(n, "no-pass")
		if err != nil {
			return err
		}
		rs.NoPass = cs
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		if len(rs.NoPass) == 0 {
			return nil
		}
		return cardsNode(rs.NoPass)
	},
}

var passCountByPlayersParam = &param{
	key: "pass-count-by-players", family: Hearts, values: "{N: 0..3, ...}",
	decode: func(rs *Ruleset, n *yaml.Node) error {
		m, err := decodeByPlayers(n, "pass-count-by-players", func(v *yaml.Node) (int, error) {
			x, err := scalarInt(v)
			if err == nil && (x < 0 || x > 3) {
				err = nodeErr(v, valueError("pass-count-by-players", v.Value, "0, 1, 2, 3").Error())
			}
			return x, err
		})
		if err != nil {
			return err
		}
		rs.PassCountByPlayers = m
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		return encodeByPlayers(rs.PassCountByPlayers, intNode)
	},
}

// parsePass reads a pass cycle: directions separated by commas or spaces; none = hold.
func parsePass(key, v string) ([]string, error) {
	fields := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, valueError(key, v, passValues)
	}
	out := make([]string, len(fields))
	for i, f := range fields {
		if !slices.Contains(passDirs, f) {
			if s := parse.Suggest(f, passDirs); s != "" {
				return nil, fmt.Errorf("%v; did you mean %s for %s?", valueError(key, v, passValues), s, f)
			}
			return nil, valueError(key, v, passValues)
		}
		if f == "none" {
			f = "hold"
		}
		out[i] = f
	}
	return out, nil
}

func decodePassNode(n *yaml.Node, key string) ([]string, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		d, err := parsePass(key, n.Value)
		if err != nil {
			return nil, nodeErr(n, err.Error())
		}
		return d, nil
	case yaml.SequenceNode:
		var out []string
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, nodeErr(e, key+": want a pass direction")
			}
			d, err := parsePass(key, e.Value)
			if err != nil || len(d) != 1 {
				return nil, nodeErr(e, valueError(key, e.Value, passValues).Error())
			}
			out = append(out, d[0])
		}
		if len(out) == 0 {
			return nil, nodeErr(n, key+": want at least one direction (hold for none)")
		}
		return out, nil
	}
	return nil, nodeErr(n, key+": want a direction or a list of directions")
}

var passParam = &param{
	key: "pass", family: Hearts, option: true, required: true, values: passValues,
	set: func(rs *Ruleset, v string) error {
		d, err := parsePass("pass", v)
		if err != nil {
			return err
		}
		rs.Pass = d
		rs.PassByPlayers = nil
		return nil
	},
	get: func(rs *Ruleset) string { return strings.Join(rs.Pass, ",") },
	decode: func(rs *Ruleset, n *yaml.Node) error {
		d, err := decodePassNode(n, "pass")
		if err != nil {
			return err
		}
		rs.Pass = d
		rs.PassByPlayers = nil
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node { return flowSeq(rs.Pass) },
}

var passByPlayersParam = &param{
	key: "pass-by-players", family: Hearts, values: "{N: [directions], ...}",
	decode: func(rs *Ruleset, n *yaml.Node) error {
		m, err := decodeByPlayers(n, "pass-by-players", func(v *yaml.Node) ([]string, error) { return decodePassNode(v, "pass-by-players") })
		if err != nil {
			return err
		}
		rs.PassByPlayers = m
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node { return encodeByPlayers(rs.PassByPlayers, flowSeq) },
}

// clearing makes a param's set also clear the by-players overrides of the same parameter:
// an option states the rule for every table size (RULES §3).
func clearing(p *param, clear func(*Ruleset)) *param {
	set := p.set
	p.set = func(rs *Ruleset, v string) error {
		if err := set(rs, v); err != nil {
			return err
		}
		clear(rs)
		return nil
	}
	return p
}

var firstLeadByPlayersParam = &param{
	key: "first-lead-by-players", family: Hearts, values: "{N: lowest-club|any-club|eldest, ...}",
	decode: func(rs *Ruleset, n *yaml.Node) error {
		m, err := decodeByPlayers(n, "first-lead-by-players", func(v *yaml.Node) (string, error) {
			if v.Kind != yaml.ScalarNode || !slices.Contains([]string{"lowest-club", "any-club", "eldest"}, v.Value) {
				return "", nodeErr(v, valueError("first-lead-by-players", v.Value, "lowest-club, any-club, eldest").Error())
			}
			return v.Value, nil
		})
		if err != nil {
			return err
		}
		rs.FirstLeadByPlayers = m
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		return encodeByPlayers(rs.FirstLeadByPlayers, func(s string) *yaml.Node { return strNode(s) })
	},
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

var valuesParam = &param{
	key: "values", family: Hearts, required: true, values: "{CARD or SUIT: points, ...}",
	decode: func(rs *Ruleset, n *yaml.Node) error {
		if n.Kind != yaml.MappingNode {
			return nodeErr(n, "values: want a mapping of cards or suits to points, e.g. {H: 1, QS: 13}")
		}
		m := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			key, ok := valueKey(k.Value)
			if k.Kind != yaml.ScalarNode || !ok {
				return nodeErr(k, fmt.Sprintf("values: %q is neither a card (QS, 10H) nor a suit (C D H S)", k.Value))
			}
			if _, dup := m[key]; dup {
				return nodeErr(k, fmt.Sprintf("values: %s given twice", key))
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
		rs.Values = m
		return nil
	},
	encode: func(rs *Ruleset) *yaml.Node {
		keys := make([]string, 0, len(rs.Values))
		for k := range rs.Values {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return valueKeyLess(keys[i], keys[j]) })
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
		for _, k := range keys {
			n.Content = append(n.Content, strNode(k), intNode(rs.Values[k]))
		}
		return n
	},
}

// valueKeyLess orders value keys by suit (C D H S, jokers last); within a suit cards from the
// ace down, then the suit entry ("other cards of the suit").
func valueKeyLess(a, b string) bool {
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
	sa, ra := rank(a)
	sb, rb := rank(b)
	if sa != sb {
		return sa < sb
	}
	return ra > rb
}

var revokeParam = &param{
	key: "revoke", family: Hearts, option: true, required: true, values: "fixed:N, all, none",
	set: func(rs *Ruleset, v string) error {
		switch {
		case v == "all" || v == "none":
		case strings.HasPrefix(v, "fixed:"):
			n, err := strconv.Atoi(strings.TrimPrefix(v, "fixed:"))
			if err != nil || n < 0 || n > maxInt {
				return valueError("revoke", v, "fixed:N (N >= 0), all, none")
			}
			v = "fixed:" + strconv.Itoa(n)
		default:
			return valueError("revoke", v, "fixed:N (N >= 0), all, none")
		}
		rs.Revoke = v
		return nil
	},
	get: func(rs *Ruleset) string { return rs.Revoke },
}

var nilFailParam = &param{
	key: "nil-fail", family: Spades, option: true, required: true, values: "0, -100",
	set: func(rs *Ruleset, v string) error {
		switch v {
		case "0":
			rs.NilFail = 0
		case "-100":
			rs.NilFail = -100
		default:
			return valueError("nil-fail", v, "0, -100")
		}
		return nil
	},
	get: func(rs *Ruleset) string { return strconv.Itoa(rs.NilFail) },
}

var endParam = &param{
	key: "end", family: Hearts, option: true, required: true, values: "reach, exceed, rounds (also reach:N, exceed:N, rounds:N)",
	set: func(rs *Ruleset, v string) error {
		kind, num, hasNum := strings.Cut(v, ":")
		if kind != "reach" && kind != "exceed" && kind != "rounds" {
			return valueError("end", v, "reach, exceed, rounds (also reach:N, exceed:N, rounds:N)")
		}
		if hasNum {
			n, err := strconv.Atoi(num)
			if err != nil || n < 1 || n > maxInt {
				return valueError("end", v, "reach, exceed, rounds (also reach:N, exceed:N, rounds:N with N > 0)")
			}
			if kind == "rounds" {
				rs.Rounds = n
			} else {
				rs.Target = n
			}
		}
		rs.End = kind
		return nil
	},
	get: func(rs *Ruleset) string { return rs.End },
}

// ---- YAML helpers ----

// nodeErr is an error at a node's position; the loader adds the file name.
func nodeErr(n *yaml.Node, msg string) error {
	return &parse.Error{Pos: parse.Pos{Line: n.Line, Col: n.Column}, Msg: msg}
}

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

func parseCards(v string) ([]parse.Card, error) {
	var out []parse.Card
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		c, err := parse.ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// decodeCards reads a list of cards: a sequence, or a scalar with cards separated by spaces.
func decodeCards(n *yaml.Node, key string) ([]parse.Card, error) {
	var out []parse.Card
	switch n.Kind {
	case yaml.ScalarNode:
		cs, err := parseCards(n.Value)
		if err != nil {
			return nil, nodeErr(n, key+": "+err.Error())
		}
		out = cs
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, nodeErr(e, key+": want a card")
			}
			c, err := parse.ParseCard(e.Value)
			if err != nil {
				return nil, nodeErr(e, key+": "+err.Error())
			}
			out = append(out, c)
		}
	default:
		return nil, nodeErr(n, key+": want a list of cards")
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// decodeByPlayers reads a mapping from player counts to values; empty gives nil.
func decodeByPlayers[T any](n *yaml.Node, key string, f func(*yaml.Node) (T, error)) (map[int]T, error) {
	if n.Kind != yaml.MappingNode {
		return nil, nodeErr(n, key+": want a mapping from player counts, e.g. {3: ..., 5: ...}")
	}
	m := map[int]T{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		c, err := strconv.Atoi(k.Value)
		if k.Kind != yaml.ScalarNode || err != nil || c < 2 {
			return nil, nodeErr(k, fmt.Sprintf("%s: %q is not a player count (a whole number >= 2)", key, k.Value))
		}
		if _, dup := m[c]; dup {
			return nil, nodeErr(k, fmt.Sprintf("%s: %d given twice", key, c))
		}
		x, err := f(v)
		if err != nil {
			return nil, err
		}
		m[c] = x
	}
	if len(m) == 0 {
		return nil, nil
	}
	return m, nil
}

func encodeByPlayers[T any](m map[int]T, f func(T) *yaml.Node) *yaml.Node {
	if len(m) == 0 {
		return nil
	}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
	for _, k := range keys {
		n.Content = append(n.Content, intNode(k), f(m[k]))
	}
	return n
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

func cardsNode(cs []parse.Card) *yaml.Node {
	ss := make([]string, len(cs))
	for i, c := range cs {
		ss[i] = c.String()
	}
	return flowSeq(ss)
}

// flowMap builds {k: v, ...} from alternating string keys and value nodes.
func flowMap(kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Content = append(n.Content, strNode(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return n
}
