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

// TestLemmaCubes: the node of ticket_spin_lock_N's diverging chain where
// #1 is in its critical section with ticket R[#1], #3 waits at L3 with a
// ticket the node does not constrain, and #2 will compare-and-swap Tail
// from R[#1] + 1 (e0, ghb-equal to its write e1). No sub-cube of it is
// unreachable (#3's ticket is what makes it so), but the lemmas relating
// the idle #3's ticket to #1's and to the value #2's compare-and-swap
// reads do close it: #3's ticket is above #1's (`R[#3] < R[#1]` and
// `R[#1] = R[#3]` with #1 at L4 and #3 at L3 are unreachable) and below
// every later compare-and-swap's (`val(e0) < R[#2]`, `R[#2] = val(e0)`
// with #2 at L3), an empty range. lemmaCubes proposes those, the other
// orders (reachable) and nothing for #1 or #2, which are not idle.
func TestLemmaCubes(t *testing.T) {
	src := `type loc = L1 | L2 | L3 | L4
array PC[proc] : loc
array R[proc] : int
weak var Head : int
weak var Tail : int
init (i) { PC[i] = L1 && Head = 0 && Tail = 0 }
`
	m, err := syntax.ParseAndCheck("t.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	tail := m.Symbols["Tail"]
	pc := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], translate.Proc(p)), translate.CtorTerm(v))
	}
	r := func(p int) *translate.Term { return translate.StateTerm(m.Symbols["R"], translate.Proc(p)) }
	rel := translate.NewRel(2)
	rel.AddEq(0, 1)
	lits := []translate.Literal{pc(1, "L4"), pc(3, "L3"),
		translate.NewLiteral(translate.Eq, translate.LinTerm(r(1), translate.Lin{K: big.NewRat(1, 1)}), translate.ValTerm(tail, translate.EventProc(0))),
	}
	c, _, _, ok := translate.Canonicalize(lits, []translate.Event{ev(translate.Read, 2, tail), ev(translate.Write, 2, tail)}, rel)
	require.True(t, ok)
	e := &engine{ctx: context.Background(), opts: Options{Model: memmodel.TSO}, bad: map[string]bool{}}
	var got []string
	for _, l := range e.lemmaCubes(&node{cube: c}, 3) {
		got = append(got, l.String())
		for i, ev := range l.Events {
			require.Equal(t, tail, ev.Loc, "%s", l)
			require.True(t, l.Rel.Eq(0, i), "%s: the compare-and-swap stays one step", l)
		}
	}
	require.ElementsMatch(t, []string{
		"PC[#1] = L4 && PC[#2] = L3 && R[#2] < R[#1]",
		"PC[#1] = L4 && PC[#2] = L3 && R[#1] = R[#2]",
		"PC[#1] = L4 && PC[#2] = L3 && R[#1] < R[#2]",
		"PC[#2] = L3 && R[#2] < val(e0)",
		"PC[#2] = L3 && R[#2] = val(e0)",
		"PC[#2] = L3 && val(e0) < R[#2]",
	}, got)

}
