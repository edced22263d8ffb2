package reach_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
)

// stepsCounter adds the checks and evaluation steps of its solver's
// built-in procedure to *checks and *steps when it is closed.
type stepsCounter struct {
	smt.Solver
	checks, steps *int
}

func (c *stepsCounter) Close() {
	st := c.Solver.Stats()
	*c.checks += st.Builtin
	*c.steps += st.Steps
	c.Solver.Close()
}

// TestBuiltinSteps checks the work of the built-in procedure in
// sense_barrier's search (one worker, invariants trusted): every check
// answered without Z3, in at most 690,000 evaluation steps. Deciding a
// cube's asserted comparisons before the atoms of the negated cubes took
// it from 841,373 steps to 673,140.
func TestBuiltinSteps(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	sys := load(t, filepath.Join(dir, "cubicle/sense_barrier.cub"), true)
	var checks, steps int
	newSolver := func() smt.Solver { return &stepsCounter{benchSolver(), &checks, &steps} }
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, Workers: 1, AssumeInvariants: true})
	require.NoError(t, err)
	require.Equal(t, "safe", res.Verdict.String())
	require.Equal(t, 156, res.Stats.Nodes)
	require.Equal(t, res.Stats.SolverCalls, checks, "every check answered by the built-in procedure")
	t.Logf("%d checks, %d steps", checks, steps)
	require.LessOrEqual(t, steps, 690_000)
}
