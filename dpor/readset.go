package dpor

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// readSet returns the memory locations an instance t(procs) may read: every
// location its guard, right-hand sides and case conditions mention, with
// the quantifiers expanded as the evaluator expands them (forall and exists
// over distinct processes, the _other forms avoiding the parameters). Keep
// values (`| _ : A[j]`) are not reads: the graph engine skips those updates.
//
// The set is static: a location is read even when the evaluation would
// short-circuit past it. An extra read never changes a reachable state (it
// happens at the same instant as the others), it only gives the execution
// one more rf edge.
func (g *gprog) readSet(t *trans, procs []int) ([]int32, error) {
	w := &rwalk{g: g, params: procs}
	for i, prm := range t.t.Params {
		w.env = append(w.env, pvar{prm.Name, procs[i]})
	}
	if t.guard != nil {
		w.formula(t.guard)
	}
	for ai, a := range t.actions {
		switch {
		case a.term != nil:
			w.term(a.term)
		case a.cases != nil:
			n0 := len(w.env)
			forTuples(g.n, len(a.vars), false, nil, func(tuple []int) bool {
				w.env = w.env[:n0]
				for i, v := range a.vars {
					w.env = append(w.env, pvar{v, tuple[i]})
				}
				for bi, b := range a.cases {
					if b.cond != nil {
						w.formula(b.cond)
					}
					if !g.ntrans[t.idx].keeps[ai][bi] {
						w.term(b.value)
					}
				}
				return w.err == nil
			})
			w.env = w.env[:n0]
		}
	}
	if w.err != nil {
		return nil, fmt.Errorf("transition %s: %w", t.t.Name, w.err)
	}
	slices.Sort(w.out)
	return slices.Compact(w.out), nil
}

// rwalk collects the memory locations a formula or term reads.
type rwalk struct {
	g      *gprog
	env    []pvar
	params []int
	out    []int32
	err    error
}

func (w *rwalk) proc(x syntax.Proc) int {
	if x.Const > 0 {
		return x.Const
	}
	for i := len(w.env) - 1; i >= 0; i-- {
		if w.env[i].name == x.Var {
			return w.env[i].proc
		}
	}
	if w.err == nil {
		w.err = fmt.Errorf("%s: unbound process variable %s", x.Pos, x.Var)
	}
	return 1
}

func (w *rwalk) formula(f syntax.Formula) {
	switch f := f.(type) {
	case *syntax.Compare:
		w.term(f.L)
		w.term(f.R)
	case *syntax.Not:
		w.formula(f.X)
	case *syntax.Binary:
		w.formula(f.L)
		w.formula(f.R)
	case *syntax.Ite:
		w.formula(f.Cond)
		w.formula(f.Then)
		w.formula(f.Else)
	case *syntax.Quant:
		var excl []int
		if f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther {
			excl = w.params
		}
		n0 := len(w.env)
		forTuples(w.g.n, len(f.Vars), true, excl, func(tuple []int) bool {
			w.env = w.env[:n0]
			for i, v := range f.Vars {
				w.env = append(w.env, pvar{v.Name, tuple[i]})
			}
			w.formula(f.Body)
			return w.err == nil
		})
		w.env = w.env[:n0]
	}
}

func (w *rwalk) term(t syntax.Term) {
	switch t := t.(type) {
	case *syntax.Name:
		if s := w.g.syms[t.Name]; s != nil && s.s.Arity == 0 && w.g.mem[s.base] {
			w.out = append(w.out, int32(s.base))
		}
	case *syntax.Cell:
		w.cell(t.Array, t.Index)
	case *syntax.Read:
		if w.err == nil {
			w.err = fmt.Errorf("%s: the dpor engine does not support p @ X in a transition", t.Pos)
		}
	case *syntax.Arith:
		w.term(t.Base)
		w.term(t.Offset)
	}
}

func (w *rwalk) cell(array string, index []syntax.Proc) {
	s := w.g.syms[array]
	if s == nil || len(index) != s.s.Arity {
		return
	}
	procs := make([]int, len(index))
	for i, x := range index {
		procs[i] = w.proc(x)
	}
	l, err := w.g.cell(s, procs)
	if err != nil {
		if w.err == nil {
			w.err = err
		}
		return
	}
	if w.g.mem[l] {
		w.out = append(w.out, int32(l))
	}
}
