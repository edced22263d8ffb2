package reach

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestNowCandidates: lamport_N's first pre-image under pso, #1 at L4
// taking its fenced step to the critical section (it reads X = #1 and
// X_set = True) while #2 is there. With the step order, that step's
// reads happen in the node's state: its candidates keep them as final
// reads (`#1 @ X`), alone or beside the node's state literals, most
// general first: 11 candidates. Without the step order there are none, and a node made by the
// search has no step events.
func TestNowCandidates(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	m, err := syntax.Load(filepath.Join(dir, "cubicle-w/cubtso/lamport_N.cub"), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	mm := OrderingSteps(KeepingObligations(memmodel.PSO))
	res, err := Check(context.Background(), sys, Options{Model: mm, NewSolver: func() smt.Solver { return z3.New() }, MaxNodes: 2, KeepGraph: true, Workers: 1})
	require.NoError(t, err)
	var n *node
	for _, g := range res.Graph {
		if g.Transition == "t_L4_CS_X_Self" {
			n = g.node
			break
		}
	}
	require.NotNil(t, n, "the pre-image by t_L4_CS_X_Self")
	require.Equal(t, "#1 = val(e2) && PC[#1] = L4 && PC[#2] = CS && val(e1) = True", n.cube.String())
	require.Equal(t, translate.Of(0)|translate.Of(1)|translate.Of(2), n.step, "the step's fence and two reads")

	e := &engine{opts: Options{Model: mm}}
	cands := checked(e.nowCandidates(n, 2))
	var got []string
	for _, c := range cands {
		got = append(got, c.String())
		for _, ev := range c.Events {
			require.True(t, ev.Final && ev.Kind == translate.Read, "%s: %v", c, ev)
		}
	}
	require.Equal(t, []string{
		"#1 = val(e0)",
		"val(e0) = True",
		"#1 = val(e1) && val(e0) = True",
		"#1 = val(e0) && PC[#1] = L4",
		"PC[#1] = L4 && val(e0) = True",
		"#1 = val(e1) && PC[#1] = L4 && val(e0) = True",
		"#2 = val(e0) && PC[#1] = CS",
		"PC[#1] = CS && val(e0) = True",
		"#2 = val(e1) && PC[#1] = CS && val(e0) = True",
		"#2 = val(e0) && PC[#1] = CS && PC[#2] = L4", // the one a pso oracle with 2 processes never reaches
		"PC[#1] = CS && PC[#2] = L4 && val(e0) = True",
	}, got)

	e.opts.Model = KeepingObligations(memmodel.PSO)
	require.Empty(t, checked(e.nowCandidates(n, 2)))
	require.Zero(t, res.Graph[0].node.step, "the unsafe cube")
}
