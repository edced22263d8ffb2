package reach_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestReachedFirst: the merge meets a layer's node that meets the
// initial states before it visits the other nodes of the layer, so an
// UNSAFE search visits no node of its last layer. mutex_N_us under tso
// visits the original's 5 nodes (6 when the merge visited node 42, more
// general, before node 31, which meets init); the other counts are
// those of the layer order before (in brackets) less the nodes visited
// before the one meeting init, with 1 and 2 workers.
func TestReachedFirst(t *testing.T) {
	dir, _ := corpusEntries(t)
	for _, f := range []struct {
		file  string
		sc    bool
		nodes int
	}{
		{"cubicle-w/cubtso/mutex_N_us.cub", false, 5},    // 6; the original 5
		{"cubicle-w/cubtso/spinlock_N_us.cub", false, 8}, // 9; the original 10
		{"cubicle-w/cubtso/lamport_N_us.cub", false, 22}, // 25; the original 25
		{"cubicle-w/cubtso/dekker_2_us.cub", false, 11},  // 12; the original 12
		{"cubicle-w/litmus/rwc_us.cub", false, 19},       // 20; the original 20
		{"cubicle/bakery_lamport_bogus.cub", true, 63},   // 73; the original 74
	} {
		sys := load(t, filepath.Join(dir, f.file), f.sc)
		for _, workers := range []int{1, 2} {
			res := checkWith(t, sys, reach.Options{Workers: workers})
			require.Equal(t, translate.Unsafe, res.Verdict, "%s with %d workers", f.file, workers)
			require.Equal(t, f.nodes, res.Stats.Nodes, "%s with %d workers: visited nodes", f.file, workers)
		}
	}
}

// checkWith runs the search on sys with opts, the corpus tests' solver,
// node budget and assumed invariants.
func checkWith(t *testing.T, sys *translate.System, opts reach.Options) *reach.Result {
	t.Helper()
	opts.NewSolver, opts.MaxNodes, opts.AssumeInvariants = newSolver, corpusMaxNodes, true
	res, err := reach.Check(context.Background(), sys, opts)
	require.NoError(t, err)
	return res
}
