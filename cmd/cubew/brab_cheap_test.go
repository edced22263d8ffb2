package main

import (
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestBrabDefaultCheap: without --brab or --brab-after, a search whose
// oracle is cheap to explore (oracle.Lazy.Cheap) infers invariants from
// its defaultCheapBrabAfter-th node: sense_barrier, 156 nodes exactly
// (and from the 200th node), is SAFE in 74 with an oracle of 622 states,
// whatever the number of cores, and the bounded instances with 2 and 3
// processes agree;
// lamport_N under tso, whose instance with 2 processes passes
// oracle.CheapStates, is searched exactly as before (53 nodes, the
// oracle never explored). An explicit --brab-after keeps its node, and
// weak variables under pso wait for defaultBrabAfterOutOfOrder.
func TestBrabDefaultCheap(t *testing.T) {
	weak, plain := &syntax.Model{Weak: true}, &syntax.Model{}
	require.Equal(t, defaultCheapBrabAfter, defaultCheapBrabAfterFor(weak, memmodel.TSO))
	require.Equal(t, defaultCheapBrabAfter, defaultCheapBrabAfterFor(plain, memmodel.PSO))
	require.Zero(t, defaultCheapBrabAfterFor(weak, memmodel.PSO))

	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	sense := filepath.Join(dir, "cubicle", "sense_barrier.cub")
	code, out, errs := cubew(t, "check", "-v", sense)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "sense_barrier.cub  SAFE  sc  74 nodes  ")
	require.Contains(t, errs, "sense_barrier.cub: invariant inference: oracle of 622 states over 1..4 processes\n")
	require.Contains(t, errs, "sense_barrier.cub: invariant inference: 7 candidates visited, 0 refuted, 0 restarts\n")

	for _, j := range []string{"1", "2"} {
		_, out, errs = cubew(t, "check", "-j", j, sense)
		require.Contains(t, out, "sense_barrier.cub  SAFE  sc  74 nodes  ", "-j %s: %s", j, errs)
	}
	requireCrosscheckSafe(t, sense, 74)

	code, out, errs = cubew(t, "check", "-v", "--brab-after", "200", sense)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "sense_barrier.cub  SAFE  sc  156 nodes  ")
	require.Contains(t, errs, "sense_barrier.cub: invariant inference: not needed (oracle not explored)\n")

	lamport := filepath.Join(dir, "cubicle-w", "cubtso", "lamport_N.cub")
	code, out, errs = cubew(t, "check", "-v", "--assume-invariants", lamport)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "lamport_N.cub  SAFE  tso  53 nodes  ")
	require.Contains(t, errs, "lamport_N.cub: invariant inference: not needed (oracle not explored)\n")
}
