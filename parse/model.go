package parse

// The transcript model shared by the text and YAML front ends. Every element keeps the
// position of the statement (text) or node (YAML) it came from, so later stages can say
// where a problem is. Names are kept as written; the replay resolves them to seats.

// Game is one transcript: a ruleset, options, players, metadata and rounds.
type Game struct {
	File  string // file name as given on the command line ("-" for standard input)
	Index int    // 1-based position of the game in its file
	Pos   Pos    // first statement of the game

	Ruleset    string // ruleset name or file from the "game" statement; "" if absent
	RulesetPos Pos
	Players    []string // clockwise; the first deals round 1 unless the round names a dealer
	PlayersPos Pos
	Options    []KV // in order of appearance, each key once
	Meta       []KV
	Rounds     []*Round
	Comments   *GameComments // nil when the game holds no comment
}

// Comments are what a person wrote after '#' at one statement, kept so that convert writes
// them back: the comment lines just before the statement, and the comment at the end of its
// line. Each is the text after the '#' and one blank, without blanks at its end.
type Comments struct {
	Before []string
	Line   string
}

// Empty reports whether c holds no comment (a nil c holds none).
func (c *Comments) Empty() bool { return c == nil || len(c.Before) == 0 && c.Line == "" }

// Add adds the comments of one more statement of the kind c is for (a second option line,
// bid line): its lines before after c's, its line comment after c's, one " # " apart.
func (c *Comments) Add(before []string, line string) {
	c.Before = append(c.Before, before...)
	switch {
	case c.Line == "":
		c.Line = line
	case line != "":
		c.Line += " # " + line
	}
}

// GameComments are the comments of a game's header statements, and those after its last
// statement. The game line's come first in a file: with no game line, they are written
// before the next statement written.
type GameComments struct {
	Game, Players, Options, Meta Comments
	End                          []string // comment lines after the game's last statement
}

// RoundComments are the comments of a round's statements that are one per round: the round
// line and the lines that list every player (bid, tricks, score, total) or claim.
type RoundComments struct {
	Round, Bids, Claim, Taken, Score, Total Comments
}

// KV is one key=value pair of an option or meta statement.
type KV struct {
	Key, Value string
	Pos        Pos
}

// Round is one deal of the cards: normal, or a tie-break among some players.
type Round struct {
	Pos       Pos      // the "round" statement (YAML: the round's mapping)
	Dealer    string   // "" = by rotation
	DealerPos Pos      //
	Tiebreak  []string // non-nil for a tie-break round: the players taking part, as written

	Deal   []PlayerCards // each player's hand as dealt (optional)
	Passes []Pass        // cards passed before play (optional)
	Bids   []Bid         // Spades bids
	Tricks []Trick       // the play, in order
	Took   []PlayerCards // tally: the penalty/bonus cards each player took (hearts family)
	Taken  []Count       // tally: tricks taken per player (Spades)
	Moon   []Moon        // the shooter's recorded choice, where the ruleset lets them choose
	Score  []Count       // this round's points as the table recorded them
	Total  []Count       // running totals as the table recorded them
	Claim  *Claim        // the tricks not yet played, claimed (nil: none)

	ScorePos, TotalPos Pos // positions of the score / total statements

	Comments *RoundComments // nil when the round holds no comment
}

// IsSheet reports whether the round is a sheet round: only the table's figures (score and/or
// total), no play, tally, deal, passes, bids or claim.
func (r *Round) IsSheet() bool {
	return (len(r.Score) > 0 || len(r.Total) > 0) && len(r.Tricks) == 0 && len(r.Took) == 0 &&
		len(r.Taken) == 0 && len(r.Deal) == 0 && len(r.Passes) == 0 && len(r.Bids) == 0 &&
		len(r.Moon) == 0 && r.Claim == nil
}

// Claim is a claim of every trick not yet played: by one player ("claim ann": every trick
// left, with every card not yet played), or, in Spades, shared per player ("claim ann=2
// bob=1": the tricks left, adding up to them).
type Claim struct {
	Player string  // "claim NAME"; "" when Shares is given
	Shares []Count // "claim NAME=N ...": tricks per player (Spades)
	Pos    Pos     // the claim statement (YAML: its claim key)
}

// IsTally reports whether the round records what was taken instead of the play.
func (r *Round) IsTally() bool { return len(r.Tricks) == 0 && (len(r.Took) > 0 || len(r.Taken) > 0) }

// PlayerCards is a player's cards in a "deal" or "took" statement.
type PlayerCards struct {
	Player   string
	Cards    []Card
	Pos      Pos       // the statement
	Comments *Comments // nil: none
}

// Pass is one player's passed cards. To is "" unless the transcript names the recipient.
type Pass struct {
	Player   string
	To       string
	Cards    []Card
	Pos      Pos
	Comments *Comments // nil: none
}

// Bid is one Spades bid as written: "4", "0", "nil", "b3", "b0", "bnil".
type Bid struct {
	Player string
	N      int  // the number bid (0 for nil)
	Nil    bool // written "nil" or "bnil"
	Blind  bool // written with the "b" prefix
	Pos    Pos
}

// String spells the bid as the canonical text writes it.
func (b Bid) String() string {
	s := ""
	if b.Blind {
		s = "b"
	}
	if b.Nil {
		return s + "nil"
	}
	return s + itoa(b.N)
}

// Trick is one trick: an optional leader, and the cards in clockwise order from the leader.
type Trick struct {
	Leader string // "" = the previous winner, or the first-lead rule on trick 1
	Cards  []Card
	// Cols is the column of each card on the statement's line (0 where unknown). It is read
	// only: the readers share one list among the tricks and games whose cards stand alike.
	Cols     []int
	Pos      Pos       // the statement
	Comments *Comments // nil: none
}

// Count is a number per player: a "tricks" tally, or a recorded score or total.
type Count struct {
	Player string
	N      int
	Pos    Pos
}

// Moon is a shooter's recorded choice: Scoring is "old" or "new".
type Moon struct {
	Player   string
	Scoring  string
	Pos      Pos
	Comments *Comments // nil: none
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// DropComments takes every comment out of g: the game's, its rounds' and their statements'.
func (g *Game) DropComments() {
	g.Comments = nil
	for _, r := range g.Rounds {
		if r != nil {
			r.DropComments()
		}
	}
}

// DropComments takes every comment out of r: the round's and its statements'.
func (r *Round) DropComments() {
	r.Comments = nil
	for i := range r.Deal {
		r.Deal[i].Comments = nil
	}
	for i := range r.Took {
		r.Took[i].Comments = nil
	}
	for i := range r.Passes {
		r.Passes[i].Comments = nil
	}
	for i := range r.Tricks {
		r.Tricks[i].Comments = nil
	}
	for i := range r.Moon {
		r.Moon[i].Comments = nil
	}
}
