package writer

import (
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

func appendName(b []byte, s string) []byte {
	if parse.IsBareName(s) {
		return append(b, s...)
	}
	return spell.AppendQuoted(b, s)
}

// appendSideName writes a name on a score or total line: a side of bare names joined by
// "+" is written bare (ann+cat), as the text reader takes it; anything else as appendName.
func appendSideName(b []byte, s string) []byte {
	if strings.Contains(s, "+") {
		bare := true
		for _, p := range strings.Split(s, "+") {
			bare = bare && parse.IsBareName(p)
		}
		if bare {
			return append(b, s...)
		}
	}
	return appendName(b, s)
}

// appendValue writes an option or meta value, or a ruleset name: bare when it is a single
// word without quote or comment sign, quoted otherwise.
func appendValue(b []byte, s string) []byte {
	if s == "" {
		return append(b, `""`...)
	}
	for k := 0; k < len(s); k++ {
		if quotedByte[s[k]] {
			return spell.AppendQuoted(b, s)
		}
	}
	return append(b, s...)
}

// quotedByte marks the bytes that make appendValue quote a value: blanks and controls, '"',
// '#' and DEL.
var quotedByte = func() (t [256]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t['"'], t['#'], t[0x7f] = true, true, true
	return
}()

// cardSpace holds, for every value of a Card, its two letters (Card.String: a card's rank
// and suit, LJ, BJ, ?? for a value that is no card) and a blank, as a little-endian uint32.
var cardSpace = func() (t [256]uint32) {
	for c := range t {
		s := parse.Card(c).String()
		t[c] = uint32(s[0]) | uint32(s[1])<<8 | ' '<<16
	}
	return
}()

// appendCards writes cards separated by blanks: each card's letters and a blank in one
// four-byte store (the fourth byte is overwritten by the next card, or cut off).
func appendCards(b []byte, cards []parse.Card) []byte {
	if len(cards) == 0 {
		return b
	}
	n := len(b)
	b = slices.Grow(b, 3*len(cards)+1)
	out := b[n : n+3*len(cards)+1]
	for _, c := range cards {
		if len(out) < 4 { // never: out has room for every card (the test spares a bounds check)
			break
		}
		binary.LittleEndian.PutUint32(out, cardSpace[c])
		out = out[3:]
	}
	return b[:n+3*len(cards)-1]
}

func appendCard(b []byte, c parse.Card) []byte {
	x := cardSpace[c]
	return append(b, byte(x), byte(x>>8))
}

func appendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendText appends the canonical compact text of g to b (see the package documentation
// for the canonical form).
func AppendText(b []byte, g *parse.Game) []byte {
	return appendTextBody(appendTextHead(b, g), len(b), g)
}

// appendTextHead writes a game's first lines, which depend on its ruleset, players and
// options only (see headCache): game, players and option.
func appendTextHead(b []byte, g *parse.Game) []byte {
	gc := g.Comments
	if gc == nil {
		gc = &noGameComments
	}
	if g.Ruleset != "" {
		b = appendBefore(b, &gc.Game)
		b = append(b, "game "...)
		b = appendValue(b, g.Ruleset)
		b = endLine(b, &gc.Game)
	} else {
		b = appendCommentLines(b, &gc.Game)
	}
	if len(g.Players) > 0 {
		b = appendBefore(b, &gc.Players)
		b = append(b, "players"...)
		for _, name := range g.Players {
			b = append(b, ' ')
			b = appendName(b, name)
		}
		b = endLine(b, &gc.Players)
	} else {
		b = appendCommentLines(b, &gc.Players)
	}
	return appendKVLine(b, "option", g.Options, &gc.Options)
}

// appendTextBody writes the lines after appendTextHead's: meta and the rounds. The game's
// text starts at b[start].
func appendTextBody(b []byte, start int, g *parse.Game) []byte {
	gc := g.Comments
	if gc == nil {
		gc = &noGameComments
	}
	b = appendKVLine(b, "meta", g.Meta, &gc.Meta)
	for _, r := range g.Rounds {
		if r != nil {
			b = appendTextRound(blankLine(b, start), r)
		}
	}
	return appendCommentText(b, gc.End)
}

// blankLine writes the blank line before a round. It goes before the comment lines that end
// b[start:], if any: they are the comments of statements not written (appendCommentLines),
// which a reader gives to the round line after them; so written, the text reads back to
// the comments it was written from.
func blankLine(b []byte, start int) []byte {
	k := len(b) // the start of the comment lines at the end
	for k > start {
		ls := bytes.LastIndexByte(b[start:k-1], '\n') + 1 + start
		if b[ls] != '#' {
			break
		}
		k = ls
	}
	b = append(b, 0)
	copy(b[k+1:], b[k:])
	b[k] = '\n'
	return b
}

// appendTextRound writes a round's statements.
func appendTextRound(b []byte, r *parse.Round) []byte {
	rc := r.Comments
	if rc == nil {
		rc = &noRoundComments
	}
	b = appendBefore(b, &rc.Round)
	b = append(b, "round"...)
	if r.Dealer != "" {
		b = append(b, " dealer="...)
		b = appendName(b, r.Dealer)
	}
	if r.Tiebreak != nil {
		b = append(b, " tiebreak"...)
		for _, name := range r.Tiebreak {
			b = append(b, ' ')
			b = appendName(b, name)
		}
	}
	b = endLine(b, &rc.Round)
	b = appendHands(b, "deal ", r.Deal)
	for i := range r.Passes {
		ps := &r.Passes[i]
		b = appendBefore(b, ps.Comments)
		b = append(b, "pass "...)
		b = appendName(b, ps.Player)
		if ps.To != "" {
			b = append(b, '>')
			b = appendName(b, ps.To)
		}
		b = append(b, ": "...)
		if len(ps.Cards) == 0 {
			b = append(b, '-')
		}
		b = appendCards(b, ps.Cards)
		b = endLine(b, ps.Comments)
	}
	if len(r.Bids) > 0 {
		b = appendBefore(b, &rc.Bids)
		b = append(b, "bid"...)
		for _, bid := range r.Bids {
			b = append(b, ' ')
			b = appendName(b, bid.Player)
			b = append(b, '=')
			b = append(b, bid.String()...)
		}
		b = endLine(b, &rc.Bids)
	} else {
		b = appendCommentLines(b, &rc.Bids)
	}
	for i := range r.Tricks {
		t := &r.Tricks[i]
		b = appendBefore(b, t.Comments)
		b = append(b, "trick "...)
		if t.Leader != "" {
			b = appendName(b, t.Leader)
			b = append(b, ": "...)
		}
		b = appendCards(b, t.Cards)
		b = endLine(b, t.Comments)
	}
	if r.Claim != nil {
		b = appendClaim(b, r.Claim, &rc.Claim)
	} else {
		b = appendCommentLines(b, &rc.Claim)
	}
	b = appendHands(b, "took ", r.Took)
	b = appendCountLine(b, "tricks", r.Taken, &rc.Taken)
	for i := range r.Moon {
		m := &r.Moon[i]
		b = appendBefore(b, m.Comments)
		b = append(b, "moon "...)
		b = appendName(b, m.Player)
		b = append(b, ' ')
		b = append(b, m.Scoring...)
		b = endLine(b, m.Comments)
	}
	b = appendCountLine(b, "score", r.Score, &rc.Score)
	b = appendCountLine(b, "total", r.Total, &rc.Total)
	return b
}

// noGameComments and noRoundComments stand for the comments of a game or round that has
// none (read only).
var (
	noGameComments  parse.GameComments
	noRoundComments parse.RoundComments
)

// appendBefore writes the comment lines before a statement, c's Before (c may be nil).
func appendBefore(b []byte, c *parse.Comments) []byte {
	if c == nil {
		return b
	}
	return appendCommentText(b, c.Before)
}

// appendCommentText writes each of lines as a comment line.
func appendCommentText(b []byte, lines []string) []byte {
	for _, t := range lines {
		b = appendComment(b, t)
		b = append(b, '\n')
	}
	return b
}

// appendComment writes "# TEXT" ("#" alone for an empty text).
func appendComment(b []byte, t string) []byte {
	if t == "" {
		return append(b, '#')
	}
	b = append(b, "# "...)
	return append(b, t...)
}

// endLine ends a statement's line: its comment, if c has one, then the newline.
func endLine(b []byte, c *parse.Comments) []byte {
	if c != nil && c.Line != "" {
		b = append(b, ' ')
		b = appendComment(b, c.Line)
	}
	return append(b, '\n')
}

// appendCommentLines writes the comments of a statement that is not written (the model has
// none of it) as comment lines, in its place: none is lost.
func appendCommentLines(b []byte, c *parse.Comments) []byte {
	b = appendBefore(b, c)
	if c != nil && c.Line != "" {
		b = appendComment(b, c.Line)
		b = append(b, '\n')
	}
	return b
}

// appendClaim writes a claim line: "claim NAME", or "claim NAME=N ..." for shares (a claim
// of neither, which no reader makes, writes nothing).
func appendClaim(b []byte, c *parse.Claim, cc *parse.Comments) []byte {
	switch {
	case len(c.Shares) > 0:
		return appendCountLine(b, "claim", c.Shares, cc)
	case c.Player != "":
		b = appendBefore(b, cc)
		b = append(b, "claim "...)
		b = appendName(b, c.Player)
		return endLine(b, cc)
	}
	return appendCommentLines(b, cc)
}

func appendKVLine(b []byte, kw string, kvs []parse.KV, c *parse.Comments) []byte {
	if len(kvs) == 0 {
		return appendCommentLines(b, c)
	}
	b = appendBefore(b, c)
	b = append(b, kw...)
	for _, kv := range kvs {
		b = append(b, ' ')
		b = appendName(b, kv.Key)
		b = append(b, '=')
		b = appendValue(b, kv.Value)
	}
	return endLine(b, c)
}

func appendHands(b []byte, kw string, hands []parse.PlayerCards) []byte {
	for i := range hands {
		h := &hands[i]
		b = appendBefore(b, h.Comments)
		b = append(b, kw...)
		b = appendName(b, h.Player)
		b = append(b, ": "...)
		if len(h.Cards) == 0 {
			b = append(b, '-')
		}
		b = appendCards(b, h.Cards)
		b = endLine(b, h.Comments)
	}
	return b
}

func appendCountLine(b []byte, kw string, cs []parse.Count, c *parse.Comments) []byte {
	if len(cs) == 0 {
		return appendCommentLines(b, c)
	}
	b = appendBefore(b, c)
	b = append(b, kw...)
	sides := kw == "score" || kw == "total"
	for _, n := range cs {
		b = append(b, ' ')
		if sides {
			b = appendSideName(b, n.Player)
		} else {
			b = appendName(b, n.Player) // the reader takes sides (ann+cat) on score and total lines only
		}
		b = append(b, '=')
		b = appendInt(b, n.N)
	}
	return endLine(b, c)
}

// WriteText writes the canonical compact text of one game.
func WriteText(w io.Writer, g *parse.Game) error {
	_, err := w.Write(AppendText(nil, g))
	return err
}

// WriteTexts writes games as canonical compact text, separated by lines "---".
func WriteTexts(w io.Writer, games []*parse.Game) error {
	return writeAll(NewWriter(w, parse.Text), games)
}

// ---- YAML --------------------------------------------------------------------------------

const hexDigits = "0123456789ABCDEF"

// appendYAMLString writes s as a YAML scalar: plain when safe, else double-quoted with
// escapes for everything a YAML reader would not give back as is.
func appendYAMLString(b []byte, s string) []byte {
	if spell.YAMLPlain(s) {
		return append(b, s...)
	}
	b = append(b, '"')
	for k := 0; k < len(s); {
		c := s[k]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			k++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[k:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15]) // not UTF-8; cannot happen for parsed input
		case r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF:
			b = append(b, '\\', 'u')
			for sh := 12; sh >= 0; sh -= 4 {
				b = append(b, hexDigits[(r>>uint(sh))&15])
			}
		default:
			b = append(b, s[k:k+size]...)
		}
		k += size
	}
	return append(b, '"')
}

func appendYAMLCards(b []byte, cards []parse.Card) []byte {
	if len(cards) == 0 {
		return append(b, `""`...)
	}
	return appendCards(b, cards)
}

// AppendYAML appends the YAML spelling of g to b: one document, without a "---" line.
func AppendYAML(b []byte, g *parse.Game) []byte {
	g = g.Settled() // a YAML comment sits on a key: that of a statement g lacks goes to the next
	return appendYAMLBody(appendYAMLHead(b, g), g)
}

// appendYAMLHead writes a game's first keys, which depend on its ruleset, players and
// options only (see headCache): game, players and options.
func appendYAMLHead(b []byte, g *parse.Game) []byte {
	gc := yamlGameComments(g.Comments)
	if g.Ruleset != "" {
		b = appendBefore(b, &gc.Game)
		b = append(b, "game: "...)
		b = appendYAMLString(b, g.Ruleset)
		b = endLine(b, &gc.Game)
	} else {
		b = appendCommentLines(b, &gc.Game)
	}
	if len(g.Players) > 0 {
		b = appendBefore(b, &gc.Players)
		b = append(b, "players: "...)
		b = appendYAMLNames(b, g.Players)
		b = endLine(b, &gc.Players)
	} else {
		b = appendCommentLines(b, &gc.Players)
	}
	return appendYAMLKVs(b, "options: ", g.Options, &gc.Options)
}

// appendYAMLBody writes the keys after appendYAMLHead's: meta and the rounds.
func appendYAMLBody(b []byte, g *parse.Game) []byte {
	gc := yamlGameComments(g.Comments)
	b = appendYAMLKVs(b, "meta: ", g.Meta, &gc.Meta)
	n := 0
	for _, r := range g.Rounds {
		if r != nil {
			n++
		}
	}
	if n > 0 {
		b = append(b, "rounds:\n"...)
		for _, r := range g.Rounds {
			if r != nil {
				b = appendYAMLRound(b, r)
			}
		}
	}
	if g.Comments != nil {
		if m := gameCommentMap(jsonComments{yaml: true}, g.Comments); m != nil {
			b = append(append(append(b, "comment: "...), m...), '\n')
		}
	}
	return appendCommentText(b, gc.End)
}

// yamlRound writes the keys of one round, an item of the rounds list, with the round's
// comments: the round line's before the item, its line comment on the item's first line (a
// dealer or tiebreak key's line, else a line "- #" of its own, followed by the first key's
// comment lines, when either is there to write).
type yamlRound struct {
	first bool
	rc    *parse.RoundComments
}

// key starts key k (with what follows it on its line), its comment lines c before it.
func (y *yamlRound) key(b []byte, k string, c *parse.Comments) []byte {
	if !y.first {
		b = appendYAMLBefore(b, "    ", c)
		return append(b, "    "+k...)
	}
	y.first = false
	if k == "dealer: " || k == "tiebreak: " || y.rc.Round.Line == "" && (c == nil || len(c.Before) == 0) {
		return append(append(b, ' '), k...)
	}
	b = append(b, ' ')
	b = appendComment(b, y.rc.Round.Line)
	b = append(b, '\n')
	b = appendYAMLBefore(b, "    ", c)
	return append(b, "    "+k...)
}

// appendYAMLBefore writes the comment lines of c (may be nil) at indentation ind.
func appendYAMLBefore(b []byte, ind string, c *parse.Comments) []byte {
	if c == nil {
		return b
	}
	for _, t := range c.Before {
		b = append(b, ind...)
		b = appendComment(b, t)
		b = append(b, '\n')
	}
	return b
}

// A YAML comment cannot carry every character a text comment may hold: yaml.v3 refuses the
// controls (C0 but the tab, DEL, C1 but NEL), U+FFFE and U+FFFF anywhere in a document, and
// ends a comment at NEL, U+2028 and U+2029, line breaks in YAML. The comments of a statement
// with such a character are written in the game's or round's "comment" mapping instead, as in
// JSON (FORMAT.md, "Comments"), whose double-quoted strings escape them: none is lost, and the
// other comments stay YAML comments.

// yamlCarries reports whether YAML comments carry the comments c (nil: none) as they are.
func yamlCarries(c *parse.Comments) bool {
	if c == nil {
		return true
	}
	for _, t := range c.Before {
		if !yamlCommentText(t) {
			return false
		}
	}
	return yamlCommentText(c.Line)
}

// yamlCommentText reports whether a YAML comment carries comment text t as it is.
func yamlCommentText(t string) bool {
	for k := 0; k < len(t); {
		if c := t[k]; c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7F {
				return false
			}
			k++
			continue
		}
		r, size := utf8.DecodeRuneInString(t[k:])
		if r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFFFE || r == 0xFFFF || r == utf8.RuneError && size == 1 {
			return false
		}
		k += size
	}
	return true
}

// yc returns c when YAML comments carry it, else nil: it goes in a comment mapping.
func yc(c *parse.Comments) *parse.Comments {
	if yamlCarries(c) {
		return c
	}
	return nil
}

// yamlGameComments returns the game comments gc (nil: none) that YAML comments carry: gc
// itself when they carry them all, else a copy without the others.
func yamlGameComments(gc *parse.GameComments) *parse.GameComments {
	if gc == nil {
		return &noGameComments
	}
	end := yamlCarries(&parse.Comments{Before: gc.End})
	if end && yamlCarries(&gc.Game) && yamlCarries(&gc.Players) && yamlCarries(&gc.Options) && yamlCarries(&gc.Meta) {
		return gc
	}
	c := *gc
	for _, f := range []*parse.Comments{&c.Game, &c.Players, &c.Options, &c.Meta} {
		if !yamlCarries(f) {
			*f = parse.Comments{}
		}
	}
	if !end {
		c.End = nil
	}
	return &c
}

// yamlRoundComments is yamlGameComments for a round's comments.
func yamlRoundComments(rc *parse.RoundComments) *parse.RoundComments {
	if rc == nil {
		return &noRoundComments
	}
	c := *rc
	all := true
	for _, f := range []*parse.Comments{&c.Round, &c.Bids, &c.Claim, &c.Taken, &c.Score, &c.Total} {
		if !yamlCarries(f) {
			*f, all = parse.Comments{}, false
		}
	}
	if all {
		return rc
	}
	return &c
}

// appendYAMLRound writes one round, an item of the rounds list.
func appendYAMLRound(b []byte, r *parse.Round) []byte {
	rc := yamlRoundComments(r.Comments)
	b = appendYAMLBefore(b, "  ", &rc.Round)
	b = append(b, "  -"...)
	y := &yamlRound{first: true, rc: rc}
	if r.Dealer != "" {
		b = y.key(b, "dealer: ", nil)
		b = appendYAMLString(b, r.Dealer)
		b = endLine(b, &rc.Round)
	}
	if r.Tiebreak != nil {
		b = y.key(b, "tiebreak: ", nil)
		b = appendYAMLNames(b, r.Tiebreak)
		if r.Dealer != "" {
			b = append(b, '\n')
		} else {
			b = endLine(b, &rc.Round)
		}
	}
	if len(r.Deal) > 0 {
		b = appendYAMLHands(y.key(b, "deal:", nil), r.Deal)
	}
	if len(r.Passes) > 0 {
		b = appendYAMLPasses(y.key(b, "pass:", nil), r.Passes)
	}
	if len(r.Bids) > 0 {
		b = y.key(b, "bids: {", &rc.Bids)
		for k, bid := range r.Bids {
			b = appendYAMLPair(b, k, bid.Player, bid.String())
		}
		b = endLine(append(b, '}'), &rc.Bids)
	}
	if len(r.Tricks) > 0 {
		b = appendYAMLTricks(y.key(b, "tricks:\n", nil), r.Tricks)
	}
	if c := r.Claim; c != nil {
		if len(c.Shares) > 0 {
			b = appendYAMLCounts(b, y, "claim: ", c.Shares, &rc.Claim)
		} else if c.Player != "" {
			b = y.key(b, "claim: ", &rc.Claim)
			b = appendYAMLString(b, c.Player)
			b = endLine(b, &rc.Claim)
		}
	}
	if len(r.Took) > 0 {
		b = appendYAMLHands(y.key(b, "took:", nil), r.Took)
	}
	b = appendYAMLCounts(b, y, "tricks_taken: ", r.Taken, &rc.Taken)
	if len(r.Moon) > 0 {
		b = appendYAMLMoon(y.key(b, "moon:", nil), r.Moon)
	}
	b = appendYAMLCounts(b, y, "score: ", r.Score, &rc.Score)
	b = appendYAMLCounts(b, y, "total: ", r.Total, &rc.Total)
	if m := roundCommentMap(jsonComments{yaml: true}, r); m != nil {
		b = append(append(y.key(b, "comment: ", nil), m...), '\n')
	}
	if y.first {
		b = endLine(append(b, " {}"...), &rc.Round)
	}
	return b
}

// perPlayer writes the entries of a per-player list after its key: a flow mapping on the
// key's line, or, when an entry has comments, a block mapping of an entry a line, each with
// its comments. entry writes the NAME: VALUE of the k-th.
func perPlayer(b []byte, n int, comments func(int) *parse.Comments, entry func([]byte, int) []byte) []byte {
	block := false
	for k := 0; k < n && !block; k++ {
		block = comments(k) != nil
	}
	if !block {
		b = append(b, " {"...)
		for k := 0; k < n; k++ {
			if k > 0 {
				b = append(b, ", "...)
			}
			b = entry(b, k)
		}
		return append(b, "}\n"...)
	}
	b = append(b, '\n')
	for k := 0; k < n; k++ {
		c := comments(k)
		b = appendYAMLBefore(b, "      ", c)
		b = append(b, "      "...)
		b = endLine(entry(b, k), c)
	}
	return b
}

// appendYAMLPair writes the k-th pair "name: value" of a flow mapping.
func appendYAMLPair(b []byte, k int, name, value string) []byte {
	if k > 0 {
		b = append(b, ", "...)
	}
	b = appendYAMLString(b, name)
	b = append(b, ": "...)
	return appendYAMLString(b, value)
}

// appendYAMLPasses writes the passes of a round, after "pass:".
func appendYAMLPasses(b []byte, passes []parse.Pass) []byte {
	return perPlayer(b, len(passes), func(k int) *parse.Comments { return yc(passes[k].Comments) }, func(b []byte, k int) []byte {
		ps := &passes[k]
		b = appendYAMLString(b, ps.Player)
		b = append(b, ": "...)
		if ps.To == "" {
			return appendYAMLCards(b, ps.Cards)
		}
		b = append(b, "{to: "...)
		b = appendYAMLString(b, ps.To)
		b = append(b, ", cards: "...)
		b = appendYAMLCards(b, ps.Cards)
		return append(b, '}')
	})
}

// appendYAMLMoon writes the moon choices of a round, after "moon:".
func appendYAMLMoon(b []byte, moon []parse.Moon) []byte {
	return perPlayer(b, len(moon), func(k int) *parse.Comments { return yc(moon[k].Comments) }, func(b []byte, k int) []byte {
		return appendYAMLPair(b, 0, moon[k].Player, moon[k].Scoring)
	})
}

// appendYAMLTricks writes the tricks of a round, items of a block list, each with its
// comments.
func appendYAMLTricks(b []byte, tricks []parse.Trick) []byte {
	for i := range tricks {
		t := &tricks[i]
		c := yc(t.Comments)
		b = appendYAMLBefore(b, "      ", c)
		b = append(b, "      - "...)
		if t.Leader != "" {
			b = appendYAMLString(b, t.Leader)
			b = append(b, ": "...)
		}
		b = appendYAMLCards(b, t.Cards)
		b = endLine(b, c)
	}
	return b
}

func appendYAMLHands(b []byte, hands []parse.PlayerCards) []byte {
	return perPlayer(b, len(hands), func(k int) *parse.Comments { return yc(hands[k].Comments) }, func(b []byte, k int) []byte {
		b = appendYAMLString(b, hands[k].Player)
		b = append(b, ": "...)
		return appendYAMLCards(b, hands[k].Cards)
	})
}

func appendYAMLCounts(b []byte, y *yamlRound, k string, cs []parse.Count, c *parse.Comments) []byte {
	if len(cs) == 0 {
		return b
	}
	b = y.key(b, k, c)
	b = append(b, '{')
	for i, n := range cs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendYAMLString(b, n.Player)
		b = append(b, ": "...)
		b = appendInt(b, n.N)
	}
	return endLine(append(b, '}'), c)
}

func appendYAMLNames(b []byte, names []string) []byte {
	b = append(b, '[')
	for k, name := range names {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = appendYAMLString(b, name)
	}
	return append(b, ']')
}

func appendYAMLKVs(b []byte, key string, kvs []parse.KV, c *parse.Comments) []byte {
	if len(kvs) == 0 {
		return appendCommentLines(b, c)
	}
	b = appendBefore(b, c)
	b = append(b, key...)
	b = append(b, '{')
	for k, kv := range kvs {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = appendYAMLString(b, kv.Key)
		b = append(b, ": "...)
		b = appendYAMLString(b, kv.Value)
	}
	return endLine(append(b, '}'), c)
}

// WriteYAML writes one game as a YAML document.
func WriteYAML(w io.Writer, g *parse.Game) error {
	_, err := w.Write(AppendYAML(nil, g))
	return err
}

// WriteYAMLs writes games as a YAML multi-document stream, documents separated by "---".
func WriteYAMLs(w io.Writer, games []*parse.Game) error {
	return writeAll(NewWriter(w, parse.YAML), games)
}

// Writer writes a stream of games in one format: text games separated by lines "---",
// a YAML multi-document stream, or JSON (NewJSONWriter): one array of game objects, or one
// object a line. It buffers one game at a time.
type Writer struct {
	w      io.Writer
	format parse.Format
	json   jsonShape
	n      int
	buf    []byte
	head   headCache
}

// jsonShape is how a Writer writes JSON, if it does.
type jsonShape uint8

const (
	noJSON    jsonShape = iota
	jsonArray           // "[", the games one a line separated by ",", "]"
	jsonLines           // one game a line
)

// headCache keeps the first lines of the last game written (appendTextHead,
// appendYAMLHead or appendJSONHead) with what they were written from: the games of a stream mostly share
// their ruleset, players and options (simulate writes them alike for every game), and
// comparing them costs less than writing them again. The lines depend on nothing else.
type headCache struct {
	ok      bool
	ruleset string
	players []string
	options []parse.KV // keys and values; positions are not written
	text    []byte
}

// append appends the head of g, as head writes it, to b.
func (h *headCache) append(b []byte, g *parse.Game, head func([]byte, *parse.Game) []byte) []byte {
	if g.Comments != nil { // the head holds the game's comments: written for it alone
		return head(b, g)
	}
	if !h.ok || h.ruleset != g.Ruleset || !slices.Equal(h.players, g.Players) ||
		!slices.EqualFunc(h.options, g.Options, func(a, b parse.KV) bool { return a.Key == b.Key && a.Value == b.Value }) {
		h.text = head(h.text[:0], g)
		h.ok, h.ruleset = true, g.Ruleset
		h.players = append(h.players[:0], g.Players...)
		h.options = append(h.options[:0], g.Options...)
	}
	return append(b, h.text...)
}

// NewWriter returns a Writer of the given format (Auto means Text).
func NewWriter(w io.Writer, format parse.Format) *Writer {
	if format != parse.YAML {
		format = parse.Text
	}
	return &Writer{w: w, format: format}
}

// NewJSONWriter returns a Writer of JSON (AppendJSON): one array of the games, an element
// a line, "[]" for none, which Close ends; or, with lines, one game object a line (JSON
// lines). The JSON reader reads either back, game by game.
func NewJSONWriter(w io.Writer, lines bool) *Writer {
	shape := jsonArray
	if lines {
		shape = jsonLines
	}
	return &Writer{w: w, format: parse.YAML, json: shape}
}

// Write writes one game, preceded by a separator unless it is the first.
func (w *Writer) Write(g *parse.Game) error {
	b := w.buf[:0]
	switch {
	case w.json == jsonArray && w.n == 0:
		b = append(b, "[\n"...)
	case w.json == jsonArray:
		b = append(b, ",\n"...)
	case w.json == noJSON && w.n > 0:
		b = append(b, "---\n"...)
	}
	switch {
	case w.json != noJSON:
		b = appendJSONBody(w.head.append(b, g, appendJSONHead), g)
		if w.json == jsonLines {
			b = append(b, '\n')
		}
	case w.format == parse.YAML:
		g = g.Settled()
		b = appendYAMLBody(w.head.append(b, g, appendYAMLHead), g)
	default:
		start := len(b)
		b = appendTextBody(w.head.append(b, g, appendTextHead), start, g)
	}
	w.n++
	w.buf = b
	_, err := w.w.Write(b)
	return err
}

// Close ends the stream: a JSON array's "]" (the whole "[]" when no game was written);
// nothing for the other shapes and formats. It does not close the io.Writer.
func (w *Writer) Close() error {
	if w.json != jsonArray {
		return nil
	}
	end := "\n]\n"
	if w.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(w.w, end)
	return err
}

func writeAll(w *Writer, games []*parse.Game) error {
	for _, g := range games {
		if err := w.Write(g); err != nil {
			return err
		}
	}
	return nil
}
