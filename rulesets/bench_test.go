package rulesets

import "testing"

// BenchmarkParse reads a full hearts ruleset file (every key, as `tricks rulesets hearts`
// prints it).
func BenchmarkParse(b *testing.B) {
	rs, err := Builtin("hearts")
	if err != nil {
		b.Fatal(err)
	}
	data, err := rs.Marshal()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("hearts.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseExtends reads a small file that extends a built-in.
func BenchmarkParseExtends(b *testing.B) {
	data := []byte("extends: hearts\nname: mine\njd-bonus: on\npass: [left, right, hold]\nmoon: new\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("mine.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSet applies the options of a transcript's option lines.
func BenchmarkSet(b *testing.B) {
	base, err := Builtin("hearts")
	if err != nil {
		b.Fatal(err)
	}
	opts := [][2]string{{"moon", "new"}, {"jd-bonus", "on"}, {"pass", "left,right"}, {"target", "50"}, {"end", "rounds:3"}}
	rs := base.Clone()
	b.ReportAllocs()
	for b.Loop() {
		for _, o := range opts {
			if err := rs.Set(o[0], o[1]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkMarshal writes a full ruleset file.
func BenchmarkMarshal(b *testing.B) {
	rs, err := Builtin("hearts")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rs.Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}
