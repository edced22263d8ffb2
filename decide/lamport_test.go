package decide_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestLamportPSO: lamport_N under pso (issue 15), still UNKNOWN. The
// explicit engine reaches no unsafe state with 2 and 3 processes and up
// to 32 pending writes per buffer (a process that loops between L1 and L2
// without a fence fills its buffer); the states, counted up to process
// permutations as the command line counts them, are pinned. The
// step-ordered search's first counterexample does not replay: each
// process's fenced read of X reads its own write from memory, #2's before
// #1's, while #1's write reached memory first, an order coherence forbids
// (reach's TestTimedReadsOfOneLocation). The mirror image (#1's read
// first), which it found first before, is now refuted at once: #2's later
// read is satisfied first (its write was issued last), while #1's earlier
// fenced read is still unsatisfied (reach's TestTimedReadsDrawnAtOnce). The search that orders the steps
// and keeps the coherence obligations of satisfied reads
// (reach.OrderingSteps(reach.KeepingObligations(...))) refutes that trace
// and every other within 300 nodes, and reaches its fixpoint with two
// that do not replay (TestLamportPSOObligationsFixpoint). decide.Check, which runs the
// plain search, then the step-ordered one, then the one keeping
// obligations, answers UNKNOWN: never SAFE, never UNSAFE.
func TestLamportPSO(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	m, sys := load(t, filepath.Join(dir, "cubicle-w/cubtso/lamport_N.cub"), memmodel.PSO)
	ctx := context.Background()

	const maxBuffer = 32 // the command line's default
	states := map[int]int{2: 1559}
	if !testing.Short() {
		states[3] = 85699
	}
	for n, want := range states {
		bounded, err := dpor.Explicit(ctx, m, dpor.Options{N: n, Model: memmodel.PSO, MaxBuffer: maxBuffer, MaxStates: 100_000, Symmetry: true, DeadValues: true})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, bounded.Verdict, "explicit n=%d: %s", n, bounded.Reason)
		require.True(t, bounded.Bounded, "explicit n=%d: a process may loop without a fence, its buffer growing", n)
		require.Equal(t, want, bounded.States, "explicit n=%d states", n)
	}

	steps, err := reach.Check(ctx, sys, reach.Options{Model: reach.OrderingSteps(memmodel.PSO), NewSolver: newSolver, MaxNodes: 1000})
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, steps.Verdict, "the step-ordered search alone: %s", steps.Reason)
	require.Equal(t, "init -> t_L1_L2_W_X_Self(#1) -> t_L1_L2_W_X_Self(#2) -> t_L2_L3_Y_Null(#2) -> t_L3_L4_W_Y_Self(#2) -> "+
		"t_L2_L3_Y_Null(#1) -> t_L3_L4_W_Y_Self(#1) -> t_L4_CS_X_Self(#2) -> t_L4_CS_X_Self(#1) -> unsafe[1]", steps.Trace.String())
	require.Equal(t, 65, steps.Stats.Nodes, "step-ordered search nodes to its first counterexample (82 before the merge met a node meeting init first, 123 before selfvalued.go)")
	_, err = decide.Replay(ctx, m, sys, memmodel.PSO, steps.Trace, newSolver)
	var sp *reach.SpuriousError
	require.ErrorAs(t, err, &sp, "the step-ordered search's counterexample now replays")

	both, err := reach.Check(ctx, sys, reach.Options{Model: reach.OrderingSteps(reach.KeepingObligations(memmodel.PSO)), NewSolver: newSolver, MaxNodes: 300})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, both.Verdict, "steps and obligations together")
	require.Equal(t, "node limit 300 reached", both.Reason)

	if testing.Short() {
		return
	}
	res, err := decide.Check(ctx, m, sys, reach.Options{Model: memmodel.PSO, NewSolver: newSolver})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict, "decide.Check: %s", res.Reason)
	require.Len(t, res.Spurious, 4, "the plain search's counterexamples, none replays")
	require.Equal(t, 1178, res.Stats.Nodes, "the plain search's nodes (the refined searches find nothing; 1,194 before the merge met a node meeting init first, 1,173 before session gap15's unsatAgree)")
}

// TestLamportPSOObligationsFixpoint (CUBEW_PSO_LARGE=1, about 20 CPU
// seconds): the search that orders steps and keeps the partnered
// obligations (reach/obligation.go's partneredMarks: reach.DroppingLoneMarks), with the rule of
// self-valued variables (reach/selfvalued.go), reaches its fixpoint on
// lamport_N: 4,917 nodes, two counterexamples that do not replay, so
// UNKNOWN (without the rule it found none within 5,000 nodes, every layer
// larger than the one before). Both counterexamples have #1 enter the
// critical section before #2, #1's read of X = #1 satisfied from memory
// after #2's fence of step L2: the bounds selfvalued.go leaves out.
func TestLamportPSOObligationsFixpoint(t *testing.T) {
	if os.Getenv("CUBEW_PSO_LARGE") == "" {
		t.Skip("CUBEW_PSO_LARGE=1: lamport_N's search with steps and obligations to its fixpoint")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err)
	m, sys := load(t, filepath.Join(dir, "cubicle-w/cubtso/lamport_N.cub"), memmodel.PSO)
	opts := reach.Options{Model: reach.DroppingLoneMarks(reach.OrderingSteps(reach.KeepingObligations(memmodel.PSO))), NewSolver: newSolver, MaxNodes: 6000, MaxSpurious: 10}
	opts.Confirm = func(ctx context.Context, tr *reach.Trace) error {
		_, err := decide.Replay(ctx, m, sys, memmodel.PSO, tr, newSolver)
		return err
	}
	res, err := reach.Check(context.Background(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict, res.Reason)
	require.Equal(t, 4917, res.Stats.Nodes, "nodes to the fixpoint")
	require.Len(t, res.Spurious, 2)
	for _, sp := range res.Spurious {
		require.True(t, strings.HasSuffix(sp.Trace.String(), "t_L4_CS_X_Self(#1) -> t_L4_CS_X_Self(#2) -> unsafe[1]"), sp.Trace.String())
	}
}
