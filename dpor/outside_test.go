package dpor

import (
	"context"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
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

// outsideFreeModel: Flag is free in init and read at participants only,
// so the outside process's Flag, which nothing reads, may stay symbolic;
// mark changes the outside process's cell of S, which nothing reads
// either.
const outsideFreeModel = `
type st = Idle | Busy
var Home : proc
array Flag[proc] : bool
array S[proc] : st
init (p) { Home <> p && S[p] = Idle }
unsafe (p q) { S[p] = Busy && S[q] = Busy && Home = p }
transition go (p)
requires { S[p] = Idle && Flag[p] = True }
{ S[p] := Busy }
transition mark ()
requires { true }
{ S[j] := case | j = Home : Busy | _ : S[j] }
`

// TestOutsideCellsExact counts by hand, for 2 participants up to their
// permutations (Home, process 3, fixed): Flag[1], Flag[2] in {TT, TF,
// FT, FF}: 4 initial states, 3 orbits; go moves a participant whose Flag is True from
// Idle to Busy (TT: 3 orbits of S[1..2], TF: 2, FF: 1), and mark makes
// S[3] Busy: 12 states. Flag is read, so it is enumerated, but Flag[3]
// stays symbolic (enumerating it would double the states), and with dead
// values S[3], never read, is keyed as one: 6 states, the classes of
// the 24 states of a run that enumerates everything, keyed with the
// outside cells forgotten.
func TestOutsideCellsExact(t *testing.T) {
	m := load(t, outsideFreeModel, true)
	lazy := run(t, m, Options{N: 2, Symmetry: true})
	require.Equal(t, translate.Safe, lazy.Verdict, lazy.Reason)
	require.Equal(t, 4, lazy.Initial)
	require.Equal(t, 12, lazy.States)
	dead := run(t, m, Options{N: 2, Symmetry: true, DeadValues: true})
	require.Equal(t, translate.Safe, dead.Verdict, dead.Reason)
	require.Equal(t, 6, dead.States)
	require.Equal(t, "Flag[#3] (never read); S[#3] (never read)", dead.DeadValues)

	classes := map[string]bool{}
	eager, err := explore(context.Background(), m, Options{N: 2, Symmetry: true}, func(p *program, st *state) {
		c := st.clone()
		for _, name := range []string{"Flag", "S"} {
			c.vals[p.syms[name].base+2] = undef
		}
		classes[string(p.stateKey(c, nil))] = true
	})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, eager.Verdict, eager.Reason)
	require.Equal(t, 24, eager.States)
	require.Len(t, classes, dead.States)
}

// TestFlashOrbits pins flash at 2 participants with the options of
// `cubew bounded`: 26,525 orbits from 36 initial states, SAFE. The
// outside process's Sort cell, which nothing reads, stays symbolic;
// enumerating it too gave 53,050 orbits from 72.
func TestFlashOrbits(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "flash is a corpus file")
	m, mm := loadCorpus(t, dir, corpus.Entry{File: "cubicle/flash.cub", Model: "sc"})
	res := run(t, m, Options{N: 2, Model: mm, Symmetry: true, DeadValues: true, Shift: true, Order: true, MaxStates: 100_000})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 26_525, res.States)
	require.Equal(t, 36, res.Initial)
	require.Contains(t, res.DeadValues, "Sort[#3] (never read)")
}
