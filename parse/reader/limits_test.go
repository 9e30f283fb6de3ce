package reader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// Each limit of limits.go, in each spelling: one error where the limit is crossed, and the
// next game is read.
func TestLimits(t *testing.T) {
	const next = "---\nplayers z\n"
	const nextYAML = "---\nplayers: [z]\n"
	repeat := func(s string, n int) string { return strings.Repeat(s, n) }
	names := func(n int) string {
		var b []string
		for k := 0; k < n; k++ {
			b = append(b, fmt.Sprintf("p%d", k))
		}
		return strings.Join(b, " ")
	}
	tests := []struct {
		name, src, want string
	}{
		{"players.tricks", "players " + names(parse.MaxPlayers+1) + "\n" + next,
			"players.tricks:1:63: more than 16 player names in one statement"},
		{"name.tricks", "players a \"" + repeat("n", parse.MaxName+1) + "\"\n" + next,
			"name.tricks:1:11: a name longer than 64 bytes"},
		{"name.yaml", "players: [a, " + repeat("n", parse.MaxName+1) + "]\n" + nextYAML,
			"name.yaml:1:14: a name longer than 64 bytes"},
		{"rounds.tricks", "players a\n" + repeat("round\n", parse.MaxRounds+1) + next,
			"rounds.tricks:202:1: more than 200 rounds in one game"},
		{"tricks.tricks", "players a\n" + repeat("trick 2C\n", parse.MaxTricks+1) + next,
			"tricks.tricks:66:1: more than 64 tricks in one round"},
		{"cards.tricks", "players a\ndeal a: " + repeat("2C ", parse.MaxCards+1) + "\n" + next,
			"cards.tricks:2:393: more than 128 cards in one statement"},
		{"bytes.tricks", "players a\n" + repeat("# a comment of some length to fill the game\n", 6000) + "trick 2C\n" + next,
			"bytes.tricks:5959:1: a game longer than 256 KiB"},
		{"line.tricks", "players a\nmeta x=" + repeat("y", parse.MaxGameBytes+1) + "\n" + next,
			"line.tricks:2:1: a game longer than 256 KiB"},
		{"players.yaml", "players: [" + strings.ReplaceAll(names(parse.MaxPlayers+1), " ", ", ") + "]\n" + nextYAML,
			"players.yaml:1:81: more than 16 players"},
		{"rounds.yaml", "players: [a]\nrounds:\n" + repeat("  - {}\n", parse.MaxRounds+1) + nextYAML,
			"rounds.yaml:203:5: more than 200 rounds in one game"},
		{"tricks.yaml", "players: [a]\nrounds:\n  - tricks:\n" + repeat("    - 2C\n", parse.MaxTricks+1) + nextYAML,
			"tricks.yaml:68:7: more than 64 tricks in one round"},
		{"cards.yaml", "players: [a]\nrounds:\n  - deal: {a: " + repeat("2C ", parse.MaxCards+1) + "}\n" + nextYAML,
			"cards.yaml:3:15: more than 128 cards in one value"},
		{"bytes.yaml", "players: [a]\n" + repeat("# a comment of some length to fill the game\n", 6000) + nextYAML,
			"bytes.yaml:5959:1: a YAML document longer than 256 KiB"},
		{"line.yaml", "players: [a]\nmeta: {x: " + repeat("y", parse.MaxGameBytes+1) + "}\n" + nextYAML,
			"line.yaml:2:1: a YAML document longer than 256 KiB"},
		{"nodes.yaml", "players: [a]\nmeta: {x: [\n" + repeat(repeat("1,", 1000)+"\n", parse.MaxNodes/1000) + "]}\n" + nextYAML,
			"nodes.yaml:102:1985: more than 100000 values in one game"},
		{"nodes.json", `{"players": ["a"], "meta": {` + repeat(`"k": 1, `, parse.MaxNodes) + "\"k\": 1}}\n" + `{"players": ["z"]}` + "\n",
			"nodes.json:1:400010: more than 100000 values in one game"},
		{"strings.json", `{"players": ["a"], "meta": {` + repeat(`"k": "`+repeat("v", 1000)+`", `, 300) + "\"k\": 1}}\n" + `{"players": ["z"]}` + "\n",
			"strings.json:1:264392: more than 256 KiB of strings in one game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParseBytes([]byte(tt.src), tt.name)
			require.EqualError(t, err, tt.want+" (a limit by design: see Reliability in the README)")
			require.Len(t, games, 2)
			require.Equal(t, []string{"z"}, games[1].Players, "the game after it is read")
		})
	}
}

// YAML keys are unique: a second dealer or tricks key in a round is an error at the
// second, not a silent replacement or join (the same in JSON, which builds the same nodes).
func TestYAMLDuplicateKeys(t *testing.T) {
	src := "players: [a, b]\nrounds:\n  - dealer: a\n    tricks: [{a: 2C 3C}]\n    dealer: b\n    tricks: [3D 4D]\n    deal: {a: 2C, a: 3C}\n"
	games, err := ParseBytes([]byte(src), "d.yaml")
	require.EqualError(t, err, `d.yaml:5:5: duplicate key "dealer" (the first is on line 3)`+"\n"+
		`d.yaml:6:5: duplicate key "tricks" (the first is on line 4)`+"\n"+
		`d.yaml:7:19: duplicate key "a" (the first is on line 7)`)
	require.Equal(t, "a", games[0].Rounds[0].Dealer)
	require.Len(t, games[0].Rounds[0].Tricks, 1)
	_, err = ParseBytes([]byte(`{"players": ["a"], "rounds": [{"dealer": "a", "dealer": "a"}]}`), "d.json")
	require.EqualError(t, err, `d.json:1:47: duplicate key "dealer" (the first is on line 1)`)
}

// A message quotes a short excerpt of a long bad token, never the whole of it.
func TestLongTokensAreCut(t *testing.T) {
	long := strings.Repeat("Z", 100000)
	digits := strings.Repeat("9", 200000)
	for _, tt := range []struct{ name, src, want string }{
		{"card.tricks", "players a\ntrick " + long + "\n", `card.tricks:2:7: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"... (100000 characters) is not a card`},
		{"number.tricks", "players a\nscore a=" + digits + "\n", `number.tricks:2:9: a=99999999999999999999... (200000 digits) is out of range: numbers are at most 999,999,999 either way (a limit by design: see Reliability in the README)`},
		{"stmt.tricks", long + "\n", `stmt.tricks:1:1: unknown statement "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"... (100000 characters)`},
		{"card.yaml", "players: [a]\nrounds: [{tricks: [" + long + "]}]\n", `card.yaml:2:20: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"... (100000 characters) is not a card`},
		{"number.yaml", "players: [a]\nrounds: [{score: {a: " + digits + "}}]\n", `number.yaml:2:22: a: 99999999999999999999... (200000 digits) is out of range: numbers are at most 999,999,999 either way (a limit by design: see Reliability in the README)`},
	} {
		_, err := ParseBytes([]byte(tt.src), tt.name)
		require.ErrorContains(t, err, tt.want, tt.name)
		require.Less(t, len(err.Error()), 400, tt.name)
	}
}

// A JSON value nested beyond the JSON reader's limit is refused as JSON, at the bracket that
// crosses it: the reader does not take the input for YAML because of it (whose reader then
// named a limit of YAML's), whether the brackets are closed or not.
func TestJSONDepthNamedAsJSON(t *testing.T) {
	for _, closed := range []bool{false, true} {
		n := 3 * maxJSONDepth
		if !closed {
			n = 100 * maxJSONDepth // longer than a game: the JSON reader alone sees it whole
		}
		src := strings.Repeat("[", n)
		if closed {
			src += strings.Repeat("]", n)
		}
		_, err := ParseBytes([]byte(src+"\n"), "deep.json")
		require.Error(t, err)
		first := err.(parse.ErrorList)[0]
		require.Equal(t, fmt.Sprintf("deep.json:1:%d: invalid JSON: more than %d nested arrays and objects", maxJSONDepth+1, maxJSONDepth),
			first.Error(), "closed %v", closed)
	}
}

// TestNotATranscript: a file that is no transcript gets a few errors, not one a line: the
// first maxUnknowns unknown statements of a game, then one that says the rest is not read;
// the next game is read. Its first line read as YAML asks whether it is a transcript, and
// whether it is text only when the file is named as YAML.
func TestNotATranscript(t *testing.T) {
	var csv strings.Builder
	for k := 0; k < 3*maxUnknowns; k++ {
		fmt.Fprintf(&csv, "night.tricks,1,hearts,%d,ann,0,0\n", k+1)
	}
	games, err := ParseBytes([]byte(csv.String()+"---\ngame hearts\nplayers a b c d\n"), "out.tricks")
	var list parse.ErrorList
	require.ErrorAs(t, err, &list)
	unknown := 0
	for _, e := range list {
		if strings.HasPrefix(e.Msg, "unknown statement") {
			unknown++
		}
	}
	require.Equal(t, maxUnknowns+1, unknown, "%v", err)
	last := list[len(list)-1]
	require.Contains(t, last.Msg, fmt.Sprintf("more than %d in this game: the rest of it is not read", maxUnknowns))
	require.Equal(t, maxUnknowns+1, last.Pos.Line)
	require.Len(t, games, 2)
	require.Equal(t, []string{"a", "b", "c", "d"}, games[1].Players, "the next game")

	// A game read no further is not said to lack the players line it may hold later.
	_, err = ParseBytes([]byte(csv.String()+"game hearts\nplayers a b c d\n"), "late.tricks")
	require.ErrorAs(t, err, &list)
	require.Len(t, list, maxUnknowns+1, "%v", err)

	for name, hint := range map[string]string{
		"passwd": "(is this a transcript? see FORMAT.md)",
		"p.yaml": "(is this a text transcript in a file named .yaml?)",
	} {
		_, err := ParseBytes([]byte("root:x:0:0:root:/root:/bin/bash\n"), name)
		require.ErrorContains(t, err, hint, name)
	}
}
