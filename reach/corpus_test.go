package reach_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func newSolver() smt.Solver { return z3.New() }

func load(t testing.TB, path string, sc bool) *translate.System {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := syntax.Parse(path, src)
	require.NoError(t, err)
	m, err := syntax.Check(f, syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

func TestCorpusSC(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	entries, err := corpus.Expected(dir)
	require.NoError(t, err)
	for _, e := range entries {
		if e.Model != "sc" {
			continue
		}
		t.Run(e.File, func(t *testing.T) {
			sys := load(t, filepath.Join(dir, e.File), true)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			res, err := reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, MaxNodes: 3000})
			require.NoError(t, err)
			t.Logf("%s: %s nodes=%d gen=%d covered=%d syn=%d calls=%d %v %s (expected %s, original %s %.3fs %d nodes)", e.File, res.Verdict, res.Stats.Nodes, res.Stats.Generated, res.Stats.Covered, res.Stats.Syntactic, res.Stats.SolverCalls, time.Since(start).Round(time.Millisecond), res.Reason, e.Expected, e.Original, e.OriginalSeconds, e.OriginalNodes)
			if res.Trace != nil {
				t.Logf("trace: %s", res.Trace)
			}
		})
	}
}
