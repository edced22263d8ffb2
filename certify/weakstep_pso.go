package certify

import "github.com/cubew/cubew/syntax"

// psoLaws states a step under PSO with writes out of program order
// (docs/certificates.md, "PSO"): ghb is the order in time of the
// execution, x the instant of the step, w the instant its writes reach
// memory (x itself for a locked step). The facts about the events f of
// the later steps:
//
//   - x is before every one of them (they happen, or are issued, later);
//   - w, when the writes are buffered, is at an instant of its own, and
//     before the process's later fences and its later writes to the same
//     cells (one FIFO per location);
//   - reads-from (psoReadsFrom), and the coherence of a read of w
//     (psoCoherence).
func (st *weakStep) psoLaws(w *weakModel) {
	if st.x != "" {
		st.law("(ghb " + st.x + " f)")
	}
	same := "(= (ev.proc f) " + st.acting + ")"
	if st.w != "" && st.w != st.x {
		parts := []string{"(not (ghb_equal " + st.w + " f))", "(=> (and " + same + " (ev.fence f)) (ghb " + st.w + " f))"}
		for _, l := range w.locs {
			if st.writes[l] != nil {
				parts = append(parts, forallLoc(l, func(c []string) string {
					return "(=> (and " + same + " " + wr(l, st.w, c) + " " + wr(l, "f", c) + ") (ghb " + st.w + " f))"
				}))
			}
		}
		st.law(and(parts...))
	}
	for _, l := range w.locs {
		st.law(forallLoc(l, func(c []string) string { return st.psoReadsFrom(l, c) }))
	}
	for _, l := range w.locs {
		if st.writes[l] != nil {
			st.pairLaw(forallLoc(l, func(c []string) string { return st.psoCoherence(l, c) }))
		}
	}
}

// psoReadsFrom says which reads of cell c of l by a later event f are
// unsatisfied before the step. One the step's write satisfies (unsatisfied
// after the step, not before) reads its value, and when f is another
// process's, after the write reached memory. One that reads an older
// write while the step writes the cell: when f is the acting process's,
// its buffer no longer holds the step's write, which reached memory
// before f. Other reads keep their status.
func (st *weakStep) psoReadsFrom(l *syntax.Symbol, c []string) string {
	after := unsatAt(quote("post."+unsatName(l)), "f", c)
	before := unsatAt(quote("pre."+unsatName(l)), "f", c)
	if st.writes[l] == nil {
		return "(= " + before + " " + after + ")"
	}
	same := "(= (ev.proc f) " + st.acting + ")"
	flushed := "(ghb " + st.w + " f)"
	reads := "(and (= " + rval(l, "f", c) + " " + wval(l, st.w, c) + ") (or " + same + " " + flushed + "))"
	return "(and (=> (not " + after + ") (not " + before + ")) (=> " + after + " (ite " + wr(l, st.w, c) +
		" (ite " + before + " (=> " + same + " " + flushed + ") " + reads + ") " + before + ")))"
}

// psoCoherence says of a later read f of cell c of l that reads the
// step's write w, and a later write y to the cell: y does not reach
// memory after w and before f. (f reads w from its process's buffer,
// before w reaches memory, or from memory, where w is the last write to
// arrive.)
func (st *weakStep) psoCoherence(l *syntax.Symbol, c []string) string {
	readsW := and(wr(l, st.w, c), unsatAt(quote("post."+unsatName(l)), "f", c), "(not "+unsatAt(quote("pre."+unsatName(l)), "f", c)+")")
	return "(=> (and " + readsW + " " + wr(l, "y", c) + " (ghb " + st.w + " y)) (not (ghb y f)))"
}
