package dpor

import (
	"context"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/translate"
)

// outsideModel: Home is a process distinct from every process (no
// finite instance has an initial state); reset marks Home's cell Busy
// through an update of every cell, which no participant can do.
const outsideModel = `
type st = Idle | Busy
var Home : proc
array S[proc] : st
init (p) { Home <> p && S[p] = Idle }
unsafe (p) { S[p] = Busy && Home = p }
transition go (p)
requires { S[p] = Idle }
{ S[p] := Busy }
transition mark ()
requires { true }
{ S[j] := case | j = Home : Busy | _ : S[j] }
`

// TestOutsideProcess: an instance of n participants gets process n+1,
// which Home names and which never acts. Counted by hand: each
// participant's cell is Idle or Busy and Home's cell Idle or Busy (mark),
// so 2^(n+1) states, and 2(n+1) orbits when the participants are
// permuted with Home fixed. The unsafe item holds only at Home, which is
// not a participant: safe. Both engines agree, and -v gets the note.
func TestOutsideProcess(t *testing.T) {
	m := load(t, outsideModel, true)
	require.Equal(t, []string{"Home"}, outsideVars(m))
	for _, c := range []struct {
		n, states, orbits int
	}{{1, 4, 4}, {2, 8, 6}, {3, 16, 8}} {
		for _, sym := range []bool{false, true} {
			res := run(t, m, Options{N: c.n, Symmetry: sym})
			require.Equal(t, translate.Safe, res.Verdict, res.Reason)
			require.Equal(t, sym, res.Symmetric, res.SymmetryRefused)
			want := c.states
			if sym {
				want = c.orbits
			}
			require.Equal(t, want, res.States, "n=%d symmetry=%v", c.n, sym)
			require.Equal(t, 1, res.Initial)
			require.Contains(t, res.Outside, "Home names process #")
		}
		gr, err := Check(context.Background(), m, Options{N: c.n, MaxSteps: 2})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, gr.Verdict, gr.Reason)
		require.NotEmpty(t, gr.Outside)
	}
	// The item is not vacuous: Home's cell does become Busy.
	busy := 0
	_, err := Reachable(context.Background(), m, Options{N: 2}, func(s State) {
		if reflect.DeepEqual(s.Value("S", []int{3}), translate.CtorTerm("Busy")) {
			busy++
		}
	})
	require.NoError(t, err)
	require.Equal(t, 4, busy)
}
