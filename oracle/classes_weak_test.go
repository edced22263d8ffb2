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

// TestClassesExactWeak is TestClassesExact under TSO, on
// testdata/weak_free.cub: a weak Mem that init leaves free, copied into
// the lines, written back through store buffers and compared by drop;
// free Data cells, dead while a line is Invalid. The oracle (lazy free
// values, dead values, symmetry) is compared with an unreduced run
// (every free value enumerated, no symmetry, no dead cells) on every cube
// of 1 to 3 literals over two processes, final reads `#1 @ Mem` and `#2 @
// Mem` included: a cube the oracle calls unreached must be satisfied by
// no unreduced state of 1, 2 or 3 processes.
func TestClassesExactWeak(t *testing.T) {
	ctx := context.Background()
	m, err := syntax.Load("testdata/weak_free.cub", syntax.CheckOptions{})
	require.NoError(t, err)
	o, err := New(ctx, m, memmodel.TSO, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 3, o.Largest(), "the instance with 3 processes is small")
	plain := &Oracle{n: 2, memo: map[string]bool{}}
	for k, want := range []int{6, 94, 2394} {
		var states []dpor.State
		res, err := dpor.Reachable(ctx, m, dpor.Options{N: k + 1, Model: memmodel.TSO}, func(s dpor.State) { states = append(states, s) })
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict)
		require.Len(t, states, want)
		plain.add(newInstance(k+1, states, res))
	}
	symbolic := 0 // oracle states where some process reads Mem's free initial value
	for _, in := range o.instances {
		for _, s := range in.states {
			for q := 1; q <= in.procs; q++ {
				if s.View("Mem", nil, q) == nil {
					symbolic++
					break
				}
			}
		}
	}
	require.Positive(t, symbolic, "Mem stays symbolic in weak memory")
	pool, events := weakFreeLiterals(m)
	cubes, truly, unreached := compareUnreached(t, o, plain, pool, func(lits []translate.Literal) (*translate.Cube, bool) {
		c, _, _, ok := translate.Canonicalize(lits, events, translate.NewRel(len(events)))
		return c, ok
	}, nil)
	require.Equal(t, 4090, cubes)
	require.Equal(t, 160, truly)
	require.Equal(t, 2, unreached)
}

// weakFreeLiterals are the literals over processes #1, #2 of
// weak_free.cub, and the final reads they use: each line's state, its
// data against each process, what each process would read of Mem (e0
// for #1, e1 for #2) against each process, against its own line's data
// and against the other's read, and what each would read of W (e2, e3).
func weakFreeLiterals(m *syntax.Model) ([]translate.Literal, []translate.Event) {
	st, data, mem, w := m.Symbols["St"], m.Symbols["Data"], m.Symbols["Mem"], m.Symbols["W"]
	events := []translate.Event{
		{Kind: translate.Read, Proc: 1, Loc: mem, Final: true},
		{Kind: translate.Read, Proc: 2, Loc: mem, Final: true},
		{Kind: translate.Read, Proc: 1, Loc: w, Final: true},
		{Kind: translate.Read, Proc: 2, Loc: w, Final: true},
	}
	var out []translate.Literal
	both := func(l, r *translate.Term) {
		out = append(out, translate.NewLiteral(translate.Eq, l, r), translate.NewLiteral(translate.Ne, l, r))
	}
	for i, x := range []translate.Proc{1, 2} {
		for _, c := range []string{"I", "E"} {
			out = append(out, translate.NewLiteral(translate.Eq, translate.StateTerm(st, x), translate.CtorTerm(c)))
		}
		for _, b := range []string{"True", "False"} {
			out = append(out, translate.NewLiteral(translate.Eq, translate.ValTerm(w, translate.EventProc(2+i)), translate.CtorTerm(b)))
		}
		d, v := translate.StateTerm(data, x), translate.ValTerm(mem, translate.EventProc(i))
		both(v, d)
		for _, y := range []translate.Proc{1, 2} {
			both(d, translate.ProcTerm(y))
			both(v, translate.ProcTerm(y))
		}
	}
	both(translate.ValTerm(mem, translate.EventProc(0)), translate.ValTerm(mem, translate.EventProc(1)))
	return out, events
}
