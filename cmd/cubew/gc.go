package main

import (
	"os"
	"runtime/debug"
)

// relaxedGCPercent is the garbage collector's target when a memory budget
// bounds the heap: a collection when the heap has grown 200% over the live
// heap, not Go's 100%. Searches allocate much short-lived garbage (cubes
// and pre-images that are then covered); on the small corpus files this
// takes 10–20% off the CPU time (dekker_2b: 14 collections with Go's
// default, of a heap that stays near 1 MB live), and the first collection
// comes at 8 MB instead of 4.
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
