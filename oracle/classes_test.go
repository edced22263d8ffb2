package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestClassesExact checks the oracle of testdata/lazy_data.cub (Mem and
// every Data[p] start free; Data[p] is dead while St[p] = I) against an
// unreduced run, on every cube of 1 to 3 literals over two processes.
//
// Counted by hand. Unreduced, every free value enumerated: with 1
// process, St[#1] = I or E (2 states); with 2, the 8 states where both
// are I (Mem, Data[#1], Data[#2] free), and with #i Exclusive, Data[#i]
// = Mem (get) or #i (store): Mem = #i gives 1 choice, Mem = the other
// gives 2, times the other's Data: 2 × 3 × 2 = 12 (20 states); with 3,
// 81 + 3 × 5 × 9 = 216. The oracle's classes (lazy free values, dead
// values, symmetry): with 1 process, (I, Mem free), (I, Mem = #1), and
// (E, Mem, Data) in {(free, free), (free, #1), (#1, #1)} (5); with 2 and
// 3, both I with Mem free or some process, and #1 Exclusive with (Mem,
// Data[#1]) in {(free, free), (free, #1), (#1, #1), (#2, #2), (#2, #1)}
// (7 each).
//
// The oracle must call unreached only cubes that no unreduced state
// satisfies; it calls fewer so (a free value or a dead cell counts as
// any value), but not none.
func TestClassesExact(t *testing.T) {
	ctx := context.Background()
	m, err := syntax.Load("testdata/lazy_data.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(ctx, m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 5+7+7, o.States)
	plain := &Oracle{n: 2, memo: map[string]bool{}}
	for k, want := range []int{2, 20, 216} {
		var states []dpor.State
		res, err := dpor.Reachable(ctx, m, dpor.Options{N: k + 1, Model: memmodel.SC}, func(s dpor.State) { states = append(states, s) })
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict)
		require.Len(t, states, want)
		plain.add(newInstance(k+1, states, res))
	}
	for _, in := range o.instances {
		for _, s := range in.states {
			for q := 1; q <= in.procs; q++ {
				if st := s.Value("St", []int{q}); st != nil && st.Key() == "I" {
					require.Nil(t, s.Value("Data", []int{q}), "a dead cell is unknown")
				}
			}
		}
	}
	pool := lazyDataLiterals(m)
	cubes, truly, unreached := compareUnreached(t, o, plain, pool, translate.NewCube, nil)
	require.Equal(t, 1160, cubes)
	require.Equal(t, 88, truly)
	require.Equal(t, 13, unreached)
}

// lazyDataLiterals are the literals over processes #1, #2 of
// lazy_data.cub: each line's state, its data against each process and
// against Mem, and Mem against each process.
func lazyDataLiterals(m *syntax.Model) []translate.Literal {
	st, data, mem := m.Symbols["St"], m.Symbols["Data"], translate.StateTerm(m.Symbols["Mem"])
	var out []translate.Literal
	both := func(l, r *translate.Term) {
		out = append(out, translate.NewLiteral(translate.Eq, l, r), translate.NewLiteral(translate.Ne, l, r))
	}
	for _, x := range []translate.Proc{1, 2} {
		for _, c := range []string{"I", "E"} {
			out = append(out, translate.NewLiteral(translate.Eq, translate.StateTerm(st, x), translate.CtorTerm(c)))
		}
		d := translate.StateTerm(data, x)
		both(d, mem)
		both(mem, translate.ProcTerm(x))
		for _, y := range []translate.Proc{1, 2} {
			both(d, translate.ProcTerm(y))
		}
	}
	return out
}

// compareUnreached asks o and plain (an oracle of unreduced runs) about
// every cube build makes from 1 to 3 literals of pool: o may call a cube
// unreached only when plain does. It returns how many cubes it asked
// about, how many plain calls unreached and how many o does; check, when
// not nil, also sees each cube's literal indexes and both answers.
func compareUnreached(t *testing.T, o, plain *Oracle, pool []translate.Literal, build func([]translate.Literal) (*translate.Cube, bool), check func(idx []int, c *translate.Cube, reached, seen bool)) (cubes, truly, unreached int) {
	forSubsets(len(pool), 3, func(idx []int) {
		lits := make([]translate.Literal, len(idx))
		for i, j := range idx {
			lits[i] = pool[j]
		}
		c, ok := build(lits)
		if !ok {
			return
		}
		cubes++
		reached, seen := o.Reached(c), plain.Reached(c)
		if !seen {
			truly++
		}
		if !reached {
			unreached++
			require.False(t, seen, "%s: called unreached, but an unreduced state has it", c)
		}
		if check != nil {
			check(idx, c, reached, seen)
		}
	})
	return cubes, truly, unreached
}

// forSubsets calls fn on every set of 1 to k indices below n, in
// increasing order.
func forSubsets(n, k int, fn func([]int)) {
	var rec func(from int, idx []int)
	rec = func(from int, idx []int) {
		if len(idx) > 0 {
			fn(idx)
		}
		if len(idx) == k {
			return
		}
		for i := from; i < n; i++ {
			rec(i+1, append(idx, i))
		}
	}
	rec(0, nil)
}
