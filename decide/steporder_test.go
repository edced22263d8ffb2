package decide_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestTwoPhasePSO: two_phase_N under pso. The plain search's
// counterexample does not replay (a decision's locked write of Cstate,
// generated after the other decision's, is free to reach memory after
// it), and the search keeping obligations finds no fixpoint; the
// step-ordered search (reach/steporder.go), which decide.Check runs
// first, answers SAFE, as the explicit engine does on every state of the
// instances with 2, 3 and 4 processes (no buffer bound reached, state
// counts pinned).
func TestTwoPhasePSO(t *testing.T) {
	if testing.Short() {
		t.Skip("two_phase_N under pso: about 220 nodes")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err)
	m, sys := load(t, filepath.Join(dir, "cubicle-w/cubtso/two_phase_N.cub"), memmodel.PSO)
	res, err := decide.Check(context.Background(), m, sys, reach.Options{Model: memmodel.PSO, NewSolver: newSolver, MaxNodes: 3000, AssumeInvariants: true})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Empty(t, res.Spurious)
	require.Equal(t, 219, res.Stats.Nodes, "step-ordered search nodes")

	plain, err := reach.Check(context.Background(), sys, reach.Options{Model: memmodel.PSO, NewSolver: newSolver, MaxNodes: 3000, AssumeInvariants: true})
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, plain.Verdict, "the plain search alone")
	_, err = decide.Replay(context.Background(), m, sys, memmodel.PSO, plain.Trace, newSolver)
	var sp *reach.SpuriousError
	require.ErrorAs(t, err, &sp, "the plain search's counterexample %s now replays", plain.Trace)

	states := map[int]int{2: 60, 3: 334, 4: 1888}
	for n, want := range states {
		bounded, err := dpor.Explicit(context.Background(), m, dpor.Options{N: n, Model: memmodel.PSO, MaxStates: 10_000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, bounded.Verdict, "explicit n=%d: %s", n, bounded.Reason)
		require.False(t, bounded.Bounded, "explicit n=%d: %s", n, bounded.Reason)
		require.Equal(t, want, bounded.States, "explicit n=%d states", n)
	}
}
