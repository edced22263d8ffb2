package reach

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestTSOCubesKeepPairsEndingInUnsatisfiedReads runs the TSO search on
// weak corpus files and checks every pre-image it pops: each ghb pair of
// the cube ends in an unsatisfied read (collect.go), and the node counts
// are pinned. Before the pairs ending elsewhere were dropped the counts
// were 64, 106, 25 and 78, and before each layer's pre-images were queued
// most general first (order.go) 58, 83, 23 and 53, and before the
// ghb-equal classes of kept events were kept whole (wholeClasses) 58, 76,
// 18 and 53, and before the pairs ending in reads of a process's own
// cell of an owned array were dropped (owned.go) 32, 45, 18 and 53, and
// before the classes of such reads were dropped when isolated (collect.go)
// 22, 45, 18 and 53, and before the final reads among those lost their
// mark (owned.go, notFinal) 16, 45, 18 and 53; the original tool visits
// 14, 53, 19 and 97.
func TestTSOCubesKeepPairsEndingInUnsatisfiedReads(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	files := []struct {
		name  string
		nodes int
	}{
		{"dekker_simple_N", 9}, {"dekker_2", 45}, {"peterson_2", 18}, {"lamport_N", 53},
	}
	checked := 0
	for _, f := range files {
		m, err := syntax.Load(filepath.Join(dir, "cubicle-w/cubtso", f.name+".cub"), syntax.CheckOptions{})
		require.NoError(t, err)
		sys, err := translate.Build(m)
		require.NoError(t, err)
		res, err := Check(context.Background(), sys, Options{NewSolver: func() smt.Solver { return z3.New() },
			KeepGraph: true, MaxNodes: 1000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict, f.name)
		require.Equal(t, f.nodes, res.Stats.Nodes, f.name)
		for _, g := range res.Graph {
			if g.Parent == 0 {
				continue // an unsafe cube keeps the pairs of its formula
			}
			c := g.node.cube
			unsat := unsatReads(c.Lits, c.Events)
			for a := range c.Events {
				require.Zero(t, c.Rel.After[a]&^unsat, "%s node %d: e%d is before events that are no unsatisfied reads", f.name, g.ID, a)
			}
			checked++
		}
	}
	require.Greater(t, checked, 200, "pre-images checked")
}
