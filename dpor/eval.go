package dpor

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// pvar binds a process variable to a process (the read-set walker,
// readset.go; the evaluator binds slots, code.go).
type pvar struct {
	name string
	proc int
}

// evaluator evaluates compiled formulas and terms (code.go) on one state
// in Kleene's logic. The first error stops the evaluation (later results
// are tUnknown) and is kept in err.
type evaluator struct {
	p      *program
	st     *state
	reader int   // whose view bare weak locations are read in; 0: memory
	env    []int // the processes of the variables in scope, by slot
	params []int // the item's parameters, excluded by the _other quantifiers
	// avoid makes exists/forall variables distinct from params as well
	// (unsafe and invariant items); in guards and init they are not.
	avoid bool
	// whole: st holds every location and buffer (the explicit engine),
	// not only what one step of the graph engine reads.
	whole bool
	err   error
	det   []kwrite // scratch for effects' deterministic writes
	// falseAt is the conjunct of the guard enabled found false, -1 if none.
	falseAt int
}

func (e *evaluator) fail(pos syntax.Pos, format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("%s: %s", pos, fmt.Sprintf(format, args...))
	}
}

// proc resolves a process variable or constant.
func (e *evaluator) proc(x *procRef) int {
	switch {
	case x.konst > 0:
		return x.konst
	case x.slot < 0:
		e.fail(x.pos, "unbound process variable %s", x.name)
		return 0
	}
	return e.env[x.slot]
}

// loc resolves the location of a variable or an array cell.
func (e *evaluator) loc(c *cellRef) (int, bool) {
	if c.s == nil {
		e.fail(c.pos, "%s is not an array with %d indices", c.name, len(c.idx))
		return 0, false
	}
	off := 0
	for i := range c.idx {
		q := e.proc(&c.idx[i])
		if e.err != nil {
			return 0, false
		}
		if q < 1 || q > e.p.n {
			e.fail(c.pos, "process #%d does not exist in an instance with %d processes", q, e.p.n)
			return 0, false
		}
		off = off*e.p.n + q - 1
	}
	return c.s.base + off, true
}

// fence evaluates fence(). The static fence rule (trans.fence) already
// demands an empty buffer; evaluating the atom the same way keeps
// `not fence()` meaningful.
func (e *evaluator) fence() truth {
	if e.err != nil {
		return tUnknown
	}
	if e.st.bufs == nil || e.reader == 0 {
		return tTrue
	}
	return truthOf(pending(e.st, e.reader, -1) == 0)
}

// ite evaluates `if cond then a else b`: an unknown condition gives the
// branches' common value, else unknown.
func (e *evaluator) ite(cond, a, b cformula) truth {
	switch cond(e) {
	case tTrue:
		return a(e)
	case tFalse:
		return b(e)
	}
	x, y := a(e), b(e)
	if x == y {
		return x
	}
	return tUnknown
}

// quant evaluates a quantifier. The variables of one quantifier are
// pairwise distinct; `_other` variables also differ from the parameters,
// and so do forall/exists variables in unsafe and invariant items.
func (e *evaluator) quant(q *cquant) truth {
	var excl []int
	if e.avoid || q.other {
		excl = e.params
	}
	if q.k == 0 {
		return q.body(e)
	}
	for len(e.env) < q.base+q.k {
		e.env = append(e.env, 0)
	}
	e.env = e.env[:q.base+q.k]
	res := truthOf(!q.exists) // empty range: forall true, exists false
	e.quantFrom(q, 0, excl, &res)
	e.env = e.env[:q.base]
	return res
}

// quantFrom gives variable i of q and the following ones every value
// (distinct from the earlier ones and from excl), combining the body's
// truth into res; it returns false once res is decided.
func (e *evaluator) quantFrom(q *cquant, i int, excl []int, res *truth) bool {
	slot := q.base + i
next:
	for x := 1; x <= e.p.n; x++ {
		for _, y := range excl {
			if y == x {
				continue next
			}
		}
		for _, y := range e.env[q.base:slot] {
			if y == x {
				continue next
			}
		}
		e.env[slot] = x
		if i+1 < q.k {
			if !e.quantFrom(q, i+1, excl, res) {
				return false
			}
			continue
		}
		t := q.body(e)
		if q.exists {
			*res = or(*res, t)
			if *res == tTrue || e.err != nil {
				return false
			}
		} else if *res = and(*res, t); *res == tFalse || e.err != nil {
			return false
		}
	}
	return true
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

// participantTuples returns the k-tuples of pairwise distinct
// participants in lexicographic order (forTuples' order), computed once
// per k: the instances of a transition or a property with k parameters.
// The tuples are shared: callers must not change them.
func (p *program) participantTuples(k int) [][]int {
	for len(p.tupleSets) <= k {
		p.tupleSets = append(p.tupleSets, nil)
	}
	if p.tupleSets[k] == nil {
		ts := [][]int{}
		forTuples(p.participants, k, true, nil, func(tuple []int) bool {
			ts = append(ts, slices.Clone(tuple))
			return true
		})
		p.tupleSets[k] = ts
	}
	return p.tupleSets[k]
}
