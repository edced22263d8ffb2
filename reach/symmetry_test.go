package reach

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// peterson2 returns corpus file peterson_two_proc.cub, where P1's and
// P2's transitions mirror each other under #1 <-> #2.
func peterson2(t *testing.T) string {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join(dir, "cubicle/peterson_two_proc.cub"))
	require.NoError(t, err)
	return string(src)
}

func buildSource(t *testing.T, src string) *translate.System {
	t.Helper()
	m, err := syntax.ParseAndCheck("sym.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// brokenEnter2P2 lets P2 enter when the turn is its own: the mirror of
// P1's transition is gone, and the model is unsafe.
func brokenEnter2P2(src string) string {
	return strings.Replace(src, "requires { PC[#2] = Wait && Turn = #1 }", "requires { PC[#2] = Wait && Turn = #2 }", 1)
}

// TestSymmetriesOfConstants: peterson_two_proc has one symmetry, the swap
// of #1 and #2; breaking one mirrored transition, or an asymmetric init,
// leaves none; so do PSO and models without constants.
func TestSymmetriesOfConstants(t *testing.T) {
	src := peterson2(t)
	syms := symmetries(buildSource(t, src), memmodel.SC)
	require.Equal(t, []symmetry{{procs: []translate.Proc{-2, -1}}}, syms)

	broken := brokenEnter2P2(src)
	require.NotEqual(t, src, broken)
	require.Empty(t, symmetries(buildSource(t, broken), memmodel.SC))

	asymInit := strings.Replace(src, "Want[#1] = False &&  Want[#2] = False", "Want[#1] = False &&  Want[#2] = True", 1)
	require.NotEqual(t, src, asymInit)
	require.Empty(t, symmetries(buildSource(t, asymInit), memmodel.SC))

	require.Empty(t, symmetries(buildSource(t, src), memmodel.PSO))
	require.Empty(t, symmetries(buildSource(t, "type loc = A | B\narray Pc[proc] : loc\ninit (p) { Pc[p] = A }\n"+
		"unsafe (p q) { Pc[p] = B && Pc[q] = B }\ntransition go (p) requires { Pc[p] = A } { Pc[p] := B }\n"), memmodel.SC))
}

// TestSymmetricSubsumption: with the swap of #1 and #2, peterson_two_proc
// is SAFE in 18 nodes, as in Cubicle (24 with the pre-images queued in
// generation order; 41 before the symmetry), the SAFE
// answer's Invariant lists each image once beside its node, and the
// broken variant stays UNSAFE (no symmetry is assumed for it).
func TestSymmetricSubsumption(t *testing.T) {
	src := peterson2(t)
	opts := Options{NewSolver: func() smt.Solver { return z3.New() }, MaxNodes: 1000}
	res, err := Check(context.Background(), buildSource(t, src), opts)
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict)
	require.Equal(t, 18, res.Stats.Nodes)
	inOrder := opts
	inOrder.GenerationOrder = true
	res2, err := Check(context.Background(), buildSource(t, src), inOrder)
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res2.Verdict)
	require.Equal(t, 24, res2.Stats.Nodes)
	images, seen := 0, map[[2]int]bool{}
	for _, c := range res.Invariant {
		k := [2]int{c.Node, c.Image}
		require.False(t, seen[k], "node %d image %d listed twice", c.Node, c.Image)
		seen[k] = true
		if c.Image > 0 {
			images++
			require.True(t, seen[[2]int{c.Node, 0}], "image of node %d listed before it", c.Node)
		}
	}
	require.Equal(t, res.Stats.Nodes-res.Stats.Deleted, len(res.Invariant)-images)
	require.Positive(t, images)

	res, err = Check(context.Background(), buildSource(t, brokenEnter2P2(src)), opts)
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, res.Verdict)
}
