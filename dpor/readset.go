package dpor

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// readSet returns the locations an instance t(procs) may read that keep
// says to keep (the graph engine: memory locations; witnesses: every
// location but constants): every location its guard, right-hand sides and
// case conditions mention, with
// the quantifiers expanded as the evaluator expands them (forall and exists
// over distinct processes, the _other forms avoiding the parameters). Keep
// values (`| _ : A[j]`) are not reads: the graph engine skips those updates.
//
// The set is static: a location is read even when the evaluation would
// short-circuit past it. An extra read never changes a reachable state (it
// happens at the same instant as the others), it only gives the execution
// one more rf edge.
func (p *program) readSet(t *trans, procs []int, keep func(l int) bool) ([]int32, error) {
	w := &rwalk{p: p, keep: keep, params: procs}
	for i, prm := range t.t.Params {
		w.env = append(w.env, pvar{prm.Name, procs[i]})
	}
	if t.guard != nil {
		w.formula(t.guard)
	}
	for _, a := range t.actions {
		switch {
		case a.term != nil:
			w.term(a.term)
		case a.cases != nil:
			n0 := len(w.env)
			forTuples(p.n, len(a.vars), false, nil, func(tuple []int) bool {
				w.env = w.env[:n0]
				for i, v := range a.vars {
					w.env = append(w.env, pvar{v, tuple[i]})
				}
				for _, b := range a.cases {
					if b.cond != nil {
						w.formula(b.cond)
					}
					if !keepValue(b.value, a.a) {
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

// rwalk collects the locations a formula or term reads, or with finals
// the reads p @ X of an unsafe item.
type rwalk struct {
	p      *program
	keep   func(l int) bool
	env    []pvar
	params []int
	out    []int32
	err    error
	finals bool
	reads  []finalRead
}

// finalRead is a read p @ X of an unsafe item: the process and location.
type finalRead struct {
	proc int
	loc  int
}

// finalReads lists the reads p @ X of unsafe item idx for the processes
// procs of its parameters, in the order they appear, and false when some
// read is under a quantifier (its processes are not known).
func (p *program) finalReads(idx int, procs []int) ([]finalRead, bool) {
	pr := p.unsafe[idx]
	w := &rwalk{p: p, keep: func(int) bool { return true }, params: procs, finals: true}
	for i, prm := range pr.p.Params {
		w.env = append(w.env, pvar{prm.Name, procs[i]})
	}
	w.formula(pr.body)
	return w.reads, w.err == nil
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
		if w.finals {
			w.err = fmt.Errorf("%s: a quantifier in the unsafe item", f.Pos)
			return
		}
		var excl []int
		if f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther {
			excl = w.params
		}
		n0 := len(w.env)
		forTuples(w.p.n, len(f.Vars), true, excl, func(tuple []int) bool {
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
		if s := w.p.syms[t.Name]; s != nil && s.s.Arity == 0 && !w.finals && w.keep(s.base) {
			w.out = append(w.out, int32(s.base))
		}
	case *syntax.Cell:
		if !w.finals {
			w.cell(t.Array, t.Index)
		}
	case *syntax.Read:
		if !w.finals {
			if w.err == nil {
				w.err = fmt.Errorf("%s: the dpor engine does not support p @ X in a transition", t.Pos)
			}
			return
		}
		q := w.proc(t.Reader)
		w.finals = false
		w.term(t.Loc)
		w.finals = true
		for _, l := range w.out {
			w.reads = append(w.reads, finalRead{q, int(l)})
		}
		w.out = w.out[:0]
	case *syntax.Arith:
		w.term(t.Base)
		w.term(t.Offset)
	}
}

func (w *rwalk) cell(array string, index []syntax.Proc) {
	s := w.p.syms[array]
	if s == nil || len(index) != s.s.Arity {
		return
	}
	procs := make([]int, len(index))
	for i, x := range index {
		procs[i] = w.proc(x)
	}
	l, err := w.p.cell(s, procs)
	if err != nil {
		if w.err == nil {
			w.err = err
		}
		return
	}
	if w.keep(l) {
		w.out = append(w.out, int32(l))
	}
}
