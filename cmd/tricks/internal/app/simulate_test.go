package app

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/rulesets"
)

// simRun runs the CLI in-process with args after "tricks".
func simRun(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"tricks"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestSimulateValidates: what simulate writes, validate accepts with exit 0 (legal games) or
// exit 1 (with --illegal), in both formats, for every built-in ruleset.
func TestSimulateValidates(t *testing.T) {
	for _, name := range rulesets.Names() {
		for _, format := range []string{"text", "yaml"} {
			// Not parallel: urfave/cli applies its global help flag in every run, a data race
			// between concurrent in-process runs.
			t.Run(name+"/"+format, func(t *testing.T) {
				code, out, stderr := simRun("", "simulate", "-r", name, "-n", "3", "--seed", "5", "-f", format, "--with-deal")
				require.Equal(t, 0, code, stderr)
				games, err := reader.ParseBytes([]byte(out), "-")
				require.NoError(t, err)
				require.Len(t, games, 3)
				for i, g := range games {
					require.Equal(t, name, g.Ruleset)
					require.Equal(t, []parse.KV{{Key: "seed", Value: "5"}, {Key: "game", Value: fmt.Sprint(i + 1)}}, stripPos(g.Meta))
				}
				code, vout, verr := simRun(out, "validate", "-f", "jsonl", "-")
				require.Equal(t, 0, code, "%s\n%s", vout, verr)

				code, out, stderr = simRun("", "simulate", "-r", name, "-n", "2", "--seed", "5", "-f", format, "--illegal", "0.3")
				require.Equal(t, 0, code, stderr)
				code, vout, verr = simRun(out, "validate", "-f", "jsonl", "-")
				require.Equal(t, 1, code, "%s\n%s", vout, verr)
			})
		}
	}
}

func stripPos(kvs []parse.KV) []parse.KV {
	out := make([]parse.KV, len(kvs))
	for i, kv := range kvs {
		out[i] = parse.KV{Key: kv.Key, Value: kv.Value}
	}
	return out
}

// TestSimulateStream: games are separated as FORMAT.md says, the output is the same for
// any -j, and text and YAML carry the same games.
func TestSimulateStream(t *testing.T) {
	args := []string{"simulate", "-r", "black-maria", "--players", "5", "-n", "7", "--seed", "11"}
	code, text1, stderr := simRun("", append(args, "-j", "1")...)
	require.Equal(t, 0, code, stderr)
	code, text4, _ := simRun("", append(args, "-j", "4")...)
	require.Equal(t, 0, code)
	require.Equal(t, text1, text4)
	require.Equal(t, 6, strings.Count(text1, "\n---\n"))
	require.True(t, strings.HasPrefix(text1, "game black-maria\nplayers ann bob cat dan eve\n"), text1[:60])

	code, yml, _ := simRun("", append(args, "-f", "yaml")...)
	require.Equal(t, 0, code)
	require.True(t, strings.HasPrefix(yml, "game: black-maria\n"))
	require.Equal(t, 6, strings.Count(yml, "\n---\n"))
	games, err := reader.ParseBytesFormat([]byte(yml), "sim.yaml", parse.YAML)
	require.NoError(t, err)
	var back bytes.Buffer
	require.NoError(t, writer.WriteTexts(&back, games))
	require.Equal(t, text1, back.String(), "YAML and text spell the same games")

	code, none, _ := simRun("", "simulate", "-r", "hearts", "-n", "0")
	require.Equal(t, 0, code)
	require.Empty(t, none)
}

// TestSimulateOptions: options are applied and written as the games' option lines; -o takes
// a comma-separated pass cycle whole; the default table is 4, or the smallest the rules seat.
func TestSimulateOptions(t *testing.T) {
	code, out, stderr := simRun("", "simulate", "-r", "hearts", "-o", "pass=right,left", "-o", "target=30", "-n", "2", "--with-deal")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "\noption pass=right,left target=30\n")
	code, _, verr := simRun(out, "validate", "-")
	require.Equal(t, 0, code, verr)

	// An option given twice: the last one wins, as score and validate apply -o, and the
	// option line names the key once (a transcript may not repeat it).
	code, out, stderr = simRun("", "simulate", "-r", "hearts", "-o", "target=200", "-o", "moon=new", "-o", "target=25")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "\noption moon=new target=25\n")
	code, _, verr = simRun(out, "validate", "-")
	require.Equal(t, 0, code, verr)

	code, out, stderr = simRun("", "simulate", "-r", "spades", "-o", "jokers=fool")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "\nplayers ann bob cat\n")
	code, out, _ = simRun("", "simulate", "-r", "cancellation")
	require.Equal(t, 0, code)
	require.Contains(t, out, "\nplayers ann bob cat dan eve fay\n")
	code, out, _ = simRun("", "simulate", "-r", "hearts", "--leaders")
	require.Equal(t, 0, code)
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "trick ") {
			require.Contains(t, line, ":")
		}
	}
}

// TestSimulateUsage: bad flags exit 2 with a message.
func TestSimulateUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-n", "1"}, "ruleset"},
		{[]string{"-r", "nosuch"}, "unknown ruleset"},
		{[]string{"-r", "hearts", "-o", "moon=sideways"}, "moon"},
		{[]string{"-r", "hearts", "-o", "bogus=1"}, "unknown option"},
		{[]string{"-r", "hearts", "-o", "noequals"}, "key=value"},
		{[]string{"-r", "hearts", "--players", "7"}, "3 to 6"},
		{[]string{"-r", "spades", "--players", "3"}, "spades"},
		{[]string{"-r", "hearts", "-n", "-1"}, "negative"},
		{[]string{"-r", "hearts", "--illegal", "1.5"}, "between 0 and 1"},
		{[]string{"-r", "hearts", "-f", "csv"}, "format"},
		{[]string{"-r", "hearts", "extra"}, "unexpected argument"},
		{[]string{"-r", "hearts", "--seed", "x"}, "seed"},
		{[]string{"-r", "hearts", "--bogus"}, "bogus"},
	} {
		code, out, stderr := simRun("", append([]string{"simulate"}, tc.args...)...)
		require.Equal(t, 2, code, "%v: %s", tc.args, stderr)
		require.Empty(t, out, "%v", tc.args)
		require.Contains(t, stderr, tc.msg, "%v", tc.args)
	}
}
