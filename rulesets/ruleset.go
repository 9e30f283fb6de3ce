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
package rulesets

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// Families of games.
const (
	Hearts = "hearts" // the Hearts family: avoid penalty cards
	Spades = "spades" // bidding games with spades as trump
)

// Ruleset is one set of rules. Field names follow RULES.md; the YAML keys are the option keys
// wherever an option sets the same parameter, so `tricks rulesets NAME` output, edited, is a
// valid ruleset file and options read like the file.
type Ruleset struct {
	Name    string `yaml:"name"`
	Extends string `yaml:"extends,omitempty"` // only in user files; resolved and cleared at load time
	Summary string `yaml:"summary"`
	Family  string `yaml:"family"` // Hearts or Spades
	Players Range  `yaml:"players"`
	Decks   int    `yaml:"decks"` // 1, or 2 for the cancellation game (RULES §5)

	// Deck. Removed lists the cards taken out for a player count (single deck). With two
	// decks, RemovalOrder is taken from in order until the rest divides evenly (RULES §5).
	Removed      map[int][]parse.Card `yaml:"removed,omitempty"`
	RemovalOrder []parse.Card         `yaml:"removal-order,omitempty"`

	// Hearts family.
	PassCount          int              `yaml:"pass-count"`                      // cards each player passes
	PassCountByPlayers map[int]int      `yaml:"pass-count-by-players,omitempty"` // overrides PassCount
	Pass               []string         `yaml:"pass"`                            // cycle by round: left right across left2 right2 hold
	PassByPlayers      map[int][]string `yaml:"pass-by-players,omitempty"`       // overrides Pass
	NoPass             []parse.Card     `yaml:"no-pass,omitempty"`               // cards that may never be passed
	FirstLead          string           `yaml:"first-lead"`                      // lowest-club | any-club | eldest (Spades: unused, eldest leads)
	FirstLeadByPlayers map[int]string   `yaml:"first-lead-by-players,omitempty"` // overrides FirstLead
	FirstTrickBan      OnOff            `yaml:"first-trick-ban"`
	HeartsBroken       OnOff            `yaml:"hearts-broken"`
	QueenBreaksHearts  OnOff            `yaml:"queen-breaks-hearts"`
	Values             map[string]int   `yaml:"values,omitempty"` // "H" (a suit) or "QS" (a card) -> points; a card entry wins over its suit
	JDBonus            OnOff            `yaml:"jd-bonus"`         // JD scores -10
	TDBonus            OnOff            `yaml:"td-bonus"`         // TD scores -10
	NoTricksBonus      int              `yaml:"no-tricks-bonus"`  // subtracted from a player who won no trick
	Moon               string           `yaml:"moon"`             // none | old | new | choice
	Revoke             string           `yaml:"revoke"`           // fixed:N | all | none
	ExactReset         int              `yaml:"exact-reset"`      // 0 = off

	// End of game, both families.
	End    string `yaml:"end"`    // reach | exceed | rounds
	Target int    `yaml:"target"` // threshold of reach / exceed
	Rounds int    `yaml:"rounds"` // length of end=rounds; 0 = three rounds per player

	// Spades (RULES §6).
	Teams          OnOff  `yaml:"teams,omitempty"`
	Nil            OnOff  `yaml:"nil,omitempty"`
	NilFail        int    `yaml:"nil-fail,omitempty"`   // 0 or -100
	DoubleNil      OnOff  `yaml:"double-nil,omitempty"` // on in both built-ins, so teams=on has it by default; no effect without teams
	FailedNilHelps OnOff  `yaml:"failed-nil-helps,omitempty"`
	Blind          OnOff  `yaml:"blind,omitempty"`
	BDN            string `yaml:"bdn,omitempty"` // 800 | win
	BagPenalty     OnOff  `yaml:"bag-penalty,omitempty"`
	BagCap         int    `yaml:"bag-cap,omitempty"` // 0 = no cap
	Under          string `yaml:"under,omitempty"`   // zero | diff | bid
	Quicksand      OnOff  `yaml:"quicksand,omitempty"`
	SpadesBroken   OnOff  `yaml:"spades-broken,omitempty"`
	Jokers         string `yaml:"jokers,omitempty"` // none | high | fool
	JokersReplace  OnOff  `yaml:"jokers-replace,omitempty"`
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

// PassOffset returns how many seats clockwise (left) a pass direction sends cards at a table
// of n seats: left 1, right n-1, across n/2, left2 2, right2 n-2, hold 0. ok is false for a
// direction that does not exist at that table (across with an odd count, an unknown word).
func PassOffset(dir string, n int) (int, bool) {
	switch dir {
	case "hold", "none":
		return 0, true
	case "left":
		return 1 % n, n > 1
	case "right":
		return (n - 1) % n, n > 1
	case "across":
		return n / 2, n%2 == 0 && n > 1
	case "left2":
		return 2 % n, n > 2
	case "right2":
		return (n - 2 + n) % n, n > 2
	}
	return 0, false
}
