package difftest

import (
	"github.com/cubew/cubew/syntax"
)

// knownBug names the open bug of cubew that explains the disagreement o
// on model m, or returns "". Each entry has a model in testdata/regress
// that pins it; when the bug is fixed, delete the entry and the regress
// model's `known` mark.
func knownBug(m *syntax.Model, o *Outcome) string {
	switch {
	case o.Class == ClassSpurious && o.weak && traceFires(m, o.Spurious, func(tr *syntax.Transition) bool { return weakCase(m, tr) }):
		return "known bug: under tso, a trace through an atomic transition that updates a whole weak array (A[j] := case ...) misses a ghb cycle and does not replay (regress/weak_case_trace.cub)"
	}
	return ""
}

// weakCase reports whether the transition updates a whole weak array of
// m (`A[j] := case ...`).
func weakCase(m *syntax.Model, tr *syntax.Transition) bool {
	for _, a := range tr.Actions {
		if _, ok := a.Value.(*syntax.Case); ok && a.Index != nil && m.Symbols[a.Target].Weak {
			return true
		}
	}
	return false
}
