package dpor

import (
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// Shifted counters (Options.Shift, explicit engine). Tickets, clocks and
// counters grow without bound, so their state spaces are infinite; but
// when the model only ever compares two counters and adds constants to
// them, states that differ by a common shift of every integer are
// bisimilar, and a search can key each state by its copy shifted so that
// its smallest integer is 0.
//
// The condition, checked statically on the transitions and properties
// (init is only used to pick the initial states):
//
//   - every comparison involving an int term compares two shifted terms:
//     an int variable or cell (or p @ X of one), plus or minus constants;
//     never a number or a constant alone;
//   - every assignment to an int variable or cell assigns a shifted term,
//     a case whose values are shifted terms, or `.`;
//   - the model has no real type and no int constant.
//
// Proof sketch: shifting every integer of a state by d maps each shifted
// term's value v to v+d, so every comparison, guard, case condition and
// property has the same truth value, and each transition maps the
// shifted state to the shifted successor. So s ~ s+d is a bisimulation
// that preserves the unsafe items and invariants. A state holding a value
// that stands for "some integer other than the literals of init" (kOther)
// is not shifted: that value is compared with literals, which a shift
// does not move.

// shiftRefusal returns "" when p satisfies the condition, else why not.
func (p *program) shiftRefusal() string {
	var r refusal
	ints := 0
	for _, name := range slices.Sorted(maps.Keys(p.syms)) {
		s := p.syms[name].s
		switch {
		case s.Type.Kind == syntax.TReal:
			return name + " has a real type"
		case s.Type.Kind == syntax.TInt && s.Class == syntax.SymConst:
			return name + " is an int constant"
		case s.Type.Kind == syntax.TInt:
			ints++
		}
	}
	if ints == 0 {
		return "no int variable"
	}
	isInt := func(t syntax.Term) bool {
		ty := p.m.TermType(t)
		return ty != nil && ty.Kind == syntax.TInt
	}
	formula := func(f syntax.Formula) {
		eachAtom(f, func(f syntax.Formula) {
			switch f := f.(type) {
			case *syntax.Compare:
				if isInt(f.L) || isInt(f.R) {
					for _, t := range []syntax.Term{f.L, f.R} {
						if !p.shiftedTerm(t) {
							r.note(f.Pos, "an int compared with a value that a shift does not move")
						}
					}
				}
			case *syntax.Call:
				for _, a := range f.Args {
					if isInt(a) {
						r.note(f.Pos, "an int passed to %s", f.Name)
					}
				}
			}
		})
	}
	p.eachFormula(formula)
	for _, t := range p.trans {
		for _, a := range t.actions {
			if a.sym.s.Type.Kind != syntax.TInt {
				continue
			}
			if a.term != nil && !p.shiftedTerm(a.term) {
				r.note(a.a.Pos, "%s is assigned a value that a shift does not move", a.a.Target)
			}
			for _, b := range a.cases {
				if !p.shiftedTerm(b.value) {
					r.note(a.a.Pos, "%s is assigned a value that a shift does not move", a.a.Target)
				}
			}
		}
	}
	return r.why
}

// shiftedTerm reports whether t is an int variable or cell plus or minus
// constants.
func (p *program) shiftedTerm(t syntax.Term) bool {
	switch t := t.(type) {
	case *syntax.Name:
		s := p.syms[t.Name]
		return s != nil && s.s.Class == syntax.SymVar && s.s.Type.Kind == syntax.TInt
	case *syntax.Cell:
		s := p.syms[t.Array]
		return s != nil && s.s.Type.Kind == syntax.TInt
	case *syntax.Read:
		return p.shiftedTerm(t.Loc)
	case *syntax.Arith:
		return p.shiftedTerm(t.Base)
	}
	return false
}

// shiftLocs marks the int locations (computed once, when Options.Shift
// is granted).
func (p *program) shiftLocs() []bool {
	out := make([]bool, len(p.locs))
	for l, lc := range p.locs {
		out[l] = lc.sym.s.Type.Kind == syntax.TInt
	}
	return out
}

// shifted returns st with every int shifted so that the smallest is 0,
// and its wide gaps capped when p.gap is set (gaps.go); st itself when
// p.shift is nil, when it is already so, or when an int location holds
// kOther.
func (p *program) shifted(st *state) *state {
	if p.shift == nil {
		return st
	}
	if p.gap > 0 {
		if vs, ok := p.liveInts(st); ok && len(vs) > 0 {
			return p.capped(st, vs)
		}
		return st
	}
	first, low := true, int64(0)
	ok := eachValue(st, func(l int, v value) bool {
		if !p.shift[l] {
			return true
		}
		if v.K == kOther {
			return false
		}
		if v.K == kInt && (first || v.N < low) {
			first, low = false, v.N
		}
		return true
	})
	if !ok || first || low == 0 {
		return st
	}
	return mapValues(st, func(l int, v value) value {
		if p.shift[l] && v.K == kInt {
			v.N -= low
		}
		return v
	})
}

// eachValue calls see on every location's value and every buffered
// write of st, with its location, until see returns false; it reports
// whether none did.
func eachValue(st *state, see func(l int, v value) bool) bool {
	for l, v := range st.vals {
		if !see(l, v) {
			return false
		}
	}
	for _, b := range st.bufs {
		for _, g := range b {
			for _, w := range g {
				if !see(int(w.loc), w.val) {
					return false
				}
			}
		}
	}
	return true
}

// mapValues returns a copy of st with every location's value and every
// buffered write's value v at location l replaced by move(l, v).
func mapValues(st *state, move func(l int, v value) value) *state {
	out := &state{vals: make([]value, len(st.vals)), steps: st.steps}
	for l, v := range st.vals {
		out.vals[l] = move(l, v)
	}
	if st.bufs != nil {
		out.bufs = make([][]group, len(st.bufs))
		for q, b := range st.bufs {
			for _, g := range b {
				ng := make(group, len(g))
				for j, w := range g {
					ng[j] = write{loc: w.loc, val: move(int(w.loc), w.val)}
				}
				out.bufs[q] = append(out.bufs[q], ng)
			}
		}
	}
	return out
}
