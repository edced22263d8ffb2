package dpor

import (
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// candidates returns the initial values tried for location l: the domain of
// a finite type (abstract types included, layoutAbstract); for int and
// real the literals of init of that type plus kOther (any other value),
// but one value per sign for the step of ordered reals (order.go). A
// free location of a lazy run has its symbolic value alone (lazy.go).
func (p *program) candidates(l int) []value {
	if p.symbolic(l) {
		return []value{freeValue(l)}
	}
	if p.order != nil && l == p.order.step {
		return p.stepSigns()
	}
	t := p.locs[l].sym.s.Type
	if d := p.domain(t); d != nil {
		return d
	}
	var vs []value
	switch t.Kind {
	case syntax.TInt:
		for _, s := range slices.Sorted(maps.Keys(p.num.lits)) {
			r := ratFromString(s)
			if r != nil && r.IsInt() && r.Num().IsInt64() {
				vs = append(vs, value{K: kInt, N: r.Num().Int64()})
			}
		}
	case syntax.TReal:
		for _, s := range slices.Sorted(maps.Keys(p.num.lits)) {
			if r := ratFromString(s); r != nil {
				vs = append(vs, p.num.real(r))
			}
		}
	}
	return append(vs, other)
}

// initStates enumerates the initial states: every assignment of the
// candidates to the locations such that init holds for every choice of its
// parameters (not necessarily distinct), the values of an abstract type up
// to renaming (a location takes one of the values used by earlier
// locations, or the next unused one). It backtracks location by
// location, pruning as soon as some instance of init is false; unassigned
// locations evaluate to unknown. An assignment on which init stays unknown
// (it depends on a kOther value) is dropped and reported through inexact.
// emit returns false to stop the enumeration; so does cancelled (polled
// now and then; nil: never).
func (p *program) initStates(inexact func(string), emit func(*state) bool, cancelled func() bool) error {
	init := p.m.Init
	nparams := len(init.Params)
	vals := make([]value, len(p.locs))
	st := &state{vals: vals}
	ev := &evaluator{p: p, st: st}
	// check evaluates init over every parameter tuple: tFalse if one instance
	// is false, tTrue if all are true, else tUnknown.
	check := func() truth {
		res := tTrue
		forTuples(p.n, nparams, false, nil, func(tuple []int) bool {
			ev.env = append(ev.env[:0], tuple...)
			ev.params = tuple
			res = and(res, p.initCode(ev))
			return res != tFalse && ev.err == nil
		})
		return res
	}
	stop := false
	visits := 0
	used := map[*syntax.Type]int64{} // per abstract type: values used so far
	var rec func(l int)
	rec = func(l int) {
		if visits++; visits%4096 == 0 && cancelled != nil && cancelled() {
			stop = true
		}
		if stop || ev.err != nil {
			return
		}
		if l == len(vals) {
			switch check() {
			case tTrue:
				if !emit(&state{vals: slices.Clone(vals)}) {
					stop = true
				}
			case tUnknown:
				inexact("init depends on an unconstrained value")
			}
			return
		}
		t := p.locs[l].sym.s.Type
		base, abstract := p.abstract[t]
		for _, v := range p.candidates(l) {
			fresh := abstract && v.K == kCons && v.N-base == used[t]
			if abstract && v.K == kCons && v.N-base > used[t] {
				break // a renaming of a state enumerated with a smaller value
			}
			vals[l] = v
			if fresh {
				used[t]++
			}
			if check() != tFalse {
				rec(l + 1)
			}
			if fresh {
				used[t]--
			}
			if stop {
				break
			}
		}
		vals[l] = value{}
	}
	rec(0)
	return ev.err
}
