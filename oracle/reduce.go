package oracle

import (
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// reductions are the explicit engine's options for the instance with k
// processes: every exact reduction it has, so that an instance whose
// counters grow without bound (a ticket lock's Next and Serving) has
// finitely many keys and is explored completely. Each reduction keeps one
// reachable state per class of bisimilar states, and the oracle matches
// a cube against those representatives only:
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
func reductions(k int, mm memmodel.Model, maxStates int) dpor.Options {
	return dpor.Options{N: k, Model: mm, MaxStates: maxStates, Symmetry: true, Shift: true, DeadValues: true}
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
