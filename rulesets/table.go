package rulesets

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
)

// Table is a ruleset resolved for one number of seats: the deck in play, card values,
// pass cycle, first lead. The replay and the scorer read only this and the Ruleset's flags.
// It is not changed once made: what Table derives from Value (Penalty, PenaltyCount, T, the
// groups of ValueGroups) is made with it, and a Value changed later would not reach them.
type Table struct {
	RS       *Ruleset
	Players  int
	Deck     parse.CardSet // the cards in play (first copies)
	Deck2    parse.CardSet // second copies in play (two-deck games)
	HandSize int

	PassCount int
	Pass      []PassDirection // cycle by normal round
	FirstLead FirstLead

	Value   [parse.NumCards]int // points of each card (0 for cards not in play too)
	Penalty parse.CardSet       // cards of positive value in play (either copy)
	// PenaltyCount counts penalty cards with both copies; T sums their values (RULES §2).
	PenaltyCount int
	T            int

	// Trump is the trump suit (Spades in the Spades family), parse.NoSuit without trump.
	Trump parse.Suit

	// the cards of Value grouped by value (ValueGroups), made with Value by Table
	groups  []ValueGroup
	valued  parse.CardSet
	grouped bool
}

// ValueGroup is the cards of one value of a table.
type ValueGroup struct {
	Value int
	Cards parse.CardSet
}

// ValueGroups returns the cards of t's values grouped by value, the cards of value 0 left
// out, in the order of each value's first card, and the cards of the groups: as Table made
// them with the values (shared: not to be changed), or, for a Table built otherwise, made
// now.
func (t *Table) ValueGroups() ([]ValueGroup, parse.CardSet) {
	if t.grouped {
		return t.groups, t.valued
	}
	return groupValues(&t.Value)
}

// groupValues groups the cards of the values by value (ValueGroups).
func groupValues(value *[parse.NumCards]int) (groups []ValueGroup, valued parse.CardSet) {
next:
	for c := parse.Card(0); c < parse.NumCards; c++ {
		v := value[c]
		if v == 0 {
			continue
		}
		valued |= 1 << c
		for i := range groups {
			if groups[i].Value == v {
				groups[i].Cards |= 1 << c
				continue next
			}
		}
		groups = append(groups, ValueGroup{v, 1 << c})
	}
	return groups, valued
}

// Table resolves the ruleset for n seats. It does not check Players (a tie-break round seats
// fewer; CheckPlayers does that for a game); it fails when the deck does not deal evenly to n
// or a parameter does not fit n (a pass "across" with an odd count). A single-deck hearts
// game removes Removed[n] (none listed: the full deck, so 2 players hold 26 each); a two-deck
// game takes 104 mod n cards from RemovalOrder (2 players: both decks, 52 each). First lead
// follows FirstLeadByPlayers[n], else FirstLead; Spades always has eldest lead.
func (rs *Ruleset) Table(n int) (*Table, error) {
	t := &Table{}
	if err := rs.seat(t, n); err != nil {
		return nil, err
	}
	suits := rs.suitValues()
	for c := parse.Card(0); c < parse.NumCards; c++ {
		t.Value[c] = rs.cardValue(c, &suits)
	}
	t.groups, t.valued = groupValues(&t.Value)
	t.grouped = true
	t.setPenalty()
	return t, nil
}

// seat sets what Table says of n seats but the values of the cards: the deck, the hands, the
// passes and the first lead; it fails as Table fails.
func (rs *Ruleset) seat(t *Table, n int) error {
	if n < 1 {
		return fmt.Errorf("no players")
	}
	t.RS, t.Players, t.Trump = rs, n, parse.NoSuit
	if rs.Family == Spades {
		t.Trump = parse.Spades
	}
	var err error
	if t.Deck, t.Deck2, err = rs.deck(n); err != nil {
		return err
	}
	cards := t.Deck.Len() + t.Deck2.Len()
	t.HandSize = cards / n
	if cards%n != 0 {
		return fmt.Errorf("%s: %d cards do not deal evenly to %d players", rs.Name, cards, n)
	}

	t.PassCount = rs.PassCount
	if v, ok := rs.PassCountByPlayers[n]; ok {
		t.PassCount = v
	}
	t.Pass = rs.Pass
	if v, ok := rs.PassByPlayers[n]; ok {
		t.Pass = v
	}
	if len(t.Pass) == 0 {
		t.Pass = []PassDirection{PassHold}
	}
	for _, d := range t.Pass {
		if _, ok := d.Offset(n); !ok {
			return fmt.Errorf("pass direction %q does not exist with %d players", d, n)
		}
	}
	t.FirstLead = rs.FirstLead
	if v, ok := rs.FirstLeadByPlayers[n]; ok {
		t.FirstLead = v
	}
	if rs.Family == Spades {
		t.FirstLead = FirstLeadEldest // RULES §6: eldest leads trick 1
	}
	return nil
}

// deck returns the cards in play at n seats: first copies, and second copies with two decks.
func (rs *Ruleset) deck(n int) (deck, deck2 parse.CardSet, err error) {
	switch {
	case rs.Family == Spades:
		deck = parse.FullDeck
		if rs.HasJokers() {
			deck |= parse.Jokers
			if rs.JokersReplace {
				deck = deck.Without(parse.NewCard(parse.Clubs, 0)).Without(parse.NewCard(parse.Diamonds, 0))
			}
		}
		return deck, 0, nil
	case rs.Decks == 2:
		drop := 104 % n
		if drop > len(rs.RemovalOrder) {
			return 0, 0, fmt.Errorf("%s cannot deal two decks evenly to %d players", rs.Name, n)
		}
		deck, deck2 = parse.FullDeck, parse.FullDeck
		for _, c := range rs.RemovalOrder[:drop] {
			if deck2.Has(c) {
				deck2 = deck2.Without(c)
			} else {
				deck = deck.Without(c)
			}
		}
		return deck, deck2, nil
	}
	return parse.FullDeck &^ parse.Set(rs.Removed[n]...), 0, nil
}

// setPenalty derives the penalty cards, their count and T from the deck and the values.
func (t *Table) setPenalty() {
	t.Penalty, t.PenaltyCount, t.T = 0, 0, 0
	for c := parse.Card(0); c < parse.NumCards; c++ {
		if t.Value[c] > 0 && (t.Deck.Has(c) || t.Deck2.Has(c)) {
			t.Penalty = t.Penalty.With(c)
			for _, d := range []parse.CardSet{t.Deck, t.Deck2} {
				if d.Has(c) {
					t.PenaltyCount++
					t.T += t.Value[c]
				}
			}
		}
	}
}

// WithDeckOf returns t dealt from o's deck: the cards o puts in play and its hand size, with
// the penalty cards and T that t's values give them (RULES §7: the recorded play is a fact,
// and T sums the cards actually in play). It returns t itself when the decks are the same.
func (t *Table) WithDeckOf(o *Table) *Table {
	if o == nil || t.Deck == o.Deck && t.Deck2 == o.Deck2 {
		return t
	}
	c := *t
	c.Deck, c.Deck2, c.HandSize = o.Deck, o.Deck2, o.HandSize
	c.setPenalty()
	return &c
}

// TiebreakTable resolves the ruleset for a tie-break round of n participants (RULES §7):
// deck, removed cards, first lead and T follow n as in Table, but nobody passes (Pass is
// [hold], PassCount 0), so a pass cycle that does not exist at n seats is no error.
func (rs *Ruleset) TiebreakTable(n int) (*Table, error) {
	c := *rs
	c.Pass, c.PassByPlayers = PassCycle{PassHold}, nil
	c.PassCount, c.PassCountByPlayers = 0, nil
	t, err := c.Table(n)
	if err != nil {
		return nil, err
	}
	t.RS = rs
	return t, nil
}

// CardValue is the points the winner of a trick holding c scores (hearts family).
func (rs *Ruleset) CardValue(c parse.Card) int {
	suits := rs.suitValues()
	return rs.cardValue(c, &suits)
}

// suitValue is the value that a suit's entry of Values gives its cards; ok is false without
// one.
type suitValue struct {
	v  int
	ok bool
}

// suitValues looks up the entry of each suit (and of NoSuit) in Values.
func (rs *Ruleset) suitValues() (sv [parse.NoSuit + 1]suitValue) {
	for s := parse.Clubs; s <= parse.NoSuit; s++ {
		sv[s].v, sv[s].ok = rs.Values[s.String()]
	}
	return sv
}

// cardValue is CardValue, the entries of the suits looked up already (suitValues): Table
// looks them up once for its 54 cards.
func (rs *Ruleset) cardValue(c parse.Card, suits *[parse.NoSuit + 1]suitValue) int {
	if rs.Family != Hearts {
		return 0
	}
	jd, td := parse.NewCard(parse.Diamonds, 9), parse.NewCard(parse.Diamonds, 8)
	if c == jd && rs.JDBonus {
		return -10
	}
	if c == td && rs.TDBonus {
		return -10
	}
	if v, ok := rs.Values[c.String()]; ok {
		return v
	}
	if s := suits[c.Suit()]; s.ok && !c.IsJoker() {
		return s.v
	}
	return 0
}

// RevokePenalty returns the revoke penalty's kind and, for RevokeFixed, the points N each
// revoke adds (0 for the other kinds).
func (rs *Ruleset) RevokePenalty() (kind RevokeKind, n int) { return rs.Revoke.Kind, rs.Revoke.N }

// RoundsFor is the length of an end=rounds game with n players.
func (rs *Ruleset) RoundsFor(n int) int {
	if rs.Rounds > 0 {
		return rs.Rounds
	}
	return 3 * n
}
