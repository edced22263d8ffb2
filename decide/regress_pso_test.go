package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestWrongSafePSORegression: gen-pso-9202943 (difftest.Generated under
// pso) was answered SAFE by the universal reads of branch pso7
// (reverted), and its one-parameter variant by the same search (a
// forall_other body that holds for no value made the pre-image by t3
// unsatisfiable), while the explicit engine reaches the unsafe state
// after t3 alone. decide.Check and the refined search run from the start
// (KeepingObligations, as TestLong -refined) must answer UNSAFE, with a
// trace the explicit engine replays at the number of processes where it
// finds the unsafe state itself.
func TestWrongSafePSORegression(t *testing.T) {
	cases := []struct {
		file string
		n    int
	}{
		{"testdata/gen_pso_9202943.cub", 2},
		{"testdata/gen_pso_9202943_one_param.cub", 1},
	}
	for _, c := range cases {
		m, sys := load(t, c.file, memmodel.PSO)
		bounded, err := dpor.Explicit(context.Background(), m.InvariantsAsUnsafe(), dpor.Options{N: c.n, Model: memmodel.PSO, MaxStates: 1000})
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, bounded.Verdict, "%s: explicit n=%d", c.file, c.n)

		res, err := decide.Check(context.Background(), m, sys, reach.Options{Model: memmodel.PSO, NewSolver: newSolver, MaxNodes: 500})
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, res.Verdict, "%s: %s", c.file, res.Reason)
		require.NotNil(t, res.Witness, c.file)
		require.Equal(t, c.n, res.Trace.Procs, c.file)

		refined, err := reach.Check(context.Background(), sys, reach.Options{Model: reach.KeepingObligations(memmodel.PSO), NewSolver: newSolver, MaxNodes: 500})
		require.NoError(t, err)
		require.Equal(t, translate.Unsafe, refined.Verdict, "%s: refined search from the start", c.file)
		require.Equal(t, c.n, refined.Trace.Procs, c.file)
	}
}
