package dpor

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// pvar binds a process variable to a process.
type pvar struct {
	name string
	proc int
}

// evaluator evaluates formulas and terms on one state in Kleene's logic.
// The first error stops the evaluation (later results are tUnknown) and is
// kept in err.
type evaluator struct {
	p      *program
	st     *state
	reader int    // whose view bare weak locations are read in; 0: memory
	env    []pvar // innermost last
	params []int  // the item's parameters, excluded by the _other quantifiers
	// avoid makes exists/forall variables distinct from params as well
	// (unsafe and invariant items); in guards and init they are not.
	avoid bool
	// whole: st holds every location and buffer (the explicit engine),
	// not only what one step of the graph engine reads.
	whole bool
	err   error
}

func (e *evaluator) fail(pos syntax.Pos, format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("%s: %s", pos, fmt.Sprintf(format, args...))
	}
}

func (e *evaluator) lookup(name string) (int, bool) {
	for i := len(e.env) - 1; i >= 0; i-- {
		if e.env[i].name == name {
			return e.env[i].proc, true
		}
	}
	return 0, false
}

// proc resolves a process variable or constant.
func (e *evaluator) proc(x syntax.Proc) int {
	if x.Const > 0 {
		return x.Const
	}
	q, ok := e.lookup(x.Var)
	if !ok {
		e.fail(x.Pos, "unbound process variable %s", x.Var)
	}
	return q
}

// formula evaluates f.
func (e *evaluator) formula(f syntax.Formula) truth {
	if e.err != nil {
		return tUnknown
	}
	switch f := f.(type) {
	case nil:
		return tTrue
	case *syntax.BoolLit:
		return truthOf(f.Value)
	case *syntax.Compare:
		l, r := e.term(f.L), e.term(f.R)
		switch f.Op {
		case syntax.OpGt:
			return e.p.num.compare("<", r, l)
		case syntax.OpGe:
			return e.p.num.compare("<=", r, l)
		}
		return e.p.num.compare(string(f.Op), l, r)
	case *syntax.Fence:
		// The static fence rule (trans.fence) already demands an empty
		// buffer; evaluating the atom the same way keeps `not fence()`
		// meaningful.
		if e.st.bufs == nil || e.reader == 0 {
			return tTrue
		}
		return truthOf(pending(e.st, e.reader, -1) == 0)
	case *syntax.Not:
		return e.formula(f.X).not()
	case *syntax.Binary:
		l := e.formula(f.L)
		switch f.Op {
		case syntax.OpAnd:
			if l == tFalse {
				return tFalse
			}
			return and(l, e.formula(f.R))
		case syntax.OpOr:
			if l == tTrue {
				return tTrue
			}
			return or(l, e.formula(f.R))
		case syntax.OpImp:
			if l == tFalse {
				return tTrue
			}
			return or(l.not(), e.formula(f.R))
		case syntax.OpIff:
			r := e.formula(f.R)
			if l == tUnknown || r == tUnknown {
				return tUnknown
			}
			return truthOf(l == r)
		}
		e.fail(f.Pos, "unknown connective %s", f.Op)
		return tUnknown
	case *syntax.Ite:
		c := e.formula(f.Cond)
		switch c {
		case tTrue:
			return e.formula(f.Then)
		case tFalse:
			return e.formula(f.Else)
		}
		a, b := e.formula(f.Then), e.formula(f.Else)
		if a == b {
			return a
		}
		return tUnknown
	case *syntax.Quant:
		return e.quant(f)
	case *syntax.Call:
		e.fail(f.Pos, "predicate call %s was not expanded", f.Name)
		return tUnknown
	}
	e.fail(f.FormulaPos(), "unknown formula %T", f)
	return tUnknown
}

// quant evaluates a quantifier. The variables of one quantifier are
// pairwise distinct; `_other` variables also differ from the parameters,
// and so do forall/exists variables in unsafe and invariant items.
func (e *evaluator) quant(f *syntax.Quant) truth {
	exists := f.Kind == syntax.Exists || f.Kind == syntax.ExistsOther
	avoid := e.avoid || f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther
	var excl []int
	if avoid {
		excl = e.params
	}
	res := truthOf(!exists) // empty range: forall true, exists false
	n0 := len(e.env)
	forTuples(e.p.n, len(f.Vars), true, excl, func(tuple []int) bool {
		e.env = e.env[:n0]
		for i, v := range f.Vars {
			e.env = append(e.env, pvar{v.Name, tuple[i]})
		}
		t := e.formula(f.Body)
		if exists {
			res = or(res, t)
			return res != tTrue && e.err == nil
		}
		res = and(res, t)
		return res != tFalse && e.err == nil
	})
	e.env = e.env[:n0]
	return res
}

// forTuples calls fn with every k-tuple of processes 1..n (pairwise distinct
// when distinct is set, and avoiding excl), in lexicographic order, until fn
// returns false.
func forTuples(n, k int, distinct bool, excl []int, fn func([]int) bool) {
	tuple := make([]int, k)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == k {
			return fn(tuple)
		}
	next:
		for q := 1; q <= n; q++ {
			for _, x := range excl {
				if x == q {
					continue next
				}
			}
			if distinct {
				for _, x := range tuple[:i] {
					if x == q {
						continue next
					}
				}
			}
			tuple[i] = q
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// term evaluates t.
func (e *evaluator) term(t syntax.Term) value {
	if e.err != nil {
		return undef
	}
	switch t := t.(type) {
	case *syntax.Proc:
		return value{K: kProc, N: int64(e.proc(*t))}
	case *syntax.Number:
		v, err := e.p.num.number(t.Value, t.Real)
		if err != nil {
			e.fail(t.Pos, "%v", err)
		}
		return v
	case *syntax.Name:
		return e.name(t.Pos, t.Name, e.reader)
	case *syntax.Cell:
		return e.cell(t, e.reader)
	case *syntax.Read:
		q := e.proc(t.Reader)
		switch l := t.Loc.(type) {
		case *syntax.Name:
			return e.name(l.Pos, l.Name, q)
		case *syntax.Cell:
			return e.cell(l, q)
		}
		e.fail(t.Pos, "cannot read %T", t.Loc)
		return undef
	case *syntax.Arith:
		b, o := e.term(t.Base), e.term(t.Offset)
		sign := int64(1)
		if t.Minus {
			sign = -1
		}
		var v value
		var err error
		if e.p.order != nil && e.p.orderedTerm(t.Base) {
			v, err = e.p.increment(e.st, b, o, sign) // an increment of an ordered real (order.go)
		} else {
			v, err = e.p.num.add(b, o, sign)
		}
		if err != nil {
			e.fail(t.Pos, "%v", err)
		}
		return v
	case *syntax.Scaled:
		c := e.name(t.Pos, t.Const, e.reader)
		v, err := e.p.num.scale(t.K, c)
		if err != nil {
			e.fail(t.Pos, "%v", err)
		}
		return v
	}
	e.fail(t.TermPos(), "unknown term %T", t)
	return undef
}

// name evaluates a capitalised name: a constructor, a constant or a global
// variable read by process q.
func (e *evaluator) name(pos syntax.Pos, name string, q int) value {
	r, ok := e.p.names[name]
	switch {
	case !ok:
		e.fail(pos, "unknown name %s", name)
		return undef
	case r.sym == nil:
		return r.cons
	case r.sym.s.Arity != 0:
		e.fail(pos, "%s is not a value", name)
		return undef
	}
	return e.p.noteFree(e.p.read(e.st, q, r.sym.base))
}

// cell evaluates an array (or constant array) cell read by process q.
func (e *evaluator) cell(c *syntax.Cell, q int) value {
	l, ok := e.cellLoc(c.Pos, c.Array, c.Index)
	if !ok {
		return undef
	}
	return e.p.noteFree(e.p.read(e.st, q, l))
}

// cellLoc resolves the location of A[i, ...].
func (e *evaluator) cellLoc(pos syntax.Pos, array string, index []syntax.Proc) (int, bool) {
	s := e.p.names[array].sym
	if s == nil || len(index) != s.s.Arity {
		e.fail(pos, "%s is not an array with %d indices", array, len(index))
		return 0, false
	}
	off := 0
	for _, x := range index {
		q := e.proc(x)
		if e.err != nil {
			return 0, false
		}
		if q < 1 || q > e.p.n {
			e.fail(pos, "process #%d does not exist in an instance with %d processes", q, e.p.n)
			return 0, false
		}
		off = off*e.p.n + q - 1
	}
	return s.base + off, true
}
