package reach_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestDeleterPreImagesAreExpanded pins the cause of a wrong SAFE: breadth
// first, a visited node that a later node subsumes is deleted and its
// queued descendants are dropped, because the later node's own pre-images
// cover them. The pre-image cache dropped those very pre-images as copies
// of the deleted node's queued ones, so neither was expanded. The model is
// UNSAFE in six steps with two processes (raise, raise, turn, turn,
// enter2, enter2); the search must delete nodes on the way (the case the
// cache got wrong: breadth first with the pre-images queued in generation
// order) and still find it, in every order.
func TestDeleterPreImagesAreExpanded(t *testing.T) {
	sys := load(t, "testdata/deleter_cache_sc.cub", true)
	orders := []reach.Options{{Strategy: reach.BFS, GenerationOrder: true}, {Strategy: reach.BFS}, {Strategy: reach.DFS}}
	for _, opts := range orders {
		opts.NewSolver, opts.MaxNodes = newSolver, 1000
		res, err := reach.Check(context.Background(), sys, opts)
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, res.Verdict, "strategy %d", opts.Strategy)
		require.Len(t, res.Trace.Steps, 6)
		if opts.GenerationOrder {
			require.Positive(t, res.Stats.Deleted, "the search deletes visited nodes on this model")
		}
	}
}

// TestRejectedCounterexampleIsNotSafe: a search whose counterexamples are
// all rejected by Options.Confirm answers UNKNOWN with the reason and
// every rejection, never SAFE; MaxSpurious bounds how many it tries.
func TestRejectedCounterexampleIsNotSafe(t *testing.T) {
	sys := load(t, "../examples/check_then_set.cub", true)
	for _, limit := range []int{1, 0} {
		asked := 0
		reject := func(_ context.Context, tr *reach.Trace) error {
			asked++
			return &reach.SpuriousError{Reason: "rejected by the test"}
		}
		res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, MaxNodes: 1000, Confirm: reject, MaxSpurious: limit})
		require.NoError(t, err)
		require.Equal(t, translate.Unknown, res.Verdict)
		require.Positive(t, asked)
		require.Len(t, res.Spurious, asked, "every rejection is kept")
		if limit == 1 {
			require.Equal(t, 1, asked)
		}
		require.NotNil(t, res.Spurious[0].Trace, "the rejected trace is kept")
		require.Contains(t, res.Reason, "spurious counterexample init -> ")
		require.Contains(t, res.Reason, "rejected by the test")
		require.Contains(t, res.Reason, "no counterexample that replays was found")
	}

	accepted := 0
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, MaxNodes: 1000,
		Confirm: func(context.Context, *reach.Trace) error { accepted++; return nil }})
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Equal(t, 1, accepted)
	require.Empty(t, res.Spurious)
}
