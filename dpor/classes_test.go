package dpor

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// gateSrc has a gate Open that init leaves free and a guard reads, and a
// variable Data that init leaves free and nothing reads.
const gateSrc = `
type st = Idle | Busy
var Open : bool
var Data : proc
array S[proc] : st
init (p) { S[p] = Idle }
unsafe (p q) { S[p] = Busy && S[q] = Busy }
transition enter (p)
requires { Open = True && S[p] = Idle }
{ S[p] := Busy; Data := p }
transition leave (p)
requires { S[p] = Busy }
{ S[p] := Idle }
`

// TestReachableClassesRestart: with one process, the first lazy run reads
// the symbolic Open in enter's guard, under-approximates and stops; the
// second enumerates Open. restart is called before each run, and the
// states reported after its last call are the second run's, counted by
// hand: Open False (nothing moves), Open True with S[#1] Idle or Busy.
// Data is never read: dead, so unknown in every reported state (the
// state left by enter and leave is the initial one's class).
func TestReachableClassesRestart(t *testing.T) {
	m := load(t, gateSrc, true)
	restarts := 0
	var states []State
	res, err := ReachableClasses(context.Background(), m, Options{N: 1, Model: memmodel.SC, Symmetry: true, DeadValues: true},
		func() { restarts, states = restarts+1, nil }, func(s State) { states = append(states, s) })
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 2, restarts)
	require.Len(t, states, 3)
	require.Equal(t, 3, res.States)
	open := map[string]int{}
	for _, s := range states {
		require.Nil(t, s.Value("Data", nil))
		open[s.Value("Open", nil).Key()+" "+s.Value("S", []int{1}).Key()]++
	}
	require.Equal(t, map[string]int{"False Idle": 1, "True Idle": 1, "True Busy": 1}, open)
}
