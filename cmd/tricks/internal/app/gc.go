package app

import (
	"os"
	"runtime/debug"
)

// tuneGC sets the collector for long batch runs, unless GOGC or GOMEMLIMIT say otherwise.
// A run holds little at a time (a few batches of games) but allocates as it goes: with the
// default GOGC=100 the collector runs every few hundred games, and while it marks, every
// allocation and pointer write pays for it, all the more with several workers. GOGC=400 runs
// it a quarter as often; a soft limit of 48 MiB keeps the peak RSS of a run near 50 MB all
// the same (a game too big for that is still read: the collector then runs more often, and
// the runtime caps its share of the CPU).
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	raiseMemoryLimit(0)
}

// softLimit is the soft memory limit of a run that holds little at a time.
const softLimit = 48 << 20

// raiseMemoryLimit sets the soft memory limit to softLimit plus extra bytes, what a run holds
// at a time beyond a few batches of games (compare: every entry's result of a game on each
// worker), unless GOMEMLIMIT says otherwise. Below what the run holds, the collector would
// run without end.
func raiseMemoryLimit(extra int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softLimit + extra)
	}
}
