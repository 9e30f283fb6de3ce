package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// update rewrites the golden files: go test ./cmd/tricks -run Golden -update
// Review every rewritten file by hand against RULES.md before committing it: a golden must be
// right, not merely what the tool prints today.
var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden from the current output")

const goldenDir = "../../testdata/golden"

// goldenOutputs are the outputs kept for every input NAME.tricks or NAME.yaml, in the style of
// go/printer's testdata: NAME.SUFFIX holds exactly what `tricks ARGS NAME.tricks` prints.
var goldenOutputs = []struct {
	suffix string
	args   []string
}{
	{"score.golden", []string{"score"}},
	{"json.golden", []string{"score", "--format", "json"}},
	{"validate.golden", []string{"validate"}},
}

// goldenInputs lists the transcripts in testdata/golden by base name (names must not repeat
// across extensions, so that NAME.SUFFIX is unambiguous).
func goldenInputs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	seen := map[string]string{}
	for _, e := range entries {
		name := e.Name()
		switch filepath.Ext(name) {
		case ".tricks", ".yaml", ".yml":
		default:
			continue
		}
		base := strings.TrimSuffix(name, filepath.Ext(name))
		if prev, ok := seen[base]; ok {
			t.Fatalf("golden inputs %s and %s share the base name %s", prev, name, base)
		}
		seen[base] = name
		inputs = append(inputs, name)
	}
	if len(inputs) == 0 {
		t.Fatalf("no golden inputs in %s", goldenDir)
	}
	return inputs
}

func runCLI(args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = run(append([]string{"tricks"}, args...), strings.NewReader(""), &o, &e)
	return o.String(), e.String(), code
}

// TestGolden compares score (table and json) and validate output for every golden input byte
// for byte, and checks the exit status: score 0, validate 1 exactly when there are violations.
func TestGolden(t *testing.T) {
	inputs := goldenInputs(t)
	t.Chdir(goldenDir) // so that the output names the input as the golden file does
	for _, in := range inputs {
		base := strings.TrimSuffix(in, filepath.Ext(in))
		for _, o := range goldenOutputs {
			golden := base + "." + o.suffix
			t.Run(golden, func(t *testing.T) {
				out, stderr, code := runCLI(append(append([]string{}, o.args...), in)...)
				if stderr != "" {
					t.Errorf("stderr:\n%s", stderr)
				}
				wantCode := 0
				if o.args[0] == "validate" && !strings.Contains(out, " 0 with violations") {
					wantCode = 1
				}
				if code != wantCode {
					t.Errorf("exit status %d, want %d", code, wantCode)
				}
				if *update {
					if err := os.WriteFile(golden, []byte(out), 0o666); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to create it, then review it by hand)", err)
				}
				if out != string(want) {
					t.Errorf("output differs from %s (-update rewrites it)\n%s", golden, lineDiff(string(want), out))
				}
			})
		}
	}
}

// TestGoldenArithmetic checks the JSON goldens for what a reviewer checks by hand: every
// round's totals are the previous totals plus the round's points (less an exact reset), the
// final totals are the last round's, a finished Hearts-family game without a tie-break is won
// by the single lowest total, and an undecided one lists exactly the players sharing the
// lowest total.
func TestGoldenArithmetic(t *testing.T) {
	for _, in := range goldenInputs(t) {
		base := strings.TrimSuffix(in, filepath.Ext(in))
		golden := filepath.Join(goldenDir, base+".json.golden")
		t.Run(base, func(t *testing.T) {
			raw, err := os.ReadFile(golden)
			if err != nil {
				t.Skip(err)
			}
			var games []goldenResult
			if bytes.HasPrefix(raw, []byte("[")) {
				err = json.Unmarshal(raw, &games)
			} else {
				var g goldenResult
				err = json.Unmarshal(raw, &g)
				games = append(games, g)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				checkArithmetic(t, g)
			}
		})
	}
}

type goldenResult struct {
	Game   int            `json:"game"`
	Totals map[string]int `json:"totals"`
	Bags   map[string]int `json:"bags"`
	Rounds []struct {
		Round    int            `json:"round"`
		Ignored  bool           `json:"ignored"`
		Tiebreak []string       `json:"tiebreak"`
		Resets   []string       `json:"resets"`
		Points   map[string]int `json:"points"`
		Totals   map[string]int `json:"totals"`
	} `json:"rounds"`
	Finished bool     `json:"finished"`
	Winner   *string  `json:"winner"`
	Tied     []string `json:"tied"`
}

func checkArithmetic(t *testing.T, g goldenResult) {
	t.Helper()
	running := map[string]int{}
	tiebreak := false
	for _, r := range g.Rounds {
		if r.Ignored {
			continue
		}
		tiebreak = tiebreak || len(r.Tiebreak) > 0
		for k, p := range r.Points {
			running[k] += p
		}
		for _, k := range r.Resets {
			// Exact reset: the round's points exclude it, its totals include it (RULES §7).
			if r.Totals[k] >= running[k] {
				t.Errorf("game %d round %d: %s is reset, but the total %d is not below %d", g.Game, r.Round, k, r.Totals[k], running[k])
			}
			running[k] = r.Totals[k]
		}
		for k, v := range r.Totals {
			if running[k] != v {
				t.Errorf("game %d round %d: total of %s is %d, but the points add up to %d", g.Game, r.Round, k, v, running[k])
			}
		}
	}
	for k, v := range g.Totals {
		if running[k] != v {
			t.Errorf("game %d: final total of %s is %d, the rounds add up to %d", g.Game, k, v, running[k])
		}
	}
	if g.Bags != nil || tiebreak { // Spades: highest wins at the target; tie-breaks decide on their own points
		return
	}
	low, lowest := 0, []string(nil)
	for k, v := range g.Totals {
		switch {
		case lowest == nil || v < low:
			low, lowest = v, []string{k}
		case v == low:
			lowest = append(lowest, k)
		}
	}
	slices.Sort(lowest)
	switch {
	case g.Winner != nil:
		if !g.Finished || len(lowest) != 1 || lowest[0] != *g.Winner {
			t.Errorf("game %d: winner %s (finished %v), but the lowest totals are %v", g.Game, *g.Winner, g.Finished, lowest)
		}
	case len(g.Tied) > 0:
		tied := slices.Clone(g.Tied)
		slices.Sort(tied)
		if g.Finished || !slices.Equal(tied, lowest) {
			t.Errorf("game %d: tied %v (finished %v), but the lowest totals are %v", g.Game, g.Tied, g.Finished, lowest)
		}
	}
}

// TestGoldenIdempotent checks, in the spirit of go/printer's idempotence test, that the
// goldens do not depend on how the input is spelled or run: the same output with one worker
// or many, and for the canonical text and the YAML
// spelling of each input, whose canonical text converts to itself.
func TestGoldenIdempotent(t *testing.T) {
	inputs := goldenInputs(t)
	t.Chdir(goldenDir)
	tmp := t.TempDir()
	for _, in := range inputs {
		base := strings.TrimSuffix(in, filepath.Ext(in))
		t.Run(base, func(t *testing.T) {
			for _, o := range goldenOutputs {
				one, _, c1 := runCLI(append(append([]string{}, o.args...), "-j", "1", in)...)
				many, _, c8 := runCLI(append(append([]string{}, o.args...), "-j", "8", in, in, in)...)
				again, _, _ := runCLI(append(append([]string{}, o.args...), "-j", "1", in, in, in)...)
				if c1 != c8 || many != again {
					t.Errorf("%v: -j 8 differs from -j 1", o.args)
				}
				if o.args[0] == "score" && o.args[len(o.args)-1] != "json" && !strings.HasPrefix(many, one) {
					t.Errorf("%v: the first of three copies differs from the file alone", o.args)
				}
			}
			text := filepath.Join(tmp, base+".tricks")
			yaml := filepath.Join(tmp, base+".yaml")
			text2 := filepath.Join(tmp, base+".2.tricks")
			for _, c := range []struct{ to, src, dst string }{{"text", in, text}, {"yaml", in, yaml}, {"text", yaml, text2}} {
				out, stderr, code := runCLI("convert", "--to", c.to, c.src)
				if code != 0 {
					t.Fatalf("convert --to %s %s: exit %d\n%s", c.to, c.src, code, stderr)
				}
				if err := os.WriteFile(c.dst, []byte(out), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			// The canonical text is a fixed point of convert (FORMAT.md: stable byte for byte),
			// and the YAML spelling converts back to it.
			t1, err := os.ReadFile(text)
			if err != nil {
				t.Fatal(err)
			}
			if again, _, _ := runCLI("convert", "--to", "text", text); again != string(t1) {
				t.Errorf("convert --to text is not idempotent:\n%s", lineDiff(string(t1), again))
			}
			if t2, _ := os.ReadFile(text2); !bytes.Equal(t1, t2) {
				t.Errorf("text -> yaml -> text changes the transcript:\n%s", lineDiff(string(t1), string(t2)))
			}
			// Every spelling scores and validates the same (line numbers aside: the table and
			// the score notes carry none).
			want, err := os.ReadFile(base + ".score.golden")
			if err != nil {
				t.Skip(err)
			}
			for _, f := range []string{text, yaml} {
				out, stderr, _ := runCLI("score", f)
				out = strings.ReplaceAll(out, f+" game ", in+" game ")
				if out != string(want) {
					t.Errorf("score %s (converted) differs from %s.score.golden:\n%s%s", filepath.Base(f), base, stderr, lineDiff(string(want), out))
				}
			}
		})
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 8; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			if len(wl) > 160 || len(gl) > 160 { // a JSON line: show where it starts to differ
				at := 0
				for at < min(len(wl), len(gl)) && wl[at] == gl[at] {
					at++
				}
				from := max(at-60, 0)
				wl, gl = "…"+wl[from:min(at+60, len(wl))], "…"+gl[from:min(at+60, len(gl))]
			}
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}
