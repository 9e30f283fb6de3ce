// Package writer writes games of the model of package parse as transcripts: canonical
// compact text, YAML and JSON, either one game at a time (AppendText, AppendYAML,
// AppendJSON) or as a stream (Writer, which keeps the lines that repeat from game to game).
//
// # Canonical text
//
// AppendText, WriteText and Writer write every game the same way, byte for byte, so that
// the output can serve as a golden file and converting it again changes nothing:
//
//	game RULESET                      # if the game names one
//	players NAME NAME ...             # in the order given
//	option KEY=VALUE KEY=VALUE ...    # one line with all options in order, if any
//	meta KEY=VALUE ...                # one line with all metadata in order, if any
//
//	round [dealer=NAME] [tiebreak NAME ...]   # a blank line before each round
//	deal NAME: CARDS                  # one line per hand, in order
//	pass NAME: CARDS | pass NAME>NAME: CARDS
//	bid NAME=BID NAME=BID ...         # one line: N, nil, bN, bnil
//	trick [NAME: ]CARDS               # the leader only where the transcript wrote it
//	claim NAME | claim NAME=N ...     # one line, if the round has a claim
//	took NAME: CARDS | took NAME: -
//	tricks NAME=N ...                 # one line
//	moon NAME old|new                 # one line per recorded choice
//	score NAME=N ...                  # one line
//	total NAME=N ...                  # one line
//
// Statements of a round come in that order whatever the order they were written in; the
// elements of each kind keep theirs. Cards are written rank letter then suit letter (TH,
// QS; LJ and BJ for the jokers), separated by one space; an empty hand or pass is "-".
// Names are bare when they match [A-Za-z][A-Za-z0-9_.-]*, else in double quotes with \"
// and \\ escaped; values (and the ruleset) are bare unless empty or holding a blank, a
// quote or '#'. Numbers are plain decimal. Comments are kept at their statements (lines
// "# TEXT" before it, " # TEXT" at its end); blank lines other than the one before each
// round are not. Several games are separated by a line "---".
//
// The YAML writer mirrors it: game, players (flow list), options and meta (flow maps),
// rounds as a block list with dealer, tiebreak, deal, pass, bids, tricks (block list of
// "- LEADER: CARDS" or "- CARDS"), claim ("claim: NAME" or a flow map of the shares), took,
// tricks_taken, moon, score and total in that order; scalars plain when safe, double-quoted
// otherwise; documents separated by "---". Comments are YAML comments at their keys, but
// those of a statement with a character a YAML comment cannot carry (a control but the tab,
// U+2028, U+2029, U+FFFE, U+FFFF), which go escaped in a last key "comment" of the game or
// round, the mapping JSON has.
// Text to YAML and back gives the canonical text again. yaml.v3's encoder, given a node
// tree styled the same way, writes the same bytes (TestYAMLv3WriterSameBytes), but the
// writer stays hand-written for speed: it appends to the caller's buffer without building a
// tree or allocating, where the encoder would be most of the time of `simulate` and
// `convert --to yaml` (BenchmarkWriteYAML against BenchmarkWriteYAMLViaYAMLv3).
//
// The JSON writer mirrors it too, as one compact object a game, without a blank: the same
// keys in the same order, then "comment"; a trick {"LEADER":"CARDS"} or "CARDS"; option and
// meta values and bids strings (the model's text), tricks taken, scores, totals and shares
// numbers. JSON has no comments: a game's and a round's are its "comment" mapping (see
// FORMAT.md). Strings are escaped as encoding/json escapes them (without its HTML escapes;
// a byte that is not UTF-8 as U+FFFD), and DEL, the C1 controls, U+FEFF, U+FFFE and U+FFFF
// as \uXXXX too, which the readers refuse raw. NewJSONWriter writes a stream as one array
// or as JSON lines. Text to JSON and back gives the canonical text again.
package writer
