package reader

import (
	"strings"

	"github.com/tricks-dev/tricks/parse"
)

// The comments of text. A statement with a '#' after it never takes the fast statements' way
// (fast.go declines it, and playLines stops at it), so the lines without comments, most
// lines, do nothing for them: parseLine splits the comment from the statement and attaches it,
// with the comment lines before it, to the statement the line made (attach). A line that is
// only a comment is kept for the next statement (comment), and a statement the fast
// statements read is given the comment lines before it (fastLine), as parseLine does.

// commentAt returns the offset of the '#' that starts the comment of line s (the first one
// outside a double-quoted string), -1 when s has none.
func commentAt(s string) int {
	i := strings.IndexByte(s, '#')
	if i < 0 || strings.IndexByte(s[:i], '"') < 0 {
		return i
	}
	inq := false
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case inq && c == '\\':
			j++
		case c == '"':
			inq = !inq
		case c == '#' && !inq:
			return j
		}
	}
	return -1
}

// firstWord returns the first word of s, between blanks ("" when s is blank).
func firstWord(s string) string {
	i := 0
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isBlank(s[j]) {
		j++
	}
	return s[i:j]
}

// commentText is the text of comment c (from its '#'): after the '#' and one blank, without
// blanks at the end, as the model keeps it.
func commentText(c string) string {
	e := len(c)
	for e > 1 && isBlank(c[e-1]) { // (a loop: TrimRight makes a set of its cutset each call)
		e--
	}
	c = c[1:e]
	if len(c) > 0 && (c[0] == ' ' || c[0] == '\t') {
		c = c[1:]
	}
	return c
}

// comment records comment c (from its '#') of the current line, whose statement is empty
// when the line holds only the comment: kept for the next statement. Otherwise it returns
// the comment's text, for attach. Without comments (noComments) it keeps nothing and
// returns "".
func (p *textParser) comment(c string, empty bool) string {
	if p.noComments {
		return ""
	}
	t := p.ownValue(commentText(c))
	if empty {
		if p.pending == nil {
			p.pending = p.mem.commentLines()
		}
		p.pending = append(p.pending, t)
		return ""
	}
	return t
}

// attach gives the statement of keyword kw just read the comment lines before it and its
// line comment: to the game for a header statement, to the round for a statement it has
// once, else to the entry the statement added (the last of its list).
func (p *textParser) attach(kw, line string) {
	before := p.pending
	p.pending = nil
	if len(before) == 0 && line == "" || !isKeyword(kw) {
		return // (an unknown statement is an error, said: its comments go with the game)
	}
	if c := p.headerComments(kw); c != nil { // (the game's: the next game starts without)
		addComments(c, before, line)
		return
	}
	p.mem.commented = true
	r := p.round()
	if c := roundComments(r, kw); c != nil {
		addComments(c, before, line)
		return
	}
	var at **parse.Comments
	switch kw {
	case "deal":
		at = lastComments(r.Deal, func(e *parse.PlayerCards) **parse.Comments { return &e.Comments })
	case "took":
		at = lastComments(r.Took, func(e *parse.PlayerCards) **parse.Comments { return &e.Comments })
	case "pass":
		at = lastComments(r.Passes, func(e *parse.Pass) **parse.Comments { return &e.Comments })
	case "trick":
		at = lastComments(r.Tricks, func(e *parse.Trick) **parse.Comments { return &e.Comments })
	case "moon":
		at = lastComments(r.Moon, func(e *parse.Moon) **parse.Comments { return &e.Comments })
	}
	if at == nil { // a statement that made no entry (an error, said): the round keeps them
		addComments(&p.roundOf().Round, before, line)
		return
	}
	if *at == nil {
		*at = &parse.Comments{}
	}
	addComments(*at, before, line)
}

// addComments adds the comment lines before a statement and its line comment to c
// (Comments.Add): to a c without any, the lines as they are, which the parser hands on (they
// are the pending lines of one statement, not kept after it).
func addComments(c *parse.Comments, before []string, line string) {
	if c.Before == nil && c.Line == "" {
		c.Before, c.Line = before, line
		return
	}
	c.Add(before, line)
}

// commentLines returns an empty list for the first comment lines of a game: a GameBuffer's
// array, taken once a game (the lines go to the game, which keeps them until the next game
// parsed into the buffer), else nil (append makes one).
func (m *gameMem) commentLines() []string {
	if !m.reused || m.arenaKept || m.linesTaken {
		return nil
	}
	m.linesTaken = true
	if m.lines == nil {
		m.lines = make([]string, 0, 4)
	}
	return m.lines[:0]
}

// headerComments returns the game's comments of header keyword kw, nil for another keyword.
func (p *textParser) headerComments(kw string) *parse.Comments {
	switch kw {
	case "game", "players", "option", "meta":
	default:
		return nil
	}
	g := p.g
	if g.Comments == nil {
		g.Comments = p.mem.gameComments()
	}
	switch kw {
	case "game":
		return &g.Comments.Game
	case "players":
		return &g.Comments.Players
	case "option":
		return &g.Comments.Options
	}
	return &g.Comments.Meta
}

// gameComments returns empty comments for a game's header: a GameBuffer's (the game keeps
// them until the next game parsed into the buffer), else new ones. (The memory of the games
// Next keeps, arenaKept, is reused too, but what its games' arrays point to is theirs for
// good: keptmem.go.)
func (m *gameMem) gameComments() *parse.GameComments {
	if !m.reused || m.arenaKept {
		return &parse.GameComments{}
	}
	m.head = parse.GameComments{}
	return &m.head
}

// roundOf returns the comments of the current round, made when it has none.
func (p *textParser) roundOf() *parse.RoundComments {
	r := p.round()
	if r.Comments == nil {
		r.Comments = &parse.RoundComments{}
	}
	return r.Comments
}

// roundComments returns round r's comments of keyword kw when the round has one such
// statement (made when the round has none yet), nil for another keyword.
func roundComments(r *parse.Round, kw string) *parse.Comments {
	switch kw {
	case "round", "bid", "claim", "tricks", "score", "total":
	default:
		return nil
	}
	if r.Comments == nil {
		r.Comments = &parse.RoundComments{}
	}
	c := r.Comments
	switch kw {
	case "round":
		return &c.Round
	case "bid":
		return &c.Bids
	case "claim":
		return &c.Claim
	case "tricks":
		return &c.Taken
	case "score":
		return &c.Score
	}
	return &c.Total
}

// lastComments returns where the last entry of list keeps its comments, nil for no entry.
func lastComments[E any](list []E, at func(*E) **parse.Comments) **parse.Comments {
	if len(list) == 0 {
		return nil
	}
	return at(&list[len(list)-1])
}

// endComments gives the game the comment lines after its last statement.
func (p *textParser) endComments() {
	if len(p.pending) == 0 {
		return
	}
	if p.g.Comments == nil {
		p.g.Comments = p.mem.gameComments()
	}
	p.g.Comments.End = p.pending
	p.pending = nil
}

// clearComments clears the comments of the entries of the lists of the game in m, whose
// arrays the next game reuses: the fast statements write an entry's other fields only.
func (m *gameMem) clearComments() {
	m.g.DropComments()
	m.commented = false
}
