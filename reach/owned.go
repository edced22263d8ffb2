package reach

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// ownedCells holds the weak arrays A[proc] whose cell A[i] only process
// i ever writes: every transition that writes A writes the single cell of
// its acting process (`A[p] := t` in `transition t ([p] ...)`), none
// writes it by cases or nondeterministically. dekker_simple_N's Want and
// Crit are such arrays; its Turn, written by anyone, is not.
type ownedCells map[*syntax.Symbol]bool

// ownedArrays finds the owned weak arrays of sys.
func ownedArrays(sys *translate.System) ownedCells {
	owned := ownedCells{}
	if sys.Model == nil {
		return owned
	}
	for _, s := range sys.Model.Symbols {
		if s.Weak && s.Arity == 1 && s.Class == syntax.SymArray {
			owned[s] = true
		}
	}
	for _, t := range sys.Transitions {
		acting, ok := actingParam(t)
		for _, u := range t.Updates {
			if owned[u.Sym] && (!ok || len(u.Cell) != 1 || u.Cell[0] != acting) {
				delete(owned, u.Sym)
			}
		}
		for _, s := range t.Nondets {
			delete(owned, s)
		}
	}
	return owned
}

// actingParam returns the parameter a transition's weak events belong to,
// as weakPreImages chooses it: the marked one, else the first.
func actingParam(t *translate.Transition) (translate.Proc, bool) {
	switch {
	case t.Acting >= 0:
		return translate.ParamBase + translate.Proc(t.Acting), true
	case t.NParams > 0:
		return translate.ParamBase, true
	}
	return 0, false
}

// deadEnds returns the reads among unsat that no later step can give an
// outgoing ghb edge when writes become visible in program order (SC,
// TSO; weakStep.inOrder): the reads by process i of a cell A[i] of an
// owned array.
//
// Why: of the edges a later step or the initial states add (collect.go),
// the only ones that leave an old unsatisfied read r are from-read edges
// to writes to r's location, and only i writes A[i]:
//
//   - a new write w of i to A[i] is before r in program order (the search
//     goes backwards), so r reads w or a later write: rfChoices forces r
//     to read w (then r is satisfied; fromReads' edges from r go to
//     writes coherence-after w, which are i's writes after w in program
//     order: those after r are already after r (R→W is preserved), and
//     one between w and r would have satisfied r when it was generated,
//     but for the write of r's own locked transition, ghb-equal to r and
//     skipped); readOther, the from-read from an unsatisfied read, is
//     only taken for reads of other processes;
//   - at the initial states (readsInitialValues) r gets an edge to each
//     write to A[i] of the cube: i's writes, each ghb-equal to r or after
//     it in program order, as above, so the edge adds no path.
//
// So no cycle closed later leaves the old events at r: the pairs of the
// relation that end at r are on no future cycle, and an event kept only
// because it is before r is never the entry of one either. The other use
// of a pair y → r is fromReads' edge y → w from an old write y of r's
// location when r comes to read w; for a dead end there is no such y: a
// write of i to A[i] before r in program order would have satisfied r,
// and one after it is after r. weakStep.finish
// drops those pairs and collect those events, as it already does for the
// pairs ending in writes, fences and satisfied reads. Dropping a pair only
// removes a constraint: the cube stands for more executions, never fewer,
// so it cannot hide a counterexample. r itself stays, with its value and
// its class (a later write of i may still satisfy it). Under PSO old
// writes gain outgoing edges and the cube keeps every pair: the rule is
// not used there, but for a system whose every weak write is locked,
// which the search runs with writes in program order (inorder.go).
func (o ownedCells) deadEnds(events []translate.Event, unsat translate.Set) translate.Set {
	var out translate.Set
	for i, e := range events {
		if unsat.Has(i) && o[e.Loc] && len(e.Index) == 1 && e.Index[0] == e.Proc {
			out |= translate.Of(i)
		}
	}
	return out
}
