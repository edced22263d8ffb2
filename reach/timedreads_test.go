package reach

import (
	"slices"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// timedCube is the shape of lamport_N's spurious pso traces before #2's
// write of X is generated: #2 fenced (e0) at a step before #1's fenced
// read of X (e1 with its fence e2, value 1), which is before #2's fenced
// read of X (e3 with its fence e4, value 2). Both reads are unsatisfied.
// fenced1 false leaves #1's read without its fence (it may read its
// process's buffer); late1 puts #1's read after #2's instead.
func timedCube(x *syntax.Symbol, fenced1, late1 bool) (*translate.Cube, []translate.Literal) {
	const f2a, r1, f1, r2, f2 = 0, 1, 2, 3, 4
	events := []translate.Event{ev(translate.Fence, 2, nil), ev(translate.Read, 1, x), ev(translate.Fence, 1, nil), ev(translate.Read, 2, x), ev(translate.Fence, 2, nil)}
	rel := translate.NewRel(len(events))
	rel.AddEq(r2, f2)
	if fenced1 {
		rel.AddEq(r1, f1)
	} else {
		rel.AddLt(f1, r1)
	}
	rel.AddLt(f2a, f1)
	if late1 {
		rel.AddLt(r2, r1)
	} else {
		rel.AddLt(r1, r2)
		rel.AddLt(f1, f2)
	}
	value := func(r int, v int64) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(r)), translate.NumTerm(bigInt(v)))
	}
	return &translate.Cube{NVars: 2, Events: events, Rel: rel}, []translate.Literal{value(r1, 1), value(r2, 2)}
}

// TestTimedReadsDrawnAtOnce pins timedreads.go: #2 writes X (value 2,
// buffered, before its fence e0). The outcomes are the subsets of the two
// reads that read it (by the reads left unsatisfied: both, #1's, #2's,
// none). When #2's later read reads it from memory and #1's earlier
// fenced read does not, #1's read is before the write (the law), and the
// write is before #2's fence, which is before #1's read: under the
// step-ordered search, and only there, that outcome is refuted. With #1's
// read after #2's, the law refutes the other one: #1's read reads the
// write from memory, so #2's earlier fenced read, reading another write
// (of another process, after #2's own), is before it, a cycle. Nothing is
// refuted when #1's read is not fenced (it may read its buffer).
func TestTimedReadsDrawnAtOnce(t *testing.T) {
	x, _, _ := weakSymbols(t)
	two := translate.NumTerm(bigInt(2))
	const none, first, second = translate.Set(0), translate.Set(1 << 1), translate.Set(1 << 3) // unsatisfied reads
	all := []translate.Set{first | second, second, first, none}                                // the order rfChoices enumerates them in
	cases := []struct {
		name           string
		mm             memmodel.Model
		fenced1, late1 bool
		refuted        []translate.Set
	}{
		{"step order", OrderingSteps(memmodel.PSO), true, false, []translate.Set{first}},
		{"step order and obligations", OrderingSteps(KeepingObligations(memmodel.PSO)), true, false, []translate.Set{first}},
		{"plain pso", memmodel.PSO, true, false, nil},
		{"obligations only", KeepingObligations(memmodel.PSO), true, false, nil},
		{"step order, #1's read not fenced", OrderingSteps(memmodel.PSO), false, false, nil},
		{"step order, #1's read after #2's", OrderingSteps(memmodel.PSO), true, true, []translate.Set{second}},
		{"plain pso, #1's read after #2's", memmodel.PSO, true, true, nil},
	}
	for _, tc := range cases {
		c, lits := timedCube(x, tc.fenced1, tc.late1)
		st := newWeakStep(c, 2, tc.mm)
		ok, err := st.addWrites([]write{{loc: ev(translate.Write, 2, x), value: two}}, false)
		require.NoError(t, err)
		require.True(t, ok, tc.name)
		require.True(t, st.rel.Lt(st.writes[0], 0), "%s: the write is before #2's fence", tc.name)
		outs, err := st.rfChoices(lits)
		require.NoError(t, err)
		var got []translate.Set
		for _, o := range outs {
			got = append(got, unsatReads(o.lits, st.events))
		}
		var want []translate.Set
		for _, u := range all {
			if !slices.Contains(tc.refuted, u) {
				want = append(want, u)
			}
		}
		require.Equal(t, want, got, "%s: the outcomes left", tc.name)
	}
}
