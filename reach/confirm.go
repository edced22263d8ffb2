package reach

import (
	"context"
	"errors"
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

// confirmNode builds the counterexample of n, which meets the initial
// states, and asks Options.Confirm about it; when it does not replay, the
// compact counterexample (dropped processes reuse ones the trace ran)
// is asked too. It returns the trace accepted, or the first one with its
// rejection.
func (e *engine) confirmNode(ctx context.Context, n *node) (*Trace, error) {
	tr := e.trace(n, false)
	err := e.confirm(ctx, tr)
	if !errors.As(err, new(*SpuriousError)) {
		return tr, err
	}
	if alt := e.trace(n, true); alt.String() != tr.String() {
		altErr := e.confirm(ctx, alt)
		if !errors.As(altErr, new(*SpuriousError)) {
			return alt, altErr
		}
	}
	return tr, err
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
