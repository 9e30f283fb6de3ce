package reader

import (
	"strings"

	"github.com/tricks-dev/tricks/parse"
)

// The head of a game: its lines from the game statement through its first round statement
// (game, players, option and round lines), or up to a meta line, a comment line, a blank
// line or a line the fast statements leave. The games of a file mostly repeat one head, or
// one of a few (an option line for each variant of the rules a file was played under), byte
// for byte, and a game of one round pays for its head as much as for its play. A GameBuffer
// keeps the last heads the fast statements read (headCache), with what they made of them; a
// game whose lines start with one of them takes what was made, given its own file and line
// numbers (the columns are the line's), in one compare of its bytes.

// headCache is a head kept: its text and what the fast statements made of it. Its positions
// count lines from the head's first, line 1; their files are left out (put in at each game).
type headCache struct {
	text       []byte // the head's lines, each with its '\n'
	lines      int    // the number of its lines
	last       int    // the offset in text of its last line
	gamePos    parse.Pos
	ruleset    string
	rulesetPos parse.Pos
	players    []string
	playersPos parse.Pos
	options    []parse.KV
	once       int  // the parser's optionsOnce after it: oneEach looks at the options past them
	round      bool // the last line is a round statement: its round, begun
	dealer     string
	dealerPos  parse.Pos
}

// heads is the number of heads a GameBuffer keeps.
const heads = optionLines

// head reads the head of a game at the start of src, the first line being number line, when
// nothing of the game was read before it but comment lines, and the game's bytes are pure
// ASCII: from a head kept when src starts with one, else by fastLine, line by line, for as
// long as it reads them (a meta line is left: they mostly differ from game to game), keeping
// the head when it read two lines or more. It returns what is left of src and the number of
// its first line: the rest of the game is read as before.
func (p *textParser) head(src string, line int) (string, int) {
	g, m := p.g, p.mem
	if p.gamePos.IsValid() || g.PlayersPos.IsValid() || g.Options != nil || g.Meta != nil || p.r != nil {
		return src, line
	}
	for k := range m.heads[:m.nHeads] {
		h := &m.heads[k]
		if n := len(h.text); n <= len(src) && src[n-1] == '\n' && src[:n] == string(h.text) {
			p.takeHead(h, src[:n], line)
			return src[n:], line + h.lines
		}
	}
	rest, l := src, line
	last := 0
	for p.r == nil {
		i := strings.IndexByte(rest, '\n')
		if i < 5 {
			break
		}
		s := rest[:i]
		if s[0] == '#' || isBlank(s[0]) || isBlank(s[i-1]) || strings.HasPrefix(s, "meta ") || p.stop || !p.fastLine(s, l) {
			break
		}
		last = len(src) - len(rest)
		rest, l = rest[i+1:], l+1
	}
	if l-line >= 2 && (p.r == nil || strings.HasPrefix(src[last:], "round") && p.r.Tiebreak == nil) {
		p.keepHead(src[:len(src)-len(rest)], line, l-line, last)
	}
	return rest, l
}

// keepHead keeps head text (lines of them, the last at offset last), just read from line
// number line, and what the fast statements made of it, in the entry taken in turn.
func (p *textParser) keepHead(text string, line, lines, last int) {
	m, g, r := p.mem, p.g, p.r
	h := &m.heads[m.nextHead]
	m.nextHead = (m.nextHead + 1) % heads
	if m.nHeads < heads {
		m.nHeads++
	}
	rel := func(pos parse.Pos) parse.Pos {
		if !pos.IsValid() {
			return parse.Pos{}
		}
		return parse.Pos{Line: pos.Line - line + 1, Col: pos.Col}
	}
	relKVs := func(out, l []parse.KV) []parse.KV {
		if l == nil {
			return nil
		}
		out = append(out[:0], l...)
		for j := range out {
			out[j].Pos = rel(out[j].Pos)
		}
		return out
	}
	h.text = append(h.text[:0], text...)
	h.lines, h.last = lines, last
	h.gamePos, h.ruleset, h.rulesetPos = rel(p.gamePos), g.Ruleset, rel(g.RulesetPos)
	h.players, h.playersPos = nil, rel(g.PlayersPos)
	if g.Players != nil {
		h.players = append(h.players[:0:0], g.Players...)
	}
	h.options, h.once = relKVs(h.options, g.Options), p.optionsOnce
	if h.once < len(g.Options) && keysOnce(g.Options) { // (an option line not kept before)
		h.once = len(g.Options)
	}
	h.round, h.dealer, h.dealerPos = r != nil, "", parse.Pos{}
	if r != nil {
		h.dealer, h.dealerPos = r.Dealer, rel(r.DealerPos)
	}
}

// takeHead gives the game what head h (text, at line number line) was made into, as the fast
// statements give it: each line read by fastLine, with the game's file and line numbers.
func (p *textParser) takeHead(h *headCache, text string, line int) {
	g, f := p.g, p.file
	abs := func(pos parse.Pos) parse.Pos {
		if !pos.IsValid() {
			return parse.Pos{}
		}
		return parse.Pos{File: f, Line: pos.Line + line - 1, Col: pos.Col}
	}
	g.Pos = abs(h.gamePos)
	if len(p.pending) > 0 { // the comment lines before the game statement (fastLine's attach)
		addComments(p.headerComments("game"), p.pending, "")
		p.pending = nil
	}
	p.gamePos = g.Pos
	g.Ruleset, g.RulesetPos = h.ruleset, abs(h.rulesetPos)
	if h.players != nil {
		names := p.mem.players[:0]
		if cap(names) < len(h.players) {
			names = make([]string, 0, len(h.players))
		}
		names = names[:len(h.players)]
		for k := range names {
			names[k] = h.players[k]
		}
		g.Players, g.PlayersPos = names, abs(h.playersPos)
	}
	g.Options = p.headKVs(h.options, line)
	p.optionsOnce = h.once
	// The parser left as fastLine leaves it after the last line.
	s := text[h.last : len(text)-1]
	p.line, p.s, p.ascii = line+h.lines-1, s, true
	p.cOff, p.cCol, p.i, p.off0 = 0, 1, 0, 0
	p.stmt = parse.Pos{File: f, Line: p.line, Col: 1}
	if h.round {
		p.newRound()
		p.r.Dealer, p.r.DealerPos = h.dealer, abs(h.dealerPos)
	}
}

// headKVs returns the options of a head kept, l, for a head at line number line: on the
// game's array, field by field (as in playLines).
func (p *textParser) headKVs(l []parse.KV, line int) []parse.KV {
	if l == nil {
		return nil
	}
	out := p.kvList("option")
	if cap(out) < len(l) {
		out = make([]parse.KV, 0, len(l))
	}
	out = out[:len(l)]
	for j := range out {
		o, c := &out[j], &l[j]
		o.Key, o.Value = c.Key, c.Value
		o.Pos = parse.Pos{File: p.file, Line: c.Pos.Line + line - 1, Col: c.Pos.Col}
	}
	return out
}
