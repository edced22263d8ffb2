package oracle

import "github.com/cubew/cubew/translate"

// Reads at two instants. The oracle evaluates a final read as what its
// process would read in the explored state (final.go): the reads of the
// unsafe formula, and the reads of transitions that reach's candidates
// keep marked final (reach's judgedAs), as if each were made in the
// state. A backward cube's events happen after its state; of the
// accesses of one process to one location, the first is the oracle's
// guess to make. A read that the cube's relation puts strictly after
// another access of its process to its location is made at a later
// instant: after the process's own write to the location it reads that
// write or a newer one, and after its own earlier read other processes
// may have written the location in between. Judged in the state, both
// accesses see one value: on ticket_spin_lock_N under pso, `val(e1) <
// val(e2)` with #1 reading Head (e1), then writing it (its release),
// then reading it again (e2, its next turn), and `PC[#1] = L2 && R[#1]
// = val(e1) && R[#1] < val(e2)` over the same events, were called
// unreached, plainly reachable as they are, and each refutation
// restarted the search. A literal over the value of such a later read
// is not looked at (it counts as true), so the oracle says "reached" of
// more cubes, never of fewer; every candidate is still proved by the
// search. The first access of a process to each location keeps the
// guess, even after the process's accesses to other locations: a
// compare-and-swap of Tail and the process's later read of Head are
// compared as the state holds Tail and Head (a ticket lock whose release
// retries the compare-and-swap with its old ticket needs that candidate:
// difftest's TestBrabTicketMutants).

// laterReads returns the final reads of c that c's relation puts
// strictly after another access of the same process to the same
// location.
func laterReads(c *translate.Cube) translate.Set {
	var s translate.Set
	for i, r := range c.Events {
		if r.Kind != translate.Read || !r.Final {
			continue
		}
		for j, e := range c.Events {
			if j != i && e.Proc == r.Proc && e.SameLoc(r) && c.Rel.Lt(j, i) {
				s |= translate.Of(i)
				break
			}
		}
	}
	return s
}

// firstAccesses returns lits without those over the value of a read of
// later.
func firstAccesses(lits []translate.Literal, later translate.Set) []translate.Literal {
	if later == 0 {
		return lits
	}
	out := make([]translate.Literal, 0, len(lits))
	for _, l := range lits {
		if !readOf(l.L, later) && !readOf(l.R, later) {
			out = append(out, l)
		}
	}
	return out
}

// readOf reports whether t is, or offsets, the value of a read of set.
func readOf(t *translate.Term, set translate.Set) bool {
	if t.Kind == translate.KLin && t.Base != nil {
		t = t.Base
	}
	i := int(t.P - translate.EventBase)
	return t.Kind == translate.KVal && i >= 0 && set.Has(i)
}
