package reach

import (
	"github.com/cubew/cubew/translate"
)

// Candidates over other reads (session 16, arbiter_v3_N under pso,
// measured and not kept). Under TSO the file is proved with state
// literals alone (`PC[#1] = CS && PC[#2] = L9` among 48); under PSO that
// cube is reached (the explicit engine at n = 3: #2's write Chng[#2] :=
// True at L7 is still buffered when the arbiter reads Chng[#2] = False
// at L10 and serves #3), so a proof must speak of the flags' values.
// Tried: a kind after every other one, keeping an unsatisfied read of a
// flag (finite type, not final, not sourced) with its literal comparing
// its value with a constant and a few state literals, checked by the
// syntactic inclusion as weakCandidates are. Such a read reads a write
// issued before the node's state (in memory or pending in a buffer); a
// value pending in another process's buffer is what the reader reads
// once that buffer flushes, a state with the same non-weak literals, so
// the oracle's final-read judgement (judgedAs) covers them all in a
// complete instance: no change to package oracle is needed.
//   - In the plain search (pso's default) they are refuted: the search's
//     relation does not order a read of the node after the steps its
//     pre-images add for other processes, so a read no state shows
//     (`PC[#2] = CS && val(e0) = False`, #1 reading Attn[#2]: the
//     explicit engine's 92,294 states at n = 2 never show it) still
//     meets the initial states. 8 refutations exhaust the restarts
//     and the search goes on without candidates: one read per candidate,
//     6,258 nodes in 60 s (733 candidates); several, 12,343 in 120 s.
//     main: 7,064 nodes in 60 s, 46 candidates, none refuted.
//   - In the step-ordered search (OrderingSteps: the relation is the
//     order in time), candidates with one such read are never refuted
//     (55 of 132 candidates), but it does not converge: 10,000 nodes
//     (220.6 CPU-s, with procCandidates off), its last layers' cubes of
//     10 to 13 events. Several reads judged in one state are refuted (#1
//     reads Attn[#2] = True, later False), and procCandidates' guesses
//     (`#1 = Pr[#2] && Kind[#2] = Arb && PC[#2] = L10`, #2 reading
//     Chng[#1] = False, reached at n = 2 in 506 states) 3 to 6 times per
//     run.
// lamport_N is unchanged by either (its refined searches try no
// candidate).

// weakCandidates are the candidates of n that keep some of its final
// reads (the reads of the unsafe formula, `p @ X`, that no write of the
// cube satisfies), with the literals about their values, beside a few of
// its state literals: see doc.go, "Approximation", for why a final read,
// and no other event, may appear in a candidate. Each is more general
// than n by the search's own syntactic inclusion (the matcher of
// subsume.go finds n included in it): visiting it in n's place loses no
// execution of n, as n covered by it in the visited set would lose none.
// They come most general first, after n's candidates without events.
func (e *engine) weakCandidates(n *node, maxVars int) []candidate {
	c := n.cube
	final := finalReads(c)
	if final == 0 {
		return nil
	}
	var lits, orig []translate.Literal // orig[i]: the literal of c that lits[i] weakens
	for _, l := range c.Lits {
		if w, ok := weaken(l); ok && (stateLiteral(w) || readLiteral(w, final)) {
			lits, orig = append(lits, w), append(orig, l)
		}
	}
	return generalise(lits, maxVars, map[string]bool{c.Key(): true}, func(idx []int, sub []translate.Literal) (*translate.Cube, func() bool) {
		cand, ok := keepReads(sub, c)
		if !ok {
			return nil, nil
		}
		// Each literal of cand is implied by the one of c it weakens: cand
		// includes the cube of those, which must include c.
		return cand, func() bool {
			subOrig := make([]translate.Literal, len(idx))
			for i, k := range idx {
				subOrig[i] = orig[k]
			}
			strong, ok := keepReads(subOrig, c)
			return ok && e.includes(n, strong)
		}
	})
}

// finalReads returns c's final reads that its literals still mention
// (unsatisfied: they read a write older than the cube's events) and that
// no obligation keeps (Sourced).
func finalReads(c *translate.Cube) translate.Set {
	var s translate.Set
	unsat := unsatReads(c.Lits, c.Events)
	for i, e := range c.Events {
		if unsat.Has(i) && e.Final && !e.Sourced {
			s |= translate.Of(i)
		}
	}
	return s
}

// readLiteral reports whether l compares the value of a read of final
// with a state term, a constant or another such value, without offsets.
func readLiteral(l translate.Literal, final translate.Set) bool {
	reads := 0
	for _, t := range []*translate.Term{l.L, l.R} {
		if t.Kind == translate.KVal {
			if i := int(t.P - translate.EventBase); i < 0 || !final.Has(i) {
				return false
			}
			reads++
		} else if !stateTerm(t) {
			return false
		}
	}
	return reads > 0
}

// keepReads builds the cube of lits with the final reads of c they
// mention, the relation of c restricted to them; false when lits mention
// no read (a candidate without events is candidates'), when some variable
// only appears bare (indexedVars) or when lits are contradictory.
func keepReads(lits []translate.Literal, c *translate.Cube) (*translate.Cube, bool) {
	keep := unsatReads(lits, c.Events)
	if keep == 0 {
		return nil, false
	}
	var readers []translate.Proc
	for i, ev := range c.Events {
		if keep.Has(i) {
			readers = append(append(readers, ev.Proc), ev.Index...)
		}
	}
	if !indexedVars(lits, readers...) {
		return nil, false
	}
	return restrict(lits, c, keep)
}
