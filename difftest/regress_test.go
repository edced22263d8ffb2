package difftest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// expectLine is a regress model's first line: `(* expect: MODEL VERDICT
// [known], ... *)`.
var expectLine = regexp.MustCompile(`^\(\* expect: (.*) \*\)`)

// TestRegress checks every model that ever made the engines disagree,
// under each memory model its first line names: reach must give the
// expected verdict and the comparison must agree. A memory model marked
// `known` pins an open bug (the file says which): its comparison must be
// the known disagreement, so that the fix shows up here (then drop the
// mark and the entry of knownBug).
func TestRegress(t *testing.T) {
	paths, err := filepath.Glob("testdata/regress/*.cub")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(paths), 4)
	checked := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		m := expectLine.FindSubmatch(src)
		require.NotNil(t, m, "%s: first line must be (* expect: MODEL VERDICT, ... *)", p)
		for _, e := range strings.Split(string(m[1]), ",") {
			f := strings.Fields(e)
			require.True(t, len(f) == 2 || len(f) == 3 && f[2] == "known", "%s: %q", p, e)
			known := len(f) == 3
			mm, err := memmodel.ByName(f[0])
			require.NoError(t, err, p)
			o := Run(context.Background(), Case{Name: p, Src: string(src), Model: mm}, DefaultBudget)
			checked++
			if known {
				assert.Equal(t, ClassKnownBug, o.Class, "%s is marked known but does not disagree any more: drop the mark\n%s", p, o.Report())
				continue
			}
			assert.True(t, o.Class.Compared() && !o.Class.Disagreement(), o.Report())
			assert.Equal(t, f[1], o.Reach.Verdict.String(), o.Report())
		}
	}
	require.Equal(t, 19, checked, "regress cases")
}

// TestReplayBudgetIsNotADisagreement: under tso the traces of
// replay_budget.cub need more initial states than a replay tries; reach
// answers UNKNOWN, which is a budget, not a disagreement. The trace is the
// one Z3's models lead to (the built-in procedure's models lead reach to a
// 2-process trace, which replays), so the search runs on Z3 alone.
func TestReplayBudgetIsNotADisagreement(t *testing.T) {
	src, err := os.ReadFile("testdata/regress/replay_budget.cub")
	require.NoError(t, err)
	b := DefaultBudget
	b.NewSolver = func() smt.Solver { return z3.New() }
	o := Run(context.Background(), Case{Name: "replay_budget", Src: string(src), Model: memmodel.TSO}, b)
	require.Equal(t, ClassReachBudget, o.Class, o.Report())
	require.Contains(t, o.ReplayErr, "too many initial states")
}
