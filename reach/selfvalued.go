package reach

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Self-valued variables (lamport_N under pso). A weak variable X is
// self-valued when every transition that writes it writes its acting
// process (`X := p` in `transition t ([p] ...)`), never by cases or
// nondeterministically, and X is of type proc: the value #k of X is
// only ever written by #k.
// ownedArrays records them with the owned arrays (a variable has no
// cells, so deadEnds never takes one for an array).
//
// The rule. In a pre-image of the step-ordered search (the relation is
// the order in time: steporder.go), let u be a read of X that stays
// unsatisfied with the literal #k = val(u), #k a cube variable. Its
// source S is a write of #k to X that the search has not generated yet:
// every write generated since u was offered to it, and u did not take it
// (the writes generated before u are issued after u's step). A write
// generated later is issued earlier, so S is before each of #k's writes
// to X in the cube in program order, and reaches memory before each of
// them (one FIFO per location). S is also after each write y to X that is
// before u when u reads memory (u is fenced, or u is not #k's and cannot
// see #k's buffer): u reads the last write to arrive. When u may read
// #k's buffer, S is after each such y of #k itself: u reads y or a later
// write of #k, not S. Either way u reads no initial value (a write
// reached memory before it). When u reads memory, S is after each marked
// read r of X before u too (obligation.go: r reads memory a write of the
// cube, not S): the law of timed reads (steporder.go). When one of these
// lower bounds y is at or
// after one of #k's writes to X, S would reach memory both before and
// after it: the outcome stands for no execution, and the pre-image drops
// it. A cube the rule drops is empty, so the search stays an
// over-approximation and its SAFE as sound as before. The certificates
// state the rule's laws as part of dom, which their obligations prove
// inductive (certify/weakstep_pso.go, selfValuedLaws): the covers are
// step-ordered pre-images, so they miss what the rule drops.
//
// Measured on lamport_N (step-ordered search keeping partnered
// obligations, obligation.go): without the rule every layer is larger
// than the one before (5,000 nodes by layer 10, cubes of up to 28 events
// by layer 13: a process's read of X = itself, not taking its own write
// that its fence drained, waits for a write that cannot come, and drags
// its process's loops); with it the search reaches its fixpoint at 4,917
// nodes with two counterexamples that do not replay. Stronger bounds
// refute those two (the unit test's cube: #1's read of X = #1, satisfied
// from memory after #2's fence, is a lower bound of #2's source by the
// law of timed reads, and #2's fence an upper one), but taken as a rule
// the search then grows again (more than 7,000 nodes, 36,000 queued):
// cubes it drops as empty covered others that it cannot see are empty,
// their lower bound having been collected.
//
// Session 14 measured why (same combined search, breadth-first, node
// limits; nothing of it was kept). The fixpoint of 4,917 nodes needs the
// descendants of the cubes the stronger bounds find empty, not those
// cubes: the descendants, general once collect has dropped the bound, are
// what covers the rest (and they are too general: last item).
//   - #k's fences as upper bounds of the source, drawn as edges from
//     each lower bound: 6,000 nodes by depth 23 (25,836 queued; with
//     only #k's writes as upper bounds, drawn as edges, 4,032 and 15,892
//     there, and the fixpoint at 4,915 nodes). Only for the reads the
//     outcome satisfies from memory, as edges or only to drop: the same
//     growth (5,674 nodes by depth 23, 29.8 CPU-s to 6,000; at 16,000
//     the two-process cubes ended near 8,300 nodes and the three-process
//     ones passed 12,600 by depth 20). Both: 12,000 nodes, 82.8 CPU-s.
//   - Keeping the cubes the bound finds empty as visited nodes that cover
//     others but have no pre-images (sound: a cube included in an empty
//     cube is empty): the same growth. To 30,000 nodes (440.9 CPU-s, no
//     spurious trace, no fixpoint): the two-process cubes end at 8,072
//     nodes (depth 34), the three-process ones at about 23,160 (depth 35,
//     layers shrinking from 2,249 at depth 25), the four-process ones
//     pass 28,900 by depth 21 with 178,573 queued. So dropping them costs
//     no cover; losing their descendants does.
//   - Refining lazily: only the 9 cubes on the two spurious traces' chains
//     that the bound finds empty, kept without pre-images in a second
//     search: more than 8,000 nodes (79.7 CPU-s for both searches).
//   - Every mark kept per process and location (markSourced without its
//     bound of one marked read): 10,000 nodes, 66.1 CPU-s, no fixpoint.
//   - The needed part of the fixpoint (from the unsafe cubes through
//     reach.Covers' covers of each pre-image, the 25 cubes the bound finds
//     empty not expanded) reaches a node of a spurious trace after 66 of
//     the 618 visited cubes, through the cube PC[#1] = CS && PC[#2] = L1
//     with no events: the pre-image, by t_CS_L1_W_Y_Null, of the longer
//     spurious trace's last node (both processes at L1), whose read of
//     Y_set = False the step satisfies, after which collect keeps nothing.
//     It covers the pre-image of the root's first pre-image by a third
//     process's t_L1_L2_W_X_Self. On that trace's chain the bound finds
//     five cubes empty, from the pre-image by a process's write of X
//     (depth 7) to the one by its step L2; collect has dropped the bound
//     in the spurious node's parent.
//
// So the 4,917-node fixpoint is not two traces away from a proof: it
// holds a cube of reachable states (#1 in the critical section, #2 at L1,
// memory free), and no visited set that holds one is inductive and
// disjoint from the initial states (its pre-images reach them: the two
// spurious traces are that, not the cause). A proof needs a search that
// converges without such cubes: the bounds above keep the search from
// making them (the cube above descends from those the bound finds empty)
// and it then grows past 30,000 nodes. What the next step needs
// is the reason such a cube is empty kept where collect keeps it (the
// bound on the unsatisfied read as data, an event standing for the
// source, ordered after the lower bounds and before #k's fences and
// writes), so that the general descendants the search converges with
// still carry it.

// SelfValued reports whether the weak variable s of sys is self-valued
// (every transition that writes it writes its acting process). The
// certificates state the rule's law of these variables
// (certify/weakstep_pso.go, selfValuedLaws).
func SelfValued(sys *translate.System, s *syntax.Symbol) bool {
	return selfValuedVars(sys)[s]
}

// addSelfValued adds the self-valued weak variables of sys to owned.
func addSelfValued(sys *translate.System, owned ownedCells) {
	for s := range selfValuedVars(sys) {
		owned[s] = true
	}
}

// selfValuedVars finds the self-valued weak variables of sys.
func selfValuedVars(sys *translate.System) map[*syntax.Symbol]bool {
	self := map[*syntax.Symbol]bool{}
	if sys.Model == nil {
		return self
	}
	for _, s := range sys.Model.Symbols {
		if s.Weak && s.Arity == 0 && s.Class == syntax.SymVar && s.Type.Kind == syntax.TProc {
			self[s] = true
		}
	}
	for _, t := range sys.Transitions {
		acting, ok := actingParam(t)
		for _, u := range t.Updates {
			if self[u.Sym] && (!ok || u.NIdx != 0 || len(u.Branches) != 0 || u.Default == nil ||
				u.Default.Kind != translate.KProc || u.Default.P != acting) {
				delete(self, u.Sym)
			}
		}
		for _, s := range t.Nondets {
			delete(self, s)
		}
	}
	return self
}

// selfValued reports whether the weak variable s is self-valued.
func (o ownedCells) selfValued(s *syntax.Symbol) bool {
	return s != nil && s.Arity == 0 && o[s]
}

// unreadable reports whether some read u of unread (reads that stay
// unsatisfied in the outcome whose relation is rel) has a literal
// #k = val(u) on a self-valued variable while its source has a lower
// bound at or after one of #k's writes to the variable (the rule above).
func (st *weakStep) unreadable(rel translate.Rel, lits []translate.Literal, unread translate.Set) bool {
	for _, l := range lits {
		if l.Op != translate.Eq {
			continue
		}
		for _, side := range [2][2]*translate.Term{{l.L, l.R}, {l.R, l.L}} {
			v, k := side[0], side[1]
			if v.Kind != translate.KVal || k.Kind != translate.KProc || !k.P.IsVar() || !v.P.IsEvent() {
				continue
			}
			u := int(v.P - translate.EventBase)
			if u < len(st.events) && unread.Has(u) && st.owned.selfValued(st.events[u].Loc) && st.sourceBounded(rel, u, k.P) {
				return true
			}
		}
	}
	return false
}

// sourceBounded reports whether the source of unsatisfied read u, a write
// of k not generated yet, has a lower bound at or after one of k's writes
// to u's variable.
func (st *weakStep) sourceBounded(rel translate.Rel, u int, k translate.Proc) bool {
	eu := st.events[u]
	memory := eu.Proc != k || st.fenced(u, rel)
	var lower translate.Set
	for y, e := range st.events {
		if !e.SameLoc(eu) || !rel.Lt(y, u) {
			continue
		}
		if e.Kind == translate.Write && (memory || e.Proc == k) || e.Kind == translate.Read && e.Sourced && memory {
			lower |= translate.Of(y)
		}
	}
	for i, e := range st.events {
		if e.Proc == k && e.Kind == translate.Write && e.SameLoc(eu) && lower&(rel.After[i]|rel.Class[i]) != 0 {
			return true
		}
	}
	return false
}
