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

// TestFlashOracle: FLASH (cubicle/flash.cub) leaves every cache line's
// data, every message's data and process, the directory's head pointer
// and each process's Sort free in init. Explored by classes (lazy free
// values, dead values, symmetry), its instances with 1 and 2 participants
// are complete: 614 and 26,525 classes, the second the bounded engine's
// orbit count of that instance; the instance with 3 is not small (more
// than a tenth of the state limit) and is left out. No state of either
// satisfies one of its 9 unsafe cubes (the model is safe at those
// sizes); the oracle still calls reached the 3 that compare a
// participant's data with CurrData or PrevData, whose footprint (the
// participant and two process-valued cells) needs 3 processes. An
// exclusive line beside a shared one is reached (the exclusive copy is
// granted before the shared one's invalidation arrives), and so is a
// cube over an Invalid line's stale data (unknown: dead).
func TestFlashOracle(t *testing.T) {
	ctx := context.Background()
	m := corpusModel(t, "cubicle/flash.cub", syntax.CheckOptions{SC: true})
	sys, err := translate.Build(m)
	require.NoError(t, err)
	o, err := New(ctx, m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2, o.Largest())
	require.Len(t, o.instances[0].states, 614)
	require.Len(t, o.instances[1].states, 26525)
	bounded, err := dpor.Explicit(ctx, m, dpor.Options{N: 2, Model: memmodel.SC, Symmetry: true, DeadValues: true, MaxStates: DefaultMaxStates})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, bounded.Verdict, bounded.Reason)
	require.Equal(t, 26525, bounded.States)

	unsafe, byFootprint := 0, 0
	for _, u := range sys.Unsafe {
		for _, in := range o.instances {
			require.False(t, in.reaches(u.Cube), "%s with %d processes", u.Cube, in.procs)
		}
		if footprint(u.Cube) > 2 {
			require.True(t, o.Reached(u.Cube), "%s", u.Cube)
			byFootprint++
		} else {
			require.False(t, o.Reached(u.Cube), "%s", u.Cube)
		}
		unsafe++
	}
	require.Equal(t, 9, unsafe)
	require.Equal(t, 3, byFootprint)
	cell := func(name string, p translate.Proc) *translate.Term { return translate.StateTerm(m.Symbols[name], p) }
	state := func(p translate.Proc, c string) translate.Literal {
		return translate.NewLiteral(translate.Eq, cell("CacheState", p), translate.CtorTerm(c))
	}
	stale := translate.NewLiteral(translate.Ne, cell("CacheData", 1), translate.StateTerm(m.Symbols["CurrData"]))
	cases := []reachCase{
		{[]translate.Literal{state(1, "CACHE_S"), state(2, "CACHE_S")}, true},
		{[]translate.Literal{state(1, "CACHE_E"), state(2, "CACHE_S")}, true}, // granted before the invalidation arrives
		{[]translate.Literal{state(1, "CACHE_I"), stale}, true},
	}
	requireReached(t, o, cases)
	require.Len(t, cases, 3)
}
