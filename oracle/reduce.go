package oracle

import (
	"context"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// reductions are the explicit engine's options for the instance with k
// processes: the exact reductions that make an instance whose counters
// grow without bound (a ticket lock's Next and Serving) finite, so that
// it is explored completely. Each keeps one reachable state per class of
// bisimilar states, and the oracle matches a cube against those
// representatives only:
//   - symmetry: every assignment of a cube's variables to processes is
//     tried, so a permuted representative answers as its class does;
//   - shifted counters: a literal between two numeric state terms
//     (`Serving < Ticket[#1]`) holds in a state iff it holds in every
//     shift of it; a literal between one and a number (`0 < Next`) does
//     not, and shiftInvariant drops it;
//   - dead values: a cell that no continuation reads before overwriting
//     it (the ticket of an Idle process) holds, in the representative,
//     the value of the first state of its class found. Other states of
//     the class hold other values there, so a cube over such a cell may
//     be called unreached wrongly: such a candidate is refuted by the
//     search that proves it, as every wrong answer of the oracle is.
//
// Shifted counters and dead values are used only when the model's
// integers shift (shifted): a stale ticket is what keeps the states of a
// shifted instance apart. Elsewhere dead values can cost more than they
// save: an exploration that reports its states enumerates every initial
// value of the locations init leaves free, and when dead values key
// those initial states as one, the state limit no longer stops it (FLASH
// with 2 processes: 8 states in 20 s, against 20,000 in 2 s without).
func reductions(k int, mm memmodel.Model, maxStates int, shifted bool) dpor.Options {
	return dpor.Options{N: k, Model: mm, MaxStates: maxStates, Symmetry: true, Shift: shifted, DeadValues: shifted}
}

// shifts reports whether the explicit engine keys m's states up to a
// common shift of their integers (dpor/shift.go): a one-state probe of
// the instance with one process.
func shifts(ctx context.Context, m *syntax.Model, mm memmodel.Model) bool {
	res, err := dpor.Reachable(ctx, m, dpor.Options{N: 1, Model: mm, MaxStates: 1, Shift: true}, func(dpor.State) {})
	return err == nil && res.Shifted
}

// shiftInvariant returns the literals of lits whose truth a common shift
// of every integer does not change: it leaves out those that compare a
// numeric state term with a number.
func shiftInvariant(lits []translate.Literal) []translate.Literal {
	out := make([]translate.Literal, 0, len(lits))
	for _, l := range lits {
		if isNumber(l.L) != isNumber(l.R) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// isNumber reports whether t is a number (a numeric term without a state
// term).
func isNumber(t *translate.Term) bool { return t.Kind == translate.KLin && t.Base == nil }
