package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabPositiveStep: a clock that a positive constant advances, and
// stamps taken from it (testdata/stamp_clock.cub, the mechanism of
// ricart_abdulla in the Cubicle distribution). The plain search meets
// `Stamp[#1] = Now + k * Step` for every k and has not closed after 50
// nodes; with an oracle over two processes, `Stamp[#1] = Now + Step`
// with `0 < Step` weakens to `Now < Stamp[#1]`, and the search proves it
// SAFE in 3 nodes with that one candidate (cmd/cubew's
// TestStampClockCrosscheck backs the answer with the bounded engine).
func TestBrabPositiveStep(t *testing.T) {
	const path = "testdata/stamp_clock.cub"
	m, sys := load(t, path, memmodel.SC)
	plain, err := decide.Check(context.Background(), m, sys, reach.Options{Model: memmodel.SC, NewSolver: newSolver, MaxNodes: 50})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, plain.Verdict)
	require.Equal(t, 50, plain.Stats.Nodes)

	res := checkBrab(t, path, memmodel.SC, 2, 300)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 3, res.Stats.Nodes)
	require.Zero(t, res.Stats.Refuted)
	require.Len(t, res.Inferred, 1)
	require.Equal(t, "Now < Stamp[#1] && S[#1] = Marked", res.Inferred[0].String())
}
