package reach

import (
	"github.com/cubew/cubew/translate"
)

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
