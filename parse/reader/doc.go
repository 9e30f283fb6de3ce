// Package reader reads transcripts of trick-taking games (the Hearts family and Spades) in
// the spellings of FORMAT.md, compact text and YAML (JSON being YAML), into the model of
// package parse.
//
// # Reading
//
// A Reader yields one Game at a time from a stream of any size:
//
//	r := reader.NewReader(f, name, parse.Auto)
//	for {
//		g, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		// err is nil, an ErrorList of g's syntax errors (g is then partial), or a read error
//	}
//
// The Reader holds one game at a time (a game of Next stays valid for good, and holds only
// what it uses): it is the way to read a big file, or a stream without end. ParseFile and
// ParseBytes read a whole file and return every game at once, holding them all: memory in
// proportion to the file, several times its size. Every error is an *Error with the position
// FILE:LINE:COL of what is wrong; all syntax errors of a game are collected in one
// ErrorList (at most 100, then "too many errors"). The parser checks syntax only: whether
// a card is in a hand, a player is listed or a ruleset exists is for the replay (package
// validate). YAML syntax errors come from yaml.v3, at the line and column of the mistake.
//
// Formats: Auto picks YAML for .yaml, .yml and .json, Text for .tricks and .txt, and for
// any other name ("-" included) looks at the first line that is neither blank nor a
// comment: "key:", "{", "[", a quote, "%" or "---" followed by such a line mean YAML.
//
// Input that is not a transcript is refused early and never crashes the reader: a NUL
// byte or invalid UTF-8 ("not a text transcript", at the first bad byte), a game beyond the
// limits of package parse (limits.go, LIMITS.md: players, rounds, tricks, cards per statement, bytes,
// YAML/JSON values, aliases and what they expand to). The game is refused with one error and
// the reader goes on at the next game: a line "---" or a game statement in text, the next
// document in YAML, the next line starting with '{' in JSON.
//
// Text details where FORMAT.md is silent: statements may come in any order within a game
// (a round-level statement before any "round" starts round 1); a second game or players
// statement in one game is an error (separate games with "---"), as is a second claim in
// one round (YAML: a second claim key, a duplicate key); option and meta values are a
// quoted string or a bare word up to the next blank, and '#' starts a comment even there;
// quoted strings escape only \" and \\; names, keys and values hold no control characters;
// "deal", "pass" and "took" may list no card ("-" or nothing), a trick may not; "moon" and
// bids ("nil", "b3") are case-insensitive; numbers are decimal with an optional sign,
// within ±999999999. A claim's shares are player names, not sides (ann+cat), which only
// score and total lines take.
//
// Positions: a statement's Pos is where its first character is (text) or its node is
// (YAML: the round's mapping, the player's key in deal/pass/took/moon, the trick's list
// item, the claim's key). Bid, Count (a claim's shares among them) and KV positions are
// those of their NAME=... pair (text) or key (YAML). Trick.Cols holds each card's column.
// In YAML, a card in a plain or quoted scalar is at the scalar's column plus its offset
// (exact while the scalar fits on one line), a list item at its own column, a card of a
// block scalar (| or >) at the scalar's column. Columns count characters, not bytes.
//
// # YAML
//
// yaml.v3 is the YAML parser: it reads all of YAML, with its positions and messages. A
// document is first offered to a hand-written reader of the subset the writers use
// (yamlfast.go), which builds the node tree yaml.v3 would and hands it to the same model
// builder; it declines anything else, and any game with an error, so that yaml.v3 reads
// those as before. The games and messages are the same (FuzzYAMLFast, FuzzYAMLFastStream).
// Before the tree, a document in the writer's exact layout (AppendYAML's order and
// indentation, plain scalars) is read straight into the Game by yamldirect.go, without
// nodes, which is most of the work of the tree reader saved.
//
// # JSON
//
// JSON is YAML, but a .json file, or input whose first significant byte is '{' or '[', is
// read by a hand-written JSON scanner (json.go) that builds the same node tree yaml.v3
// would and hands it to the same model builder: the games and messages are the same,
// without yaml.v3's general machinery. A stream may hold one object per game, concatenated objects, JSON
// lines, or a top-level array of games. Input that is not valid JSON before the first game
// is read falls back to the YAML path (flow-style YAML such as {game: hearts}). From the
// second game on, a game of plain ASCII JSON is read in place (jsonfast.go), with the same
// tree, or left to the scanner; a game of compact JSON (no blanks, the keys in the YAML
// writer's order) is read straight into the Game (jsondirect.go), without the tree.
//
// # Layout
//
// A Reader holds what every format shares (the name, the line buffer of lines.go, the games
// counted, the options) and, from the first read on, the reader of the input's format, one
// implementation of formatReader made once when the format is known. Each holds only its own
// state and keeps its fast and direct paths to itself:
//
//   - reader.go: Reader, format detection (sniff), Pending, ReadAll, ParseFile, ParseBytes.
//   - textstream.go: textReader, the text reader: the lines of one game up to the next
//     boundary. text.go parses them (textParser, gameMem, GameBuffer), with fast.go for the
//     canonical lines, comments.go for comments and names.go for the strings games keep.
//   - yamlstream.go: yamlReader, the YAML reader: one document at a time, offered to the
//     direct reader (yamldirect.go, directmaps.go), then to the fast tree reader (yamlfast.go),
//     then to yaml.v3, whose errors it places. yaml.go builds the game of a node tree, for
//     every path that builds one, and yamlcomments.go its comments.
//   - jsonstream.go: jsonReader, the JSON reader: the JSON front end (json.go, the scanner),
//     with its fast and direct paths from the second game on (jsonfast.go, jsondirect.go).
//     Input that turns out to be YAML in flow style before the first game is handed over to a
//     yamlReader that the jsonReader owns and passes every later call on to.
//   - directmem.go: the memory the direct YAML and JSON readers read a game into (docMem),
//     which goes with its Pending to a GameBuffer.
//
// # Games in a pipeline
//
// Reader.NextPending reads a game without parsing it when it is text: the Pending value
// holds its lines (in the reader's buffer as read, never rewritten while the game may be in
// use: the reader moves on to another buffer when it needs room) and is parsed by
// Pending.Parse, on any goroutine, into fresh memory or into a GameBuffer. A GameBuffer's
// game is valid until the next Parse into it, which reuses its memory (rounds, lists, card
// arena): a worker that parses game after game into one buffer allocates nothing once it has
// seen the largest game. A worker that parses several games before it is done with the
// first (a run of games taken through each step together) takes a buffer for each from one
// GameBuffers, whose buffers share their names. A pipeline that is done with its games in input order, keeping
// nothing of them, says so with Pending.Release; the reader then reads later input into the
// buffers of the games released instead of new memory. That reuse stays inside the
// reader: no string a game hands out is ever of the reader's buffers, so none ever changes.
// Cards become numbers; the few strings a game keeps (player names, the ruleset, option and
// meta keys and values, names in statements) are the game's players, or copies made once
// and shared by the games of a GameBuffer (or of a GameBuffers) or a Reader (names.go), so that names repeated
// game after game cost no allocation. Lines of the play spelled as canonical text writes them are read
// by a fast path (fast.go) that gives exactly what the general statements give. A game's
// slices are to be read, not written: the columns of the tricks of canonical lines are one
// table shared by all games. Comments differ from game to game (a seed, a date), so each is
// a copy of its own: a pipeline that does not write the games back says Reader.SkipComments,
// and its games carry none.
package reader
