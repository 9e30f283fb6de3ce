package parse

// SettleComments gives the comments of a statement g does not have (a game line without a
// ruleset, an empty score, a claim of no one, ...) to the next statement it has, as comment
// lines before it, its line comment after its lines before; those after the last statement
// go to the game's end. That is where the text reader puts them when the text writer writes
// them in their place, so a game settled reads back from text, YAML and JSON as it is. The
// YAML and JSON readers settle the games they read: a comment on an empty key is kept.
func (g *Game) SettleComments() {
	var s settler
	if gc := g.Comments; gc != nil {
		s.at(&gc.Game, g.Ruleset != "")
		s.at(&gc.Players, len(g.Players) > 0)
		s.at(&gc.Options, len(g.Options) > 0)
		s.at(&gc.Meta, len(g.Meta) > 0)
	}
	for _, r := range g.Rounds {
		if r != nil {
			s.round(r)
		}
	}
	if len(s.carry) > 0 {
		if g.Comments == nil {
			g.Comments = &GameComments{}
		}
		g.Comments.End = append(s.carry, g.Comments.End...)
	}
}

// settler carries the comment lines of the statements a game does not have to the next one
// it has (SettleComments).
type settler struct {
	carry []string
}

// at settles the comments c of one statement, which the game has or not.
func (s *settler) at(c *Comments, has bool) {
	if !has {
		s.carry = append(s.carry, c.Before...)
		if c.Line != "" {
			s.carry = append(s.carry, c.Line)
		}
		*c = Comments{}
		return
	}
	if len(s.carry) > 0 {
		c.Before = append(s.carry, c.Before...)
		s.carry = nil
	}
}

// each settles the comments of a statement that holds them by pointer (deal, pass, trick,
// took, moon): one the game has.
func (s *settler) each(c **Comments) {
	if len(s.carry) == 0 {
		return
	}
	if *c == nil {
		*c = &Comments{}
	}
	s.at(*c, true)
}

// round settles the comments of r's statements, in the order the text writer writes them.
func (s *settler) round(r *Round) {
	rc := r.Comments
	if rc == nil {
		if len(s.carry) == 0 {
			return // nothing to carry, and no statement of r without a pointer has a comment
		}
		rc = &RoundComments{}
		r.Comments = rc
	}
	s.at(&rc.Round, true)
	for i := range r.Deal {
		s.each(&r.Deal[i].Comments)
	}
	for i := range r.Passes {
		s.each(&r.Passes[i].Comments)
	}
	s.at(&rc.Bids, len(r.Bids) > 0)
	for i := range r.Tricks {
		s.each(&r.Tricks[i].Comments)
	}
	s.at(&rc.Claim, r.Claim != nil && (len(r.Claim.Shares) > 0 || r.Claim.Player != ""))
	for i := range r.Took {
		s.each(&r.Took[i].Comments)
	}
	s.at(&rc.Taken, len(r.Taken) > 0)
	for i := range r.Moon {
		s.each(&r.Moon[i].Comments)
	}
	s.at(&rc.Score, len(r.Score) > 0)
	s.at(&rc.Total, len(r.Total) > 0)
}

// Settled returns g when SettleComments would move none of its comments, else a copy of g
// whose comments are settled; g is left as it is. The copy shares everything but the
// comments and what holds them (the rounds and their deal, pass, trick, took and moon lists).
func (g *Game) Settled() *Game {
	if !g.unsettled() {
		return g
	}
	c := *g
	if g.Comments != nil {
		gc := *g.Comments
		c.Comments = &gc
	}
	c.Rounds = make([]*Round, len(g.Rounds))
	for i, r := range g.Rounds {
		if r != nil {
			c.Rounds[i] = r.commentsCopy()
		}
	}
	c.SettleComments()
	return &c
}

// unsettled reports whether a statement g does not have holds a comment.
func (g *Game) unsettled() bool {
	if gc := g.Comments; gc != nil {
		if !gc.Game.Empty() && g.Ruleset == "" || !gc.Players.Empty() && len(g.Players) == 0 ||
			!gc.Options.Empty() && len(g.Options) == 0 || !gc.Meta.Empty() && len(g.Meta) == 0 {
			return true
		}
	}
	for _, r := range g.Rounds {
		if r == nil || r.Comments == nil {
			continue
		}
		rc := r.Comments
		if !rc.Bids.Empty() && len(r.Bids) == 0 || !rc.Taken.Empty() && len(r.Taken) == 0 ||
			!rc.Score.Empty() && len(r.Score) == 0 || !rc.Total.Empty() && len(r.Total) == 0 ||
			!rc.Claim.Empty() && (r.Claim == nil || len(r.Claim.Shares) == 0 && r.Claim.Player == "") {
			return true
		}
	}
	return false
}

// commentsCopy returns a copy of r with its own comments and lists that hold comments.
func (r *Round) commentsCopy() *Round {
	c := *r
	if r.Comments != nil {
		rc := *r.Comments
		c.Comments = &rc
	}
	c.Deal = copyEach(r.Deal, func(p *PlayerCards) **Comments { return &p.Comments })
	c.Took = copyEach(r.Took, func(p *PlayerCards) **Comments { return &p.Comments })
	c.Passes = copyEach(r.Passes, func(p *Pass) **Comments { return &p.Comments })
	c.Tricks = copyEach(r.Tricks, func(t *Trick) **Comments { return &t.Comments })
	c.Moon = copyEach(r.Moon, func(m *Moon) **Comments { return &m.Comments })
	return &c
}

// copyEach returns a copy of list whose elements hold copies of their comments (at gives an
// element's).
func copyEach[T any](list []T, at func(*T) **Comments) []T {
	if list == nil {
		return nil
	}
	out := append([]T(nil), list...)
	for i := range out {
		if c := at(&out[i]); *c != nil {
			cc := **c
			*c = &cc
		}
	}
	return out
}
