package score

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestPlainText: the check of eight bytes at a time says what the check of each byte says,
// for every byte at every place of strings of up to 17 bytes.
func TestPlainText(t *testing.T) {
	each := func(s string, html bool) bool {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || html && (c == '<' || c == '>' || c == '&') {
				return false
			}
		}
		return true
	}
	for n := 1; n <= 17; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a~ Z", 5)[:n])
				b[at] = byte(c)
				for _, html := range []bool{false, true} {
					require.Equal(t, each(string(b), html), plainText(string(b), html), "%q html %v", b, html)
				}
			}
		}
	}
}

// TestAppendInt: the figures written directly are strconv's, at every bound of the cases.
func TestAppendInt(t *testing.T) {
	for _, v := range []int{-10001, -1000, -101, -100, -11, -10, -1, 1 << 40, -1 << 40} {
		require.Equal(t, strconv.Itoa(v), string(appendInt(nil, v)))
	}
	for v := -20; v <= 12000; v++ {
		require.Equal(t, "x"+strconv.Itoa(v), string(appendInt([]byte("x"), v)))
	}
}

// TestPutFigure: the figures written in place are strconv's, at every bound of the cases.
func TestPutFigure(t *testing.T) {
	figures := []int{1 << 40, -1 << 40, math.MaxInt, math.MinInt}
	for v := -12000; v <= 12000; v++ {
		figures = append(figures, v)
	}
	for _, v := range figures {
		var buf [24]byte
		end := putFigure(unsafe.Pointer(&buf[1]), v)
		n := int(uintptr(end) - uintptr(unsafe.Pointer(&buf[1])))
		require.Equal(t, strconv.Itoa(v), string(buf[1:1+n]))
	}
}

// TestSameStrings: lists are the same when each of their strings is at the same address with
// the same length, whatever their count, and not when one string is elsewhere (the same text
// or not) or longer.
func TestSameStrings(t *testing.T) {
	names := []string{"ann", "bob", "cat", "dan", "eve"}
	for n := 0; n <= len(names); n++ {
		a := names[:n]
		require.True(t, sameStrings(a, a))
		require.True(t, sameStrings(a, append([]string(nil), a...)))
		if n < len(names) {
			require.False(t, sameStrings(a, names[:n+1]))
		}
		for i := range n {
			for _, other := range []string{string([]byte(a[i])), a[i] + "x", a[i][:2]} {
				b := append([]string(nil), a...)
				b[i] = other
				require.False(t, sameStrings(a, b), "%d %d %q", n, i, other)
			}
		}
	}
}
