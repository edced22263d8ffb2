package reach

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestKnownOnlyByReads: in a node where #1 reads R[#3] = True (and R[#2]
// = False) with a fence and #2 wrote R[#2], #3 is the one process known
// only through a read; a literal about #3 (its program counter) or an
// event of #3 makes it known otherwise.
func TestKnownOnlyByReads(t *testing.T) {
	src := `type loc = L1 | L2 | L3
array PC[proc] : loc
weak array R[proc] : bool
init (p) { PC[p] = L1 && R[p] = False }
`
	m, err := syntax.ParseAndCheck("m.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	r := m.Symbols["R"]
	pc := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], translate.Proc(p)), translate.CtorTerm(v))
	}
	val := func(i int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.ValTerm(r, translate.EventProc(i)), translate.CtorTerm(v))
	}
	cube := func(lits []translate.Literal, events ...translate.Event) *translate.Cube {
		return &translate.Cube{NVars: 3, Lits: lits, Events: events, Rel: translate.NewRel(len(events))}
	}
	events := []translate.Event{ev(translate.Read, 1, r, 3), ev(translate.Fence, 1, nil), ev(translate.Write, 2, r, 2), ev(translate.Read, 1, r, 2)}
	lits := []translate.Literal{pc(1, "L2"), pc(2, "L3"), val(0, "True"), val(3, "False")}
	require.Equal(t, []translate.Proc{3}, knownOnlyByReads(cube(lits, events...)))
	require.Empty(t, knownOnlyByReads(cube(append(lits, pc(3, "L1")), events...)), "a literal names #3")
	require.Empty(t, knownOnlyByReads(cube(lits, append(events, ev(translate.Fence, 3, nil))...)), "#3 acts")
}
