package score

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
)

// TestAppendJSONString: names are written as json.Marshal writes them, whether they take the
// direct path or need escaping.
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "ann", "ann+cat", "O'Brien", "a\"b", `a\b`, "<x>", "a&b", "é", "Zoë",
		"\u2028", "\x01", "tab\t", "~", "\x7f"} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		assert.Equal(t, "x"+string(want), string(appendJSONString([]byte("x"), s)), "%q", s)
	}
}

// TestScoresJSON: a Scores object keeps its keys in order, with escaped names.
func TestScoresJSON(t *testing.T) {
	b, err := json.Marshal(Scores{Keys: []string{"dan", `"q"`, "ann"}, Vals: []int{-26, 0, 13}})
	require.NoError(t, err)
	assert.Equal(t, `{"dan":-26,"\"q\"":0,"ann":13}`, string(b))
	b, err = json.Marshal(Words{Keys: []string{"ann", "bob"}, Vals: []string{"nil", "b3"}})
	require.NoError(t, err)
	assert.Equal(t, `{"ann":"nil","bob":"b3"}`, string(b))
}
