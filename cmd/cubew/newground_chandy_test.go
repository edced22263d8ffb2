package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// TestChandyMisraPSO: chandy_misra under pso, which no tool decided
// (expected.tsv has no reference verdict; under tso cubew proves it
// exactly in 91 nodes), is SAFE with --brab 3 and --assume-invariants in
// 51 nodes: 18 candidates, none refuted, most of them keeping a message
// flag that a locked transition reads and clears (reach's
// lockedFlagCandidates: `State[#2] = In && val(e1) = True`, no
// permission still to be received by a process in its critical
// section), which a declaration cannot express; its certificate holds
// (334 obligations, about 2 CPU-s). Without them the search
// visited 5 candidates and was UNKNOWN at 1,500 nodes. The explicit
// engine backs it at n = 2 and 3 (277 and 8,755 states with at most 2
// pending writes per buffer, as the oracle explores; with the default 32,
// n = 2 is SAFE too, 26,497 states in 20 CPU-s). With the default
// options (inference from the 1,000th node under pso, or sooner by the
// pre-images: defaultBrabAfterFor) it is SAFE too, in 788 nodes: 58
// candidates, 1 refuted and 1 restart, the same 13 invariants, a
// certificate of 334 obligations (it was UNKNOWN, inference being off
// under pso). Budgeted by nodes and states, never by the clock.
func TestChandyMisraPSO(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w", "cubtso", "chandy_misra.cub")
	cert := filepath.Join(t.TempDir(), "chandy_pso.smt2")
	runs := []struct {
		flags      []string
		nodes      string
		candidates string
	}{
		{[]string{"--assume-invariants", "--brab", "3"}, "51", "18 candidates visited, 0 refuted, 0 restarts"},
		{nil, "788", "58 candidates visited, 1 refuted, 1 restarts"},
	}
	for _, r := range runs {
		args := append([]string{"check", "-v", "--invariants", "--model", "pso"}, r.flags...)
		args = append(args, "--timeout", "0", "--max-nodes", "1500", "--certificate", cert, path)
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, exitSafe, code, "%v stdout:\n%s\nstderr:\n%s", r.flags, out, errOut)
		require.Regexp(t, `chandy_misra.cub +SAFE +pso +`+r.nodes+` nodes`, out)
		require.Contains(t, errOut, "chandy_misra.cub: invariant inference: "+r.candidates+"\n")
		require.Contains(t, out, "invariants inferred (13):")
		require.Contains(t, out, "(* not expressible as a declaration: State[#2] = In && val(e1) = True with events [W #2 NetPerm[#1,#2] R #2 NetPerm[#1,#2]] *)")
		require.Contains(t, out, "invariant (p1 p2) { Request[p1,p2] = False && Request[p2,p1] = False }")
		if r.flags != nil {
			require.Contains(t, errOut, "chandy_misra.cub: invariant inference: oracle of 9064 states over 1..3 processes (partial: instance with 1 processes: safe up to 2 pending writes per buffer)\n")
		}

		code, out, errOut = runCLI(t, "certify", cert)
		require.Equal(t, exitSafe, code, "%v stdout:\n%s\nstderr:\n%s", r.flags, out, errOut)
		require.Contains(t, out, "certificate holds: 334 obligations unsat")
	}

	for n, states := range map[string]string{"2": "277", "3": "8755"} {
		code, out, errOut := runCLI(t, "bounded", "--engine", "explicit", "--model", "pso", "-n", n, "--max-buffer", "2", "--max-states", "20000", "--timeout", "0", path)
		require.Equal(t, exitSafe, code, "n=%s stdout:\n%s\nstderr:\n%s", n, out, errOut)
		require.Regexp(t, `chandy_misra.cub +SAFE +pso +n=`+n+` +`+states+` states`, out)
	}
}
