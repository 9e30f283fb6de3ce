package rulesets

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// ruleValue is what every rule-value type offers a script.
type ruleValue interface {
	String() string
	MarshalText() ([]byte, error)
}

// readAs reads s as a rule value of type T.
func readAs[T ~uint8, P interface {
	*T
	UnmarshalText([]byte) error
}](s string) (uint8, error) {
	var x T
	err := P(&x).UnmarshalText([]byte(s))
	return uint8(x), err
}

// TestRuleValuesSpelled: every value of every rule-value type has its word in the table,
// reads back from it (UnmarshalText), and the unset value is spelled "" and not read.
func TestRuleValuesSpelled(t *testing.T) {
	check := func(e *enum, n int, value func(uint8) ruleValue, read func(string) (uint8, error)) {
		t.Helper()
		require.Len(t, e.words, n, "%s: one word per value", e.typ)
		assert.Equal(t, "", value(0).String(), "%s: unset", e.typ)
		_, err := read("")
		assert.Error(t, err, "%s: the unset value is not read", e.typ)
		for v := uint8(1); v < uint8(n); v++ {
			w := value(v).String()
			require.NotEmpty(t, w, "%s(%d)", e.typ, v)
			b, err := value(v).MarshalText()
			require.NoError(t, err)
			assert.Equal(t, w, string(b))
			got, err := read(w)
			require.NoError(t, err, "%s %q", e.typ, w)
			assert.Equal(t, v, got, "%s %q", e.typ, w)
		}
		_, err = value(uint8(n)).MarshalText()
		assert.Error(t, err, "%s: a value out of range", e.typ)
		assert.Equal(t, e.typ+"(200)", value(200).String())
		_, err = read("bogus")
		assert.EqualError(t, err, `bad value "bogus" for `+e.key+" (valid: "+e.valid()+")")
	}
	check(&moons, 5, func(v uint8) ruleValue { return Moon(v) }, readAs[Moon])
	check(&passDirections, 7, func(v uint8) ruleValue { return PassDirection(v) }, readAs[PassDirection])
	check(&firstLeads, 4, func(v uint8) ruleValue { return FirstLead(v) }, readAs[FirstLead])
	check(&ends, 4, func(v uint8) ruleValue { return End(v) }, readAs[End])
	check(&jokers, 4, func(v uint8) ruleValue { return Jokers(v) }, readAs[Jokers])
	check(&revokeKinds, 4, func(v uint8) ruleValue { return RevokeKind(v) }, readAs[RevokeKind])
	check(&bdns, 3, func(v uint8) ruleValue { return BDN(v) }, readAs[BDN])
	check(&unders, 4, func(v uint8) ruleValue { return Under(v) }, readAs[Under])

	var d PassDirection
	require.NoError(t, d.UnmarshalText([]byte("none")))
	assert.Equal(t, PassHold, d, "none reads as hold")
	assert.Equal(t, []string{"left", "right", "across", "left2", "right2", "hold", "none"}, OptionWords("pass"))
	assert.Equal(t, []string{"none", "old", "new", "choice"}, OptionWords("moon"))
	assert.Equal(t, []string{"reach", "exceed", "rounds"}, OptionWords("end"))
	assert.Equal(t, []string{"fixed", "all", "none"}, OptionWords("revoke"))
	assert.Nil(t, OptionWords("target"))
	assert.Nil(t, OptionWords("jd-bonus"))
	assert.Nil(t, OptionWords("bogus"))
}

// TestRuleValuesEncode: JSON and YAML write a rule value as its word and read it back.
func TestRuleValuesEncode(t *testing.T) {
	type doc struct {
		Moon   Moon            `json:"moon" yaml:"moon"`
		Pass   []PassDirection `json:"pass" yaml:"pass"`
		Lead   FirstLead       `json:"lead" yaml:"lead"`
		Revoke Revoke          `json:"revoke" yaml:"revoke"`
	}
	in := doc{MoonChoice, []PassDirection{PassLeft, PassHold}, FirstLeadAnyClub, Revoke{RevokeFixed, 13}}
	j, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, `{"moon":"choice","pass":["left","hold"],"lead":"any-club","revoke":"fixed:13"}`, string(j))
	var back doc
	require.NoError(t, json.Unmarshal(j, &back))
	assert.Equal(t, in, back)

	y, err := yaml.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, "moon: choice\npass:\n    - left\n    - hold\nlead: any-club\nrevoke: fixed:13\n", string(y))
	back = doc{}
	require.NoError(t, yaml.Unmarshal(y, &back))
	assert.Equal(t, in, back)

	assert.Error(t, json.Unmarshal([]byte(`{"moon":"sideways"}`), &back))
	_, err = json.Marshal(doc{Moon: Moon(9)})
	assert.Error(t, err, "a value out of range is not written")
}

// TestRevokeSpelling: fixed:N, all and none, and nothing else.
func TestRevokeSpelling(t *testing.T) {
	for s, want := range map[string]Revoke{
		"fixed:13": {RevokeFixed, 13}, "fixed:007": {RevokeFixed, 7}, "fixed:0": {RevokeFixed, 0},
		"all": {Kind: RevokeAll}, "none": {Kind: RevokeNone},
	} {
		var r Revoke
		require.NoError(t, r.UnmarshalText([]byte(s)), s)
		assert.Equal(t, want, r, s)
	}
	for _, s := range []string{"", "fixed", "fixed:", "fixed:-1", "fixed:x", "all:3", "none:0", "bogus", "fixed:9999999999"} {
		r := Revoke{RevokeAll, 0}
		assert.EqualError(t, r.UnmarshalText([]byte(s)), valueError("revoke", s, "fixed:N (N >= 0), all, none").Error(), s)
		assert.Equal(t, Revoke{RevokeAll, 0}, r, "%s: left alone", s)
	}
	assert.Equal(t, "fixed:5", Revoke{RevokeFixed, 5}.String())
	assert.Equal(t, "all", Revoke{Kind: RevokeAll}.String())
	assert.Equal(t, "", Revoke{}.String())
}

// TestPassOffset: every direction at every table size, and no panic for a table of no seats
// or fewer (the offset of a direction there is not ok).
func TestPassOffset(t *testing.T) {
	cases := []struct {
		d    PassDirection
		n    int
		off  int
		ok   bool
		name string
	}{
		{PassLeft, 4, 1, true, "left"}, {PassRight, 4, 3, true, "right"}, {PassAcross, 4, 2, true, "across"},
		{PassLeft2, 5, 2, true, "left2"}, {PassRight2, 5, 3, true, "right2"}, {PassHold, 4, 0, true, "hold"},
		{PassAcross, 5, 0, false, "across, odd"}, {PassLeft2, 2, 0, false, "left2 at 2"}, {PassRight2, 2, 0, false, "right2 at 2"},
		{PassLeft, 1, 0, false, "left at 1"}, {PassHold, 1, 0, true, "hold at 1"}, {PassUnset, 4, 0, false, "unset"},
		{PassDirection(99), 4, 0, false, "out of range"},
	}
	for _, c := range cases {
		off, ok := PassOffset(c.d, c.n)
		assert.Equal(t, c.off, off, c.name)
		assert.Equal(t, c.ok, ok, c.name)
	}
	for _, n := range []int{0, -1, -4, -1 << 62} {
		for d := PassUnset; d <= PassHold; d++ {
			assert.NotPanics(t, func() {
				off, ok := PassOffset(d, n)
				assert.False(t, ok, "%s at %d", d, n)
				assert.Zero(t, off)
			})
		}
	}
}
