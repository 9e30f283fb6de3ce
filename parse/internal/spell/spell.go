// Package spell holds the spelling rules of the transcript format that the vocabulary
// (package parse), the reader (parse/reader) and the writers (parse/writer) share: the
// letters of cards and names, numbers, quoting, plain YAML scalars and the wording of
// messages. It works on bytes and strings only, so that parse can use it too.
package spell

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The letters of the ranks (deuce to ace) and of the suits, in the order of card values.
const (
	RankLetters = "23456789TJQKA"
	SuitLetters = "CDHS"
)

// The numbers of the jokers, and of no card, as package parse numbers cards.
const (
	littleJoker = 52
	bigJoker    = 53
	noCard      = 255
)

// MaxExcerpt bounds the text of the input that a message quotes.
const MaxExcerpt = 40

// LimitMsg is the message of a limit error.
func LimitMsg(format string, args ...any) string {
	return fmt.Sprintf(format, args...) + " (a limit by design: see Reliability in the README)"
}

// MaxNumber bounds the numbers of a transcript, far above any real score, so that sums
// never overflow.
const MaxNumber = 999_999_999

// TooLarge reports whether s is [+-]digits, a number Number refuses only for its size.
func TooLarge(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for k := 0; k < len(s); k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	_, ok := Number(s)
	return !ok
}

// TooLargeMsg is what a reader says of a number TooLarge refuses, as written: what (ann=,
// or ann: and a blank), then its digits (the first 20 of a longer one, and their count).
func TooLargeMsg(what, s string) string {
	if len(s) > 24 {
		s = fmt.Sprintf("%s... (%d digits)", s[:20], len(s))
	}
	return LimitMsg("%s%s is out of range: numbers are at most 999,999,999 either way", what, s)
}

// Number parses [+-]digits within ±MaxNumber.
func Number(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	n := 0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > MaxNumber {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// Card reads one card token as parse.ParseCard does, giving its number (suit*13 + rank, the
// jokers 52 and 53).
func Card(tok string) (uint8, bool) {
	if len(tok) < 2 {
		return noCard, false
	}
	var r int
	rest := tok[1:]
	switch b := tok[0]; b {
	case '2', '3', '4', '5', '6', '7', '8', '9':
		r = int(b - '2')
	case 'T', 't':
		r = 8
	case 'J', 'j':
		r = 9
	case 'Q', 'q':
		r = 10
	case 'K', 'k':
		r = 11
	case 'A', 'a':
		r = 12
	case '1':
		if len(tok) < 3 || tok[1] != '0' {
			return noCard, false
		}
		r = 8
		rest = tok[2:]
	case 'B', 'b', 'L', 'l':
		if len(tok) == 2 && (tok[1] == 'J' || tok[1] == 'j') {
			if b == 'B' || b == 'b' {
				return bigJoker, true
			}
			return littleJoker, true
		}
		return noCard, false
	default:
		return noCard, false
	}
	var s int
	switch rest {
	case "C", "c", "♣", "♧":
		s = 0
	case "D", "d", "♦", "♢":
		s = 1
	case "H", "h", "♥", "♡":
		s = 2
	case "S", "s", "♠", "♤":
		s = 3
	default:
		// A variation selector after a symbol (♥️) is accepted too.
		trimmed := strings.TrimSuffix(rest, "\uFE0F")
		if trimmed != rest {
			return Card(tok[:len(tok)-len(rest)] + trimmed)
		}
		return noCard, false
	}
	return uint8(s*13 + r), true
}

// RankOf and SuitOf map the ASCII rank and suit letters to their values, -1 elsewhere.
var RankOf, SuitOf = func() (r, s [256]int8) {
	for k := range r {
		r[k], s[k] = -1, -1
	}
	for k, c := range RankLetters {
		r[c], r[c|0x20] = int8(k), int8(k)
	}
	for k, c := range SuitLetters {
		s[c], s[c|0x20] = int8(k), int8(k)
	}
	return
}()

// CardOf is Card with a table lookup for the common two-letter spelling.
func CardOf(tok string) (uint8, bool) {
	if len(tok) == 2 {
		if r, su := RankOf[tok[0]], SuitOf[tok[1]]; r >= 0 && su >= 0 {
			return uint8(int(su)*13 + int(r)), true
		}
	}
	return Card(tok)
}

// NameByte marks the bytes that may follow the first letter of a bare name (IsBareName).
var NameByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['_'], t['.'], t['-'] = true, true, true
	return
}()

// ValidString reports whether s can be a name, key or value of a transcript: it holds no
// control character (U+0000-U+001F, U+007F) and is valid UTF-8. It returns the first bad
// rune otherwise.
func ValidString(s string) (rune, bool) {
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c < 0x20 || c == 0x7f {
			return rune(c), false
		}
	}
	if !utf8.ValidString(s) {
		return utf8.RuneError, false
	}
	return 0, true
}

// AppendQuoted appends s in double quotes, with \" and \\ escaped: a name that is not bare.
func AppendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for k := 0; k < len(s); k++ {
		if c := s[k]; c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, s[k])
	}
	return append(b, '"')
}

// YAMLPlain reports whether s can be written as a plain YAML scalar, in flow and block
// context alike, and read back as the same text. It is deliberately narrow: ASCII letters,
// digits, space, and _ . / + - inside, starting with a letter or digit (or a sign before a
// digit), and not a word that YAML 1.1 reads as a boolean or null.
func YAMLPlain(s string) bool {
	if s == "" || s[len(s)-1] == ' ' {
		return false
	}
	c := s[0]
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
	case (c == '-' || c == '+') && len(s) > 1 && '0' <= s[1] && s[1] <= '9':
	default:
		return false
	}
	for k := 1; k < len(s); k++ {
		c := s[k]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == ' ' || c == '_' || c == '.' || c == '/' || c == '+' || c == '-') {
			return false
		}
	}
	if len(s) <= 5 {
		switch strings.ToLower(s) {
		case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
			return false
		}
	}
	return true
}
