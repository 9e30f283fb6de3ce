package reader

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/internal/spell"
)

// maxErrors bounds the errors reported for one game; the rest are summarised.
const maxErrors = 100

// keywords lists the statements of the compact text, for messages.
const keywordList = "game, players, option, meta, round, deal, pass, bid, trick, claim, took, tricks, moon, score or total"

// cardArena hands out card and column slices carved from larger blocks, so that parsing
// a trick or a hand costs no allocation of its own. Every slice handed out has its
// capacity clipped to its length: appending to it never writes into a neighbour.
type cardArena struct {
	cards []parse.Card
	cols  []int
	// cards and columns handed out from blocks given up for a larger one: a reused arena
	// takes one block of the size the last game needed
	spent, spentCols int
}

const arenaCards = 2048
const arenaCols = 512

// reserve makes room for at least n more cards (and columns, if cols).
func (a *cardArena) reserve(n int, cols bool) {
	if cap(a.cards)-len(a.cards) < n {
		a.spent += len(a.cards)
		a.cards = make([]parse.Card, 0, max(arenaCards, n))
	}
	if cols && cap(a.cols)-len(a.cols) < n {
		a.spentCols += len(a.cols)
		a.cols = make([]int, 0, max(arenaCols, n))
	}
}

// textParser parses the statements of one game of compact text.
type textParser struct {
	file string
	g    *parse.Game
	r    *parse.Round // current round, nil before the first
	errs parse.ErrorList
	// misspeltPlayers: an unknown statement reads as a misspelt players (did you mean).
	misspeltPlayers bool
	unknowns        int // unknown statements so far (maxUnknowns)
	// noComments: comments are read over, not kept (Reader.SkipComments)
	noComments bool

	// the current line
	line  int    // 1-based line number
	s     string // the statement: the line without comment and trailing blanks
	i     int    // cursor into s
	ascii bool   // s is pure ASCII: column = byte offset + 1
	cOff  int    // cache for col on non-ASCII lines: byte offset cOff is column cCol
	cCol  int
	stmt  parse.Pos // position of the statement's first character
	off0  int       // byte offset of the statement's first character

	arena     *cardArena
	gamePos   parse.Pos // the game statement, if seen
	trickHint int       // tricks in the previous round, to size the next
	stop      bool      // a limit was reached: the rest of the game is not read

	mem *gameMem // the memory the game goes into

	// what holds for the whole game, looked at once: then not looked for on each line
	allASCII bool

	pending []string // comment lines not yet attached to a statement (comments.go)

	// the players (plus one) the game's leaderWords were looked up for (trickRun's)
	leadersOf int
	// the game's first options, when an option line kept (lineCache) whose keys are each given
	// once: oneEach looks at options only when there are more
	optionsOnce int

	tricks trickJob // what trickRun reads a run of trick lines with
}

// isASCII reports whether s is pure ASCII (asciiPrefix).
func isASCII(s []byte) bool { return asciiPrefix(s) == len(s) }

// asciiPrefix returns the length of the longest prefix of s in pure ASCII, looked at sixty-four
// bytes at a time, then eight (by index: a slice cut at each step costs more than the loads).
func asciiPrefix(s []byte) int {
	const high = 0x8080808080808080
	i := 0
	for ; i+64 <= len(s); i += 64 {
		b := s[i : i+64 : i+64]
		or := binary.LittleEndian.Uint64(b[0:8]) | binary.LittleEndian.Uint64(b[8:16]) |
			binary.LittleEndian.Uint64(b[16:24]) | binary.LittleEndian.Uint64(b[24:32]) |
			binary.LittleEndian.Uint64(b[32:40]) | binary.LittleEndian.Uint64(b[40:48]) |
			binary.LittleEndian.Uint64(b[48:56]) | binary.LittleEndian.Uint64(b[56:64])
		if or&high != 0 {
			break
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if binary.LittleEndian.Uint64(s[i:i+8:i+8])&high != 0 {
			break
		}
	}
	for i < len(s) && s[i] < 0x80 {
		i++
	}
	return i
}

// gameMem is the memory one game of text is parsed into: the Game and the arrays its lists
// take when they start. A fresh gameMem (newGameMem) holds in one allocation what a game of
// one round at a table of up to four usually needs; a GameBuffer keeps its gameMem from one
// game to the next, and with it every array the previous games grew, so that a worker that
// parses game after game allocates nothing once it has seen the largest. A list takes its
// array from here when it starts (a list that grows past it moves out as append does, and
// the larger array is kept for the next game); a list that is never started stays nil.
type gameMem struct {
	g       parse.Game
	p       textParser
	rounds  []*parse.Round // rounds[i] is reused as the game's i-th round
	spare   []roundSpare   // spare[i]: the arrays of rounds[i]'s lists
	list    []*parse.Round // the array of g.Rounds
	players []string
	options []parse.KV
	meta    []parse.KV
	// the last game and players lines read, the last option lines (fast.go), and the entry
	// of those the next one goes to
	gameLine    lineCache
	playersLine lineCache
	optionLines [optionLines]lineCache
	nextOption  int
	// the last heads read (head.go), how many are kept, and the entry the next one goes to
	heads    [heads]headCache
	nHeads   int
	nextHead int
	// the leaderWords of the players leadersFor, nLeaders of them (textParser.leaderWords)
	leaders    [maxLeaderWords]leaderWord
	leadBy     [256]uint8 // (makeLeaderWords)
	nLeaders   int
	leadersFor []string
	arena      *cardArena
	own        cardArena     // the arena, unless the reader's is shared (Next)
	reused     bool          // a GameBuffer's: reset before each game
	holder     *GameBuffer   // the buffer holding the game read ahead into it (directmem.go)
	kept       bool          // that game is kept for good: the memory is never reused
	gen        atomic.Uint32 // times the memory went back to directMems (Pending.gen)
	used       int           // rounds of the memory the last game used (reused memory)
	general    bool          // no fast path (fast.go): for the tests that compare the two
	// commented: the game holds a comment in a round or an entry of a list (comments.go),
	// cleared before the list's array is reused (the game's own comments go with the game)
	commented bool
	// a GameBuffer's memory for the comments of its game's header, and for the game's first
	// comment lines, taken once a game (linesTaken; comments.go)
	head       parse.GameComments
	lines      []string
	linesTaken bool
	// names: where the game's strings are copied to (names.go); nil when the text is a copy
	// of the game's own. table is a GameBuffer's, kept from game to game.
	names *names
	table names
	// arenaKept: the arena is the reader's, whose cards belong to the games kept
	// (keptmem.go): reset leaves it as it is
	arenaKept bool
}

// roundSpare holds the arrays of one round's lists between games.
type roundSpare struct {
	deal, took          []parse.PlayerCards
	passes              []parse.Pass
	bids                []parse.Bid
	tricks              []parse.Trick
	taken, score, total []parse.Count
	moon                []parse.Moon
	tiebreak            []string
	claim               *parse.Claim  // a claim of an earlier game's round, to be written over
	shares              []parse.Count // the array of its shares
}

// textBlock is a fresh gameMem with its first arrays, in one allocation.
type textBlock struct {
	mem     gameMem
	r       parse.Round
	rounds  [1]*parse.Round
	spare   [1]roundSpare
	list    [1]*parse.Round
	players [6]string
	kv      [6]parse.KV
	deal    [4]parse.PlayerCards
	passes  [4]parse.Pass
	tricks  [13]parse.Trick
	cards   [128]parse.Card
	cols    [64]int
}

// newGameMem returns fresh memory for one game; arena, when not nil, is where its cards
// go (the reader's, shared by the games of Next), else into the memory's own.
func newGameMem(arena *cardArena) *gameMem {
	blk := &textBlock{}
	m := &blk.mem
	blk.rounds[0] = &blk.r
	blk.spare[0] = roundSpare{deal: blk.deal[:0], passes: blk.passes[:0], tricks: blk.tricks[:0]}
	m.rounds, m.spare, m.list = blk.rounds[:], blk.spare[:], blk.list[:0]
	m.players, m.options, m.meta = blk.players[:0], blk.kv[0:0:3], blk.kv[3:3:6]
	m.arena = arena
	if arena == nil {
		m.own.cards, m.own.cols = blk.cards[:0], blk.cols[:0]
		m.arena = &m.own
	}
	return m
}

// reset makes a reused gameMem ready for the next game: the arrays the last game's lists
// grew are kept, the game itself is cleared.
func (m *gameMem) reset() {
	g := &m.g
	if m.commented {
		m.clearComments()
	}
	m.linesTaken = false
	keep := func(old *[]string, cur []string) {
		if cap(cur) > cap(*old) {
			*old = cur[:0]
		}
	}
	keep(&m.players, g.Players)
	if cap(g.Options) > cap(m.options) {
		m.options = g.Options[:0]
	}
	if cap(g.Meta) > cap(m.meta) {
		m.meta = g.Meta[:0]
	}
	if cap(g.Rounds) > cap(m.list) {
		m.list = g.Rounds[:0]
	}
	for i, r := range g.Rounds {
		if i >= len(m.rounds) || m.rounds[i] != r {
			continue
		}
		sp := &m.spare[i]
		keepHands(&sp.deal, r.Deal)
		keepHands(&sp.took, r.Took)
		if cap(r.Passes) > cap(sp.passes) {
			sp.passes = r.Passes[:0]
		}
		if cap(r.Bids) > cap(sp.bids) {
			sp.bids = r.Bids[:0]
		}
		if cap(r.Tricks) > cap(sp.tricks) {
			sp.tricks = r.Tricks[:0]
		}
		keepCounts(&sp.taken, r.Taken)
		keepCounts(&sp.score, r.Score)
		keepCounts(&sp.total, r.Total)
		if cap(r.Moon) > cap(sp.moon) {
			sp.moon = r.Moon[:0]
		}
		keep(&sp.tiebreak, r.Tiebreak)
		if c := r.Claim; c != nil {
			sp.claim = c
			keepCounts(&sp.shares, c.Shares)
		}
	}
	a := m.arena
	if m.arenaKept {
		*g = parse.Game{}
		return
	}
	if a.spent > 0 { // the last game took more than one block: one of its size next time
		a.cards = make([]parse.Card, 0, max(arenaCards, a.spent+len(a.cards)))
	}
	if a.spentCols > 0 {
		a.cols = make([]int, 0, max(arenaCols, a.spentCols+len(a.cols)))
	}
	a.cards, a.cols, a.spent, a.spentCols = a.cards[:0], a.cols[:0], 0, 0
	*g = parse.Game{}
}

// forget clears the rounds the last game used and this one (of n rounds) does not: what
// they hold (names among them) refers to the text of an earlier game, which it would keep
// from the collector for as long as the memory lives.
func (m *gameMem) forget(n int) {
	for i := n; i < m.used && i < len(m.rounds); i++ {
		*m.rounds[i] = parse.Round{}
		sp := &m.spare[i]
		clear(sp.deal[:cap(sp.deal)])
		clear(sp.took[:cap(sp.took)])
		clear(sp.passes[:cap(sp.passes)])
		clear(sp.bids[:cap(sp.bids)])
		clear(sp.tricks[:cap(sp.tricks)])
		clear(sp.taken[:cap(sp.taken)])
		clear(sp.score[:cap(sp.score)])
		clear(sp.total[:cap(sp.total)])
		clear(sp.moon[:cap(sp.moon)])
		clear(sp.tiebreak[:cap(sp.tiebreak)])
		if sp.claim != nil {
			*sp.claim = parse.Claim{}
		}
		clear(sp.shares[:cap(sp.shares)])
	}
	m.used = n
}

func keepHands(old *[]parse.PlayerCards, cur []parse.PlayerCards) {
	if cap(cur) > cap(*old) {
		*old = cur[:0]
	}
}

func keepCounts(old *[]parse.Count, cur []parse.Count) {
	if cap(cur) > cap(*old) {
		*old = cur[:0]
	}
}

// spareOf returns the spare arrays of round r, nil when r is not one of the memory's rounds.
func (p *textParser) spareOf(r *parse.Round) *roundSpare {
	m := p.mem
	if k := len(p.g.Rounds) - 1; k >= 0 && k < len(m.rounds) && m.rounds[k] == r {
		return &m.spare[k]
	}
	return nil
}

// A GameBuffer is memory that games of text are parsed into one after another
// (Pending.Parse): the game it returns stays valid until the next parse into the same
// buffer, which reuses its memory. A GameBuffer is not safe for concurrent use; the zero
// value is ready to use.
type GameBuffer struct {
	mem   *gameMem
	ahead *gameMem // the memory of the last YAML or JSON game read ahead (directmem.go)
}

// limit reports a limit reached at byte offset off of the current line and stops the game.
func (p *textParser) limit(off int, format string, args ...any) {
	p.errs.Add(p.pos(off), spell.LimitMsg(format, args...))
	p.stop = true
}

// parseTextGame parses one game: src holds its lines (no "---"), the first being line
// firstLine; ascii says that src is pure ASCII; noComments leaves its comments out
// (Reader.SkipComments). The game goes into mem (newGameMem, or a GameBuffer's).
func parseTextGame(mem *gameMem, src, file string, firstLine, index int, ascii, noComments bool) (*parse.Game, parse.ErrorList) {
	if mem.reused {
		mem.reset()
	}
	g := &mem.g
	g.File, g.Index = file, index
	p := &mem.p
	*p = textParser{} // (cleared in place, then its fields set: not built aside and copied)
	p.file, p.g, p.arena, p.trickHint, p.mem, p.allASCII = file, g, mem.arena, 13, mem, ascii
	p.noComments = noComments
	line := firstLine
	// The lines of the play go straight to the fast path (playLines); other lines without
	// blanks around them, of a game in pure ASCII, to the fast statements (fastLine), which
	// leave a line with a comment after its statement to parseLine (their work on the others
	// comes to parseLine's, and so does the keeping of a line that is only a comment).
	// The game's head (head.go) is read at its first line, or after the comment lines it starts
	// with.
	fast := !mem.general
	heads := fast && ascii && mem.reused
	if heads && len(src) > 0 && src[0] == 'g' {
		src, line = p.head(src, line)
	}
	for len(src) > 0 {
		if fast && len(src) >= 8 && p.r != nil && !p.stop && len(p.pending) == 0 {
			if src, line = p.playLines(src, line); len(src) == 0 {
				break
			}
		}
		if src[0] == '\n' && fast { // a blank line
			src = src[1:]
			line++
			continue
		}
		var s string
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			s, src = src[:i], src[i+1:]
		} else {
			s, src = src, ""
		}
		if fast && ascii && len(s) >= 5 && !p.stop {
			if s[0] == '#' { // a comment line: kept for the next statement, as parseLine keeps it
				p.line = line
				p.comment(s, true)
				line++
				if heads && len(src) > 0 && src[0] == 'g' && !g.Pos.IsValid() && !p.stop {
					src, line = p.head(src, line)
				}
				continue
			}
			if !isBlank(s[0]) && !isBlank(s[len(s)-1]) && p.fastLine(s, line) {
				line++
				continue
			}
		}
		p.parseLine(s, line)
		line++
	}
	p.endComments()
	if g.Pos.Line == 0 {
		// No statement at all: the caller does not pass empty games, but be safe.
		g.Pos = parse.Pos{File: file, Line: firstLine, Col: 1}
	}
	if !g.PlayersPos.IsValid() && !p.misspeltPlayers && !p.stop {
		// (A misspelt players statement has said it: that is the one mistake. A game read no
		// further, past a limit, may have its players after where it stopped.)
		p.errs.Add(g.Pos, `no players statement in this game (expected "players NAME NAME ..." before the rounds)`)
	}
	for _, r := range g.Rounds {
		p.onePerPlayer(r)
	}
	if len(g.Options) > p.optionsOnce {
		p.oneEach("option", g.Options)
	}
	p.oneEach("meta key", g.Meta)
	if mem.reused {
		mem.forget(len(g.Rounds))
	}
	p.errs.Sort()
	errs := p.errs
	p.errs = nil // the list goes to the caller: the next game starts its own
	return g, errs
}

// fastLine reads line number line, s (pure ASCII, without blanks around it), by the fast
// statements when they read it, and then gives the statement the comment lines before it
// (attach), as parseLine does; it reports whether it did.
func (p *textParser) fastLine(s string, line int) bool {
	p.line, p.s, p.ascii = line, s, true
	p.cOff, p.cCol, p.i, p.off0 = 0, 1, 0, 0
	p.stmt = parse.Pos{File: p.file, Line: line, Col: 1}
	if !(len(s) >= 7 && fastFirst[s[0]] && p.fastStmt(0, len(s)) || s == "round" && p.newRound()) {
		return false
	}
	if !p.g.Pos.IsValid() {
		p.g.Pos = p.stmt
	}
	if len(p.pending) > 0 {
		p.attach(firstWord(s), "")
	}
	return true
}

// oneEach reports a key given twice among a game's options or meta entries: each is given
// once, as in YAML's mappings (a second would silently override the first). A list whose
// keys' bits (keyBit) all differ has no key twice, and its keys are not compared.
func (p *textParser) oneEach(what string, kvs []parse.KV) {
	if !keysOnce(kvs) {
		p.twice(what, kvs)
	}
}

// keyBit is nameBit for the keys of options and meta entries, of their first and last
// bytes and length: the keys of a ruleset's options mostly have different bits.
func keyBit(key string) uint64 {
	if key == "" {
		return 1
	}
	return 1 << ((uint(key[0]) + uint(key[len(key)-1]) + 7*uint(len(key))) & 63)
}

// keysOnce reports whether the keys' bits (keyBit) of kvs all differ: then each key is given
// once, and oneEach need not look at them.
func keysOnce(kvs []parse.KV) bool {
	var bits uint64
	for i := range kvs {
		b := keyBit(kvs[i].Key)
		if bits&b != 0 {
			return false
		}
		bits |= b
	}
	return true
}

// twice is oneEach's report, its keys compared two by two.
func (p *textParser) twice(what string, kvs []parse.KV) {
	for i := 1; i < len(kvs); i++ {
		for k := 0; k < i; k++ {
			if kvs[k].Key == kvs[i].Key {
				p.errs.Add(kvs[i].Pos, fmt.Sprintf("%s %s given twice (first at %d:%d)", what, parse.Quote(kvs[i].Key), kvs[k].Pos.Line, kvs[k].Pos.Col))
				break
			}
		}
	}
}

// onePerPlayer reports a player given twice in one round by statements of one kind (two deal
// lines for ann, "bid ann=4 ann=5"): a round says each player's deal, pass, bid, tally, moon,
// score, total and share of a claim once, as YAML's mappings do (where a second key is an
// error too).
func (p *textParser) onePerPlayer(r *parse.Round) {
	if !dupHands(r.Deal) && !dupPasses(r.Passes) && (len(r.Took) < 2 || !dupHands(r.Took)) &&
		(len(r.Taken) < 2 || !dupCounts(r.Taken)) && (len(r.Score) < 2 || !dupCounts(r.Score)) &&
		(len(r.Total) < 2 || !dupCounts(r.Total)) && (len(r.Bids) < 2 || !dupBids(r.Bids)) && len(r.Moon) <= 1 &&
		(r.Claim == nil || len(r.Claim.Shares) < 2 || !dupCounts(r.Claim.Shares)) {
		return // the common round: nothing to report (the lists below are looked at only then)
	}
	check := func(kw string, n int, at func(int) (string, parse.Pos)) {
		for i := 1; i < n; i++ {
			name, pos := at(i)
			for k := 0; k < i; k++ {
				if first, fpos := at(k); first == name {
					p.errs.Add(pos, fmt.Sprintf("%s %s given twice in this round (first at %d:%d)", kw, parse.Quote(name), fpos.Line, fpos.Col))
					break
				}
			}
		}
	}
	check("deal for", len(r.Deal), func(i int) (string, parse.Pos) { return r.Deal[i].Player, r.Deal[i].Pos })
	check("pass of", len(r.Passes), func(i int) (string, parse.Pos) { return r.Passes[i].Player, r.Passes[i].Pos })
	check("bid of", len(r.Bids), func(i int) (string, parse.Pos) { return r.Bids[i].Player, r.Bids[i].Pos })
	check("took for", len(r.Took), func(i int) (string, parse.Pos) { return r.Took[i].Player, r.Took[i].Pos })
	check("tricks for", len(r.Taken), func(i int) (string, parse.Pos) { return r.Taken[i].Player, r.Taken[i].Pos })
	check("moon of", len(r.Moon), func(i int) (string, parse.Pos) { return r.Moon[i].Player, r.Moon[i].Pos })
	check("score for", len(r.Score), func(i int) (string, parse.Pos) { return r.Score[i].Player, r.Score[i].Pos })
	check("total for", len(r.Total), func(i int) (string, parse.Pos) { return r.Total[i].Player, r.Total[i].Pos })
	if r.Claim != nil {
		sh := r.Claim.Shares
		check("claim for", len(sh), func(i int) (string, parse.Pos) { return sh[i].Player, sh[i].Pos })
	}
}

// sameName is a == b, told by the length and first byte in most cases without the call of a
// string comparison (the names of a table mostly differ from the first letter).
func sameName(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || a[0] == b[0]) && a == b
}

// nameBit is a bit for a name, the same for equal names: a set of the bits of a list's names
// tells most lists without a name twice at one look a name (for dupNames).
func nameBit(name string) uint64 {
	if name == "" {
		return 1
	}
	return 1 << ((uint(name[0]) + uint(len(name))<<3) & 63)
}

// dupHands, dupPasses, dupBids and dupCounts report whether a player appears twice in a list:
// a list whose names' bits (nameBit) are all different has none, else its names are compared.
// (Four functions, not one taking the names through a closure: these run for every round
// read, and the closure's call on each name is the most of their work.)
func dupHands(l []parse.PlayerCards) bool {
	var seen uint64
	for i := range l {
		b := nameBit(l[i].Player)
		if seen&b != 0 {
			return dupNames(len(l), func(k int) string { return l[k].Player })
		}
		seen |= b
	}
	return false
}

func dupPasses(l []parse.Pass) bool {
	var seen uint64
	for i := range l {
		b := nameBit(l[i].Player)
		if seen&b != 0 {
			return dupNames(len(l), func(k int) string { return l[k].Player })
		}
		seen |= b
	}
	return false
}

func dupBids(l []parse.Bid) bool {
	var seen uint64
	for i := range l {
		b := nameBit(l[i].Player)
		if seen&b != 0 {
			return dupNames(len(l), func(k int) string { return l[k].Player })
		}
		seen |= b
	}
	return false
}

func dupCounts(l []parse.Count) bool {
	var seen uint64
	for i := range l {
		b := nameBit(l[i].Player)
		if seen&b != 0 {
			return dupNames(len(l), func(k int) string { return l[k].Player })
		}
		seen |= b
	}
	return false
}

// dupNames reports whether two of the n names name(0) ... name(n-1) are equal.
func dupNames(n int, name func(int) string) bool {
	for i := 1; i < n; i++ {
		for k := 0; k < i; k++ {
			if sameName(name(k), name(i)) {
				return true
			}
		}
	}
	return false
}

// ---- line level ------------------------------------------------------------------------

// parseLine parses line number line, s, with its comment (comments.go).
func (p *textParser) parseLine(s string, line int) {
	if p.stop {
		return
	}
	p.line = line
	c := commentAt(s)
	if c < 0 && len(p.pending) == 0 {
		p.parseStmt(s)
		return
	}
	stmt := s
	if c >= 0 {
		stmt = s[:c]
	}
	kw := firstWord(stmt)
	if kw == "" {
		if c >= 0 {
			p.comment(s[c:], true)
		}
		return
	}
	text := ""
	if c >= 0 {
		text = p.comment(s[c:], false)
	}
	p.parseStmt(stmt)
	p.attach(kw, text)
}

// parseStmt parses the statement s of the current line, which holds no comment.
func (p *textParser) parseStmt(s string) {
	// Strip blanks at both ends.
	end := len(s)
	for end > 0 && isBlank(s[end-1]) {
		end--
	}
	start := 0
	for start < end && isBlank(s[start]) {
		start++
	}
	if start == end {
		return
	}
	p.s = s[:end]
	p.ascii = true
	for k := 0; k < end && !p.allASCII; k++ {
		if s[k] >= utf8.RuneSelf {
			p.ascii = false
			break
		}
	}
	p.cOff, p.cCol = 0, 1
	p.i = start
	p.off0 = start
	p.stmt = p.pos(start)
	if !p.g.Pos.IsValid() {
		p.g.Pos = p.stmt
	}
	// The statements of the play, in the canonical spelling, are most lines: they are read
	// in one go (fast.go), and any other spelling the general way below.
	if p.ascii && !p.mem.general && p.fastStmt(start, end) {
		return
	}
	// The keyword runs to the first blank. The statements of the play are most lines: they
	// are told by their first bytes.
	if start+5 < end && s[start+4] == ' ' {
		switch s[start : start+4] {
		case "deal":
			p.i = start + 4
			p.handStmt(false)
			return
		case "pass":
			p.i = start + 4
			p.passStmt()
			return
		}
	} else if start+6 < end && s[start+5] == ' ' && s[start:start+5] == "trick" {
		p.i = start + 5
		p.trickStmt()
		return
	}
	j := start
	for j < end && !isBlank(s[j]) {
		j++
	}
	p.i = j
	p.statement(s[start:j], start)
}

// statement parses the rest of the current line as the statement of keyword kw, which
// starts at byte offset start.
func (p *textParser) statement(kw string, start int) {
	switch kw {
	case "game":
		p.gameStmt()
	case "players":
		p.playersStmt()
	case "option":
		p.g.Options = p.kvStmt(p.g.Options, "option")
	case "meta":
		p.g.Meta = p.kvStmt(p.g.Meta, "meta")
	case "round":
		p.roundStmt()
	case "deal":
		p.handStmt(false)
	case "took":
		p.handStmt(true)
	case "pass":
		p.passStmt()
	case "trick":
		p.trickStmt()
	case "bid":
		p.bidStmt()
	case "tricks":
		r := p.round()
		r.Taken = p.countStmt(r.Taken, kw)
	case "score":
		r := p.round()
		if !r.ScorePos.IsValid() {
			r.ScorePos = p.stmt
		}
		r.Score = p.countStmt(r.Score, kw)
	case "total":
		r := p.round()
		if !r.TotalPos.IsValid() {
			r.TotalPos = p.stmt
		}
		r.Total = p.countStmt(r.Total, kw)
	case "moon":
		p.moonStmt()
	case "claim":
		p.claimStmt()
	default:
		p.unknownStmt(kw, start)
	}
}

// maxUnknowns bounds the unknown statements a game reports: a file that is no transcript
// (a CSV file, a README) would otherwise get an error a line. After them the game is read
// no further, as a compiler stops after its first errors.
const maxUnknowns = 10

func (p *textParser) unknownStmt(kw string, off int) {
	p.misspeltPlayers = p.misspeltPlayers || parse.Suggest(kw, keywords) == "players"
	if p.unknowns++; p.unknowns > maxUnknowns {
		p.errAt(off, "unknown statement %s, more than %d in this game: the rest of it is not read (is this a transcript? see FORMAT.md)", parse.Quote(kw), maxUnknowns)
		p.stop = true
		return
	}
	lower := strings.ToLower(kw)
	switch {
	case lower != kw && isKeyword(lower):
		p.errAt(off, "unknown statement %s: keywords are lower case (%s)", parse.Quote(kw), lower)
	case strings.HasSuffix(kw, ":"):
		p.errAt(off, "unknown statement %s (expected %s; no colon after the keyword: is this YAML in a file not named .yaml?)", parse.Quote(kw), keywordList)
	case kw == "---" || strings.HasPrefix(kw, "---"):
		p.errAt(off, "unknown statement %s (games are separated by a line holding only ---)", parse.Quote(kw))
	default:
		p.errAt(off, "unknown statement %s%s (expected %s)", parse.Quote(kw), parse.DidYouMean(kw, keywords), keywordList)
	}
}

var keywords = []string{"game", "players", "option", "meta", "round", "deal", "pass", "bid", "trick", "claim",
	"took", "tricks", "moon", "score", "total"}

func isKeyword(s string) bool {
	switch s {
	case "game", "players", "option", "meta", "round", "deal", "pass", "bid", "trick", "claim", "took",
		"tricks", "moon", "score", "total":
		return true
	}
	return false
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// isDelim reports the bytes that end a bare name or word.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\r', ',', ':', '=', '>', '"':
		return true
	}
	return false
}

// ---- positions and errors ------------------------------------------------------------------

// col returns the 1-based character column of byte offset off on the current line.
func (p *textParser) col(off int) int {
	if p.ascii {
		return off + 1
	}
	// Columns are asked for left to right: count on from the last one.
	if off < p.cOff {
		p.cOff, p.cCol = 0, 1
	}
	p.cCol += utf8.RuneCountInString(p.s[p.cOff:off])
	p.cOff = off
	return p.cCol
}

func (p *textParser) pos(off int) parse.Pos {
	return parse.Pos{File: p.file, Line: p.line, Col: p.col(off)}
}

func (p *textParser) errAt(off int, format string, args ...any) {
	switch n := len(p.errs); {
	case n < maxErrors:
		p.errs.Addf(p.pos(off), format, args...)
	case n == maxErrors:
		p.errs.Add(p.pos(off), "too many errors")
	}
}

// found describes what is at the cursor, for "expected X, found Y" messages.
func (p *textParser) found() string {
	if p.i >= len(p.s) {
		return "end of line"
	}
	if isBlank(p.s[p.i]) {
		return "a blank"
	}
	j := p.i
	for j < len(p.s) && !isBlank(p.s[j]) {
		j++
	}
	return parse.Quote(p.s[p.i:j])
}

// ---- cursor helpers --------------------------------------------------------------------

func (p *textParser) eol() bool { return p.i >= len(p.s) }

func (p *textParser) skipBlank() {
	for p.i < len(p.s) && isBlank(p.s[p.i]) {
		p.i++
	}
}

// skipSep skips blanks and commas (list separators).
func (p *textParser) skipSep() {
	for p.i < len(p.s) && (isBlank(p.s[p.i]) || p.s[p.i] == ',') {
		p.i++
	}
}

// atSep reports whether the cursor is at the end of a list item.
func (p *textParser) atSep() bool {
	return p.i >= len(p.s) || isBlank(p.s[p.i]) || p.s[p.i] == ','
}

// end reports trailing text after a complete statement.
func (p *textParser) end(kw string) {
	p.skipBlank()
	if !p.eol() {
		p.errAt(p.i, "unexpected %s at the end of the %s statement", p.found(), kw)
	}
}

// expect consumes byte c (after optional blanks) or reports what was found instead.
func (p *textParser) expect(c byte, after string) bool {
	p.skipBlank()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	p.errAt(p.i, "expected %q after %s, found %s", string(c), after, p.found())
	return false
}

// name reads a bare or quoted name at the cursor; what says what is expected.
func (p *textParser) name(what string) (string, bool) {
	start := p.i
	name, ok := p.nameToken(what)
	if ok && len(name) > parse.MaxName {
		p.limit(start, "a name longer than %d bytes", parse.MaxName)
		return "", false
	}
	if !ok {
		return "", false
	}
	return p.own(name), true
}

// nameToken is name without the length limit.
func (p *textParser) nameToken(what string) (string, bool) {
	if p.i >= len(p.s) {
		p.errAt(p.i, "expected %s, found end of line", what)
		return "", false
	}
	if p.s[p.i] == '"' {
		return p.quoted(what, false)
	}
	start := p.i
	j := p.i
	for j < len(p.s) && !isDelim(p.s[j]) {
		j++
	}
	w := p.s[start:j]
	if w == "" {
		p.errAt(start, "expected %s, found %s", what, p.found())
		return "", false
	}
	if !parse.IsBareName(w) {
		if len(w) > spell.MaxExcerpt {
			p.errAt(start, "%s is not a valid name (a letter, then letters, digits, _ . or -; other names need quotes)", parse.Quote(w))
			return "", false
		}
		p.errAt(start, "%q is not a valid name (a letter, then letters, digits, _ . or -; other names need quotes: \"%s\")", w, w)
		return "", false
	}
	p.i = j
	return w, true
}

// quoted reads a double-quoted string at the cursor: \" and \\ are escapes, any other
// backslash is itself. Empty strings are allowed only when allowEmpty.
func (p *textParser) quoted(what string, allowEmpty bool) (string, bool) {
	start := p.i
	j := p.i + 1
	esc := false
	for j < len(p.s) {
		c := p.s[j]
		if c == '\\' && j+1 < len(p.s) && (p.s[j+1] == '"' || p.s[j+1] == '\\') {
			esc = true
			j += 2
			continue
		}
		if c == '"' {
			break
		}
		j++
	}
	if j >= len(p.s) {
		p.errAt(start, "unterminated quoted string (a closing \" is missing)")
		p.i = len(p.s)
		return "", false
	}
	raw := p.s[start+1 : j]
	p.i = j + 1
	for k := 0; k < len(raw); k++ {
		if c := raw[k]; c < 0x20 || c == 0x7f {
			p.errAt(start+1+k, "control character %U inside quotes", rune(c))
			return "", false
		}
	}
	if esc {
		raw = unescape(raw)
	}
	if raw == "" && !allowEmpty {
		p.errAt(start, "expected %s, found an empty quoted string", what)
		return "", false
	}
	return raw, true
}

func unescape(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for k := 0; k < len(s); k++ {
		if s[k] == '\\' && k+1 < len(s) && (s[k+1] == '"' || s[k+1] == '\\') {
			k++
		}
		b.WriteByte(s[k])
	}
	return b.String()
}

// value reads an option or meta value: quoted, or a bare word up to the next blank (a
// string of the text: the caller owns it).
func (p *textParser) value(key string) (string, bool) {
	if p.i < len(p.s) && p.s[p.i] == '"' {
		return p.quoted("value", true)
	}
	start := p.i
	for p.i < len(p.s) && !isBlank(p.s[p.i]) {
		c := p.s[p.i]
		if c == '"' {
			p.errAt(p.i, "unexpected \" inside the value of %s (quote the whole value: %s=\"...\")", key, key)
			p.skipWord()
			return "", false
		}
		if c < 0x20 || c == 0x7f {
			p.errAt(p.i, "control character %U in the value of %s", rune(c), key)
			p.skipWord()
			return "", false
		}
		p.i++
	}
	if p.i == start {
		p.errAt(start, "expected a value after %s=, found %s", key, p.found())
		return "", false
	}
	return p.s[start:p.i], true
}

// word returns the run of bytes up to the next blank or comma, and moves past it.
func (p *textParser) word() string {
	start := p.i
	for p.i < len(p.s) && !isBlank(p.s[p.i]) && p.s[p.i] != ',' {
		p.i++
	}
	return p.s[start:p.i]
}

// skipItem moves past the current list item (up to a blank or comma).
func (p *textParser) skipItem() {
	for p.i < len(p.s) && !isBlank(p.s[p.i]) && p.s[p.i] != ',' {
		p.i++
	}
}

// skipWord moves past the current blank-delimited word.
func (p *textParser) skipWord() {
	for p.i < len(p.s) && !isBlank(p.s[p.i]) {
		p.i++
	}
}

// bareWordIs reports whether a bare word w starts at the cursor and is followed by a
// delimiter (or the end), without moving.
func (p *textParser) bareWordIs(w string) bool {
	if !strings.HasPrefix(p.s[p.i:], w) {
		return false
	}
	k := p.i + len(w)
	return k == len(p.s) || isDelim(p.s[k])
}

// cards reads a card list to the end of the line. With dash, a lone "-" (or nothing)
// is the empty list. With cols, it also returns each card's column.
func (p *textParser) cards(dash, cols bool) ([]parse.Card, []int, bool) {
	p.skipSep()
	if p.eol() {
		return nil, nil, true
	}
	if dash && p.s[p.i] == '-' {
		k := p.i + 1
		for k < len(p.s) && isBlank(p.s[k]) {
			k++
		}
		if k == len(p.s) {
			p.i = k
			return nil, nil, true
		}
	}
	a := p.arena
	a.reserve((len(p.s)-p.i)/2+1, cols)
	c0, k0 := len(a.cards), len(a.cols)
	ok := true
	s, i, n := p.s, p.i, len(p.s)
	// The arena's slices are kept in locals while the line is read (stored back below).
	cards, colList := a.cards, a.cols
	if p.ascii && (n-i)%3 == 2 && (n-i+1)/3 <= parse.MaxCards { // perhaps the canonical spelling: read it in one go
		// reserve made room for m cards (and columns) past the ends
		if m := (n - i + 1) / 3; canonicalCards(s[i:], cards[c0:c0+m]) {
			cards = cards[:c0+m]
			if cols {
				colList = colList[:k0+m]
				for k, off := k0, i+1; k < len(colList); k, off = k+1, off+3 {
					colList[k] = off
				}
			}
			i = n
		}
	}
	for i < n {
		if isCardSep[s[i]] {
			i++
			continue
		}
		if len(cards)-c0 == parse.MaxCards {
			p.limit(i, "more than %d cards in one statement", parse.MaxCards)
			break
		}
		// The common spelling: a rank and a suit letter, then a separator or the end.
		if i+2 <= n && (i+2 == n || isCardSep[s[i+2]]) {
			if r, su := spell.RankOf[s[i]], spell.SuitOf[s[i+1]]; r >= 0 && su >= 0 {
				cards = append(cards, parse.Card(int(su)*13+int(r)))
				if cols {
					if p.ascii {
						colList = append(colList, i+1)
					} else {
						colList = append(colList, p.col(i))
					}
				}
				i += 2
				continue
			}
		}
		j := i + 1
		for j < n && !isCardSep[s[j]] {
			j++
		}
		c, good := cardOf(s[i:j])
		if !good {
			msg := parse.CardError(s[i:j])
			if slices.Contains(p.g.Players, s[i:j]) {
				msg += fmt.Sprintf("; a player's name before cards takes a colon (%s:)", s[i:j])
			}
			p.errAt(i, "%s", msg)
			ok = false
		} else {
			cards = append(cards, c)
			if cols {
				colList = append(colList, p.col(i))
			}
		}
		i = j
	}
	a.cards, a.cols = cards, colList
	p.i = i
	cs := a.cards[c0:len(a.cards):len(a.cards)]
	if len(cs) == 0 {
		cs = nil
	}
	var cl []int
	if cols && len(cs) > 0 {
		cl = a.cols[k0:len(a.cols):len(a.cols)]
	}
	return cs, cl, ok
}

// canonicalCards reads s as canonical text writes a card list, two-letter cards one blank
// apart, into out (len(s) = 3*len(out) - 1). It reports false when s is spelled otherwise
// (out then holds some cards): the caller then reads s the general way.
func canonicalCards(s string, out []parse.Card) bool { return pairCards(s, out, &cardPair) }

// pairCards is canonicalCards with the table of two-letter cards to read by (the text's
// cardPair, YAML's yamlCardPair).
func pairCards(s string, out []parse.Card, tab *[1 << 16]uint8) bool {
	for j := 2; j < len(s); j += 3 {
		if s[j] != ' ' {
			return false
		}
	}
	for k := range out {
		j := 3 * k
		if j+1 >= len(s) {
			return false
		}
		v := tab[uint16(s[j])|uint16(s[j+1])<<8]
		if v == 0 {
			return false
		}
		out[k] = parse.Card(v - 1)
	}
	return true
}

// cardPair maps a two-letter card (rank letter, then suit letter, as a little-endian
// uint16) to the card plus one, 0 when the two bytes spell no card: one look-up a card. It is
// constant data (cardtables.go), not built when the program starts.

// isCardSep marks the bytes that separate cards: blanks and commas.
var isCardSep = [256]bool{' ': true, '\t': true, '\r': true, ',': true}

// number reads a decimal integer, the value of NAME=.
func (p *textParser) number(name string) (int, bool) {
	off := p.i
	tok := p.word()
	n, ok := spell.Number(tok)
	if !ok {
		switch {
		case tok == "":
			p.errAt(off, "expected a number after %s=, found %s", parse.QuoteName(name), p.found())
		case spell.TooLarge(tok):
			p.errAt(off, "%s", spell.TooLargeMsg(parse.QuoteName(name)+"=", tok))
		default:
			p.errAt(off, "expected a number after %s=, found %s", parse.QuoteName(name), parse.Quote(tok))
		}
	}
	return n, ok
}

// nameSet finds duplicate names: a scan of the list while it is short, a map beyond.
type nameSet map[string]bool

// has reports whether name is among list (the names added so far) and records it.
func (m *nameSet) has(list []string, name string) bool {
	if len(list) < 16 {
		for _, q := range list {
			if q == name {
				return true
			}
		}
		return false
	}
	if *m == nil {
		*m = make(nameSet, 2*len(list))
		for _, q := range list {
			(*m)[q] = true
		}
	}
	if (*m)[name] {
		return true
	}
	(*m)[name] = true
	return false
}

// ---- statements --------------------------------------------------------------------------

// round returns the current round, starting round 1 implicitly at this statement.
func (p *textParser) round() *parse.Round {
	if p.r == nil {
		p.newRound()
	}
	return p.r
}

// newRound starts a round at the current statement (roundStmt's work on a line "round"). It
// returns true, for the fast path's conditions.
func (p *textParser) newRound() bool {
	if len(p.g.Rounds) == parse.MaxRounds {
		p.limit(p.off0, "more than %d rounds in one game", parse.MaxRounds)
		if p.r == nil {
			p.r = &parse.Round{Pos: p.stmt}
		}
		return true
	}
	if p.r != nil && len(p.r.Tricks) > 0 {
		p.trickHint = len(p.r.Tricks)
	}
	m := p.mem
	if p.g.Rounds == nil {
		p.g.Rounds = m.list[:0]
	}
	if k := len(p.g.Rounds); k < len(m.rounds) {
		p.r = m.rounds[k]
		*p.r = parse.Round{} // (cleared in place: not built aside and copied)
		p.r.Pos = p.stmt
	} else {
		p.r = &parse.Round{Pos: p.stmt}
		if m.reused { // kept for the next games
			m.rounds = append(m.rounds, p.r)
			m.spare = append(m.spare, roundSpare{})
		}
	}
	p.g.Rounds = append(p.g.Rounds, p.r)
	return true
}

func (p *textParser) gameStmt() {
	if p.gamePos.IsValid() {
		p.errAt(p.off0, "second game statement in one game (the first is on line %d): separate games with a line ---", p.gamePos.Line)
		return
	}
	p.gamePos = p.stmt
	p.skipBlank()
	off := p.i
	var name string
	if p.i < len(p.s) && p.s[p.i] == '"' {
		var ok bool
		if name, ok = p.quoted("ruleset name", true); !ok {
			return
		}
	} else {
		for p.i < len(p.s) && !isBlank(p.s[p.i]) {
			c := p.s[p.i]
			if c == '"' || c < 0x20 || c == 0x7f {
				p.errAt(p.i, "unexpected %q in the ruleset name (quote the name: game \"...\")", string(c))
				return
			}
			p.i++
		}
		name = p.s[off:p.i]
		if name == "" {
			p.errAt(off, "expected a ruleset name after game, found end of line")
			return
		}
	}
	p.g.Ruleset = p.own(name)
	p.g.RulesetPos = p.pos(off)
	p.end("game")
}

func (p *textParser) playersStmt() {
	if p.g.PlayersPos.IsValid() {
		p.errAt(p.off0, "second players statement in one game (the first is on line %d)", p.g.PlayersPos.Line)
		return
	}
	p.g.PlayersPos = p.stmt
	nerr := len(p.errs)
	players, _ := p.nameList(p.mem.players[:0], true, func() bool { return false })
	if len(players) == 0 {
		if len(p.errs) == nerr {
			p.errAt(p.i, "expected player names after players, found end of line")
		}
		p.g.Players = nil
		return
	}
	p.g.Players = players
}

// nameList reads blank-separated player names up to the end of the line or until stop says
// so, appending them to names; with unique, a repeated name is an error. ok is false when a
// name runs into something else (the error is reported).
func (p *textParser) nameList(names []string, unique bool, stop func() bool) ([]string, bool) {
	var seen nameSet
	for {
		p.skipSep()
		if p.eol() || stop() {
			return names, true
		}
		off := p.i
		name, ok := p.name("a player name")
		if !ok {
			if p.i == off {
				p.skipItem()
			}
			continue
		}
		if !p.atSep() {
			p.errAt(p.i, "expected a blank between player names, found %s", p.found())
			return names, false
		}
		if unique && seen.has(names, name) {
			p.errAt(off, "duplicate player %s", parse.Quote(name))
			continue
		}
		if len(names) == parse.MaxPlayers {
			p.limit(off, "more than %d player names in one statement", parse.MaxPlayers)
			return names, false
		}
		names = append(names, name)
	}
}

func (p *textParser) kvStmt(list []parse.KV, kw string) []parse.KV {
	n := 0
	for {
		p.skipBlank()
		if p.eol() {
			break
		}
		off := p.i
		key, ok := p.name("a key")
		if !ok {
			return list
		}
		if p.i >= len(p.s) || p.s[p.i] != '=' {
			p.i = off
			p.errAt(off, "expected key=value after %s, found %s", kw, p.found())
			return list
		}
		p.i++
		val, ok := p.value(key)
		if !ok {
			return list
		}
		if kw == "meta" {
			val = p.ownValue(val)
		} else {
			val = p.own(val)
		}
		if list == nil {
			list = p.kvList(kw)
		}
		list = append(list, parse.KV{Key: key, Value: val, Pos: p.pos(off)})
		n++
	}
	if n == 0 {
		p.errAt(p.i, "expected key=value after %s, found end of line", kw)
	}
	return list
}

// kvList returns an empty list for the options or the meta (kw) of the game, on the array
// kept for it (nil without one: append makes it).
func (p *textParser) kvList(kw string) []parse.KV {
	if kw == "option" {
		return p.mem.options[:0]
	}
	return p.mem.meta[:0]
}

func (p *textParser) roundStmt() {
	p.newRound()
	r := p.r
	for {
		p.skipBlank()
		if p.eol() {
			return
		}
		off := p.i
		switch {
		case p.bareWordIs("dealer") && p.i+6 < len(p.s) && p.s[p.i+6] == '=':
			p.i += 7
			name, ok := p.name("the dealer's name")
			if !ok {
				return
			}
			if r.DealerPos.IsValid() {
				p.errAt(off, "the round names its dealer twice")
				return
			}
			r.Dealer, r.DealerPos = name, p.pos(off)
		case p.bareWordIs("tiebreak") && (p.i+8 == len(p.s) || p.s[p.i+8] != '='):
			if r.Tiebreak != nil {
				p.errAt(off, "the round says tiebreak twice")
				return
			}
			p.i += 8
			var ok bool
			var tb []string
			if sp := p.spareOf(r); sp != nil && sp.tiebreak != nil {
				tb = sp.tiebreak[:0]
			} else {
				tb = make([]string, 0, 4)
			}
			r.Tiebreak, ok = p.nameList(tb, false, func() bool {
				return p.bareWordIs("dealer") && p.i+6 < len(p.s) && p.s[p.i+6] == '='
			})
			if !ok {
				return
			}
		default:
			p.errAt(off, "expected dealer=NAME or tiebreak NAME... after round, found %s", p.found())
			return
		}
	}
}

// handStmt parses "deal NAME: CARDS" and "took NAME: CARDS" (took also "took NAME: -").
func (p *textParser) handStmt(took bool) {
	r := p.round()
	p.skipBlank()
	name, ok := p.name("a player name")
	if !ok {
		return
	}
	if !p.expect(':', "the player name") {
		return
	}
	cards, _, _ := p.cards(true, false)
	h := parse.PlayerCards{Player: name, Cards: cards, Pos: p.stmt}
	if took {
		if r.Took == nil {
			if sp := p.spareOf(r); sp != nil {
				r.Took = sp.took[:0]
			}
		}
		r.Took = append(r.Took, h)
	} else {
		if r.Deal == nil {
			if sp := p.spareOf(r); sp != nil && cap(sp.deal) >= len(p.g.Players) {
				r.Deal = sp.deal[:0]
			} else {
				r.Deal = make([]parse.PlayerCards, 0, max(len(p.g.Players), 1))
			}
		}
		r.Deal = append(r.Deal, h)
	}
}

func (p *textParser) passStmt() {
	r := p.round()
	p.skipBlank()
	name, ok := p.name("a player name after pass")
	if !ok {
		return
	}
	p.skipBlank()
	to := ""
	if p.i < len(p.s) && p.s[p.i] == '>' {
		p.i++
		p.skipBlank()
		if to, ok = p.name("the receiving player's name after >"); !ok {
			return
		}
	}
	if !p.expect(':', "the player name") {
		return
	}
	cards, _, _ := p.cards(true, false)
	if r.Passes == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.passes) >= len(p.g.Players) {
			r.Passes = sp.passes[:0]
		} else {
			r.Passes = make([]parse.Pass, 0, max(len(p.g.Players), 1))
		}
	}
	r.Passes = append(r.Passes, parse.Pass{Player: name, To: to, Cards: cards, Pos: p.stmt})
}

func (p *textParser) trickStmt() {
	r := p.round()
	p.skipBlank()
	if p.eol() {
		p.errAt(p.i, "expected the cards of the trick after trick, found end of line")
		return
	}
	leader := ""
	// A leader is a name followed by ':'.
	isLeader := p.s[p.i] == '"'
	if !isLeader {
		k := p.i
		for k < len(p.s) && !isDelim(p.s[k]) {
			k++
		}
		for k < len(p.s) && isBlank(p.s[k]) {
			k++
		}
		isLeader = k < len(p.s) && p.s[k] == ':'
	}
	if isLeader {
		var ok bool
		if leader, ok = p.name("the leader's name"); !ok {
			return
		}
		if !p.expect(':', "the leader's name") {
			return
		}
	}
	cards, cols, ok := p.cards(false, true)
	if len(cards) == 0 {
		if ok {
			p.errAt(p.i, "expected the cards of the trick, found end of line")
		}
		return
	}
	if len(r.Tricks) == parse.MaxTricks {
		p.limit(p.off0, "more than %d tricks in one round", parse.MaxTricks)
		return
	}
	if r.Tricks == nil {
		if sp := p.spareOf(r); sp != nil && cap(sp.tricks) > 0 {
			r.Tricks = sp.tricks[:0]
		} else {
			r.Tricks = make([]parse.Trick, 0, p.trickHint)
		}
	}
	r.Tricks = append(r.Tricks, parse.Trick{Leader: leader, Cards: cards, Cols: cols, Pos: p.stmt})
}

func (p *textParser) bidStmt() {
	r := p.round()
	n, nerr := 0, len(p.errs)
	for {
		p.skipSep()
		if p.eol() {
			break
		}
		off := p.i
		name, ok := p.name("a player name")
		if !ok {
			return
		}
		if !p.expect('=', "the player name") {
			return
		}
		voff := p.i
		tok := p.word()
		b, ok := parse.ParseBid(tok)
		if !ok {
			if tok == "" {
				p.errAt(voff, "expected a bid after %s=, found %s", parse.QuoteName(name), p.found())
				return
			}
			p.errAt(voff, "%s is not a bid (N, nil, bN for blind N, or bnil)", parse.Quote(tok))
			continue
		}
		b.Player, b.Pos = name, p.pos(off)
		if r.Bids == nil {
			if sp := p.spareOf(r); sp != nil && cap(sp.bids) >= len(p.g.Players) {
				r.Bids = sp.bids[:0]
			} else {
				r.Bids = make([]parse.Bid, 0, max(len(p.g.Players), 1))
			}
		}
		r.Bids = append(r.Bids, b)
		n++
	}
	if n == 0 && len(p.errs) == nerr {
		p.errAt(p.i, "expected NAME=BID after bid, found end of line")
	}
}

// countStmt parses "tricks|score|total NAME=N ..." and the shares of "claim NAME=N ...".
func (p *textParser) countStmt(list []parse.Count, kw string) []parse.Count {
	n := 0
	bad := false
	for {
		p.skipSep()
		if p.eol() {
			break
		}
		off := p.i
		name, ok := "", false
		if kw == "score" || kw == "total" {
			name, ok = p.sideName()
		}
		if !ok {
			if name, ok = p.name("a player name"); !ok {
				return list
			}
		}
		if !p.expect('=', "the player name") {
			return list
		}
		v, ok := p.number(name)
		if !ok {
			bad = true
			continue
		}
		if list == nil {
			list = p.countList(kw)
		}
		list = append(list, parse.Count{Player: name, N: v, Pos: p.pos(off)})
		n++
	}
	if n == 0 && !bad {
		p.errAt(p.i, "expected NAME=NUMBER after %s, found end of line", kw)
	}
	return list
}

// countList returns an empty list for a tricks, score, total or claim statement (kw) of the
// current round.
func (p *textParser) countList(kw string) []parse.Count {
	if sp := p.spareOf(p.r); sp != nil {
		var a []parse.Count
		switch kw {
		case "tricks":
			a = sp.taken
		case "score":
			a = sp.score
		case "claim":
			a = sp.shares
		default:
			a = sp.total
		}
		if cap(a) >= len(p.g.Players) && a != nil {
			return a[:0]
		}
	}
	return make([]parse.Count, 0, max(len(p.g.Players), 1))
}

// sideName reads a partnership side on a score or total line, bare names joined by "+"
// (ann+cat), as results name sides; it reads nothing when the cursor is not at one.
func (p *textParser) sideName() (string, bool) {
	j := p.i
	for j < len(p.s) && !isDelim(p.s[j]) {
		j++
	}
	w := p.s[p.i:j]
	if !strings.Contains(w, "+") {
		return "", false
	}
	for _, part := range strings.Split(w, "+") {
		if !parse.IsBareName(part) {
			return "", false
		}
	}
	p.i = j
	return p.own(w), true
}

func (p *textParser) moonStmt() {
	r := p.round()
	p.skipBlank()
	name, ok := p.name("the shooter's name after moon")
	if !ok {
		return
	}
	p.skipBlank()
	off := p.i
	w := p.word()
	var scoring string
	switch {
	case strings.EqualFold(w, "old"):
		scoring = "old"
	case strings.EqualFold(w, "new"):
		scoring = "new"
	default:
		p.i = off
		p.errAt(off, "expected old or new after moon %s, found %s", parse.QuoteName(name), p.found())
		return
	}
	if r.Moon == nil {
		if sp := p.spareOf(r); sp != nil {
			r.Moon = sp.moon[:0]
		}
	}
	r.Moon = append(r.Moon, parse.Moon{Player: name, Scoring: scoring, Pos: p.stmt})
	p.end("moon")
}

// claimStmt parses "claim NAME" (NAME takes every trick not yet played) and "claim NAME=N
// NAME=N ..." (the tricks not yet played, per player). A round has one claim: a second is
// an error at the second, as a second players statement is in a game.
func (p *textParser) claimStmt() {
	r := p.round()
	if r.Claim != nil {
		p.errAt(p.off0, "second claim statement in this round (the first is on line %d)", r.Claim.Pos.Line)
		return
	}
	p.skipBlank()
	off := p.i
	name, ok := p.name("the claiming player's name after claim")
	if !ok {
		return
	}
	p.skipBlank()
	if p.i < len(p.s) && p.s[p.i] == '=' { // the shares: read as the pairs of a score line
		p.i = off
		shares := p.countStmt(nil, "claim")
		if len(shares) > 0 {
			c := p.newClaim(r)
			c.Shares, c.Pos = shares, p.stmt
			r.Claim = c
		}
		return
	}
	c := p.newClaim(r)
	c.Player, c.Pos = name, p.stmt
	r.Claim = c
	if !p.eol() {
		p.errAt(p.i, "unexpected %s after claim %s (claim NAME: one player takes every trick left; claim NAME=N NAME=N ...: the tricks left, per player)", p.found(), parse.QuoteName(name))
	}
}

// newClaim returns an empty claim for round r: the one the memory kept from an earlier
// game's round (a GameBuffer's), so that reused memory takes no allocation for it.
func (p *textParser) newClaim(r *parse.Round) *parse.Claim {
	if sp := p.spareOf(r); sp != nil && sp.claim != nil {
		c := sp.claim
		*c = parse.Claim{}
		return c
	}
	return &parse.Claim{}
}

// cardOf reads a card token as ParseCard does, without the error.
func cardOf(tok string) (parse.Card, bool) {
	n, ok := spell.CardOf(tok)
	return parse.Card(n), ok
}
