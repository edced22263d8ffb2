package dpor

import (
	"maps"
	"math/big"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// Ordered real clocks (Options.Order, explicit engine). Logical clocks
// (ricart_agrawala's Timer, Clock[i], Last[i]) are reals that grow
// without bound, and they do not shift together: Timer grows while
// Clock and Last keep old copies, so the gaps grow too. But when the
// model only compares these reals with each other, copies them, and
// adds a positive amount to the largest of them, what a continuation
// can observe is their order with ties, not their values; a search can
// key each state by the rank of each real among all of them.
//
// The condition, checked statically on the transitions and properties
// (init only picks the initial states):
//
//   - every real variable or array (the ordered locations) is compared
//     only with another ordered term (an ordered variable or cell, or
//     p @ X of one), with any of = <> < <= > >=;
//   - there is at most one real constant, the step; init does not
//     mention it, it is not an array, and it is compared only with the
//     literal 0 (`0.0 < Tick`);
//   - an ordered location is assigned an ordered term (a copy), `.`, or
//     an increment: an ordered term plus the step or plus a positive
//     literal (`Timer := Timer + Tick`), in a term or a case value;
//   - no real is passed to a predicate, and no other arithmetic or
//     scaling involves a real.
//
// At run time, an increment whose operand is not the largest known
// ordered value of the state (memory and buffers), or whose step is not
// positive, evaluates to an unknown value (undef): later comparisons
// with it are unknown and mark the run as an under-approximation, so no
// wrong Safe can come of it. The step's initial candidates are -1, 0
// and 1 (one per sign) instead of init's literals and "other".
//
// Proof sketch. Call two states equivalent when they agree on every
// non-ordered location and some order isomorphism (a strictly
// increasing map) maps the known ordered values of the one onto those
// of the other, place by place (buffers included), with unknown values
// at the same places. Every comparison of the model compares two
// ordered values (same truth value, known or unknown, in both states)
// or the step with 0 (same step); copies carry values along the
// isomorphism; an increment of the largest known value by a positive
// amount is strictly larger than every known value in both states, so
// the isomorphism extends to it, and the run-time check holds in both
// or neither. So equivalent states have equivalent successors under the
// same transition instance and flush, and agree on every unsafe item
// and invariant: equivalence is a bisimulation, and the ranks with ties
// of the known ordered values (with the other locations) are a key for
// it. The same argument relates the runs for any two positive steps,
// and every comparison of the step is with 0, so one step per sign
// (-1, 0, 1) covers every real value of it. A state with an ordered
// location holding "other" or a free value, which compare with init's
// literals, is keyed as it is.

// orderLocs describes the locations of a model that qualifies.
type orderLocs struct {
	ordered []bool // per location: a real variable or array cell
	step    int    // the location of the step constant, -1 if none
}

// orderRefusal returns the ordered locations when p satisfies the
// condition, else nil and why not.
func (p *program) orderRefusal() (*orderLocs, string) {
	var r refusal
	reals, step := 0, ""
	for _, name := range slices.Sorted(maps.Keys(p.syms)) {
		s := p.syms[name].s
		switch {
		case s.Type.Kind != syntax.TReal:
		case s.Class != syntax.SymConst:
			reals++
		case s.Arity != 0:
			return nil, name + " is a real constant array"
		case step != "":
			return nil, "two real constants, " + step + " and " + name
		default:
			step = name
		}
	}
	if reals == 0 {
		return nil, "no real variable"
	}
	isStep := func(t syntax.Term) bool {
		n, ok := t.(*syntax.Name)
		return ok && step != "" && n.Name == step
	}
	syntax.WalkFormula(p.init, func(t syntax.Term) {
		if isStep(t) {
			r.note(t.TermPos(), "init constrains the step %s", step)
		}
	}, nil)
	isReal := func(t syntax.Term) bool {
		ty := p.m.TermType(t)
		return ty != nil && ty.Kind == syntax.TReal
	}
	isZero := func(t syntax.Term) bool {
		n, ok := t.(*syntax.Number)
		return ok && n.Value.Sign() == 0
	}
	p.eachFormula(func(f syntax.Formula) {
		eachAtom(f, func(f syntax.Formula) {
			switch f := f.(type) {
			case *syntax.Compare:
				switch {
				case !isReal(f.L) && !isReal(f.R):
				case p.orderedTerm(f.L) && p.orderedTerm(f.R):
				case isStep(f.L) && isZero(f.R) || isZero(f.L) && isStep(f.R):
				default:
					r.note(f.Pos, "a real compared with a value that an order-preserving map may move")
				}
			case *syntax.Call:
				for _, a := range f.Args {
					if isReal(a) {
						r.note(f.Pos, "a real passed to %s", f.Name)
					}
				}
			}
		})
	})
	assigned := func(t syntax.Term) bool {
		if a, ok := t.(*syntax.Arith); ok {
			n, lit := a.Offset.(*syntax.Number)
			return !a.Minus && p.orderedTerm(a.Base) && (isStep(a.Offset) || lit && n.Value.Sign() > 0)
		}
		return p.orderedTerm(t)
	}
	for _, t := range p.trans {
		for _, a := range t.actions {
			if a.sym.s.Type.Kind != syntax.TReal {
				continue
			}
			if a.term != nil && !assigned(a.term) {
				r.note(a.a.Pos, "%s is assigned a value that is neither a copy nor an increment", a.a.Target)
			}
			for _, b := range a.cases {
				if !assigned(b.value) {
					r.note(a.a.Pos, "%s is assigned a value that is neither a copy nor an increment", a.a.Target)
				}
			}
		}
	}
	if r.why != "" {
		return nil, r.why
	}
	return p.orderLocs(), ""
}

// orderLocs marks the real locations: the ordered ones and the step.
func (p *program) orderLocs() *orderLocs {
	o := &orderLocs{ordered: make([]bool, len(p.locs)), step: -1}
	for l, lc := range p.locs {
		s := lc.sym.s
		switch {
		case s.Type.Kind != syntax.TReal:
		case s.Class == syntax.SymConst:
			o.step = l
		default:
			o.ordered[l] = true
		}
	}
	return o
}

// orderedTerm reports whether t is a real variable or array cell (or
// p @ X of one).
func (p *program) orderedTerm(t syntax.Term) bool {
	switch t := t.(type) {
	case *syntax.Name:
		s := p.syms[t.Name]
		return s != nil && s.s.Class == syntax.SymVar && s.s.Type.Kind == syntax.TReal
	case *syntax.Cell:
		s := p.syms[t.Array]
		return s != nil && s.s.Class == syntax.SymArray && s.s.Type.Kind == syntax.TReal
	case *syntax.Read:
		return p.orderedTerm(t.Loc)
	}
	return false
}

// stepSigns are the initial candidates of the step constant: one value
// per sign.
func (p *program) stepSigns() []value {
	return []value{p.num.real(big.NewRat(-1, 1)), p.num.real(new(big.Rat)), p.num.real(big.NewRat(1, 1))}
}

// increment returns the addition of ordered reals in st: base +
// sign*offset, or undef when the increment is not order-exact (base is
// below some known ordered value of st, or sign*offset is not a positive
// number).
func (p *program) increment(st *state, base, offset value, sign int64) (value, error) {
	if !base.numeric() || !offset.numeric() || int64(p.num.rat(offset).Sign())*sign <= 0 {
		return undef, nil
	}
	largest := eachValue(st, func(l int, v value) bool {
		return !p.order.ordered[l] || !v.numeric() || p.num.cmp(v, base) <= 0
	})
	if !largest {
		return undef, nil
	}
	return p.num.add(base, offset, sign)
}

// ranked returns st with every known ordered value replaced by its rank
// among them, ties sharing a rank (st itself when p.order is nil, or
// when an ordered location holds a value that compares with init's
// literals: "other", a free value). The ranks and a state without
// buffers are built in p's key scratch (the oracle keys every state of
// ricart_agrawala's instances so: a slice, a map and a state per key
// made the ranking a third of the key's cost), and whole numbers, the
// usual clocks, are ranked as int64s (wholeRanks).
func (p *program) ranked(st *state) *state {
	if p.order == nil {
		return st
	}
	ks := p.keyScratch()
	known := ks.ranks[:0]
	ok := eachValue(st, func(l int, v value) bool {
		switch {
		case !p.order.ordered[l] || v.K == kUndef:
		case v.numeric():
			known = append(known, v)
		default:
			return false
		}
		return true
	})
	ks.ranks = known
	if !ok || len(known) == 0 {
		return st
	}
	rankOf := p.wholeRanks(ks)
	if rankOf == nil {
		slices.SortFunc(known, p.num.cmp)
		known = slices.CompactFunc(known, func(a, b value) bool { return p.num.cmp(a, b) == 0 })
		rankOf = func(v value) int {
			r, _ := slices.BinarySearchFunc(known, v, p.num.cmp)
			return r
		}
	}
	rank := func(l int, v value) value {
		if p.order.ordered[l] && v.numeric() {
			return value{K: kInt, N: int64(rankOf(v))}
		}
		return v
	}
	if st.bufs != nil {
		return mapValues(st, rank)
	}
	out := &ks.rankedState
	out.vals, out.bufs, out.steps = append(out.vals[:0], st.vals...), nil, st.steps
	for l, v := range out.vals {
		out.vals[l] = rank(l, v)
	}
	return out
}

// wholeRanks returns the rank of a value among ks.ranks when they are
// all whole numbers that fit an int64 (sorted and compared as such, with
// no call to numbers.cmp), else nil.
func (p *program) wholeRanks(ks *keyScratch) func(value) int {
	ints := ks.rankInts[:0]
	for _, v := range ks.ranks {
		x, ok := p.num.small(v)
		if !ok {
			return nil
		}
		ints = append(ints, x)
	}
	slices.Sort(ints)
	ints = slices.Compact(ints)
	ks.rankInts = ints
	return func(v value) int {
		x, _ := p.num.small(v)
		r, _ := slices.BinarySearch(ints, x)
		return r
	}
}
