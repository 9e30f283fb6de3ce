package score

import (
	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/validate"
)

// NewScorer starts scoring rp (its Game, Rules and Players; rp.Rounds may be empty and grow
// as the rounds are given to Add).
func NewScorer(rp *validate.Replay) *Scorer {
	sc := &Scorer{}
	sc.Reset(rp)
	return sc
}

// Reset starts scoring another game, rp, in the room of the last one: the Result of the
// last game is no longer valid. A generator of many games resets one Scorer.
func (sc *Scorer) Reset(rp *validate.Replay) { sc.s = sc.start(rp) }

// Add scores the next round of the replay.
func (sc *Scorer) Add(r *validate.PlayedRound) { sc.s.round(r) }

// Finished reports whether the game is over with a single winner.
func (sc *Scorer) Finished() bool { return sc.s.finished }

// Tied appends to seats the global seats tied at the end while the game is undecided (a
// tie-break round among them is due), in table order; none while the game goes on.
func (sc *Scorer) Tied(seats []int) []int {
	s := sc.s
	if s.finished || !s.ended || len(s.tied) < 2 {
		return seats
	}
	for g, u := range s.unitOf {
		for _, t := range s.tied {
			if t == u {
				seats = append(seats, g)
			}
		}
	}
	return seats
}

// BlindRefused returns why the player of global seat g may not bid b blind in the next round
// (RULES §6), "" when the bid is allowed.
func (sc *Scorer) BlindRefused(g int, b parse.Bid) string { return sc.s.blindRefused(g, b) }

// Result returns the result of the rounds scored so far, as Score returns it. Call it once,
// after the last round.
func (sc *Scorer) Result() *Result { return sc.s.result() }
