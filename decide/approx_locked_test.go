package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabKeepsLockedReads: the ticket-taking half of a ticket lock
// (reach/testdata/ticket_take.cub: read Tail, then compare-and-swap it),
// which the exact search does not decide under TSO (UNKNOWN at 60 nodes:
// each step back goes one ticket further), is SAFE with an oracle over
// 1..3 processes from the first node in 3 nodes: 2 candidates, each a
// process past cas and another's compare-and-swap (its read and its
// write, ghb-equal) reading its ticket or less, none refuted. The oracle
// finds them unreached as it judges them (the read as if the transition
// ran in the state) and reached as they are (a transition's read). The
// bounded engine agrees: SAFE at n = 2 and 3 with 6 transitions per
// process, 2 and 6 executions.
func TestBrabKeepsLockedReads(t *testing.T) {
	ctx := context.Background()
	m, sys := load(t, "../reach/testdata/ticket_take.cub", memmodel.TSO)
	res, o := safeOnlyWithOracle(t, m, sys, 3, 60)
	require.Equal(t, 3, res.Stats.Nodes)
	require.Equal(t, 2, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	var got []string
	for _, c := range res.Inferred {
		got = append(got, c.String())
		require.Len(t, c.Events, 2, c.String())
		require.Equal(t, translate.Read, c.Events[0].Kind)
		require.Equal(t, translate.Write, c.Events[1].Kind)
		require.True(t, c.Rel.Eq(0, 1), "%s: the read and the write of cas stay one step", c)
		require.True(t, o.Reached(c), "%s: the oracle does not judge a transition's read as it is", c)
		require.False(t, o.Reached(readNow(t, c)), "%s: judged as read in the state", c)
	}
	require.ElementsMatch(t, []string{"PC[#2] = L3 && R[#2] = val(e0)", "PC[#2] = L3 && val(e0) < R[#2]"}, got)

	for n := 2; n <= 3; n++ {
		b, err := dpor.Check(ctx, m, dpor.Options{N: n, Model: memmodel.TSO, MaxSteps: 6, MaxExecutions: 100_000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, b.Verdict, "bounded n=%d: %s", n, b.Reason)
		require.Equal(t, []int{2, 6}[n-2], b.Executions, "bounded n=%d", n)
	}
}

// readNow is c with its reads marked final: what the oracle judges for a
// candidate that keeps a transition's read.
func readNow(t *testing.T, c *translate.Cube) *translate.Cube {
	events := append([]translate.Event(nil), c.Events...)
	for i := range events {
		events[i].Final = events[i].Kind == translate.Read
	}
	f, _, _, ok := translate.Canonicalize(c.Lits, events, c.Rel)
	require.True(t, ok)
	return f
}

// safeOnlyWithOracle checks that the exact search of sys under TSO is
// UNKNOWN at maxNodes and the search with an oracle over 1..n processes
// from the first node SAFE within the same budget, and returns the
// latter's result and its oracle.
func safeOnlyWithOracle(t *testing.T, m *syntax.Model, sys *translate.System, n, maxNodes int) (*decide.Result, *oracle.Oracle) {
	t.Helper()
	ctx := context.Background()
	exact, err := decide.Check(ctx, m, sys, reach.Options{Model: memmodel.TSO, NewSolver: newSolver, MaxNodes: maxNodes})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, exact.Verdict, "exactly: %s", exact.Reason)
	opts, o, err := decide.WithOracle(ctx, m, memmodel.TSO, reach.Options{Model: memmodel.TSO, NewSolver: newSolver, MaxNodes: maxNodes}, n, 0)
	require.NoError(t, err)
	res, err := decide.Check(ctx, m, sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	return res, o
}
