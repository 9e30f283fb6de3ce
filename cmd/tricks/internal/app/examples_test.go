package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// examplesDir is ../shared/examples beside the repository: transcripts with the results an
// independent implementation computed. A user's clone without it skips the test.
const examplesDir = "../../../../../shared/examples"

// TestExamples runs every example through `tricks score --format jsonl` in-process and
// compares what ../shared/tools/compare.py compares: per round points, totals and moon; final
// totals, finished, winner, tied; the multiset of (round, trick, player, rule) violations.
// Partnership values are compared per side. Cases expecting an input error must exit 2 with
// a message naming the line.
func TestExamples(t *testing.T) {
	if _, err := os.Stat(examplesDir); err != nil {
		msg := fmt.Sprintf("TestExamples: no examples at %s (../shared is absent): the agreement with the independent results is NOT checked", examplesDir)
		require.Empty(t, os.Getenv("CI"), msg+"; CI must have it")
		fmt.Fprintln(os.Stderr, "WARNING: "+msg) // shown without -v
		t.Skip(msg)
	}
	var cases []string
	filepath.WalkDir(examplesDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".expected.json") {
			cases = append(cases, p)
		}
		return nil
	})
	sort.Strings(cases)
	require.NotEmpty(t, cases, "no example cases below %s", examplesDir)
	for _, exp := range cases {
		base := strings.TrimSuffix(exp, ".expected.json")
		src := ""
		for _, ext := range []string{".tricks", ".yaml", ".yml"} {
			if _, err := os.Stat(base + ext); err == nil {
				src = base + ext
				break
			}
		}
		if src == "" {
			continue
		}
		name, _ := filepath.Rel(examplesDir, src)
		t.Run(name, func(t *testing.T) {
			checkExample(t, src, exp)
		})
	}
}

func checkExample(t *testing.T, src, expFile string) {
	raw, err := os.ReadFile(expFile)
	require.NoError(t, err)
	var stdout, stderr bytes.Buffer
	code := run([]string{"tricks", "score", "--format", "jsonl", src}, strings.NewReader(""), &stdout, &stderr)
	var errExp struct {
		Error *struct {
			Line int `json:"line"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &errExp) == nil && errExp.Error != nil {
		require.Equal(t, exitInput, code, "expected an input error: %s", stderr.String())
		require.Contains(t, stderr.String(), fmt.Sprintf(":%d:", errExp.Error.Line), "the input error names the line")
		return
	}
	var want []map[string]any
	if raw[0] == '[' {
		require.NoError(t, json.Unmarshal(raw, &want))
	} else {
		var one map[string]any
		require.NoError(t, json.Unmarshal(raw, &one))
		want = []map[string]any{one}
	}
	require.Equal(t, 0, code, "exit status: %s", stderr.String())
	var got []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), "output is not JSON lines: %q", line)
		got = append(got, m)
	}
	require.Len(t, got, len(want), "games")
	for i := range want {
		assert.Empty(t, diffGame(want[i], got[i]), "game %d", i+1)
	}
}

// diffGame lists the differences compare.py would report.
func diffGame(exp, got map[string]any) []string {
	var diffs []string
	players := strs(exp["players"])
	sides := sidesOf(exp)
	gotRounds := map[int]map[string]any{}
	for i, r := range list(got["rounds"]) {
		m := r.(map[string]any)
		n := i + 1
		if v, ok := m["round"].(float64); ok {
			n = int(v)
		}
		if _, dup := gotRounds[n]; !dup {
			gotRounds[n] = m
		}
	}
	expRounds := map[int]bool{}
	for _, r := range list(exp["rounds"]) {
		er := r.(map[string]any)
		if ig, _ := er["ignored"].(bool); ig {
			continue
		}
		n := int(er["round"].(float64))
		expRounds[n] = true
		gr, ok := gotRounds[n]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("round %d: missing in output", n))
			continue
		}
		for _, key := range []string{"points", "totals"} {
			e, g := normMap(er[key], players, sides), normMap(gr[key], players, sides)
			if !reflect.DeepEqual(e, g) {
				diffs = append(diffs, fmt.Sprintf("round %d %s: expected %v got %v", n, key, e, g))
			}
		}
		if em, gm := normMoon(er["moon"]), normMoon(gr["moon"]); em != gm {
			diffs = append(diffs, fmt.Sprintf("round %d moon: expected %s got %s", n, em, gm))
		}
	}
	for n, r := range gotRounds {
		if ig, _ := r["ignored"].(bool); !expRounds[n] && !ig && len(asMap(r["points"])) > 0 {
			diffs = append(diffs, fmt.Sprintf("round %d: scored in output, not expected", n))
		}
	}
	if e, g := normMap(exp["totals"], players, sides), normMap(got["totals"], players, sides); !reflect.DeepEqual(e, g) {
		diffs = append(diffs, fmt.Sprintf("totals: expected %v got %v", e, g))
	}
	if truthy(exp["finished"]) != truthy(got["finished"]) {
		diffs = append(diffs, fmt.Sprintf("finished: expected %v got %v", exp["finished"], got["finished"]))
	}
	if e, g := normWinner(exp["winner"], sides), normWinner(got["winner"], sides); e != g {
		diffs = append(diffs, fmt.Sprintf("winner: expected %q got %q", e, g))
	}
	if e, g := normSet(exp["tied"]), normSet(got["tied"]); e != g {
		diffs = append(diffs, fmt.Sprintf("tied: expected %q got %q", e, g))
	}
	if e, g := violations(exp), violations(got); !reflect.DeepEqual(e, g) {
		var miss, more []string
		for k, n := range e {
			for i := g[k]; i < n; i++ {
				miss = append(miss, k)
			}
		}
		for k, n := range g {
			for i := e[k]; i < n; i++ {
				more = append(more, k)
			}
		}
		sort.Strings(miss)
		sort.Strings(more)
		diffs = append(diffs, fmt.Sprintf("violations: missing %v unexpected %v", miss, more))
	}
	return diffs
}

func list(v any) []any           { l, _ := v.([]any); return l }
func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func strs(v any) []string {
	var out []string
	for _, x := range list(v) {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func truthy(v any) bool { b, _ := v.(bool); return b }

// sidesOf reads partnerships from side-keyed totals ("ann+cat").
func sidesOf(exp map[string]any) [][]string {
	var sides [][]string
	for k := range asMap(exp["totals"]) {
		if strings.Contains(k, "+") {
			sides = append(sides, strings.Split(k, "+"))
		}
	}
	sort.Slice(sides, func(i, j int) bool { return sides[i][0] < sides[j][0] })
	return sides
}

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case map[string]any:
		for _, k := range []string{"points", "total", "score", "value"} {
			if y, ok := x[k]; ok {
				return num(y)
			}
		}
	}
	return 0
}

func normMap(v any, players []string, sides [][]string) map[string]float64 {
	d := asMap(v)
	out := map[string]float64{}
	if len(sides) == 0 {
		for _, p := range players {
			out[p] = num(d[p])
		}
		return out
	}
	for _, side := range sides {
		key := strings.Join(side, "+")
		found := false
		for k, x := range d {
			if strings.Contains(k, "+") && sameSet(strings.Split(k, "+"), side) {
				out[key], found = num(x), true
				break
			}
		}
		if found {
			continue
		}
		var vals []float64
		for _, p := range side {
			if x, ok := d[p]; ok {
				vals = append(vals, num(x))
			}
		}
		switch {
		case len(vals) == 0:
			out[key] = 0
		case len(vals) == 2 && vals[0] != vals[1]:
			out[key] = vals[0] + vals[1]
		default:
			out[key] = vals[0]
		}
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]bool{}
	for _, x := range a {
		m[x] = true
	}
	for _, x := range b {
		if !m[x] {
			return false
		}
	}
	return true
}

func normWinner(v any, sides [][]string) string {
	s, ok := v.(string)
	if !ok || s == "" {
		return ""
	}
	for _, side := range sides {
		for _, p := range side {
			if p == s {
				return strings.Join(side, "+")
			}
		}
		if sameSet(strings.Split(s, "+"), side) {
			return strings.Join(side, "+")
		}
	}
	return s
}

func normSet(v any) string {
	s := strs(v)
	sort.Strings(s)
	return strings.Join(s, ",")
}

func normMoon(v any) string {
	m := asMap(v)
	if m == nil {
		return "none"
	}
	return fmt.Sprintf("%v/%v", m["player"], m["scoring"])
}

// violations is the multiset of (round, trick, player, rule), merged from the rounds' lists
// and the top-level list as compare.py does (the larger count of the two wins).
func violations(res map[string]any) map[string]int {
	per, top := map[string]int{}, map[string]int{}
	key := func(v map[string]any, round any) string {
		if r, ok := v["round"]; ok {
			round = r
		}
		trick := v["trick"]
		if f, ok := trick.(float64); ok && f == 0 {
			trick = nil
		}
		return fmt.Sprintf("r%v t%v %v %v", round, trick, v["player"], v["rule"])
	}
	for i, r := range list(res["rounds"]) {
		rm := asMap(r)
		round := rm["round"]
		if round == nil {
			round = float64(i + 1)
		}
		for _, v := range list(rm["violations"]) {
			per[key(asMap(v), round)]++
		}
	}
	for _, v := range list(res["violations"]) {
		top[key(asMap(v), nil)]++
	}
	for k, n := range top {
		if n > per[k] {
			per[k] = n
		}
	}
	return per
}
