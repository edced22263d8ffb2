package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// TestTicketSpinLockTSO: ticket_spin_lock_N under TSO, which no tool
// decided (expected.tsv has no reference verdict; the original crashes),
// is SAFE with default options in 76 nodes of at most 2 processes (its
// oracle is cheap: inference from the 50th node; 247 from the 200th),
// backed by the bounded engine at n = 2 and 3 (crosscheck), budgeted by
// nodes and executions, never by the clock. Two changes of reach's
// candidates decide it: `a < b + 1` over integers is kept as `a <= b`
// (weaken), which gives `PC[#1] = L3 && val(e0) <= R[#1]` (#1's later
// compare-and-swap of Tail reads at most the ticket it waits with: the
// chain of waiting processes with consecutive tickets that grew one
// process per two nodes is cut); and a plain read is no longer compared
// with another process's cell (plainReadOfOther), which cut the
// refutations from 7 to 1. Of the 13 invariants, 3 are declarations;
// the others keep events. The certificate holds (101 obligations).
func TestTicketSpinLockTSO(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w", "cubtso", "ticket_spin_lock_N.cub")
	requireCrosscheckAgrees(t, path, "2000", "200000",
		`ticket_spin_lock_N.cub +tso +check +SAFE +76 nodes`,
		`ticket_spin_lock_N.cub +tso +n=2 k=6 +SAFE +58 states`,
		`ticket_spin_lock_N.cub +tso +n=3 k=6 +SAFE +342 states`)

	cert := filepath.Join(t.TempDir(), "ticket_tso.smt2")
	code, out, errOut := runCLI(t, "check", "-v", "--invariants", "--timeout", "0", "--max-nodes", "2000", "--certificate", cert, path)
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Regexp(t, `ticket_spin_lock_N.cub +SAFE +tso +76 nodes`, out)
	require.Contains(t, errOut, "ticket_spin_lock_N.cub: invariant inference: oracle of 636 states over 1..4 processes\n")
	require.Contains(t, errOut, "ticket_spin_lock_N.cub: invariant inference: 16 candidates visited, 1 refuted, 1 restarts\n")
	require.Contains(t, errOut, "(largest with 2 process variables)")
	require.Contains(t, out, "invariants inferred (13):")
	require.Equal(t, 3, strings.Count(out, "    invariant ("), out)
	require.Contains(t, out, "invariant (p1 p2) { PC[p1] = L3 && PC[p2] = L3 && R[p1] = R[p2] }")
	require.Contains(t, out, "(* not expressible as a declaration: PC[#1] = L3 && val(e0) <= R[#1] with events [R #1 Tail W #1 Tail] *)")

	code, out, errOut = runCLI(t, "certify", cert)
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Contains(t, out, "certificate holds: 101 obligations unsat")
}
