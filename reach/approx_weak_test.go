package reach

import (
	"context"
	"math/big"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestWeakCandidates: of a node with a final read of X (value 1), an
// ordinary read of X (value 0) and a write of Y, the weak candidates keep
// the final read with its value weakened to its sign (weaken), alone or
// with the node's state literal, and never the other events: 2
// candidates, each found to include the node.
// A node whose final read is satisfied (no literal names its value) has
// none.
func TestWeakCandidates(t *testing.T) {
	src := `weak var X : int
weak var Y : int
array PC[proc] : bool
init (p) { X = 0 && Y = 0 }
`
	m, err := syntax.ParseAndCheck("w.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	x, y := m.Symbols["X"], m.Symbols["Y"]
	pc := translate.StateTerm(m.Symbols["PC"], 1)
	num := func(k int64) *translate.Term { return translate.NumTerm(big.NewRat(k, 1)) }
	final := ev(translate.Read, 1, x)
	final.Final = true
	events := []translate.Event{final, ev(translate.Read, 2, x), ev(translate.Write, 2, y)}
	rel := translate.NewRel(3)
	rel.AddLt(1, 0)
	rel.AddLt(2, 1)
	lits := []translate.Literal{
		translate.NewLiteral(translate.Eq, pc, translate.CtorTerm("True")),
		translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(0)), num(1)),
		translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(1)), num(0)),
	}
	c, _, _, ok := translate.Canonicalize(lits, events, rel)
	require.True(t, ok)
	e := &engine{ctx: context.Background(), opts: Options{Model: memmodel.TSO}}
	cands := checked(e.weakCandidates(&node{cube: c}, 2))
	require.Len(t, cands, 2)
	for _, cand := range cands {
		require.Len(t, cand.Events, 1, cand.String())
		require.True(t, cand.Events[0].Final, cand.String())
		require.NotContains(t, cand.String(), "= 0")
	}
	require.Equal(t, "0 < val(e0)", cands[0].String())
	require.Equal(t, "0 < val(e0) && PC[#1] = True", cands[1].String())

	satisfied, _, _, ok := translate.Canonicalize(lits[:1], events, rel)
	require.True(t, ok)
	require.Empty(t, checked(e.weakCandidates(&node{cube: satisfied}, 2)))
}

// checked returns the cubes of cs whose check passes (or that need none),
// as approximate would try them.
func checked(cs []candidate) []*translate.Cube {
	var out []*translate.Cube
	for _, c := range cs {
		if c.check == nil || c.check() {
			out = append(out, c.cube)
		}
	}
	return out
}
