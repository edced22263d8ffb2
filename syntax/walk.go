package syntax

// WalkFormula calls term for every term (and subterm, see WalkTerm) of f,
// and fence for every fence() atom; either may be nil. It does not look
// inside predicate definitions (expand calls first with Model.Expand).
func WalkFormula(f Formula, term func(Term), fence func(*Fence)) {
	switch f := f.(type) {
	case *Compare:
		if term != nil {
			WalkTerm(f.L, term)
			WalkTerm(f.R, term)
		}
	case *Fence:
		if fence != nil {
			fence(f)
		}
	case *Call:
		if term != nil {
			for _, a := range f.Args {
				WalkTerm(a, term)
			}
		}
	case *Not:
		WalkFormula(f.X, term, fence)
	case *Binary:
		WalkFormula(f.L, term, fence)
		WalkFormula(f.R, term, fence)
	case *Ite:
		WalkFormula(f.Cond, term, fence)
		WalkFormula(f.Then, term, fence)
		WalkFormula(f.Else, term, fence)
	case *Quant:
		WalkFormula(f.Body, term, fence)
	}
}

// WalkTerm calls fn for t and its subterms that are read: the location of
// `p @ L` counts, array indices do not. A nil t is skipped.
func WalkTerm(t Term, fn func(Term)) {
	if t == nil {
		return
	}
	fn(t)
	switch t := t.(type) {
	case *Read:
		WalkTerm(t.Loc, fn)
	case *Arith:
		WalkTerm(t.Base, fn)
		WalkTerm(t.Offset, fn)
	}
}
