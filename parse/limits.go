package parse

// Limits of one game, by design (LIMITS.md). Real transcripts stay far below them; input beyond them is refused with
// an error at the place where the limit was crossed, and the reader goes on with the next
// game. Together they bound the memory one game can take, whatever the input.
const (
	MaxPlayers   = 16        // names in a players statement
	MaxName      = 64        // bytes of a player name (or a YAML key): names are repeated in messages
	MaxRounds    = 200       // rounds in one game
	MaxTricks    = 64        // tricks in one round (108 cards, two decks and jokers, are 54 tricks of two)
	MaxCards     = 128       // cards in one statement: deal, pass, trick, took (YAML: one value)
	MaxGameBytes = 256 << 10 // bytes of one game: text up to "---", a YAML document, a JSON value
	MaxNodes     = 100000    // YAML and JSON values (nodes) of one game
	MaxAliases   = 100       // YAML aliases (*name) in one document
	MaxExpansion = 10000     // nodes that the aliases of one document stand for, in all
)
