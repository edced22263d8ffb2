package decide_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabForgetsReadProcesses: mutex_N_us with a fence in t2 and its
// back-off t3 kept, which the exact search does not decide under TSO
// (UNKNOWN at 60 nodes: each step back through t3 reads the cell of a new
// process), is SAFE with an oracle over 1..2 processes from the first
// node in 12 nodes: 1 candidate, a restriction of a node to the
// processes other than one known only through t3's read (it keeps
// events of transitions, which the oracle cannot judge: it answers
// "reached" for it), not refuted. The bounded engine agrees: SAFE at
// n = 2 and 3 with 4 transitions per process.
func TestBrabForgetsReadProcesses(t *testing.T) {
	src, err := os.ReadFile(corpusFile(t, "cubicle-w/cubtso/mutex_N_us.cub"))
	require.NoError(t, err)
	const guard = "PC[p] = L2 && forall_other q. R[q] = False"
	fenced := strings.Replace(string(src), guard, guard+" && fence()", 1)
	require.NotEqual(t, string(src), fenced)
	path := filepath.Join(t.TempDir(), "mutex_fenced.cub")
	require.NoError(t, os.WriteFile(path, []byte(fenced), 0o644))
	ctx := context.Background()
	m, sys := load(t, path, memmodel.TSO)
	res, o := safeOnlyWithOracle(t, m, sys, 2, 60)
	require.Equal(t, 12, res.Stats.Nodes)
	require.Equal(t, 1, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.Len(t, res.Inferred, 1)
	for _, c := range res.Inferred {
		require.Equal(t, 2, c.NVars, c.String())
		require.True(t, o.Reached(c), "%s: the oracle does not judge a transition's read", c)
		require.Equal(t, "PC[#1] = L2 && PC[#2] = L2 && val(e5) = False", c.String())
	}

	for n := 2; n <= 3; n++ {
		b, err := dpor.Check(ctx, m, dpor.Options{N: n, Model: memmodel.TSO, MaxSteps: 4, MaxExecutions: 300_000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, b.Verdict, "bounded n=%d: %s", n, b.Reason)
		t.Logf("bounded n=%d k=4: SAFE, %d executions", n, b.Executions)
	}
}
