package validate

import "github.com/tricks-dev/tricks/parse"

func (e *genEngine) sureHold() bool { return false }

func (e *genEngine) claimDominance(m int, legal parse.CardSet) parse.CardSet { return legal }
