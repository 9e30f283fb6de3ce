// Package score turns a replayed game into its result: card points, moons, revoke
// penalties, Spades contracts and bags, resets, running totals, end of game and winner.
//
// The whole check of a transcript, as `tricks score` does it, is reader.ParseFile, then for
// each game rulesets.Resolver.Resolve, validate.Game and Score (see the package example).
//
// The scorer reports four rule codes of its own beside the checker's violations:
// BlindNotAllowed, AfterGameEnd, ScoreMismatch and BadTiebreak need the scores, so `tricks
// validate` runs the scorer too. A Scorer scores a game round by round for a program that decides what comes
// next from how the game stands (the game generator, package score/simulate).
package score

import (
	"encoding/json"

	"github.com/tricks-dev/tricks/validate"
)

// Result is one game's result; its JSON is the result object of cmd/tricks/CLI.md's "score results".
type Result struct {
	File    string   `json:"file"`
	Game    int      `json:"game"`
	Ruleset string   `json:"ruleset"`
	Players []string `json:"players"`
	// Sides names the partnerships ("ann+cat") in partnership games; points and totals are
	// then keyed by side.
	Sides      []string             `json:"sides,omitempty"`
	Rounds     []RoundResult        `json:"rounds"`
	Totals     Scores               `json:"totals"`
	Bags       *Scores              `json:"bags,omitempty"`
	Finished   bool                 `json:"finished"`
	Winner     *string              `json:"winner"`
	Tied       []string             `json:"tied,omitempty"`
	Violations []validate.Violation `json:"violations"`
	// UnitOf is the scoring unit of each player (an index in Totals.Keys), as
	// rulesets.Units seats them: the members of a side are the players of its index.
	UnitOf []int `json:"-"`
}

// RoundResult is one round's result.
type RoundResult struct {
	Round      int                  `json:"round"`
	Dealer     *string              `json:"dealer"`
	Tiebreak   []string             `json:"tiebreak,omitempty"`
	Bids       *Words               `json:"bids,omitempty"`
	Points     Scores               `json:"points"`
	Totals     Scores               `json:"totals"`
	Bags       *Scores              `json:"bags,omitempty"`
	BagPenalty *Scores              `json:"bag_penalty,omitempty"`
	Moon       *Moon                `json:"moon"`
	Violations []validate.Violation `json:"violations"`
	// Informative figures.
	// PenaltyTotal is how many penalty cards the round had in play: a count of cards, not
	// points (14 in Hearts: 13 hearts and QS).
	PenaltyTotal *int     `json:"penalty_cards_in_play,omitempty"`
	PenaltyCards *Scores  `json:"penalty_cards,omitempty"` // penalty cards each player took
	Tricks       *Scores  `json:"tricks,omitempty"`        // tricks each player won
	Carried      int      `json:"carried,omitempty"`       // tricks nobody won (cancellation)
	Resets       []string `json:"resets,omitempty"`
	Notes        []string `json:"notes,omitempty"`
	// Ignored marks a round recorded after the game ended: reported, not scored.
	Ignored bool `json:"ignored,omitempty"`
	// Sheet marks a sheet round: scored from the table's figures, no play (RULES §7).
	Sheet bool `json:"sheet,omitempty"`
	// Uncertain marks a round whose points a transcript error leaves uncertain (a card not
	// held, a trick mended or missing, a leader guessed, points no deal gives);
	// TotalsUncertain marks the totals from the first such round on.
	Uncertain       bool `json:"uncertain,omitempty"`
	TotalsUncertain bool `json:"totals_uncertain,omitempty"`
	// Contracts is how a scored Spades round judged each unit's bids: Contracts[u] is unit
	// u's (nil when the round was not scored: no play, or after the game ended).
	Contracts []Contract `json:"-"`
}

// Contract is how the scorer judged one unit's bids in a Spades round (RULES §6, §7). Sets
// of players have bit i for the player at index i of the result's Players.
type Contract struct {
	// Bidders are the players whose number bids make the unit's contract (a missing bid
	// is a plain 0); none when every member bid nil.
	Bidders uint64
	Bid     int  // the contract: the sum of the number bids
	Took    int  // the tricks counted toward it (a failed nil's too where they help)
	Blind   bool // a number bid of the unit is blind: the contract is made only exactly
	Made    bool
	// Nils are the players whose bids count as nil under the ruleset, BlindNils those of
	// them bid blind, NilsMade those judged made. A double nil is judged together: both
	// made, or both failed.
	Nils, BlindNils, NilsMade uint64
	DoubleNil                 bool
	Bags                      int // bags taken in the round, after the cap
	BagPenalties              int // ten-bag penalties paid after the round
}

// Moon says who shot the moon and how it was scored.
type Moon struct {
	Player  string `json:"player"`
	Scoring string `json:"scoring"` // old | new
	Choice  string `json:"choice"`  // recorded | auto
}

// Scores is a map from player (or side) to a number that keeps its keys in table order.
type Scores struct {
	Keys []string
	Vals []int
}

// NewScores returns a Scores over keys with zero values.
func NewScores(keys []string) Scores { return Scores{Keys: keys, Vals: make([]int, len(keys))} }

// Get returns the value of key k (0 when absent).
func (s Scores) Get(k string) int {
	for i, key := range s.Keys {
		if key == k {
			return s.Vals[i]
		}
	}
	return 0
}

// MarshalJSON writes a JSON object in key order.
func (s Scores) MarshalJSON() ([]byte, error) {
	return s.appendJSON(make([]byte, 0, 2+len(s.Keys)*16)), nil
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it: directly when no
// byte needs escaping (printable ASCII other than " \\ < > &), else through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Words is like Scores with string values (Spades bids as written: "4", "nil", "b3").
type Words struct {
	Keys []string
	Vals []string
}

// MarshalJSON writes a JSON object in key order.
func (w Words) MarshalJSON() ([]byte, error) {
	return w.appendJSON(make([]byte, 0, 2+len(w.Keys)*16)), nil
}
