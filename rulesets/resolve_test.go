package rulesets_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
)

func oneGame(t *testing.T, src string) *parse.Game {
	t.Helper()
	games, err := reader.ParseBytes([]byte(src), "g.tricks")
	require.NoError(t, err)
	require.Len(t, games, 1)
	return games[0]
}

func get(t *testing.T, rs *rulesets.Ruleset, key string) string {
	t.Helper()
	v, ok := rs.Get(key)
	require.True(t, ok, key)
	return v
}

// CLI.md "Which rules apply": -r replaces the game line, the transcript's option lines still
// apply, then -o on top.
func TestResolveOrder(t *testing.T) {
	g := oneGame(t, "game hearts\nplayers a b c d\noption target=50 moon=new\n")

	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
	require.NoError(t, err)
	assert.Equal(t, "hearts", rs.Name)
	assert.Equal(t, "50", get(t, rs, "target"))
	assert.Equal(t, "new", get(t, rs, "moon"))

	c, err := rulesets.NewChoice("black-maria", []string{"target=70"})
	require.NoError(t, err)
	rs, err = rulesets.NewResolver(c).Resolve(g)
	require.NoError(t, err)
	assert.Equal(t, "black-maria", rs.Name)
	assert.Equal(t, "70", get(t, rs, "target"), "-o comes after the option lines")
	assert.Equal(t, "new", get(t, rs, "moon"), "the option lines still apply under -r")

	// The transcript's own rules ignore -r and -o.
	own := rulesets.NewResolver(c).Own(g)
	require.NotNil(t, own)
	assert.Equal(t, "hearts", own.Name)
	assert.Equal(t, "50", get(t, own, "target"))
	assert.Nil(t, rulesets.NewResolver(c).Own(oneGame(t, "players a b c d\n")), "no game line, no own rules")
}

// Games with the same rules share one Ruleset; other options give another.
func TestResolveShares(t *testing.T) {
	r := rulesets.NewResolver(rulesets.Choice{})
	a, err := r.Resolve(oneGame(t, "game hearts\nplayers a b c d\n"))
	require.NoError(t, err)
	b, err := r.Resolve(oneGame(t, "game hearts\nplayers w x y z\n"))
	require.NoError(t, err)
	c, err := r.Resolve(oneGame(t, "game hearts\nplayers a b c d\noption target=50\n"))
	require.NoError(t, err)
	assert.Same(t, a, b)
	assert.NotSame(t, a, c)
	assert.Equal(t, "100", get(t, a, "target"), "the shared ruleset is not changed by another game's options")
}

// A transcript names built-in rulesets only; the error is at the game line. No game line and
// no -r is an error at the game; a bad option line is at its position.
func TestResolveTranscriptErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "house.yaml")
	require.NoError(t, os.WriteFile(file, []byte("extends: hearts\nname: house\ntarget: 50\n"), 0o666))
	r := rulesets.NewResolver(rulesets.Choice{})

	_, err := r.Resolve(oneGame(t, "game "+file+"\nplayers a b c d\n"))
	var el parse.ErrorList
	require.ErrorAs(t, err, &el)
	assert.Equal(t, 1, el[0].Pos.Line)
	assert.Contains(t, el[0].Msg, "a ruleset file is given with --ruleset FILE")

	_, err = r.Resolve(oneGame(t, "players a b c d\n"))
	require.ErrorAs(t, err, &el)
	assert.Contains(t, el[0].Msg, "no ruleset")

	_, err = r.Resolve(oneGame(t, "game hearts\nplayers a b c d\noption moon=sideways\n"))
	require.ErrorAs(t, err, &el)
	assert.Equal(t, 3, el[0].Pos.Line)
	assert.Contains(t, el[0].Msg, `bad value "sideways" for moon`)

	// The same file is fine on the command line.
	c, err := rulesets.NewChoice(file, nil)
	require.NoError(t, err)
	rs, err := rulesets.NewResolver(c).Resolve(oneGame(t, "game hearts\nplayers a b c d\n"))
	require.NoError(t, err)
	assert.Equal(t, "50", get(t, rs, "target"))
}

// Command-line options are checked once, with one message per kind of mistake.
func TestNewChoiceErrors(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		opts    []string
		want    string
	}{
		{"", []string{"moon"}, `option "moon": expected key=value`},
		{"hearts", []string{"moon"}, `option "moon": expected key=value`},
		{"", []string{"=new"}, `option "=new": expected key=value`},
		{"", []string{"moon=sideways"}, `option moon=sideways: bad value "sideways" for moon`},
		{"", []string{"bags=on"}, `unknown option "bags"; the hearts family takes: pass-count,`},
		{"hearts", []string{"bag-penalty=on"}, `option "bag-penalty" belongs to the spades family`},
		{"whist", nil, `--ruleset whist: unknown ruleset "whist"`},
	} {
		_, err := rulesets.NewChoice(c.ruleset, c.opts)
		if assert.Error(t, err, "%s %v", c.ruleset, c.opts) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
	// A key of one family only is fine without -r: it is checked against each game's rules.
	c, err := rulesets.NewChoice("", []string{" bag-penalty = on "})
	require.NoError(t, err)
	assert.Equal(t, []parse.KV{{Key: "bag-penalty", Value: "on"}}, c.Options)
	_, err = rulesets.NewResolver(c).Resolve(oneGame(t, "game hearts\nplayers a b c d\n"))
	assert.ErrorContains(t, err, `option "bag-penalty" belongs to the spades family`)
}

// The zero Resolver applies the transcripts' own rules, as NewResolver of the zero Choice
// does, and a nil game is an error, not a panic.
func TestZeroResolver(t *testing.T) {
	var r rulesets.Resolver
	g := oneGame(t, "game hearts\nplayers a b c d\noption moon=new\n")
	rs, err := r.Resolve(g)
	require.NoError(t, err)
	assert.Equal(t, "hearts", rs.Name)
	assert.Equal(t, "new", get(t, rs, "moon"))
	again, err := r.Resolve(g)
	require.NoError(t, err)
	assert.Same(t, rs, again)

	var own rulesets.Resolver
	require.NotNil(t, own.Own(g))
	assert.Equal(t, "new", get(t, own.Own(g), "moon"))

	_, err = r.Resolve(nil)
	require.Error(t, err)
	assert.Nil(t, r.Own(nil))
}

// BenchmarkResolve resolves the games of a file whose games name a dozen sets of options in
// turn (as the OpenSpiel games do): each game misses the last game's rules and is found in
// the Resolver's cache.
func BenchmarkResolve(b *testing.B) {
	lines := []string{
		"pass=across queen-breaks-hearts=on first-trick-ban=on hearts-broken=on jd-bonus=off",
		"pass=left queen-breaks-hearts=off first-trick-ban=on hearts-broken=on jd-bonus=off first-lead=any-club",
		"pass=left queen-breaks-hearts=on first-trick-ban=on hearts-broken=on jd-bonus=on no-tricks-bonus=5",
		"pass=none queen-breaks-hearts=on first-trick-ban=off hearts-broken=off jd-bonus=off",
		"pass=right queen-breaks-hearts=off first-trick-ban=on hearts-broken=on jd-bonus=off first-lead=any-club",
		"pass=right queen-breaks-hearts=on first-trick-ban=on hearts-broken=on jd-bonus=off",
	}
	var games []*parse.Game
	for _, l := range lines {
		g, err := reader.ParseBytes([]byte("game hearts\nplayers a b c d\noption "+l+"\n"), "g.tricks")
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g[0])
	}
	r := rulesets.NewResolver(rulesets.Choice{})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := r.Resolve(games[i%len(games)]); err != nil {
			b.Fatal(err)
		}
	}
}

// Games that take turns among a few sets of option lines each get the Ruleset the first game
// of their set got, whether their lines are the same strings or a copy of the text.
func TestResolveTakingTurns(t *testing.T) {
	lines := []string{"pass=left moon=new", "pass=right moon=new", "pass=left moon=old", "pass=left"}
	r := rulesets.NewResolver(rulesets.Choice{})
	first := map[string]*rulesets.Ruleset{}
	for round := range 3 {
		for _, l := range lines {
			rs, err := r.Resolve(oneGame(t, "game hearts\nplayers a b c d\noption "+l+"\n"))
			require.NoError(t, err)
			if round == 0 {
				first[l] = rs
				continue
			}
			assert.Same(t, first[l], rs, l)
		}
	}
	assert.Equal(t, "old", get(t, first["pass=left moon=old"], "moon"))
	assert.Equal(t, "right", get(t, first["pass=right moon=new"], "pass"))
}

// TestUnknownRulesetAndKeys: a game whose ruleset is unknown also hears of its option keys
// that no ruleset takes, each at its place; keys some ruleset takes wait for the ruleset.
func TestUnknownRulesetAndKeys(t *testing.T) {
	g := &parse.Game{File: "g.tricks", Ruleset: "heartz", RulesetPos: parse.Pos{Line: 1, Col: 6},
		Players: []string{"ann", "bob", "cat", "dan"}, Options: []parse.KV{
			{Key: "mon", Value: "new", Pos: parse.Pos{Line: 3, Col: 8}},
			{Key: "nil", Value: "off", Pos: parse.Pos{Line: 3, Col: 16}},
			{Key: "taget", Value: "50", Pos: parse.Pos{Line: 3, Col: 24}},
		}}
	_, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
	var list parse.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 3, "%v", err)
	assert.Contains(t, list[0].Msg, `unknown ruleset "heartz"`)
	assert.Equal(t, parse.Pos{File: "g.tricks", Line: 3, Col: 8}, list[1].Pos)
	assert.Equal(t, `unknown option "mon": no ruleset takes it; did you mean moon?`, list[1].Msg)
	assert.Equal(t, parse.Pos{File: "g.tricks", Line: 3, Col: 24}, list[2].Pos)
	assert.Contains(t, list[2].Msg, "did you mean target?")
}

// TestSideName: a side of a partnership is named by its partners in either order, and comes
// back as Units names it; two players who are no side, a player, or a game without sides
// name none.
func TestSideName(t *testing.T) {
	players := []string{"ann", "bob", "cat", "dan"}
	sp, err := rulesets.Builtin("spades-partnership")
	require.NoError(t, err)
	for name, want := range map[string]string{"ann+cat": "ann+cat", "cat+ann": "ann+cat", "dan+bob": "bob+dan", "bob+dan": "bob+dan",
		"ann+bob": "", "ann": "", "ann+cat+bob": "", "ann+": "", "+cat": "", "cat+cat": ""} {
		got, ok := sp.SideName(players, name)
		assert.Equal(t, want, got, name)
		assert.Equal(t, want != "", ok, name)
		assert.Equal(t, want != "", sp.IsSide(players, name), name)
	}
	hearts, err := rulesets.Builtin("hearts")
	require.NoError(t, err)
	_, ok := hearts.SideName(players, "ann+cat")
	assert.False(t, ok, "no sides in Hearts")
	_, ok = sp.SideName(players[:3], "ann+cat")
	assert.False(t, ok, "no sides at three")
	// A quoted player name may hold a '+' itself.
	plus := []string{"a+b", "c", "d", "e"}
	for _, name := range []string{"a+b+d", "d+a+b"} {
		got, ok := sp.SideName(plus, name)
		assert.True(t, ok, name)
		assert.Equal(t, "a+b+d", got, name)
	}
}
