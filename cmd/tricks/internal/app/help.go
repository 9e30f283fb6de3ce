package app

import (
	"io"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
)

// commandExamples are the examples of one command.
type commandExamples struct {
	command string
	lines   []string
}

// examples are the EXAMPLES section of each command's --help (and of `tricks --help`, under
// the empty name). Every command has one; a test checks that they all do.
var examples = []commandExamples{
	{"", []string{
		"tricks score testdata/examples/hearts.tricks      # score a game",
		"tricks validate night.tricks                      # list illegal plays; exit 1 if any",
		"tricks score -f json night.tricks | jq '.[0].totals'",
		"tricks help score                                 # one command's flags and examples",
		"source <(tricks completion bash)                  # tab completion in bash",
	}},
	{"validate", []string{
		"tricks validate night.tricks                      # FILE:LINE:COL: rule: reason (round R, trick T)",
		"tricks validate games/                            # every transcript below a directory",
		"tricks validate -q night.tricks && echo clean     # the exit status alone: 0 clean, 1 illegal plays",
		"tricks validate -f jsonl night.tricks             # one object per game, errors included",
		"tricks simulate -r hearts -n 100 --illegal 0.05 | tricks validate -",
	}},
	{"score", []string{
		"tricks score night.tricks                         # per-round points, running totals, winner",
		"tricks score -r black-maria -o moon=new night.tricks",
		"tricks score -f json night.tricks | jq '.[0].totals'",
		"tricks score -f csv night.tricks > night.csv      # one row per round and player (or side)",
		"tricks score --strict night.tricks                # exit 1 when a play is illegal",
	}},
	{"compare", []string{
		"tricks compare -r hearts -r black-maria night.tricks",
		"tricks compare -r hearts -r hearts:moon=new:target=50 night.tricks",
		"tricks compare -r hearts,omnibus,black-jack -f json night.tricks",
	}},
	{"rulesets", []string{
		"tricks rulesets                                   # the built-in rulesets, one a line",
		"tricks rulesets hearts                            # every parameter of one, as YAML",
		"tricks rulesets hearts -o target=50 > house.yaml  # edit, then: tricks score -r house.yaml night.tricks",
	}},
	{"convert", []string{
		"tricks convert -f yaml night.tricks > night.yaml",
		"tricks convert -f text night.yaml               # canonical text: converting it again changes nothing",
		"tricks convert -f jsonl night.tricks            # JSON, a game a line (-f json: one array of them)",
	}},
	{"simulate", []string{
		"tricks simulate -r hearts --seed 7                # one random legal game",
		"tricks simulate -r spades-partnership -n 1000 > games.tricks",
		"tricks simulate -r hearts -n 100 --illegal 0.05 --with-deal | tricks validate -",
	}},
	{"show", []string{
		"tricks show testdata/examples/mistakes.tricks     # every trick: hands, leader, winner, points",
		"tricks show --round 2 testdata/examples/hearts.tricks",
		"tricks show --game 2 -f json evening.tricks       # the second game of a file, as JSON",
	}},
	{"stats", []string{
		"tricks stats games/                               # wins, points per round, moons, violations",
		"tricks simulate -r hearts -n 10000 | tricks stats -",
		"tricks stats -f csv -r black-maria games/ > figures.csv",
	}},
	{"analyze", []string{
		"tricks analyze testdata/examples/analyze-spades.tricks  # best play from where the record stops, each card's cost",
		"tricks analyze -f json night.tricks | jq '.[0].rounds[0].dd'",
		"tricks analyze -f csv night.tricks > costs.csv  # a row per recorded card and per legal card",
	}},
	{"completion", []string{
		"source <(tricks completion bash)                  # bash, for this shell",
		"tricks completion bash > /etc/bash_completion.d/tricks",
		"source <(tricks completion zsh)                   # zsh",
		"tricks completion fish > ~/.config/fish/completions/tricks.fish",
	}},
}

// examplesSection is the EXAMPLES section of a command's help (name "" for the app's), as the
// help templates print it through their "examples" function.
func examplesSection(name string) string {
	i := slices.IndexFunc(examples, func(e commandExamples) bool { return e.command == name })
	if i < 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nEXAMPLES:\n")
	for _, e := range examples[i].lines {
		b.WriteString("   " + e + "\n")
	}
	return b.String()
}

// The help templates: urfave/cli's, with the EXAMPLES section at the end.
var (
	appHelpTemplate     = cli.AppHelpTemplate + `{{examples ""}}`
	commandHelpTemplate = cli.CommandHelpTemplate + `{{examples .Name}}`
)

// explain gives the app and every command the templates with an EXAMPLES section. The rest
// of the help's set-up waits for the help: printHelp.
func explain(app *cli.App) {
	app.CustomAppHelpTemplate = appHelpTemplate
	for _, c := range app.Commands {
		if c.Name != "help" {
			c.CustomHelpTemplate = commandHelpTemplate
		}
	}
}

func init() { cli.HelpPrinter = printHelp }

// printHelp prints help as urfave/cli does, with the "examples" function for the templates,
// a command's flag list tidied first (tidyFlags) and the app's description the list of help
// topics: set up when help is asked for, not at every start.
func printHelp(w io.Writer, templ string, data any) {
	switch d := data.(type) {
	case *cli.Command:
		tidyFlags(d)
	case *cli.App:
		d.Description = topicsHelp()
	}
	cli.HelpPrinterCustom(w, templ, data, map[string]any{"examples": examplesSection})
}

// tidyFlags keeps a command's flag list accurate: a boolean flag does not print "(default:
// false)", and a flag whose usage says its default in words prints that, not its zero value
// as well. Done again it changes nothing.
func tidyFlags(c *cli.Command) {
	for _, f := range c.Flags {
		switch f := flagOf(f).(type) {
		case *cli.BoolFlag:
			f.DisableDefaultText = true
		case *cli.IntFlag:
			f.Usage, f.DefaultText = defaultInUsage(f.Usage, f.DefaultText)
		case *cli.StringFlag:
			f.Usage, f.DefaultText = defaultInUsage(f.Usage, f.DefaultText)
		case *cli.Float64Flag:
			f.Usage, f.DefaultText = defaultInUsage(f.Usage, f.DefaultText)
		case *cli.Uint64Flag:
			f.Usage, f.DefaultText = defaultInUsage(f.Usage, f.DefaultText)
		}
	}
}

var defaultWords = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*\(default:? ([^()]*)\)`) }) // compiled when first used, not at start-up

// defaultInUsage moves a "(default: ...)" written in a flag's usage to its default text,
// so that urfave/cli prints it once, in its place.
func defaultInUsage(usage, defaultText string) (string, string) {
	if defaultText != "" || !strings.Contains(usage, "(default") {
		return usage, defaultText // the common case, without the regular expression
	}
	m := defaultWords().FindStringSubmatchIndex(usage)
	if m == nil || defaultText != "" {
		return usage, defaultText
	}
	return usage[:m[0]] + usage[m[1]:], usage[m[2]:m[3]]
}

// version is what `tricks --version` prints: the module version and the VCS revision the
// binary was built from, as the Go toolchain recorded them in the build info.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information)"
	}
	return versionOf(bi)
}

// versionOf formats build information: "v1.2.0 (rev 0123456789ab, 2026-12-01T20:00:00Z)",
// "(devel)" for a build outside a module version, "+modified" for uncommitted changes.
func versionOf(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var extra []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified {
			rev += "+modified"
		}
		extra = append(extra, "rev "+rev)
	}
	if when != "" {
		extra = append(extra, when)
	}
	if bi.GoVersion != "" {
		extra = append(extra, bi.GoVersion)
	}
	if len(extra) > 0 {
		v += " (" + strings.Join(extra, ", ") + ")"
	}
	return v
}
