package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

// relaxedGCPercent is the garbage collector's target when a memory budget
// bounds the heap: a collection when the heap has grown 200% over the live
// heap, not Go's 100%. Searches allocate much short-lived garbage (cubes
// and pre-images that are then covered): on the small corpus files that
// search longest it took 7–22% off the CPU time (arbiter_v1_N, dekker_2b,
// dijkstra ~20%, whose heap stays near 1 MB live: dekker_2b made 14
// collections with Go's target).
const relaxedGCPercent = 200

// firstGCPercent is the target until the first collection: Go starts
// from a 4 MB heap, so the first collection comes when the heap reaches
// 4 MB × (1 + 800%) = 36 MB instead of 12 MB. A run that allocates less
// never collects, nor starts the collector's workers, whose stop-the-world
// phases wait for every running goroutine to be preempted (on a loaded
// machine a run's two collections cost sense_barrier, 16 MB allocated,
// 10–20% of its CPU time). The first collection then sets
// relaxedGCPercent, so a long search's heap still grows to 3× its live
// part, not 9×.
const firstGCPercent = 800

// relaxGC sets the garbage collector's target to firstGCPercent, then
// after the first collection to relaxedGCPercent, when a memory budget
// is given (limit.SetGoLimit then keeps the heap under it whatever the
// target) and the user did not choose one with GOGC; it reports whether
// it did.
func relaxGC(budget uint64) bool {
	if budget == 0 || os.Getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(firstGCPercent)
	// A sentinel that nothing references: the first collection finds it
	// unreachable and runs the cleanup. It is larger than the tiny
	// allocator's 16 bytes, whose blocks may keep a cleanup from running.
	sentinel := new([64]byte)
	runtime.AddCleanup(sentinel, func(int) { debug.SetGCPercent(relaxedGCPercent) }, 0)
	return true
}
