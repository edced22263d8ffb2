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

// TestGrow: arbiter_v3_N under TSO (invariants trusted, as the oracle of
// --assume-invariants sees them). New explores the instances with 1..3
// processes completely (12 + 289 + 3,669 classes, the explicit
// engine's counts) and leaves out the one with 4, larger than its
// 2,000-state share. So it calls unreached the candidate a search
// refutes, `#2 = Pr[#3] && Kind[#2] = Proc && PC[#1] = CS` (a client in
// CS while another client's free Pr names a third: the arbiter must
// exist as well, a fourth process). Grow adds the instance with 4
// processes, complete (28,291 classes, as `cubew bounded -n 4` counts
// them), which reaches it; a second Grow does nothing.
func TestGrow(t *testing.T) {
	ctx := context.Background()
	m := corpusModel(t, "cubicle-w/cubtso/arbiter_v3_N.cub", syntax.CheckOptions{})
	o, err := New(ctx, m, memmodel.TSO, 3, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 3, o.Largest())
	require.Equal(t, 12+289+3669, o.States)

	pc, kind, pr := m.Symbols["PC"], m.Symbols["Kind"], m.Symbols["Pr"]
	c, ok := translate.NewCube([]translate.Literal{
		translate.NewLiteral(translate.Eq, translate.ProcTerm(2), translate.StateTerm(pr, 3)),
		translate.NewLiteral(translate.Eq, translate.StateTerm(kind, 2), translate.CtorTerm("Proc")),
		translate.NewLiteral(translate.Eq, translate.StateTerm(pc, 1), translate.CtorTerm("CS")),
	})
	require.True(t, ok)
	require.False(t, o.Reached(c), "%s", c)

	require.True(t, o.Grow())
	require.Equal(t, 4, o.Largest())
	require.Equal(t, 12+289+3669+28291, o.States)
	require.True(t, o.Reached(c), "%s: a fourth process reaches it", c)
	require.False(t, o.Grow())

	bounded, err := dpor.Explicit(ctx, m, dpor.Options{N: 4, Model: memmodel.TSO, Symmetry: true, DeadValues: true, AssumeInvariants: true})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, bounded.Verdict)
	require.Equal(t, 28291, bounded.States)
}

// TestGrowPartial: an oracle with a partial instance never grows
// (lazy_data.cub with a one-state budget).
func TestGrowPartial(t *testing.T) {
	m, err := syntax.Load("testdata/lazy_data.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 1)
	require.NoError(t, err)
	require.NotEmpty(t, o.Partial)
	largest := o.Largest()
	require.False(t, o.Grow())
	require.Equal(t, largest, o.Largest())
}
