package reach_test

import (
	"context"
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
	m, err := syntax.Load(path, syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// undecided lists the plain corpus files that cubew does not decide
// within the test budget: they need invariant inference (BRAB) in the
// original tool. They may answer UNKNOWN at the limit, never a verdict
// other than the expected one.
var undecided = map[string]string{
	"cubicle/flash.cub":           "no reference verdict; original undecided with BRAB",
	"cubicle/flash_nodata.cub":    "no reference verdict; original undecided with BRAB",
	"cubicle/ricart_agrawala.cub": "original needs invariant inference",
	"cubicle/szymanski_at.cub":    "original needs invariant inference",
}

// check runs the search with a budget, invariants assumed, and confirms every counterexample
// of a model without weak variables by forward replay.
func check(t *testing.T, sys *translate.System, maxNodes int, budget time.Duration) *reach.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	// The expected verdicts are the original tools', which trust invariant
	// items (the cubtso 2b and arbiter files restrict their instances with
	// invariants over constant arrays, false as properties).
	res, err := reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, MaxNodes: maxNodes, AssumeInvariants: true})
	require.NoError(t, err)
	if res.Verdict == translate.Unsafe && !sys.Model.Weak {
		require.NotNil(t, res.Trace)
		s := newSolver()
		defer s.Close()
		confirmed, err := reach.Replay(context.Background(), sys, res.Trace, s)
		require.NoError(t, err, "trace %s", res.Trace)
		require.Len(t, confirmed.Steps, len(res.Trace.Steps))
	}
	return res
}

func TestCorpusSC(t *testing.T) {
	runCorpus(t, "sc", 23, undecided, func(t *testing.T, e corpus.Entry, res *reach.Result, slow bool) {
		if slow {
			require.Contains(t, []string{e.Expected, "unknown"}, res.Verdict.String(), undecided[e.File])
			return
		}
		require.Equal(t, e.Expected, res.Verdict.String())
	})
}

// runCorpus checks every corpus file of expected.tsv under model (sc or
// tso), with a small budget for the files in slow (skipped with -short),
// and hands each result to verdict.
func runCorpus(t *testing.T, model string, want int, slow map[string]string, verdict func(*testing.T, corpus.Entry, *reach.Result, bool)) {
	dir, entries := corpusEntries(t)
	n := 0
	for _, e := range entries {
		if e.Model != model {
			continue
		}
		n++
		t.Run(e.File, func(t *testing.T) {
			why, isSlow := slow[e.File]
			if isSlow && testing.Short() {
				t.Skip(why)
			}
			sys := load(t, filepath.Join(dir, e.File), model == "sc")
			maxNodes, budget := 5000, 60*time.Second
			if isSlow {
				maxNodes, budget = 300, 20*time.Second
			}
			res := check(t, sys, maxNodes, budget)
			t.Logf("%s: %s, %d nodes, %d solver calls %s (original: %s, %d nodes)",
				e.File, res.Verdict, res.Stats.Nodes, res.Stats.SolverCalls, res.Reason, e.Original, e.OriginalNodes)
			verdict(t, e, res, isSlow)
		})
	}
	require.Equal(t, want, n, "%s corpus files in expected.tsv", model)
}

// corpusEntries returns the corpus folder and its expected.tsv rows.
func corpusEntries(t testing.TB) (string, []corpus.Entry) {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err)
	entries, err := corpus.Expected(dir)
	require.NoError(t, err)
	return dir, entries
}

// slowWeak lists the weak corpus files beyond the test budget.
var slowWeak = map[string]string{
	"cubicle-w/cubtso/arbiter_v3_N.cub":       "no reference verdict; original gives no answer in 300 s",
	"cubicle-w/cubtso/chandy_misra.cub":       "no reference verdict; original gives no answer in 300 s",
	"cubicle-w/cubtso/two_phase_i_N.cub":      "no reference verdict; original gives no answer in 300 s",
	"cubicle-w/cubtso/ticket_spin_lock_N.cub": "no reference verdict; original crashes",
}

func TestCorpusTSO(t *testing.T) {
	runCorpus(t, "tso", 37, slowWeak, func(t *testing.T, e corpus.Entry, res *reach.Result, _ bool) {
		if e.Expected == "?" {
			return // new ground: reported, and cross-checked by the bounded engine
		}
		require.Equal(t, e.Expected, res.Verdict.String())
	})
}
