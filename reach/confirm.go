package reach

import (
	"context"
	"fmt"
)

// confirm asks Options.Confirm about a counterexample (accepted when no
// Confirm is set).
func (e *engine) confirm(ctx context.Context, tr *Trace) error {
	if e.opts.Confirm == nil {
		return nil
	}
	return e.opts.Confirm(ctx, tr)
}

func (e *engine) maxSpurious() int {
	if e.opts.MaxSpurious > 0 {
		return e.opts.MaxSpurious
	}
	return DefaultMaxSpurious
}

// spuriousReason says why a search that rejected counterexamples gives no
// verdict: the first rejection, and how many there were.
func (e *engine) spuriousReason() string {
	first := e.spurious[0]
	more := ""
	if k := len(e.spurious) - 1; k > 0 {
		more = fmt.Sprintf(" (and %d more that do not replay)", k)
	}
	return fmt.Sprintf("spurious counterexample %s: %s%s; no counterexample that replays was found", first.Trace, first.Reason, more)
}
