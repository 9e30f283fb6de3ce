package rulesets

import _ "embed" // for RulesDoc

// RulesDoc is RULES.md, every built-in ruleset, how it plays and scores, and every option,
// for programs that show it to people who have the binary but not the source
// (tricks help rules).
//
//go:embed RULES.md
var RulesDoc string
