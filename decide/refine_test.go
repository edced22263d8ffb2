package decide_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestRefinedSearchDecidesPetersonPSO: the plain pso search's
// counterexamples of the four peterson files do not replay (reach alone
// answers UNKNOWN); the refined search, keeping the coherence obligations
// of satisfied reads, finds one that does, as the bounded engine does at
// n = 2 (Peterson's algorithm needs a store-store fence under pso).
func TestRefinedSearchDecidesPetersonPSO(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	files := []string{"peterson_2.cub", "peterson_2b.cub", "peterson_2_us.cub", "peterson_2b_us.cub"}
	for _, f := range files {
		m, sys := load(t, filepath.Join(dir, "cubicle-w/cubtso", f), memmodel.PSO)
		opts := reach.Options{Model: memmodel.PSO, NewSolver: newSolver, MaxNodes: 2000, AssumeInvariants: true}
		plain, err := reach.Check(context.Background(), sys, opts)
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, plain.Verdict, "%s: reach alone confirms nothing", f)
		_, err = decide.Replay(context.Background(), m, sys, memmodel.PSO, plain.Trace, newSolver)
		var sp *reach.SpuriousError
		require.ErrorAs(t, err, &sp, "%s: the plain search's first counterexample %s now replays", f, plain.Trace)
		res, err := decide.Check(context.Background(), m, sys, opts)
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, res.Verdict, "%s: %s", f, res.Reason)
		require.NotNil(t, res.Witness, f)
		require.Empty(t, res.NotReplayed, f)
		require.Less(t, res.Stats.Nodes, 100, "%s: refined search nodes", f)
	}
}

// TestRefinedSearchKeepsUnsafe: the mutant on which an earlier version of
// the obligation answered SAFE under pso stays UNSAFE, with the plain and
// with the refined search.
func TestRefinedSearchKeepsUnsafe(t *testing.T) {
	m, sys := load(t, "../difftest/testdata/regress/pso_kept_satisfied_read.cub", memmodel.PSO)
	for _, mm := range []memmodel.Model{memmodel.PSO, reach.KeepingObligations(memmodel.PSO)} {
		res, err := reach.Check(context.Background(), sys, reach.Options{Model: mm, NewSolver: newSolver, MaxNodes: 2000})
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, res.Verdict, res.Reason)
		_, err = decide.Replay(context.Background(), m, sys, memmodel.PSO, res.Trace, newSolver)
		require.NoError(t, err, "counterexample %s", res.Trace)
	}
}

// TestRefinedSearchProvesFencedPeterson: peterson_2 with a store-store
// fence where it writes Turn. The plain pso search's counterexample does
// not replay (both processes read Turn equal to themselves: each one's
// write of Turn would be coherence-after the other's), so reach alone
// answers UNKNOWN; the refined search proves it SAFE, as the explicit
// engine does on its every state with 2 processes (number_procs 2)
// under pso (no buffer ever holds more than 2 writes of a location).
func TestRefinedSearchProvesFencedPeterson(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join(dir, "cubicle-w/cubtso/peterson_2.cub"))
	require.NoError(t, err)
	const guard = "requires { PC[p] = L2 }"
	require.Equal(t, 1, strings.Count(string(src), guard))
	fenced := strings.Replace(string(src), guard, "requires { PC[p] = L2 && fence() }", 1)
	path := filepath.Join(t.TempDir(), "peterson_2_fenced.cub")
	require.NoError(t, os.WriteFile(path, []byte(fenced), 0o644))
	m, sys := load(t, path, memmodel.PSO)

	opts := reach.Options{Model: memmodel.PSO, NewSolver: newSolver, MaxNodes: 2000, AssumeInvariants: true}
	plain, err := reach.Check(context.Background(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, plain.Verdict, "reach alone confirms nothing")
	_, err = decide.Replay(context.Background(), m, sys, memmodel.PSO, plain.Trace, newSolver)
	var sp *reach.SpuriousError
	require.ErrorAs(t, err, &sp, "the plain search's counterexample %s now replays", plain.Trace)

	res, err := decide.Check(context.Background(), m, sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 156, res.Stats.Nodes, "refined search nodes")

	bounded, err := dpor.Explicit(context.Background(), m, dpor.Options{N: 2, Model: memmodel.PSO, MaxBuffer: 2, MaxStates: 100_000})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, bounded.Verdict, bounded.Reason)
	require.False(t, bounded.Bounded, "the buffer bound disabled a step: %s", bounded.Reason)
	require.Equal(t, 88, bounded.States)
	t.Logf("explicit n=2: %d states", bounded.States)
}
