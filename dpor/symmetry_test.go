package dpor

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// toggle: each process moves between A and B; C is never reached.
const toggleModel = `
type loc = A | B | C
array PC[proc] : loc
weak array R[proc] : bool
init (p) { PC[p] = A && R[p] = False }
unsafe (p) { PC[p] = C }
transition go ([p]) requires { PC[p] = A } { PC[p] := B }
transition back ([p]) requires { PC[p] = B } { PC[p] := A }
`

// TestSymmetryOrbits counts states with and without symmetry reduction
// where the orbits are known by hand. toggle with 3 processes has 2^3 = 8
// states (each process at A or B) and 4 orbits (how many are at B). Under
// TSO with `go` also buffering R[p] := True (fenced by `back`, which
// needs an empty buffer): a process is at A with R[p] False (never went)
// or True (after a round), or at B with its write pending over a memory
// False or True, or flushed (True): 5 local states, so 5^3 = 125 states
// and C(5+3-1, 3) = 35 orbits (multisets of 3 local states). The verdicts
// agree.
func TestSymmetryOrbits(t *testing.T) {
	tso := `
type loc = A | B | C
array PC[proc] : loc
weak array R[proc] : bool
init (p) { PC[p] = A && R[p] = False }
unsafe (p) { PC[p] = C }
transition go ([p]) requires { PC[p] = A } { PC[p] := B; R[p] := True }
transition back ([p]) requires { PC[p] = B && fence() } { PC[p] := A }
`
	cases := []struct {
		name          string
		src           string
		mm            memmodel.Model
		plain, orbits int
	}{
		{"sc", toggleModel, memmodel.SC, 8, 4},
		{"tso", tso, memmodel.TSO, 125, 35},
	}
	ran := 0
	for _, c := range cases {
		m := load(t, c.src, false)
		plain := run(t, m, Options{N: 3, Model: c.mm})
		red := run(t, m, Options{N: 3, Model: c.mm, Symmetry: true})
		require.Equal(t, translate.Safe, plain.Verdict, c.name)
		require.Equal(t, translate.Safe, red.Verdict, c.name)
		require.False(t, plain.Symmetric, c.name)
		require.True(t, red.Symmetric, c.name)
		require.Equal(t, c.plain, plain.States, c.name)
		require.Equal(t, c.orbits, red.States, c.name)
		ran++
	}
	require.Equal(t, 2, ran)
}

// TestSymmetryRefused checks that a model naming a process or ordering
// processes is explored without reduction, and says why.
func TestSymmetryRefused(t *testing.T) {
	cases := []struct{ src, why string }{
		{`number_procs 2
type loc = A | B
array PC[proc] : loc
init (p) { PC[p] = A }
unsafe (p) { PC[p] = B && PC[#1] = B }
transition go ([p]) requires { PC[p] = A } { PC[p] := B }
`, "test.cub:5:30: process constant #1"},
		{`
type loc = A | B
array PC[proc] : loc
init (p) { PC[p] = A }
unsafe (p q) { PC[p] = B && PC[q] = B }
transition go ([p] q) requires { PC[p] = A && p < q } { PC[p] := B }
`, "test.cub:6:47: processes compared with <"},
	}
	for _, c := range cases {
		m := load(t, c.src, false)
		p, err := compile(m, 2, memmodel.SC)
		require.NoError(t, err)
		require.Equal(t, c.why, p.symmetric())
		res := run(t, m, Options{N: 2, Symmetry: true})
		require.False(t, res.Symmetric)
	}
}

// TestSymmetryWitness checks that an unsafe state found up to permutation
// comes with a witness that replays (the path ends in a permuted copy of
// the state the search stored): mutex_N without its fence, where two
// processes pass the test of the others' flags before either flag reaches
// memory, which SC forbids.
func TestSymmetryWitness(t *testing.T) {
	m := load(t, `
type loc = A | B | C
array PC[proc] : loc
weak array R[proc] : bool
init (p) { PC[p] = A && R[p] = False }
unsafe (p q) { PC[p] = C && PC[q] = C }
transition flag ([p]) requires { PC[p] = A } { PC[p] := B; R[p] := True }
transition enter ([p]) requires { PC[p] = B && forall_other q. R[q] = False } { PC[p] := C }
`, false)
	sc := run(t, m, Options{N: 3, Model: memmodel.SC, Symmetry: true})
	require.Equal(t, translate.Safe, sc.Verdict)
	plain := run(t, m, Options{N: 3, Model: memmodel.SC})
	require.Equal(t, translate.Safe, plain.Verdict)
	require.Less(t, sc.States, plain.States)
	for _, mm := range []memmodel.Model{memmodel.TSO, memmodel.PSO} {
		opts := Options{N: 3, Model: mm, Symmetry: true}
		res := run(t, m, opts)
		require.Equal(t, translate.Unsafe, res.Verdict, mm.Name())
		require.True(t, res.Symmetric)
		require.NoError(t, Replay(m, opts, res.Witness), mm.Name())
	}
}

// TestSymmetryBurnside checks the orbit counts of the fenced flag mutex
// (the states crosscheck and bounded pin) by Burnside's lemma (burnside).
// n=2 k=6: 119 states, 7 fixed by the swap, (119+7)/2 = 63; n=3 k=6: 1078
// states, 84 fixed by each of the 3 transpositions and 7 by each of the 2
// 3-cycles, (1078 + 3·84 + 2·7)/6 = 224.
func TestSymmetryBurnside(t *testing.T) {
	m := loadFile(t, "../examples/flag_mutex_fenced.cub")
	cases := []struct{ n, states, orbits int }{{2, 119, 63}, {3, 1078, 224}}
	for _, c := range cases {
		opts := Options{N: c.n, Model: memmodel.TSO, MaxSteps: 6}
		states, orbits := burnside(t, m, opts)
		require.Equal(t, c.states, states, "n=%d states", c.n)
		require.Equal(t, c.orbits, orbits, "n=%d: orbits by Burnside", c.n)
		opts.Symmetry = true
		red := run(t, m, opts)
		require.True(t, red.Symmetric)
		require.Equal(t, c.orbits, red.States, "n=%d: orbits found by the reduced run", c.n)
	}
}

// burnside explores the instance of m without reduction and returns its
// states and its orbits under process permutations by Burnside's lemma:
// the average, over the N! permutations π, of the states π fixes (π(s)
// has the key of s, abstract values renamed).
func burnside(t *testing.T, m *syntax.Model, opts Options) (states, orbits int) {
	t.Helper()
	opts.Symmetry = false
	var fixed int
	var a, b []byte
	res, err := explore(context.Background(), m, opts, func(p *program, st *state) {
		states++
		perm := make([]int, opts.N+1)
		order := make([]int, opts.N)
		for k := range order {
			order[k] = k + 1
		}
		translate.Permute(order, 0, func([]int) {
			copy(perm[1:], order)
			a = p.renamedKey(st, a[:0])
			b = p.renamedKey(p.permute(st, perm, &state{}), b[:0])
			if string(a) == string(b) {
				fixed++
			}
		})
	})
	require.NoError(t, err)
	require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
	perms := 1
	for k := 2; k <= opts.N; k++ {
		perms *= k
	}
	require.Zero(t, fixed%perms, "Burnside's sum divides by N!")
	return states, fixed / perms
}
