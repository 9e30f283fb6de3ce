package validate_test

// Fuzz tests of the whole pipeline parse -> rulesets -> validate -> score -> JSON, as
// cmd/tricks runs it (pipeline.go): bad input must give a positioned error, never a panic
// or a hang, and every result must add up.
//
//	go test ./validate -run XXX -fuzz FuzzPipeline -fuzztime 120s
//	go test ./validate -run XXX -fuzz FuzzGame -fuzztime 120s
//
// FuzzPipeline reads arbitrary bytes as a compact-text transcript (FuzzPipelineYAML as
// YAML); FuzzGame builds a game from fuzzer-chosen numbers (ruleset, table size, options,
// deals, passes, bids, plays, tallies, tie-breaks), mostly legal so the replay goes deep,
// writes it as text and sends it down the same path.
//
// Inputs that crashed once are kept in TestFuzzRegressions; while a bug stands its case is
// skipped with the reason, and fzKnownBug keeps the fuzzers from stopping on it again.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// fzHang is how long one input may take before the watchdog calls it a hang.
const fzHang = 20 * time.Second

// fzSeedDirs hold the transcripts the text fuzzers start from (missing dirs are skipped).
var fzSeedDirs = []string{"/work/shared/examples", "../../shared/examples", "../testdata/rules", "../testdata/examples", "../testdata/bad"}

// fzSeeds adds every file with one of the extensions below the seed directories (once each).
func fzSeeds(f *testing.F, exts ...string) {
	seen := map[string]bool{}
	for _, dir := range fzSeedDirs {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".expected.json") {
				return nil
			}
			ok := false
			for _, e := range exts {
				ok = ok || strings.HasSuffix(p, e)
			}
			if !ok {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil || len(src) > 64<<10 || seen[string(src)] {
				return nil
			}
			seen[string(src)] = true
			f.Add(src)
			return nil
		})
	}
}

func FuzzPipeline(f *testing.F) {
	fzSeeds(f, ".tricks")
	for _, c := range fzRegressions {
		if c.yaml == "" {
			f.Add([]byte(c.src))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		defer fzWatchdog(fzHang)()
		fzCheckSource(t, src, "fuzz.tricks", parse.Text)
	})
}

func FuzzPipelineYAML(f *testing.F) {
	fzSeeds(f, ".yaml", ".json")
	f.Fuzz(func(t *testing.T, src []byte) {
		defer fzWatchdog(fzHang)()
		fzCheckSource(t, src, "fuzz.yaml", parse.YAML)
	})
}

// fzWatchdog crashes the process with every goroutine's stack when an input runs longer
// than d (a hang); the fuzzer then keeps the input as a crasher. Call the result when done.
func fzWatchdog(d time.Duration) func() {
	timer := time.AfterFunc(d, func() {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		panic(fmt.Sprintf("hang: one input ran over %v\n%s", d, buf[:n]))
	})
	return func() { timer.Stop() }
}

// ---- the pipeline and its invariants ------------------------------------------------------

// fzKept is an input error returned by Replay and the text it had then.
type fzKept struct {
	game int
	err  error
	msg  string
}

// fzCheckSource runs every game of src through the pipeline as cmd/tricks does, with one
// Validator for all of them (as a pipeline worker has), checking the invariants.
func fzCheckSource(t *testing.T, src []byte, name string, format parse.Format) {
	rd := parse.NewReader(bytes.NewReader(src), name, format)
	v := validate.New()
	var kept []fzKept
	for k := 0; ; k++ {
		if k > 100000 {
			t.Fatal("the reader did not reach EOF")
		}
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fzPositioned(t, "parse", name, err)
			if g == nil {
				break
			}
			continue
		}
		if g == nil {
			t.Fatal("Next returned neither a game nor an error")
		}
		rs, err := fzResolve(g)
		if errors.Is(err, errFzNotBuiltin) {
			continue
		}
		if err != nil {
			fzPositioned(t, "ruleset", name, err)
			continue
		}
		if why := fzKnownBug(g, rs); why != "" {
			t.Skip("known bug: " + why)
		}
		if e := fzReplayScore(t, v, g, rs); e != nil {
			kept = append(kept, fzKept{g.Index, e, e.Error()})
		}
	}
	// An error must not change when the Validator goes on with later games: the pipeline
	// prints it only after the worker has moved on.
	for _, k := range kept {
		if got := k.err.Error(); got != k.msg {
			t.Fatalf("game %d: the input error changed after the Validator replayed later games:\nwas: %s\nnow: %s", k.game, k.msg, got)
		}
	}
}

var errFzNotBuiltin = errors.New("not a built-in ruleset")

// fzResolve is cmd/tricks' resolver without -r/-o: the game line's ruleset, then its option
// lines. A ruleset that is not built in would be read as a file: skipped here.
func fzResolve(g *parse.Game) (*rulesets.Ruleset, error) {
	if g.Ruleset == "" {
		pos := g.Pos
		pos.File = g.File
		return nil, parse.ErrorList{{Pos: pos, Msg: "no ruleset"}}
	}
	if !rulesets.IsBuiltin(g.Ruleset) {
		return nil, errFzNotBuiltin
	}
	base, err := rulesets.Load(g.Ruleset)
	if err != nil {
		return nil, parse.ErrorList{{Pos: g.RulesetPos, Msg: err.Error()}}
	}
	rs := base.Clone()
	var errs parse.ErrorList
	for _, kv := range g.Options {
		if err := rs.Set(kv.Key, kv.Value); err != nil {
			if err.Error() == "" {
				return nil, fmt.Errorf("option %s=%s: empty error message", kv.Key, kv.Value)
			}
			errs.Add(kv.Pos, err.Error())
		}
	}
	return rs, errs.Err()
}

// fzPositioned: an input error is a non-empty parse.ErrorList whose every message names a
// line of the file (the pipeline adds the file name where it is missing).
func fzPositioned(t *testing.T, stage, file string, err error) {
	t.Helper()
	var el parse.ErrorList
	if !errors.As(err, &el) {
		t.Fatalf("%s: error is not a parse.ErrorList: %T %v", stage, err, err)
	}
	if len(el) == 0 {
		t.Fatalf("%s: empty ErrorList", stage)
	}
	for _, e := range el {
		if e == nil {
			t.Fatalf("%s: nil *Error in the list", stage)
		}
		if !e.Pos.IsValid() || (e.Pos.File != "" && e.Pos.File != file) {
			t.Fatalf("%s: badly positioned error %q (pos %+v)", stage, e.Error(), e.Pos)
		}
		if strings.TrimSpace(e.Msg) == "" {
			t.Fatalf("%s: error without message at %v", stage, e.Pos)
		}
	}
}

// fzReplayScore replays and scores one game, checks the result, and returns the input
// error, if any, to be checked again later.
func fzReplayScore(t *testing.T, v *validate.Validator, g *parse.Game, rs *rulesets.Ruleset) error {
	t.Helper()
	rp, err := v.Replay(g, rs)
	if rp == nil {
		t.Fatalf("game %d: Replay returned a nil Replay (err %v)", g.Index, err)
	}
	if err != nil {
		fzPositioned(t, "replay", g.File, err)
		return err
	}
	res := score.Score(rp)
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("game %d: json.Marshal: %v", g.Index, err)
	}
	if !json.Valid(b) {
		t.Fatalf("game %d: json.Marshal wrote invalid JSON: %s", g.Index, b)
	}
	fzCheckResult(t, g, rp, res)
	return nil
}

// fzAdd adds with an overflow check: totals that wrap around are absurd.
func fzAdd(t *testing.T, what string, a, b int) int {
	t.Helper()
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		t.Fatalf("absurd result: %s overflows int (%d + %d)", what, a, b)
	}
	return s
}

var fzRuleCodes = []string{validate.Revoke, validate.HeartsNotBroken, validate.FirstTrickPenalty, validate.FirstLead,
	validate.SpadesNotBroken, validate.PassCount, validate.PassDirection, validate.PassForbidden, validate.BidMissing,
	validate.BlindNotAllowed, validate.NotInHand, validate.DuplicateCard, validate.WrongLeader, validate.DealSize,
	validate.DeckMismatch, validate.UnknownPlayer, validate.AfterGameEnd, validate.ScoreMismatch}

// fzCheckScores: keys and values line up, keys are distinct.
func fzCheckScores(t *testing.T, what string, s score.Scores) {
	t.Helper()
	if len(s.Keys) != len(s.Vals) {
		t.Fatalf("%s: %d keys, %d values", what, len(s.Keys), len(s.Vals))
	}
	for i, k := range s.Keys {
		if slices.Index(s.Keys, k) != i {
			t.Fatalf("%s: key %q twice in %v", what, k, s.Keys)
		}
	}
}

// fzCheckResult checks a scored game against the replay and FORMAT.md "Results".
func fzCheckResult(t *testing.T, g *parse.Game, rp *validate.Replay, res *score.Result) {
	t.Helper()
	rs := rp.Rules
	if len(rp.Rounds) != len(g.Rounds) || len(res.Rounds) != len(rp.Rounds) {
		t.Fatalf("rounds: transcript %d, replay %d, result %d", len(g.Rounds), len(rp.Rounds), len(res.Rounds))
	}
	units := res.Players
	if res.Sides != nil {
		units = res.Sides
		if rs.Family != rulesets.Spades || !bool(rs.Teams) {
			t.Fatalf("sides %v in a game without teams", res.Sides)
		}
	}
	if !slices.Equal(res.Players, g.Players) {
		t.Fatalf("players %v, transcript %v", res.Players, g.Players)
	}
	fzCheckScores(t, "totals", res.Totals)
	if !slices.Equal(res.Totals.Keys, units) {
		t.Fatalf("totals keyed %v, want %v", res.Totals.Keys, units)
	}
	if res.Ruleset != rs.Name || res.Game != g.Index || res.File != g.File {
		t.Fatalf("result header %q/%d/%q, want %q/%d/%q", res.Ruleset, res.Game, res.File, rs.Name, g.Index, g.File)
	}

	sum := make([]int, len(units))
	var all []validate.Violation
	tiebreaks := false
	for i, out := range res.Rounds {
		r := rp.Rounds[i]
		where := fmt.Sprintf("round %d", i+1)
		if out.Round != i+1 || r.Number != i+1 {
			t.Fatalf("%s: numbered %d (replay %d)", where, out.Round, r.Number)
		}
		fzCheckScores(t, where+" points", out.Points)
		fzCheckScores(t, where+" totals", out.Totals)
		if out.Ignored {
			if len(out.Points.Keys) != 0 {
				t.Fatalf("%s: ignored (after the game ended) but has points %v", where, out.Points)
			}
			if len(out.Violations) != 1 || out.Violations[0].Rule != validate.AfterGameEnd {
				t.Fatalf("%s: ignored round without its after-game-end: %v", where, out.Violations)
			}
		} else {
			if out.Dealer == nil || !slices.Contains(res.Players, *out.Dealer) {
				t.Fatalf("%s: dealer %v is not a player", where, out.Dealer)
			}
			if r.Tiebreak {
				tiebreaks = true
			}
			for _, k := range out.Points.Keys {
				if !slices.Contains(units, k) {
					t.Fatalf("absurd result: %s points are keyed %q, which is none of %v (points %v)", where, k, units, out.Points.Keys)
				}
			}
			for u, name := range units {
				sum[u] = fzAdd(t, where+" total of "+name, sum[u], out.Points.Get(name))
			}
			for _, name := range out.Resets {
				u := slices.Index(units, name)
				if u < 0 || rs.ExactReset == 0 || rs.End == "rounds" || sum[u] != rs.Target {
					t.Fatalf("%s: reset of %q (total %v, target %d, exact-reset %d)", where, name, sum, rs.Target, rs.ExactReset)
				}
				sum[u] = fzAdd(t, where+" reset of "+name, sum[u], -rs.ExactReset)
			}
			if rs.Family == rulesets.Hearts && rs.ExactReset != 0 && rs.End != "rounds" && !r.Tiebreak {
				for u, name := range units {
					if sum[u] == rs.Target && !slices.Contains(out.Resets, name) {
						t.Fatalf("%s: %s is exactly at the target %d and was not reset", where, name, rs.Target)
					}
				}
			}
			if m := out.Moon; m != nil {
				if m.Scoring != "old" && m.Scoring != "new" || m.Choice != "recorded" && m.Choice != "auto" {
					t.Fatalf("%s: moon %+v", where, *m)
				}
				if !slices.ContainsFunc(r.Seats, func(s int) bool { return rp.Players[s] == m.Player }) {
					t.Fatalf("%s: the moon shooter %q does not play this round", where, m.Player)
				}
				if rs.Family != rulesets.Hearts || rs.Moon == "none" {
					t.Fatalf("%s: a moon under moon=%s (%s)", where, rs.Moon, rs.Family)
				}
			}
		}
		if !slices.Equal(out.Totals.Keys, units) {
			t.Fatalf("%s: totals keyed %v, want %v", where, out.Totals.Keys, units)
		}
		for u, name := range units {
			if got := out.Totals.Get(name); got != sum[u] {
				t.Fatalf("absurd result: %s: total of %s is %d, but the points of the rounds so far add up to %d (points %v, totals %v, resets %v)",
					where, name, got, sum[u], out.Points, out.Totals, out.Resets)
			}
		}
		if out.Bags != nil {
			fzCheckScores(t, where+" bags", *out.Bags)
			for k, b := range out.Bags.Vals {
				if b < 0 || (rs.BagPenalty && b >= 10) {
					t.Fatalf("absurd result: %s: %s has %d bags (bag-penalty %v)", where, out.Bags.Keys[k], b, rs.BagPenalty)
				}
			}
		}
		ntricks := len(r.Src.Tricks)
		for _, vi := range out.Violations {
			fzCheckViolation(t, where, vi, i+1, ntricks)
		}
		all = append(all, out.Violations...)
	}
	for u, name := range units {
		if got := res.Totals.Get(name); got != sum[u] {
			t.Fatalf("absurd result: final total of %s is %d, the rounds add up to %d", name, got, sum[u])
		}
	}
	if len(res.Violations) != len(all) {
		t.Fatalf("%d violations in the game, %d in its rounds", len(res.Violations), len(all))
	}
	for i := range all {
		if res.Violations[i] != all[i] {
			t.Fatalf("violation %d: game %+v, round %+v", i, res.Violations[i], all[i])
		}
	}

	// Winner, ties.
	if res.Finished != (res.Winner != nil) {
		t.Fatalf("finished %v with winner %v", res.Finished, res.Winner)
	}
	if res.Winner != nil && !slices.Contains(units, *res.Winner) {
		t.Fatalf("winner %q is none of %v", *res.Winner, units)
	}
	if len(res.Tied) > 0 {
		if res.Finished || len(res.Tied) < 2 {
			t.Fatalf("tied %v with finished %v", res.Tied, res.Finished)
		}
		for i, u := range res.Tied {
			if !slices.Contains(units, u) || slices.Index(res.Tied, u) != i {
				t.Fatalf("absurd result: tied %v (units %v)", res.Tied, units)
			}
		}
	}
	if res.Winner != nil && !tiebreaks {
		w := slices.Index(units, *res.Winner)
		for u := range units {
			if u == w {
				continue
			}
			switch {
			case rs.Family == rulesets.Hearts && sum[u] <= sum[w]:
				t.Fatalf("absurd result: winner %s has %d, %s has %d (lowest wins)", units[w], sum[w], units[u], sum[u])
			case rs.Family == rulesets.Spades && rs.BDN != "win" && (sum[w] < rs.Target || sum[u] >= sum[w]):
				t.Fatalf("absurd result: winner %s has %d, %s has %d, target %d", units[w], sum[w], units[u], sum[u], rs.Target)
			}
		}
	}
}

// fzCheckViolation checks one violation's fields against FORMAT.md.
func fzCheckViolation(t *testing.T, where string, v validate.Violation, round, ntricks int) {
	t.Helper()
	if !slices.Contains(fzRuleCodes, v.Rule) {
		t.Fatalf("%s: unknown rule code %q", where, v.Rule)
	}
	if v.Round != round {
		t.Fatalf("%s: violation %q says round %d", where, v.Rule, v.Round)
	}
	if v.Trick < 0 || v.Trick > ntricks {
		t.Fatalf("%s: violation %q in trick %d of %d", where, v.Rule, v.Trick, ntricks)
	}
	if !v.Pos.IsValid() {
		t.Fatalf("%s: violation %q (%s) has no line", where, v.Rule, v.Msg)
	}
	if v.Card != parse.NoCard && v.Card >= parse.NumCards {
		t.Fatalf("%s: violation %q names card %d", where, v.Rule, v.Card)
	}
	if strings.TrimSpace(v.Msg) == "" {
		t.Fatalf("%s: violation %q without message", where, v.Rule)
	}
	switch v.Rule {
	case validate.Revoke, validate.HeartsNotBroken, validate.FirstTrickPenalty, validate.FirstLead,
		validate.SpadesNotBroken, validate.WrongLeader:
		if v.Trick < 1 || v.Card == parse.NoCard || v.Player == "" {
			t.Fatalf("%s: %q without trick, card or player: %+v", where, v.Rule, v)
		}
	case validate.PassCount, validate.PassDirection, validate.BidMissing, validate.BlindNotAllowed, validate.DealSize,
		validate.AfterGameEnd:
		if v.Trick != 0 || v.Card != parse.NoCard {
			t.Fatalf("%s: %q with a trick or card: %+v", where, v.Rule, v)
		}
	}
	if _, err := json.Marshal(v); err != nil {
		t.Fatalf("%s: violation JSON: %v", where, err)
	}
}

// ---- structure-aware fuzzing -----------------------------------------------------------

// fzSrc hands out the fuzzer's numbers: the bytes of data first, then a PRNG seeded by the
// fuzzer, so that a short input still makes a whole game.
type fzSrc struct {
	data []byte
	rng  *rand.Rand
}

// intn returns a number in [0, n).
func (s *fzSrc) intn(n int) int {
	if n <= 1 {
		return 0
	}
	var x int
	switch {
	case len(s.data) >= 2 && n > 256:
		x = int(s.data[0])<<8 | int(s.data[1])
		s.data = s.data[2:]
	case len(s.data) >= 1:
		x = int(s.data[0])
		s.data = s.data[1:]
	default:
		return s.rng.IntN(n)
	}
	return x % n
}

// chance is true with probability 1/n.
func (s *fzSrc) chance(n int) bool { return s.intn(n) == 0 }

func fzPick[T any](s *fzSrc, list []T) T { return list[s.intn(len(list))] }

var fzNames = []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "Mary Ann"}

// fzBigInts are option and tally numbers, the awkward ones included.
var fzBigInts = []int{0, 1, 2, 3, 5, 7, 10, 13, 26, 36, 50, 100, 500, 999_999_999, 1 << 31, 1<<62 - 1, int(^uint(0) >> 1)}

// fzOptionValue picks a value for an option key from the valid values that
// rulesets.OptionValues spells, sometimes an awkward one.
func fzOptionValue(s *fzSrc, key string) string {
	if s.chance(40) {
		return fzPick(s, []string{"", "bogus", "-1", "on,off", "9999999999999999999999"})
	}
	valid := rulesets.OptionValues(key)
	switch {
	case key == "pass":
		dirs := []string{"left", "right", "across", "left2", "right2", "hold", "none"}
		k := 1 + s.intn(4)
		out := make([]string, k)
		for i := range out {
			out[i] = fzPick(s, dirs)
		}
		return strings.Join(out, ",")
	case key == "revoke":
		switch s.intn(3) {
		case 0:
			return "all"
		case 1:
			return "none"
		}
		return "fixed:" + strconv.Itoa(fzPick(s, fzBigInts))
	case key == "end":
		v := fzPick(s, []string{"reach", "exceed", "rounds"})
		if s.chance(3) {
			v += ":" + strconv.Itoa(1+s.intn(200))
		}
		return v
	case strings.Contains(valid, "whole number") || key == "pass-count":
		if key == "pass-count" {
			return strconv.Itoa(s.intn(4))
		}
		if s.chance(2) {
			return strconv.Itoa(fzPick(s, fzBigInts))
		}
		return strconv.Itoa(1 + s.intn(150))
	}
	return fzPick(s, strings.Split(valid, ", "))
}

// fzGame builds a game from s: mostly legal play under the ruleset and options it picks,
// with transcript errors, odd passes, big bids and tallies, tie-breaks and score lines mixed in.
func fzGame(s *fzSrc) *parse.Game {
	names := rulesets.Names()
	name := fzPick(s, names)
	base, err := rulesets.Load(name)
	if err != nil {
		panic(err)
	}
	g := &parse.Game{File: "fuzzgame.tricks", Index: 1, Ruleset: name}
	// Options, applied to our copy too so the play follows them where it can.
	rs := base.Clone()
	keys := rulesets.OptionKeys(base.Family)
	for k := s.intn(5); k > 0; k-- {
		key := fzPick(s, keys)
		val := fzOptionValue(s, key)
		if val == "" || strings.ContainsAny(val, " \"") {
			continue
		}
		g.Options = append(g.Options, parse.KV{Key: key, Value: val})
		_ = rs.Set(key, val)
	}
	// Players: usually a count the ruleset seats.
	np := 2 + s.intn(11)
	if !s.chance(4) {
		switch {
		case rs.Family == rulesets.Spades && (rs.Jokers == "high" || rs.Jokers == "fool") && !bool(rs.JokersReplace) && !bool(rs.Teams):
			np = fzPick(s, []int{3, 6})
		case rs.Family == rulesets.Spades:
			np = 4
		default:
			np = rs.Players.Min + s.intn(rs.Players.Max-rs.Players.Min+1)
		}
	}
	g.Players = slices.Clone(fzNames[:np])
	if s.chance(3) {
		g.Players[np-1] = "Mary Ann"
	}

	dealer := -1
	normal := 0
	for nr := 1 + s.intn(6); nr > 0; nr-- {
		r := &parse.Round{}
		g.Rounds = append(g.Rounds, r)
		seats := make([]int, np)
		for i := range seats {
			seats[i] = i
		}
		tiebreak := s.chance(6)
		if tiebreak {
			seats = seats[:0]
			for i := 0; i < np; i++ {
				if s.chance(2) {
					seats = append(seats, i)
				}
			}
			if len(seats) < 2 && np >= 2 {
				seats = []int{0, np - 1}
			}
			r.Tiebreak = []string{}
			for _, x := range seats {
				r.Tiebreak = append(r.Tiebreak, g.Players[x])
			}
			if s.chance(20) {
				r.Tiebreak = append(r.Tiebreak, "zed")
			}
		}
		// Dealer: named, or by rotation as RULES §1 and §7 have it.
		d := -1
		switch {
		case s.chance(5):
			d = s.intn(np)
			r.Dealer = g.Players[d]
			if s.chance(20) {
				r.Dealer = "zed"
			}
		case dealer < 0 && !tiebreak:
			d = 0
		case dealer < 0:
			d = seats[1%len(seats)]
		default:
			d = fzNextIn(seats, dealer+1, np)
		}
		dealer = d
		n := len(seats)
		var tb *rulesets.Table
		if tiebreak {
			tb, err = rs.TiebreakTable(n)
		} else {
			tb, err = rs.Table(n)
		}
		if err != nil {
			tb = nil
		}
		fzRound(s, g, r, rs, tb, seats, d, normal, tiebreak)
		if !tiebreak {
			normal++
		}
	}
	return g
}

// fzNextIn is the first seat of seats at or clockwise after from.
func fzNextIn(seats []int, from, n int) int {
	for k := 0; k < n; k++ {
		x := (from + k) % n
		if slices.Contains(seats, x) {
			return x
		}
	}
	return seats[0]
}

// fzRandomCard is any card, jokers included.
func fzRandomCard(s *fzSrc) parse.Card { return parse.Card(s.intn(parse.NumCards)) }

// fzRound fills one round: deal, passes, bids, then play or a tally, then extras.
func fzRound(s *fzSrc, g *parse.Game, r *parse.Round, rs *rulesets.Ruleset, tb *rulesets.Table, seats []int, dealer, normal int, tiebreak bool) {
	n := len(seats)
	spades := rs.Family == rulesets.Spades
	name := func(l int) string { return g.Players[seats[l]] }
	// The deck, shuffled and dealt in local seat order.
	var deck []parse.Card
	hand := 13
	if tb != nil {
		deck = append(tb.Deck.Cards(), tb.Deck2.Cards()...)
		hand = tb.HandSize
	} else {
		for c := 0; c < 52; c++ {
			deck = append(deck, parse.Card(c))
		}
		hand = len(deck) / max(n, 1)
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	hands := make([]validate.Hand, n)
	lists := make([][]parse.Card, n)
	for l := 0; l < n; l++ {
		for k := 0; k < hand && l*hand+k < len(deck); k++ {
			c := deck[l*hand+k]
			if s.chance(60) {
				c = fzRandomCard(s) // a joker, a removed card, a duplicate
			}
			lists[l] = append(lists[l], c)
			hands[l].Add(c)
		}
	}
	if s.chance(2) {
		for l := 0; l < n; l++ {
			if s.chance(15) {
				continue
			}
			cards := slices.Clone(lists[l])
			if s.chance(25) && len(cards) > 0 {
				cards = cards[:len(cards)-1]
			}
			r.Deal = append(r.Deal, parse.Hand{Player: name(l), Cards: cards})
			if s.chance(40) {
				r.Deal = append(r.Deal, parse.Hand{Player: fzPick(s, fzNames), Cards: cards})
			}
		}
	}

	// Passes, as the cycle has it (RULES §7: normal rounds count, tie-breaks never pass).
	dir := "hold"
	passCount := 0
	if tb != nil && !tiebreak {
		dir = tb.Pass[normal%len(tb.Pass)]
		passCount = tb.PassCount
	}
	off, _ := rulesets.PassOffset(dir, n)
	if (off != 0 && passCount > 0 && !spades && !s.chance(5)) || s.chance(15) {
		in := make([][]parse.Card, n)
		for l := 0; l < n; l++ {
			if s.chance(25) {
				continue // a missing pass line
			}
			cnt := passCount
			if s.chance(15) {
				cnt = s.intn(5)
			}
			var cards []parse.Card
			for k := 0; k < cnt && hands[l].Len() > 0; k++ {
				hc := hands[l].Cards()
				c := hc[s.intn(len(hc))]
				if s.chance(30) {
					c = fzRandomCard(s)
				}
				hands[l].Remove(c)
				cards = append(cards, c)
			}
			to := (l + off) % n
			p := parse.Pass{Player: name(l), Cards: cards}
			switch s.intn(12) {
			case 0:
				p.To = name(to)
			case 1:
				to = s.intn(n) // an odd recipient, maybe the passer
				p.To = name(to)
			case 2:
				p.To = fzPick(s, append(slices.Clone(fzNames), "zed"))
				to = -1
			}
			r.Passes = append(r.Passes, p)
			if to >= 0 {
				in[to] = append(in[to], cards...)
			}
		}
		for l := 0; l < n; l++ {
			for _, c := range in[l] {
				hands[l].Add(c)
			}
		}
	}

	// Bids.
	if spades || s.chance(30) {
		for l := 0; l < n; l++ {
			if s.chance(20) {
				continue
			}
			b := parse.Bid{Player: name(l)}
			switch s.intn(10) {
			case 0:
				b.Nil = true
			case 1:
				b.Blind, b.Nil = true, true
			case 2:
				b.Blind, b.N = true, s.intn(14)
			case 3:
				b.N = fzPick(s, fzBigInts)
				if b.N > 999_999_999 {
					b.N = 999_999_999
				}
			default:
				b.N = s.intn(hand + 1)
			}
			r.Bids = append(r.Bids, b)
		}
	}

	// A tally instead of the play.
	if s.chance(5) {
		if spades || s.chance(3) {
			for l := 0; l < n; l++ {
				k := s.intn(hand + 1)
				switch s.intn(12) {
				case 0:
					k = fzPick(s, fzBigInts)
					if k > 999_999_999 {
						k = 999_999_999
					}
				case 1:
					k = -s.intn(20)
				}
				r.Taken = append(r.Taken, parse.Count{Player: name(l), N: k})
			}
		}
		if !spades || s.chance(3) {
			var penalty []parse.Card
			for c := parse.Card(0); c < parse.NumCards; c++ {
				if tb != nil && tb.Value[c] != 0 {
					penalty = append(penalty, c)
					if tb.Deck2.Has(c) {
						penalty = append(penalty, c)
					}
				}
			}
			for _, c := range penalty {
				if !s.chance(8) {
					r.Took = append(r.Took, parse.Hand{Player: name(s.intn(n)), Cards: []parse.Card{c}})
				}
			}
			if len(r.Took) == 0 || s.chance(6) {
				r.Took = append(r.Took, parse.Hand{Player: name(s.intn(n)), Cards: []parse.Card{fzRandomCard(s), fzRandomCard(s)}})
			}
			r.Took = fzMergeTook(r.Took)
		}
	} else {
		fzPlay(s, g, r, tb, seats, dealer, hands, hand)
	}

	// Extras: moon choices, recorded scores and totals.
	if s.chance(6) {
		r.Moon = append(r.Moon, parse.Moon{Player: name(s.intn(n)), Scoring: fzPick(s, []string{"old", "new"})})
	}
	for _, kind := range []*[]parse.Count{&r.Score, &r.Total} {
		if s.chance(6) {
			for l := 0; l < n; l++ {
				who := name(l)
				if s.chance(10) && n >= 4 {
					who = g.Players[0] + "+" + g.Players[2]
				}
				*kind = append(*kind, parse.Count{Player: who, N: s.intn(200) - 50})
			}
		}
	}
}

// fzMergeTook joins took lines of the same player (one line per player, as people write).
func fzMergeTook(took []parse.Hand) []parse.Hand {
	var out []parse.Hand
	for _, h := range took {
		k := slices.IndexFunc(out, func(o parse.Hand) bool { return o.Player == h.Player })
		if k < 0 {
			out = append(out, parse.Hand{Player: h.Player, Cards: slices.Clone(h.Cards)})
		} else {
			out[k].Cards = append(out[k].Cards, h.Cards...)
		}
	}
	return out
}

// fzPlay plays the tricks: each player a card the rules allow (usually), by a strategy the
// fuzzer picks, so moons, revokes, broken hearts and ends of game happen.
func fzPlay(s *fzSrc, g *parse.Game, r *parse.Round, tb *rulesets.Table, seats []int, dealer int, hands []validate.Hand, hand int) {
	n := len(seats)
	name := func(l int) string { return g.Players[seats[l]] }
	var rules *validate.Rules
	if tb != nil {
		rules = validate.NewRules(tb)
	}
	// First leader: eldest, or the holder of the lowest club nearest eldest.
	eldest := slices.Index(seats, fzNextIn(seats, dealer+1, len(g.Players)))
	if eldest < 0 {
		eldest = 0
	}
	leader := eldest
	if tb != nil && tb.FirstLead != "eldest" {
		if lc := ((tb.Deck | tb.Deck2) & parse.SuitMask(parse.Clubs)).Lowest(); lc != parse.NoCard {
			for k := 0; k < n; k++ {
				if l := (eldest + k) % n; hands[l].Has(lc) {
					leader = l
					break
				}
			}
		}
	}
	strategy := s.intn(4) // 0 fuzz-chosen, 1 lowest, 2 highest, 3 one player takes all it can
	shooter := s.intn(n)
	ntricks := hand
	if s.chance(10) {
		ntricks = s.intn(hand + 1)
	}
	broken := false
	for ti := 0; ti < ntricks; ti++ {
		tr := parse.Trick{}
		if ti == 0 || s.chance(4) {
			tr.Leader = name(leader)
		}
		if s.chance(50) {
			leader = s.intn(n) // a wrong leader
			tr.Leader = name(leader)
		}
		size := n
		if s.chance(200) {
			size = s.intn(n + 2) // a trick with the wrong number of cards
		}
		st := validate.TrickState{Trick: ti + 1, Broken: broken}
		for k := 0; k < size; k++ {
			p := (leader + k) % n
			var c parse.Card
			switch {
			case hands[p].Len() == 0 || rules == nil || s.chance(80):
				c = fzRandomCard(s)
			default:
				st.Pos = k
				st.Led = rules.LedSuit(tr.Cards)
				legal := rules.Legal(hands[p], &st)
				if legal == 0 || s.chance(40) {
					legal = hands[p].A // an illegal play, maybe
				}
				cs := legal.Cards()
				switch {
				case strategy == 1 || (strategy == 3 && p != shooter):
					c = cs[0]
				case strategy == 2 || strategy == 3:
					c = cs[len(cs)-1]
				default:
					c = cs[s.intn(len(cs))]
				}
			}
			hands[p].Remove(c)
			tr.Cards = append(tr.Cards, c)
			if rules != nil && rules.Breaks(c) {
				broken = true
			}
		}
		if len(tr.Cards) == 0 {
			tr.Cards = []parse.Card{fzRandomCard(s)}
		}
		r.Tricks = append(r.Tricks, tr)
		if rules != nil && len(tr.Cards) == n {
			if w := rules.Winner(tr.Cards, rules.LedSuit(tr.Cards)); w >= 0 {
				leader = (leader + w) % n
			}
		}
	}
}

// fzGameText builds a game from (seed, data) and writes it as compact text.
func fzGameText(seed uint64, data []byte) []byte {
	s := &fzSrc{data: data, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	return parse.AppendText(nil, fzGame(s))
}

func FuzzGame(f *testing.F) {
	for i := range 3 * len(rulesets.Names()) {
		f.Add(uint64(i), []byte{byte(i % len(rulesets.Names()))})
	}
	f.Add(uint64(7), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		defer fzWatchdog(fzHang)()
		src := fzGameText(seed, data)
		// What the generator writes is a transcript: it must parse.
		games, err := parse.ParseBytesFormat(src, "fuzzgame.tricks", parse.Text)
		if err != nil || len(games) != 1 {
			t.Fatalf("generated transcript does not parse (%d games): %v\n%s", len(games), err, src)
		}
		fzCheckSource(t, src, "fuzzgame.tricks", parse.Text)
	})
}

// ---- known bugs and regressions ---------------------------------------------------------

// fzKnownBug names a standing bug the game would hit, so that the fuzzers go on looking for
// others; "" when none. Each entry goes when its bug is fixed (TestFuzzRegressions then
// fails on the skip reason's case, which is the reminder).
func fzKnownBug(g *parse.Game, rs *rulesets.Ruleset) string {
	return ""
}

// fzRegression is a minimised crashing or absurd input, kept as a test case.
type fzRegression struct {
	name string
	src  string // compact text
	yaml string // or YAML
	bug  string // "" once fixed: then the case must pass
}

var fzRegressions = []fzRegression{}

// TestFuzzRegressions runs the minimised fuzzer findings through the same checks as the
// fuzzers. Cases of standing bugs are skipped with the bug's description.
func TestFuzzRegressions(t *testing.T) {
	for _, c := range fzRegressions {
		t.Run(c.name, func(t *testing.T) {
			if c.bug != "" {
				t.Skip("BUG: " + c.bug)
			}
			defer fzWatchdog(fzHang)()
			if c.yaml != "" {
				fzCheckSource(t, []byte(c.yaml), "regression.yaml", parse.YAML)
				return
			}
			fzCheckSource(t, []byte(c.src), "regression.tricks", parse.Text)
		})
	}
}

// TestFuzzGameGenerator: the structure-aware generator writes transcripts that parse, for
// a spread of seeds (a quick run of FuzzGame's body without the fuzzer).
func TestFuzzGameGenerator(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	for seed := range uint64(n) {
		src := fzGameText(seed, nil)
		games, err := parse.ParseBytesFormat(src, "fuzzgame.tricks", parse.Text)
		if err != nil || len(games) != 1 {
			t.Fatalf("seed %d: generated transcript does not parse: %v\n%s", seed, err, src)
		}
	}
}
