package dpor

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// turnSrc is a Peterson-like entry protocol without fences: raise your
// flag, give the turn away, enter when the other's flag reads low or the
// turn is yours.
const turnSrc = `
type loc = A | B | C | D
array PC[proc] : loc
weak array W[proc] : bool
weak var T : proc
init (p) { PC[p] = A && W[p] = False }
unsafe (p q) { PC[p] = D && PC[q] = D }
transition set ([p]) requires { PC[p] = A } { PC[p] := B; W[p] := True }
transition give ([p] q) requires { PC[p] = B } { PC[p] := C; T := q }
transition by_flag ([p] q) requires { PC[p] = C && W[q] = False } { PC[p] := D }
transition by_turn ([p]) requires { PC[p] = C && T = p } { PC[p] := D }
`

func traceSteps(m *syntax.Model, steps ...any) []TraceStep {
	var out []TraceStep
	for i := 0; i < len(steps); i += 2 {
		name := steps[i].(string)
		k := slices.IndexFunc(m.Transitions, func(t *syntax.Transition) bool { return t.Name == name })
		out = append(out, TraceStep{Transition: k, Procs: steps[i+1].([]int)})
	}
	return out
}

func TestReplayTrace(t *testing.T) {
	m := load(t, turnSrc, false)
	ctx := context.Background()
	opts := Options{N: 2, Model: memmodel.TSO}
	// Executable as it stands: #1 enters by the flag before #2 raises it.
	ok := traceSteps(m, "set", []int{1}, "give", []int{1, 2}, "by_flag", []int{1, 2},
		"set", []int{2}, "give", []int{2, 1}, "by_turn", []int{2})
	w, err := ReplayTrace(ctx, m, opts, ok, "unsafe[1]")
	require.NoError(t, err)
	require.NoError(t, Replay(m, opts, w))
	require.Equal(t, "unsafe[1]", w.UnsafeName)

	// #2 enters by the turn, which needs #2's flag in memory (its buffer is
	// FIFO) before #1 reads it low: not in this order, but in another
	// interleaving of the same steps (#1 reads the flag first).
	reordered := traceSteps(m, "set", []int{2}, "give", []int{2, 1}, "set", []int{1}, "give", []int{1, 2},
		"by_turn", []int{2}, "by_flag", []int{1, 2})
	_, err = ReplayTrace(ctx, m, opts, reordered, "unsafe[1]")
	require.ErrorContains(t, err, "fires these 6 steps in this order")
	w, err = ReplayTraceProcs(ctx, m, opts, reordered, "unsafe[1]")
	require.NoError(t, err)
	require.NoError(t, Replay(m, opts, w))
	// Under SC neither order works: both cannot enter.
	_, err = ReplayTraceProcs(ctx, m, Options{N: 2, Model: memmodel.SC}, reordered, "unsafe[1]")
	require.ErrorContains(t, err, "in any interleaving of its processes")

	for _, tc := range []struct {
		name   string
		steps  []TraceStep
		unsafe string
		want   string
	}{
		{"unknown item", ok, "unsafe[2]", `no unsafe item "unsafe[2]"`},
		{"bad transition", []TraceStep{{Transition: 9, Procs: []int{1}}}, "unsafe[1]", "step 1: no transition 9"},
		{"bad arity", []TraceStep{{Transition: 0, Procs: []int{1, 2}}}, "unsafe[1]", "set has 1 parameters, got 2"},
		{"bad process", []TraceStep{{Transition: 0, Procs: []int{3}}}, "unsafe[1]", "process #3 does not exist"},
		{"not enabled", traceSteps(m, "by_turn", []int{1}), "unsafe[1]", "no execution"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReplayTrace(ctx, m, opts, tc.steps, tc.unsafe)
			require.ErrorContains(t, err, tc.want)
		})
	}
}
