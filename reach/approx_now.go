package reach

import (
	"github.com/cubew/cubew/translate"
)

// nowCandidates are the candidates of n that keep the reads of n's own
// step, the transition whose pre-image n is, as final reads: what the
// acting process would read in n's state (its newest buffered write to
// the location, else memory), beside a few of n's state literals and the
// literals comparing those reads' values with state terms, constants or
// each other (weakened as candidates' are). They are made only in a
// search that orders steps (OrderingSteps), where a node's relation is
// the order in time of one execution and n's step is its first step.
//
// Why each includes n. n's state literals describe the state s in which
// its step fires; the step's reads happen at that instant (a fence or a
// locked transition only waits for buffers to drain before s), so each
// reads what its process would read in s, the value a final read of the
// candidate takes in s, the last state of the candidate's execution.
// Each literal of the candidate is one of n's weakened, over state terms
// and those reads only. Every state of n is thus a state of the
// candidate, and n's later events, its step's other events and the
// literals over them are only dropped constraints.
//
// The oracle judges such a candidate exactly as it judges the unsafe
// formula's `p @ X` (oracle/final.go). Like every candidate it is proved
// as a root: a reachable one meets the initial states and is refuted.
func (e *engine) nowCandidates(n *node, maxVars int) []candidate {
	step := stepReads(n)
	if step == 0 || !ordersSteps(e.opts.Model) {
		return nil
	}
	c := n.cube
	now := &translate.Cube{NVars: c.NVars, Lits: c.Lits, Events: make([]translate.Event, len(c.Events)), Rel: c.Rel}
	for i, ev := range c.Events {
		now.Events[i] = ev
		if step.Has(i) {
			now.Events[i].Final, now.Events[i].Sourced = true, false
		}
	}
	var lits []translate.Literal
	known := map[translate.Literal]bool{}
	for _, l := range c.Lits {
		if w, ok := weaken(l); ok && !known[w] && (stateLiteral(w) || readLiteral(w, step)) {
			known[w] = true
			lits = append(lits, w)
		}
	}
	return generalise(lits, maxVars, map[string]bool{c.Key(): true}, func(_ []int, sub []translate.Literal) (*translate.Cube, func() bool) {
		if cand, ok := keepReads(sub, now); ok {
			return cand, nil
		}
		return nil, nil
	})
}

// stepReads returns the reads of n's cube that n's own step performed
// (node.step): the unsatisfied reads among the events the step added.
func stepReads(n *node) translate.Set {
	var s translate.Set
	for i, ev := range n.cube.Events {
		if n.step.Has(i) && ev.Kind == translate.Read {
			s |= translate.Of(i)
		}
	}
	return s & unsatReads(n.cube.Lits, n.cube.Events)
}

// stepEvents returns the events of p's cube that its step added (the
// others come from the cube of the node it is a pre-image of, which had
// parentEvents events).
func (p pre) stepEvents(parentEvents int) translate.Set {
	var s translate.Set
	for i, j := range p.events {
		if j >= parentEvents {
			s |= translate.Of(i)
		}
	}
	return s
}
