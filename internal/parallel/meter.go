package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// A Meter adds up the CPU time of the For calls made through it
// (Meter.For), measured on the threads that run their items, so that a
// program can tell the share of its work that runs in parallel from the
// share that runs on one thread, whatever the machine's load: the CPU
// time of a piece of work barely depends on what else runs, its wall time
// does. The zero value is ready; a nil *Meter measures nothing.
type Meter struct {
	mu sync.Mutex
	// Caller is the CPU time of the items run on the calling goroutine
	// (goroutine 0), Others that of the items run on the goroutines For
	// started.
	Caller, Others time.Duration
	// Span adds up, over the calls, the time each would take with every
	// goroutine on a core of its own (Call.Span: its items, with the CPU
	// times measured, taken in order by the goroutine free first), which
	// unlike the CPU time of the call's busiest goroutine does not depend
	// on how the load let the goroutines share the items.
	Span time.Duration
}

// For is For, with the CPU time of each item measured on its thread and
// added to m once the call returns: each goroutine, locked to its thread
// while it takes items, reads its thread's CPU clock once per item (the
// end of an item is the start of the next), a system call of about a
// microsecond. On a nil m it is For.
func (m *Meter) For(n, goroutines int, work func(g, i int)) {
	if m == nil {
		For(n, goroutines, work)
		return
	}
	goroutines = max(1, min(goroutines, n))
	items, callerItems := make([]time.Duration, n), make([]bool, n)
	var next atomic.Int64
	// For's items here are the goroutines' shares, each taking the
	// call's items in order as For does.
	For(goroutines, goroutines, func(g, _ int) {
		runtime.LockOSThread() // the thread's CPU is the items'
		defer runtime.UnlockOSThread()
		last := ThreadCPU()
		for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
			work(g, i)
			now := ThreadCPU()
			items[i], callerItems[i], last = now-last, g == 0, now
		}
	})
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, d := range items {
		if callerItems[i] {
			m.Caller += d
		} else {
			m.Others += d
		}
	}
	m.Span += Call{Goroutines: goroutines, Items: items}.Span(goroutines)
}

// Total is the CPU time of all the items measured.
func (m *Meter) Total() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.Caller + m.Others
}
