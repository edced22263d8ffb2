package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestDeepen: with a limit of 3 states, both instances of steps.cub (4
// and 10 states) are partial, and the oracle calls unreached the cube
// where both processes are at D, a guess. Deepen explores them again
// with 12 states each: both complete, it reaches that cube, and a cube
// no state satisfies stays unreached. It deepens only once.
func TestDeepen(t *testing.T) {
	m, err := syntax.Load("testdata/steps.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 3)
	require.NoError(t, err)
	require.Equal(t, "instance with 1 processes: state limit 3 reached", o.Partial)
	require.Equal(t, 2, o.Largest())
	pc := m.Symbols["PC"]
	at := func(p translate.Proc, l string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(pc, p), translate.CtorTerm(l))
	}
	bothD, ok := translate.NewCube([]translate.Literal{at(1, "D"), at(2, "D")})
	require.True(t, ok)
	bad, ok := translate.NewCube([]translate.Literal{
		translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["Bad"]), translate.CtorTerm("True")), at(1, "D")})
	require.True(t, ok)
	require.False(t, o.Reached(bothD), "a guess: past the limit")
	require.False(t, o.Reached(bad))

	require.True(t, o.Deepen())
	require.Empty(t, o.Partial)
	require.Equal(t, 4+10, o.States)
	require.True(t, o.Reached(bothD))
	require.False(t, o.Reached(bad))
	require.False(t, o.Deepen(), "once")
	require.Equal(t, 4+10, o.States)
}

// TestDeepenComplete: an oracle whose instances are all complete does
// not deepen.
func TestDeepenComplete(t *testing.T) {
	m, err := syntax.Load("testdata/steps.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 4+10, o.States)
	require.False(t, o.Deepen())
}
