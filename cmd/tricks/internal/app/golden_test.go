package app

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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update rewrites the golden files: go test ./cmd/tricks/internal/app -run Golden -update
// Review every rewritten file by hand against RULES.md before committing it: a golden must be
// right, not merely what the tool prints today.
var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden from the current output")

const goldenDir = "../../../../testdata/golden"

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
	require.NoError(t, err)
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
		prev, ok := seen[base]
		require.False(t, ok, "golden inputs %s and %s share the base name %s", prev, name, base)
		seen[base] = name
		inputs = append(inputs, name)
	}
	require.NotEmpty(t, inputs, "no golden inputs in %s", goldenDir)
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
				assert.Empty(t, stderr)
				wantCode := 0
				if o.args[0] == "validate" && !strings.Contains(out, " 0 with violations") {
					wantCode = 1
				}
				assert.Equal(t, wantCode, code, "exit status")
				if *update {
					require.NoError(t, os.WriteFile(golden, []byte(out), 0o666))
					return
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run with -update to create it, then review it by hand")
				assert.Equal(t, string(want), out, "output differs from %s (-update rewrites it)\n%s", golden, lineDiff(string(want), out))
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
			raw, err := os.ReadFile(golden) // every input has one (goldenOutputs)
			require.NoError(t, err)
			var games []goldenResult
			if bytes.HasPrefix(raw, []byte("[")) {
				err = json.Unmarshal(raw, &games)
			} else {
				var g goldenResult
				err = json.Unmarshal(raw, &g)
				games = append(games, g)
			}
			require.NoError(t, err)
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
			assert.Less(t, r.Totals[k], running[k], "game %d round %d: %s is reset, but the total is not below the points' sum", g.Game, r.Round, k)
			running[k] = r.Totals[k]
		}
		for k, v := range r.Totals {
			assert.Equal(t, running[k], v, "game %d round %d: the total of %s is not the sum of the points", g.Game, r.Round, k)
		}
	}
	for k, v := range g.Totals {
		assert.Equal(t, running[k], v, "game %d: the final total of %s is not the rounds' sum", g.Game, k)
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
		assert.True(t, g.Finished, "game %d: a winner, but not finished", g.Game)
		assert.Equal(t, []string{*g.Winner}, lowest, "game %d: the winner is not the single lowest total", g.Game)
	case len(g.Tied) > 0:
		tied := slices.Clone(g.Tied)
		slices.Sort(tied)
		assert.False(t, g.Finished, "game %d: tied, but finished", g.Game)
		assert.Equal(t, lowest, tied, "game %d: the tied players are not those with the lowest total", g.Game)
	}
}

// TestGoldenIdempotent checks, in the spirit of go/printer's idempotence test, that the
// goldens do not depend on how the input is spelled or run: the same output with one worker
// or many, and for the canonical text, the YAML and the JSON spelling of each input, whose
// canonical text converts to itself.
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
				assert.Equal(t, c1, c8, "%v: -j 8 exits differently from -j 1", o.args)
				assert.Equal(t, again, many, "%v: -j 8 differs from -j 1", o.args)
				if o.args[0] == "score" && o.args[len(o.args)-1] != "json" {
					assert.True(t, strings.HasPrefix(many, one), "%v: the first of three copies differs from the file alone", o.args)
				}
			}
			text := filepath.Join(tmp, base+".tricks")
			yaml := filepath.Join(tmp, base+".yaml")
			text2 := filepath.Join(tmp, base+".2.tricks")
			jsonf := filepath.Join(tmp, base+".json")
			text3 := filepath.Join(tmp, base+".3.tricks")
			for _, c := range []struct{ to, src, dst string }{{"text", in, text}, {"yaml", in, yaml}, {"text", yaml, text2},
				{"json", in, jsonf}, {"text", jsonf, text3}} {
				out, stderr, code := runCLI("convert", "--to", c.to, c.src)
				require.Equal(t, 0, code, "convert --to %s %s: %s", c.to, c.src, stderr)
				require.NoError(t, os.WriteFile(c.dst, []byte(out), 0o666))
			}
			// The canonical text is a fixed point of convert (FORMAT.md: stable byte for byte),
			// and the YAML spelling converts back to it.
			t1, err := os.ReadFile(text)
			require.NoError(t, err)
			again, _, _ := runCLI("convert", "--to", "text", text)
			assert.Equal(t, string(t1), again, "convert --to text is not idempotent")
			t2, err := os.ReadFile(text2)
			require.NoError(t, err)
			assert.Equal(t, string(t1), string(t2), "text -> yaml -> text changes the transcript")
			t3, err := os.ReadFile(text3)
			require.NoError(t, err)
			assert.Equal(t, string(t1), string(t3), "text -> json -> text changes the transcript")
			// Every spelling scores and validates the same (line numbers aside: the table and
			// the score notes carry none).
			want, err := os.ReadFile(base + ".score.golden")
			require.NoError(t, err)
			for _, f := range []string{text, yaml, jsonf} {
				out, stderr, _ := runCLI("score", f)
				out = strings.ReplaceAll(out, f+" game ", in+" game ")
				assert.Equal(t, string(want), out, "score %s (converted) differs from %s.score.golden: %s", filepath.Base(f), base, stderr)
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
