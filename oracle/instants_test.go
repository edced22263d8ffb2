package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestReadsAtTwoInstants: candidates of ticket_spin_lock_N under pso as
// reach's judgedAs asks them (the reads of transitions marked final),
// against its instances with 1 and 2 processes (instants.go):
//   - #1 reads Head (e1), writes Head (e0), then reads Head again (e2)
//     with val(e1) < val(e2): its next turn, plainly reached. Judged in
//     the state both reads took one value and the oracle called it
//     unreached; the search refuted it and restarted. e2 comes after
//     #1's other accesses to Head: its literal is not looked at; so for
//     `PC[#1] = L2 && R[#1] = val(e1) && R[#1] < val(e2)`, the search's
//     next refutation, where R[#1] links the two reads;
//   - the first accesses keep the oracle's guess, and their candidates
//     stay unreached: #1's compare-and-swap of Tail (e0 = e1) below its
//     later read of Head (e2), two locations (reached in this model one
//     turn later, but needed by a mutant whose release retries the
//     compare-and-swap with the old ticket); the ticket-taking candidate
//     (#1's compare-and-swap reads below the ticket of #2, waiting at
//     L3); #1's read of Head above the ticket #2 waits with.
func TestReadsAtTwoInstants(t *testing.T) {
	m := corpusModel(t, "cubicle-w/cubtso/ticket_spin_lock_N.cub", syntax.CheckOptions{})
	o, err := New(context.Background(), m, memmodel.PSO, 2, 0)
	require.NoError(t, err)
	head, tail := m.Symbols["Head"], m.Symbols["Tail"]
	pc := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], translate.Proc(p)), translate.CtorTerm(v))
	}
	r := func(p int) *translate.Term { return translate.StateTerm(m.Symbols["R"], translate.Proc(p)) }
	val := func(loc *syntax.Symbol, i int) *translate.Term { return translate.ValTerm(loc, translate.EventProc(i)) }
	ev := func(kind translate.EventKind, p int, loc *syntax.Symbol) translate.Event {
		return translate.Event{Kind: kind, Proc: translate.Proc(p), Loc: loc, Final: kind == translate.Read}
	}
	cube := func(lits []translate.Literal, events []translate.Event, lt [][2]int, eq [][2]int) *translate.Cube {
		rel := translate.NewRel(len(events))
		for _, e := range eq {
			rel.AddEq(e[0], e[1])
		}
		for _, e := range lt {
			rel.AddLt(e[0], e[1])
		}
		c, _, _, ok := translate.Canonicalize(lits, events, rel)
		require.True(t, ok)
		return c
	}
	turns := []translate.Event{ev(translate.Write, 1, head), ev(translate.Read, 1, head), ev(translate.Read, 1, head)}
	cas := []translate.Event{ev(translate.Read, 1, tail), ev(translate.Write, 1, tail), ev(translate.Read, 1, head)}
	cases := []struct {
		c       *translate.Cube
		later   int // reads after another access of their process to their location
		reached bool
	}{
		{cube([]translate.Literal{translate.NewLiteral(translate.Lt, val(head, 1), val(head, 2))}, turns, [][2]int{{1, 0}, {0, 2}}, nil), 1, true},
		{cube([]translate.Literal{pc(1, "L2"), translate.NewLiteral(translate.Eq, r(1), val(head, 1)), translate.NewLiteral(translate.Lt, r(1), val(head, 2))},
			turns, [][2]int{{1, 0}, {0, 2}}, nil), 1, true},
		{cube([]translate.Literal{translate.NewLiteral(translate.Lt, val(tail, 0), val(head, 2))}, cas, [][2]int{{0, 2}}, [][2]int{{0, 1}}), 0, false},
		{cube([]translate.Literal{pc(2, "L3"), translate.NewLiteral(translate.Lt, val(tail, 0), r(2))}, cas[:2], nil, [][2]int{{0, 1}}), 0, false},
		{cube([]translate.Literal{pc(2, "L3"), translate.NewLiteral(translate.Lt, r(2), val(head, 0))},
			[]translate.Event{ev(translate.Read, 1, head)}, nil, nil), 0, false},
	}
	for _, tc := range cases {
		require.Equal(t, tc.later, laterReads(tc.c).Len(), "%s %v", tc.c, tc.c.Events)
		require.Equal(t, tc.reached, o.Reached(tc.c), "%s %v %s", tc.c, tc.c.Events, tc.c.Rel)
	}
}
