package reach

import (
	"context"
	"testing"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/internal/slowmodels"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func ticketSystem(t *testing.T) *translate.System {
	t.Helper()
	m, err := syntax.ParseAndCheck("ticket.cub", []byte(slowmodels.Ticket), syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// TestCancelledSearchSaysWhy: a search whose context is already done
// answers UNKNOWN at once, with the cause in words and the work done.
func TestCancelledSearchSaysWhy(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(limit.Interrupted)
	res, err := Check(ctx, ticketSystem(t), Options{NewSolver: z3Solver, Strategy: DFS})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "interrupted after 0 nodes", res.Reason)
}

// TestDFSNodeLimitBoundsSubsumption: the depth-first search of the ticket
// lock reaches its node limit (its subsumption checks are bounded by the
// matchers' step budget) instead of blocking in one node.
func TestDFSNodeLimitBoundsSubsumption(t *testing.T) {
	if testing.Short() {
		t.Skip("spends the matchers' budget on a few nodes")
	}
	res, err := Check(context.Background(), ticketSystem(t), Options{NewSolver: z3Solver, Strategy: DFS, MaxNodes: 14})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "node limit 14 reached", res.Reason)
}

// TestMatcherGivesUp: a matcher stops after its budget of steps, and on
// the first poll after its context is done, without inclusion.
func TestMatcherGivesUp(t *testing.T) {
	sys := ticketSystem(t)
	c := sys.Unsafe[0].Cube
	budget := 0
	m := newMatcher(newFacts(c))
	m.budget = &budget
	require.False(t, m.includes((&node{cube: c}).pattern()), "an exhausted matcher includes nothing")
	require.True(t, m.gaveUp)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := &engine{ctx: ctx}
	budget = matchBudget
	m = e.newMatcher(newFacts(c), &budget)
	m.poll.Every = 1
	require.False(t, m.includes((&node{cube: c}).pattern()))
	require.True(t, m.gaveUp)
	require.Equal(t, matchBudget-1, budget, "the cancelled matcher stopped at its first step")

	budget = matchBudget
	m = newMatcher(newFacts(c))
	m.budget = &budget
	require.True(t, m.includes((&node{cube: c}).pattern()), "a cube includes itself")
}

func z3Solver() smt.Solver { return z3.New() }

// TestMatchStepsBoundTheSearch: under DFS the ticket lock's nodes gather
// a process variable per step; MaxMatchSteps ends the search with UNKNOWN
// and its reason long before the node limit, at the same node whatever
// the machine.
func TestMatchStepsBoundTheSearch(t *testing.T) {
	opts := Options{NewSolver: z3Solver, Strategy: DFS, MaxNodes: 50, MaxMatchSteps: 1 << 21}
	res, err := Check(context.Background(), ticketSystem(t), opts)
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "matching budget of 2097152 steps reached", res.Reason)
	require.Less(t, res.Stats.Nodes, 50)
	again, err := Check(context.Background(), ticketSystem(t), opts)
	require.NoError(t, err)
	require.Equal(t, res.Stats.Nodes, again.Stats.Nodes, "the budget counts steps, not time")
}
