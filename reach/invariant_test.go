package reach_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// invariantModel is a one-step model: each process goes from A to B once.
// Two processes in B are reachable (unsafe), one process in B too; the
// invariants below say otherwise (false) or exclude C (true).
const invariantModel = `
type loc = A | B | C
array Pc[proc] : loc
init (p) { Pc[p] = A }
%s
transition go (p) requires { Pc[p] = A } { Pc[p] := B }
`

func checkSource(t *testing.T, src string, assume bool) *reach.Result {
	t.Helper()
	res, _ := checkSys(t, src, assume)
	return res
}

func checkSys(t *testing.T, src string, assume bool) (*reach.Result, *translate.System) {
	t.Helper()
	m, err := syntax.ParseAndCheck("inv.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, AssumeInvariants: assume, KeepGraph: true})
	require.NoError(t, err)
	return res, sys
}

func withItems(items string) string { return fmtModel(invariantModel, items) }

// TestFalseInvariantIsViolated: an invariant that some reachable state
// violates makes the model UNSAFE, the trace ending in the invariant, and
// the replay confirms it; trusted, it hid the unsafe state (SAFE, 0 nodes).
func TestFalseInvariantIsViolated(t *testing.T) {
	src := withItems("invariant (p) { Pc[p] = B }\nunsafe (p q) { Pc[p] = B && Pc[q] = B }")
	res, sys := checkSys(t, src, false)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Equal(t, "invariant[1]", res.Violated)
	require.Empty(t, res.Proved)
	require.Empty(t, res.Assumed)
	require.True(t, res.Trace.Invariant)
	require.Equal(t, "init -> go(#1) -> invariant[1]", res.Trace.String())

	s := newSolver()
	defer s.Close()
	confirmed, err := reach.Replay(context.Background(), sys, res.Trace, s)
	require.NoError(t, err)
	require.True(t, confirmed.Invariant)

	assumed := checkSource(t, src, true)
	require.Equal(t, translate.Safe, assumed.Verdict, "trusted, the false invariant prunes the unsafe cube")
	require.Equal(t, 0, assumed.Stats.Nodes)
	require.Equal(t, []string{"invariant[1]"}, assumed.Assumed)
	require.Empty(t, assumed.Proved)
}

// lockModel lets one process into B, ever: two processes in B is a true
// invariant.
const lockModel = `
type loc = A | B
array Pc[proc] : loc
var L : bool
init (p) { Pc[p] = A && L = False }
invariant Mutex (p q) { Pc[p] = B && Pc[q] = B }
unsafe (p q r) { Pc[p] = B && Pc[q] = B && Pc[r] = A }
transition go (p) requires { Pc[p] = A && L = False } { Pc[p] := B; L := True }
`

// TestTrueInvariantIsProved: a true invariant is proved (named in
// Result.Proved) and the model stays SAFE; its cube, visited first, still
// covers the unsafe cube it includes, as when it is assumed.
func TestTrueInvariantIsProved(t *testing.T) {
	for _, assume := range []bool{false, true} {
		res := checkSource(t, lockModel, assume)
		require.Equal(t, translate.Safe, res.Verdict)
		require.Empty(t, res.Violated)
		if assume {
			require.Equal(t, []string{"Mutex"}, res.Assumed)
			require.Empty(t, res.Proved)
		} else {
			require.Equal(t, []string{"Mutex"}, res.Proved)
			require.Empty(t, res.Assumed)
		}
		var unsafeStatus []reach.NodeStatus
		for _, g := range res.Graph {
			if g.Unsafe == "unsafe[1]" {
				unsafeStatus = append(unsafeStatus, g.Status)
			}
		}
		require.Equal(t, []reach.NodeStatus{reach.Covered}, unsafeStatus, "assume=%v", assume)
	}
}

// TestUnsafeNotInvariant: an unsafe item reached while an invariant holds
// names the unsafe item, not an invariant.
func TestUnsafeNotInvariant(t *testing.T) {
	res := checkSource(t, withItems("invariant (p) { Pc[p] = C }\nunsafe (p q) { Pc[p] = B && Pc[q] = B }"), false)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Empty(t, res.Violated)
	require.False(t, res.Trace.Invariant)
	require.Equal(t, "unsafe[1]", res.Trace.Unsafe)
	require.Empty(t, res.Proved)
}

func fmtModel(format string, parts ...any) string { return fmt.Sprintf(format, parts...) }
