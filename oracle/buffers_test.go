package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBoundedBuffersPSO: under pso a lamport_N process loops between L1
// and L2 without a fence, its buffers growing; explored with at most
// maxBuffer (2) pending writes per buffer, the instances with 1, 2 and 3
// processes end, with 2,253 states in all (with 32 the one with 3, 85,699
// states to the bounded engine, was not small and was left out: 1,574
// states over 1 and 2), and the oracle says it is partial. Neither
// the unsafe cube nor the mutual exclusion of a process about to enter
// (#2 at L4 would read X = #2, #1 in the critical section) is reached.
func TestBoundedBuffersPSO(t *testing.T) {
	m := corpusModel(t, "cubicle-w/cubtso/lamport_N.cub", syntax.CheckOptions{})
	sys, err := translate.Build(m)
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.PSO, 2, 0)
	require.NoError(t, err)
	require.Equal(t, 2253, o.States)
	require.Equal(t, 3, o.Largest(), "the instance with 3 processes is small")
	require.Equal(t, "instance with 2 processes: safe up to 2 pending writes per buffer", o.Partial)
	require.False(t, o.Reached(sys.Unsafe[0].Cube))

	pc := func(p translate.Proc, l string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], p), translate.CtorTerm(l))
	}
	read := translate.Event{Kind: translate.Read, Proc: 2, Loc: m.Symbols["X"], Final: true}
	readsSelf := translate.NewLiteral(translate.Eq, translate.ValTerm(m.Symbols["X"], translate.EventProc(0)), translate.ProcTerm(2))
	c, _, _, ok := translate.Canonicalize([]translate.Literal{pc(1, "CS"), pc(2, "L4"), readsSelf}, []translate.Event{read}, translate.NewRel(1))
	require.True(t, ok)
	require.False(t, o.Reached(c), "%s", c)
	other, _, _, ok := translate.Canonicalize([]translate.Literal{pc(1, "CS"), pc(2, "L4")}, nil, translate.Rel{})
	require.True(t, ok)
	require.True(t, o.Reached(other), "%s", other)
}
