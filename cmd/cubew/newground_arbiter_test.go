package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// TestArbiterV3TSO: arbiter_v3_N under TSO, which no tool decided
// (expected.tsv has no reference verdict), is SAFE with default options
// and --assume-invariants, backed by the bounded engine at n = 2 and 3
// (crosscheck), budgeted by nodes and executions, never by the clock.
// Its first run proposes a candidate that needs a fourth process (a
// client's free Pr naming another client while a third is in CS, the
// arbiter running too); the refutation grows the oracle to the instance
// with 4 processes (oracle.Oracle.Grow), after which no candidate is
// refuted: 48 invariants, printed as declarations.
func TestArbiterV3TSO(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w", "cubtso", "arbiter_v3_N.cub")
	code, out, errOut := runCLI(t, "crosscheck", "--assume-invariants", "--max-n", "3", "--timeout", "0", "--max-nodes", "4000", "--max-executions", "200000", path)
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Regexp(t, `arbiter_v3_N.cub +tso +check +SAFE +2631 nodes`, out)
	require.Regexp(t, `arbiter_v3_N.cub +tso +n=2 k=6 +SAFE +147 states`, out)
	require.Regexp(t, `arbiter_v3_N.cub +tso +n=3 k=6 +SAFE +1396 states`, out)
	require.Contains(t, out, "agree")
	require.NotContains(t, out, "DISAGREE")

	code, out, errOut = runCLI(t, "check", "-v", "--invariants", "--assume-invariants", "--timeout", "0", "--max-nodes", "4000", path)
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Contains(t, errOut, "arbiter_v3_N.cub: invariant inference: oracle of 32261 states over 1..4 processes\n")
	require.Contains(t, errOut, "arbiter_v3_N.cub: invariant inference: 132 candidates visited, 1 refuted, 1 restarts\n")
	require.Contains(t, out, "invariants inferred (48):")
	require.Equal(t, 48, strings.Count(out, "    invariant ("), out)
	require.Contains(t, out, "invariant (p1 p2) { PC[p1] = CS && PC[p2] = L9 }")
}
