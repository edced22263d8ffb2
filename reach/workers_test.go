package reach_test

import (
	"context"
	"os"
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
// node counts, the solver calls and the merge's rechecks must be the
// same.
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
				require.Equal(t, [6]int{s.Nodes, s.Covered, s.Deleted, s.Generated, s.SolverCalls, s.Rechecks},
					[6]int{r.Nodes, r.Covered, r.Deleted, r.Generated, r.SolverCalls, r.Rechecks},
					"nodes, covered, deleted, generated, solver calls, rechecks with %d workers", workers)
			}
			t.Logf("%s: %s, %d nodes, %d rechecks", f.file, first.Verdict, first.Stats.Nodes, first.Stats.Rechecks)
			compared++
		})
	}
	require.Equal(t, len(workerFiles), compared, "files compared")
}

// TestLayerSettles checks that the parallel checks settle most nodes of
// a layer that nodes queued before them in the layer do not cover: on
// sense_barrier the merge asks the solver again 12 times (70 when every
// node with a non-clashing renaming of a node visited in its layer was
// asked again), with the same verdict and visited nodes as before.
func TestLayerSettles(t *testing.T) {
	dir, _ := corpusEntries(t)
	sys := load(t, filepath.Join(dir, "cubicle/sense_barrier.cub"), true)
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, Workers: 2,
		MaxNodes: corpusMaxNodes, AssumeInvariants: true})
	require.NoError(t, err)
	require.Equal(t, "safe", res.Verdict.String())
	require.Equal(t, [2]int{156, 12}, [2]int{res.Stats.Nodes, res.Stats.Rechecks}, "nodes, rechecks")
}

// TestDeletionsFoundEarly: the parallel checks of a layer match each
// node the merge may visit against the snapshot's nodes, to find those it
// deletes once visited, so that the merge matches it, one node at a time,
// only against the nodes visited since: about a tenth of the tests on
// arbiter_v2_N and german (where they were 40 % of the merge's CPU time),
// with the same deletions whatever the number of workers. arbiter_v2_N
// and german (about 12 CPU-s) run with CUBEW_LONG_TESTS=1.
func TestDeletionsFoundEarly(t *testing.T) {
	dir, _ := corpusEntries(t)
	type file struct {
		file                          string
		sc                            bool
		nodes, deleted, tests, merged int
	}
	files := []file{
		{"cubicle/sense_barrier.cub", true, 156, 1, 144, 77},
		{"cubicle-w/cubtso/lamport_N.cub", false, 53, 0, 57, 18},
		{"cubicle-w/cubtso/dekker_2.cub", false, 45, 0, 38, 4},
		{"cubicle/bakery_lamport_bogus.cub", true, 63, 0, 11, 4},
	}
	if os.Getenv("CUBEW_LONG_TESTS") != "" && !testing.Short() {
		files = append(files, file{"cubicle-w/cubtso/arbiter_v2_N.cub", false, 532, 110, 5801, 596},
			file{"cubicle/german.cub", true, 2177, 283, 9528, 800})
	}
	for _, f := range files {
		sys := load(t, filepath.Join(dir, f.file), f.sc)
		for _, workers := range []int{1, 2} {
			res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, Workers: workers, MaxNodes: corpusMaxNodes, AssumeInvariants: true})
			require.NoError(t, err)
			s := res.Stats
			require.Equal(t, [4]int{f.nodes, f.deleted, f.tests, f.merged}, [4]int{s.Nodes, s.Deleted, s.DeletionTests, s.MergedDeletionTests},
				"%s with %d workers: nodes, deleted, deletion tests, of which merged", f.file, workers)
		}
	}
}
