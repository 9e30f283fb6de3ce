package reader

import (
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
	"gopkg.in/yaml.v3"
)

// yamlParser builds a Game from the node tree of one YAML document.
type yamlParser struct {
	file  string
	g     *parse.Game
	errs  parse.ErrorList
	arena *cardArena
	work  int  // nodes and cards visited, aliases expanded
	stop  bool // a limit was reached
	c0    int  // arena length at the start of the card list being read
	blk   *yamlBlock
	clean bool // the scalars hold no control character nor invalid UTF-8 (buildYAMLGame)
}

// maxWork bounds the nodes and cards one document is read as, aliases expanded: a second
// line of defence behind MaxNodes, MaxAliases and MaxExpansion (checkTree).
const maxWork = 1 << 20

// tick counts n units of work and reports whether to go on.
func (p *yamlParser) tick(n int, at *yaml.Node) bool {
	if p.stop {
		return false
	}
	p.work += n
	if p.work > maxWork {
		p.stop = true
		p.errs.Add(p.pos(at), "the document is too large (or expands too many aliases)")
		return false
	}
	return true
}

func (p *yamlParser) pos(n *yaml.Node) parse.Pos {
	return parse.Pos{File: p.file, Line: n.Line, Col: n.Column}
}

// limit reports a limit reached at node n and stops reading the document.
func (p *yamlParser) limit(n *yaml.Node, format string, args ...any) {
	if !p.stop {
		p.errs.Add(p.pos(n), spell.LimitMsg(format, args...))
		p.stop = true
	}
}

// checkTree counts the nodes of a document and what its aliases stand for, before anything
// is read from it: more than MaxNodes nodes, MaxAliases aliases, or aliases that expand to
// more than MaxExpansion nodes in all (a few lines of anchors and aliases can stand for
// billions) refuse the document at the node where the limit is crossed.
func (p *yamlParser) checkTree(top *yaml.Node) bool {
	nodes, aliases, expanded := 0, 0, 0
	var sizes map[*yaml.Node]int // nodes an anchored subtree stands for, aliases expanded
	var size func(n *yaml.Node, depth int) int
	size = func(n *yaml.Node, depth int) int {
		if n.Kind == yaml.AliasNode {
			if n.Alias == nil || depth > 64 {
				return 1
			}
			if k, ok := sizes[n.Alias]; ok {
				return k
			}
			k := size(n.Alias, depth+1)
			if sizes == nil {
				sizes = map[*yaml.Node]int{}
			}
			sizes[n.Alias] = k
			return k
		}
		k := 1
		for _, c := range n.Content {
			k += size(c, depth+1)
			if k > parse.MaxExpansion {
				return parse.MaxExpansion + 1
			}
		}
		return k
	}
	var walk func(n *yaml.Node) bool
	walk = func(n *yaml.Node) bool {
		if nodes++; nodes > parse.MaxNodes {
			p.limit(n, "more than %d values in one game", parse.MaxNodes)
			return false
		}
		if n.Kind == yaml.AliasNode {
			if aliases++; aliases > parse.MaxAliases {
				p.limit(n, "more than %d aliases in one YAML document", parse.MaxAliases)
				return false
			}
			if expanded += size(n, 0); expanded > parse.MaxExpansion {
				p.limit(n, "the aliases of one YAML document stand for more than %d values", parse.MaxExpansion)
				return false
			}
			return true
		}
		for _, c := range n.Content {
			if !walk(c) {
				return false
			}
		}
		return true
	}
	return walk(top)
}

func (p *yamlParser) errAt(pos parse.Pos, format string, args ...any) {
	switch n := len(p.errs); {
	case n < maxErrors:
		p.errs.Addf(pos, format, args...)
	case n == maxErrors:
		p.errs.Add(pos, "too many errors")
	}
}

func (p *yamlParser) err(n *yaml.Node, format string, args ...any) {
	p.errAt(p.pos(n), format, args...)
}

// deref follows aliases to the node they stand for.
func deref(n *yaml.Node) *yaml.Node {
	for k := 0; n != nil && n.Kind == yaml.AliasNode && k < 16; k++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// describe names a node's kind for "found ..." messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if isNull(n) {
			return "nothing"
		}
		return parse.Quote(n.Value)
	case yaml.DocumentNode:
		return "a document"
	}
	return "an alias"
}

// pairs calls f for each key and value of mapping n; a non-mapping is reported, with what
// says what was expected. Keys must be scalars.
func (p *yamlParser) pairs(n *yaml.Node, what string, f func(k, v *yaml.Node)) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.err(n, "expected %s, found %s", what, describe(n))
		return
	}
	var seen map[string]int // for long mappings; short ones are scanned
	for i := 0; i+1 < len(n.Content); i += 2 {
		if !p.tick(1, n) {
			return
		}
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		if k == nil || v == nil {
			continue
		}
		if k.Kind != yaml.ScalarNode {
			p.err(k, "expected a key, found %s", describe(k))
			continue
		}
		if first := p.firstKey(n, i, k.Value, &seen); first != nil {
			p.err(k, "duplicate key %s (the first is on line %d)", parse.Quote(k.Value), first.Line)
			continue
		}
		f(k, v)
	}
}

// firstKey returns the earlier key of mapping n equal to key, the key at Content[i], or nil.
// YAML keys are unique (a duplicate would silently replace or join what came first).
func (p *yamlParser) firstKey(n *yaml.Node, i int, key string, seen *map[string]int) *yaml.Node {
	if len(n.Content) <= 32 {
		for j := 0; j < i; j += 2 {
			if k := deref(n.Content[j]); k != nil && k.Kind == yaml.ScalarNode && k.Value == key {
				return k
			}
		}
		return nil
	}
	if *seen == nil {
		*seen = make(map[string]int, len(n.Content)/2)
	}
	if j, ok := (*seen)[key]; ok {
		return deref(n.Content[j])
	}
	(*seen)[key] = i
	return nil
}

// validString is spell.ValidString, unless the tree is known to be clean.
func (p *yamlParser) validString(s string) (rune, bool) {
	if p.clean {
		return 0, true
	}
	return spell.ValidString(s)
}

// name reads a player name from a scalar node.
func (p *yamlParser) name(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode || isNull(n) || n.Value == "" {
		p.err(n, "expected %s, found %s", what, describe(n))
		return "", false
	}
	if r, ok := p.validString(n.Value); !ok {
		p.err(n, "control character %U in %s %s", r, what, parse.Quote(n.Value))
		return "", false
	}
	return n.Value, true
}

// playerName is name for a player's name, which is at most MaxName bytes (it is repeated
// in messages).
func (p *yamlParser) playerName(n *yaml.Node, what string) (string, bool) {
	name, ok := p.name(n, what)
	if ok && len(name) > parse.MaxName {
		p.limit(n, "a name longer than %d bytes", parse.MaxName)
		return "", false
	}
	return name, ok
}

// text reads a scalar's text for an option, meta value or ruleset (what+what2 says which,
// in messages). A list of scalars is
// joined with commas (pass: [left, right] is pass=left,right).
func (p *yamlParser) text(n *yaml.Node, what, what2 string) (string, bool) {
	var s string
	switch n.Kind {
	case yaml.ScalarNode:
		s = n.Value
	case yaml.SequenceNode:
		parts := make([]string, 0, len(n.Content))
		for _, c := range n.Content {
			if !p.tick(1, n) {
				return "", false
			}
			c = deref(c)
			if c == nil || c.Kind != yaml.ScalarNode {
				p.err(n, "expected %s (a string, number or list of them), found a nested list or mapping", what+what2)
				return "", false
			}
			parts = append(parts, c.Value)
		}
		s = strings.Join(parts, ",")
	default:
		p.err(n, "expected %s (a string, number or list of them), found %s", what+what2, describe(n))
		return "", false
	}
	if r, ok := p.validString(s); !ok {
		p.err(n, "control character %U in %s", r, what+what2)
		return "", false
	}
	return s, true
}

// number reads an integer scalar.
func (p *yamlParser) number(n *yaml.Node, after string) (int, bool) {
	if n.Kind == yaml.ScalarNode {
		if v, ok := spell.Number(n.Value); ok {
			return v, true
		}
		if spell.TooLarge(n.Value) {
			p.err(n, "%s", spell.TooLargeMsg(after+" ", n.Value))
			return 0, false
		}
	}
	p.err(n, "expected a number after %s, found %s", after, describe(n))
	return 0, false
}

// cards reads a card list: a string of cards separated by blanks or commas, a list of
// such strings, "-" or "" or nothing for no cards. Columns: inside a plain or quoted
// string scalar, the node's column plus the token's offset; otherwise the node's column.
func (p *yamlParser) cards(n *yaml.Node, cols bool) ([]parse.Card, []int, bool) {
	if n.Kind == yaml.ScalarNode && len(n.Value)%3 == 2 {
		if cs, cl, ok, done := p.canonicalList(n, cols); done {
			return cs, cl, ok
		}
	}
	a := p.arena
	ok := true
	switch n.Kind {
	case yaml.ScalarNode:
		if isNull(n) {
			return nil, nil, true
		}
		a.reserve(len(n.Value)/2+1, cols)
	case yaml.SequenceNode:
		a.reserve(len(n.Content)*2+1, cols)
	default:
		p.err(n, "expected cards (a string or a list), found %s", describe(n))
		return nil, nil, false
	}
	c0, k0 := len(a.cards), len(a.cols)
	p.c0 = c0
	if n.Kind == yaml.ScalarNode {
		// (A first byte that is ASCII, not a blank and not '-' is not trimmed and is not "-".)
		if v := n.Value; len(v) > 0 && v[0] > ' ' && v[0] < utf8.RuneSelf && v[0] != '-' || strings.TrimSpace(v) != "-" {
			ok = p.scalarCards(n, cols)
		}
	} else {
		for _, item := range n.Content {
			if !p.tick(1, n) {
				break
			}
			item = deref(item)
			if item == nil {
				continue
			}
			if item.Kind != yaml.ScalarNode || isNull(item) {
				p.err(item, "expected a card, found %s", describe(item))
				ok = false
				continue
			}
			if !p.scalarCards(item, cols) {
				ok = false
			}
		}
	}
	cs := a.cards[c0:len(a.cards):len(a.cards)]
	if len(cs) == 0 {
		return nil, nil, ok
	}
	var cl []int
	if cols {
		cl = a.cols[k0:len(a.cols):len(a.cols)]
	}
	return cs, cl, ok
}

// scalarCards appends the cards of one scalar to the arena.
func (p *yamlParser) scalarCards(n *yaml.Node, cols bool) bool {
	a := p.arena
	s := n.Value
	if !p.tick(len(s)/2+1, n) {
		return false
	}
	// Offsets are exact within a one-line plain or quoted scalar.
	base := -1
	switch n.Style &^ yaml.TaggedStyle {
	case 0:
		base = n.Column
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		base = n.Column + 1
	}
	if base >= 0 && p.canonicalCards(s, base, cols) {
		return true
	}
	ascii := true
	for k := 0; k < len(s); k++ {
		if s[k] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	col := func(off int) int {
		if base < 0 {
			return n.Column
		}
		if ascii {
			return base + off
		}
		return base + utf8.RuneCountInString(s[:off])
	}
	ok := true
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != ',' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' {
			j++
		}
		tok := s[i:j]
		if len(a.cards)-p.c0 >= parse.MaxCards {
			p.limit(n, "more than %d cards in one value", parse.MaxCards)
			return false
		}
		card, good := cardOf(tok)
		if !good {
			msg := parse.CardError(tok)
			if rest := strings.TrimSpace(s[j:]); i == 0 && len(tok) > 1 && tok[len(tok)-1] == ':' && len(rest) <= 64 {
				// "ann: 2C 3C ..." in a string: a player is a mapping's key, not text
				msg += "; a player's cards are written as a mapping, {" + tok + " " + rest + "}"
			}
			p.errAt(parse.Pos{File: p.file, Line: n.Line, Col: col(i)}, "%s", msg)
			ok = false
		} else {
			a.cards = append(a.cards, card)
			if cols {
				a.cols = append(a.cols, col(i))
			}
		}
		i = j
	}
	return ok
}

// canonicalList is cards for a scalar in the spelling the writers use ("2C 3C 4C"), plain
// or quoted, in one step; done is false, with nothing done, for anything else.
func (p *yamlParser) canonicalList(n *yaml.Node, cols bool) (cs []parse.Card, cl []int, ok, done bool) {
	s := n.Value
	base := n.Column
	switch n.Style &^ yaml.TaggedStyle {
	case 0:
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		base++
	default:
		return nil, nil, false, false
	}
	m := (len(s) + 1) / 3
	if m > parse.MaxCards || isNull(n) {
		return nil, nil, false, false
	}
	for j := 2; j < len(s); j += 3 {
		if s[j] != ' ' {
			return nil, nil, false, false
		}
	}
	a := p.arena
	a.reserve(m, cols)
	c0 := len(a.cards)
	out := a.cards[c0 : c0+m]
	tab := &yamlCardPair
	for k := range out {
		j := 3 * k
		if j+1 >= len(s) {
			return nil, nil, false, false
		}
		v := tab[uint16(s[j])|uint16(s[j+1])<<8]
		if v == 0 {
			return nil, nil, false, false
		}
		out[k] = parse.Card(v - 1)
	}
	if !p.tick(len(s)/2+1, n) {
		return nil, nil, false, true // as scalarCards would
	}
	a.cards = a.cards[:c0+m]
	cs = a.cards[c0 : c0+m : c0+m]
	if cols {
		k0 := len(a.cols)
		cl = a.cols[k0 : k0+m : k0+m]
		for k := range cl {
			cl[k] = base + 3*k
		}
		a.cols = a.cols[:k0+m]
	}
	return cs, cl, true, true
}

// canonicalCards is scalarCards for the spelling the writers use, two-letter cards one
// blank apart ("2C 3C 4C"), which it reads in one pass when the arena has room; it reports
// false, appending nothing, for any other spelling (which scalarCards then reads token by
// token). The first card is at column base.
func (p *yamlParser) canonicalCards(s string, base int, cols bool) bool {
	a := p.arena
	m := (len(s) + 1) / 3
	if len(s)%3 != 2 || len(a.cards)-p.c0+m > parse.MaxCards || cap(a.cards)-len(a.cards) < m ||
		cols && cap(a.cols)-len(a.cols) < m {
		return false
	}
	c0 := len(a.cards)
	if !pairCards(s, a.cards[c0:c0+m], &yamlCardPair) {
		return false
	}
	a.cards = a.cards[:c0+m]
	if cols {
		k0 := len(a.cols)
		cl := a.cols[k0 : k0+m]
		for k := range cl {
			cl[k] = base + 3*k
		}
		a.cols = a.cols[:k0+m]
	}
	return true
}

// yamlCardPair maps two bytes that spell a card (the first | the second<<8) to the card
// plus one, 0 when they spell none: parseCardFast's answer for every two-byte token. It is
// constant data (cardtables.go), not built when the program starts.

// yamlBlock holds, in one allocation with the Game, what a game of one round at a table of
// up to four usually needs: its round, players, options and meta, deal, passes and tricks.
// Each list takes its array from here when it starts (a list that grows past it moves out
// as append does), so that the common game costs a few allocations, not one per value.
type yamlBlock struct {
	g       parse.Game
	r       parse.Round
	rounds  [1]*parse.Round
	players [6]string
	kv      [6]parse.KV
	deal    [4]parse.PlayerCards
	passes  [4]parse.Pass
	tricks  [13]parse.Trick
	kvUsed  int  // halves of kv taken
	rUsed   bool // r taken
}

// parseYAMLGame builds the game of one document's top node.
func parseYAMLGame(n *yaml.Node, file string, index int, arena *cardArena) (*parse.Game, parse.ErrorList) {
	g, errs := buildYAMLGame(n, file, index, arena, false, false)
	if len(errs) == 0 {
		yamlComments(n, g)
		g.SettleComments()
	}
	return g, errs
}

// buildYAMLGame is parseYAMLGame; checked says that the tree is known to hold no alias and
// at most MaxNodes nodes (the readers that built it counted them), so that checkTree would
// find nothing; clean that its scalars are known to hold no control character nor invalid
// UTF-8, so that validString would find nothing.
func buildYAMLGame(n *yaml.Node, file string, index int, arena *cardArena, checked, clean bool) (*parse.Game, parse.ErrorList) {
	if arena == nil {
		arena = &cardArena{}
	}
	blk := &yamlBlock{}
	p := &yamlParser{file: file, arena: arena, blk: blk, clean: clean}
	g := &blk.g
	g.File, g.Index, g.Pos = file, index, p.pos(n)
	p.g = g
	if !checked && !p.checkTree(n) {
		return g, p.errs
	}
	if n.Kind != yaml.MappingNode {
		hint := ""
		switch {
		case n.Kind == yaml.ScalarNode && yamlNamed(file):
			hint = " (is this a text transcript in a file named .yaml?)"
		case n.Kind == yaml.ScalarNode:
			hint = " (is this a transcript? see FORMAT.md)"
		}
		p.err(n, "expected a mapping with game, players and rounds, found %s%s", describeShort(n), hint)
		return g, p.errs
	}
	var comment *yaml.Node // the comment key's value, read once the game is
	p.pairs(n, "a mapping", func(k, v *yaml.Node) {
		switch k.Value {
		case "game":
			if isNull(v) {
				return
			}
			if v.Kind != yaml.ScalarNode {
				p.err(v, "expected a ruleset name after game:, found %s", describe(v))
				return
			}
			if s, ok := p.text(v, "the ruleset name", ""); ok {
				g.Ruleset, g.RulesetPos = s, p.pos(v)
			}
		case "players":
			g.PlayersPos = p.pos(k)
			p.players(v)
		case "options":
			g.Options = p.kvs(v, g.Options, "a mapping of options")
		case "meta":
			g.Meta = p.kvs(v, g.Meta, "a mapping of meta")
		case "rounds":
			p.rounds(v)
		case "comment":
			comment = v
		default:
			p.err(k, "unknown key %s (expected game, players, options, meta or rounds)", parse.Quote(k.Value))
		}
	})
	if comment != nil {
		p.gameComments(comment)
	}
	if !g.PlayersPos.IsValid() {
		p.errAt(g.Pos, "no players in this game (expected players: [NAME, NAME, ...])")
	}
	p.errs.Sort()
	return g, p.errs
}

func describeShort(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && len(n.Value) > 40 {
		return "a string"
	}
	return describe(n)
}

func (p *yamlParser) players(v *yaml.Node) {
	if v.Kind != yaml.SequenceNode {
		p.err(v, "expected a list of player names after players:, found %s", describe(v))
		return
	}
	players := p.blk.players[:0]
	if len(v.Content) > len(p.blk.players) {
		players = make([]string, 0, len(v.Content))
	}
	var seen nameSet
	for _, c := range v.Content {
		if !p.tick(1, v) {
			return
		}
		c = deref(c)
		if c == nil {
			continue
		}
		name, ok := p.playerName(c, "a player name")
		if !ok {
			continue
		}
		if seen.has(players, name) {
			p.err(c, "duplicate player %s", parse.Quote(name))
			continue
		}
		if len(players) == parse.MaxPlayers {
			p.limit(c, "more than %d players", parse.MaxPlayers)
			return
		}
		players = append(players, name)
	}
	if len(players) == 0 {
		if len(v.Content) == 0 {
			p.err(v, "expected player names after players:, found an empty list")
		}
		return
	}
	p.g.Players = players
}

func (p *yamlParser) kvs(v *yaml.Node, list []parse.KV, what string) []parse.KV {
	if list == nil && v.Kind == yaml.MappingNode && len(v.Content) > 0 && len(v.Content) <= 6 && p.blk.kvUsed < 2 {
		list = p.blk.kv[3*p.blk.kvUsed : 3*p.blk.kvUsed : 3*p.blk.kvUsed+3]
		p.blk.kvUsed++
	}
	p.pairs(v, what, func(k, val *yaml.Node) {
		key, ok := p.name(k, "a key")
		if !ok {
			return
		}
		s, ok := p.text(val, "the value of ", key)
		if !ok {
			return
		}
		list = append(list, parse.KV{Key: key, Value: s, Pos: p.pos(k)})
	})
	if len(list) == 0 {
		return nil // as when nothing was read
	}
	return list
}

func (p *yamlParser) rounds(v *yaml.Node) {
	if isNull(v) {
		return
	}
	if v.Kind != yaml.SequenceNode {
		p.err(v, "expected a list of rounds after rounds:, found %s", describe(v))
		return
	}
	if len(v.Content) == 1 {
		p.g.Rounds = p.blk.rounds[:0]
	} else {
		p.g.Rounds = make([]*parse.Round, 0, len(v.Content))
	}
	for _, c := range v.Content {
		if !p.tick(1, v) {
			return
		}
		c = deref(c)
		if c == nil {
			continue
		}
		if len(p.g.Rounds) == parse.MaxRounds {
			p.limit(c, "more than %d rounds in one game", parse.MaxRounds)
			return
		}
		var r *parse.Round
		if p.blk.rUsed {
			r = &parse.Round{}
		} else {
			r, p.blk.rUsed = &p.blk.r, true
		}
		r.Pos = p.pos(c)
		p.g.Rounds = append(p.g.Rounds, r)
		p.round(c, r)
	}
}

func (p *yamlParser) round(n *yaml.Node, r *parse.Round) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.err(n, "expected a round (a mapping with dealer, deal, tricks, ...), found %s", describe(n))
		return
	}
	var comment *yaml.Node // the comment key's value, read once the round is
	defer func() {
		if comment != nil {
			p.jsonComments(comment, func(name string) **parse.Comments { return roundCommentAt(r, name) })
		}
	}()
	p.pairs(n, "a round", func(k, v *yaml.Node) {
		switch k.Value {
		case "comment":
			comment = v
		case "dealer":
			if name, ok := p.playerName(v, "the dealer's name"); ok {
				r.Dealer, r.DealerPos = name, p.pos(k)
			}
		case "tiebreak":
			p.tiebreak(v, r)
		case "deal":
			r.Deal = append(r.Deal, p.hands(v, r.Deal == nil && r == &p.blk.r)...)
		case "took":
			r.Took = append(r.Took, p.hands(v, false)...)
		case "pass":
			p.passes(v, r)
		case "bids":
			p.bids(v, r)
		case "tricks":
			p.tricks(v, r)
		case "claim":
			p.claim(k, v, r)
		case "tricks_taken":
			r.Taken = p.counts(v, r.Taken)
		case "score":
			if !r.ScorePos.IsValid() {
				r.ScorePos = p.pos(k)
			}
			r.Score = p.counts(v, r.Score)
		case "total":
			if !r.TotalPos.IsValid() {
				r.TotalPos = p.pos(k)
			}
			r.Total = p.counts(v, r.Total)
		case "moon":
			p.moon(v, r)
		default:
			p.unknownRoundKey(k)
		}
	})
}

// tiebreak reads a round's tiebreak: value, the list of the players taking part.
func (p *yamlParser) tiebreak(v *yaml.Node, r *parse.Round) {
	r.Tiebreak = []string{}
	if isNull(v) {
		return
	}
	if v.Kind != yaml.SequenceNode {
		p.err(v, "expected a list of player names after tiebreak:, found %s", describe(v))
		return
	}
	for _, c := range v.Content {
		if !p.tick(1, v) {
			return
		}
		if c = deref(c); c == nil {
			continue
		}
		if len(r.Tiebreak) == parse.MaxPlayers {
			p.limit(c, "more than %d players", parse.MaxPlayers)
			return
		}
		if name, ok := p.playerName(c, "a player name"); ok {
			r.Tiebreak = append(r.Tiebreak, name)
		}
	}
}

// hands reads a deal: or took: mapping of player names to cards; block says the list may
// start on the block's array (the first round's deal).
func (p *yamlParser) hands(v *yaml.Node, block bool) []parse.PlayerCards {
	np := len(p.g.Players)
	var hands []parse.PlayerCards
	if block && np <= len(p.blk.deal) {
		hands = p.blk.deal[:0]
	} else {
		hands = make([]parse.PlayerCards, 0, max(np, 1))
	}
	p.pairs(v, "a mapping of player names to cards", func(pk, pv *yaml.Node) {
		name, ok := p.playerName(pk, "a player name")
		if !ok {
			return
		}
		cards, _, _ := p.cards(pv, false)
		hands = append(hands, parse.PlayerCards{Player: name, Cards: cards, Pos: p.pos(pk)})
	})
	if len(hands) == 0 {
		return nil
	}
	return hands
}

// passes reads a round's pass: mapping, each player's cards or a mapping of to and cards.
func (p *yamlParser) passes(v *yaml.Node, r *parse.Round) {
	np := len(p.g.Players)
	p.pairs(v, "a mapping of player names to cards", func(pk, pv *yaml.Node) {
		name, ok := p.playerName(pk, "a player name")
		if !ok {
			return
		}
		ps := parse.Pass{Player: name, Pos: p.pos(pk)}
		if pv.Kind == yaml.MappingNode {
			p.pairs(pv, "", func(qk, qv *yaml.Node) {
				switch qk.Value {
				case "to":
					ps.To, _ = p.playerName(qv, "the receiving player's name")
				case "cards":
					ps.Cards, _, _ = p.cards(qv, false)
				default:
					p.err(qk, "unknown key %s in a pass (expected to or cards)", parse.Quote(qk.Value))
				}
			})
		} else {
			ps.Cards, _, _ = p.cards(pv, false)
		}
		if r.Passes == nil {
			if r == &p.blk.r && np <= len(p.blk.passes) {
				r.Passes = p.blk.passes[:0]
			} else {
				r.Passes = make([]parse.Pass, 0, max(np, 1))
			}
		}
		r.Passes = append(r.Passes, ps)
	})
}

// bids reads a round's bids: mapping of player names to bids.
func (p *yamlParser) bids(v *yaml.Node, r *parse.Round) {
	p.pairs(v, "a mapping of player names to bids", func(pk, pv *yaml.Node) {
		name, ok := p.playerName(pk, "a player name")
		if !ok {
			return
		}
		var b parse.Bid
		if pv.Kind == yaml.ScalarNode {
			b, ok = parse.ParseBid(pv.Value)
		} else {
			ok = false
		}
		if !ok {
			p.err(pv, "%s is not a bid (N, nil, bN for blind N, or bnil)", describe(pv))
			return
		}
		b.Player, b.Pos = name, p.pos(pk)
		if r.Bids == nil {
			r.Bids = make([]parse.Bid, 0, max(len(p.g.Players), 1))
		}
		r.Bids = append(r.Bids, b)
	})
}

// moon reads a round's moon: mapping of the shooter's name to old or new.
func (p *yamlParser) moon(v *yaml.Node, r *parse.Round) {
	p.pairs(v, "a mapping of the shooter's name to old or new", func(pk, pv *yaml.Node) {
		name, ok := p.playerName(pk, "a player name")
		if !ok {
			return
		}
		var s string
		if pv.Kind == yaml.ScalarNode {
			switch {
			case strings.EqualFold(pv.Value, "old"):
				s = "old"
			case strings.EqualFold(pv.Value, "new"):
				s = "new"
			}
		}
		if s == "" {
			p.err(pv, "expected old or new after moon %s:, found %s", parse.QuoteName(name), describe(pv))
			return
		}
		r.Moon = append(r.Moon, parse.Moon{Player: name, Scoring: s, Pos: p.pos(pk)})
	})
}

// roundKeys are the keys of a round, for "did you mean".
var roundKeys = []string{"dealer", "tiebreak", "deal", "pass", "bids", "tricks", "claim", "took", "tricks_taken", "moon", "score", "total"}

// unknownRoundKey reports a key a round does not have, with a hint for the likely mistakes.
func (p *yamlParser) unknownRoundKey(k *yaml.Node) {
	hint := ""
	switch k.Value {
	case "bid":
		hint = "; bids are bids:"
	case "taken", "tally":
		hint = "; tricks taken are tricks_taken:"
	case "trick":
		hint = "; the play is tricks:"
	default:
		hint = parse.DidYouMean(k.Value, roundKeys)
	}
	p.err(k, "unknown key %s in a round (expected dealer, tiebreak, deal, pass, bids, tricks, claim, took, tricks_taken, moon, score or total%s)", parse.Quote(k.Value), hint)
}

func (p *yamlParser) tricks(v *yaml.Node, r *parse.Round) {
	if isNull(v) {
		return
	}
	if v.Kind != yaml.SequenceNode {
		hint := ""
		if v.Kind == yaml.MappingNode {
			hint = " (tricks taken, as a tally, are tricks_taken: {NAME: N, ...})"
		}
		p.err(v, "expected a list of tricks after tricks:, found %s%s", describe(v), hint)
		return
	}
	if r.Tricks == nil {
		if r == &p.blk.r && len(v.Content) <= len(p.blk.tricks) {
			r.Tricks = p.blk.tricks[:0]
		} else {
			r.Tricks = make([]parse.Trick, 0, len(v.Content))
		}
	}
	for _, item := range v.Content {
		if !p.tick(1, v) {
			return
		}
		item = deref(item)
		if item == nil {
			continue
		}
		if len(r.Tricks) == parse.MaxTricks {
			p.limit(item, "more than %d tricks in one round", parse.MaxTricks)
			return
		}
		t := parse.Trick{Pos: p.pos(item)}
		cardsNode := item
		if item.Kind == yaml.MappingNode {
			if len(item.Content) != 2 {
				p.err(item, "expected a trick (leader: cards, or a list of cards), found a mapping with %d entries", len(item.Content)/2)
				continue
			}
			k := deref(item.Content[0])
			leader, ok := p.playerName(k, "the leader's name")
			if !ok {
				continue
			}
			t.Leader = leader
			cardsNode = deref(item.Content[1])
		}
		cards, cols, ok := p.cards(cardsNode, true)
		if len(cards) == 0 {
			if ok {
				p.err(cardsNode, "expected the cards of the trick, found %s", describe(cardsNode))
			}
			continue
		}
		t.Cards, t.Cols = cards, cols
		r.Tricks = append(r.Tricks, t)
	}
}

// claim reads a round's claim, the key k and its value v: a player's name (claim: ann, who
// takes every trick not yet played) or a mapping of player names to the tricks each takes of
// those (claim: {ann: 2, bob: 1}). A second claim is a second key of the round's mapping.
func (p *yamlParser) claim(k, v *yaml.Node, r *parse.Round) {
	switch {
	case v.Kind == yaml.MappingNode:
		if len(v.Content) == 0 {
			p.err(v, "expected the claiming player's name, or a mapping of player names to tricks, after claim:, found an empty mapping")
			return
		}
		if shares := p.counts(v, nil); len(shares) > 0 {
			r.Claim = &parse.Claim{Shares: shares, Pos: p.pos(k)}
		}
	case v.Kind == yaml.ScalarNode && !isNull(v):
		if name, ok := p.playerName(v, "the claiming player's name after claim:"); ok {
			r.Claim = &parse.Claim{Player: name, Pos: p.pos(k)}
		}
	default:
		p.err(v, "expected the claiming player's name, or a mapping of player names to tricks, after claim:, found %s", describe(v))
	}
}

func (p *yamlParser) counts(v *yaml.Node, list []parse.Count) []parse.Count {
	p.pairs(v, "a mapping of player names to numbers", func(pk, pv *yaml.Node) {
		name, ok := p.playerName(pk, "a player name")
		if !ok {
			return
		}
		n, ok := p.number(pv, parse.QuoteName(name)+":")
		if !ok {
			return
		}
		list = append(list, parse.Count{Player: name, N: n, Pos: p.pos(pk)})
	})
	return list
}

// yamlNamed reports whether a file is named as YAML (.yaml, .yml; not .json).
func yamlNamed(file string) bool {
	ext := strings.ToLower(filepath.Ext(file))
	return ext == ".yaml" || ext == ".yml"
}
