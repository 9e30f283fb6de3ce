package simulate_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/tricks-dev/tricks/validate"
)

// simConfig is one table to simulate: a ruleset, options on top, a player count.
type simConfig struct {
	ruleset string
	options []string // k=v
	players int
}

func (c simConfig) String() string {
	s := fmt.Sprintf("%s/%dp", c.ruleset, c.players)
	if len(c.options) > 0 {
		s += "/" + strings.Join(c.options, ",")
	}
	return s
}

// simVariants are options worth simulating beyond the built-ins as they are, at the table
// sizes given (0: every size the variant seats).
var simVariants = []struct {
	ruleset string
	options []string
	players []int
}{
	{"hearts", []string{"first-lead=any-club"}, []int{4, 5}},
	{"hearts", []string{"hearts-broken=off", "first-trick-ban=off"}, []int{4}},
	{"hearts", []string{"queen-breaks-hearts=on", "moon=choice", "td-bonus=on", "no-tricks-bonus=5"}, []int{3, 6}},
	{"hearts", []string{"end=exceed", "target=50", "exact-reset=50"}, []int{4}},
	{"black-maria", []string{"pass=right,left,across,hold", "rounds=2"}, []int{4, 6}},
	{"rickety-kate-36", []string{"moon=new", "revoke=none"}, []int{5}},
	{"cancellation", []string{"first-lead=lowest-club"}, []int{0}},
	{"cancellation", []string{"first-lead=any-club"}, []int{0}},
	{"cancellation", []string{"pass=left", "moon=choice"}, []int{6, 8}},
	{"spades", []string{"jokers=high"}, []int{3}},
	{"spades", []string{"jokers=high", "spades-broken=on"}, []int{6}},
	{"spades", []string{"jokers=fool"}, []int{3}},
	{"spades", []string{"jokers=fool", "spades-broken=on"}, []int{6}},
	{"spades", []string{"jokers=high", "jokers-replace=on"}, []int{4}},
	{"spades", []string{"blind=on", "quicksand=on", "target=300"}, []int{4}},
	{"spades", []string{"nil=off", "bag-penalty=on", "bag-cap=1"}, []int{4}},
	{"spades-partnership", []string{"failed-nil-helps=on", "double-nil=off"}, []int{4}},
	{"spades-partnership", []string{"bdn=win", "nil-fail=0", "under=diff"}, []int{4}},
}

// simConfigList lists every built-in ruleset at every table size it seats, then the
// variants.
func simConfigList(t testing.TB) []simConfig {
	var out []simConfig
	add := func(c simConfig) {
		rs := simRules(t, c.ruleset, c.options)
		if c.players > 0 {
			require.NoError(t, rs.CheckPlayers(c.players), c)
			out = append(out, c)
			return
		}
		for n := rs.Players.Min; n <= rs.Players.Max; n++ {
			if rs.CheckPlayers(n) == nil {
				c.players = n
				out = append(out, c)
			}
		}
	}
	for _, name := range rulesets.Names() {
		add(simConfig{ruleset: name})
	}
	for _, v := range simVariants {
		for _, n := range v.players {
			add(simConfig{v.ruleset, v.options, n})
		}
	}
	return out
}

func simRules(t testing.TB, name string, options []string) *rulesets.Ruleset {
	rs, err := rulesets.Builtin(name)
	require.NoError(t, err)
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		require.NoError(t, rs.Set(k, v), o)
	}
	return rs
}

func simKVs(options []string) []parse.KV {
	var out []parse.KV
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		out = append(out, parse.KV{Key: k, Value: v})
	}
	return out
}

func newSim(t testing.TB, c simConfig, seed uint64, opts simulate.Options) *simulate.Simulator {
	opts.Options = simKVs(c.options)
	opts.CheckReplay = true
	sim, err := simulate.New(simRules(t, c.ruleset, c.options), c.players, seed, opts)
	require.NoError(t, err)
	return sim
}

// simRulesOf resolves a parsed game's rules as the CLI does: its game line and option lines.
func simRulesOf(t testing.TB, g *parse.Game) *rulesets.Ruleset {
	var opts []string
	for _, kv := range g.Options {
		opts = append(opts, kv.Key+"="+kv.Value)
	}
	return simRules(t, g.Ruleset, opts)
}

func simParse(t testing.TB, src []byte, name string, f parse.Format) *parse.Game {
	games, err := reader.ParseBytesFormat(src, name, f)
	require.NoError(t, err, "%s", src)
	require.Len(t, games, 1)
	return games[0]
}

// simStats counts what the simulated games exercised, so that the property tests are known
// not to be vacuous.
type simStats struct {
	mu                                  sync.Mutex
	games, rounds, tiebreaks, moons     int
	recordedMoons, carried, blind, nils int
	injected                            map[string]int
	tCheckedRounds, maxRounds           int
}

func (s *simStats) add(f func(s *simStats)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.injected == nil {
		s.injected = map[string]int{}
	}
	f(s)
}

func simSeeds(short, long int) int {
	if testing.Short() {
		return short
	}
	return long
}

// TestSimulateLegal: for every built-in ruleset (and some simVariants) at every table size,
// with and without the deal, simulated games parse back from text and YAML, round-trip
// text -> YAML -> text byte for byte, replay with no violation at all, and score to a
// finished game (tie-breaks included). In hearts-family rounds without moon or revoke the
// points add up to T plus the bonus cards in play.
func TestSimulateLegal(t *testing.T) {
	t.Parallel()
	n := simSeeds(4, 20)
	var st simStats
	t.Cleanup(func() {
		t.Logf("%d games, %d rounds (longest game %d), %d tie-breaks, %d moons (%d recorded), %d carried tricks, %d blind bids, %d nil bids, %d rounds checked against T",
			st.games, st.rounds, st.maxRounds, st.tiebreaks, st.moons, st.recordedMoons, st.carried, st.blind, st.nils, st.tCheckedRounds)
		if !testing.Short() && !t.Failed() {
			require.Positive(t, st.tiebreaks, "no tie-break was simulated")
			require.Positive(t, st.moons, "no moon was simulated")
			require.Positive(t, st.recordedMoons, "no moon choice was recorded")
			require.Positive(t, st.carried, "no cancelled trick was simulated")
			require.Positive(t, st.blind, "no blind bid was simulated")
			require.Positive(t, st.nils, "no nil bid was simulated")
		}
	})
	simEach(t, n, func(t *testing.T, c simConfig, seed uint64, withDeal bool) {
		sim := newSim(t, c, seed, simulate.Options{WithDeal: withDeal})
		g, err := sim.Game(int(seed))
		require.NoError(t, err)
		require.Empty(t, sim.Injected())
		simCheckLegal(t, g, withDeal, &st)
	})
}

// simEach runs f in parallel subtests for every simConfigList table, without and with the
// deal, on the seeds 1..n.
func simEach(t *testing.T, n int, f func(t *testing.T, c simConfig, seed uint64, withDeal bool)) {
	for _, c := range simConfigList(t) {
		for _, withDeal := range []bool{false, true} {
			name := c.String()
			if withDeal {
				name += "/with-deal"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				for seed := uint64(1); seed <= uint64(n); seed++ {
					f(t, c, seed, withDeal)
				}
			})
		}
	}
}

func simCheckLegal(t *testing.T, g *parse.Game, withDeal bool, st *simStats) {
	text := writer.AppendText(nil, g)
	g1 := simParse(t, text, "sim.tricks", parse.Text)
	y := writer.AppendYAML(nil, g1)
	require.Equal(t, string(writer.AppendYAML(nil, g)), string(y))
	g2 := simParse(t, y, "sim.yaml", parse.YAML)
	require.Equal(t, string(text), string(writer.AppendText(nil, g2)), "text -> YAML -> text")

	// g2 writes the same text as g1: replaying g1 stands for both.
	rs := simRulesOf(t, g1)
	rp, err := validate.Game(g1, rs)
	require.NoError(t, err, "%s", text)
	res := score.Score(rp)
	require.Empty(t, res.Violations, "%s", text)
	require.True(t, res.Finished, "unfinished game (%d rounds): %s", len(g1.Rounds), text)
	require.NotNil(t, res.Winner)
	require.Empty(t, res.Tied)
	st.add(func(s *simStats) {
		s.games++
		s.rounds += len(g1.Rounds)
		s.maxRounds = max(s.maxRounds, len(g1.Rounds))
		for _, r := range g1.Rounds {
			if r.Tiebreak != nil {
				s.tiebreaks++
			}
			s.recordedMoons += len(r.Moon)
			for _, b := range r.Bids {
				if b.Blind {
					s.blind++
				}
				if b.Nil {
					s.nils++
				}
			}
		}
		for _, r := range res.Rounds {
			if r.Moon != nil {
				s.moons++
			}
			s.carried += r.Carried
		}
	})
	// Tie-breaks come only at the end, among the tied, and the last one decides.
	tb := slices.IndexFunc(g1.Rounds, func(r *parse.Round) bool { return r.Tiebreak != nil })
	if tb >= 0 {
		require.Equal(t, rulesets.Hearts, rs.Family)
		for i, r := range g1.Rounds[tb:] {
			require.NotNil(t, r.Tiebreak, "a normal round after a tie-break")
			require.Len(t, res.Rounds[tb+i].Points.Keys, len(r.Tiebreak))
			if i > 0 {
				require.Subset(t, g1.Rounds[tb+i-1].Tiebreak, r.Tiebreak)
			}
		}
		require.Contains(t, g1.Rounds[len(g1.Rounds)-1].Tiebreak, *res.Winner)
	}
	// Deal and pass lines only with --with-deal; leaders only on trick 1, where needed.
	for _, r := range g1.Rounds {
		require.Equal(t, withDeal, len(r.Deal) > 0)
		if !withDeal {
			require.Empty(t, r.Passes)
		}
		for _, tr := range r.Tricks[1:] {
			require.Empty(t, tr.Leader)
		}
	}
	if rs.Family == rulesets.Hearts {
		simCheckTotals(t, rp, res, st)
	}
}

// simCheckTotals checks that each hearts-family round's points add up to what the deck
// holds: T plus the bonus (negative) cards in play, less the no-tricks bonus, in a round
// without moon or revoke. A moon makes it (n-1)T (old) or -T (new) plus the bonus cards, a
// fixed revoke penalty adds N per revoke, and revoke=all makes it exactly T.
func simCheckTotals(t *testing.T, rp *validate.Replay, res *score.Result, st *simStats) {
	kind, fixed := rp.Rules.RevokePenalty()
	for i, r := range rp.Rounds {
		out := res.Rounds[i]
		tb := r.Table
		bonus := 0 // the negative values of the cards in play, each copy counted
		for c := parse.Card(0); c < parse.NumCards; c++ {
			copies := 0
			for _, d := range [2]parse.CardSet{tb.Deck, tb.Deck2} {
				copies += int(d>>c) & 1
			}
			bonus += copies * min(tb.Value[c], 0)
		}
		want := tb.T + bonus
		switch {
		case kind == rulesets.RevokeAll && len(r.Revokers) > 0:
			require.Nil(t, out.Moon)
			want = tb.T
		case out.Moon != nil && out.Moon.Scoring == "old":
			want = (len(r.Seats)-1)*tb.T + bonus
		case out.Moon != nil:
			want = -tb.T + bonus
		default:
			for l := range r.Seats {
				if r.Tricks[l] == 0 {
					want -= rp.Rules.NoTricksBonus
				}
			}
		}
		if kind == rulesets.RevokeFixed {
			want += fixed * len(r.Revokers)
		}
		sum := 0
		for _, v := range out.Points.Vals {
			sum += v
		}
		require.Equal(t, want, sum, "round %d of %s: points %v", r.Number, rp.Rules.Name, out.Points)
		st.add(func(s *simStats) { s.tCheckedRounds++ })
	}
}

// TestSimulateIllegal: with --illegal 0.2, the checker and scorer report exactly the illegal
// plays the generator injected, with their round, trick, player, card and rule, and nothing
// else.
func TestSimulateIllegal(t *testing.T) {
	t.Parallel()
	n := simSeeds(2, 8)
	var st simStats
	t.Cleanup(func() {
		t.Logf("injected: %v; %d rounds checked against T", st.injected, st.tCheckedRounds)
		if !testing.Short() && !t.Failed() {
			for _, rule := range []string{validate.Revoke, validate.HeartsNotBroken, validate.SpadesNotBroken,
				validate.FirstTrickPenalty, validate.FirstLead, validate.PassForbidden} {
				require.Positive(t, st.injected[rule], "no %s was injected", rule)
			}
		}
	})
	simEach(t, n, func(t *testing.T, c simConfig, seed uint64, withDeal bool) {
		sim := newSim(t, c, seed, simulate.Options{WithDeal: withDeal, Illegal: 0.2})
		g, err := sim.Game(int(seed))
		require.NoError(t, err)
		text := writer.AppendText(nil, g)
		g1 := simParse(t, text, "sim.tricks", parse.Text)
		rp, err := validate.Game(g1, simRulesOf(t, g1))
		require.NoError(t, err, "%s", text)
		res := score.Score(rp)
		var got, want []string
		for _, v := range res.Violations {
			got = append(got, fmt.Sprintf("round %d trick %d %s %s %s", v.Round, v.Trick, v.Player, v.Card, v.Rule))
		}
		var meta []string
		for _, x := range sim.Injected() {
			want = append(want, x.String())
			meta = append(meta, fmt.Sprintf("%d/%d/%s/%s/%s", x.Round, x.Trick, x.Player, x.Card, x.Rule))
			st.add(func(s *simStats) { s.injected[x.Rule]++ })
		}
		require.Equal(t, "injected", g1.Meta[len(g1.Meta)-1].Key)
		require.Equal(t, strings.Join(meta, " "), g1.Meta[len(g1.Meta)-1].Value)
		slices.Sort(got)
		slices.Sort(want)
		require.Equal(t, want, got, "%s", text)
		if rp.Rules.Family == rulesets.Hearts {
			simCheckTotals(t, rp, res, &st)
		}
	})
}

// TestSimulateDeterministic: a game depends on the seed and its number only; the deal and
// pass lines are the only difference --with-deal makes to a legal game.
func TestSimulateDeterministic(t *testing.T) {
	t.Parallel()
	for _, c := range []simConfig{{"hearts", nil, 4}, {"black-maria", nil, 5}, {"spades-partnership", nil, 4}, {"cancellation", nil, 7}} {
		a := newSim(t, c, 7, simulate.Options{})
		b := newSim(t, c, 7, simulate.Options{WithDeal: true, Leaders: true})
		other := newSim(t, c, 8, simulate.Options{})
		for _, i := range []int{3, 1, 2} {
			g1, err := a.Game(i)
			require.NoError(t, err)
			g2, err := b.Game(i)
			require.NoError(t, err)
			g3, err := other.Game(i)
			require.NoError(t, err)
			again, err := a.Game(i)
			require.NoError(t, err)
			require.Equal(t, writer.AppendText(nil, g1), writer.AppendText(nil, again))
			require.NotEqual(t, writer.AppendText(nil, g1), writer.AppendText(nil, g3))
			require.Len(t, g2.Rounds, len(g1.Rounds))
			for k, r := range g2.Rounds {
				require.NotEmpty(t, r.Deal)
				require.Len(t, r.Tricks, len(g1.Rounds[k].Tricks))
				for j, tr := range r.Tricks {
					require.NotEmpty(t, tr.Leader)
					require.Equal(t, g1.Rounds[k].Tricks[j].Cards, tr.Cards)
				}
			}
		}
	}
}

// TestSimulatorErrors: bad parameters are refused.
func TestSimulatorErrors(t *testing.T) {
	rs := simRules(t, "hearts", nil)
	_, err := simulate.New(rs, 7, 1, simulate.Options{})
	require.ErrorContains(t, err, "3 to 6")
	_, err = simulate.New(rs, 4, 1, simulate.Options{Illegal: 1.5})
	require.ErrorContains(t, err, "between 0 and 1")
	_, err = simulate.New(rs, 3, 1, simulate.Options{Names: []string{"a", "b", "a"}})
	require.ErrorContains(t, err, "distinct")
	sp := simRules(t, "spades", nil)
	_, err = simulate.New(sp, 3, 1, simulate.Options{})
	require.Error(t, err)
}

// TestSimulateMaxRounds: the cap stops a game that would go on.
func TestSimulateMaxRounds(t *testing.T) {
	sim := newSim(t, simConfig{"hearts", nil, 4}, 1, simulate.Options{MaxRounds: 2})
	g, err := sim.Game(1)
	require.NoError(t, err)
	require.Len(t, g.Rounds, 2)
	var buf bytes.Buffer
	require.NoError(t, writer.WriteText(&buf, g))
}

// BenchmarkSimulate generates one 4-player Hearts game per iteration, each into the memory
// of the game before as the command does.
func BenchmarkSimulate(b *testing.B) {
	sim, err := simulate.New(simRules(b, "hearts", nil), 4, 1, simulate.Options{Reuse: true})
	require.NoError(b, err)
	b.ReportAllocs()
	rounds := 0
	for i := 0; b.Loop(); i++ {
		g, err := sim.Game(i)
		if err != nil {
			b.Fatal(err)
		}
		rounds += len(g.Rounds)
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// TestSimulateReuseSameAsFresh: a Simulator that writes each game into the memory of the
// game before (Options.Reuse) writes the games a fresh one writes, for every table: after
// long games and short ones, tie-breaks, bids, moons and injected plays, with the deal and
// without, the same text and the same injected plays.
func TestSimulateReuseSameAsFresh(t *testing.T) {
	t.Parallel()
	for _, c := range simConfigList(t) {
		for _, opts := range []simulate.Options{{WithDeal: true, Illegal: 0.05}, {Leaders: true}} {
			fresh := newSim(t, c, 3, opts)
			opts.Reuse = true
			reused := newSim(t, c, 3, opts)
			for _, i := range []int{1, 2, 3, 9, 4} {
				want, err := fresh.Game(i)
				require.NoError(t, err, "%v game %d", c, i)
				got, err := reused.Game(i)
				require.NoError(t, err, "%v game %d", c, i)
				require.Equal(t, string(writer.AppendText(nil, want)), string(writer.AppendText(nil, got)), "%v game %d", c, i)
				require.Equal(t, fresh.Injected(), reused.Injected(), "%v game %d", c, i)
			}
		}
	}
}
