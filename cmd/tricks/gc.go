package main

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
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(48 << 20)
	}
}
