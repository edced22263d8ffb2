package difftest

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// knownBug names the open bug of cubew that explains the disagreement o
// on model m, or returns "". Each entry has a model in testdata/regress
// that pins it; when the bug is fixed, delete the entry and the regress
// model's `known` mark.
func knownBug(m *syntax.Model, o *Outcome) string {
	switch {
	case o.Class == ClassWrongSafe && o.Case.Model != memmodel.SC && m.Weak && nondetWeak(m):
		return "known bug: reach ignores a nondeterministic assignment `X := .` to a weak variable (regress/weak_nondet.cub)"
	case o.Class == ClassSpurious && unusedUnsafeParam(m):
		return "known bug: an unsafe parameter its formula does not mention is dropped by reach (Cubicle) but needs a process of its own in the bounded engine, so the trace does not replay (regress/unused_unsafe_param.cub)"
	case o.Class == ClassSpurious && o.weak && traceFires(m, o.Spurious, func(tr *syntax.Transition) bool { return weakCase(m, tr) }):
		return "known bug: under tso, a trace through an atomic transition that updates a whole weak array (A[j] := case ...) misses a ghb cycle and does not replay (regress/weak_case_trace.cub)"
	}
	return ""
}

// nondetWeak reports whether a transition of m assigns `.` to a weak
// variable.
func nondetWeak(m *syntax.Model) bool {
	for _, t := range m.Transitions {
		for _, a := range t.Actions {
			if _, ok := a.Value.(*syntax.Nondet); ok && m.Symbols[a.Target].Weak {
				return true
			}
		}
	}
	return false
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

// unusedUnsafeParam reports whether an unsafe item of m has a parameter
// that its formula does not mention.
func unusedUnsafeParam(m *syntax.Model) bool {
	for _, u := range m.Unsafes {
		used := map[string]bool{}
		procsOf(u.Body, used)
		for _, p := range u.Params {
			if !used[p.Name] {
				return true
			}
		}
	}
	return false
}

// procsOf adds the process variables that f mentions to used.
func procsOf(f syntax.Formula, used map[string]bool) {
	var term func(t syntax.Term)
	term = func(t syntax.Term) {
		switch x := t.(type) {
		case *syntax.Proc:
			used[x.Var] = true
		case *syntax.Cell:
			for _, i := range x.Index {
				used[i.Var] = true
			}
		case *syntax.Read:
			used[x.Reader.Var] = true
			term(x.Loc)
		case *syntax.Arith:
			term(x.Base)
		}
	}
	switch x := f.(type) {
	case *syntax.Compare:
		term(x.L)
		term(x.R)
	case *syntax.Call:
		for _, a := range x.Args {
			term(a)
		}
	case *syntax.Not:
		procsOf(x.X, used)
	case *syntax.Binary:
		procsOf(x.L, used)
		procsOf(x.R, used)
	case *syntax.Ite:
		procsOf(x.Cond, used)
		procsOf(x.Then, used)
		procsOf(x.Else, used)
	case *syntax.Quant:
		procsOf(x.Body, used)
	}
}
