package app

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// jsonlResult is what this test reads of a `score -f jsonl` line.
type jsonlResult struct {
	Ruleset  string   `json:"ruleset"`
	Players  []string `json:"players"`
	Sides    []string `json:"sides"`
	Finished bool     `json:"finished"`
	Winner   *string  `json:"winner"`
	Tied     []string `json:"tied"`
	Rounds   []struct {
		Points       map[string]int    `json:"points"`
		Ignored      bool              `json:"ignored"`
		Moon         *json.RawMessage  `json:"moon"`
		PenaltyTotal *int              `json:"penalty_cards_in_play"`
		PenaltyCards map[string]int    `json:"penalty_cards"`
		Tricks       map[string]int    `json:"tricks"`
		Bids         map[string]string `json:"bids"`
		Bags         map[string]int    `json:"bags"`
		BagPenalty   map[string]int    `json:"bag_penalty"`
	} `json:"rounds"`
	Violations []struct {
		Rule string `json:"rule"`
	} `json:"violations"`
}

// direct is the figures of one ruleset computed straight from score's JSON lines, with two
// passes over the points for the mean and the standard deviation.
type direct struct {
	games, finished, tied, rounds, scored int
	wins, seatWins                        map[string]int
	points                                map[string][]float64 // "all" and "seat N"
	shot, failed                          int
	viol                                  map[string]int
	contracts, made, nils, nilsMade, bags int
	bagPenalties                          int
}

func computeDirect(t *testing.T, jsonl string) map[string]*direct {
	out := map[string]*direct{}
	sc := bufio.NewScanner(strings.NewReader(jsonl))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r jsonlResult
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		d := out[r.Ruleset]
		if d == nil {
			d = &direct{wins: map[string]int{}, seatWins: map[string]int{}, points: map[string][]float64{}, viol: map[string]int{}}
			out[r.Ruleset] = d
		}
		spades := strings.HasPrefix(r.Ruleset, "spades")
		units := r.Players
		seat := func(i int) string { return strconv.Itoa(i + 1) }
		if r.Sides != nil {
			units = r.Sides
			seat = func(i int) string { return fmt.Sprintf("%d+%d", i+1, i+3) }
		}
		d.games++
		if r.Finished {
			d.finished++
		} else if len(r.Tied) > 0 {
			d.tied++
		}
		if r.Winner != nil {
			d.wins[*r.Winner]++
			for i, u := range units {
				if u == *r.Winner {
					d.seatWins[seat(i)]++
				}
			}
		}
		for _, v := range r.Violations {
			d.viol[v.Rule]++
		}
		d.rounds += len(r.Rounds)
		prev := map[string]int{}
		for _, rd := range r.Rounds {
			if rd.Ignored {
				continue
			}
			d.scored++
			for i, u := range units {
				if p, ok := rd.Points[u]; ok {
					d.points["all"] = append(d.points["all"], float64(p))
					d.points["seat "+seat(i)] = append(d.points["seat "+seat(i)], float64(p))
				}
			}
			if !spades {
				if rd.Moon != nil && string(*rd.Moon) != "null" {
					d.shot++
				} else if rd.PenaltyTotal != nil && *rd.PenaltyTotal > 1 {
					for _, n := range rd.PenaltyCards {
						if n == *rd.PenaltyTotal-1 {
							d.failed++
							break
						}
					}
				}
				continue
			}
			for _, u := range units {
				pen := -rd.BagPenalty[u] / 100
				d.bagPenalties += pen
				d.bags += rd.Bags[u] - prev[u] + 10*pen
				prev[u] = rd.Bags[u]
			}
			sum := 0
			for _, n := range rd.Tricks {
				sum += n
			}
			if sum == 0 {
				continue
			}
			// Each unit's members as rulesets.Units seats them; a bid as the ruleset reads
			// it (a missing bid is a plain 0, RULES §7); partners both bidding nil of the same
			// kind are judged together (double nil).
			rs, err := rulesets.Builtin(r.Ruleset)
			require.NoError(t, err)
			_, unitOf := rs.Units(r.Players)
			for u := range units {
				var members []string
				for i, p := range r.Players {
					if unitOf[i] == u {
						members = append(members, p)
					}
				}
				bids := make([]parse.Bid, len(members))
				nils := 0
				for i, p := range members {
					if w, ok := rd.Bids[p]; ok {
						var good bool
						bids[i], good = parse.ParseBid(w)
						require.True(t, good, w)
					}
					if _, ok := rd.Bids[p]; ok && rs.IsNil(bids[i]) {
						nils++
					}
				}
				if nils == 2 && len(members) == 2 && bool(rs.DoubleNil) && bids[0].Blind == bids[1].Blind {
					d.nils += 2
					if rd.Tricks[members[0]]+rd.Tricks[members[1]] == 0 {
						d.nilsMade += 2
					}
					continue
				}
				bid, took, number, blind := 0, 0, false, false
				for i, p := range members {
					if _, ok := rd.Bids[p]; ok && rs.IsNil(bids[i]) {
						d.nils++
						if rd.Tricks[p] == 0 {
							d.nilsMade++
						}
						continue
					}
					bid, took, number, blind = bid+bids[i].N, took+rd.Tricks[p], true, blind || bids[i].Blind
				}
				if number {
					d.contracts++
					if took == bid || (!blind && took > bid) { // a blind bid is made exactly
						d.made++
					}
				}
			}
		}
	}
	require.NoError(t, sc.Err())
	return out
}

func meanSD(xs []float64) (float64, float64) {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}

// TestStatsMatchesScoreJSONL: the figures of `stats` on simulated games (legal and with
// illegal plays, Hearts and both Spades, mixed in one input) are those computed directly
// from `score -f jsonl` over the same games.
func TestStatsMatchesScoreJSONL(t *testing.T) {
	var input []string
	for _, sim := range [][]string{
		{"-r", "hearts", "-n", "150", "--seed", "11", "--illegal", "0.01"},
		{"-r", "black-maria", "-n", "60", "--seed", "12", "-p", "5"},
		{"-r", "spades-partnership", "-n", "80", "--seed", "13", "--illegal", "0.01"},
		{"-r", "spades", "-n", "60", "--seed", "14"},
	} {
		code, out, stderr := simRun("", append([]string{"simulate"}, sim...)...)
		require.Equal(t, 0, code, stderr)
		input = append(input, strings.TrimSuffix(out, "\n"))
	}
	in := strings.Join(input, "\n---\n") + "\n"

	code, jsonl, stderr := simRun(in, "score", "-f", "jsonl", "-")
	require.Equal(t, 0, code, stderr)
	want := computeDirect(t, jsonl)

	code, out, stderr := simRun(in, "stats", "-f", "json", "-j", "3", "-")
	require.Equal(t, 0, code, stderr)
	var rep statsReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Groups, 4)
	require.Equal(t, 350, rep.Games)
	for _, g := range rep.Groups {
		d := want[g.Ruleset]
		require.NotNil(t, d, g.Ruleset)
		name := g.Ruleset
		require.Equal(t, d.games, g.Games, name)
		require.Equal(t, d.finished, g.Finished, name)
		require.Equal(t, d.tied, g.Tied, name)
		require.Equal(t, d.games-d.finished-d.tied, g.Unfinished, name)
		require.Equal(t, d.rounds, g.Rounds, name)
		require.Equal(t, d.scored, g.ScoredRounds, name)
		require.Equal(t, d.wins, g.Wins.ByPlayer, name)
		require.Equal(t, d.seatWins, g.Wins.BySeat, name)
		require.Equal(t, d.viol, countsOf(g.Violations.ByRule), name)
		for rule, c := range g.Violations.ByRule {
			require.InDelta(t, float64(d.viol[rule])*100/float64(d.rounds), c.Per100Round, 1e-9, name)
		}
		check := func(key string, m moments) {
			xs := d.points[key]
			require.EqualValues(t, len(xs), m.N, "%s %s", name, key)
			mean, sd := meanSD(xs)
			require.InDelta(t, mean, m.Mean, 1e-9, "%s %s mean", name, key)
			require.InDelta(t, sd, m.SD, 1e-9, "%s %s sd", name, key)
			half := 1.96 * sd / math.Sqrt(float64(len(xs)))
			require.InDelta(t, mean-half, m.CI95[0], 1e-9, "%s %s ci", name, key)
			require.InDelta(t, mean+half, m.CI95[1], 1e-9, "%s %s ci", name, key)
		}
		check("all", g.Points.All)
		require.Len(t, g.Points.BySeat, len(d.points)-1, name)
		for seat, m := range g.Points.BySeat {
			check("seat "+seat, m)
		}
		if g.Spades != nil {
			s := g.Spades
			require.Nil(t, g.Moons, name)
			require.Equal(t, d.contracts, s.Contracts, name)
			require.Equal(t, d.made, s.Made, name)
			require.Equal(t, d.nils, s.Nils, name)
			require.Equal(t, d.nilsMade, s.NilsMade, name)
			require.Equal(t, d.bags, s.Bags, name)
			require.Equal(t, d.bagPenalties, s.BagPenalties, name)
			require.Positive(t, s.Contracts, name)
		} else {
			require.NotNil(t, g.Moons, name)
			require.Equal(t, d.shot, g.Moons.Shot, name)
			require.Equal(t, d.failed, g.Moons.Failed, name)
			require.Equal(t, d.scored, g.Moons.Rounds, name)
		}
	}
	// The illegal plays were found and counted.
	require.Positive(t, want["hearts"].viol["revoke"]+want["hearts"].viol["hearts-not-broken"])
	require.Positive(t, want["hearts"].shot)
}

func countsOf(m map[string]statCount) map[string]int {
	out := map[string]int{}
	for k, c := range m {
		out[k] = c.Count
	}
	return out
}

// BenchmarkStats: `stats` over simulated hearts games, one worker (the whole command: read,
// parse, replay, score and count).
func BenchmarkStats(b *testing.B) {
	code, games, stderr := simRun("", "simulate", "-r", "hearts", "-n", "200", "--seed", "3")
	require.Equal(b, 0, code, stderr)
	b.SetBytes(int64(len(games)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code, _, stderr := simRun(games, "stats", "-j", "1", "-"); code != 0 {
			b.Fatal(stderr)
		}
	}
	b.ReportMetric(float64(200*b.N)/b.Elapsed().Seconds(), "games/s")
}

// The mean of whole points is their exact sum divided once: 9, not the 9.000000000000002
// that a running mean drifts to.
func TestStatsMeanExact(t *testing.T) {
	var w welford
	for _, x := range []float64{1, 13, 5, 13, 0, 26, 13, 5, 13, 1} {
		w.add(x)
	}
	require.Equal(t, 9.0, w.moments().Mean)
}
