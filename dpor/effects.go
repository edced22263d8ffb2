package dpor

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// The transition semantics both engines share: binding an instance's
// parameters, evaluating its guard and its right-hand sides in the old
// state, and enumerating the values of its nondeterministic actions. The
// engines differ only in how they apply the writes: the explicit one to a
// state with store buffers (stepper.apply), the graph one to a thread's
// local cells and memory events (gexplorer.apply).

// kwrite is a write computed by an action; keep marks a case branch that
// keeps the cell's value (when the caller asks for keeps to be marked).
type kwrite struct {
	loc  int32
	keep bool
	val  value
}

// bind resets ev to evaluate an instance with parameters procs on st,
// with process reader reading bare weak locations (0: memory).
func (ev *evaluator) bind(p *program, st *state, reader int, procs []int) {
	ev.p, ev.st, ev.reader, ev.params, ev.env = p, st, reader, procs, append(ev.env[:0], procs...)
	ev.avoid, ev.whole, ev.err = false, false, nil
}

// enabled evaluates the guard of t: false when it is false, or when it
// depends on an unconstrained value (flags records the approximation).
// It sets ev.falseAt.
func (ev *evaluator) enabled(t *trans, flags *runFlags) (bool, error) {
	switch ev.guard(t) {
	case tFalse:
		return false, ev.err
	case tUnknown:
		if ev.err != nil {
			return false, ev.err
		}
		flags.approx(fmt.Sprintf("guard of %s depends on an unconstrained value", t.t.Name))
		return false, nil
	}
	return true, nil
}

// guard evaluates t's guard conjunct by conjunct, as guardCode evaluates
// the chain (Kleene's &&, left to right, stopping at the first false
// one), and sets ev.falseAt to that conjunct's index (-1 when the guard
// is not false).
func (ev *evaluator) guard(t *trans) truth {
	ev.falseAt = -1
	res := tTrue
	for k, c := range t.conjuncts {
		switch c(ev) {
		case tFalse:
			ev.falseAt = k
			return tFalse
		case tUnknown:
			res = tUnknown
		}
	}
	return res
}

// effects is what a firing of an instance does: the writes of its
// deterministic actions, and the cells its nondeterministic actions
// (`:= .`) write with the values each may take.
type effects struct {
	det   []kwrite
	nlocs []int
	doms  [][]value
	buf   []kwrite // scratch for each
}

// effects evaluates every right-hand side of t in the old state: the
// deterministic actions in order, then the targets of the
// nondeterministic ones. keeps, when not nil, holds per action the case
// branches that keep their cell (gtrans.keeps): their writes are marked
// keep, their values not evaluated; with nil keeps such a branch writes
// the cell's value. ok is false when a case condition depends on an
// unconstrained value (flags records the approximation). f.det is
// scratch memory of ev, valid until its next call.
func (ev *evaluator) effects(t *trans, keeps [][]bool, flags *runFlags) (f effects, ok bool, err error) {
	f.det = ev.det[:0]
	defer func() { ev.det = f.det[:0] }()
	for ai, a := range t.actions {
		if a.nondet {
			continue
		}
		var kb []bool
		if keeps != nil {
			kb = keeps[ai]
		}
		var ok bool
		f.det, ok = ev.actionWrites(f.det, a, kb)
		if ev.err != nil {
			return f, false, ev.err
		}
		if !ok {
			flags.approx(fmt.Sprintf("a case condition of %s depends on an unconstrained value", t.t.Name))
			return f, false, nil
		}
	}
	for _, a := range t.actions {
		if !a.nondet {
			continue
		}
		l, ok := ev.loc(a.target)
		if !ok {
			return f, false, ev.err
		}
		d, err := ev.nondetDomain(t, a.sym.s.Type, flags)
		if err != nil {
			return f, false, err
		}
		f.nlocs = append(f.nlocs, l)
		f.doms = append(f.doms, d)
	}
	return f, true, nil
}

// each calls fn with every way the firing goes: the values picked for the
// nondeterministic actions (one of each domain, in lexicographic order)
// and all the writes, until fn returns false. fn keeps neither slice.
func (f *effects) each(fn func(choice []value, ws []kwrite) bool) {
	odometer(f.doms, func(choice []value) bool {
		if len(choice) == 0 {
			return fn(choice, f.det)
		}
		f.buf = append(f.buf[:0], f.det...)
		for k, l := range f.nlocs {
			f.buf = append(f.buf, kwrite{loc: int32(l), val: choice[k]})
		}
		return fn(choice, f.buf)
	})
}

// actionWrites appends to ws the writes of one deterministic action; ok
// is false when a case condition is unknown. keeps marks the case branches
// that keep the cell (nil: none is marked). A whole-array case update
// writes every cell for which a branch matches; with none matching, the
// cell keeps its value (a weak cell is not written).
func (ev *evaluator) actionWrites(ws []kwrite, a action, keeps []bool) (_ []kwrite, ok bool) {
	if a.cases == nil {
		l, found := ev.loc(a.target)
		if !found {
			return ws, true
		}
		return append(ws, kwrite{loc: int32(l), val: a.termCode(ev)}), true
	}
	n0 := len(ev.env)
	ok = true
	forTuples(ev.p.n, len(a.vars), false, nil, func(tuple []int) bool {
		ev.env = ev.env[:n0]
		ev.env = append(ev.env, tuple...)
		for bi, b := range a.cases {
			switch b.condCode(ev) {
			case tFalse:
				continue
			case tUnknown:
				ok = false
				return false
			}
			l, err := ev.p.cell(a.sym, tuple)
			if err != nil {
				ev.fail(a.a.Pos, "%v", err)
				return false
			}
			if keeps != nil && keeps[bi] {
				ws = append(ws, kwrite{loc: int32(l), keep: true})
			} else {
				ws = append(ws, kwrite{loc: int32(l), val: b.valueCode(ev)})
			}
			break
		}
		return ev.err == nil
	})
	ev.env = ev.env[:n0]
	return ws, ok
}

// odometer calls fn with every tuple taking one element of each list (in
// lexicographic order) until fn returns false. With no lists it calls fn
// once with the empty tuple.
func odometer[T any](lists [][]T, fn func([]T) bool) {
	for _, l := range lists {
		if len(l) == 0 {
			return
		}
	}
	idx := make([]int, len(lists))
	tuple := make([]T, len(lists))
	for {
		for k := range lists {
			tuple[k] = lists[k][idx[k]]
		}
		if !fn(tuple) {
			return
		}
		k := len(lists) - 1
		for ; k >= 0; k-- {
			if idx[k]++; idx[k] < len(lists[k]) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}

// nondetDomain returns the values `X := .` tries for a location of type
// typ: the domain of a finite type; for an abstract type, on a whole
// state, the values held and one fresh value (nondetValues), else (the
// graph engine sees part of the state) any value; for int and real any
// value (doc.go).
func (ev *evaluator) nondetDomain(t *trans, typ *syntax.Type, flags *runFlags) ([]value, error) {
	if _, abstract := ev.p.abstract[typ]; abstract {
		if !ev.whole {
			return []value{undef}, nil
		}
		vs, ok := ev.p.nondetValues(typ, ev.st)
		if !ok {
			flags.approx(fmt.Sprintf("%s: every value of the abstract type %s is in use", t.t.Name, typ.Name))
		}
		return vs, nil
	}
	if d := ev.p.domain(typ); d != nil {
		return d, nil
	}
	return []value{undef}, nil
}
