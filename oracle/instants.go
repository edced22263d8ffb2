package oracle

import "github.com/cubew/cubew/translate"

// Reads at two instants. The oracle evaluates a final read as what its
// process would read in the explored state (final.go): the reads of the
// unsafe formula, and the reads of transitions that reach's candidates
// keep marked final (reach's judgedAs), as if each were made in the
// state. Two reads of one location by one process that the cube's
// relation orders are made at two instants, and may read different
// writes: between them the process may write the location itself, or
// another process may. Judged in the state they take one value: on
// ticket_spin_lock_N under pso, `val(e1) < val(e2)` with #1 reading Head
// (e1), then writing it (its release), then reading it again (e2, its
// next turn) was called unreached, plainly reachable as it is, and its
// refutation restarted the search. A literal comparing the values of two
// such reads is not looked at (it counts as true), so the oracle says
// "reached" of more cubes, never of fewer; every candidate is still
// proved by the search. Literals comparing one of them with the state
// or with another location's read keep the oracle's guess: a process's
// compare-and-swap of Tail and its later read of Head are compared as the
// state holds Tail and Head (a ticket lock whose release retries the
// compare-and-swap with its old ticket needs that candidate:
// difftest's TestBrabTicketMutants).

// apart returns lits without those comparing the values of two reads of
// one process and one location of c that c's relation orders.
func apart(c *translate.Cube, lits []translate.Literal) []translate.Literal {
	var out []translate.Literal
	for k, l := range lits {
		i, okL := readOf(l.L)
		j, okR := readOf(l.R)
		if okL && okR && twoInstants(c, i, j) {
			if out == nil {
				out = append(make([]translate.Literal, 0, len(lits)), lits[:k]...)
			}
			continue
		}
		if out != nil {
			out = append(out, l)
		}
	}
	if out == nil {
		return lits
	}
	return out
}

// twoInstants reports whether events i and j of c are reads of one
// process and one location that c's relation orders.
func twoInstants(c *translate.Cube, i, j int) bool {
	a, b := c.Events[i], c.Events[j]
	return i != j && a.Kind == translate.Read && b.Kind == translate.Read && a.Proc == b.Proc && a.SameLoc(b) &&
		(c.Rel.Lt(i, j) || c.Rel.Lt(j, i))
}

// readOf returns the event whose value t is, or offsets.
func readOf(t *translate.Term) (int, bool) {
	if t.Kind == translate.KLin && t.Base != nil {
		t = t.Base
	}
	i := int(t.P - translate.EventBase)
	return i, t.Kind == translate.KVal && i >= 0
}
