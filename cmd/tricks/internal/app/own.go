package app

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/rulesets"
)

// ownRules returns the transcript's own rules (its game line and option lines, before -r,
// -o or a compare entry) when r applies other rules, else nil: they resolve what the
// transcript leaves implicit (RULES §7 "The recorded play is a fact"). A transcript without
// a game line, or whose own rules cannot be resolved, has none.
func (r *resolver) ownRules(g *parse.Game) *rulesets.Ruleset {
	if !r.applies {
		return nil
	}
	return r.Own(g)
}

// otherFamily returns the error of an entry whose ruleset is of another family than the
// game's own rules (CLI.md: compare scores one recorded play), or nil.
func (r *resolver) otherFamily(own *rulesets.Ruleset) error {
	if own == nil || r.name == "" {
		return nil
	}
	if r.base == nil {
		base, err := rulesets.Load(r.name)
		if err != nil {
			return nil // resolve reports it
		}
		r.base = base
	}
	if r.base.Family == own.Family {
		return nil
	}
	return fmt.Errorf("%s is a %s ruleset; this game is played under %s (%s)", r.base.Name, familyName(r.base.Family), own.Name, familyName(own.Family))
}

func familyName(f string) string {
	if f == rulesets.Spades {
		return "Spades"
	}
	return "Hearts-family"
}
