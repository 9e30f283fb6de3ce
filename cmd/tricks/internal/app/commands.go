package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/fatih/color"
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"
)

// Flags shared by the commands that read transcripts.
func gameFlags(formats string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `NAME` or FILE.yaml (replaces the transcript's game line)"},
		&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "option `k=v` on top of the transcript's (repeatable)"},
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output `FORMAT`: " + formats},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "`N` parallel workers; output keeps input order", DefaultText: "the number of CPUs"},
		&cli.BoolFlag{Name: "strict", Usage: "exit 1 when any game has an illegal play or transcript error"},
		colorFlag, noColorFlag,
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but input errors: the exit status tells the rest"},
	}
}

// loadRuleset loads a ruleset named on the command line: a built-in name, a file, or "-"
// for standard input.
func (e *env) loadRuleset(name string) (*rulesets.Ruleset, error) {
	if name != "-" {
		return rulesets.Load(name)
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, 1<<20+1))
	if err != nil {
		return nil, err
	}
	if len(data) > 1<<20 {
		return nil, fmt.Errorf("standard input: larger than 1 MiB: not a ruleset file")
	}
	rs, err := rulesets.Parse("-", data)
	return rs, stdinPositions(err)
}

// stdinPositions names standard input <stdin> in the positions of a ruleset's errors.
func stdinPositions(err error) error {
	var el parse.ErrorList
	var pe *parse.Error
	switch {
	case errors.As(err, &el):
		for _, e := range el {
			if e.Pos.File == "-" {
				e.Pos.File = stdinName
			}
		}
	case errors.As(err, &pe):
		if pe.Pos.File == "-" {
			pe.Pos.File = stdinName
		}
	}
	return err
}

// choiceFrom reads -r and -o and checks them once here: an error is the command line's, not
// each game's (an option no built-in ruleset takes is refused even without -r).
func (e *env) choiceFrom(c *cli.Context) (choice, error) {
	ch := choice{ruleset: c.String("ruleset"), options: c.StringSlice("option")}
	opts, err := rulesets.ParseOptions(ch.options)
	if err != nil {
		return ch, usageError{err}
	}
	if ch.ruleset != "" {
		if ch.base, err = e.loadRuleset(ch.ruleset); err != nil {
			return ch, usageError{fmt.Errorf("--ruleset %s: %v", ch.ruleset, err)}
		}
	}
	if err := (rulesets.Choice{Ruleset: ch.ruleset, Base: ch.base, Options: opts}).Check(); err != nil {
		return ch, usageError{optionHint(err, ch.options)}
	}
	return ch, nil
}

// The colour flags: --color=auto|always|never, and --no-color (never).
var (
	colorFlag   = &cli.StringFlag{Name: "color", Value: "auto", Usage: "colour: `WHEN` auto (on a terminal, unless NO_COLOR is set), always, never"}
	noColorFlag = &cli.BoolFlag{Name: "no-color", Usage: "no colour (--color=never; also NO_COLOR, and whenever stdout is not a terminal)"}
)

// colorOn says whether stdout gets colour: --color=always, or auto on a terminal without
// --no-color or NO_COLOR. A --color value other than auto, always and never is refused.
func (e *env) colorOn(c *cli.Context) (bool, error) {
	switch when := c.String("color"); {
	case c.Bool("no-color") || when == "never":
		return false, nil
	case when == "always":
		return true, nil
	case when == "auto" || when == "":
		return isTerminal(e.stdout) && os.Getenv("NO_COLOR") == "", nil
	default:
		return false, fmt.Errorf("--color %s: expected auto, always or never", when)
	}
}

// colors returns the palette for stdout: colour as colorOn says.
func (e *env) colors(c *cli.Context) palette {
	on, _ := e.colorOn(c) // a bad --color is refused with the arguments (app.go)
	mk := func(attrs ...color.Attribute) *color.Color {
		col := color.New(attrs...)
		if on {
			col.EnableColor()
		} else {
			col.DisableColor()
		}
		return col
	}
	return palette{bad: mk(color.FgRed), lead: mk(color.FgGreen, color.Bold), dim: mk(color.Faint), head: mk(color.Bold)}
}

type palette struct{ bad, lead, dim, head *color.Color }

func checkFormat(f string, allowed ...string) error {
	for _, a := range allowed {
		if f == a {
			return nil
		}
	}
	return usageError{fmt.Errorf("unknown format %q (expected %s)", f, strings.Join(allowed, ", "))}
}

// gameWriter writes every game and decides the exit status at the end.
type gameWriter interface {
	// render writes the output of a game read and checked without error to text, and
	// leaves in the job what emit needs besides (job.codes). It runs on the worker that
	// replays the game, reading only the writer's settings.
	render(text *bytes.Buffer, j *job)
	// emit writes a game in input order: its output as render made it, or the error of a
	// game that could not be read or checked.
	emit(j *job, text []byte)
	finish() error
}

// replayCommand is a command that replays every game of its files and writes each through
// the writer newWriter makes: validate and score.
func replayCommand(e *env, name, usage string, newWriter func(*env, *cli.Context) gameWriter) *cli.Command {
	formats := []string{"table", "text", "json", "jsonl", "csv", "yaml"}
	return &cli.Command{
		Name:      name,
		Usage:     usage,
		ArgsUsage: "FILE|DIR|- ...",
		Flags:     gameFlags("table, json, jsonl, csv, yaml"),
		Action: func(c *cli.Context) error {
			if err := checkFormat(c.String("format"), formats...); err != nil {
				return err
			}
			args, err := e.inputArgs(c, "at least one transcript file, directory or -")
			if err != nil {
				return err
			}
			files, err := transcriptFilesNoted(args, e.stderr)
			if err != nil {
				return usageError{err}
			}
			if err := notAnInput("--chart-svg", c.String("chart-svg"), files); err != nil {
				return usageError{err}
			}
			if c.String("ruleset") == "-" && slices.Contains(files, "-") {
				return usageError{fmt.Errorf("%s: standard input cannot be both the ruleset (-r -) and a transcript (-)", name)}
			}
			ch, err := e.choiceFrom(c)
			if err != nil {
				return err
			}
			if c.Int("jobs") < 0 {
				return usageError{fmt.Errorf("--jobs %d: give a number of workers (0 or none: one per CPU)", c.Int("jobs"))}
			}
			out := newWriter(e, c)
			// Charts read the game's result as it is written.
			_, charts := out.(*chartWriter)
			e.pipeline(files, ch, c.Int("jobs"), charts, out.render, out.emit)
			return out.finish()
		},
	}
}

func validateCommand(e *env) *cli.Command {
	return replayCommand(e, "validate", "replay every game and list each illegal play and transcript error",
		func(e *env, c *cli.Context) gameWriter { return newValidateWriter(e, c) })
}

func scoreCommand(e *env) *cli.Command {
	cmd := replayCommand(e, "score", "per-round points, running totals, moons, penalties and the winner",
		func(e *env, c *cli.Context) gameWriter { return withCharts(e, c, newScoreWriter(e, c)) })
	cmd.Flags, cmd.Before = append(cmd.Flags, chartFlags()...), chartBefore
	return cmd
}

func rulesetsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "rulesets",
		Usage:     "list the built-in rulesets; with a name, print its parameters as YAML (loadable with --ruleset FILE)",
		ArgsUsage: "[NAME|FILE]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "`FORMAT`: the list as table, json or yaml; a NAME's parameters as yaml (the default) or json"},
			&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "option `k=v` applied before printing (repeatable)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				f := c.String("format")
				if err := checkFormat(f, "table", "json", "yaml"); err != nil {
					return err
				}
				type entry struct {
					Name    string `json:"name" yaml:"name"`
					Family  string `json:"family" yaml:"family"`
					Players string `json:"players" yaml:"players"`
					Summary string `json:"summary" yaml:"summary"`
				}
				var list []entry
				for _, name := range rulesets.Names() {
					rs, err := rulesets.Builtin(name)
					if err != nil {
						return err
					}
					list = append(list, entry{name, rs.Family, playersText(rs), rs.Summary})
				}
				switch f {
				case "json":
					b, _ := json.MarshalIndent(list, "", "  ")
					fmt.Fprintln(e.stdout, string(b))
					return nil
				case "yaml":
					b, _ := yaml.Marshal(list)
					_, err := e.stdout.Write(b)
					return err
				}
				t := grid{sep: " ", cols: []gridCol{{min: 20}, {min: 7}, {min: 6}}}
				for _, l := range list {
					t.row(cell(l.Name), cell(l.Family), cell(l.Players), cell(l.Summary))
				}
				t.write(e.stdout)
				return nil
			}
			if c.NArg() > 1 {
				return usageError{fmt.Errorf("rulesets: one NAME or FILE at a time (got %d)", c.NArg())}
			}
			f := c.String("format")
			if c.IsSet("format") {
				if err := checkFormat(f, "yaml", "json"); err != nil {
					return usageError{fmt.Errorf("rulesets NAME: %w (a ruleset's parameters are a YAML or JSON file)", err)}
				}
			}
			rs, err := e.loadRuleset(c.Args().First())
			if err != nil {
				fmt.Fprintf(e.stderr, "tricks: %v\n", err)
				return exitError{exitInput}
			}
			opts := c.StringSlice("option")
			kvs, err := rulesets.ParseOptions(opts)
			if err == nil {
				err = rs.Apply(kvs)
			}
			if err != nil {
				return usageError{err}
			}
			if len(opts) > 0 {
				rs.Summary += " (with " + strings.Join(opts, " ") + ")"
			}
			b, err := rs.Marshal()
			if err == nil && f == "json" {
				b, err = yamlToJSON(b)
			}
			if err != nil {
				return err
			}
			_, err = e.stdout.Write(b)
			return err
		},
	}
}

// playersText says which table sizes a ruleset seats as it is: "3-6", "4"; and for Spades
// without jokers, those the jokers option adds: "4 (3 or 6 with jokers)" (5 never plays).
func playersText(rs *rulesets.Ruleset) string {
	seats := func(rs *rulesets.Ruleset, not []int) []int {
		var out []int
		for n := rs.Players.Min; n <= rs.Players.Max; n++ {
			if rs.CheckPlayers(n) == nil && !slices.Contains(not, n) {
				out = append(out, n)
			}
		}
		return out
	}
	plain := seats(rs, nil)
	text := countsText(plain, "-")
	if rs.Family == rulesets.Spades && !rs.HasJokers() {
		j := rs.Clone()
		if j.Set("jokers", "high") == nil {
			if extra := seats(j, plain); len(extra) > 0 {
				text += " (" + countsText(extra, " or ") + " with jokers)"
			}
		}
	}
	return text
}

// countsText writes table sizes: a run of three or more as "3-6" (joined with dash), others
// listed with " or " or ", ".
func countsText(ns []int, dash string) string {
	if len(ns) == 0 {
		return "none"
	}
	contiguous := ns[len(ns)-1]-ns[0] == len(ns)-1
	switch {
	case len(ns) == 1:
		return strconv.Itoa(ns[0])
	case contiguous && len(ns) > 2 && dash == "-":
		return fmt.Sprintf("%d-%d", ns[0], ns[len(ns)-1])
	}
	var parts []string
	for _, n := range ns {
		parts = append(parts, strconv.Itoa(n))
	}
	sep := ", "
	if dash != "-" {
		sep = dash
	}
	return strings.Join(parts, sep)
}
