// Package limit names the limits that end a run early (a time limit, a
// memory budget, a signal) and words the reasons of the UNKNOWN answers
// they give. A run's context is cancelled with a [*Stop] as its cause;
// the engines poll the context cheaply ([Poll]) and, once it is done,
// report [After] the work they did.
package limit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Stop is the cause of a cancelled run: the limit that was reached, in
// words ("time limit 30s reached", "interrupted").
type Stop struct{ Reason string }

func (s *Stop) Error() string { return s.Reason }

// Interrupted is the cause given when a signal stops the run.
var Interrupted = &Stop{Reason: "interrupted"}

// TimeLimit is the cause given when the time limit d is reached.
func TimeLimit(d time.Duration) *Stop {
	return &Stop{Reason: fmt.Sprintf("time limit %v reached", d)}
}

// MemoryBudget is the cause given when the memory budget is exceeded.
func MemoryBudget(budget uint64) *Stop {
	return &Stop{Reason: fmt.Sprintf("memory budget %s reached", Bytes(budget))}
}

// WithTimeout is context.WithTimeoutCause with a [TimeLimit] cause, or a
// plain cancel when d is 0.
func WithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeoutCause(ctx, d, TimeLimit(d))
	}
	return context.WithCancel(ctx)
}

// Why says why ctx is done: the reason of its [*Stop] cause, else
// "time limit reached" or "cancelled". It returns "" while ctx runs.
func Why(ctx context.Context) string {
	if ctx.Err() == nil {
		return ""
	}
	var s *Stop
	if errors.As(context.Cause(ctx), &s) {
		return s.Reason
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "time limit reached"
	}
	return "cancelled"
}

// After is the reason of an answer cut short by ctx after the given work,
// e.g. "time limit 30s reached after 1,234 nodes".
func After(ctx context.Context, work string) string {
	why := Why(ctx)
	if why == "" {
		why = "cancelled"
	}
	if work == "" {
		return why
	}
	return why + " after " + work
}

// Count formats n with thousands separators, and the noun, plural unless
// n is 1: Count(1234, "node") is "1,234 nodes".
func Count(n int, noun string) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	if n != 1 {
		noun += "s"
	}
	return s + " " + noun
}

// Bytes formats a size in binary units: "512 MiB", "4 GiB", "1.5 GiB".
func Bytes(n uint64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v, u = v/1024, u+1
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d %s", int64(v), units[u])
	}
	return fmt.Sprintf("%.1f %s", v, units[u])
}

// Poll checks a context every Every calls of Stopped, so that a tight
// loop can ask often at the price of a counter. The zero Every means 1024.
type Poll struct {
	Ctx   context.Context
	Every int
	n     int
	Polls int // contexts checks made, for tests
}

// Stopped reports whether the context is done, checking it once in
// Every calls (and on the first).
func (p *Poll) Stopped() bool {
	if p == nil || p.Ctx == nil {
		return false
	}
	every := p.Every
	if every <= 0 {
		every = 1024
	}
	p.n++
	if p.n%every != 1 && every != 1 {
		return false
	}
	p.Polls++
	return p.Ctx.Err() != nil
}
