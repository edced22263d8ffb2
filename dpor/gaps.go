package dpor

import (
	"math"
	"slices"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Capped gaps (Options.Gaps, with Options.Shift granted). A shift keys a
// ticket lock's states up to a common shift, but a process that read
// Tail and lost the compare-and-swap keeps its old ticket while the
// others go on taking new ones: the distance between its ticket and Tail
// grows without bound, and so does the instance. When every offset the
// model compares or adds is below a width w (gapWidth), two states whose
// sorted integers differ only in gaps of at least w between consecutive
// values (memory, cells and buffered writes alike; dead cells left out)
// cannot be told apart by one step: a comparison `a = b + c` or `a < b +
// c` across such a gap has the same truth at every width ≥ w > |c|.
// Their successors stay alike as long as no value a step creates (`b +
// c`) falls strictly inside a gap of w or more: the new value then sits
// at the same distance from the same values in both states, and a gap
// that an overwrite merges is at least w in both or the same sum. So the
// search keys a state with every such gap capped to w (capped), and
// checks each successor of a transition against the gaps of the state it
// expanded (gapLanding): when a value falls inside a wide gap, the keys
// are no longer exact and the run stops with verdict Unknown and
// Result.GapsBroken (the caller reruns without Gaps). A run that ends
// otherwise has explored exactly the classes of the reachable states:
// each class is a set of states with the same key, and every member
// steps into the classes its explored representative steps into.

// gapWidth returns the width from which p's gaps are capped: one more
// than the largest offset the model compares (the sum of both sides')
// or adds; 0 (no capping) when an offset is not a number.
func (p *program) gapWidth() int64 {
	widest := int64(0)
	see := func(ts ...syntax.Term) {
		sum := int64(0)
		for _, t := range ts {
			sum = satAdd(sum, offsetBound(t))
		}
		widest = max(widest, sum)
	}
	p.eachFormula(func(f syntax.Formula) {
		eachAtom(f, func(f syntax.Formula) {
			if c, ok := f.(*syntax.Compare); ok {
				see(c.L, c.R)
			}
		})
	})
	for _, t := range p.trans {
		for _, a := range t.actions {
			if a.sym.s.Type.Kind != syntax.TInt {
				continue
			}
			if a.term != nil {
				see(a.term)
			}
			for _, b := range a.cases {
				see(b.value)
			}
		}
	}
	if widest == math.MaxInt64 {
		return 0
	}
	return widest + 1
}

// offsetBound returns the sum of the absolute offsets added to t's base
// (math.MaxInt64 for an offset that is not an integer number).
func offsetBound(t syntax.Term) int64 {
	switch t := t.(type) {
	case *syntax.Read:
		return offsetBound(t.Loc)
	case *syntax.Arith:
		n, ok := t.Offset.(*syntax.Number)
		if !ok || !n.Value.IsInt() || !n.Value.Num().IsInt64() {
			return math.MaxInt64
		}
		return satAdd(offsetBound(t.Base), abs(n.Value.Num().Int64()))
	}
	return 0
}

// satAdd adds two non-negative numbers, stopping at math.MaxInt64.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// liveInts returns the sorted distinct integers of st's int locations
// and buffered writes, dead cells left out, and false when one holds
// kOther (neither shifted nor capped).
func (p *program) liveInts(st *state) ([]int64, bool) {
	var vs []int64
	ok := eachValue(p.dead.withoutDead(st, &state{}), func(l int, v value) bool {
		if p.shift[l] && v.K == kInt {
			vs = append(vs, v.N)
		}
		return !p.shift[l] || v.K != kOther
	})
	slices.Sort(vs)
	return slices.Compact(vs), ok
}

// capped returns st with its integers shifted so that the smallest is 0
// and every gap between consecutive ones (vs, sorted and distinct) of
// p.gap or more narrowed to p.gap.
func (p *program) capped(st *state, vs []int64) *state {
	at := make([]int64, len(vs))
	for i := 1; i < len(vs); i++ {
		at[i] = at[i-1] + min(vs[i]-vs[i-1], p.gap)
	}
	return mapValues(st, func(l int, v value) value {
		if p.shift[l] && v.K == kInt {
			i, _ := slices.BinarySearch(vs, v.N)
			v.N = at[i]
		}
		return v
	})
}

// gapLanding reports whether a value of next (dead cells left out) falls
// strictly inside a gap of p.gap or more between consecutive integers of
// from (sorted and distinct): next's key is then not exact.
func (p *program) gapLanding(from []int64, next *state) bool {
	vs, _ := p.liveInts(next)
	for _, v := range vs {
		i, found := slices.BinarySearch(from, v)
		if !found && i > 0 && i < len(from) && from[i]-from[i-1] >= p.gap {
			return true
		}
	}
	return false
}

// gapsOf returns the sorted live integers of st when gaps are capped
// (nil otherwise).
func (x *explorer) gapsOf(st *state) []int64 {
	if x.p.gap == 0 {
		return nil
	}
	vs, _ := x.p.liveInts(st)
	return vs
}

// gapBroken ends the run when next, a successor by a transition of the
// state whose integers are from, puts a value inside a capped gap.
func (x *explorer) gapBroken(from []int64, next *state) bool {
	if x.p.gap == 0 || !x.p.gapLanding(from, next) {
		return false
	}
	x.res.Verdict, x.res.Reason, x.res.GapsBroken = translate.Unknown, "a step puts an integer inside a capped gap", true
	x.stop = true
	return true
}
