package dpor

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// load parses and checks src (under the SC rules when sc is set).
func load(t testing.TB, src string, sc bool) *syntax.Model {
	t.Helper()
	m, err := syntax.ParseAndCheck("test.cub", []byte(src), syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	return m
}

// run explores m and fails the test on an error.
func run(t testing.TB, m *syntax.Model, opts Options) *Result {
	t.Helper()
	res, err := Explicit(context.Background(), m, opts)
	require.NoError(t, err)
	return res
}

// sbSrc is store buffering: each process writes its variable, then reads
// the other one. Both reading 0 needs the write->read reordering of TSO.
const sbSrc = `
number_procs 2
type loc = L1 | L2 | End
array PC[proc] : loc
array R[proc] : int
weak var X : int
weak var Y : int

init (p) { PC[p] = L1 && R[p] = 9 && X = 0 && Y = 0 }

unsafe (p q) { p = #1 && q = #2 && PC[p] = End && PC[q] = End && R[p] = 0 && R[q] = 0 }

transition w1 ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; X := 1 }
transition r1 ([p]) requires { p = #1 && PC[p] = L2 FENCE } { PC[p] := End; R[p] := Y }
transition w2 ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; Y := 1 }
transition r2 ([p]) requires { p = #2 && PC[p] = L2 FENCE } { PC[p] := End; R[p] := X }
`

func sb(fence bool) string {
	f := ""
	if fence {
		f = "&& fence()"
	}
	return strings.ReplaceAll(sbSrc, "FENCE", f)
}

// mpSrc is message passing: #1 writes data X then flag Y in two
// transitions; #2 reads Y then X. Seeing the flag but not the data needs
// write->write reordering (PSO).
const mpSrc = `
number_procs 2
type loc = L1 | L2 | End
array PC[proc] : loc
array RF[proc] : int
array RD[proc] : int
weak var X : int
weak var Y : int

init (p) { PC[p] = L1 && RF[p] = 9 && RD[p] = 9 && X = 0 && Y = 0 }

unsafe (q) { q = #2 && PC[q] = End && RF[q] = 1 && RD[q] = 0 }

transition w1 ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; X := 1 }
transition w2 ([p]) requires { p = #1 && PC[p] = L2 } { PC[p] := End; Y := 1 }
transition r1 ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; RF[p] := Y }
transition r2 ([p]) requires { p = #2 && PC[p] = L2 } { PC[p] := End; RD[p] := X }
`

func TestLitmus(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		sc    bool // check with the SC rules
		model memmodel.Model
		want  translate.Verdict
	}{
		{"sb/sc", sb(false), true, memmodel.SC, translate.Safe},
		{"sb/sc-weak-model", sb(false), false, memmodel.SC, translate.Safe},
		{"sb/tso", sb(false), false, memmodel.TSO, translate.Unsafe},
		{"sb/pso", sb(false), false, memmodel.PSO, translate.Unsafe},
		{"sb+fence/tso", sb(true), false, memmodel.TSO, translate.Safe},
		{"sb+fence/pso", sb(true), false, memmodel.PSO, translate.Safe},
		{"mp/sc", mpSrc, false, memmodel.SC, translate.Safe},
		{"mp/tso", mpSrc, false, memmodel.TSO, translate.Safe},
		{"mp/pso", mpSrc, false, memmodel.PSO, translate.Unsafe},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := load(t, tc.src, tc.sc)
			res := run(t, m, Options{N: 2, Model: tc.model})
			require.Equal(t, tc.want, res.Verdict, "reason: %s", res.Reason)
			require.False(t, res.Bounded)
			if tc.want == translate.Unsafe {
				require.NotNil(t, res.Witness)
				require.NoError(t, Replay(m, Options{N: 2, Model: tc.model}, res.Witness))
			}
		})
	}
}

func TestSBWitness(t *testing.T) {
	m := load(t, sb(false), false)
	res := run(t, m, Options{N: 2, Model: memmodel.TSO})
	require.Equal(t, translate.Unsafe, res.Verdict)
	w := res.Witness
	// Shortest: the four transitions, no flush (both writes stay buffered).
	require.Len(t, w.Steps, 4, "witness:\n%s", w)
	seen := map[string]int{}
	for _, s := range w.Steps {
		require.Equal(t, StepTransition, s.Kind)
		seen[s.Transition] = s.Procs[0]
	}
	require.Equal(t, map[string]int{"w1": 1, "r1": 1, "w2": 2, "r2": 2}, seen)
	for _, s := range w.Steps {
		switch s.Transition {
		case "w1":
			require.Contains(t, s.Writes, Write{Loc: "X", Value: "1", Buffered: true})
		case "r1":
			require.Contains(t, s.Writes, Write{Loc: "R[#1]", Value: "0"})
		}
	}
	require.Equal(t, "unsafe[1]", w.UnsafeName)
	require.Equal(t, []int{1, 2}, w.Procs)
	require.Contains(t, w.Init, Binding{Loc: "X", Value: "0"})
	require.Contains(t, w.Final, Binding{Loc: "X", Value: "0"}) // memory: nothing flushed
	require.NoError(t, Replay(m, Options{N: 2, Model: memmodel.TSO}, w))

	// A tampered witness does not replay.
	bad := *w
	bad.Steps = append([]Step(nil), w.Steps[:3]...)
	require.Error(t, Replay(m, Options{N: 2, Model: memmodel.TSO}, &bad))
	bad.Steps = append([]Step(nil), w.Steps...)
	bad.Steps[0], bad.Steps[1] = bad.Steps[1], bad.Steps[0]
	if bad.Steps[0].Transition != w.Steps[0].Transition {
		require.Error(t, Replay(m, Options{N: 2, Model: memmodel.TSO}, &bad))
	}
}
