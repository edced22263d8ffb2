package decide_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// corpusFile returns a file of the shared corpus, skipping the test when
// there is no corpus (as the other corpus tests do).
func corpusFile(t *testing.T, rel string) string {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	return filepath.Join(dir, rel)
}

// checkBrab runs decide.Check with an oracle over the instances with
// 1..n processes.
func checkBrab(t *testing.T, path string, mm memmodel.Model, n, maxNodes int) *decide.Result {
	t.Helper()
	ctx := context.Background()
	m, sys := load(t, path, mm)
	opts, o, err := decide.WithOracle(ctx, m, mm, reach.Options{Model: mm, NewSolver: newSolver, MaxNodes: maxNodes}, n, 0)
	require.NoError(t, err)
	require.NotNil(t, o)
	res, err := decide.Check(ctx, m, sys, opts)
	require.NoError(t, err)
	for _, c := range res.Inferred {
		require.False(t, o.Reached(c), "an inferred invariant %s is reached by the oracle", c)
	}
	return res
}

// TestBrabSzymanskiAt: with an oracle over two processes, Szymanski's
// algorithm (atomic version), which plain backward search needs about
// 1,300 nodes for, is proved in 31 nodes as Cubicle -brab 2 does; every
// inferred invariant is in the certificate's visited set.
func TestBrabSzymanskiAt(t *testing.T) {
	res := checkBrab(t, corpusFile(t, "cubicle/szymanski_at.cub"), memmodel.SC, 2, 2000)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 31, res.Stats.Nodes)
	require.Equal(t, 14, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.Len(t, res.Inferred, 14)
	inCert := map[string]bool{}
	for _, c := range res.Invariant {
		inCert[c.Cube.Key()] = true
	}
	for _, c := range res.Inferred {
		require.True(t, inCert[c.Key()], "inferred %s missing from the visited set", c)
		require.LessOrEqual(t, c.NVars, 2)
	}
}

// TestBrabGerman: German's cache protocol, about 2,300 nodes for plain
// backward search, takes 39 with an oracle over two processes and no
// refutation.
func TestBrabGerman(t *testing.T) {
	res := checkBrab(t, corpusFile(t, "cubicle/german.cub"), memmodel.SC, 2, 2000)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 39, res.Stats.Nodes)
	require.Equal(t, 27, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.NotEmpty(t, res.Inferred)
}

// TestBrabSzymanskiAtBounded backs the SAFE answer above: the bounded
// engine finds no violation with 2 and 3 processes.
func TestBrabSzymanskiAtBounded(t *testing.T) {
	m, _ := load(t, corpusFile(t, "cubicle/szymanski_at.cub"), memmodel.SC)
	ran := 0
	for n := 2; n <= 3; n++ {
		res, err := dpor.Check(context.Background(), m, dpor.Options{N: n, Model: memmodel.SC, MaxSteps: 8, MaxExecutions: 200000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict, "n=%d: %s", n, res.Reason)
		require.Positive(t, res.Executions)
		ran++
	}
	require.Equal(t, 2, ran)
}

// TestBrabRefutedCandidate: an oracle over one process proposes
// candidates that four processes reach; each is refuted (counted), the
// search restarts, and the answer is the real counterexample, replayed.
func TestBrabRefutedCandidate(t *testing.T) {
	res := checkBrab(t, "testdata/brab_refuted.cub", memmodel.SC, 1, 2000)
	require.Equal(t, translate.Unsafe, res.Verdict, res.Reason)
	require.Equal(t, 2, res.Stats.Refuted)
	require.Equal(t, 2, res.Stats.Restarts)
	require.NotNil(t, res.Witness)
	require.Equal(t, 4, res.Trace.Procs)
	require.Empty(t, res.Inferred)
}

// TestBrabRestartBudget: past MaxRestarts refutations the search gives up
// approximating and still answers, from a plain search.
func TestBrabRestartBudget(t *testing.T) {
	ctx := context.Background()
	m, sys := load(t, "testdata/brab_refuted.cub", memmodel.SC)
	opts, _, err := decide.WithOracle(ctx, m, memmodel.SC, reach.Options{Model: memmodel.SC, NewSolver: newSolver, MaxRestarts: 1}, 1, 0)
	require.NoError(t, err)
	res, err := decide.Check(ctx, m, sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Equal(t, 1, res.Stats.Refuted)
	require.Equal(t, 1, res.Stats.Restarts)
	require.NotNil(t, res.Witness)
}

// TestBrabWeakCandidatesAreLocal: under TSO the oracle is the explicit
// engine with store buffers; Dekker's algorithm (two processes) is proved
// SAFE with two inferred invariants over program counters only (no
// event, no weak variable), and the bounded engine at n=2 agrees.
func TestBrabWeakCandidatesAreLocal(t *testing.T) {
	path := corpusFile(t, "cubicle-w/cubtso/dekker_2.cub")
	res := checkBrab(t, path, memmodel.TSO, 2, 5000)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 2, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.Len(t, res.Inferred, 2)
	for _, c := range res.Inferred {
		require.Empty(t, c.Events, c.String())
		for _, l := range c.Lits {
			require.Equal(t, "PC", l.L.Sym.Name, c.String())
		}
	}
	m, _ := load(t, path, memmodel.TSO)
	b, err := dpor.Check(context.Background(), m, dpor.Options{N: 2, Model: memmodel.TSO, MaxSteps: 8, MaxExecutions: 200000})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, b.Verdict, b.Reason)
	require.Positive(t, b.Executions)
}

// BenchmarkBrabSzymanskiAt measures the approximate search on Szymanski's
// algorithm, oracle included.
func BenchmarkBrabSzymanskiAt(b *testing.B) { benchmarkBrab(b, "cubicle/szymanski_at.cub") }

// BenchmarkBrabGermanCtc measures it on German's protocol with data (an
// abstract type the oracle gives one value).
func BenchmarkBrabGermanCtc(b *testing.B) { benchmarkBrab(b, "cubicle/german.ctc.cub") }

// benchmarkBrab checks a corpus model with an oracle over two processes.
func benchmarkBrab(b *testing.B, rel string) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Skipf("shared corpus: %v", err)
	}
	m, err := syntax.Load(filepath.Join(dir, rel), syntax.CheckOptions{SC: true})
	require.NoError(b, err)
	sys, err := translate.Build(m)
	require.NoError(b, err)
	ctx := context.Background()
	for b.Loop() {
		opts, _, err := decide.WithOracle(ctx, m, memmodel.SC, reach.Options{Model: memmodel.SC, NewSolver: newSolver}, 2, 0)
		require.NoError(b, err)
		res, err := decide.Check(ctx, m, sys, opts)
		require.NoError(b, err)
		require.Equal(b, translate.Safe, res.Verdict)
	}
}

// TestBrabNoOracleWithoutExactStates: an instance whose initial states
// the explicit engine cannot enumerate gives no oracle (it would call
// everything unreached), and the options are left without one.
func TestBrabNoOracleWithoutExactStates(t *testing.T) {
	m, _ := load(t, "testdata/brab_unenumerable.cub", memmodel.SC)
	opts, o, err := decide.WithOracle(context.Background(), m, memmodel.SC, reach.Options{Model: memmodel.SC}, 2, 0)
	require.ErrorContains(t, err, "oracle, instance with 1 processes: under-approximation")
	require.Nil(t, o)
	require.Nil(t, opts.Oracle)
}

// checkBrabAfter runs decide.Check with a lazy oracle over the instances
// with 1..n processes that approximation uses from the after-th node on.
func checkBrabAfter(t *testing.T, path string, n, after int) (*decide.Result, *oracle.Lazy) {
	t.Helper()
	ctx := context.Background()
	m, sys := load(t, path, memmodel.SC)
	opts, o := decide.WithLazyOracle(ctx, m, memmodel.SC, reach.Options{Model: memmodel.SC, NewSolver: newSolver, MaxNodes: 2000, ApproxAfter: after}, n, 0)
	require.NotNil(t, o)
	res, err := decide.Check(ctx, m, sys, opts)
	require.NoError(t, err)
	return res, o
}

// TestBrabAfterNotNeeded: a model decided in fewer nodes than ApproxAfter
// never explores the lazy oracle and is searched exactly.
func TestBrabAfterNotNeeded(t *testing.T) {
	res, o := checkBrabAfter(t, "testdata/brab_lock.cub", 2, 10)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Less(t, res.Stats.Nodes, 10)
	require.Zero(t, res.Stats.Candidates)
	explored, err := o.Explored()
	require.NoError(t, err)
	require.Nil(t, explored)
}

// TestBrabAfterSzymanskiAt: on Szymanski's algorithm approximation that
// starts after 100 exact nodes keeps them and still decides the model in
// 127 nodes (plain search needs about 1,300).
func TestBrabAfterSzymanskiAt(t *testing.T) {
	res, o := checkBrabAfter(t, corpusFile(t, "cubicle/szymanski_at.cub"), 2, 100)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 127, res.Stats.Nodes)
	require.Positive(t, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	explored, err := o.Explored()
	require.NoError(t, err)
	require.NotNil(t, explored)
	for _, c := range res.Inferred {
		require.False(t, o.Reached(c), "an inferred invariant %s is reached by the oracle", c)
	}
}

// TestBrabGermanCtc: German's protocol with data (an abstract type), about
// 2,000 nodes for plain backward search, takes 43 with an oracle over two
// processes in which data has one value; no candidate speaks of data.
func TestBrabGermanCtc(t *testing.T) {
	res := checkBrab(t, corpusFile(t, "cubicle/german.ctc.cub"), memmodel.SC, 2, 2000)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 43, res.Stats.Nodes)
	require.Equal(t, 21, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.NotEmpty(t, res.Inferred)
	for _, c := range res.Inferred {
		for _, l := range c.Lits {
			for _, term := range []*translate.Term{l.L, l.R} {
				if term.Kind == translate.KState {
					require.NotEqual(t, syntax.TAbstract, term.Sym.Type.Kind, c.String())
				}
			}
		}
	}
}
