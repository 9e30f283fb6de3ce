package app

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// The streaming YAML writer writes what yaml.v3 reads back as the same data, in block style,
// with literal blocks for strings of several lines and quotes where YAML would misread.
func TestWriteYAMLDoc(t *testing.T) {
	src := `{"file":"<stdin>","n":3,"ok":true,"none":null,"empty":{},"list":[],"bid":"4","word":"yes",` +
		`"rounds":[{"round":1,"note":"line one\nline two","tied":["a","b"]},{"round":2,"v":[[1,2],[]]}]}`
	var b strings.Builder
	w := bufio.NewWriter(&b)
	require.NoError(t, writeYAMLDoc(w, []byte(src)))
	w.Flush()
	out := b.String()
	assert.Contains(t, out, "rounds:\n  - round: 1\n    note: |-\n      line one\n      line two\n    tied:\n      - a\n      - b\n")
	assert.Contains(t, out, "bid: \"4\"\n")
	assert.Contains(t, out, "word: \"yes\"\n")
	assert.Contains(t, out, "empty: {}\nlist: []\n")
	var got, want any
	require.NoError(t, yaml.Unmarshal([]byte(out), &got), out)
	require.NoError(t, yaml.Unmarshal([]byte(src), &want))
	assert.Equal(t, want, got)
}
