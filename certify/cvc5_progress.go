package certify

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// CVC5Process is what one cvc5 process of CVC5With answered, as
// CVC5Options.Progress receives it.
type CVC5Process struct {
	// Attempt is 1 for the processes of whole groups, 2 and 3 for the
	// retries of the obligations left open, each alone.
	Attempt int
	// EMatching reports whether the process ran with E-matching.
	EMatching bool
	// Outcomes are its answers, in the order of its script.
	Outcomes []Outcome
	// CPU is the process's user and system time.
	CPU time.Duration
}

// Groups returns the groups of the process's obligations (groupOf), in
// order: "transition t_proc_L9_L1", or the obligation's own name when
// the process ran one obligation alone.
func (p CVC5Process) Groups() []string {
	if len(p.Outcomes) == 1 {
		return []string{p.Outcomes[0].Obligation}
	}
	var out []string
	for _, o := range p.Outcomes {
		if g := groupOf(o.Obligation); len(out) == 0 || out[len(out)-1] != g {
			out = append(out, g)
		}
	}
	return out
}

// Counts returns how many of the process's obligations it answered
// unsat, sat, and neither (unknown, no answer, an error).
func (p CVC5Process) Counts() (unsat, sat, other int) {
	for _, o := range p.Outcomes {
		switch {
		case o.Holds():
			unsat++
		case o.Answer == "sat":
			sat++
		default:
			other++
		}
	}
	return unsat, sat, other
}

// String is one line of a process's report: its attempt, options,
// groups, counts and CPU time.
func (p CVC5Process) String() string {
	unsat, sat, other := p.Counts()
	ematch := "without E-matching"
	if p.EMatching {
		ematch = "with E-matching"
	}
	return fmt.Sprintf("attempt %d (%s): %s: %d unsat, %d sat, %d unknown, %.1f CPU-s",
		p.Attempt, ematch, strings.Join(p.Groups(), ", "), unsat, sat, other, p.CPU.Seconds())
}

// serialized returns report called one call at a time (processes end in
// goroutines of their own), or nil for nil.
func serialized(report func(CVC5Process)) func(CVC5Process) {
	if report == nil {
		return nil
	}
	var mu sync.Mutex
	return func(p CVC5Process) {
		mu.Lock()
		defer mu.Unlock()
		report(p)
	}
}
