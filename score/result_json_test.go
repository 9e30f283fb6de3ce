package score

import (
	"encoding/json"
	"testing"
)

// TestAppendJSONString: names are written as json.Marshal writes them, whether they take the
// direct path or need escaping.
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "ann", "ann+cat", "O'Brien", "a\"b", `a\b`, "<x>", "a&b", "é", "Zoë",
		"\u2028", "\x01", "tab\t", "~", "\x7f"} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(appendJSONString([]byte("x"), s)); got != "x"+string(want) {
			t.Errorf("%q: got %s, want x%s", s, got, want)
		}
	}
}

// TestScoresJSON: a Scores object keeps its keys in order, with escaped names.
func TestScoresJSON(t *testing.T) {
	b, err := json.Marshal(Scores{Keys: []string{"dan", `"q"`, "ann"}, Vals: []int{-26, 0, 13}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"dan":-26,"\"q\"":0,"ann":13}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	b, err = json.Marshal(Words{Keys: []string{"ann", "bob"}, Vals: []string{"nil", "b3"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"ann":"nil","bob":"b3"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}
