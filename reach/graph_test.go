package reach_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func TestSearchGraphAndProgress(t *testing.T) {
	sys := load(t, "../examples/check_then_set.cub", true)
	var calls []reach.Progress
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, KeepGraph: true,
		Progress: func(p reach.Progress) { calls = append(calls, p) }})
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Len(t, calls, res.Stats.Nodes, "one progress call per visited node")
	require.Equal(t, res.Stats.Nodes, calls[len(calls)-1].Nodes)
	// The last recorded node meets the initial states; following parents
	// leads back to the unsafe cube through the trace's transitions.
	byID := map[int]reach.GraphNode{}
	visited := 0
	for _, g := range res.Graph {
		byID[g.ID] = g
		if g.Status == reach.Visited {
			visited++
		}
	}
	require.Equal(t, res.Stats.Nodes, visited)
	last := res.Graph[len(res.Graph)-1]
	require.Equal(t, reach.Reached, last.Status)
	var path []string
	for g := last; g.Parent != 0; g = byID[g.Parent] {
		path = append(path, g.Transition)
	}
	require.Len(t, path, len(res.Trace.Steps))
	for i, s := range res.Trace.Steps {
		require.Equal(t, s.Name(), path[i])
	}
	require.Equal(t, "unsafe[1]", last.Unsafe)
}
