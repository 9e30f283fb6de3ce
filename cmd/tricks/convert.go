package main

import (
	"bufio"
	"fmt"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/writer"
	"github.com/urfave/cli/v2"
)

func convertCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "rewrite transcripts in canonical text or YAML, losslessly, comments kept",
		ArgsUsage: "FILE|DIR|- ...",
		Description: "Every statement and the score keeper's comments are kept: the comment lines before a\n" +
			"statement and the comment at the end of its line, as # lines in text and as YAML comments in\n" +
			"YAML (a JSON transcript's \"comment\" mappings are read too). What cannot be kept: blank\n" +
			"lines and the spacing of a line; the spacing after a #; a comment on a --- line; where\n" +
			"lines merge into one statement (two option or bid lines), their comments are joined.",
		Flags: []cli.Flag{
			// -f/--format as for every other command's output; --to/-t is the same flag.
			&cli.StringFlag{Name: "format", Aliases: []string{"f", "to", "t"}, Value: "text", Usage: "target spelling `FORMAT`: text or yaml"},
		},
		Action: func(c *cli.Context) error {
			var format parse.Format
			switch c.String("format") {
			case "text", "tricks":
				format = parse.Text
			case "yaml", "yml":
				format = parse.YAML
			default:
				return usageError{fmt.Errorf("convert: unknown target %q (expected text or yaml)", c.String("format"))}
			}
			args, err := e.inputArgs(c, "at least one transcript file, directory or -")
			if err != nil {
				return err
			}
			files, err := transcriptFilesNoted(args, e.stderr)
			if err != nil {
				return usageError{err}
			}
			bw := bufio.NewWriter(e.stdout)
			w := writer.NewWriter(bw, format)
			bad := false
			for _, f := range files {
				e.readFile(f, func(g *parse.Game, err error) {
					if err != nil {
						bad = true
						bw.Flush()
						printError(e.stderr, f, err)
						return
					}
					if err := w.Write(g); err != nil {
						bad = true
						fmt.Fprintf(e.stderr, "%s: %v\n", f, err)
					}
				})
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
