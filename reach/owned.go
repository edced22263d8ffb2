package reach

import (
	"slices"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// ownedCells holds the weak arrays A[proc] whose cell A[i] only process
// i ever writes: every transition that writes A writes the single cell of
// its acting process (`A[p] := t` in `transition t ([p] ...)`), none
// writes it by cases or nondeterministically. dekker_simple_N's Want and
// Crit are such arrays; its Turn, written by anyone, is not. It also holds
// the self-valued weak variables (selfvalued.go).
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
	addSelfValued(sys, owned)
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

// notFinal returns events with the reads of dead (dead ends, deadEnds)
// no longer marked final, and whether one was; events itself when none
// was.
//
// Why a dead end's mark may go. A final read (the unsafe formula's p @
// A[p]) differs from an ordinary one in one rule only: every new read and
// fence is ghb-before it (weakStep.ordered). For a dead end those pairs
// are dropped (deadEnds), and no edge ever leaves it, so the mark changes
// no cycle and no choice of the search: the pre-images of the cube with
// the mark and without it are the same, up to the marks. Its value does
// not depend on it either: only i writes A[i], and every write of i to
// A[i] after the search's frontier and before r would have satisfied r,
// so r reads i's last write before the frontier (or the initial value),
// whether it happens there or at the end of the execution. Without the
// mark the cube only says less (a final read is an ordinary read with
// more constraints, as the matcher knows: subsume.go, sameEvent), so it
// stands for more executions, never fewer, and cannot hide a
// counterexample; it may now be covered by, or cover, a cube whose read
// is not final (dekker_simple_N: p1 @ Crit[p1] = True meets the guard
// Crit[p] = True of exit, read by the same process).
//
// A search that proposes invariants from its first node (BRAB,
// Options.ApproxAfter 0) keeps the marks (keepingFinals): its candidates
// keep final reads, which the oracle judges (approx_weak.go), and lose
// them unmarked (two_phase_N's `p1 @ Astate[p1] = Committed`).
func (o ownedCells) notFinal(events []translate.Event, dead translate.Set) ([]translate.Event, bool) {
	if o[keepFinals] {
		return events, false
	}
	var out []translate.Event
	for i, e := range events {
		if dead.Has(i) && e.Final {
			if out == nil {
				out = slices.Clone(events)
			}
			out[i].Final = false
		}
	}
	if out == nil {
		return events, false
	}
	return out, true
}

// unmarkedRoot returns the unsafe (or invariant) cube c with its final
// reads that are dead ends unmarked (notFinal, whose argument holds for
// a root as for a pre-image: the mark is used by pre-images only), when
// writes become visible in program order; c itself otherwise. Its
// pre-images then unmark the same reads, and it covers them.
func (o ownedCells) unmarkedRoot(c *translate.Cube, mm memmodel.Model) *translate.Cube {
	if len(c.Events) == 0 || !memmodel.WritesInProgramOrder(mm) {
		return c
	}
	events, changed := o.notFinal(c.Events, o.deadEnds(c.Events, unsatReads(c.Lits, c.Events)))
	if !changed {
		return c
	}
	out, _, _, ok := translate.Canonicalize(c.Lits, events, c.Rel.Clone())
	if !ok {
		return c
	}
	return out
}

// keepFinals, a key of no model, marks the owned cells of a search whose
// dead-end final reads keep their marks (notFinal).
var keepFinals = &syntax.Symbol{Name: "(final marks kept)"}

// forSearch returns the owned cells for a search with options opts:
// marked keepFinals when it approximates from its first node.
func (o ownedCells) forSearch(opts Options) ownedCells {
	if opts.Oracle != nil && opts.ApproxAfter == 0 {
		o[keepFinals] = true
	}
	return o
}
