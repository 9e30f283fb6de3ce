package parse

import "github.com/tricks-dev/tricks/parse/internal/spell"

// IsBareName reports whether s can be written as a name without quotes:
// [A-Za-z][A-Za-z0-9_.-]*.
func IsBareName(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0] | 0x20; !('a' <= c && c <= 'z') { // a letter, of either case
		return false
	}
	for k := 1; k < len(s); k++ {
		if !spell.NameByte[s[k]] {
			return false
		}
	}
	return true
}

// QuoteName spells a name as the compact text writes it: bare when it can be, else in
// double quotes with \" and \\ escaped. Messages about players use it too.
func QuoteName(s string) string {
	if IsBareName(s) {
		return s
	}
	return string(spell.AppendQuoted(nil, s))
}

// ValidString reports whether s can be a name, key or value of a transcript: valid UTF-8
// without a control character (U+0000-U+001F, U+007F). It returns the first bad rune (or
// utf8.RuneError) otherwise.
func ValidString(s string) (rune, bool) { return spell.ValidString(s) }
