package writer

import (
	"strconv"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
)

// The JSON writer: a game as the object the JSON reader reads back to the same game, in the
// compact layout of JSON lines (no blank between tokens; keys in the order of the YAML
// writer, then "comment"). Strings are names, values and comments as the model holds them;
// option and meta values and bids are strings, counts are numbers. JSON has no comments:
// a game's and a round's are a "comment" mapping from a statement's name to its lines
// before and its line comment (FORMAT.md, "Comments").

const jsonHex = "0123456789abcdef"

// jsonEscaped marks the ASCII bytes a JSON string cannot hold as they are: controls, '"',
// '\\' and DEL (the readers refuse a raw DEL, JSON does not).
var jsonEscaped = func() (t [utf8.RuneSelf]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'], t[0x7f] = true, true, true
	return
}()

// appendJSONString writes s as a JSON string. It escapes what encoding/json escapes (but
// not <, > and &, as the command's other JSON), each byte that is not UTF-8 written as
// \ufffd as encoding/json writes it, and also what the JSON and YAML readers refuse raw in
// a string: DEL, the C1 controls, U+FEFF, U+FFFE and U+FFFF.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0 // s[start:k] is still to copy as it is
	for k := 0; k < len(s); {
		c := s[k]
		if c < utf8.RuneSelf {
			if !jsonEscaped[c] {
				k++
				continue
			}
			b = append(b, s[start:k]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', jsonHex[c>>4], jsonHex[c&15])
			}
			k++
			start = k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[k:])
		switch {
		case r == utf8.RuneError && size == 1:
			r = utf8.RuneError // not UTF-8: encoding/json's replacement
		case r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF:
		default:
			k += size
			continue
		}
		b = append(b, s[start:k]...)
		b = append(b, '\\', 'u')
		for sh := 12; sh >= 0; sh -= 4 {
			b = append(b, jsonHex[(r>>uint(sh))&15])
		}
		k += size
		start = k
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendJSONKey writes a member's key (a literal, a string of the writer's own) and ':',
// after a ',' unless it is the first member (first is then cleared).
func appendJSONKey(b []byte, first *bool, key string) []byte {
	if !*first {
		b = append(b, ',')
	}
	*first = false
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// appendJSONCards writes cards as one string, "" for none.
func appendJSONCards(b []byte, cards []parse.Card) []byte {
	b = append(b, '"')
	b = appendCards(b, cards)
	return append(b, '"')
}

func appendJSONNames(b []byte, names []string) []byte {
	b = append(b, '[')
	for k, name := range names {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, name)
	}
	return append(b, ']')
}

// appendJSONObject writes items as one JSON object, each member written by member: its key
// (appendJSONMember) and its value.
func appendJSONObject[T any](b []byte, items []T, member func(b []byte, it *T) []byte) []byte {
	b = append(b, '{')
	for k := range items {
		if k > 0 {
			b = append(b, ',')
		}
		b = member(b, &items[k])
	}
	return append(b, '}')
}

// appendJSONMember writes a member's key, a string of the game (a name, an option key), and
// the ':' after it.
func appendJSONMember(b []byte, key string) []byte {
	return append(appendJSONString(b, key), ':')
}

// appendJSONKVs writes options or meta as a mapping of strings.
func appendJSONKVs(b []byte, kvs []parse.KV) []byte {
	return appendJSONObject(b, kvs, func(b []byte, kv *parse.KV) []byte {
		return appendJSONString(appendJSONMember(b, kv.Key), kv.Value)
	})
}

// appendJSONCounts writes a mapping of player names (or sides) to numbers.
func appendJSONCounts(b []byte, cs []parse.Count) []byte {
	return appendJSONObject(b, cs, func(b []byte, n *parse.Count) []byte {
		return appendInt(appendJSONMember(b, n.Player), n.N)
	})
}

// appendJSONHands writes a deal or took: player names to cards.
func appendJSONHands(b []byte, hands []parse.PlayerCards) []byte {
	return appendJSONObject(b, hands, func(b []byte, h *parse.PlayerCards) []byte {
		return appendJSONCards(appendJSONMember(b, h.Player), h.Cards)
	})
}

// appendJSONPasses writes the passes: player names to cards, or to {"to":..., "cards":...}.
func appendJSONPasses(b []byte, passes []parse.Pass) []byte {
	return appendJSONObject(b, passes, func(b []byte, ps *parse.Pass) []byte {
		b = appendJSONMember(b, ps.Player)
		if ps.To == "" {
			return appendJSONCards(b, ps.Cards)
		}
		b = append(b, `{"to":`...)
		b = appendJSONString(b, ps.To)
		b = append(b, `,"cards":`...)
		b = appendJSONCards(b, ps.Cards)
		return append(b, '}')
	})
}

// appendJSONBids writes the bids, each as its text (Bid.String), a string.
func appendJSONBids(b []byte, bids []parse.Bid) []byte {
	return appendJSONObject(b, bids, func(b []byte, bid *parse.Bid) []byte {
		return appendJSONString(appendJSONMember(b, bid.Player), bid.String())
	})
}

// appendJSONTricks writes the tricks: {"LEADER":"CARDS"}, or "CARDS" without a leader.
func appendJSONTricks(b []byte, tricks []parse.Trick) []byte {
	b = append(b, '[')
	for k := range tricks {
		t := &tricks[k]
		if k > 0 {
			b = append(b, ',')
		}
		if t.Leader == "" {
			b = appendJSONCards(b, t.Cards)
			continue
		}
		b = appendJSONCards(appendJSONMember(append(b, '{'), t.Leader), t.Cards)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSONMoon writes the moon choices: the shooters' names to old or new.
func appendJSONMoon(b []byte, moon []parse.Moon) []byte {
	return appendJSONObject(b, moon, func(b []byte, m *parse.Moon) []byte {
		return appendJSONString(appendJSONMember(b, m.Player), m.Scoring)
	})
}

// AppendJSON appends the JSON object of g to b, on one line, without a newline.
func AppendJSON(b []byte, g *parse.Game) []byte {
	return appendJSONBody(appendJSONHead(b, g), g)
}

// appendJSONHead writes the start of a game's object, which depends on its ruleset, players
// and options only (see headCache): '{', then game, players and options.
func appendJSONHead(b []byte, g *parse.Game) []byte {
	b = append(b, '{')
	first := true
	if g.Ruleset != "" {
		b = appendJSONKey(b, &first, "game")
		b = appendJSONString(b, g.Ruleset)
	}
	if len(g.Players) > 0 {
		b = appendJSONKey(b, &first, "players")
		b = appendJSONNames(b, g.Players)
	}
	if len(g.Options) > 0 {
		b = appendJSONKey(b, &first, "options")
		b = appendJSONKVs(b, g.Options)
	}
	return b
}

// appendJSONBody writes the rest of the object after appendJSONHead's: meta, the rounds, the
// game's comments and the closing '}'.
func appendJSONBody(b []byte, g *parse.Game) []byte {
	first := b[len(b)-1] == '{' // the head wrote no key (a key's value ends otherwise)
	if len(g.Meta) > 0 {
		b = appendJSONKey(b, &first, "meta")
		b = appendJSONKVs(b, g.Meta)
	}
	n := 0
	for _, r := range g.Rounds {
		if r != nil {
			if n == 0 {
				b = appendJSONKey(b, &first, "rounds")
				b = append(b, '[')
			} else {
				b = append(b, ',')
			}
			b = appendJSONRound(b, r)
			n++
		}
	}
	if n > 0 {
		b = append(b, ']')
	}
	if gc := g.Comments; gc != nil {
		b = gameCommentMap(jsonComments{b: b, comma: !first}, gc)
	}
	return append(b, '}')
}

// gameCommentMap writes, with c, the entries of the comments gc of a game.
func gameCommentMap(c jsonComments, gc *parse.GameComments) []byte {
	c.add("game", &gc.Game)
	c.add("players", &gc.Players)
	c.add("options", &gc.Options)
	c.add("meta", &gc.Meta)
	if len(gc.End) > 0 {
		c.add("end", &parse.Comments{Before: gc.End})
	}
	return c.end()
}

// appendJSONRound writes one round's object.
func appendJSONRound(b []byte, r *parse.Round) []byte {
	b = append(b, '{')
	first := true
	if r.Dealer != "" {
		b = appendJSONKey(b, &first, "dealer")
		b = appendJSONString(b, r.Dealer)
	}
	if r.Tiebreak != nil {
		b = appendJSONKey(b, &first, "tiebreak")
		b = appendJSONNames(b, r.Tiebreak)
	}
	if len(r.Deal) > 0 {
		b = appendJSONHands(appendJSONKey(b, &first, "deal"), r.Deal)
	}
	if len(r.Passes) > 0 {
		b = appendJSONPasses(appendJSONKey(b, &first, "pass"), r.Passes)
	}
	if len(r.Bids) > 0 {
		b = appendJSONBids(appendJSONKey(b, &first, "bids"), r.Bids)
	}
	if len(r.Tricks) > 0 {
		b = appendJSONTricks(appendJSONKey(b, &first, "tricks"), r.Tricks)
	}
	if c := r.Claim; c != nil {
		if len(c.Shares) > 0 {
			b = appendJSONCounts(appendJSONKey(b, &first, "claim"), c.Shares)
		} else if c.Player != "" {
			b = appendJSONString(appendJSONKey(b, &first, "claim"), c.Player)
		}
	}
	if len(r.Took) > 0 {
		b = appendJSONHands(appendJSONKey(b, &first, "took"), r.Took)
	}
	if len(r.Taken) > 0 {
		b = appendJSONCounts(appendJSONKey(b, &first, "tricks_taken"), r.Taken)
	}
	if len(r.Moon) > 0 {
		b = appendJSONMoon(appendJSONKey(b, &first, "moon"), r.Moon)
	}
	if len(r.Score) > 0 {
		b = appendJSONCounts(appendJSONKey(b, &first, "score"), r.Score)
	}
	if len(r.Total) > 0 {
		b = appendJSONCounts(appendJSONKey(b, &first, "total"), r.Total)
	}
	return append(appendJSONRoundComments(b, r, !first), '}')
}

// appendJSONRoundComments writes a round's "comment" member, if it has a comment (after a
// ',' if comma): the statements' names in the order the text writer writes the statements.
func appendJSONRoundComments(b []byte, r *parse.Round, comma bool) []byte {
	return roundCommentMap(jsonComments{b: b, comma: comma}, r)
}

// roundCommentMap writes, with c, the entries of the comments of round r: the statements'
// names in the order the text writer writes the statements.
func roundCommentMap(c jsonComments, r *parse.Round) []byte {
	rc := r.Comments
	if rc == nil {
		rc = &noRoundComments
	}
	c.add("round", &rc.Round)
	for i := range r.Deal {
		c.addFor("deal ", r.Deal[i].Player, r.Deal[i].Comments)
	}
	for i := range r.Passes {
		c.addFor("pass ", r.Passes[i].Player, r.Passes[i].Comments)
	}
	c.add("bids", &rc.Bids)
	for i := range r.Tricks {
		if t := r.Tricks[i].Comments; !t.Empty() {
			c.add("trick "+strconv.Itoa(i+1), t)
		}
	}
	c.add("claim", &rc.Claim)
	for i := range r.Took {
		c.addFor("took ", r.Took[i].Player, r.Took[i].Comments)
	}
	c.add("tricks_taken", &rc.Taken)
	for i := range r.Moon {
		c.addFor("moon ", r.Moon[i].Player, r.Moon[i].Comments)
	}
	c.add("score", &rc.Score)
	c.add("total", &rc.Total)
	return c.end()
}

// jsonComments writes the "comment" member of an object, b, the last member: it is written
// with its first entry, none when no statement has a comment.
type jsonComments struct {
	b     []byte
	comma bool // the object has a member before it
	any   bool // an entry was written
	yaml  bool // the YAML writer's: the mapping alone, of the comments YAML comments do not carry
}

// add writes the entry of statement name, if c holds a comment: {"before":[...],"line":"..."},
// each part only when c has it.
func (j *jsonComments) add(name string, c *parse.Comments) {
	if c.Empty() || j.yaml && yamlCarries(c) {
		return
	}
	b := j.b
	switch {
	case j.any:
		b = append(b, ',')
	case j.yaml:
		b = append(b, '{')
	case j.comma:
		b = append(b, `,"comment":{`...)
	default:
		b = append(b, `"comment":{`...)
	}
	j.any = true
	b = appendJSONString(b, name)
	b = append(b, ':', '{')
	if len(c.Before) > 0 {
		b = append(b, `"before":`...)
		b = appendJSONNames(b, c.Before)
	}
	if c.Line != "" {
		if len(c.Before) > 0 {
			b = append(b, ',')
		}
		b = append(b, `"line":`...)
		b = appendJSONString(b, c.Line)
	}
	j.b = append(b, '}')
}

// addFor is add for statement kw+player ("deal ann").
func (j *jsonComments) addFor(kw, player string, c *parse.Comments) {
	if !c.Empty() {
		j.add(kw+player, c)
	}
}

// end closes the member, if it was written, and returns the object.
func (j *jsonComments) end() []byte {
	if j.any {
		return append(j.b, '}')
	}
	return j.b
}
