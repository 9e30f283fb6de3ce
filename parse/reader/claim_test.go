package reader

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
)

// The claim statement in text: the claim's position is the statement's, a share's its
// NAME=N pair's (in characters), names bare or quoted.
func TestClaimTextPositions(t *testing.T) {
	src := "players ann bob \"Mary Ann\" \"Zoë\"\n" +
		"round\n" +
		"trick 2C 3C 4C 5C\n" +
		"  claim   \"Mary Ann\"  # the rest\n" +
		"round\n" +
		"claim ann=2 \"Mary Ann\"=1,bob=0\n" +
		"round\n" +
		"claim \"Zoë\"=1 ann=-2\n" +
		"round\n" +
		"trick 2C 3C 4C 5C\n"
	g := parseOne(t, src, "c.tricks")
	require.Len(t, g.Rounds, 4)
	at := func(line, col int) parse.Pos { return parse.Pos{File: "c.tricks", Line: line, Col: col} }
	assert.Equal(t, &parse.Claim{Player: "Mary Ann", Pos: at(4, 3)}, g.Rounds[0].Claim)
	assert.Equal(t, &parse.Claim{Pos: at(6, 1), Shares: []parse.Count{{Player: "ann", N: 2, Pos: at(6, 7)}, {Player: "Mary Ann", N: 1, Pos: at(6, 13)}, {Player: "bob", N: 0, Pos: at(6, 26)}}},
		g.Rounds[1].Claim)
	assert.Equal(t, &parse.Claim{Pos: at(8, 1), Shares: []parse.Count{{Player: "Zoë", N: 1, Pos: at(8, 7)}, {Player: "ann", N: -2, Pos: at(8, 15)}}}, g.Rounds[2].Claim)
	assert.Nil(t, g.Rounds[3].Claim)
	for _, r := range g.Rounds {
		assert.False(t, r.IsSheet())
	}
}

// Claims that are mistakes: each message, at its place.
func TestClaimTextErrors(t *testing.T) {
	head := "players ann bob\nround\n"
	for _, c := range []struct{ src, want string }{
		{"claim ann\nclaim bob\n", "e.tricks:4:1: second claim statement in this round (the first is on line 3)"},
		{"claim ann=1\ntrick 2C 3C\n  claim ann\n", "e.tricks:5:3: second claim statement in this round (the first is on line 3)"},
		{"claim\n", "e.tricks:3:6: expected the claiming player's name after claim, found end of line"},
		{"claim =2\n", `e.tricks:3:7: expected the claiming player's name after claim, found "=2"`},
		{"claim ann bob\n", `e.tricks:3:11: unexpected "bob" after claim ann (claim NAME: one player takes every trick left; claim NAME=N NAME=N ...: the tricks left, per player)`},
		{"claim ann=1 bob=2 ann=3\n", `e.tricks:3:19: claim for "ann" given twice in this round (first at 3:7)`},
		{"claim ann=x\n", `e.tricks:3:11: expected a number after ann=, found "x"`},
		{"claim ann=1 bob\n", `e.tricks:3:16: expected "=" after the player name, found end of line`},
		{"claim ann+bob=2\n", `e.tricks:3:7: "ann+bob" is not a valid name (a letter, then letters, digits, _ . or -; other names need quotes: "ann+bob")`},
		{"claim \"ann\n", `e.tricks:3:7: unterminated quoted string (a closing " is missing)`},
		{"Claim ann\n", `e.tricks:3:1: unknown statement "Claim": keywords are lower case (claim)`},
		{"clam ann\n", `e.tricks:3:1: unknown statement "clam"; did you mean claim? (expected game, players, option, meta, round, deal, pass, bid, trick, claim, took, tricks, moon, score or total)`},
		{"claims ann\n", `e.tricks:3:1: unknown statement "claims"; did you mean claim? (expected game, players, option, meta, round, deal, pass, bid, trick, claim, took, tricks, moon, score or total)`},
	} {
		_, err := ParseBytes([]byte(head+c.src), "e.tricks")
		assert.EqualError(t, err, c.want, "%q", c.src)
	}
	// One claim a round: rounds of their own each have theirs.
	g := parseOne(t, head+"claim ann\nround\nclaim bob\nround\nclaim ann=1 bob=0\n", "ok.tricks")
	require.Len(t, g.Rounds, 3)
	assert.Equal(t, "ann", g.Rounds[0].Claim.Player)
	assert.Equal(t, "bob", g.Rounds[1].Claim.Player)
	assert.Len(t, g.Rounds[2].Claim.Shares, 2)
}

// claimYAML is a game with a claim by one player and a shared claim in the writers' YAML
// layout, which the direct reader reads; claimJSON is the same game as compact JSON.
const (
	claimYAML = "players: [ann, bob]\n" +
		"rounds:\n" +
		"  - tricks:\n" +
		"      - 2C 3C\n" +
		"    claim: ann\n" +
		"  - claim: {ann: 1, bob: 0}\n" +
		"    score: {ann: 1, bob: 0}\n"
	claimJSON = `{"players":["ann","bob"],"rounds":[{"tricks":["2C 3C"],"claim":"ann"},{"claim":{"ann":1,"bob":0},"score":{"ann":1,"bob":0}}]}` + "\n"
)

// YAML and JSON spell a claim claim: NAME or claim: {NAME: N, ...}; the claim is at its key,
// a share at its name. Every reader (yaml.v3's tree, the fast tree reader, the direct readers,
// the JSON scanner) gives the same game.
func TestClaimYAMLAndJSON(t *testing.T) {
	at := func(line, col int) parse.Pos { return parse.Pos{File: "f.yaml", Line: line, Col: col} }
	g := parseOne(t, claimYAML, "f.yaml")
	require.Len(t, g.Rounds, 2)
	assert.Equal(t, &parse.Claim{Player: "ann", Pos: at(5, 5)}, g.Rounds[0].Claim)
	assert.Equal(t, &parse.Claim{Pos: at(6, 5), Shares: []parse.Count{{Player: "ann", N: 1, Pos: at(6, 13)}, {Player: "bob", N: 0, Pos: at(6, 21)}}}, g.Rounds[1].Claim)

	require.True(t, checkFast(t, []byte(claimYAML), 1), "the fast reader reads the claims")
	dg, n := directYAML([]byte(claimYAML), 1, true, "f.yaml", 1, nil, nil)
	require.NotNil(t, dg, "the direct reader reads the claims")
	assert.Equal(t, len(claimYAML), n)
	assert.Equal(t, g, dg)
	viaV3, msg := readAll(t, []byte(claimYAML), false) // yaml.v3's tree, as file s.yaml
	require.Empty(t, msg)
	assert.Equal(t, []*parse.Game{parseOne(t, claimYAML, "s.yaml")}, viaV3)

	require.True(t, checkDirectJSON(t, []byte(claimJSON)), "the direct JSON reader reads the claims")
	js := parseOne(t, claimJSON, "f.json")
	assert.Equal(t, stripped(g), stripped(js))
	assert.Equal(t, parse.Pos{File: "f.json", Line: 1, Col: 56}, js.Rounds[0].Claim.Pos)
	viaYAML, _, _ := readMode(t, []byte(claimJSON), "f.json", jsonOff)
	viaJSON, usedJSON, _ := readMode(t, []byte(claimJSON), "f.json", jsonOnly)
	require.True(t, usedJSON)
	requireSameResults(t, viaYAML, viaJSON)

	// Quoted names, block mappings, flow rounds: the tree readers.
	other := "players: [ann, Mary Ann]\nrounds:\n  - claim: \"Mary Ann\"\n  - {claim: 'ann'}\n  - claim:\n      Mary Ann: 2\n      ann: 1\n"
	g = parseOne(t, other, "f.yaml")
	require.Len(t, g.Rounds, 3)
	assert.Equal(t, &parse.Claim{Player: "Mary Ann", Pos: at(3, 5)}, g.Rounds[0].Claim)
	assert.Equal(t, &parse.Claim{Player: "ann", Pos: at(4, 6)}, g.Rounds[1].Claim)
	assert.Equal(t, &parse.Claim{Pos: at(5, 5), Shares: []parse.Count{{Player: "Mary Ann", N: 2, Pos: at(6, 7)}, {Player: "ann", N: 1, Pos: at(7, 7)}}}, g.Rounds[2].Claim)
	checkFast(t, []byte(other), 1)
}

// A claim that is a mistake in YAML, and a second claim key: the messages.
func TestClaimYAMLErrors(t *testing.T) {
	head := "players: [ann, bob]\nrounds:\n"
	for _, c := range []struct{ src, want string }{
		{"  - claim: ann\n    claim: bob\n", `e.yaml:4:5: duplicate key "claim" (the first is on line 3)`},
		{"  - claim: {}\n", "e.yaml:3:12: expected the claiming player's name, or a mapping of player names to tricks, after claim:, found an empty mapping"},
		{"  - claim:\n", "e.yaml:3:11: expected the claiming player's name, or a mapping of player names to tricks, after claim:, found nothing"},
		{"  - claim: \"\"\n", `e.yaml:3:12: expected the claiming player's name after claim:, found ""`},
		{"  - claim: [ann]\n", "e.yaml:3:12: expected the claiming player's name, or a mapping of player names to tricks, after claim:, found a list"},
		{"  - claim: {ann: x}\n", `e.yaml:3:18: expected a number after ann:, found "x"`},
		{"  - claim: {ann: 1, ann: 2}\n", `e.yaml:3:21: duplicate key "ann" (the first is on line 3)`},
		{"  - claims: ann\n", "e.yaml:3:5: unknown key \"claims\" in a round (expected dealer, tiebreak, deal, pass, bids, tricks, claim, took, tricks_taken, moon, score or total; did you mean claim?)"},
	} {
		for _, fast := range []bool{true, false} {
			_, msg := readAll(t, []byte(head+c.src), fast)
			assert.Equal(t, "s.yaml"+c.want[len("e.yaml"):], msg, "%q (fast reader %v)", c.src, fast)
		}
	}
}

// A game without a claim parsed into memory a game with claims used (a GameBuffer's, in text;
// the memories the direct readers hand on, in YAML and JSON) has none, and a claim by one
// player after a shared one has no shares: the games are those of fresh memory.
func TestClaimNotKeptByReusedMemory(t *testing.T) {
	text := "players ann bob\nround\ntrick 2C 3C\nclaim ann\nround\nclaim ann=1 bob=0\n---\n" +
		"players ann bob\nround\ntrick 2C 3C\nround\ntrick 4C 5C\n---\n" +
		"players ann bob\nround\nclaim bob\nround\nclaim ann\n---\n" +
		"players ann bob\nround\ntrick 2C 3C\nclaim ann=1 bob=0\n"
	fresh, err := ParseBytesFormat([]byte(text), "r.tricks", parse.Text)
	require.NoError(t, err)
	require.Len(t, fresh, 4)
	var yml, jsn []byte
	for _, g := range fresh {
		doc := writer.AppendYAML(nil, g)
		yml = append(append(yml, "---\n"...), doc...)
		j, ok := yamlToJSON(doc, jsonStyles[0])
		require.True(t, ok)
		jsn = append(jsn, j...)
	}
	for _, in := range []struct {
		name string
		src  []byte
	}{{"r.tricks", []byte(text)}, {"r.yaml", yml}, {"r.json", jsn}} {
		want, err := ParseBytesFormat(in.src, in.name, parse.Auto)
		require.NoError(t, err, in.name)
		rd := NewReader(bytes.NewReader(in.src), in.name, parse.Auto)
		var buf GameBuffer
		for k := 0; ; k++ {
			var p Pending
			err := rd.NextPending(&p)
			if err == io.EOF {
				require.Equal(t, len(want), k, in.name)
				break
			}
			require.NoError(t, err, in.name)
			g, err := p.Parse(&buf)
			require.NoError(t, err, in.name)
			require.Equal(t, want[k], g, "%s game %d", in.name, k+1)
			require.Equal(t, stripped(fresh[k]), stripped(g), "%s game %d", in.name, k+1)
		}
	}
	// The claims of reused memory are its own: a second pass allocates nothing for them.
	var buf GameBuffer
	parseAll := func() {
		rd := NewReader(bytes.NewReader([]byte(text)), "r.tricks", parse.Text)
		var p Pending
		for rd.NextPending(&p) == nil {
			_, err := p.Parse(&buf)
			require.NoError(t, err)
		}
	}
	parseAll()
	base := testing.AllocsPerRun(5, func() {
		rd := NewReader(bytes.NewReader([]byte(text)), "r.tricks", parse.Text)
		var p Pending
		for rd.NextPending(&p) == nil {
		}
	})
	assert.Equal(t, base, testing.AllocsPerRun(5, parseAll), "allocations of parsing into a warm buffer, beyond reading")
}

// The direct readers decline a number beyond ±999,999,999 among a claim's shares (or any
// count), which the tree readers report.
func TestDirectReadersDeclineLargeNumbers(t *testing.T) {
	for _, v := range []string{"1000000000", "-1000000000", "999999999999999999"} {
		yml := "players: [ann, bob]\nrounds:\n  - claim: {ann: " + v + ", bob: 1}\n"
		g, _ := directYAML([]byte(yml), 1, true, "f.yaml", 1, nil, nil)
		assert.Nil(t, g, "%s", yml)
		_, err := ParseBytes([]byte(yml), "f.yaml")
		assert.EqualError(t, err, `f.yaml:3:18: ann: `+v+` is out of range: numbers are at most 999,999,999 either way (a limit by design: see Reliability in the README)`)
		sc := "players: [ann, bob]\nrounds:\n  - score: {ann: " + v + ", bob: 1}\n"
		g, _ = directYAML([]byte(sc), 1, true, "f.yaml", 1, nil, nil)
		assert.Nil(t, g, "%s", sc)
		js := `{"players":["ann","bob"],"rounds":[{"claim":{"ann":` + v + `,"bob":1}}]}` + "\n"
		jg, _, _, _ := directJSON([]byte(js), 1, 1, true, "f.json", 1, nil, nil)
		assert.Nil(t, jg, "%s", js)
	}
	g, _ := directYAML([]byte("players: [ann, bob]\nrounds:\n  - claim: {ann: 999999999, bob: -999999999}\n"), 1, true, "f.yaml", 1, nil, nil)
	require.NotNil(t, g)
	assert.Equal(t, []parse.Count{{Player: "ann", N: 999999999, Pos: parse.Pos{File: "f.yaml", Line: 3, Col: 13}}, {Player: "bob", N: -999999999, Pos: parse.Pos{File: "f.yaml", Line: 3, Col: 29}}}, g.Rounds[0].Claim.Shares)
}
