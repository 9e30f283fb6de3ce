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
