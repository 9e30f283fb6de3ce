package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSuggest(t *testing.T) {
	keywords := []string{"game", "players", "option", "round", "deal", "pass", "bid", "trick", "took", "tricks", "moon", "score", "total"}
	for _, c := range []struct {
		word string
		in   []string
		want string
	}{
		{"trik", keywords, "trick"},
		{"tirck", keywords, "trick"},
		{"palyers", keywords, "players"},
		{"scor", keywords, "score"},
		{"rund", keywords, "round"},
		{"trick", keywords, ""},  // no slip
		{"banana", keywords, ""}, // nothing close
		{"anne", []string{"ann", "bob"}, "ann"},
		{"Bob", []string{"ann", "bob"}, "bob"},
		{"zed", []string{"ann", "bob", "cal"}, ""},
		{"heart", []string{"hearts", "spades"}, "hearts"},
		{"blackmaria", []string{"black-maria", "black-jack"}, "black-maria"},
		{"ab", []string{"aa", "bb"}, ""}, // as close to both: no guess
	} {
		assert.Equal(t, c.want, Suggest(c.word, c.in), "Suggest(%q, %v)", c.word, c.in)
	}
}
