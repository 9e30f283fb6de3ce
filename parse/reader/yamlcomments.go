package reader

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"gopkg.in/yaml.v3"
)

// The comments of YAML and JSON. yaml.v3 keeps a document's comments in its nodes (the fast
// readers decline a document with a comment, so that yaml.v3 reads it): yamlComments gives
// them to the game, where AppendYAML writes them (a key's head comment is the statement's
// lines before it, its value's line comment the statement's line comment; the first key of
// a round item, on a line "- #" of its own, gives the round's line comment first). JSON has
// no comment: a game and a round may carry a "comment" mapping instead (jsonComments).

// yamlText returns the comment lines of a yaml.v3 comment, each as the model keeps it.
func yamlText(c string) []string {
	if c == "" {
		return nil
	}
	lines := strings.Split(c, "\n")
	out := lines[:0]
	for _, l := range lines {
		// Blanks only, not Unicode spaces: a comment may end in U+00A0, as in text.
		if l = strings.Trim(l, " \t"); strings.HasPrefix(l, "#") {
			out = append(out, commentText(l))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// yamlAdd adds to *at (made when nil) the comments of key k and value v of a mapping.
func yamlAdd(at **parse.Comments, k, v *yaml.Node) {
	before := yamlText(k.HeadComment)
	line := v.LineComment
	if line == "" {
		line = k.LineComment
	}
	ln := yamlText(line)
	if len(before) == 0 && len(ln) == 0 {
		return
	}
	if *at == nil {
		*at = &parse.Comments{}
	}
	(*at).Add(before, strings.Join(ln, " # "))
}

// yamlComments gives game g, built from top, the comments of top's nodes, before those of
// its comment mapping (the YAML writer's for the comments a YAML comment cannot carry).
func yamlComments(top *yaml.Node, g *parse.Game) {
	if top.Kind != yaml.MappingNode || len(top.Content) < 2 {
		return
	}
	gc := &parse.GameComments{}
	var rounds *parse.Comments // the comments of the rounds key: the first round's
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		var at *parse.Comments
		yamlAdd(&at, k, v)
		if at != nil {
			switch k.Value {
			case "game":
				gc.Game = *at
			case "players":
				gc.Players = *at
			case "options":
				gc.Options = *at
			case "meta":
				gc.Meta = *at
			case "rounds":
				rounds = at
			}
		}
		if k.Value == "rounds" && v.Kind == yaml.SequenceNode {
			yamlRounds(v, g)
		}
	}
	roundsKeyComments(rounds, g, gc)
	// yaml.v3 gives the comment lines after the last pair to its key, its value, the mapping
	// or, after a blank line or in a mapping of one pair, to the document (see yamlFoot).
	last := top.Content[len(top.Content)-2]
	gc.End = yamlText(last.FootComment + "\n" + top.Content[len(top.Content)-1].FootComment + "\n" + top.FootComment)
	if m := g.Comments; m != nil { // its comment mapping's
		gc.Game.Add(m.Game.Before, m.Game.Line)
		gc.Players.Add(m.Players.Before, m.Players.Line)
		gc.Options.Add(m.Options.Before, m.Options.Line)
		gc.Meta.Add(m.Meta.Before, m.Meta.Line)
		gc.End = append(gc.End, m.End...)
	}
	if !gcEmpty(gc) {
		g.Comments = gc
	}
}

// roundsKeyComments gives the comments c of the rounds key (nil: none), lines before it and
// its line comment, to the first round, before the round line's own, or to the game's end
// when it has no round: the rounds key is no statement, and text puts them there.
func roundsKeyComments(c *parse.Comments, g *parse.Game, gc *parse.GameComments) {
	if c == nil {
		return
	}
	lines := c.Before
	if c.Line != "" {
		lines = append(lines, c.Line)
	}
	for _, r := range g.Rounds {
		if r != nil {
			if r.Comments == nil {
				r.Comments = &parse.RoundComments{}
			}
			r.Comments.Round.Before = append(lines, r.Comments.Round.Before...)
			return
		}
	}
	gc.End = append(lines, gc.End...)
}

// yamlFoot gives top, the top node of document doc, the comment lines yaml.v3 gives doc
// after it: those after a blank line, and all of them when top is a mapping of one pair.
// They are the game's end (yamlComments).
func yamlFoot(doc, top *yaml.Node) {
	if doc.FootComment != "" && top != doc {
		top.FootComment = strings.TrimPrefix(top.FootComment+"\n"+doc.FootComment, "\n")
	}
}

func gcEmpty(gc *parse.GameComments) bool {
	return gc.Game.Empty() && gc.Players.Empty() && gc.Options.Empty() && gc.Meta.Empty() && len(gc.End) == 0
}

// yamlRounds gives the rounds of g the comments of the items of seq.
func yamlRounds(seq *yaml.Node, g *parse.Game) {
	k := 0
	for _, c := range seq.Content {
		if c = deref(c); c == nil {
			continue
		}
		if k >= len(g.Rounds) {
			return
		}
		r := g.Rounds[k]
		k++
		if c.Kind != yaml.MappingNode {
			continue
		}
		rc := &parse.RoundComments{}
		rc.Round.Before = yamlText(c.HeadComment)
		rc.Round.Line = strings.Join(yamlText(c.LineComment), " # ")
		yamlRound(c, r, rc)
		if m := r.Comments; m != nil { // its comment mapping's
			rc.Round.Add(m.Round.Before, m.Round.Line)
			rc.Bids.Add(m.Bids.Before, m.Bids.Line)
			rc.Claim.Add(m.Claim.Before, m.Claim.Line)
			rc.Taken.Add(m.Taken.Before, m.Taken.Line)
			rc.Score.Add(m.Score.Before, m.Score.Line)
			rc.Total.Add(m.Total.Before, m.Total.Line)
		}
		if !rcEmpty(rc) {
			r.Comments = rc
		}
	}
}

func rcEmpty(rc *parse.RoundComments) bool {
	return rc.Round.Empty() && rc.Bids.Empty() && rc.Claim.Empty() && rc.Taken.Empty() && rc.Score.Empty() && rc.Total.Empty()
}

// yamlRound gives round r the comments of its mapping n, into rc.
func yamlRound(n *yaml.Node, r *parse.Round, rc *parse.RoundComments) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if i == 0 && k.Value != "dealer" && k.Value != "tiebreak" {
			if h := yamlText(k.HeadComment); len(h) > 0 { // the line "- #": the round's comment first
				rc.Round.Line = h[0]
				kk := *k
				kk.HeadComment = strings.Join(prefixed(h[1:]), "\n")
				k = &kk
			}
		}
		var at *parse.Comments
		yamlAdd(&at, k, v)
		switch k.Value {
		case "dealer", "tiebreak":
			if at != nil {
				rc.Round.Add(nil, at.Line)
			}
		case "bids", "claim", "tricks_taken", "score", "total":
			if at != nil {
				*roundComments(&parse.Round{Comments: rc}, map[string]string{"bids": "bid", "claim": "claim",
					"tricks_taken": "tricks", "score": "score", "total": "total"}[k.Value]) = *at
			}
		case "deal":
			yamlEntries(v, len(r.Deal), func(j int) **parse.Comments { return &r.Deal[j].Comments })
		case "took":
			yamlEntries(v, len(r.Took), func(j int) **parse.Comments { return &r.Took[j].Comments })
		case "pass":
			yamlEntries(v, len(r.Passes), func(j int) **parse.Comments { return &r.Passes[j].Comments })
		case "moon":
			yamlEntries(v, len(r.Moon), func(j int) **parse.Comments { return &r.Moon[j].Comments })
		case "tricks":
			yamlTricks(v, r)
		}
	}
}

// prefixed gives comment texts their '#' back, for yamlText.
func prefixed(texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = "# " + t
	}
	return out
}

// yamlEntries gives the n entries of a per-player list the comments of the pairs of m.
func yamlEntries(m *yaml.Node, n int, at func(int) **parse.Comments) {
	if m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content) && i/2 < n; i += 2 {
		yamlAdd(at(i/2), m.Content[i], m.Content[i+1])
	}
}

// yamlTricks gives the tricks of r the comments of the items of seq.
func yamlTricks(seq *yaml.Node, r *parse.Round) {
	if seq.Kind != yaml.SequenceNode {
		return
	}
	for i, c := range seq.Content {
		if i >= len(r.Tricks) {
			return
		}
		v := c
		if c.Kind == yaml.MappingNode && len(c.Content) == 2 {
			v = c.Content[1]
		}
		yamlAdd(&r.Tricks[i].Comments, c, v)
	}
}

// jsonComments gives a game or round the comments of its "comment" mapping v: statement
// names (FORMAT.md) to {"before": [...], "line": "..."}. at returns where the comments of a
// name go, nil for a name it does not know (p reports it).
func (p *yamlParser) jsonComments(v *yaml.Node, at func(name string) **parse.Comments) {
	p.pairs(v, `a mapping of statements to comments`, func(k, c *yaml.Node) {
		to := at(k.Value)
		if to == nil {
			p.err(k, "unknown statement %s in comment (see FORMAT.md)", parse.Quote(k.Value))
			return
		}
		var cm parse.Comments
		p.pairs(c, `a mapping with before and line`, func(ck, cv *yaml.Node) {
			switch ck.Value {
			case "before":
				if cv.Kind != yaml.SequenceNode {
					p.err(cv, "expected a list of comment lines after before:, found %s", describe(cv))
					return
				}
				for _, l := range cv.Content {
					if s, ok := p.commentText(l, "a comment line"); ok {
						cm.Before = append(cm.Before, strings.Clone(s))
					}
				}
			case "line":
				if s, ok := p.commentText(cv, "a comment"); ok {
					cm.Line = strings.Clone(s)
				}
			default:
				p.err(ck, "unknown key %s (expected before or line)", parse.Quote(ck.Value))
			}
		})
		if *to == nil {
			*to = &parse.Comments{}
		}
		(*to).Add(cm.Before, cm.Line)
	})
}

// commentText reads the text of a comment line from n (what says which, in messages): a
// string holds what a comment of a text transcript may hold, controls too (a tab), so that
// such a comment converts to JSON and back as it is; only a line break, which would end the
// comment's line in text, and NUL, which is not text, are refused. Blanks at its end are
// dropped, as text drops them (the model keeps none). Other nodes are read as text reads them.
func (p *yamlParser) commentText(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		return p.text(n, what, "")
	}
	s := strings.TrimRight(n.Value, " \t")
	if k := strings.IndexAny(s, "\n\r\x00"); k >= 0 {
		p.err(n, "control character %U in %s", rune(s[k]), what)
		return "", false
	}
	if !utf8.ValidString(s) {
		p.err(n, "invalid UTF-8 in %s", what)
		return "", false
	}
	return s, true
}

// roundCommentAt returns where the comment of statement name of round r goes ("round",
// "bids", "claim", "tricks_taken", "score", "total", "deal NAME", "pass NAME", "took NAME",
// "moon NAME", "trick N"), nil when the round has no such statement.
func roundCommentAt(r *parse.Round, name string) **parse.Comments {
	kw, arg, _ := strings.Cut(name, " ")
	if arg == "" {
		kw := map[string]string{"round": "round", "bids": "bid", "claim": "claim", "tricks_taken": "tricks", "score": "score", "total": "total"}[name]
		if kw == "" {
			return nil
		}
		c := roundComments(r, kw)
		p := new(*parse.Comments)
		*p = c
		return p
	}
	find := func(n int, player func(int) string, at func(int) **parse.Comments) **parse.Comments {
		for i := 0; i < n; i++ {
			if player(i) == arg {
				return at(i)
			}
		}
		return nil
	}
	switch kw {
	case "deal":
		return find(len(r.Deal), func(i int) string { return r.Deal[i].Player }, func(i int) **parse.Comments { return &r.Deal[i].Comments })
	case "took":
		return find(len(r.Took), func(i int) string { return r.Took[i].Player }, func(i int) **parse.Comments { return &r.Took[i].Comments })
	case "pass":
		return find(len(r.Passes), func(i int) string { return r.Passes[i].Player }, func(i int) **parse.Comments { return &r.Passes[i].Comments })
	case "moon":
		return find(len(r.Moon), func(i int) string { return r.Moon[i].Player }, func(i int) **parse.Comments { return &r.Moon[i].Comments })
	case "trick":
		if n, err := strconv.Atoi(arg); err == nil && n >= 1 && n <= len(r.Tricks) {
			return &r.Tricks[n-1].Comments
		}
	}
	return nil
}

// gameComments reads a game's "comment" mapping v (jsonComments): "game", "players",
// "options", "meta" and "end" (only its before lines).
func (p *yamlParser) gameComments(v *yaml.Node) {
	g := p.g
	if g.Comments == nil {
		g.Comments = &parse.GameComments{}
	}
	var end *parse.Comments
	gc := g.Comments
	p.jsonComments(v, func(name string) **parse.Comments {
		var c *parse.Comments
		switch name {
		case "game":
			c = &gc.Game
		case "players":
			c = &gc.Players
		case "options":
			c = &gc.Options
		case "meta":
			c = &gc.Meta
		case "end":
			return &end
		default:
			return nil
		}
		return &c
	})
	if end != nil {
		gc.End = append(gc.End, end.Before...)
	}
}
