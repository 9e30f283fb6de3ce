// Package rulesets owns Ruleset: every parameter of RULES.md as plain data. The built-in
// rulesets are YAML files embedded with go:embed; user files may extend one; options from a
// transcript or the command line are applied on top. No other package knows a ruleset by name:
// a variant is a parameter value.
//
// Getting one: Builtin(name) (a fresh copy), Load(nameOrPath) (a built-in name or a YAML
// file), Parse(file, data). Names and List give the built-ins for `tricks rulesets`.
// Changing one: Set(key, value) applies an option of RULES.md §3 or §6 with the spec's keys
// and values; Get reads one back. Using one: CheckPlayers(n) for a game's table,
// Table(n) / TiebreakTable(n) for the deck, values, passes and first lead at n seats.
// Marshal writes the full parameters as a file that Load reads back unchanged.
//
// Which rules a game is played under (CLI.md "Which rules apply") is one function for the
// CLI, the tests and library users: NewChoice reads a command line's ruleset and options
// (and checks them once), and a Resolver built from it gives each game its Ruleset: the
// choice's ruleset or the game line's built-in one, the transcript's option lines, then the
// choice's options. Resolver.Own gives the transcript's own rules.
//
// A ruleset file is a YAML mapping whose keys are the option keys plus a few structural ones
// (name, summary, family, players, decks, removed, removal-order, pass-count-by-players,
// pass-by-players, no-pass, first-lead-by-players, values); see builtin/*.yaml. A file with
// `extends: NAME` (a built-in, or a file relative to this one) gives only what it changes;
// a file without extends gives every parameter of its family. Unknown keys, keys of the other
// family and bad values are errors at file:line:col.
//
// The Ruleset struct is the one description of the keys: each field's tags give its key,
// family, whether an option sets it and its valid values, and its type (a rule value such as
// Moon or FirstLead, whose spellings are one table in words.go; OnOff, Range, Cards, PassCycle,
// Revoke, ByPlayers, CardValues, or a plain string or int) reads and writes its values. The
// file loader, Set, Get, Keys, OptionKeys, OptionValues and Marshal all work from a table of
// the keys read from the struct (params.go; a test writes it as Go values, params_table.go,
// with -update after a field is added or changed), so a parameter is added in one place. The
// loader hands each value node to its field itself, not through yaml.v3's Unmarshaler, so that
// every bad key is reported, in source order at its position, with the key's valid values.
package rulesets

import "fmt"

// Families of games.
const (
	Hearts = "hearts" // the Hearts family: avoid penalty cards
	Spades = "spades" // bidding games with spades as trump
)

// Ruleset is one set of rules. Field names follow RULES.md; the YAML keys are the option keys
// wherever an option sets the same parameter, so `tricks rulesets NAME` output, edited, is a
// valid ruleset file and options read like the file.
//
// The fields are the one description of the keys (see params.go): the yaml tag names the key
// (omitempty: an optional key, left out when empty; otherwise a file without extends must give
// it); rule lists its family (none: both) and "option" for a key Set accepts, "text" for free
// text; valid spells the valid values for error messages (for a string, the words it takes;
// a rule-value type such as Moon spells its own, words.go); range bounds an integer (LO..HI,
// LO.. for no upper bound). A field's type says how its value is read and written. A field XByPlayers overrides X per player count, and setting X clears it.
// The field order is the order Marshal writes the keys and the loader applies them.
type Ruleset struct {
	Name    string `yaml:"name" rule:"text" valid:"a string"`
	Extends string `yaml:"extends,omitempty" rule:"-"` // only in user files; resolved and cleared at load time
	Summary string `yaml:"summary" rule:"text" valid:"a string"`
	Family  string `yaml:"family" valid:"hearts, spades"` // Hearts or Spades
	Players Range  `yaml:"players"`
	Decks   int    `yaml:"decks" rule:"hearts" valid:"1, 2" range:"1..2"` // 1, or 2 for the cancellation game (RULES §5)

	// Deck. Removed lists the cards taken out for a player count (single deck). With two
	// decks, RemovalOrder is taken from in order until the rest divides evenly (RULES §5).
	Removed      ByPlayers[Cards] `yaml:"removed,omitempty" rule:"hearts"`
	RemovalOrder Cards            `yaml:"removal-order,omitempty" rule:"hearts"`

	// Hearts family.
	PassCount          int                  `yaml:"pass-count" rule:"hearts,option" valid:"0, 1, 2, 3" range:"0..3"` // cards each player passes
	PassCountByPlayers ByPlayers[int]       `yaml:"pass-count-by-players,omitempty" rule:"hearts"`
	Pass               PassCycle            `yaml:"pass" rule:"hearts,option"` // cycle by round: left right across left2 right2 hold
	PassByPlayers      ByPlayers[PassCycle] `yaml:"pass-by-players,omitempty" rule:"hearts"`
	NoPass             Cards                `yaml:"no-pass,omitempty" rule:"hearts"` // cards that may never be passed
	FirstLead          FirstLead            `yaml:"first-lead" rule:"hearts,option"` // Spades: unused, eldest leads
	FirstLeadByPlayers ByPlayers[FirstLead] `yaml:"first-lead-by-players,omitempty" rule:"hearts"`
	FirstTrickBan      OnOff                `yaml:"first-trick-ban" rule:"hearts,option"`
	HeartsBroken       OnOff                `yaml:"hearts-broken" rule:"hearts,option"`
	QueenBreaksHearts  OnOff                `yaml:"queen-breaks-hearts" rule:"hearts,option"`
	Values             CardValues           `yaml:"values" rule:"hearts"`                                                           // "H" (a suit) or "QS" (a card) -> points; a card entry wins over its suit
	JDBonus            OnOff                `yaml:"jd-bonus" rule:"hearts,option"`                                                  // JD scores -10
	TDBonus            OnOff                `yaml:"td-bonus" rule:"hearts,option"`                                                  // TD scores -10
	NoTricksBonus      int                  `yaml:"no-tricks-bonus" rule:"hearts,option" valid:"a whole number N >= 0" range:"0.."` // subtracted from a player who won no trick
	Moon               Moon                 `yaml:"moon" rule:"hearts,option"`
	Revoke             Revoke               `yaml:"revoke" rule:"hearts,option"`
	ExactReset         int                  `yaml:"exact-reset" rule:"hearts,option" valid:"0 (off) or a whole number N > 0" range:"0.."`

	// Spades (RULES §6).
	Teams          OnOff  `yaml:"teams" rule:"spades,option"`
	Nil            OnOff  `yaml:"nil" rule:"spades,option"`
	NilFail        int    `yaml:"nil-fail" rule:"spades,option" valid:"0, -100"`
	DoubleNil      OnOff  `yaml:"double-nil" rule:"spades,option"` // on in both built-ins, so teams=on has it by default; no effect without teams
	FailedNilHelps OnOff  `yaml:"failed-nil-helps" rule:"spades,option"`
	Blind          OnOff  `yaml:"blind" rule:"spades,option"`
	BDN            BDN    `yaml:"bdn" rule:"spades,option"`
	BagPenalty     OnOff  `yaml:"bag-penalty" rule:"spades,option"`
	BagCap         int    `yaml:"bag-cap" rule:"spades,option" valid:"0 (no cap) or a whole number N > 0" range:"0.."`
	Under          Under  `yaml:"under" rule:"spades,option"`
	Quicksand      OnOff  `yaml:"quicksand" rule:"spades,option"`
	SpadesBroken   OnOff  `yaml:"spades-broken" rule:"spades,option"`
	Jokers         Jokers `yaml:"jokers" rule:"spades,option"`
	JokersReplace  OnOff  `yaml:"jokers-replace" rule:"spades,option"`

	// End of game. Spades ends at the target only (RULES §6), so end and rounds are hearts keys.
	End    End `yaml:"end" rule:"hearts,option"` // see setEnd
	Target int `yaml:"target" rule:"option" valid:"a whole number N > 0" range:"1.."`
	Rounds int `yaml:"rounds" rule:"hearts,option" valid:"0 (three rounds per player) or a whole number N > 0" range:"0.."` // 0 = three rounds per player
}

// Range is an inclusive range of player counts.
type Range struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

// OnOff is a boolean spelled on/off in files and options.
type OnOff bool

// MarshalYAML writes on or off.
func (b OnOff) MarshalYAML() (any, error) {
	if b {
		return "on", nil
	}
	return "off", nil
}

// UnmarshalText reads on/off (also true/false, yes/no, 1/0).
func (b *OnOff) UnmarshalText(t []byte) error {
	v, ok := ParseOnOff(string(t))
	if !ok {
		return fmt.Errorf("%q is not on or off", t)
	}
	*b = OnOff(v)
	return nil
}

// ParseOnOff reads on/off, true/false, yes/no, 1/0.
func ParseOnOff(s string) (bool, bool) {
	switch s {
	case "on", "true", "yes", "1":
		return true, true
	case "off", "false", "no", "0":
		return false, true
	}
	return false, false
}
