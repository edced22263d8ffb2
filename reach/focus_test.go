package reach_test

import (
	"fmt"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// fencedReadModel reaches L4 by t1 only, from L2 with a fenced read of
// A1[p] = False; nothing leads to L2, and t4's guard is contradictory.
const fencedReadModel = `
type loc = L1 | L2 | L3 | L4
array PC[proc] : loc
weak array A1[proc] : bool
init (p) { PC[p] = L1 }
unsafe (p1) { PC[p1] = L4 }
transition t1 ([p] q) requires { PC[p] = L2 && A1[p] = False && fence() } { PC[p] := L4 }
transition t2 ([p]) requires { PC[p] = L2 } { PC[p] := L1 }
transition t3 ([p] q) requires { PC[p] = L1 } { PC[p] := L3; A1[p] := True }
transition t4 ([p]) requires { PC[p] = L1 && PC[p] <> L1 && fence() } { PC[p] := L2; A1[p] := True }
`

// TestCovers pins the covers of a TSO search's visited set: the unsafe
// cube's pre-image by t1 is node 2 itself, its variable the cube's, its
// one event the step's read (the fence, ghb-equal to a read of the
// process's own cell and before no other read, is dropped: collect.go's
// isolated); the other pre-images (by a process other than the cube's,
// or leaving the cube's process alone) are included in the unsafe cube
// with its variable kept; t4 has no pre-image (empty, not unknown).
func TestCovers(t *testing.T) {
	res, sys := checkSys(t, fencedReadModel, false)
	require.Len(t, res.Invariant, 2)
	require.Equal(t, "PC[#1] = L4", res.Invariant[0].Cube.String())
	require.Equal(t, "PC[#1] = L2 && val(e0) = False", res.Invariant[1].Cube.String())
	covers, err := reach.Covers(sys, memmodel.TSO, res.Invariant)
	require.NoError(t, err)
	self := reach.Cover{Cube: 0, Procs: []reach.Origin{{Kind: reach.CubeVar, N: 1}}, Events: []reach.Origin{}}
	step := reach.Origin{Kind: reach.StepRead}
	want := [][]reach.Cover{
		{{Cube: 1, Procs: []reach.Origin{{Kind: reach.CubeVar, N: 1}}, Events: []reach.Origin{step}}, self},
		{self},
		{self},
		{},
	}
	require.Equal(t, fmt.Sprint(want), fmt.Sprint(covers[0]), "covers of the unsafe cube, by t1..t4")
	require.Len(t, covers[1], 4)
	for k, cs := range covers[1] {
		for _, c := range cs {
			require.Equal(t, 1, c.Cube, "node 2's pre-images by t%d are covered by node 2 alone", k+1)
		}
	}
}
