package app

import (
	"fmt"
	"io"
	"slices"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/tricks-dev/tricks/validate"
	"github.com/urfave/cli/v2"
)

func convertCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "rewrite transcripts in canonical text, YAML or JSON, losslessly, comments kept",
		ArgsUsage: "FILE|DIR|- ...",
		Description: "Every statement and the score keeper's comments are kept: the comment lines before a\n" +
			"statement and the comment at the end of its line, as # lines in text, as YAML comments in\n" +
			"YAML, and in JSON, which has no comments, as each game's and round's \"comment\" mapping.\n" +
			"-f json writes one array of the games, -f jsonl one game a line; both read back. What cannot\n" +
			"be kept: blank lines and the spacing of a line; the spacing after a #; a comment on a ---\n" +
			"line; where lines merge into one statement (two option or bid lines), their comments are\n" +
			"joined. A game that cannot be read is reported on standard error, not written.\n\n" +
			"--fix replays each game under its own rules and writes it with each slip validate\n" +
			"corrects applied (a card, deal or pass card written for another, a wrong leader name, two\n" +
			"cards swapped, a trick written in seat order or written twice), saying each on standard\n" +
			"error; what validate only suspects, or reports as illegal play, is written as it was.",
		Flags: []cli.Flag{
			// -f/--format as for every other command's output; --to/-t is the same flag.
			&cli.StringFlag{Name: "format", Aliases: []string{"f", "to", "t"}, Value: "text", Usage: "target spelling `FORMAT`: text, yaml, json or jsonl"},
			&cli.BoolFlag{Name: "fix", Usage: "apply the slips validate corrects (each said on standard error)"},
		},
		Action: func(c *cli.Context) error {
			newWriter, err := convertWriter(c.String("format"))
			if err != nil {
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
			bw := e.outBuffer(e.stdout)
			w := newWriter(bw)
			bad := false
			var fix *fixer
			if c.Bool("fix") {
				fix = newFixer()
			}
			for _, f := range files {
				e.readFile(f, func(g *parse.Game, err error) {
					if err != nil {
						bad = true
						bw.Flush()
						printError(e.stderr, f, err)
						return
					}
					if fix != nil {
						g = fix.game(g, e.stderr)
					}
					if err := w.Write(g); err != nil {
						bad = true
						fmt.Fprintf(e.stderr, "%s: %v\n", f, err)
					}
				})
			}
			if err := w.Close(); err != nil {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			if bad {
				return exitError{exitInput}
			}
			return nil
		},
	}
}

// convertWriter returns the writer of convert's target: canonical text, YAML, one JSON array
// of the games (which Close ends, "[]" for none) or JSON lines. JSON is written compact
// whether or not the output is a terminal, so that a game always gives the same bytes.
func convertWriter(target string) (func(io.Writer) *writer.Writer, error) {
	switch target {
	case "text", "tricks":
		return func(w io.Writer) *writer.Writer { return writer.NewWriter(w, parse.Text) }, nil
	case "yaml", "yml":
		return func(w io.Writer) *writer.Writer { return writer.NewWriter(w, parse.YAML) }, nil
	case "json", "jsonl":
		lines := target == "jsonl"
		return func(w io.Writer) *writer.Writer { return writer.NewJSONWriter(w, lines) }, nil
	}
	return nil, usageError{fmt.Errorf("convert: unknown target %q (expected text, yaml, json or jsonl)", target)}
}

// fixer replays games to apply the slips the diagnosis corrects (convert --fix).
type fixer struct {
	v   *validate.Validator
	res *resolver
}

func newFixer() *fixer {
	v, res := newWorker(choice{})
	return &fixer{v: v, res: res}
}

// game returns g with each round the diagnosis corrected replaced by the correction, and
// says each correction on w; g as read when its rules do not resolve or it cannot be
// replayed (validate says why). A round mended from a broken line is written as read: the
// mend is a guess.
func (f *fixer) game(g *parse.Game, w io.Writer) *parse.Game {
	rs, err := f.res.resolve(g)
	if err != nil {
		return g
	}
	rp, err := f.v.ReplayOwn(g, rs, f.res.ownRules(g))
	if err != nil {
		return g
	}
	out := g
	for _, r := range rp.Rounds {
		k := r.Number - 1
		if r.Fixed == nil || k < 0 || k >= len(g.Rounds) || r.Src != g.Rounds[k] {
			continue
		}
		if out == g {
			cp := *g
			cp.Rounds = slices.Clone(g.Rounds)
			out = &cp
		}
		out.Rounds[k] = r.Fixed
		x, game := r.FixedBy, ""
		if g.Index > 1 {
			game = fmt.Sprintf("game %d, ", g.Index)
		}
		fmt.Fprintf(w, "%s:%d:%d: fixed %s: %s (%sround %d)\n", g.File, x.Pos.Line, x.Pos.Col, x.Rule, x.Msg, game, x.Round)
	}
	return out
}
