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

// TestTooLarge: only digits (with a sign) beyond ±MaxNumber are too large; anything else
// Number refuses is not a number at all.
func TestTooLarge(t *testing.T) {
	for s, want := range map[string]bool{
		"1000000000": true, "-1000000000": true, "+99999999999999999999": true,
		"999999999": false, "-999999999": false, "0": false, "": false, "-": false,
		"1e10": false, "12a": false, "1.5": false, " 1000000000": false,
	} {
		require.Equal(t, want, TooLarge(s), "%q", s)
	}
	require.Equal(t, "ann=1000000000 is out of range: numbers are at most 999,999,999 either way (a limit by design: see Reliability in the README)",
		TooLargeMsg("ann=", "1000000000"))
}
