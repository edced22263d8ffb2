package reach

import (
	"context"
	"time"

	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/translate"
)

// covered reports whether n is subsumed by the visited nodes: whether n
// implies the disjunction of Vσ over visited cubes V and injective
// renamings σ of V's variables into n's. Cheapest first: a syntactic
// inclusion Vσ ⊆ n proves it without the solver; renamings under which Vσ
// clashes with n are dropped; the solver decides the rest (an unsatisfiable
// n is covered too).
func (e *engine) covered(ctx context.Context, n *node) (bool, error) {
	start := time.Now()
	defer func() { e.stats.Subsume += time.Since(start) }()
	f := newFacts(n.cube)
	var cands [][]translate.Literal
	for _, v := range e.visited {
		if v.cube.NVars > n.cube.NVars {
			continue
		}
		included, cs := f.match(v.cube)
		if included {
			e.stats.Syntactic++
			return true, nil
		}
		cands = append(cands, cs...)
	}
	e.low.reset()
	s := e.s
	s.Push()
	defer s.Pop(1)
	for _, t := range e.low.cube(n.cube) {
		s.Assert(t)
	}
	for _, c := range cands {
		lits := make([]smt.Term, len(c))
		for i, l := range c {
			lits[i] = e.low.literal(l)
		}
		s.Assert(s.Not(s.And(lits...)))
	}
	r, err := s.Check(ctx)
	if err != nil {
		return false, err
	}
	return r == smt.Unsat, nil
}

// facts indexes a cube for syntactic questions about literals.
type facts struct {
	c     *translate.Cube
	keys  map[string]bool
	eqVal map[string]*translate.Term // term key -> the value-like term it equals
}

func newFacts(c *translate.Cube) *facts {
	f := &facts{c: c, keys: make(map[string]bool, len(c.Lits)), eqVal: map[string]*translate.Term{}}
	for _, l := range c.Lits {
		f.keys[l.Key()] = true
		if l.Op == translate.Eq && valueLike(l.R) && !valueLike(l.L) {
			f.eqVal[l.L.Key()] = l.R
		}
	}
	return f
}

func valueLike(t *translate.Term) bool {
	return t.IsValue() || t.Kind == translate.KProc && t.P.IsVar()
}

// status tells how a literal relates to the indexed cube.
type status int8

const (
	open     status = iota // neither implied nor contradicted syntactically
	implied                // the cube contains or implies it
	clashing               // the cube contradicts it
)

func (f *facts) status(l translate.Literal) status {
	switch l.Eval() {
	case translate.True:
		return implied
	case translate.False:
		return clashing
	}
	if f.keys[l.Key()] {
		return implied
	}
	if f.keys[l.Negate().Key()] {
		return clashing
	}
	if valueLike(l.R) && !valueLike(l.L) {
		if v, ok := f.eqVal[l.L.Key()]; ok {
			same := translate.NewLiteral(translate.Eq, v, l.R).Eval()
			switch {
			case l.Op == translate.Eq && same == translate.False:
				return clashing
			case l.Op == translate.Ne && same == translate.True:
				return clashing
			case l.Op == translate.Ne && same == translate.False:
				return implied
			}
		}
	}
	return open
}

// match enumerates the injective renamings σ of v's variables into the
// indexed cube's, pruning those under which a literal clashes. It returns
// included=true as soon as some vσ is syntactically included, else the
// surviving vσ as solver candidates.
func (f *facts) match(v *translate.Cube) (included bool, cands [][]translate.Literal) {
	m, n := v.NVars, f.c.NVars
	// Literals grouped by the highest variable they mention (0: none).
	groups := make([][]translate.Literal, m+1)
	var buf []translate.Proc
	for _, l := range v.Lits {
		buf = l.Procs(buf[:0])
		hi := 0
		for _, p := range buf {
			if p.IsVar() && int(p) > hi {
				hi = int(p)
			}
		}
		groups[hi] = append(groups[hi], l)
	}
	sigma := make([]translate.Proc, m+1)
	used := make([]bool, n+1)
	rename := func(p translate.Proc) translate.Proc {
		if p.IsVar() {
			return sigma[p]
		}
		return p
	}
	cur := make([]translate.Literal, 0, len(v.Lits))
	// check renames group g, appends it to cur and reports whether no
	// literal clashes and whether all are implied.
	check := func(g int) (ok, all bool) {
		all = true
		for _, l := range groups[g] {
			r := l.Rename(rename)
			switch f.status(r) {
			case clashing:
				return false, false
			case open:
				all = false
			}
			cur = append(cur, r)
		}
		return true, all
	}
	ok, all0 := check(0)
	if !ok {
		return false, nil
	}
	var rec func(i int, all bool) bool
	rec = func(i int, all bool) bool {
		if i > m {
			if all {
				return true
			}
			cands = append(cands, append([]translate.Literal(nil), cur...))
			return false
		}
		for y := 1; y <= n; y++ {
			if used[y] {
				continue
			}
			used[y], sigma[i] = true, translate.Proc(y)
			mark := len(cur)
			if ok, allG := check(i); ok && rec(i+1, all && allG) {
				return true
			}
			cur = cur[:mark]
			used[y] = false
		}
		return false
	}
	if rec(1, all0) {
		return true, nil
	}
	return false, cands
}
