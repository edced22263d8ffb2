package dpor

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// TestAutoChoice checks the engine Auto picks, and its answer: DPOR for a
// litmus test (it finishes within the steps bound: the hand count of
// TestLazyInitCounts), and for an unsafe model (its counterexample); the
// explicit engine for a looping lock (DPOR reaches the steps bound; the
// state space is small) and for a model whose invariant DPOR cannot
// assume; checked, that invariant is a property DPOR runs, and violates.
func TestAutoChoice(t *testing.T) {
	cases := []struct {
		file    string
		n       int
		engine  string
		verdict translate.Verdict
		count   int // executions (dpor) or states (explicit)
	}{
		{"litmus/iriw.cub", 4, EngineDPOR, translate.Safe, 15},
		{"flag_mutex.cub", 2, EngineDPOR, translate.Unsafe, 1},
		{"spin_lock.cub", 2, EngineExplicit, translate.Safe, 5},
	}
	for _, c := range cases {
		m := loadFile(t, filepath.Join("..", "examples", c.file))
		res, err := Auto(context.Background(), m, Options{N: c.n, Model: memmodel.TSO}, 6)
		require.NoError(t, err)
		require.Equal(t, c.engine, res.Engine, "%s: %s", c.file, res.Choice)
		require.NotEmpty(t, res.Choice)
		require.Equal(t, c.verdict, res.Verdict, "%s: %s", c.file, res.Reason)
		count := res.Executions
		if c.engine == EngineExplicit {
			count = res.States
		}
		require.Equal(t, c.count, count, "%s: %s", c.file, res.Choice)
	}
	inv := load(t, `
type loc = A | B
array PC[proc] : loc
init (p) { PC[p] = A }
invariant (p) { PC[p] = B }
unsafe (p q) { PC[p] = B && PC[q] = B }
transition go ([p]) requires { PC[p] = A } { PC[p] := B }
`, false)
	res, err := Auto(context.Background(), inv, Options{N: 2, AssumeInvariants: true}, 6)
	require.NoError(t, err)
	require.Equal(t, EngineExplicit, res.Engine)
	require.Contains(t, res.Choice, "the dpor engine cannot run this model")
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 1, res.States, "every state past the initial one is pruned")
	require.Equal(t, 2, res.Pruned, "go(#1) and go(#2) lead to states the invariant excludes")

	res, err = Auto(context.Background(), inv, Options{N: 2}, 6)
	require.NoError(t, err)
	require.Equal(t, EngineDPOR, res.Engine, res.Choice)
	require.Equal(t, translate.Unsafe, res.Verdict, res.Reason)
	require.Equal(t, "invariant[1]", res.Violated)
	require.Equal(t, "init -> go(#1) -> invariant[1]", res.Witness.Line())
	require.Equal(t, 1, res.Executions)
}

// TestAutoSymmetry: with Options.Symmetry, the explicit runs of Auto count
// orbits (as many as Burnside's lemma gives: burnside), without it every
// state, with the same verdict; on a model naming a process Auto says why
// it did not reduce.
func TestAutoSymmetry(t *testing.T) {
	m := loadFile(t, "../examples/flag_mutex_fenced.cub")
	opts := Options{N: 3, Model: memmodel.TSO}
	states, orbits := burnside(t, m, opts)
	plain, err := Auto(context.Background(), m, opts, 6)
	require.NoError(t, err)
	opts.Symmetry = true
	red, err := Auto(context.Background(), m, opts, 6)
	require.NoError(t, err)
	for _, res := range []*Result{plain, red} {
		require.Equal(t, EngineExplicit, res.Engine, res.Choice)
		require.Equal(t, translate.Safe, res.Verdict, res.Reason)
		require.Empty(t, res.SymmetryRefused)
	}
	require.False(t, plain.Symmetric)
	require.Equal(t, states, plain.States)
	require.True(t, red.Symmetric)
	require.Equal(t, orbits, red.States)
	require.Less(t, orbits, states)

	named := load(t, `number_procs 2
type loc = A | B | C
array PC[proc] : loc
init (p) { PC[p] = A }
unsafe (p) { PC[p] = C && PC[#1] = C }
transition go ([p]) requires { PC[p] = A } { PC[p] := B }
transition back ([p]) requires { PC[p] = B } { PC[p] := A }
`, false)
	res, err := Auto(context.Background(), named, Options{N: 2, Symmetry: true}, 6)
	require.NoError(t, err)
	require.Equal(t, EngineExplicit, res.Engine, res.Choice)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.False(t, res.Symmetric)
	require.Equal(t, 4, res.States, "A/B for each of the two processes")
	require.Equal(t, "test.cub:5:30: process constant #1", res.SymmetryRefused)
}

// TestFiniteInstance: an instance is finite for Auto when no variable has
// an int or real type and buffers are absent or bounded; Auto then gives
// the explicit engine autoFiniteStates and says why.
func TestFiniteInstance(t *testing.T) {
	finite := load(t, `
type loc = A | B | C
array PC[proc] : loc
var D : bool
init (p) { PC[p] = A }
unsafe (p) { PC[p] = C }
transition go ([p]) requires { PC[p] = A } { PC[p] := B; D := . }
transition back ([p]) requires { PC[p] = B } { PC[p] := A }
`, false)
	counter := load(t, `
var C : int
init () { C = 0 }
unsafe () { C < 0 }
transition inc () { C := C + 1 }
`, false)
	weak := loadFile(t, filepath.Join("..", "examples", "flag_mutex.cub"))
	cases := []struct {
		name string
		got  string
		want string
	}{
		{"finite types", finiteInstance(finite, Options{}), "every variable has a finite domain"},
		{"int counter", finiteInstance(counter, Options{}), ""},
		{"weak, unbounded buffers", finiteInstance(weak, Options{Model: memmodel.TSO}), ""},
		{"weak, bounded buffers", finiteInstance(weak, Options{Model: memmodel.TSO, MaxBuffer: 4}), "every variable has a finite domain, at most 4 pending writes per buffer"},
		{"weak under sc", finiteInstance(weak, Options{Model: memmodel.SC}), "every variable has a finite domain"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, c.got, c.name)
	}
	require.Len(t, cases, 5)
	// Orbits: both at A with D's initial value (symbolic, never read);
	// then D is True or False in AB, BB and AA.
	res, err := Auto(context.Background(), finite, Options{N: 2, Symmetry: true}, 6)
	require.NoError(t, err)
	require.Equal(t, EngineExplicit, res.Engine, res.Choice)
	require.Contains(t, res.Choice, "the instance is finite (every variable has a finite domain); the explicit engine explored 7 states (budget 2000000)")
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
}
