package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is one stream for stdout and stderr, as a terminal or `2>&1` gives them.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// TestErrorsInInputOrder: with stdout and stderr on one stream, an unreadable game's error
// appears where the game is in the input, between the results of the games around it, on
// any number of workers (CLI.md: "output order stays the input order").
func TestErrorsInInputOrder(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.tricks": "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C 4C 5C\ntrick dan: 6D 7D 2H AD\ntrick cat: 2S 3S QS 4S\ntrick ann: 9D 8D TD JD\n",
		"b.tricks": "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C QX 5C\n",
		"c.tricks": "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C 4C 5C\n---\ngame hearts\nplayers ann bob\n---\ngame hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C 4C 5C\ntrick dan: 6D 7D 2H AD\ntrick cat: 2S 3S QS 4S\ntrick ann: 9D 8D TD JD\n",
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666))
	}
	t.Chdir(dir)
	want := strings.Join([]string{
		"a.tricks:5:18: revoke: bob played 2H on a D lead while holding D (round 1, trick 2)",
		"    bob held 8D of the suit led (8D is played to trick 4)",
		"a.tricks:7:1: incomplete-round: round 1 has 4 of 13 tricks (round 1)",
		`b.tricks:4:18: "QX" is not a card (rank 2-9 T J Q K A, suit C D H S)`,
		"c.tricks:4:1: incomplete-round: round 1 has 1 of 13 tricks (round 1)",
		"c.tricks:7:1: hearts seats 3 to 6 players, not 2",
		"c.tricks:13:18: revoke: bob played 2H on a D lead while holding D (game 3, round 1, trick 2)",
		"    bob held 8D of the suit led (8D is played to trick 4)",
		"c.tricks:15:1: incomplete-round: round 1 has 4 of 13 tricks (game 3, round 1)",
		"3 games, 3 with violations (5 in all: 3 incomplete-round, 2 revoke), 2 unreadable",
		"",
	}, "\n")
	for _, jobs := range []string{"1", "2", "8"} {
		var out lockedBuffer
		code := run([]string{"tricks", "validate", "-j", jobs, "a.tricks", "b.tricks", "c.tricks"}, strings.NewReader(""), &out, &out)
		assert.Equal(t, 2, code, "-j %s: exit status", jobs)
		assert.Equal(t, want, out.b.String(), "-j %s: stdout and stderr together", jobs)
	}
}

// TestReplayErrorsBelongToTheirGame: each game's input error found during the replay (here
// a player count out of range, RULES §7) is printed once, at that game's own line, in input
// order, whatever the number of workers.
func TestReplayErrorsBelongToTheirGame(t *testing.T) {
	const games = 400
	var in, want strings.Builder
	line := 1
	for i := range games {
		if i > 0 {
			in.WriteString("---\n")
			line++
		}
		n := []int{2, 7, 8, 9}[i%4]
		players := make([]string, n)
		for k := range players {
			players[k] = fmt.Sprintf("p%d", k)
		}
		fmt.Fprintf(&in, "game hearts\nplayers %s\nround\ntook p0: QS\n", strings.Join(players, " "))
		fmt.Fprintf(&want, "many.tricks:%d:1: hearts seats 3 to 6 players, not %d\n", line+1, n)
		line += 4
	}
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("many.tricks", []byte(in.String()), 0o666))
	for _, jobs := range []string{"1", "4"} {
		for range 3 {
			var stdout, stderr bytes.Buffer
			code := run([]string{"tricks", "validate", "-q", "-j", jobs, "many.tricks"}, strings.NewReader(""), &stdout, &stderr)
			assert.Equal(t, 2, code, "-j %s: exit status", jobs)
			require.Equal(t, want.String(), stderr.String(), "-j %s: the errors are not each game's own", jobs)
		}
	}
}

// TestCompareJobs: compare on many workers prints what it prints on one, in input order, an
// unreadable game's error included at its place.
func TestCompareJobs(t *testing.T) {
	games, _, code := runCLI("simulate", "-r", "hearts", "-n", "60", "--seed", "7")
	require.Equal(t, 0, code)
	parts := strings.Split(games, "---\n")
	parts[20] = "game hearts\nplayers ann bob cat dan\nround\ntrick ann: 2C 3C QX 5C\n"
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("night.tricks", []byte(strings.Join(parts, "---\n")), 0o666))
	for _, f := range []string{"table", "jsonl", "csv"} {
		var want lockedBuffer
		code := run([]string{"tricks", "compare", "-j", "1", "-f", f, "-r", "hearts,omnibus", "-r", "black-maria:moon=new", "night.tricks"},
			strings.NewReader(""), &want, &want)
		require.Equal(t, exitInput, code, "-j 1 -f %s: exit status", f)
		require.Contains(t, want.b.String(), `night.tricks:`+fmt.Sprint(strings.Count(strings.Join(parts[:20], "---\n"), "\n")+5)+`:18: "QX" is not a card`)
		for _, jobs := range []string{"2", "5"} {
			var got lockedBuffer
			code := run([]string{"tricks", "compare", "-j", jobs, "-f", f, "-r", "hearts,omnibus", "-r", "black-maria:moon=new", "night.tricks"},
				strings.NewReader(""), &got, &got)
			assert.Equal(t, exitInput, code, "-j %s -f %s: exit status", jobs, f)
			assert.Equal(t, want.b.String(), got.b.String(), "-j %s -f %s differs from -j 1", jobs, f)
		}
	}
}

// TestSlowBatchKeepsTheOrder: with several workers, a batch of long games at the head of the
// input is still being worked on while the others run through the short games after it, until
// every slot for a batch in flight is taken (inOrder: jobs+2) and they wait: the output is
// -j 1's, game for game, and no worker is left waiting. stats, whose figures are running
// means merged in input order, writes them byte for byte as -j 1 does, over games of three
// rulesets (Hearts, Black Maria, Spades partnership) with illegal plays among them.
func TestSlowBatchKeepsTheOrder(t *testing.T) {
	sim := func(ruleset string, args ...string) []byte {
		var out, errb bytes.Buffer
		code := run(append([]string{"tricks", "simulate", "-r", ruleset, "--with-deal", "-j", "1"}, args...), nil, &out, &errb)
		require.Equal(t, 0, code, errb.String())
		return out.Bytes()
	}
	var in bytes.Buffer
	in.Write(sim("hearts", "-o", "end=rounds", "-o", "rounds=60", "-n", "40", "--seed", "3")) // about 1 MB: one batch
	in.WriteString("---\n")
	in.Write(sim("hearts", "-o", "end=rounds", "-o", "rounds=1", "-n", "3000", "--seed", "4", "--illegal", "0.02"))
	in.WriteString("---\n")
	in.Write(sim("black-maria", "-p", "3", "-o", "end=rounds", "-o", "rounds=1", "-n", "1000", "--seed", "5", "--illegal", "0.02"))
	in.WriteString("---\n")
	in.Write(sim("spades-partnership", "-o", "target=100", "-n", "500", "--seed", "6", "--illegal", "0.01"))
	for _, cmd := range [][]string{{"validate", "-f", "jsonl"}, {"score", "-f", "jsonl"}, {"stats", "-f", "json"}, {"stats"}} {
		out := func(jobs string) string {
			var o, e bytes.Buffer
			code := run(append(append([]string{"tricks"}, cmd...), "-j", jobs, "-"), bytes.NewReader(in.Bytes()), &o, &e)
			require.Contains(t, []int{0, 1}, code, e.String())
			return o.String()
		}
		want := out("1")
		if cmd[0] == "stats" {
			require.Contains(t, want, "spades-partnership", "%v", cmd)
		} else {
			require.Equal(t, 4540, strings.Count(want, "\n"), "%v: a line a game", cmd)
		}
		for _, jobs := range []string{"2", "4", "7"} {
			require.Equal(t, want, out(jobs), "%v -j %s", cmd, jobs)
		}
	}
}
