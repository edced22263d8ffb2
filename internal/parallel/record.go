package parallel

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A Recording holds, for every For call made while it is on (Record),
// the goroutines the call ran on and the CPU time each goroutine spent on
// each of its items, so that a benchmark can tell how well the items of a
// call share its goroutines, independently of the machine's load: the
// CPU time of an item barely depends on what else runs, its wall time
// does.
type Recording struct {
	mu    sync.Mutex
	Calls []Call
}

// A Call is one For call: its goroutines, the CPU time of each of its
// items in item order, and the goroutine that worked on each.
type Call struct {
	Site       string // the function that called For
	Goroutines int
	Items      []time.Duration
	By         []int
}

// recording is the Recording on, if any.
var recording atomic.Pointer[Recording]

// Record turns r on: For calls record their items in it until the
// returned function is called. One recording at a time.
func Record(r *Recording) (stop func()) {
	recording.Store(r)
	return func() { recording.Store(nil) }
}

// recorded wraps work so that each item's CPU time is measured on the
// thread that runs it (For keeps each goroutine on its thread while it
// runs items), and returns it with a function that adds the call to r.
func (r *Recording) recorded(n, goroutines int, work func(g, i int)) (func(g, i int), func()) {
	c := Call{Goroutines: goroutines, Items: make([]time.Duration, n), By: make([]int, n)}
	c.Site = callerOutside()
	return func(g, i int) {
			start := ThreadCPU()
			work(g, i)
			c.Items[i], c.By[i] = ThreadCPU()-start, g
		}, func() {
			r.mu.Lock()
			r.Calls = append(r.Calls, c)
			r.mu.Unlock()
		}
}

// callerOutside names the innermost function on the stack that is not
// one of For's (recordingFrames): the caller of For, or of Meter.For.
func callerOutside() string {
	pcs := make([]uintptr, 8)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if !recordingFrames[strings.TrimPrefix(f.Function, "github.com/cubew/cubew/internal/parallel.")] {
			return f.Function
		}
		if !more {
			return ""
		}
	}
}

// recordingFrames are the functions between a call of For or Meter.For
// and callerOutside.
var recordingFrames = map[string]bool{"(*Recording).recorded": true, "For": true, "(*Meter).For": true}

// Busy is the CPU time of all the items of all the calls.
func (r *Recording) Busy() time.Duration {
	var sum time.Duration
	for _, c := range r.Calls {
		for _, d := range c.Items {
			sum += d
		}
	}
	return sum
}

// Span is the time the calls would take on workers goroutines each (at
// most, and at most the goroutines a call ran on), every goroutine on a
// core of its own and every item taking its recorded CPU time: in each
// call, the items are taken in order, each by the goroutine free first,
// as For does.
func (r *Recording) Span(workers int) time.Duration {
	var sum time.Duration
	for _, c := range r.Calls {
		sum += c.Span(workers)
	}
	return sum
}

// Span is the time c would take on workers goroutines (Recording.Span).
func (c Call) Span(workers int) time.Duration {
	free := make([]time.Duration, max(1, min(workers, c.Goroutines)))
	for _, d := range c.Items {
		k := 0
		for j := range free {
			if free[j] < free[k] {
				k = j
			}
		}
		free[k] += d
	}
	return slices.Max(free)
}
