package dpor

import (
	"sort"

	"github.com/cubew/cubew/syntax"
)

// walkFormula calls term for every term (and subterm) of f, and fence for
// every fence() atom. Either may be nil.
func walkFormula(f syntax.Formula, term func(syntax.Term), fence func(syntax.Formula)) {
	switch f := f.(type) {
	case *syntax.Compare:
		if term != nil {
			walkTerm(f.L, term)
			walkTerm(f.R, term)
		}
	case *syntax.Fence:
		if fence != nil {
			fence(f)
		}
	case *syntax.Call:
		if term != nil {
			for _, a := range f.Args {
				walkTerm(a, term)
			}
		}
	case *syntax.Not:
		walkFormula(f.X, term, fence)
	case *syntax.Binary:
		walkFormula(f.L, term, fence)
		walkFormula(f.R, term, fence)
	case *syntax.Ite:
		walkFormula(f.Cond, term, fence)
		walkFormula(f.Then, term, fence)
		walkFormula(f.Else, term, fence)
	case *syntax.Quant:
		walkFormula(f.Body, term, fence)
	}
}

// walkTerm calls fn for t and its subterms that are read: the location of
// `p @ L` counts, array indices do not.
func walkTerm(t syntax.Term, fn func(syntax.Term)) {
	if t == nil {
		return
	}
	fn(t)
	switch t := t.(type) {
	case *syntax.Read:
		walkTerm(t.Loc, fn)
	case *syntax.Arith:
		walkTerm(t.Base, fn)
		walkTerm(t.Offset, fn)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
