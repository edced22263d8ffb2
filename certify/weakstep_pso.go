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
	for _, l := range w.locs {
		if st.writes[l] != nil && w.sources {
			st.pairLaw(forallLoc(l, func(c []string) string { return st.psoObligation(l, c) }))
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
	reads := "(and (= " + rval(l, "f", c) + " " + wval(l, st.w, c) + ") (or " + same + " " + flushed + ")" + st.readsStep(l, c) + ")"
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

// readsStep is, for the refined search (weakModel.sources), that a later
// read f of cell c of l that the step's write satisfies reads that write
// (rf.L: " (= (rf.L f c) w)"; "" otherwise).
func (st *weakStep) readsStep(l *syntax.Symbol, c []string) string {
	if !st.sources {
		return ""
	}
	return " (= " + rf(l, "f", c) + " " + st.w + ")"
}

// psoObligation is the coherence obligation of a read of memory
// (reach/obligation.go), stated at the step of a write w to cell c of l
// (the step's write) about later events f and y: a read f of the cell
// that reads the write y, which reached memory before f, reads memory,
// where y is the last write to arrive before f. So w does not reach
// memory between y and f; and when f is the acting process's, w (earlier
// in the process's FIFO of the cell, which is empty when f reads memory)
// reached memory before f.
func (st *weakStep) psoObligation(l *syntax.Symbol, c []string) string {
	w := st.w
	readsY := and(rd(l, "f", c), wr(l, "y", c), "(= "+rf(l, "f", c)+" y)", "(ghb y f)", wr(l, w, c))
	return "(=> " + readsY + " (and (not (and (ghb y " + w + ") (ghb " + w + " f))) (=> (= (ev.proc f) " + st.acting + ") (ghb " + w + " f))))"
}

// selfValuedLaws are the laws of the self-valued variables X (only
// `X := p` writes X, by process p: reach.SelfValued) that every state
// keeps under PSO, part of dom, so that the rule of reach/selfvalued.go
// is a fact of the certificate: the step-ordered pre-images it drops
// (its covers) stand for no state. Of an unsatisfied read u of X whose
// value is the process of a write v to X of fut, its source S is a write
// of that process issued before the state, so it reaches memory before
// v (one FIFO per location), and after every write y to X that reaches
// memory before u (coherence of a read of S): y before v. In the refined
// search, likewise of a read r of X before u that reads a write of fut
// that reached memory before r (the obligation of a read of memory puts
// S after r): r before v. Each holds initially (an unsatisfied read is
// before every write of fut to its cell) and after every step: of a read
// the step's write S satisfies by psoReadsFrom (its value the acting
// process), psoLaws' FIFO order, psoCoherence and psoObligation; of the
// others as before the step.
func (w *weakModel) selfValuedLaws() []string {
	var out []string
	for _, l := range w.selfValued {
		in := func(e string) string { return "(select " + futName + " " + e + ")" }
		from := and(in("u"), in("v"), unsatAt(quote(unsatName(l)), "u", nil), wr(l, "v", nil), "(= "+rval(l, "u", nil)+" (ev.proc v))")
		out = append(out, "(forall ((u Ev) (v Ev) (y Ev)) (=> "+and(from, in("y"), wr(l, "y", nil), "(ghb y u)")+" (ghb y v)))")
		if w.sources {
			src := rf(l, "r", nil)
			out = append(out, "(forall ((u Ev) (v Ev) (r Ev)) (=> "+and(from, in("r"), rd(l, "r", nil), in(src), wr(l, src, nil), "(ghb "+src+" r)", "(ghb r u)")+" (ghb r v)))")
		}
	}
	return out
}
