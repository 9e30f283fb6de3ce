package rulesets

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// String returns the ruleset's name.
func (rs *Ruleset) String() string { return rs.Name }

// Clone returns a deep copy: changing the copy (Set, or its maps and slices) leaves rs alone.
// nil maps and slices stay nil.
func (rs *Ruleset) Clone() *Ruleset {
	if rs == nil {
		return nil
	}
	c := *rs
	c.Removed = cloneLists(rs.Removed)
	c.RemovalOrder = slices.Clone(rs.RemovalOrder)
	c.PassCountByPlayers = maps.Clone(rs.PassCountByPlayers)
	c.Pass = slices.Clone(rs.Pass)
	c.PassByPlayers = cloneLists(rs.PassByPlayers)
	c.NoPass = slices.Clone(rs.NoPass)
	c.FirstLeadByPlayers = maps.Clone(rs.FirstLeadByPlayers)
	c.Values = maps.Clone(rs.Values)
	return &c
}

// cloneLists copies a by-players mapping of lists and each list; nil stays nil.
func cloneLists[S ~[]E, E any](m ByPlayers[S]) ByPlayers[S] {
	if m == nil {
		return nil
	}
	c := make(ByPlayers[S], len(m))
	for k, v := range m {
		c[k] = slices.Clone(v)
	}
	return c
}

// Marshal writes every parameter of the ruleset's family as a YAML ruleset file without
// extends, in a fixed key order; Load and Parse read it back unchanged. It is what
// `tricks rulesets NAME` prints. Keys of the other family are left out, and so are empty
// optional keys (removed, removal-order, the by-players overrides, no-pass).
func (rs *Ruleset) Marshal() ([]byte, error) {
	root := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, p := range params() {
		if !p.appliesTo(rs.Family) {
			continue
		}
		if v := p.encode(rs); v != nil {
			root.Content = append(root.Content, strNode(p.key), v)
		}
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Validate checks what no single key can: the family, the player range, the deck, and that
// the parameters Table needs are there. Load runs it on every file.
func (rs *Ruleset) Validate() error {
	var errs []error
	if r, ok := parse.ValidString(rs.Name); !ok {
		// The name is the game line of the games written under it (simulate): a transcript
		// cannot hold it otherwise.
		errs = append(errs, fmt.Errorf("name %s holds %U, which a transcript cannot (a control character, or a byte that is not UTF-8)", parse.Quote(rs.Name), r))
	}
	if rs.Family != Hearts && rs.Family != Spades {
		errs = append(errs, fmt.Errorf("family %q is neither %s nor %s", rs.Family, Hearts, Spades))
	}
	if rs.Players.Min < 2 || rs.Players.Max < rs.Players.Min {
		errs = append(errs, fmt.Errorf("players %d-%d is not a range of player counts (2 <= min <= max)", rs.Players.Min, rs.Players.Max))
	}
	if rs.Family == Hearts {
		if rs.Decks != 1 && rs.Decks != 2 {
			errs = append(errs, fmt.Errorf("decks is %d (valid: 1, 2)", rs.Decks))
		}
		if rs.Decks == 2 && len(rs.RemovalOrder) == 0 {
			errs = append(errs, errors.New("two decks need a removal-order (RULES §5: 2C 2D 2C 2D 3C 3D)"))
		}
		if len(rs.Pass) == 0 {
			errs = append(errs, errors.New("pass is empty (hold for no passing)"))
		}
		if rs.Moon == MoonUnset || rs.Revoke.Kind == RevokeUnset || rs.End == EndUnset || rs.FirstLead == FirstLeadUnset {
			errs = append(errs, errors.New("moon, revoke, end and first-lead must be given"))
		}
	}
	return errors.Join(errs...)
}

// PlayerCountError is the input error for a player count the ruleset does not seat
// (RULES §7: exit 2, naming the range).
type PlayerCountError struct {
	Ruleset string
	N       int
	Msg     string // "hearts seats 3 to 6 players, not 7"
}

func (e *PlayerCountError) Error() string { return e.Msg }

// CheckPlayers reports whether a game of n players can be played: within Players, and for
// Spades 4 players, or 3 or 6 with jokers (54 cards; jokers-replace keeps 52, so 4), and 4
// with teams=on. It also resolves the Table, so a pass direction that does not exist at that
// table (across with 5) is reported here. The error is a *PlayerCountError for a count out of
// range, and Table's error otherwise.
func (rs *Ruleset) CheckPlayers(n int) error {
	bad := func(format string, args ...any) error {
		return &PlayerCountError{Ruleset: rs.Name, N: n, Msg: fmt.Sprintf(format, args...) + fmt.Sprintf(", not %d", n)}
	}
	rangeMsg := func() string {
		if rs.Players.Min == rs.Players.Max {
			return fmt.Sprintf("%s seats %d players", rs.Name, rs.Players.Min)
		}
		return fmt.Sprintf("%s seats %d to %d players", rs.Name, rs.Players.Min, rs.Players.Max)
	}
	if rs.Family == Spades {
		if msg, ok := rs.spadesSeats(n); !ok {
			return bad("%s", msg)
		}
	}
	if n < rs.Players.Min || n > rs.Players.Max {
		return bad("%s", rangeMsg())
	}
	var t Table
	return rs.seat(&t, n) // (the cards' values cannot fail)
}

// HasJokers reports whether the jokers are in the deck (jokers=high or jokers=fool; RULES §7).
func (rs *Ruleset) HasJokers() bool { return rs.Jokers == JokersHigh || rs.Jokers == JokersFool }

// spadesSeats says whether Spades with the current teams and jokers options deals to n
// players (RULES §7), and if not, which counts it seats.
func (rs *Ruleset) spadesSeats(n int) (string, bool) {
	switch {
	case bool(rs.Teams):
		return rs.Name + " with teams=on seats 4 players", n == 4
	case !rs.HasJokers():
		return rs.Name + " seats 4 players, or 3 or 6 with jokers=high or jokers=fool", n == 4
	case bool(rs.JokersReplace):
		return rs.Name + " with jokers-replace=on (52 cards) seats 4 players, or 3 or 6 with jokers-replace=off", n == 4
	default:
		return rs.Name + " with jokers (54 cards) seats 3 or 6 players, or 4 with jokers-replace=on", n == 3 || n == 6
	}
}
