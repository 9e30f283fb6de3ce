package app

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tricks-dev/tricks/rulesets"
	"github.com/urfave/cli/v2"
)

// completionCommand is `tricks completion bash|zsh|fish`: a completion script for the shell,
// written from the commands and flags of the app itself (so it stays in step with them).
// The script completes command names, each command's flags, ruleset names after -r, the
// values of -f and --to, and file names elsewhere.
func completionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script: bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: "bash: source <(tricks completion bash), or save it in a bash-completion directory.\n" +
			"zsh: source <(tricks completion zsh) (it uses bashcompinit), e.g. in ~/.zshrc.\n" +
			"fish: tricks completion fish > ~/.config/fish/completions/tricks.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError{fmt.Errorf("completion: name one shell: bash, zsh or fish")}
			}
			spec := completionSpec(c.App)
			switch sh := c.Args().First(); sh {
			case "bash":
				fmt.Fprint(e.stdout, bashCompletion(spec))
			case "zsh":
				// zsh runs the bash function through bashcompinit, whose complete knows
				// -o filenames but not bash's own -o bashdefault.
				bash := strings.Replace(bashCompletion(spec), " -o bashdefault", "", 1)
				fmt.Fprint(e.stdout, "#compdef tricks\n# zsh completion for tricks: source <(tricks completion zsh)\n"+
					"autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n"+bash)
			case "fish":
				fmt.Fprint(e.stdout, fishCompletion(spec))
			default:
				return usageError{fmt.Errorf("completion: unknown shell %q (expected bash, zsh or fish)", sh)}
			}
			return nil
		},
	}
}

// compCommand is what completion knows of one command.
type compCommand struct {
	name, usage string
	flags       []compFlag
}

type compFlag struct {
	long, short string // without dashes; short may be ""
	usage       string
	value       bool     // takes a value
	values      []string // the values to offer, if known
	files       bool     // offer file names too
}

// flagValues are the values offered after a flag, by command ("" for any command).
func flagValues(cmd, flag string) []string {
	switch flag {
	case "ruleset":
		return rulesets.Names()
	case "format":
		switch cmd {
		case "simulate", "convert":
			return []string{"text", "yaml", "json", "jsonl"}
		case "rulesets":
			return []string{"table", "json", "yaml"}
		case "show":
			return []string{"table", "json", "yaml"}
		case "stats":
			return []string{"table", "json", "jsonl", "csv", "yaml"}
		}
		return []string{"table", "json", "jsonl", "csv", "yaml"}
	}
	return nil
}

func completionSpec(app *cli.App) []compCommand {
	var out []compCommand
	for _, c := range app.VisibleCommands() {
		tidyFlags(c)
		cc := compCommand{name: c.Name, usage: c.Usage}
		for _, f := range c.VisibleFlags() {
			names := f.Names()
			cf := compFlag{long: names[0]}
			for _, n := range names[1:] {
				if len(n) == 1 && cf.short == "" {
					cf.short = n // the first; later aliases stay accepted, not offered
				}
			}
			if d, ok := f.(cli.DocGenerationFlag); ok {
				cf.usage = strings.ReplaceAll(d.GetUsage(), "`", "")
				cf.value = d.TakesValue()
			}
			if cf.value {
				cf.values = flagValues(c.Name, cf.long)
				cf.files = cf.values == nil || cf.long == "ruleset"
			}
			cc.flags = append(cc.flags, cf)
		}
		out = append(out, cc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func bashCompletion(spec []compCommand) string {
	var b strings.Builder
	var names []string
	for _, c := range spec {
		names = append(names, c.name)
	}
	b.WriteString("# bash completion for tricks: source <(tricks completion bash)\n")
	b.WriteString(bashKeysFunc())
	b.WriteString("_tricks() {\n")
	b.WriteString("    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]}\n")
	b.WriteString("    COMPREPLY=()\n")
	b.WriteString("    if [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	fmt.Fprintf(&b, "        COMPREPLY=($(compgen -W '%s --help --version' -- \"$cur\"))\n", strings.Join(names, " "))
	b.WriteString("        return\n    fi\n")
	b.WriteString("    local opts='' values='' takes='' files='' keys=''\n")
	b.WriteString("    case $cmd in\n")
	for _, c := range spec {
		var opts []string
		var cases []string
		for _, f := range c.flags {
			opts = append(opts, "--"+f.long)
			if f.short != "" {
				opts = append(opts, "-"+f.short)
			}
			if !f.value {
				continue
			}
			pat := "--" + f.long
			if f.short != "" {
				pat += "|-" + f.short
			}
			files := ""
			if f.files {
				files = "1"
			}
			if f.long == "option" {
				// key= of the family of the -r ruleset on the line, or every key.
				cases = append(cases, fmt.Sprintf("            %s) takes=1; values=\"$(_tricks_keys)\"; keys=1 ;;\n", pat))
				continue
			}
			cases = append(cases, fmt.Sprintf("            %s) takes=1; values='%s'; files='%s' ;;\n", pat, strings.Join(f.values, " "), files))
		}
		fmt.Fprintf(&b, "    %s)\n        opts='%s'\n", c.name, strings.Join(opts, " "))
		if len(cases) > 0 {
			b.WriteString("        case $prev in\n")
			for _, cs := range cases {
				b.WriteString(cs)
			}
			b.WriteString("        esac\n")
		}
		b.WriteString("        ;;\n")
	}
	b.WriteString("    esac\n")
	b.WriteString("    if [ -n \"$takes\" ]; then\n")
	b.WriteString("        if [ -n \"$values\" ]; then COMPREPLY=($(compgen -W \"$values\" -- \"$cur\")); fi\n")
	b.WriteString("        if [ -n \"$files\" ]; then COMPREPLY+=($(compgen -f -- \"$cur\")); fi\n")
	b.WriteString("        if [ -n \"$keys\" ]; then compopt -o nospace 2>/dev/null; fi\n")
	b.WriteString("        return\n    fi\n")
	b.WriteString("    if [[ $cur == -* ]]; then\n")
	b.WriteString("        COMPREPLY=($(compgen -W \"$opts --help\" -- \"$cur\"))\n")
	b.WriteString("        return\n    fi\n")
	fmt.Fprintf(&b, "    if [ \"$cmd\" = help ] || [ \"$cmd\" = h ]; then\n        COMPREPLY=($(compgen -W '%s %s' -- \"$cur\"))\n        return\n    fi\n",
		strings.Join(names, " "), strings.Join(topicNames(), " "))
	b.WriteString("    if [ \"$cmd\" = completion ]; then\n")
	b.WriteString("        COMPREPLY=($(compgen -W 'bash zsh fish' -- \"$cur\"))\n")
	b.WriteString("        return\n    fi\n")
	b.WriteString("    COMPREPLY=($(compgen -f -- \"$cur\"))\n")
	b.WriteString("}\n")
	b.WriteString("complete -o filenames -o bashdefault -F _tricks tricks\n")
	return b.String()
}

// bashKeysFunc is the bash function _tricks_keys: the option keys, as key=, of the family of
// the ruleset named by -r on the command line being completed (a built-in name), or of both.
func bashKeysFunc() string {
	keys := func(family string) string {
		var out []string
		for _, k := range rulesets.OptionKeys(family) {
			out = append(out, k+"=")
		}
		return strings.Join(out, " ")
	}
	var hearts, spades []string
	for _, name := range rulesets.Names() {
		if rs, err := rulesets.Builtin(name); err == nil && rs.Family == rulesets.Spades {
			spades = append(spades, name)
		} else {
			hearts = append(hearts, name)
		}
	}
	var b strings.Builder
	b.WriteString("_tricks_keys() {\n    local i r=''\n")
	b.WriteString("    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do\n")
	b.WriteString("        case ${COMP_WORDS[i]} in -r|--ruleset) r=${COMP_WORDS[i+1]} ;; esac\n    done\n")
	fmt.Fprintf(&b, "    case $r in\n    %s) echo '%s' ;;\n    %s) echo '%s' ;;\n    *) echo '%s' ;;\n    esac\n}\n",
		strings.Join(hearts, "|"), keys(rulesets.Hearts), strings.Join(spades, "|"), keys(rulesets.Spades), allKeys())
	return b.String()
}

// allKeys is every option key of both families, as key=, each once.
func allKeys() string {
	var out []string
	for _, k := range append(rulesets.OptionKeys(rulesets.Hearts), rulesets.OptionKeys(rulesets.Spades)...) {
		if !slices.Contains(out, k+"=") {
			out = append(out, k+"=")
		}
	}
	return strings.Join(out, " ")
}

func fishCompletion(spec []compCommand) string {
	q := func(s string) string {
		return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
	}
	var b strings.Builder
	b.WriteString("# fish completion for tricks: tricks completion fish > ~/.config/fish/completions/tricks.fish\n")
	b.WriteString("complete -c tricks -e\n")
	b.WriteString("complete -c tricks -n __fish_use_subcommand -l version -d 'print the version'\n")
	for _, c := range spec {
		fmt.Fprintf(&b, "complete -c tricks -f -n __fish_use_subcommand -a %s -d %s\n", c.name, q(c.usage))
	}
	b.WriteString("complete -c tricks -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
	var names []string
	for _, c := range spec {
		names = append(names, c.name)
	}
	fmt.Fprintf(&b, "complete -c tricks -f -n '__fish_seen_subcommand_from help h' -a %s\n", q(strings.Join(append(names, topicNames()...), " ")))
	for _, c := range spec {
		for _, f := range c.flags {
			line := fmt.Sprintf("complete -c tricks -n '__fish_seen_subcommand_from %s' -l %s", c.name, f.long)
			if f.short != "" {
				line += " -s " + f.short
			}
			if f.value {
				line += " -r"
				if !f.files {
					line += " -f"
				}
				if len(f.values) > 0 {
					line += " -a " + q(strings.Join(f.values, " "))
				} else if f.long == "option" {
					line += " -f -a " + q(allKeys())
				}
			}
			if f.usage != "" {
				line += " -d " + q(f.usage)
			}
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
