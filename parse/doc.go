// Package parse is the vocabulary of transcripts of trick-taking games (the Hearts family
// and Spades) that every other package speaks: cards and card sets, the transcript model
// (Game, Round, Trick, ...), positions and positioned errors, the limits of one game, the
// formats, and the spelling of names and bids. It holds no format code.
//
// # Layout
//
// The format code lives below it, split by what it does:
//
//   - parse/reader: reading. Reader, Pending and GameBuffer, ParseBytes and ParseFile, format
//     detection, the line buffer and the names table; the text, YAML and JSON readers with
//     their fast and direct paths.
//   - parse/writer: writing. AppendText, AppendYAML, WriteText(s), WriteYAML(s) and Writer,
//     the canonical text and YAML.
//   - parse/internal/spell: the spelling rules the three share (card and name letters,
//     numbers, quoting, plain YAML scalars, the wording of limit errors).
//
// FORMAT.md is the reference of the format (FormatDoc carries it), LIMITS.md the limits,
// what is refused and the fuzz targets.
package parse
