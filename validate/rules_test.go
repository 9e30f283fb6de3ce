package validate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
)

// rulesDir holds one small transcript per case (.tricks, or .yaml for a YAML twin): a game where a rule code fires and a
// near-identical one where it must not. The expectation is written in the transcript, in the
// style of go/parser's testdata, as comments anywhere on a line:
//
//	# want: revoke round=1 trick=2 player=dan card=7S
//
// one per expected violation (rule code first; trick= omitted or 0 for violations that belong
// to no trick; player= omitted where none applies; card= optional and then checked too).
// A file without want lines must replay and score with no violation at all.
const rulesDir = "../testdata/rules"

// ruleCodes are the codes of FORMAT.md "Results"; every one must fire in some file.
var ruleCodes = []string{
	validate.Revoke, validate.HeartsNotBroken, validate.FirstTrickPenalty, validate.FirstLead,
	validate.SpadesNotBroken, validate.PassCount, validate.PassDirection, validate.PassForbidden,
	validate.BidMissing, score.BlindNotAllowed,
	validate.NotInHand, validate.DuplicateCard, validate.WrongLeader, validate.DealSize,
	validate.DeckMismatch, validate.UnknownPlayer, score.AfterGameEnd, score.ScoreMismatch, score.BadTiebreak, validate.IncompleteRound,
	score.ImpossiblePoints, validate.BadClaim,
}

// ruleWant is one expected violation.
type ruleWant struct {
	Rule   string
	Round  int
	Trick  int
	Player string
	Card   string // "" = not checked
	Line   int    // where the want comment is
}

func (w ruleWant) key() string {
	return fmt.Sprintf("%s round=%d trick=%d player=%s", w.Rule, w.Round, w.Trick, w.Player)
}

var ruleWantRE = regexp.MustCompile(`#\s*want:\s*(.*)$`)

// parseRuleWants reads the want comments of a transcript.
func parseRuleWants(t *testing.T, file string, src []byte) []ruleWant {
	t.Helper()
	var out []ruleWant
	for i, line := range strings.Split(string(src), "\n") {
		m := ruleWantRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		fields := strings.Fields(m[1])
		require.NotEmpty(t, fields, "%s:%d: empty want", file, i+1)
		w := ruleWant{Rule: fields[0], Line: i + 1}
		require.Contains(t, ruleCodes, w.Rule, "%s:%d: want names an unknown rule code", file, i+1)
		hasRound := false
		for _, f := range fields[1:] {
			k, v, ok := strings.Cut(f, "=")
			require.True(t, ok, "%s:%d: want field %q is not key=value", file, i+1, f)
			var err error
			switch k {
			case "round":
				w.Round, err = strconv.Atoi(v)
				hasRound = true
			case "trick":
				w.Trick, err = strconv.Atoi(v)
			case "player":
				w.Player = v
			case "card":
				var c parse.Card
				c, err = parse.ParseCard(v)
				w.Card = c.String()
			default:
				err = fmt.Errorf("unknown key %q (round, trick, player, card)", k)
			}
			require.NoError(t, err, "%s:%d: want", file, i+1)
		}
		require.True(t, hasRound, "%s:%d: want needs round=N", file, i+1)
		out = append(out, w)
	}
	return out
}

// resolveRules does what the CLI does: the ruleset named by the game line, then the transcript's
// option lines applied with Set, in order.
func resolveRules(t testing.TB, g *parse.Game) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.NewResolver(rulesets.Choice{}).Resolve(g)
	require.NoError(t, err, "rules")
	return rs
}

// rulesReplayAndScore parses the single game of a transcript, replays and scores it.
func rulesReplayAndScore(t *testing.T, file string, src []byte) (*validate.Replay, *score.Result) {
	t.Helper()
	games, err := reader.ParseBytes(src, file)
	require.NoError(t, err, "parse")
	require.Len(t, games, 1, "%s: the rules testdata wants one game per file", file)
	g := games[0]
	v := validate.New()
	v.Diagnose = true // as the command line reads transcripts
	rp, err := v.Replay(g, resolveRules(t, g))
	require.NoError(t, err, "replay: input error")
	return rp, score.Score(rp)
}

func ruleFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.tricks", "*.yaml"} {
		m, err := filepath.Glob(filepath.Join(rulesDir, pat))
		require.NoError(t, err)
		files = append(files, m...)
	}
	slices.Sort(files)
	require.NotEmpty(t, files, "no transcripts in %s", rulesDir)
	return files
}

// rulesKnownBugs lists the files whose expectation the current code does not meet, with the symptom;
// the lead removes an entry when the bug is fixed.
var rulesKnownBugs = map[string]string{}

// TestRules replays and scores every transcript of testdata/rules and compares the multiset
// of (rule, round, trick, player) of its violations with the file's want lines.
func TestRules(t *testing.T) {
	for _, file := range ruleFiles(t) {
		name := filepath.Base(file)
		name = strings.TrimSuffix(strings.TrimSuffix(name, ".tricks"), ".yaml")
		if strings.HasSuffix(file, ".yaml") {
			name += ".yaml"
		}
		t.Run(name, func(t *testing.T) {
			if why, ok := rulesKnownBugs[name]; ok {
				t.Skip("BUG: " + why)
			}
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			wants := parseRuleWants(t, file, src)
			_, res := rulesReplayAndScore(t, file, src)
			checkRuleViolations(t, file, wants, fragmentViolations(wants, res.Violations))
		})
	}
}

// fragmentViolations drops incomplete-round unless a want line asks for it: most rules
// files are fragments of a round that show one rule.
func fragmentViolations(wants []ruleWant, got []validate.Violation) []validate.Violation {
	for _, w := range wants {
		if w.Rule == validate.IncompleteRound {
			return got
		}
	}
	var out []validate.Violation
	for _, v := range got {
		if v.Rule != validate.IncompleteRound {
			out = append(out, v)
		}
	}
	return out
}

// checkRuleViolations compares the multisets and reports missing and unexpected violations.
func checkRuleViolations(t *testing.T, file string, wants []ruleWant, got []validate.Violation) {
	t.Helper()
	remaining := slices.Clone(got)
	var missing []ruleWant
	for _, w := range wants {
		found := -1
		for i, v := range remaining {
			gw := ruleWant{Rule: v.Rule, Round: v.Round, Trick: v.Trick, Player: v.Player}
			if gw.key() != w.key() {
				continue
			}
			if w.Card != "" && (v.Card == parse.NoCard || v.Card.String() != w.Card) {
				continue
			}
			found = i
			break
		}
		if found < 0 {
			missing = append(missing, w)
			continue
		}
		remaining = slices.Delete(remaining, found, found+1)
	}
	if len(missing) == 0 && len(remaining) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "violations differ from the want lines of %s:\n", file)
	for _, w := range missing {
		card := ""
		if w.Card != "" {
			card = " card=" + w.Card
		}
		fmt.Fprintf(&b, "  - missing    %s%s (want at line %d)\n", w.key(), card, w.Line)
	}
	for _, v := range remaining {
		gw := ruleWant{Rule: v.Rule, Round: v.Round, Trick: v.Trick, Player: v.Player}
		card := ""
		if v.Card != parse.NoCard {
			card = " card=" + v.Card.String()
		}
		fmt.Fprintf(&b, "  + unexpected %s%s at %s: %s\n", gw.key(), card, v.Pos, v.Msg)
	}
	assert.Fail(t, "violations differ from the # want: lines", b.String())
}

// TestRulesCoverage checks that every rule code fires in some file and that for every code
// there is a file where it must not fire (a file without wants of that code that is not
// trivially empty).
func TestRulesCoverage(t *testing.T) {
	fires := map[string]int{}
	quiet := 0
	for _, file := range ruleFiles(t) {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		ws := parseRuleWants(t, file, src)
		if len(ws) == 0 {
			quiet++
		}
		for _, w := range ws {
			fires[w.Rule]++
		}
	}
	for _, code := range ruleCodes {
		assert.NotZero(t, fires[code], "no transcript in %s fires %s", rulesDir, code)
	}
	assert.GreaterOrEqual(t, quiet, len(ruleCodes), "transcripts without violations: want at least one near-identical twin per rule code")
}
