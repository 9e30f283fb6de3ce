package rulesets

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

func card(t *testing.T, s string) parse.Card {
	t.Helper()
	c, err := parse.ParseCard(s)
	require.NoError(t, err)
	return c
}

func TestBuiltinsLoad(t *testing.T) {
	entries, err := builtinFS.ReadDir("builtin")
	require.NoError(t, err)
	var files []string
	for _, e := range entries {
		files = append(files, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	names := Names()
	assert.ElementsMatch(t, names, files, "every embedded file is listed in builtinOrder and vice versa")
	assert.Equal(t, []string{"rickety-kate", "rickety-kate-36", "black-maria", "hearts", "omnibus", "dirty-lady",
		"slippery-anne", "black-jack", "cancellation", "spades", "spades-partnership"}, names)

	list := List()
	require.Len(t, list, len(names))
	for i, name := range names {
		rs, err := Builtin(name)
		require.NoError(t, err, name)
		assert.Equal(t, name, rs.Name)
		assert.Empty(t, rs.Extends)
		assert.NotEmpty(t, rs.Summary, name)
		assert.NotContains(t, rs.Summary, "\n", name)
		assert.NoError(t, rs.Validate(), name)
		assert.Equal(t, name, rs.String())
		assert.Equal(t, Info{Name: name, Family: rs.Family, Players: rs.Players, Summary: rs.Summary}, list[i])

		viaLoad, err := Load(name)
		require.NoError(t, err)
		assert.Equal(t, rs, viaLoad)
		assert.True(t, IsBuiltin(name))
	}
	assert.False(t, IsBuiltin("nope"))
}

func TestBuiltinParameters(t *testing.T) {
	get := func(name string) *Ruleset {
		rs, err := Builtin(name)
		require.NoError(t, err)
		return rs
	}
	hearts := []string{"rickety-kate", "rickety-kate-36", "black-maria", "hearts", "omnibus", "dirty-lady", "slippery-anne", "black-jack", "cancellation"}
	for _, name := range hearts {
		rs := get(name)
		assert.Equal(t, Hearts, rs.Family, name)
		assert.True(t, bool(rs.HeartsBroken), "%s: hearts broken is on everywhere (RULES §7)", name)
		assert.Zero(t, rs.ExactReset, name)
		assert.Equal(t, 100, rs.Target, name)
		if name == "cancellation" {
			assert.Equal(t, Range{6, 10}, rs.Players)
			assert.Equal(t, 2, rs.Decks)
		} else {
			assert.Equal(t, Range{3, 6}, rs.Players, name)
			assert.Equal(t, 1, rs.Decks, name)
		}
	}

	rk := get("rickety-kate")
	assert.Equal(t, Revoke{RevokeFixed, 13}, rk.Revoke)
	assert.Equal(t, MoonOld, rk.Moon)
	assert.Equal(t, EndReach, rk.End)
	assert.True(t, bool(rk.FirstTrickBan))

	rk36 := get("rickety-kate-36")
	assert.Equal(t, MoonChoice, rk36.Moon)
	assert.Equal(t, EndExceed, rk36.End)
	assert.Equal(t, ByPlayers[int]{5: 2, 6: 2}, rk36.PassCountByPlayers)

	bm := get("black-maria")
	assert.Equal(t, EndRounds, bm.End)
	assert.Zero(t, bm.Rounds)
	assert.Equal(t, 9, bm.RoundsFor(3))
	assert.Equal(t, 12, bm.RoundsFor(4))
	assert.Equal(t, Revoke{Kind: RevokeAll}, bm.Revoke)
	assert.Equal(t, MoonNone, bm.Moon)
	assert.False(t, bool(bm.FirstTrickBan))
	assert.Equal(t, PassCycle{PassRight}, bm.Pass)

	dl := get("dirty-lady")
	assert.Equal(t, Cards{card(t, "QS")}, dl.NoPass)
	assert.Equal(t, MoonNew, dl.Moon)
	assert.Equal(t, PassCycle{PassLeft}, dl.Pass)
	for c, v := range map[string]int{"AH": 5, "KH": 4, "QH": 3, "JH": 2, "TH": 1, "2H": 1, "QS": 13, "KS": 0, "JD": 0} {
		assert.Equal(t, v, dl.CardValue(card(t, c)), "dirty-lady %s", c)
	}

	sa := get("slippery-anne")
	assert.Equal(t, CardValues{"QS": 13}, sa.Values)

	bj := get("black-jack")
	assert.Equal(t, 10, bj.CardValue(card(t, "JS")))
	assert.Equal(t, 0, bj.CardValue(card(t, "QS")))
	assert.Equal(t, 1, bj.CardValue(card(t, "5H")))

	om := get("omnibus")
	assert.Equal(t, -10, om.CardValue(card(t, "JD")))
	assert.Equal(t, 13, om.CardValue(card(t, "QS")))
	require.NoError(t, om.Set("jd-bonus", "off"))
	assert.Equal(t, 0, om.CardValue(card(t, "JD")), "jd-bonus=off gives plain hearts back")
	require.NoError(t, om.Set("td-bonus", "on"))
	assert.Equal(t, -10, om.CardValue(card(t, "TD")))

	cx := get("cancellation")
	assert.Equal(t, Cards{card(t, "2C"), card(t, "2D"), card(t, "2C"), card(t, "2D"), card(t, "3C"), card(t, "3D")}, cx.RemovalOrder)
	assert.Equal(t, PassCycle{PassHold}, cx.Pass)
	assert.Equal(t, Revoke{RevokeFixed, 13}, cx.Revoke)

	sp := get("spades")
	assert.Equal(t, Spades, sp.Family)
	assert.Equal(t, Ruleset{
		Name: "spades", Summary: sp.Summary, Family: Spades, Players: Range{3, 6}, Decks: 1,
		Nil: true, NilFail: 0, DoubleNil: true, BDN: BDN800, Under: UnderZero, Jokers: JokersNone, Target: 500,
	}, *sp)
	pp := get("spades-partnership")
	assert.Equal(t, Ruleset{
		Name: "spades-partnership", Summary: pp.Summary, Family: Spades, Players: Range{4, 4}, Decks: 1,
		Teams: true, Nil: true, NilFail: -100, DoubleNil: true, Blind: true, BDN: BDN800, BagPenalty: true,
		Under: UnderBid, SpadesBroken: true, Jokers: JokersNone, Target: 500,
	}, *pp)
}

func TestBuiltinIsFreshCopy(t *testing.T) {
	a, err := Builtin("hearts")
	require.NoError(t, err)
	require.NoError(t, a.Set("pass", "left"))
	a.Values["QS"] = 99
	a.Removed[3][0] = card(t, "AS")
	b, err := Builtin("hearts")
	require.NoError(t, err)
	assert.Equal(t, 13, b.Values["QS"])
	assert.Equal(t, Cards{card(t, "2D")}, b.Removed[3])
	assert.Equal(t, PassCycle{PassLeft, PassRight, PassAcross, PassHold}, b.Pass)
	assert.NotNil(t, b.PassByPlayers)
}

func TestClone(t *testing.T) {
	for _, name := range Names() {
		rs, err := Builtin(name)
		require.NoError(t, err)
		c := rs.Clone()
		assert.Equal(t, rs, c)
		for k := range c.Removed {
			c.Removed[k][0] = card(t, "AS")
		}
		for k := range c.PassByPlayers {
			c.PassByPlayers[k][0] = PassRight2
		}
		for k := range c.Values {
			c.Values[k] = 77
		}
		if len(c.Pass) > 0 {
			c.Pass[0] = PassRight2
		}
		if len(c.RemovalOrder) > 0 {
			c.RemovalOrder[0] = card(t, "AS")
		}
		orig, _ := Builtin(name)
		assert.Equal(t, orig, rs, "%s: changing a clone changed the original", name)
	}
	assert.Nil(t, (*Ruleset)(nil).Clone())
}

func TestUnknownBuiltin(t *testing.T) {
	_, err := Builtin("heats")
	require.Error(t, err)
	for _, name := range Names() {
		assert.Contains(t, err.Error(), name)
	}
	_, err = Load("heats")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown ruleset "heats"`)
	assert.Contains(t, err.Error(), "black-maria")
	_, err = Load(filepath.Join(t.TempDir(), "missing.yaml"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

func TestTable(t *testing.T) {
	type want struct {
		name      string
		n         int
		deck      int
		hand      int
		T         int
		lead      string
		passCount int
		pass      string
	}
	cases := []want{
		{"hearts", 2, 52, 26, 26, "lowest-club", 3, "left,right,across,hold"},
		{"hearts", 3, 51, 17, 26, "lowest-club", 3, "left,right,hold"},
		{"hearts", 4, 52, 13, 26, "lowest-club", 3, "left,right,across,hold"},
		{"hearts", 5, 50, 10, 26, "lowest-club", 3, "left,left2,right,right2,hold"},
		{"hearts", 6, 48, 8, 26, "lowest-club", 3, "left,right,across,hold"},
		{"omnibus", 4, 52, 13, 26, "lowest-club", 3, "left,right,across,hold"},
		{"omnibus", 5, 50, 10, 26, "lowest-club", 3, "left,left2,right,right2,hold"},
		{"rickety-kate", 2, 52, 26, 26, "lowest-club", 3, "left,right,across,hold"},
		{"rickety-kate", 3, 51, 17, 26, "eldest", 3, "left,right,hold"},
		{"rickety-kate", 4, 52, 13, 26, "lowest-club", 3, "left,right,across,hold"},
		{"rickety-kate", 5, 50, 10, 26, "eldest", 3, "left,right,left2,hold"},
		{"rickety-kate", 6, 48, 8, 25, "eldest", 3, "left,right,across,hold"}, // RULES §7: no 2H, T=25
		{"black-jack", 4, 52, 13, 23, "lowest-club", 3, "left,right,across,hold"},
		{"black-jack", 6, 48, 8, 22, "eldest", 3, "left,right,across,hold"},
		{"rickety-kate-36", 3, 51, 17, 36, "lowest-club", 3, "left,right,hold"},
		{"rickety-kate-36", 4, 52, 13, 36, "lowest-club", 3, "left,right,across,hold"},
		{"rickety-kate-36", 5, 50, 10, 36, "lowest-club", 2, "left,right,left2,hold"},
		{"rickety-kate-36", 6, 48, 8, 35, "lowest-club", 2, "left,right,across,hold"}, // 2H out
		{"black-maria", 2, 52, 26, 43, "eldest", 3, "right"},
		{"black-maria", 3, 51, 17, 43, "eldest", 3, "right"}, // 2C out
		{"black-maria", 4, 52, 13, 43, "eldest", 3, "right"},
		{"black-maria", 5, 50, 10, 43, "eldest", 3, "right"},
		{"black-maria", 6, 48, 8, 42, "eldest", 3, "right"}, // 2H out
		{"dirty-lady", 4, 52, 13, 36, "eldest", 3, "left"},
		{"dirty-lady", 3, 51, 17, 36, "eldest", 3, "left"},
		{"dirty-lady", 6, 48, 8, 35, "eldest", 3, "left"},
		{"slippery-anne", 3, 51, 17, 13, "eldest", 3, "right"},
		{"slippery-anne", 6, 48, 8, 13, "eldest", 3, "right"},
		{"cancellation", 6, 102, 17, 52, "eldest", 3, "hold"},
		{"cancellation", 7, 98, 14, 52, "eldest", 3, "hold"},
		{"cancellation", 8, 104, 13, 52, "eldest", 3, "hold"},
		{"cancellation", 9, 99, 11, 52, "eldest", 3, "hold"},
		{"cancellation", 10, 100, 10, 52, "eldest", 3, "hold"},
		{"cancellation", 2, 104, 52, 52, "eldest", 3, "hold"},
		{"cancellation", 3, 102, 34, 52, "eldest", 3, "hold"},
		{"spades", 4, 52, 13, 0, "eldest", 0, "hold"},
		{"spades-partnership", 4, 52, 13, 0, "eldest", 0, "hold"},
	}
	for _, c := range cases {
		rs, err := Builtin(c.name)
		require.NoError(t, err)
		tb, err := rs.Table(c.n)
		require.NoError(t, err, "%s %d", c.name, c.n)
		assert.Equal(t, c.deck, tb.Deck.Len()+tb.Deck2.Len(), "%s %dp deck", c.name, c.n)
		assert.Equal(t, c.hand, tb.HandSize, "%s %dp hand", c.name, c.n)
		assert.Equal(t, c.T, tb.T, "%s %dp T", c.name, c.n)
		assert.Equal(t, c.lead, tb.FirstLead.String(), "%s %dp first lead", c.name, c.n)
		assert.Equal(t, c.passCount, tb.PassCount, "%s %dp pass count", c.name, c.n)
		assert.Equal(t, c.pass, PassCycle(tb.Pass).scalarText(), "%s %dp pass", c.name, c.n)
		if c.name == "spades" {
			assert.Equal(t, parse.Spades, tb.Trump)
		} else if rs.Family == Hearts {
			assert.Equal(t, parse.NoSuit, tb.Trump)
		}
	}

	// Every ruleset resolves for every count it seats, and for a 2-player tie-break; a count
	// in its range that CheckPlayers refuses is one that Table refuses, with its message.
	for _, name := range Names() {
		rs, _ := Builtin(name)
		for n := 2; n <= 10; n++ {
			_, err := rs.Table(n)
			if rs.CheckPlayers(n) == nil {
				assert.NoError(t, err, "%s %d", name, n)
			} else if n >= rs.Players.Min && n <= rs.Players.Max && rs.Family == Hearts {
				assert.EqualError(t, err, rs.CheckPlayers(n).Error(), "%s %d", name, n)
			}
		}
		if rs.Family == Hearts {
			_, err := rs.Table(2)
			assert.NoError(t, err, "%s tie-break of 2", name)
			_, err = rs.TiebreakTable(2)
			assert.NoError(t, err, "%s tie-break of 2", name)
		}
	}
}

func TestTableDetails(t *testing.T) {
	rs, _ := Builtin("cancellation")
	tb, err := rs.Table(6)
	require.NoError(t, err)
	assert.False(t, tb.Deck2.Has(card(t, "2C")))
	assert.False(t, tb.Deck2.Has(card(t, "2D")))
	assert.True(t, tb.Deck.Has(card(t, "2C")))
	assert.Equal(t, 28, tb.PenaltyCount, "a moon needs all 28 penalty cards")
	tb, err = rs.Table(7)
	require.NoError(t, err)
	assert.False(t, tb.Deck.Has(card(t, "2C")) || tb.Deck2.Has(card(t, "2C")))
	assert.True(t, tb.Deck.Has(card(t, "3C")))
	assert.False(t, tb.Deck2.Has(card(t, "3C")))

	hearts, _ := Builtin("hearts")
	tb, _ = hearts.Table(6)
	for _, c := range []string{"2D", "3D", "3C", "4C"} {
		assert.False(t, tb.Deck.Has(card(t, c)), c)
	}
	assert.True(t, tb.Deck.Has(card(t, "2C")))
	assert.Equal(t, 14, tb.PenaltyCount)

	sp, _ := Builtin("spades")
	require.NoError(t, sp.Set("jokers", "high"))
	tb, err = sp.Table(3)
	require.NoError(t, err)
	assert.Equal(t, 54, tb.Deck.Len())
	assert.Equal(t, 18, tb.HandSize)
	require.NoError(t, sp.Set("jokers-replace", "on"))
	tb, err = sp.Table(4)
	require.NoError(t, err)
	assert.Equal(t, 52, tb.Deck.Len())
	assert.False(t, tb.Deck.Has(card(t, "2C")))
	assert.True(t, tb.Deck.Has(parse.BigJoker))

	// A pass cycle that does not exist at a tie-break's table is no error there.
	require.NoError(t, hearts.Set("pass", "left2"))
	_, err = hearts.Table(2)
	assert.Error(t, err)
	tb, err = hearts.TiebreakTable(2)
	require.NoError(t, err)
	assert.Equal(t, []PassDirection{PassHold}, tb.Pass)
	assert.Same(t, hearts, tb.RS)
	require.NoError(t, hearts.Set("pass", "across"))
	assert.ErrorContains(t, hearts.CheckPlayers(5), "across")
}

var commentLine = regexp.MustCompile(`(?m)^#.*\n`)

// The embedded files are canonical: Marshal writes them back byte for byte (comments aside).
// A file that extends another built-in gives, after extends, name and summary, only the
// lines in which its Marshal differs from its base's, in Marshal's order.
func TestBuiltinFilesCanonical(t *testing.T) {
	extendsRE := regexp.MustCompile(`(?m)^extends: (.*)\n`)
	for _, name := range Names() {
		rs, _ := Builtin(name)
		out, err := rs.Marshal()
		require.NoError(t, err)
		file, err := builtinFS.ReadFile("builtin/" + name + ".yaml")
		require.NoError(t, err)
		text := string(commentLine.ReplaceAll(file, nil))
		m := extendsRE.FindStringSubmatch(text)
		if m == nil {
			assert.Equal(t, text, string(out), name)
			continue
		}
		base, err := Builtin(m[1])
		require.NoError(t, err, name)
		bout, err := base.Marshal()
		require.NoError(t, err)
		baseLines := map[string]bool{}
		for _, l := range strings.SplitAfter(string(bout), "\n") {
			baseLines[l] = true
		}
		want := m[0]
		for _, l := range strings.SplitAfter(string(out), "\n") {
			if !baseLines[l] {
				want += l
			}
		}
		assert.Equal(t, want, text, name)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	for _, name := range Names() {
		rs, _ := Builtin(name)
		out, err := rs.Marshal()
		require.NoError(t, err)
		back, err := Parse("out.yaml", out)
		require.NoError(t, err, "%s:\n%s", name, out)
		assert.Equal(t, rs, back, name)
		if rs.Family == Spades {
			assert.NotContains(t, string(out), "pass")
			assert.NotContains(t, string(out), "moon")
		} else {
			assert.NotContains(t, string(out), "teams")
		}
	}

	// After options, with odd values.
	rs, _ := Builtin("rickety-kate")
	for k, v := range map[string]string{"pass": "right2,left", "pass-count": "1", "moon": "choice", "revoke": "none",
		"end": "exceed", "target": "250", "exact-reset": "50", "no-tricks-bonus": "5", "td-bonus": "on", "first-lead": "any-club"} {
		require.NoError(t, rs.Set(k, v))
	}
	rs.Values["10H"] = 3 // not canonical: read back as TH
	delete(rs.Values, "10H")
	rs.Values["TH"] = 3
	rs.Values["BJ"] = -5
	rs.Summary = "a: summary with # odd characters"
	rs.Name = "on"
	out, err := rs.Marshal()
	require.NoError(t, err)
	back, err := Parse("x.yaml", out)
	require.NoError(t, err, string(out))
	assert.Equal(t, rs, back)

	sp, _ := Builtin("spades-partnership")
	for k, v := range map[string]string{"nil-fail": "0", "bdn": "win", "bag-cap": "1", "under": "diff", "jokers": "fool", "jokers-replace": "on", "quicksand": "on", "failed-nil-helps": "on"} {
		require.NoError(t, sp.Set(k, v))
	}
	out, err = sp.Marshal()
	require.NoError(t, err)
	back, err = Parse("x.yaml", out)
	require.NoError(t, err, string(out))
	assert.Equal(t, sp, back)
}

func TestMarshalHearts(t *testing.T) {
	rs, _ := Builtin("hearts")
	out, err := rs.Marshal()
	require.NoError(t, err)
	assert.Contains(t, string(out), "\nfirst-trick-ban: on\n")
	assert.Contains(t, string(out), "\nvalues: {H: 1, QS: 13}\n")
	assert.Contains(t, string(out), "\nremoved: {3: [2D], 5: [2D, 2C], 6: [2D, 3D, 3C, 4C]}\n")
}

// Options with good values and bad ones. Every option key of both families must appear here.
func TestSetOptions(t *testing.T) {
	type opt struct {
		key  string
		good []string
		bad  []string
		list string // in the error message of a bad value
	}
	onOff := func(k string) opt { return opt{k, []string{"on", "off"}, []string{"maybe", ""}, "on, off"} }
	heartsOpts := []opt{
		{"pass", []string{"left", "right", "across", "left2", "right2", "hold", "none", "left,right,hold", "right,left,across,hold"}, []string{"up", "left,,x", ""}, "left, right, across, left2, right2, hold, none"},
		{"pass-count", []string{"0", "1", "2", "3"}, []string{"4", "-1", "x"}, "0, 1, 2, 3"},
		{"moon", []string{"none", "old", "new", "choice"}, []string{"full", "OLD"}, "none, old, new, choice"},
		{"target", []string{"50", "100", "1"}, []string{"0", "-5", "ten"}, "N > 0"},
		{"end", []string{"reach", "exceed", "rounds", "reach:50", "exceed:100", "rounds:4"}, []string{"never", "reach:x", "rounds:0"}, "reach, exceed, rounds"},
		{"rounds", []string{"0", "4", "12"}, []string{"-1", "many"}, "N > 0"},
		{"exact-reset", []string{"0", "50"}, []string{"-50", "half"}, "N > 0"},
		onOff("first-trick-ban"),
		onOff("queen-breaks-hearts"),
		onOff("hearts-broken"),
		{"first-lead", []string{"lowest-club", "any-club", "eldest"}, []string{"2C", "lowest"}, "lowest-club, any-club, eldest"},
		onOff("jd-bonus"),
		onOff("td-bonus"),
		{"no-tricks-bonus", []string{"0", "5"}, []string{"-5", "five"}, "N >= 0"},
		{"revoke", []string{"fixed:13", "fixed:0", "all", "none"}, []string{"fixed", "fixed:x", "fixed:-1", "some"}, "fixed:N"},
	}
	spadesOpts := []opt{
		onOff("teams"),
		onOff("nil"),
		{"nil-fail", []string{"0", "-100"}, []string{"-50", "100", "x"}, "0, -100"},
		onOff("blind"),
		{"bdn", []string{"800", "win"}, []string{"400", "lose"}, "800, win"},
		onOff("bag-penalty"),
		{"bag-cap", []string{"0", "1", "3"}, []string{"-1", "x"}, "N > 0"},
		{"under", []string{"zero", "diff", "bid"}, []string{"none", "0"}, "zero, diff, bid"},
		onOff("quicksand"),
		onOff("spades-broken"),
		{"jokers", []string{"none", "high", "fool"}, []string{"low", "on"}, "none, high, fool"},
		onOff("jokers-replace"),
		{"target", []string{"500", "300"}, []string{"0", "x"}, "N > 0"},
		onOff("failed-nil-helps"),
		onOff("double-nil"),
	}
	run := func(base string, opts []opt) {
		var keys []string
		for _, o := range opts {
			keys = append(keys, o.key)
			for _, v := range o.good {
				rs, _ := Builtin(base)
				assert.NoError(t, rs.Set(o.key, v), "%s %s=%s", base, o.key, v)
				got, ok := rs.Get(o.key)
				assert.True(t, ok)
				again := rs.Clone()
				require.NoError(t, again.Set(o.key, got), "%s: Get(%s) = %q is not accepted back", base, o.key, got)
				assert.Equal(t, rs, again, "%s %s=%s then %s", base, o.key, v, got)
			}
			for _, v := range o.bad {
				rs, _ := Builtin(base)
				before := rs.Clone()
				err := rs.Set(o.key, v)
				if assert.Error(t, err, "%s %s=%s", base, o.key, v) {
					assert.Contains(t, err.Error(), o.list, "%s %s=%s", base, o.key, v)
					assert.Contains(t, err.Error(), o.key)
				}
				assert.Equal(t, before, rs, "a refused value changes nothing")
			}
		}
		rs, _ := Builtin(base)
		assert.ElementsMatch(t, OptionKeys(rs.Family), keys, "the test covers every option key of %s", rs.Family)
	}
	run("hearts", heartsOpts)
	run("black-maria", heartsOpts)
	run("cancellation", heartsOpts)
	run("spades", spadesOpts)
	run("spades-partnership", spadesOpts)
}

func TestSetValues(t *testing.T) {
	rs, _ := Builtin("hearts")
	require.NoError(t, rs.Set("pass", "none"))
	assert.Equal(t, PassCycle{PassHold}, rs.Pass)
	assert.Nil(t, rs.PassByPlayers, "pass clears pass-by-players")
	require.NoError(t, rs.Set("pass", "left, right ,hold"))
	assert.Equal(t, PassCycle{PassLeft, PassRight, PassHold}, rs.Pass)

	rk, _ := Builtin("rickety-kate")
	require.NoError(t, rk.Set("first-lead", "any-club"))
	assert.Nil(t, rk.FirstLeadByPlayers, "first-lead clears first-lead-by-players")
	tb, _ := rk.Table(5)
	assert.Equal(t, FirstLeadAnyClub, tb.FirstLead)

	r36, _ := Builtin("rickety-kate-36")
	require.NoError(t, r36.Set("pass-count", "3"))
	assert.Nil(t, r36.PassCountByPlayers)
	tb, _ = r36.Table(6)
	assert.Equal(t, 3, tb.PassCount)

	require.NoError(t, r36.Set("end", "reach:60"))
	assert.Equal(t, EndReach, r36.End)
	assert.Equal(t, 60, r36.Target)
	require.NoError(t, r36.Set("end", "rounds:5"))
	assert.Equal(t, EndRounds, r36.End)
	assert.Equal(t, 5, r36.Rounds)
	assert.Equal(t, 5, r36.RoundsFor(4))

	require.NoError(t, r36.Set("revoke", "fixed:07"))
	assert.Equal(t, Revoke{RevokeFixed, 7}, r36.Revoke)
	assert.Equal(t, "fixed:7", r36.Revoke.String())
	kind, n := r36.RevokePenalty()
	assert.Equal(t, RevokeFixed, kind)
	assert.Equal(t, 7, n)

	require.NoError(t, r36.Set("first-trick-ban", "off"))
	assert.False(t, bool(r36.FirstTrickBan))

	sp, _ := Builtin("spades")
	require.NoError(t, sp.Set("nil-fail", "-100"))
	assert.Equal(t, -100, sp.NilFail)
	require.NoError(t, sp.Set("teams", "on"))
	assert.True(t, bool(sp.DoubleNil), "double-nil is on wherever teams=on")
	require.NoError(t, sp.Set("double-nil", "off"))
	require.NoError(t, sp.Set("teams", "on"))
	assert.False(t, bool(sp.DoubleNil), "an explicit double-nil=off stays")
}

func TestSetUnknownKey(t *testing.T) {
	rs, _ := Builtin("hearts")
	err := rs.Set("colour", "red")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown option "colour"`)
	for _, k := range OptionKeys(Hearts) {
		assert.Contains(t, err.Error(), k)
	}

	err = rs.Set("nil", "on")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "spades family")
	assert.Contains(t, err.Error(), "pass-count")

	for _, k := range []string{"values", "name", "family", "players", "removed", "decks", "pass-by-players"} {
		assert.Error(t, rs.Set(k, "x"), "%s is a file key, not an option", k)
	}

	sp, _ := Builtin("spades")
	err = sp.Set("moon", "old")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hearts family")
	for _, k := range OptionKeys(Spades) {
		assert.Contains(t, err.Error(), k)
	}
	assert.Error(t, sp.Set("end", "reach"), "Spades ends at the target only")
	_, ok := sp.Get("moon")
	assert.False(t, ok)
	v, ok := sp.Get("target")
	assert.True(t, ok)
	assert.Equal(t, "500", v)
	assert.Equal(t, "on, off", OptionValues("nil"))
	assert.Empty(t, OptionValues("values"))
}

func TestCheckPlayers(t *testing.T) {
	get := func(name string, opts ...string) *Ruleset {
		rs, err := Builtin(name)
		require.NoError(t, err)
		for _, o := range opts {
			k, v, _ := strings.Cut(o, "=")
			require.NoError(t, rs.Set(k, v))
		}
		return rs
	}
	hearts := get("hearts")
	for n := 3; n <= 6; n++ {
		assert.NoError(t, hearts.CheckPlayers(n))
	}
	err := hearts.CheckPlayers(7)
	require.Error(t, err)
	assert.Equal(t, "hearts seats 3 to 6 players, not 7", err.Error())
	var pe *PlayerCountError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 7, pe.N)
	assert.Error(t, hearts.CheckPlayers(2))

	cx := get("cancellation")
	for n := 6; n <= 10; n++ {
		assert.NoError(t, cx.CheckPlayers(n))
	}
	assert.EqualError(t, cx.CheckPlayers(5), "cancellation seats 6 to 10 players, not 5")
	assert.EqualError(t, cx.CheckPlayers(11), "cancellation seats 6 to 10 players, not 11")

	sp := get("spades")
	assert.NoError(t, sp.CheckPlayers(4))
	for _, n := range []int{2, 3, 5, 6, 7} {
		err := sp.CheckPlayers(n)
		require.Error(t, err, n)
		assert.Contains(t, err.Error(), "spades seats 4 players, or 3 or 6 with jokers")
	}
	jk := get("spades", "jokers=high")
	assert.NoError(t, jk.CheckPlayers(3))
	assert.NoError(t, jk.CheckPlayers(6))
	assert.ErrorContains(t, jk.CheckPlayers(4), "jokers-replace=on")
	assert.ErrorContains(t, jk.CheckPlayers(5), "3 or 6")
	jr := get("spades", "jokers=fool", "jokers-replace=on")
	assert.NoError(t, jr.CheckPlayers(4))
	assert.Error(t, jr.CheckPlayers(3))
	tm := get("spades", "teams=on", "jokers=high")
	assert.ErrorContains(t, tm.CheckPlayers(3), "teams=on seats 4 players")
	pp := get("spades-partnership")
	assert.NoError(t, pp.CheckPlayers(4))
	assert.EqualError(t, pp.CheckPlayers(6), "spades-partnership with teams=on seats 4 players, not 6")
	require.NoError(t, pp.Set("teams", "off"))
	assert.EqualError(t, pp.CheckPlayers(3), "spades-partnership seats 4 players, or 3 or 6 with jokers=high or jokers=fool, not 3")
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestLoadExtends(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "house.yaml", `# our table
extends: hearts
pass-by-players: {5: [left, right, hold]}
pass: [left, hold]
values: {h: 1, qs: 13, 10d: -10}
moon: new
target: 50
first-trick-ban: off
`)
	rs, err := Load(p)
	require.NoError(t, err)
	want, _ := Builtin("hearts")
	want.Name = "house"
	want.Summary = rs.Summary
	want.Pass = PassCycle{PassLeft, PassHold}
	want.PassByPlayers = ByPlayers[PassCycle]{5: {PassLeft, PassRight, PassHold}} // given with pass: kept
	want.Values = map[string]int{"H": 1, "QS": 13, "TD": -10}
	want.Moon = MoonNew
	want.Target = 50
	want.FirstTrickBan = false
	assert.Equal(t, want, rs)
	assert.Contains(t, rs.Summary, "hearts")

	// Marshal of an extended ruleset is complete and loads back unchanged.
	out, err := rs.Marshal()
	require.NoError(t, err)
	back, err := Parse("house-full.yaml", out)
	require.NoError(t, err)
	assert.Equal(t, rs, back)

	// A file extending another file, relative to itself; name and summary given.
	writeFile(t, dir, "sub/short.yaml", "extends: ../house.yaml\nname: short\nsummary: a short game\nend: rounds:2\n")
	rs2, err := Load(filepath.Join(dir, "sub", "short.yaml"))
	require.NoError(t, err)
	assert.Equal(t, "short", rs2.Name)
	assert.Equal(t, "a short game", rs2.Summary)
	assert.Equal(t, EndRounds, rs2.End)
	assert.Equal(t, 2, rs2.Rounds)
	assert.Equal(t, MoonNew, rs2.Moon)
	assert.Empty(t, rs2.Extends)

	// Spades file.
	sp := writeFile(t, dir, "sp.yaml", "extends: spades\njokers: high\nnil-fail: -100\nteams: off\n")
	rs3, err := Load(sp)
	require.NoError(t, err)
	assert.Equal(t, JokersHigh, rs3.Jokers)
	assert.Equal(t, -100, rs3.NilFail)
	assert.NoError(t, rs3.CheckPlayers(3))

	// A cycle.
	a := writeFile(t, dir, "a.yaml", "extends: b.yaml\n")
	writeFile(t, dir, "b.yaml", "extends: a.yaml\n")
	_, err = Load(a)
	assert.ErrorContains(t, err, "cycle")

	// A missing base.
	m := writeFile(t, dir, "m.yaml", "extends: nothing-here\n")
	_, err = Load(m)
	assert.ErrorContains(t, err, "m.yaml:1:10")
	assert.ErrorContains(t, err, `unknown ruleset "nothing-here"`)

	// The family of a base cannot change.
	f := writeFile(t, dir, "f.yaml", "extends: hearts\nfamily: spades\n")
	_, err = Load(f)
	assert.ErrorContains(t, err, "f.yaml:2:9")
}

func TestLoadCompleteFile(t *testing.T) {
	dir := t.TempDir()
	rs, _ := Builtin("black-maria")
	out, _ := rs.Marshal()
	p := writeFile(t, dir, "bm.yaml", string(out))
	got, err := Load(p)
	require.NoError(t, err)
	assert.Equal(t, rs, got)

	// Keys in any order, booleans spelled true/false, cards in lower case.
	text := strings.Replace(string(out), "first-trick-ban: off", "first-trick-ban: false", 1)
	text = strings.Replace(text, "players: {min: 3, max: 6}", "players: 3-6", 1)
	text = strings.Replace(text, "removed: {3: [2C], 5: [2C, 2S], 6: [2C, 2D, 2H, 2S]}", "removed: {6: 2c 2d 2h 2s, 3: [2C], 5: [2♣, 2S]}", 1)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	slices.Reverse(lines)
	got, err = Parse("reordered.yaml", []byte(strings.Join(lines, "\n")))
	require.NoError(t, err)
	assert.Equal(t, rs, got)
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"unknown key", "extends: hearts\nmoon: new\ncolour: red\n", []string{"x.yaml:3:1:", `unknown key "colour"`, "pass-count", "queen-breaks-hearts"}},
		{"other family", "extends: spades\n  \nmoon: old\n", []string{"x.yaml:3:1:", `"moon" is a hearts-family key`, "nil-fail"}},
		{"bad value", "extends: hearts\nmoon:   sideways\n", []string{"x.yaml:2:9:", "moon", "none, old, new, choice"}},
		{"bad on-off", "extends: hearts\njd-bonus: perhaps\n", []string{"x.yaml:2:11:", "on, off"}},
		{"bad pass in list", "extends: hearts\npass: [left, up]\n", []string{"x.yaml:2:14:", "left2"}},
		{"bad card", "extends: hearts\nno-pass: [QS, ZZ]\n", []string{"x.yaml:2:15:", `"ZZ" is not a card`}},
		{"bad value key", "extends: hearts\nvalues: {H: 1, XX: 3}\n", []string{"x.yaml:2:16:", `"XX"`}},
		{"bad value number", "extends: hearts\nvalues: {H: one}\n", []string{"x.yaml:2:13:", "whole number"}},
		{"bad player count", "extends: hearts\nremoved: {x: [2C]}\n", []string{"x.yaml:2:11:", "player count"}},
		{"bad players", "extends: hearts\nplayers: {min: 5, max: 3}\n", []string{"x.yaml:2:10:", "range"}},
		{"players key", "extends: hearts\nplayers: {min: 3, most: 4}\n", []string{"x.yaml:2:19:", `"most"`}},
		{"duplicate", "extends: hearts\nmoon: old\nmoon: new\n", []string{"x.yaml:3:1:", "twice"}},
		{"list for scalar", "extends: hearts\nmoon: [old]\n", []string{"x.yaml:2:7:", "single value"}},
		{"not a mapping", "- hearts\n", []string{"x.yaml:1:1:", "mapping"}},
		{"bad yaml", "extends: hearts\nmoon: [old\n", []string{"x.yaml:2:7: invalid YAML: did not find expected ',' or ']'"}},
		{"bad yaml scanner", "extends: hearts\nmoon: 'old\n", []string{"x.yaml:2:1: invalid YAML"}},
		{"bad yaml indent", "extends: hearts\nmoon: old\n target: 5\n", []string{"x.yaml:3:2: invalid YAML"}},
		{"bad yaml deep indent", "extends: hearts\nvalues:\n  H: 1\n  QS: 13\n JD: -10\nmoon: old\n", []string{"x.yaml:5:2: invalid YAML"}},
		{"alias bomb", "extends: hearts\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
			[]string{"x.yaml:", "aliases expand to more than 10000 values"}},
		{"deep", "extends: hearts\nvalues: " + strings.Repeat("[", 101) + strings.Repeat("]", 101) + "\n", []string{"x.yaml:2:", "values nested deeper than 100 levels"}},
		{"empty", "", []string{"x.yaml", "empty"}},
		{"two documents", "extends: hearts\n---\nextends: spades\n", []string{"x.yaml:2:1:", "one YAML document"}},
		{"no family", "name: x\n", []string{"x.yaml:1:1:", "family"}},
		{"bad family", "family: bridge\n", []string{"x.yaml:1:9:", "hearts, spades"}},
		{"incomplete", "name: x\nsummary: y\nfamily: hearts\nmoon: old\n", []string{"x.yaml:1:1:", "missing", "pass-count", "revoke", "target"}},
		{"incomplete spades", "name: x\nsummary: y\nfamily: spades\nplayers: {min: 4, max: 4}\n", []string{"missing", "nil-fail", "jokers"}},
		{"several errors", "extends: hearts\nfoo: 1\nbar: 2\n", []string{"x.yaml:2:1:", "x.yaml:3:1:"}},
		{"unknown key and bad values", "extends: hearts\ntaget: 50\nmoon: sometimes\npass: [left, sideways]\n",
			[]string{"x.yaml:2:1: unknown key \"taget\"", "x.yaml:3:7:", "sometimes", "x.yaml:4:14:", "sideways"}},
		{"other family and bad value", "extends: spades\nmoon: old\ntarget: lots\n", []string{"x.yaml:2:1:", `"moon" is a hearts-family key`, "x.yaml:3:9:"}},
		{"two decks without order", "extends: hearts\ndecks: 2\n", []string{"x.yaml:2:8: two decks need a removal-order"}},
	}
	for _, c := range cases {
		_, err := Parse("x.yaml", []byte(c.text))
		if assert.Error(t, err, c.name) {
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w, c.name)
			}
		}
	}

	// Errors carry positions as parse errors.
	_, err := Parse("x.yaml", []byte("extends: hearts\ncolour: red\n"))
	var list parse.ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 1)
	assert.Equal(t, parse.Pos{File: "x.yaml", Line: 2, Col: 1}, list[0].Pos)

	// Aliases are read as the values they name.
	aliased, err := Parse("x.yaml", []byte("extends: hearts\nno-pass: &np [QS, 2C]\nname: &n aliased\nsummary: *n\n"))
	require.NoError(t, err)
	assert.Equal(t, "aliased", aliased.Summary)
	assert.Len(t, aliased.NoPass, 2)

	// A built-in file extends only a built-in loaded before it (not a file, and not itself
	// while the built-ins load).
	_, err = (&loader{builtin: true}).parse("b.yaml", []byte("extends: hearts\n"))
	assert.ErrorContains(t, err, "a built-in ruleset extends only a built-in listed before it")
	hearts, err := Builtin("hearts")
	require.NoError(t, err)
	rs, err := (&loader{builtin: true, earlier: []string{"hearts"}}).parse("b.yaml", []byte("extends: hearts\nname: b\nsummary: s\ntarget: 50\n"))
	require.NoError(t, err)
	assert.Equal(t, 50, rs.Target)
	assert.Equal(t, 100, hearts.Target, "the base is not changed")
}

// TRICKS_STDIN_TEST=1 go test -c -o /tmp/rs.test && /tmp/rs.test -test.run TestLoadStdin < file.yaml
func TestLoadStdin(t *testing.T) {
	if os.Getenv("TRICKS_STDIN_TEST") == "" {
		t.Skip("set TRICKS_STDIN_TEST and give a ruleset file on standard input")
	}
	rs, err := Load("/dev/stdin")
	require.NoError(t, err)
	out, _ := rs.Marshal()
	t.Logf("%s", out)
}

func TestFirstLeadByCountHasBase(t *testing.T) {
	// RULES §7: a 2-player tie-break of a ruleset whose first lead depends on the count uses
	// lowest-club; so does the base value of every ruleset with per-count leads.
	for _, name := range Names() {
		rs, _ := Builtin(name)
		if len(rs.FirstLeadByPlayers) > 0 {
			assert.Equal(t, FirstLeadLowestClub, rs.FirstLead, name)
			_, has2 := rs.FirstLeadByPlayers[2]
			assert.False(t, has2, name)
		}
	}
}

func TestKeys(t *testing.T) {
	hk, sk := Keys(Hearts), Keys(Spades)
	assert.Contains(t, hk, "values")
	assert.NotContains(t, hk, "nil")
	assert.Contains(t, sk, "nil")
	assert.NotContains(t, sk, "pass")
	assert.Contains(t, hk, "target")
	assert.Contains(t, sk, "target")
	var buf bytes.Buffer
	for _, k := range OptionKeys(Hearts) {
		buf.WriteString(k + " ")
	}
	assert.Equal(t, "pass-count pass first-lead first-trick-ban hearts-broken queen-breaks-hearts jd-bonus td-bonus no-tricks-bonus moon revoke exact-reset end target rounds ", buf.String())
}

// TestParamsFromTags checks the key table read from Ruleset's tags: one param per field,
// each readable, by-players overrides tied to their base; a ranged option's valid text agrees
// with its range, which Set enforces, and every value an option's message lists reads back
// from Get as it was set.
func TestParamsFromTags(t *testing.T) {
	rt := reflect.TypeFor[Ruleset]()
	require.Equal(t, rt.NumField()-1, len(params()), "every field but Extends is a key")
	for _, p := range params() {
		f := rt.Field(p.field)
		assert.True(t, strings.HasPrefix(f.Tag.Get("yaml"), p.key), "%s: key from the yaml tag", f.Name)
		byKey, _ := paramByKey(p.key)
		assert.Same(t, p, byKey, "%s: one param per key", p.key)
		assert.True(t, p.scalar || p.node, "%s: has a scalar or a YAML form", p.key)
		if p.option {
			assert.True(t, p.scalar, "%s: an option has a scalar form", p.key)
			assert.NotEmpty(t, p.valid, "%s: an option lists its valid values", p.key)
		}
		if strings.HasSuffix(f.Name, "ByPlayers") {
			require.NotNil(t, p.base, "%s: overrides a field", p.key)
			assert.Equal(t, p.field, p.base.clears, "%s: setting %s clears it", p.key, p.base.key)
			assert.False(t, p.required, "%s: optional", p.key)
		}
	}
	for _, fam := range []string{Hearts, Spades} {
		for _, key := range OptionKeys(fam) {
			p, _ := paramByKey(key)
			rs, err := Builtin(fam)
			require.NoError(t, err)
			if p.ranged {
				if p.hi < maxInt {
					var list []string
					for v := p.lo; v <= p.hi; v++ {
						list = append(list, strconv.Itoa(v))
					}
					assert.Equal(t, strings.Join(list, ", "), p.valid, "%s: valid text of range %d..%d", key, p.lo, p.hi)
				} else {
					text, bound := strings.CutSuffix(p.valid, ", at most 999,999,999")
					assert.True(t, bound, "%s: the text names the bound: %q", key, p.valid)
					assert.Equal(t, p.lo == 0, strings.HasPrefix(text, "0 ") || strings.HasSuffix(text, ">= 0"), "%s: 0 allowed as the text says", key)
				}
				for _, v := range []int{p.lo - 1, p.hi + 1} {
					assert.ErrorContains(t, rs.Set(key, strconv.Itoa(v)), "bad value", "%s=%d", key, v)
				}
				continue
			}
			for _, w := range strings.Split(p.valid, ", ") {
				if strings.ContainsAny(w, ": ") {
					continue // fixed:N, reach:N, "or a comma-separated cycle"
				}
				require.NoError(t, rs.Set(key, w), "%s=%s: listed as valid", key, w)
				got, ok := rs.Get(key)
				assert.True(t, ok)
				if key == "pass" && w == "none" {
					w = "hold"
				}
				assert.Equal(t, w, got, "%s=%s reads back", key, w)
			}
		}
	}
}

// A ruleset's name is the game line of the games written under it: a name a transcript
// cannot hold (a control character, a byte that is not UTF-8) is refused.
func TestRulesetNameATranscriptHolds(t *testing.T) {
	for _, name := range []string{"\"variant\\n0\"", "\"a\\tb\"", "\"\\x1b[2J\""} {
		_, err := Parse("variant.yaml", []byte("extends: hearts\nname: "+name+"\n"))
		require.Error(t, err, name)
		require.Contains(t, err.Error(), "which a transcript cannot", name)
	}
	rs, err := Parse("variant.yaml", []byte("extends: hearts\nname: \"house rules ♥\"\n"))
	require.NoError(t, err)
	require.Equal(t, "house rules ♥", rs.Name)
}

// TestValueGroups: the groups a table has from Table hold every card of a value other than 0
// once, with its value, as the groups made for a table built by hand; a table made from
// another (WithDeckOf) keeps them.
func TestValueGroups(t *testing.T) {
	for _, name := range builtinOrder {
		rs, err := Builtin(name)
		require.NoError(t, err)
		tb, err := rs.Table(4)
		require.NoError(t, err, name)
		groups, valued := tb.ValueGroups()
		var got [parse.NumCards]int
		var cards parse.CardSet
		for _, g := range groups {
			require.NotZero(t, g.Value, name)
			require.Zero(t, cards&g.Cards, name)
			cards |= g.Cards
			for c := parse.Card(0); c < parse.NumCards; c++ {
				if g.Cards.Has(c) {
					got[c] = g.Value
				}
			}
		}
		assert.Equal(t, tb.Value, got, name)
		assert.Equal(t, cards, valued, name)
		byHand := &Table{Value: tb.Value}
		g2, v2 := byHand.ValueGroups()
		assert.Equal(t, groups, g2, name)
		assert.Equal(t, valued, v2, name)
		g3, v3 := tb.WithDeckOf(&Table{}).ValueGroups()
		assert.Equal(t, groups, g3, name)
		assert.Equal(t, valued, v3, name)
	}
}

// TestSameOptions: lists of option lines are the same when their keys and values are, in the
// same strings or in copies of their text, and differ in any key, value or length.
func TestSameOptions(t *testing.T) {
	kv := func(k, v string) parse.KV { return parse.KV{Key: k, Value: v, Pos: parse.Pos{Line: len(k)}} }
	copyOf := func(s string) string { return string([]byte(s)) }
	a := []parse.KV{kv("pass", "left"), kv("moon", "new"), kv("jd-bonus", "on")}
	same := []parse.KV{kv(copyOf("pass"), copyOf("left")), kv("moon", copyOf("new")), kv("jd-bonus", "on")}
	assert.True(t, sameOptions(a, a))
	assert.True(t, sameOptions(a, slices.Clone(a)))
	assert.True(t, sameOptions(a, same))
	assert.True(t, sameOptions(nil, []parse.KV{}))
	for i := range a {
		for _, other := range []parse.KV{kv(a[i].Key, "x"), kv("x", a[i].Value), kv(a[i].Key, a[i].Value+"x")} {
			b := slices.Clone(a)
			b[i] = other
			assert.False(t, sameOptions(a, b), "%v", b)
			assert.False(t, sameOptions(b, a), "%v", b)
		}
	}
	assert.False(t, sameOptions(a, a[:2]))
}
