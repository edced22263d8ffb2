package decide_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func newSolver() smt.Solver { return z3.New() }

func load(t *testing.T, path string, mm memmodel.Model) (*syntax.Model, *translate.System) {
	t.Helper()
	m, err := syntax.Load(path, syntax.CheckOptions{SC: mm == memmodel.SC})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return m, sys
}

func check(t *testing.T, path string, mm memmodel.Model) *decide.Result {
	t.Helper()
	m, sys := load(t, path, mm)
	res, err := decide.Check(context.Background(), m, sys, reach.Options{Model: mm, NewSolver: newSolver, MaxNodes: 2000})
	require.NoError(t, err)
	return res
}

// TestUnsafeComesWithItsExecution: an UNSAFE answer's trace has run on the
// bounded engine, under every memory model, and the witness fires the
// trace's steps.
func TestUnsafeComesWithItsExecution(t *testing.T) {
	for _, tc := range []struct {
		path string
		mm   memmodel.Model
	}{
		{"../reach/testdata/deleter_cache_sc.cub", memmodel.SC},
		{"../examples/flag_mutex.cub", memmodel.TSO},
		{"../examples/flag_mutex.cub", memmodel.PSO},
		{"../examples/check_then_set.cub", memmodel.SC},
	} {
		res := check(t, tc.path, tc.mm)
		require.Equal(t, translate.Unsafe, res.Verdict, "%s under %s", tc.path, tc.mm.Name())
		require.NotNil(t, res.Witness, tc.path)
		require.Empty(t, res.NotReplayed)
		fired := 0
		for _, s := range res.Witness.Steps {
			if s.Transition != "" {
				require.Equal(t, res.Trace.Steps[fired].Name(), s.Transition)
				require.Equal(t, res.Trace.Steps[fired].Args, s.Procs)
				fired++
			}
		}
		require.Equal(t, len(res.Trace.Steps), fired, "the witness fires the trace's steps in the trace's order")
	}
}

// TestSpuriousCounterexampleIsNeverUnsafe: under pso the backward search
// over-approximates; on this model its first counterexample needs both
// processes to read the other's write of Turn after their own, which
// coherence forbids. The answer is UNKNOWN with the reason and the
// rejected trace, never UNSAFE, and never SAFE.
func TestSpuriousCounterexampleIsNeverUnsafe(t *testing.T) {
	res := check(t, "../reach/testdata/deleter_cache_pso.cub", memmodel.PSO)
	require.NotEqual(t, translate.Safe, res.Verdict)
	if res.Verdict == translate.Unknown {
		require.NotEmpty(t, res.Spurious)
		require.Contains(t, res.Reason, "spurious counterexample init -> ")
		require.Contains(t, res.Reason, "no execution with 2 processes under pso")
		return
	}
	require.NotNil(t, res.Witness, "an UNSAFE answer replays")
}

// TestReplayRejectsAnImpossibleTrace: a trace whose steps cannot fire
// (enter before raise) is spurious; a stopped context is not.
func TestReplayRejectsAnImpossibleTrace(t *testing.T) {
	m, sys := load(t, "../examples/flag_mutex.cub", memmodel.TSO)
	enter := sys.Transitions[len(sys.Transitions)-1]
	for _, tr := range sys.Transitions {
		if tr.Name == "enter" {
			enter = tr
		}
	}
	require.Equal(t, "enter", enter.Name)
	bad := &reach.Trace{Procs: 2, Unsafe: "unsafe[1]", Steps: []reach.Step{{Transition: enter, Args: []int{1}}, {Transition: enter, Args: []int{2}}}}
	_, err := decide.Replay(context.Background(), m, sys, memmodel.TSO, bad, newSolver)
	var sp *reach.SpuriousError
	require.True(t, errors.As(err, &sp), "got %v", err)
	require.Contains(t, sp.Reason, "no execution with 2 processes under tso")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = decide.Replay(ctx, m, sys, memmodel.TSO, bad, newSolver)
	require.ErrorIs(t, err, context.Canceled)
}

// TestNotReplayedWhenNoInstanceIsBuilt: a trace the solver confirms but
// the bounded engine cannot run is UNSAFE (not replayed), with the reason:
// an unsafe formula over an int that init leaves free (the engine does not
// enumerate ints), and an instance with more initial states than a replay
// tries (arrays of processes left free; it used to exhaust the memory).
func TestNotReplayedWhenNoInstanceIsBuilt(t *testing.T) {
	for _, c := range []struct{ path, reason string }{
		{"testdata/unconstrained_int.cub", "unsafe[1] depends on an unconstrained value"},
		{"testdata/free_proc_arrays.cub", "too many initial states to replay the trace on (more than 32768 with 5 processes)"},
	} {
		res := check(t, c.path, memmodel.SC)
		require.Equal(t, translate.Unsafe, res.Verdict, c.path)
		require.Nil(t, res.Witness, c.path)
		require.Contains(t, res.NotReplayed, c.reason, c.path)
		require.Contains(t, res.NotReplayed, "confirmed forwards by the solver", c.path)
	}
}
