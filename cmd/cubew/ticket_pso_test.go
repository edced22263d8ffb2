package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// TestTicketSpinLockPSOOracle: ticket_spin_lock_N under pso with the
// corpus loop's options, to 1,500 nodes, is still UNKNOWN, but no
// candidate is refuted: the oracle no longer judges a process's read
// made after its own access to the location (its next turn's read of
// Head, after its release wrote Head) as read in the state
// (oracle/instants.go). Before, `val(e1) < val(e2)` over #1's read,
// write and read of Head was refuted before the 1,500th node and restarted
// the search (138 candidates visited by 1,500 nodes, 1 refuted). About
// 13 CPU-s: runs with CUBEW_LONG_TESTS=1. Budgeted by nodes.
func TestTicketSpinLockPSOOracle(t *testing.T) {
	if os.Getenv("CUBEW_LONG_TESTS") == "" || testing.Short() {
		t.Skip("about 13 CPU-s: set CUBEW_LONG_TESTS=1")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w", "cubtso", "ticket_spin_lock_N.cub")
	code, out, errs := runCLI(t, "check", "-v", "--model", "pso", "--assume-invariants", "--timeout", "0", "--max-nodes", "1500", path)
	require.Equal(t, exitUnknown, code, "stdout:\n%s\nstderr:\n%s", out, errs)
	require.Contains(t, out, "ticket_spin_lock_N.cub  UNKNOWN  pso  1500 nodes  ")
	require.Contains(t, errs, "ticket_spin_lock_N.cub: invariant inference: 73 candidates visited, 0 refuted, 0 restarts\n")
}
