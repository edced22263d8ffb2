package reach_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// workerFiles are corpus files, SAFE and UNSAFE, sc and tso, whose layers
// hold many nodes, for TestWorkersDeterministic.
var workerFiles = []struct {
	file string
	sc   bool
}{
	{"cubicle-w/cubtso/dekker_2.cub", false},
	{"cubicle-w/cubtso/lamport_N.cub", false},
	{"cubicle-w/cubtso/lamport_N_us.cub", false},
	{"cubicle-w/litmus/iriw_s.cub", false},
	{"cubicle-w/cubtso/peterson_2_us.cub", false},
	{"cubicle/peterson_two_proc.cub", true},
	{"cubicle/bakery_lamport_bogus.cub", true},
	{"cubicle/sense_barrier.cub", true},
}

// TestWorkersDeterministic checks each file of workerFiles with 1, 2 and
// 4 workers: the verdict, the visited, covered, deleted and generated
// node counts and the solver calls must be the same.
func TestWorkersDeterministic(t *testing.T) {
	dir, _ := corpusEntries(t)
	compared := 0
	for _, f := range workerFiles {
		t.Run(f.file, func(t *testing.T) {
			sys := load(t, filepath.Join(dir, f.file), f.sc)
			var first *reach.Result
			for _, workers := range []int{1, 2, 4} {
				res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, Workers: workers,
					MaxNodes: corpusMaxNodes, AssumeInvariants: true})
				require.NoError(t, err)
				if first == nil {
					first = res
					continue
				}
				require.Equal(t, first.Verdict, res.Verdict, "verdict with %d workers", workers)
				s, r := first.Stats, res.Stats
				require.Equal(t, [5]int{s.Nodes, s.Covered, s.Deleted, s.Generated, s.SolverCalls},
					[5]int{r.Nodes, r.Covered, r.Deleted, r.Generated, r.SolverCalls},
					"nodes, covered, deleted, generated, solver calls with %d workers", workers)
			}
			t.Logf("%s: %s, %d nodes", f.file, first.Verdict, first.Stats.Nodes)
			compared++
		})
	}
	require.Equal(t, len(workerFiles), compared, "files compared")
}
