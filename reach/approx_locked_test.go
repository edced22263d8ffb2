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

// TestLockedCandidates: the node of ticket_spin_lock_N's diverging chain
// where #1, at L2 with ticket R[#1], will compare-and-swap Tail from
// R[#1] (e0, ghb-equal to its write e1) and then read Head = R[#1] (e2),
// while #2 waits at L3 with ticket R[#1] + 2. Its candidates keep the
// compare-and-swap whole (read and write, ghb-equal); the most general
// ones keep one literal (`R[#1] = val(e0)`, `val(e0) = val(e2)`: they
// meet the initial states), then come `val(e0) < R[#2]` (the offset
// chain through R[#1]) with either process's program counter, the one a
// human writes among them (#2 is past its own compare-and-swap, #1's
// later one reads below #2's ticket); 83 in all: none compares #1's plain
// read of Head (e2) with #2's ticket (plainReadOfOther; 132 with them). No candidate keeps the
// read of Head without the compare-and-swap (nothing pins it). judgedAs marks the kept reads final. A node whose
// only transition read is pinned by nothing has no candidate.
func TestLockedCandidates(t *testing.T) {
	src := `type loc = L1 | L2 | L3 | L4
array PC[proc] : loc
array R[proc] : int
weak var Head : int
weak var Tail : int
init (i) { PC[i] = L1 && Head = 0 && Tail = 0 }
`
	m, err := syntax.ParseAndCheck("t.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	head, tail := m.Symbols["Head"], m.Symbols["Tail"]
	pc := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], translate.Proc(p)), translate.CtorTerm(v))
	}
	r := func(p int) *translate.Term { return translate.StateTerm(m.Symbols["R"], translate.Proc(p)) }
	val := func(loc *syntax.Symbol, i int) *translate.Term { return translate.ValTerm(loc, translate.EventProc(i)) }
	events := []translate.Event{ev(translate.Read, 1, tail), ev(translate.Write, 1, tail), ev(translate.Read, 1, head)}
	rel := translate.NewRel(3)
	rel.AddEq(0, 1)
	rel.AddLt(0, 2)
	lits := []translate.Literal{pc(1, "L2"), pc(2, "L3"),
		translate.NewLiteral(translate.Eq, r(1), val(tail, 0)),
		translate.NewLiteral(translate.Eq, r(1), val(head, 2)),
		translate.NewLiteral(translate.Eq, translate.LinTerm(r(1), translate.Lin{K: big.NewRat(2, 1)}), r(2)),
	}
	c, _, _, ok := translate.Canonicalize(lits, events, rel)
	require.True(t, ok)
	e := &engine{ctx: context.Background(), opts: Options{Model: memmodel.TSO}}
	cands := checked(e.lockedCandidates(&node{cube: c}, 3))
	require.NotEmpty(t, cands)
	var got []string
	for _, cand := range cands {
		got = append(got, cand.String())
		var reads, writes int
		for i, ev := range cand.Events {
			switch {
			case ev.Kind == translate.Write:
				writes++
			case ev.Loc == tail:
				reads++
				require.NotZero(t, cand.Rel.Class[i]&^translate.Of(i), "%s: the read of cas without its write", cand)
			}
		}
		require.Equal(t, 1, writes, cand.String())
		require.Equal(t, 1, reads, "%s: no candidate without the compare-and-swap", cand)
		for i, ev := range judgedAs(cand).Events {
			require.Equal(t, ev.Kind == translate.Read, ev.Final, "%s: event %d", cand, i)
		}
	}
	require.Subset(t, got, []string{"R[#1] = val(e0)", "val(e0) = val(e2)", "PC[#1] = L2 && val(e0) < R[#2]", "PC[#2] = L3 && val(e0) < R[#2]"})
	require.Len(t, got, 83)
	for _, g := range got {
		require.NotContains(t, g, "val(e2) < R[#2]")
		require.NotContains(t, g, "R[#2] < val(e2)")
		require.NotContains(t, g, "R[#2] = val(e2)")
	}

	unpinned, _, _, ok := translate.Canonicalize([]translate.Literal{pc(1, "L3"), pc(2, "L3"), translate.NewLiteral(translate.Eq, r(1), val(head, 0))},
		[]translate.Event{ev(translate.Read, 1, head)}, translate.NewRel(1))
	require.True(t, ok)
	require.Empty(t, checked(e.lockedCandidates(&node{cube: unpinned}, 3)))
}

// TestLockedFlagCandidates: the node of chandy_misra's search under pso
// where #2 will receive #1's permission (receive_permission reads
// NetPerm[#1,#2] = True, e1, and clears it, e0, in one locked step) while
// #1 is In and #2 Trying. lockedCandidates keep numeric reads only and
// give none; lockedFlagCandidates keep the locked read with its write,
// three of them: `val(e1) = True` alone, with `State[#2] = Trying`, and
// `State[#1] = In && val(e1) = True` (a permission in flight to a process
// while the process that sent it is in its critical section), each
// judged with the read final. A flag read that no write of its
// transition pins has no candidate.
func TestLockedFlagCandidates(t *testing.T) {
	src := `type state = Trying | In | Out
array State[proc] : state
weak array NetPerm[proc,proc] : bool
init (i j) { State[i] = Out && NetPerm[i,j] = False }
`
	m, err := syntax.ParseAndCheck("t.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	perm := m.Symbols["NetPerm"]
	state := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["State"], translate.Proc(p)), translate.CtorTerm(v))
	}
	cell := func(k translate.EventKind) translate.Event {
		return translate.Event{Kind: k, Proc: 2, Loc: perm, Index: []translate.Proc{1, 2}}
	}
	received := translate.NewLiteral(translate.Eq, translate.ValTerm(perm, translate.EventProc(1)), translate.CtorTerm("True"))
	rel := translate.NewRel(2)
	rel.AddEq(0, 1)
	c, _, _, ok := translate.Canonicalize([]translate.Literal{state(1, "In"), state(2, "Trying"), received},
		[]translate.Event{cell(translate.Write), cell(translate.Read)}, rel)
	require.True(t, ok)
	e := &engine{ctx: context.Background(), opts: Options{Model: memmodel.PSO}}
	n := &node{cube: c}
	require.Empty(t, checked(e.lockedCandidates(n, 2)), "a flag is not a counter")
	var got []string
	for _, cand := range checked(e.lockedFlagCandidates(n, 2)) {
		got = append(got, cand.String())
		require.Len(t, cand.Events, 2, "%s: the read without its write", cand)
		for i, ev := range judgedAs(cand).Events {
			require.Equal(t, ev.Kind == translate.Read, ev.Final, "%s: event %d", cand, i)
		}
	}
	require.Contains(t, got, "State[#1] = In && val(e1) = True")
	require.Contains(t, got, "State[#2] = Trying && val(e1) = True")
	require.Len(t, got, 3, "%v", got)

	alone, _, _, ok := translate.Canonicalize([]translate.Literal{state(1, "In"), received},
		[]translate.Event{cell(translate.Read)}, translate.NewRel(1))
	require.True(t, ok)
	require.Empty(t, checked(e.lockedFlagCandidates(&node{cube: alone}, 2)))
}
