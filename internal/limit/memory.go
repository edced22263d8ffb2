package limit

import (
	"bytes"
	"context"
	"os"
	"runtime/debug"
	"strconv"
	"time"
)

// DefaultBudget is half of the machine's physical memory (MemTotal in
// /proc/meminfo, see memTotal), or 4 GiB where it is unknown.
func DefaultBudget() uint64 {
	if n := memTotal(); n > 0 {
		return n / 2
	}
	return 4 << 30
}

// RSS returns the resident set size of this process (Go heap, Z3 and
// everything else), read from /proc/self/statm; 0 if unknown.
func RSS() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := bytes.Fields(b)
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseUint(string(fields[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * uint64(os.Getpagesize())
}

// WatchInterval is how often [Watch] samples the memory in use.
const WatchInterval = 100 * time.Millisecond

// Watch enforces a memory budget on a run: it asks the Go runtime to
// collect harder as the heap nears the budget, then samples use (RSS
// when nil) on every tick until ctx is done, and cancels the run with a
// [MemoryBudget] cause on the first sample above budget. It returns the
// peak sampled. Call it on its own goroutine.
func Watch(ctx context.Context, cancel context.CancelCauseFunc, budget uint64, use func() uint64, tick <-chan time.Time) uint64 {
	if use == nil {
		use = RSS
	}
	var peak uint64
	for {
		select {
		case <-ctx.Done():
			return peak
		case <-tick:
		}
		u := use()
		peak = max(peak, u)
		if budget > 0 && u > budget {
			cancel(MemoryBudget(budget))
			return peak
		}
	}
}

// SetGoLimit makes the Go garbage collector keep the heap under 3/4 of
// budget (debug.SetMemoryLimit), leaving room for Z3 and the stacks.
func SetGoLimit(budget uint64) {
	if budget > 0 {
		debug.SetMemoryLimit(int64(budget / 4 * 3))
	}
}
