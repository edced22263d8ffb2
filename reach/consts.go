package reach

import (
	"slices"

	"github.com/cubew/cubew/translate"
)

// Process constants #n name processes of every instance under
// number_procs: the init check instantiates the initial formula over the
// ones a cube mentions too, and a trace has at least as many processes as
// the largest constant it uses (an instance without process #n cannot
// run it).

// addConsts adds the process constants of the terms to set.
func addConsts(set map[translate.Proc]bool, ts ...*translate.Term) {
	var buf []translate.Proc
	for _, t := range ts {
		for _, p := range t.Procs(buf[:0]) {
			if p.IsConst() {
				set[p] = true
			}
		}
	}
}

// litConsts adds the process constants of lits to set.
func litConsts(set map[translate.Proc]bool, lits []translate.Literal) {
	for _, l := range lits {
		addConsts(set, l.L, l.R)
	}
}

// cubeConsts lists the process constants of c in order #1, #2, ...
func cubeConsts(c *translate.Cube) []translate.Proc {
	set := map[translate.Proc]bool{}
	litConsts(set, c.Lits)
	out := make([]translate.Proc, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b translate.Proc) int { return int(b) - int(a) })
	return out
}

// traceConsts returns the largest process constant n (#n) that tr uses:
// in the initial formula, the transitions it fires and the property it
// reaches; 0 when none.
func traceConsts(sys *translate.System, tr *Trace) int {
	set := map[translate.Proc]bool{}
	for _, conj := range sys.Init.DNF {
		litConsts(set, conj)
	}
	props := sys.Unsafe
	if tr.Invariant {
		props = sys.Invariants
	}
	for _, p := range props {
		if p.Name == tr.Unsafe {
			litConsts(set, p.Cube.Lits)
		}
	}
	for _, st := range tr.Steps {
		t := st.Transition
		litConsts(set, t.Guard)
		for _, conj := range t.Other {
			litConsts(set, conj)
		}
		for _, u := range t.Updates {
			for _, p := range u.Cell {
				if p.IsConst() {
					set[p] = true
				}
			}
			for _, br := range u.Branches {
				for _, conj := range br.Cond {
					litConsts(set, conj)
				}
				addConsts(set, br.Value)
			}
			if u.Default != nil {
				addConsts(set, u.Default)
			}
		}
	}
	n := 0
	for p := range set {
		n = max(n, int(-p))
	}
	return n
}
