package app

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score/simulate"
	"github.com/urfave/cli/v2"
)

// simulateCommand is `tricks simulate`: random games written game by game to stdout, so
// memory stays flat for any -n.
func simulateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "write random legal games (and, with --illegal P, some illegal plays) for tests, demos and benchmarks",
		// A flag that does not parse is a usage error (exit 2) with a one-line message, not
		// a help page on stdout, which would read as games.
		OnUsageError:    func(_ *cli.Context, err error, _ bool) error { return usageError{err} },
		HideHelpCommand: true,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `NAME` or FILE.yaml (required)"},
			&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "option `k=v` (repeatable); written as the games' option lines"},
			&cli.IntFlag{Name: "players", Aliases: []string{"p"}, Usage: "`N` players", DefaultText: "4, or the ruleset's smallest table when 4 cannot play"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 1, Usage: "number of `GAMES` to write"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed `S`: the same seed gives the same games"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output `FORMAT`: text, yaml, json (an array) or jsonl (a game a line)"},
			&cli.Float64Flag{Name: "illegal", Usage: "probability `P` that a play is made illegal where an illegal alternative exists"},
			&cli.BoolFlag{Name: "with-deal", Usage: "write the deal and the passes (otherwise hands are inferred from the play)"},
			&cli.BoolFlag{Name: "leaders", Usage: "name the leader of every trick"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "`N` parallel generators; output order stays game order", DefaultText: "the number of CPUs"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError{fmt.Errorf("simulate: unexpected argument %q (simulate reads no files)", c.Args().First())}
			}
			format := c.String("format")
			if err := checkFormat(format, "text", "yaml", "json", "jsonl"); err != nil {
				return err
			}
			name := c.String("ruleset")
			if name == "" {
				return usageError{fmt.Errorf("simulate: name a ruleset with -r NAME (built-in: %s)", strings.Join(rulesets.Names(), ", "))}
			}
			rs, err := rulesets.Load(name)
			if err != nil {
				return usageError{err}
			}
			kvs, err := rulesets.ParseOptions(c.StringSlice("option"))
			if err == nil {
				kvs = lastOfEach(kvs)
				err = rs.Apply(kvs)
			}
			if err != nil {
				return usageError{err}
			}
			players := c.Int("players")
			if !c.IsSet("players") {
				players = defaultPlayers(rs)
			}
			if err := rs.CheckPlayers(players); err != nil {
				return usageError{err}
			}
			games := c.Int("games")
			if games < 0 {
				return usageError{fmt.Errorf("-n %d: the number of games cannot be negative", games)}
			}
			p := c.Float64("illegal")
			if !(p >= 0 && p <= 1) {
				return usageError{fmt.Errorf("--illegal %v: a probability between 0 and 1", p)}
			}
			if c.Int("jobs") < 0 {
				return usageError{fmt.Errorf("--jobs %d: give a number of generators (0 or none: one per CPU)", c.Int("jobs"))}
			}
			jobs := workers(c.Int("jobs"))
			opts := simulate.Options{
				Illegal:  p,
				WithDeal: c.Bool("with-deal"),
				Leaders:  c.Bool("leaders"),
				Options:  kvs, // the game line is the ruleset's name (RULES: a file's `name`)
			}
			return e.simulate(rs, players, c.Uint64("seed"), opts, games, jobs, format)
		},
	}
}

// defaultPlayers is 4, or the smallest table the ruleset seats when 4 cannot play.
func defaultPlayers(rs *rulesets.Ruleset) int {
	if rs.CheckPlayers(4) == nil {
		return 4
	}
	for n := rs.Players.Min; n <= rs.Players.Max; n++ {
		if rs.CheckPlayers(n) == nil {
			return n
		}
	}
	return 4 // CheckPlayers then names the range
}

// simulate generates games 1..games on `jobs` workers and writes them in order. Each worker
// has its own Simulator and writes the text of its games itself, each game into the memory
// of the game before (simulate.Options.Reuse); the games go by runs of consecutive ones
// (simBatch), at most a few runs per worker in flight, so memory stays flat. With one
// worker it all happens here.
func (e *env) simulate(rs *rulesets.Ruleset, players int, seed uint64, opts simulate.Options, games, jobs int, format string) error {
	if _, err := simulate.New(rs, players, seed, opts); err != nil {
		return usageError{err}
	}
	opts.Reuse = true // every game is written before the next is made
	e.watchNow()      // the games may be without number
	bw := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := e.newProgress(int64(games), nil)
	defer prog.done()
	n := 0
	next := func(g *simGame) (int, bool) {
		if n == games || e.stopping() {
			return 0, false // interrupted: the games written so far are whole
		}
		n++
		*g = simGame{i: n}
		return 0, true
	}
	newWork := func() func(*simGame, *bytes.Buffer) {
		sim, _ := simulate.New(rs, players, seed, opts)
		return simWork(sim, format)
	}
	var err error
	written := 0
	inOrder(max(1, min(jobs, (games+simBatch-1)/simBatch)), simSize, next, byItem(newWork), func(g *simGame, text []byte) bool {
		if e.stopping() {
			return false
		}
		prog.tick()
		if g.err != nil {
			bw.Flush()
			prog.clear()
			err = fmt.Errorf("simulate: %v", g.err)
			return false
		}
		_, err = bw.Write(text)
		written++
		return err == nil
	})
	if format == "json" { // the array is closed however the run ends: what is written is whole
		end := "\n]\n"
		if written == 0 {
			end = "[]\n"
		}
		bw.WriteString(end)
	}
	if err != nil {
		bw.Flush()
		return err
	}
	return bw.Flush()
}

// simGame is a game of simulate's: its number, and the error that stops the run there.
type simGame struct {
	i   int
	err error
}

// simWork makes the games of one worker with its Simulator, their text written by one
// Writer for all of them: it separates each game from the one before, which for the
// worker's first is the last of another worker's run. A JSON array is written as its games
// a line each (jsonl), with the brackets and commas put around them here, so that any
// worker's game may come first.
func simWork(sim *simulate.Simulator, format string) func(*simGame, *bytes.Buffer) {
	to := &batchText{}
	var out *writer.Writer
	switch format {
	case "json", "jsonl":
		out = writer.NewJSONWriter(to, true)
	case "yaml":
		out = writer.NewWriter(to, parse.YAML)
	default:
		out = writer.NewWriter(to, parse.Text)
	}
	first := true
	failed := false // a game of this worker's failed: the run stops there
	return func(g *simGame, text *bytes.Buffer) {
		if failed {
			return // a game after the one that stops the run: never written, so not made
		}
		game, err := sim.Game(g.i)
		if err != nil {
			g.err, failed = err, true
			return
		}
		to.w = text
		from := text.Len()
		switch {
		case format == "json" && g.i == 1:
			text.WriteString("[\n")
		case format == "json":
			text.WriteString(",\n")
		case format == "jsonl":
		case first && g.i > 1:
			text.WriteString("---\n")
		}
		first = false
		out.Write(game) // cannot fail: batchText.Write does not
		if format == "json" {
			text.Truncate(text.Len() - 1) // the line's end: a comma or the array's end follows
		}
		if err := readsBack(g.i, text.Bytes()[from:]); err != nil {
			text.Truncate(from)
			g.err, failed = err, true
		}
	}
}

// readsBack refuses game i, written as text (after a "---" line, for a game after the
// first), when it is longer than a transcript may be (parse.MaxGameBytes): every game
// simulate writes must read back. The other limits of a game (players, rounds, tricks, cards
// a statement) the options cannot exceed; the bytes depend on the play, and a long game of
// many players with many illegal plays listed in its meta line can cross them.
func readsBack(i int, text []byte) error {
	n := len(bytes.TrimPrefix(text, []byte("---\n")))
	if n <= parse.MaxGameBytes {
		return nil
	}
	return fmt.Errorf("game %d would be %d bytes, more than a transcript may hold (%d KiB: see Reliability in the README); "+
		"the games before it are written: ask for fewer rounds (-o rounds), fewer players or a lower --illegal", i, n, parse.MaxGameBytes>>10)
}

// batchText is an io.Writer that appends to the text of the batch being made.
type batchText struct{ w *bytes.Buffer }

func (w *batchText) Write(p []byte) (int, error) {
	return w.w.Write(p)
}

// simBatch is how many consecutive games a simulate worker makes at a time; simSize is
// how they travel.
const simBatch = 64

var simSize = poolSize{batch: simBatch, budget: 4 << 20}

// lastOfEach keeps the last of the options given for a key, as score and validate apply
// them (the last one wins), in the order they were given: the games' option line names a key
// once, as a transcript must.
func lastOfEach(kvs []parse.KV) []parse.KV {
	out := kvs[:0:0]
	for i, kv := range kvs {
		later := false
		for _, o := range kvs[i+1:] {
			later = later || o.Key == kv.Key
		}
		if !later {
			out = append(out, kv)
		}
	}
	return out
}
