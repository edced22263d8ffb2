package reach_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// turnModel: a process goes to B only when Turn does not name it, and
// init leaves Turn free: two processes in B need a third that Turn names.
const turnModel = `%s
type loc = A | B
var Turn : proc
array Pc[proc] : loc
init (p) { Pc[p] = A %s }
unsafe (p q) { Pc[p] = B && Pc[q] = B }
transition go (p) requires { Pc[p] = A && Turn <> p } { Pc[p] := B }
`

// replayed confirms res's trace on sys and returns the confirmed trace.
func replayed(t *testing.T, sys *translate.System, res *reach.Result) *reach.Trace {
	t.Helper()
	s := newSolver()
	defer s.Close()
	tr, err := reach.Replay(context.Background(), sys, res.Trace, s)
	require.NoError(t, err)
	return tr
}

// TestTraceCountsHeldProcesses: a trace whose proc-valued variable must
// hold a process it does not run counts that process (3, not 2), both as
// the search builds it and as Replay confirms it; so does one under
// number_procs whose init sets Turn = #3.
func TestTraceCountsHeldProcesses(t *testing.T) {
	for _, c := range []struct{ name, procs, init string }{
		{"unbounded", "", ""},
		{"number_procs", "number_procs 3", "&& Turn = #3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, sys := checkSys(t, fmtModel(turnModel, c.procs, c.init), false)
			require.Equal(t, translate.Unsafe, res.Verdict)
			require.Len(t, res.Trace.Steps, 2)
			require.Equal(t, 3, res.Trace.Procs, "trace %s", res.Trace)
			require.Equal(t, 3, replayed(t, sys, res).Procs)
		})
	}
}

// TestTraceCountsConstants: a trace whose property reads Pc[#3] runs in
// instances with process #3, even though it names one process.
func TestTraceCountsConstants(t *testing.T) {
	res, sys := checkSys(t, `number_procs 3
type loc = A | B
array Pc[proc] : loc
init (p) { Pc[p] = A }
unsafe (p) { Pc[p] = B && Pc[#3] = A }
transition go (p) requires { Pc[p] = A } { Pc[p] := B }
`, false)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Equal(t, 3, res.Trace.Procs, "trace %s", res.Trace)
	tr := replayed(t, sys, res)
	require.Equal(t, 3, tr.Procs)
	require.NotEqual(t, 3, tr.Steps[0].Args[0], "process #3 stays in A")
}

// TestInitCheckInstantiatesConstants: under number_procs the initial
// formula holds for the process constants a cube mentions; Pc[#2] = B is
// not initial, and go never moves #2 (the search used to answer UNSAFE
// with a one-process trace that no instance runs).
func TestInitCheckInstantiatesConstants(t *testing.T) {
	res := checkSource(t, `number_procs 2
type loc = A | B
array Pc[proc] : loc
init (p) { Pc[p] = A }
unsafe (p) { Pc[p] = B && Pc[#2] = B }
transition go (p) requires { Pc[p] = A && p <> #2 } { Pc[p] := B }
`, false)
	require.Equal(t, translate.Safe, res.Verdict)
}
