package dpor

import (
	"context"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/translate"
)

// shiftModel: X and Y take turns to grow, so there are infinitely many
// states, two up to a common shift: X = Y and X = Y + 1.
const shiftModel = `
var X : int
var Y : int
init () { X = 0 && Y = 0 }
unsafe () { X = Y + 2 }
transition incX (p)
requires { X = Y }
{ X := X + 1 }
transition incY (p)
requires { X = Y + 1 }
{ Y := Y + 1 }
`

// TestShift counts by hand: up to a shift, 2 states and safe without a
// steps bound; with 3 steps per process and n = 1 the unshifted run
// counts (0,0) (1,0) (1,1) (2,1) and stops. A comparison with a number
// refuses the shift, with the position.
func TestShift(t *testing.T) {
	m := load(t, shiftModel, true)
	res := run(t, m, Options{N: 1, Shift: true})
	require.True(t, res.Shifted, res.ShiftRefused)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 2, res.States)
	res = run(t, m, Options{N: 1, MaxSteps: 3})
	require.Equal(t, 4, res.States)

	m = load(t, shiftModel+"transition reset (p)\nrequires { X = 5 }\n{ X := Y }\n", true)
	res = run(t, m, Options{N: 1, Shift: true, MaxSteps: 3})
	require.False(t, res.Shifted)
	require.Equal(t, "test.cub:13:12: an int compared with a value that a shift does not move", res.ShiftRefused)
}

// maxShiftSteps bounds the steps bounds TestShiftExact tries.
const maxShiftSteps = 12

// TestShiftExact checks the reduction on models whose shifted state
// space is finite: the states of the shifted run without a steps bound
// are exactly the classes (states equal up to a common shift of their
// integers) of the unshifted run's states with a steps bound k large
// enough (the smallest such k is pinned; every bound below finds a
// subset), step counters left out. Both runs enumerate free initial
// values up front (a hook is set).
func TestShiftExact(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the cases include a corpus file")
	cases := []struct {
		file          string
		n, k, shifted int
	}{
		{"", 1, 1, 2},
		{"", 3, 1, 2},
		{"cubicle/sense_barrier.cub", 2, 11, 88},
	}
	ran := 0
	for _, c := range cases {
		m := load(t, shiftModel, true)
		if c.file != "" {
			m, _ = loadCorpus(t, dir, corpus.Entry{File: c.file, Model: "sc"})
		}
		classes := func(opts Options) (map[string]bool, *Result) {
			keys := map[string]bool{}
			res, err := explore(context.Background(), m, opts, func(p *program, st *state) {
				q := *p
				q.shift = p.shiftLocs()
				c := q.shifted(st)
				keys[string(q.renamedKey(&state{vals: c.vals, bufs: c.bufs}, nil))] = true
			})
			require.NoError(t, err)
			require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
			return keys, res
		}
		want, shifted := classes(Options{N: c.n, Shift: true, MaxStates: deadMaxStates})
		require.True(t, shifted.Shifted, shifted.ShiftRefused)
		require.Equal(t, c.shifted, shifted.States)
		require.Len(t, want, shifted.States)
		k := 0
		var got map[string]bool
		var plain *Result
		for !maps.Equal(want, got) && k < maxShiftSteps {
			k++
			got, plain = classes(Options{N: c.n, MaxSteps: k, MaxStates: deadMaxStates})
			for key := range got {
				require.True(t, want[key], "k=%d: a class the shifted run did not reach", k)
			}
		}
		require.Equal(t, c.k, k, "%s n=%d: smallest steps bound covering every class", c.file, c.n)
		require.Equal(t, shifted.Verdict, plain.Verdict)
		t.Logf("%s n=%d: %d states up to a shift, the classes of %d states within %d steps", c.file, c.n, shifted.States, plain.States, k)
		ran++
	}
	require.Equal(t, len(cases), ran)
}
