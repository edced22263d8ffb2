package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestLazyCheap: an oracle whose instances are complete within
// CheapStates states is cheap, and Cheap explores it at once: the same
// oracle as New's (sense_barrier: 622 states over 1..4 processes). One
// whose instance with one process has more (bakery_lamport's counters
// grow without bound) is not, and stays unexplored until its first
// question, which explores it as before, up to its state limit. Nor is
// one whose small instance reaches an unsafe state (futurebus with 2
// processes, 57 states over 1..4). The answer is kept; an oracle a
// question explored already is cheap (nothing more to pay).
func TestLazyCheap(t *testing.T) {
	ctx := context.Background()
	load := func(name string) *syntax.Model {
		return corpusModel(t, "cubicle/"+name, syntax.CheckOptions{SC: true})
	}

	sense := NewLazy(ctx, load("sense_barrier.cub"), memmodel.SC, 3, 0)
	require.True(t, sense.Cheap())
	o, err := sense.Explored()
	require.NoError(t, err)
	require.NotNil(t, o)
	require.Equal(t, 622, o.States)
	require.Empty(t, o.Partial)
	require.True(t, sense.Cheap())
	whole, err := New(ctx, load("sense_barrier.cub"), memmodel.SC, 3, 0)
	require.NoError(t, err)
	require.Equal(t, whole.States, o.States)

	bm := load("bakery_lamport.cub")
	bakery := NewLazy(ctx, bm, memmodel.SC, 3, 2000)
	require.False(t, bakery.Cheap())
	o, err = bakery.Explored()
	require.NoError(t, err)
	require.Nil(t, o, "not explored by Cheap")
	require.False(t, bakery.Cheap())
	o, err = bakery.Explored()
	require.NoError(t, err)
	require.Nil(t, o)
	choose, ok := translate.NewCube([]translate.Literal{
		translate.NewLiteral(translate.Eq, translate.StateTerm(bm.Symbols["PC"], 1), translate.CtorTerm("Choose"))})
	require.True(t, ok)
	require.True(t, bakery.Reached(choose), "asked, explored")
	o, err = bakery.Explored()
	require.NoError(t, err)
	require.Contains(t, o.Partial, "state limit 2000 reached")

	asked := NewLazy(ctx, bm, memmodel.SC, 3, 2000)
	require.True(t, asked.Reached(choose))
	require.True(t, asked.Cheap(), "explored already: nothing more to pay")

	_, err = newWithin(ctx, load("futurebus.cub"), memmodel.SC, 3, 0, CheapStates)
	require.ErrorIs(t, err, errNotCheap)
}
