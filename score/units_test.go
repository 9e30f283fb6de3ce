package score

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDistinctNames: distinctNames says what comparing every pair says, for names that all
// begin differently and for names that share a first byte (or are empty).
func TestDistinctNames(t *testing.T) {
	for _, names := range [][]string{
		nil,
		{"ann"},
		{"ann", "bob", "cat", "dan"},
		{"ann", "bob", "ann"},
		{"ann", "amy", "bob"},
		{"ann", "amy", "ann"},
		{"", "bob"},
		{"", ""},
		{"ann", "an", "a"},
		{"\xffx", "\xffy", "\x00"},
		{"\xffx", "\xffx"},
	} {
		want := true
		for i := range names {
			for j := range i {
				want = want && names[i] != names[j]
			}
		}
		assert.Equal(t, want, distinctNames(names), "%q", names)
	}
}
