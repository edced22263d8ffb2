package fences

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func newSolver() smt.Solver { return z3.New() }

// Budgets, by count: every check of these models needs at most 105 nodes
// (logged with -v), and a bounded run with more executions than
// maxExecutions is UNKNOWN and fails its test. mutexNodes is the budget
// of mutex_N_us, whose one candidate does not converge (see
// TestUnprovedIsNotAFix).
const (
	maxNodes      = 2_000
	maxExecutions = 300_000
	mutexNodes    = 60
)

// corpusFile reads a file of the shared corpus (below cubicle-w),
// skipping when the corpus is absent.
func corpusFile(t *testing.T, rel string) (string, []byte) {
	t.Helper()
	dir, err := corpus.Dir()
	if err != nil {
		t.Skip("no corpus:", err)
	}
	path := filepath.Join(dir, "cubicle-w", rel)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	return path, src
}

// synthesize runs Synthesize with its default invariant inference and
// logs its checks.
func synthesize(t *testing.T, path string, src []byte, mm memmodel.Model, nodes int) *Result {
	t.Helper()
	return synthesizeWith(t, path, src, Options{Model: mm, MaxNodes: nodes})
}

// synthesizeWith runs Synthesize with opts (and the tests' solver) and
// logs its checks.
func synthesizeWith(t *testing.T, path string, src []byte, opts Options) *Result {
	t.Helper()
	opts.NewSolver = newSolver
	res, err := Synthesize(context.Background(), path, src, opts)
	require.NoError(t, err)
	for _, c := range res.Checks {
		t.Logf("check #%d %s fences %v: %s, %d nodes, conflict %v", c.Number, c.Model, names(c.Fences), c.Verdict, c.Nodes, names(c.Conflict))
	}
	return res
}

func names(ps []Position) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Transition)
	}
	return out
}

// setNames renders the sets found as lists of transition names.
func setNames(res *Result) [][]string {
	out := [][]string{}
	for _, s := range res.Sets {
		out = append(out, names(s.Positions))
	}
	return out
}

// authorsFix lists the transitions whose guards have a fence in the fixed
// file and none in the broken one, sorted.
func authorsFix(t *testing.T, broken, fixed []byte) []string {
	t.Helper()
	fenced := func(src []byte) map[string]bool {
		m, err := syntax.ParseAndCheck("x.cub", src, syntax.CheckOptions{})
		require.NoError(t, err)
		out := map[string]bool{}
		for _, tr := range m.Transitions {
			out[tr.Name] = tr.Guard != nil && hasFence(tr.Guard)
		}
		return out
	}
	before, after := fenced(broken), fenced(fixed)
	var fix []string
	for name, f := range after {
		if f && !before[name] {
			fix = append(fix, name)
		}
	}
	slices.Sort(fix)
	return fix
}

// check runs decide.Check on a model text from scratch, with invariant
// inference as the synthesis's checks have it under mm (Options.Brab 0).
func check(t *testing.T, name string, src []byte, mm memmodel.Model) translate.Verdict {
	t.Helper()
	m, err := syntax.ParseAndCheck(name, src, syntax.CheckOptions{SC: mm == memmodel.SC})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	opts := reach.Options{Model: mm, NewSolver: newSolver, MaxNodes: maxNodes}
	if n := (&synth{}).brab(mm); n > 0 {
		opts, _ = decide.WithLazyOracle(context.Background(), m, mm, opts, n, oracleStates)
	}
	res, err := decide.Check(context.Background(), m, sys, opts)
	require.NoError(t, err)
	return res.Verdict
}

// bounded runs the dpor engine on src at n = 2..3 (within number_procs),
// at most k transitions per process: the verdict of each instance and the execution
// graphs explored (complete and blocked).
func bounded(t *testing.T, path string, src []byte, mm memmodel.Model, k int) ([]translate.Verdict, int) {
	t.Helper()
	m, err := syntax.ParseAndCheck(path, src, syntax.CheckOptions{})
	require.NoError(t, err)
	var verdicts []translate.Verdict
	explored := 0
	for n := 2; n <= 3 && (m.NumProcs == 0 || n <= m.NumProcs); n++ {
		res, err := dpor.Check(context.Background(), m, dpor.Options{N: n, Model: mm, MaxSteps: k, MaxExecutions: maxExecutions})
		require.NoError(t, err)
		require.NotEqual(t, translate.Unknown, res.Verdict, "bounded n=%d: %s", n, res.Reason)
		verdicts = append(verdicts, res.Verdict)
		explored += res.Executions + res.Blocked
	}
	return verdicts, explored
}

// requireProved asserts what a set promises: SAFE by a check from
// scratch, SAFE on the bounded instances n = 2..3 with k steps (the
// crosscheck), and
// UNSAFE without any one of its fences (a check from scratch too). It
// returns the number of bounded executions explored.
func requireProved(t *testing.T, path string, src []byte, set Set, mm memmodel.Model, k int) int {
	t.Helper()
	require.Equal(t, translate.Safe, check(t, path, set.Source, mm), "with %v", names(set.Positions))
	verdicts, executions := bounded(t, path, set.Source, mm, k)
	require.NotContains(t, verdicts, translate.Unsafe, "bounded n=2..3 with %v", names(set.Positions))
	idx := indexes(set.Positions)
	for _, i := range idx {
		rest := slices.DeleteFunc(slices.Clone(idx), func(j int) bool { return j == i })
		without, err := Insert(path, src, rest)
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, check(t, path, without, mm), "without the fence in %d", i)
	}
	return executions
}

// TestCorpusPairs: on the corpus's broken models whose authors wrote a
// fixed version, synthesis finds every minimal set, the authors' fix or a
// smaller one, each proved as requireProved says.
func TestCorpusPairs(t *testing.T) {
	cases := []struct {
		broken, fixed string
		steps         int // per process in the bounded runs: enough to see the bug
		want          [][]string
		checks        int // the model, SC, then one per candidate
	}{
		{"cubtso/peterson_2_us.cub", "cubtso/peterson_2.cub", 3, [][]string{{"t_L3_CS_R_WantO_False"}}, 3},
		{"cubtso/dekker_2_us.cub", "cubtso/dekker_2.cub", 3, [][]string{{"t_L2_CS_R_WantO_False"}}, 3},
		{"cubtso/lamport_N_us.cub", "cubtso/lamport_N.cub", 4, [][]string{{"t_L2_L3_Y_Null", "t_L4_CS_X_Self"}}, 5},
		{"litmus/sb_us.cub", "litmus/sb_s.cub", 2, [][]string{{"t1_2", "t2_2"}}, 5},
	}
	ran := 0
	for _, tc := range cases {
		t.Run(tc.broken, func(t *testing.T) {
			path, src := corpusFile(t, tc.broken)
			_, fixed := corpusFile(t, tc.fixed)
			verdicts, _ := bounded(t, path, src, memmodel.TSO, tc.steps)
			require.Contains(t, verdicts, translate.Unsafe, "the bounded instances see the bug at k=%d", tc.steps)
			res := synthesize(t, path, src, memmodel.TSO, maxNodes)
			require.Equal(t, Fixed, res.Outcome, res.Reason)
			require.True(t, res.Complete, res.Reason)
			require.Equal(t, tc.want, setNames(res))
			require.Len(t, res.Checks, tc.checks)
			fix := authorsFix(t, src, fixed)
			for _, s := range res.Sets {
				require.Subset(t, fix, names(s.Positions), "the authors' fix %v contains the set", fix)
				executions := requireProved(t, path, src, s, memmodel.TSO, tc.steps)
				t.Logf("%v: SAFE by check #%d, bounded n=2..3 k=%d SAFE in %d executions", names(s.Positions), s.Proof, tc.steps, executions)
			}
			t.Logf("%d checks", len(res.Checks))
			ran++
		})
	}
	require.Equal(t, len(cases), ran)
}

// TestNoFenceHelps: models UNSAFE under SC get no fence, with the SC
// counterexample (spinlock_N_us: a non-atomic decrement; rwc_us: its
// authors' rwc_s also changes what a process reads, not just a fence).
func TestNoFenceHelps(t *testing.T) {
	cases := []struct {
		file  string
		procs int
	}{
		{"cubtso/spinlock_N_us.cub", 2},
		{"litmus/rwc_us.cub", 3},
	}
	for _, tc := range cases {
		path, src := corpusFile(t, tc.file)
		res := synthesize(t, path, src, memmodel.TSO, maxNodes)
		require.Equal(t, NoFix, res.Outcome, tc.file)
		require.Empty(t, res.Sets)
		require.Len(t, res.Checks, 2, "the model as written, then SC")
		c := res.Counterexample
		require.Equal(t, "sc", c.Model)
		require.Equal(t, translate.Unsafe, c.Verdict)
		require.NotNil(t, c.Result.Witness, "the SC counterexample replays")
		require.Equal(t, tc.procs, c.Result.Trace.Procs)
	}
}

// TestUnprovedIsNotAFix: mutex_N_us needs a fence in t2, but with the
// transition t3 its authors deleted in mutex_N the exact parameterized
// check of that candidate (invariant inference off) does not converge
// (the engine's cubes grow with every process whose cell t3 reads):
// within the node budget it is UNKNOWN, the bounded engine finds no
// counterexample either, and it is reported as not proved, never as a
// fix, after 3 checks. With t3 deleted and the authors' fence taken out,
// synthesis finds the authors' fence.
func TestUnprovedIsNotAFix(t *testing.T) {
	path, src := corpusFile(t, "cubtso/mutex_N_us.cub")
	res := synthesizeWith(t, path, src, Options{Model: memmodel.TSO, MaxNodes: mutexNodes, Brab: -1})
	require.Equal(t, Unproved, res.Outcome)
	require.False(t, res.Complete)
	require.Empty(t, res.Sets)
	require.Len(t, res.Unknown, 1)
	require.Equal(t, []string{"t2"}, names(res.Unknown[0]), "not proved")
	require.Contains(t, res.Reason, "node limit")
	require.Contains(t, res.Reason, "no counterexample with 2..3 processes, 3 steps per process")
	require.Len(t, res.Checks, 3, "the model, SC, the candidate {t2}")

	fixedPath, fixed := corpusFile(t, "cubtso/mutex_N.cub")
	unfenced := strings.Replace(string(fixed), " && fence()", "", 1)
	require.NotEqual(t, string(fixed), unfenced)
	res = synthesize(t, fixedPath, []byte(unfenced), memmodel.TSO, maxNodes)
	require.Equal(t, Fixed, res.Outcome, res.Reason)
	require.True(t, res.Complete)
	require.Equal(t, [][]string{{"t2"}}, setNames(res))
	require.Equal(t, authorsFix(t, []byte(unfenced), fixed), names(res.Sets[0].Positions))
	requireProved(t, fixedPath, []byte(unfenced), res.Sets[0], memmodel.TSO, 3)
}

// TestMutexWithBackoff: with invariant inference (the default), the
// check of mutex_N_us with a fence in t2 alone, t3 kept, is SAFE (its
// candidates forget the processes t3 reads, see reach/doc.go), so
// synthesis finds {t2} in 3 checks, smaller than the authors' fix (a
// fence in t2 and t3 deleted); the set is SAFE from scratch, on the
// bounded instances n = 2..3 with 4 steps per process, and UNSAFE
// without its fence.
func TestMutexWithBackoff(t *testing.T) {
	path, src := corpusFile(t, "cubtso/mutex_N_us.cub")
	res := synthesize(t, path, src, memmodel.TSO, mutexNodes)
	require.Equal(t, Fixed, res.Outcome, res.Reason)
	require.True(t, res.Complete, res.Reason)
	require.Equal(t, [][]string{{"t2"}}, setNames(res))
	require.Len(t, res.Checks, 3, "the model, SC, the candidate {t2}")
	executions := requireProved(t, path, src, res.Sets[0], memmodel.TSO, 4)
	t.Logf("{t2}: SAFE in %d nodes, bounded n=2..3 k=4 SAFE in %d executions", res.Checks[2].Nodes, executions)
}

// TestTwoIndependentFences: the example two_groups needs a fence in each
// enter transition, under TSO and under PSO, and says so in 5 checks.
func TestTwoIndependentFences(t *testing.T) {
	const path = "../examples/two_groups.cub"
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, mm := range []memmodel.Model{memmodel.TSO, memmodel.PSO} {
		verdicts, _ := bounded(t, path, src, mm, 3)
		require.Contains(t, verdicts, translate.Unsafe, "the bounded instances see the bug")
		res := synthesize(t, path, src, mm, maxNodes)
		require.Equal(t, Fixed, res.Outcome, res.Reason)
		require.True(t, res.Complete)
		require.Equal(t, [][]string{{"w_enter", "r_enter"}}, setNames(res))
		require.Len(t, res.Checks, 5)
		requireProved(t, path, src, res.Sets[0], mm, 3)
	}
}

// TestAlreadySafe: a model that is SAFE as written needs no fence and
// costs one check.
func TestAlreadySafe(t *testing.T) {
	path, src := corpusFile(t, "cubtso/peterson_2.cub")
	res := synthesize(t, path, src, memmodel.TSO, maxNodes)
	require.Equal(t, AlreadySafe, res.Outcome)
	require.Len(t, res.Checks, 1)
	require.Empty(t, res.Sets)
}
