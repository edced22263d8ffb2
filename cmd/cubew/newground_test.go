package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// TestNewGroundCrosscheck: corpus files that no tool decided before
// (expected.tsv has no reference verdict) and that cubew check now
// answers SAFE with default options are backed by the bounded engine at
// n = 2 and 3: chandy_misra under tso (91 nodes since reach keeps
// ghb-equal classes whole; 111 and 2,847 states at k = 6), budgeted by
// nodes and executions, never by the clock (--timeout 0).
func TestNewGroundCrosscheck(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	path := filepath.Join(dir, "cubicle-w", "cubtso", "chandy_misra.cub")
	requireCrosscheckAgrees(t, path, "1000", "100000",
		`chandy_misra.cub +tso +check +SAFE +91 nodes`,
		`chandy_misra.cub +tso +n=2 k=6 +SAFE +111 states`,
		`chandy_misra.cub +tso +n=3 k=6 +SAFE +2847 states`)
}

// requireCrosscheckAgrees runs crosscheck --max-n 3 on path, budgeted by
// maxNodes and maxExecutions (never the clock), and requires SAFE, every
// line in lines (regular expressions), and agreement.
func requireCrosscheckAgrees(t *testing.T, path, maxNodes, maxExecutions string, lines ...string) {
	t.Helper()
	code, out, errOut := runCLI(t, "crosscheck", "--max-n", "3", "--timeout", "0", "--max-nodes", maxNodes, "--max-executions", maxExecutions, path)
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	for _, l := range lines {
		require.Regexp(t, l, out)
	}
	require.Contains(t, out, "agree")
	require.NotContains(t, out, "DISAGREE")
}
