package main

import (
	"os"
	"runtime/debug"
)

// relaxedGCPercent is the garbage collector's target when a memory budget
// bounds the heap: a collection when the heap has grown 200% over the live
// heap, not Go's 100%, and the first one at 8 MB instead of 4. Searches
// allocate much short-lived garbage (cubes and pre-images that are then
// covered): on the small corpus files that search longest it took 7–22%
// off the CPU time (arbiter_v1_N, dekker_2b, dijkstra ~20%, whose heap
// stays near 1 MB live: dekker_2b made 14 collections with Go's target);
// the tiniest files make no collection either way.
const relaxedGCPercent = 200

// relaxGC sets the garbage collector's target to relaxedGCPercent when a
// memory budget is given (limit.SetGoLimit then keeps the heap under it
// whatever the target) and the user did not choose one with GOGC; it
// reports whether it did.
func relaxGC(budget uint64) bool {
	if budget == 0 || os.Getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(relaxedGCPercent)
	return true
}
