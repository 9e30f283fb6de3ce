package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// cliDoc is CLI.md, whose rule codes `tricks help codes` prints; Main sets it, once, before
// anything reads it.
var cliDoc string

// helpTopic is a document `tricks help NAME` prints: the references a binary installed with
// go install carries with it, since its user may have no source tree.
type helpTopic struct {
	name, what string
	text       func() string
}

var helpTopics = []helpTopic{
	{"format", "the transcript format, text and YAML/JSON (parse/FORMAT.md)", func() string { return parse.FormatDoc }},
	{"rules", "every built-in ruleset, how it plays and scores, every option (rulesets/RULES.md)", func() string { return rulesets.RulesDoc }},
	{"codes", "every rule code with an example (cmd/tricks/CLI.md, Rule codes)", func() string { return section(cliDoc, "## Rule codes") }},
}

// topicNames are the names of helpTopics.
func topicNames() []string {
	var out []string
	for _, t := range helpTopics {
		out = append(out, t.name)
	}
	return out
}

// showTopic prints the document `tricks help NAME` names, and reports whether there is one.
func showTopic(w io.Writer, name string) bool {
	for _, t := range helpTopics {
		if t.name == name {
			io.WriteString(w, t.text())
			return true
		}
	}
	return false
}

// topicsHelp is the paragraph of `tricks --help` that lists the topics.
func topicsHelp() string {
	var b strings.Builder
	b.WriteString("The references are built in: tricks help TOPIC prints one.\n")
	for _, t := range helpTopics {
		fmt.Fprintf(&b, "   %-8s %s\n", t.name, t.what)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// section is the part of a Markdown document from the heading line head to the next heading
// of the same level (or the end).
func section(doc, head string) string {
	i := strings.Index(doc, "\n"+head+"\n")
	if i < 0 {
		return ""
	}
	rest := doc[i+1:]
	level := head[:strings.IndexByte(head, ' ')+1] // "## "
	if j := strings.Index(rest[len(head):], "\n"+level); j >= 0 {
		return rest[:len(head)+j+1]
	}
	return rest
}
