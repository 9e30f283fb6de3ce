package spell

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The table lookup of CardOf agrees with Card on every two-byte token.
func TestCardOfAgrees(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			tok := string([]byte{byte(a), byte(b)})
			c1, ok1 := Card(tok)
			c2, ok2 := CardOf(tok)
			require.Equal(t, ok1, ok2, "%q", tok)
			require.Equal(t, c1, c2, "%q", tok)
		}
	}
}
