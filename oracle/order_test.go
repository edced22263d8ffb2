package oracle

import (
	"context"
	"math/big"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestReachedOrderedClocks: a logical clock grows without bound, but
// keyed by the order of the reals every instance is finite and explored
// completely. A request's stamp is the clock before its increment, so a
// pending request stamped at or above the clock is never reached; a
// comparison of a clock with a number is not looked at (the
// representative of an order class holds some values, the class all
// values of that order), so even `Timer < 0` counts as reached.
func TestReachedOrderedClocks(t *testing.T) {
	m, err := syntax.Load("testdata/clocks.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Len(t, o.instances, 2, "the instance with 3 processes is not small")
	for _, in := range o.instances {
		require.True(t, in.ordered, "instance with %d processes", in.procs)
	}
	state := func(p translate.Proc, c string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["State"], p), translate.CtorTerm(c))
	}
	timer, clock := translate.StateTerm(m.Symbols["Timer"]), func(p translate.Proc) *translate.Term {
		return translate.StateTerm(m.Symbols["Clock"], p)
	}
	zero := translate.NumTerm(new(big.Rat))
	cases := []reachCase{
		{[]translate.Literal{state(1, "Req"), translate.NewLiteral(translate.Le, timer, clock(1))}, false},
		{[]translate.Literal{state(1, "Req"), translate.NewLiteral(translate.Lt, clock(1), timer)}, true},
		{[]translate.Literal{state(1, "Req"), state(2, "Req"), translate.NewLiteral(translate.Eq, clock(1), clock(2))}, false},
		{[]translate.Literal{state(1, "Req"), translate.NewLiteral(translate.Lt, timer, zero)}, true},
	}
	requireReached(t, o, cases)
	require.Len(t, cases, 4)
}

// TestFootprint counts the processes a cube may need: its variables and
// the process-valued cells no literal equates with a process.
func TestFootprint(t *testing.T) {
	m, err := syntax.Load("testdata/clocks.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	cell := func(name string, p translate.Proc) *translate.Term { return translate.StateTerm(m.Symbols[name], p) }
	ack := translate.NewLiteral(translate.Eq, cell("State", 1), translate.CtorTerm("Ack"))
	message := translate.NewLiteral(translate.Ne, cell("Sender", 1), cell("Receiver", 1))
	fromTwo := translate.NewLiteral(translate.Eq, cell("Sender", 1), translate.ProcTerm(2))
	cases := []struct {
		lits []translate.Literal
		want int
	}{
		{[]translate.Literal{ack}, 1},
		{[]translate.Literal{ack, message}, 3},
		{[]translate.Literal{ack, message, fromTwo}, 3},
		{[]translate.Literal{ack, fromTwo}, 2},
	}
	for _, tc := range cases {
		c, ok := translate.NewCube(tc.lits)
		require.True(t, ok)
		require.Equal(t, tc.want, footprint(c), "%s", c)
	}
}
