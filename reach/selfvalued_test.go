package reach

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// selfValuedSystem has X, written only as `X := p` (self-valued), and Z,
// written as `Z := q` by the transition's other parameter (not).
func selfValuedSystem(t *testing.T) *translate.System {
	t.Helper()
	src := `weak var X : proc
weak var Z : proc
weak var B : bool
array PC[proc] : bool
init (p) { PC[p] = True }
transition w ([p]) requires { PC[p] = True } { X := p }
transition v ([p] q) requires { PC[p] = True } { Z := q }
`
	m, err := syntax.ParseAndCheck("s.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// TestSelfValuedVariables: X is self-valued, Z is not (its value is
// another parameter), nor is B, never written but not of type proc
// (gen-pso-17's X2: certify's law compared a bool with a process), and
// none is taken for an owned array.
func TestSelfValuedVariables(t *testing.T) {
	sys := selfValuedSystem(t)
	owned := ownedArrays(sys)
	x, z := sys.Model.Symbols["X"], sys.Model.Symbols["Z"]
	require.True(t, owned.selfValued(x))
	require.False(t, owned.selfValued(z))
	require.False(t, SelfValued(sys, sys.Model.Symbols["B"]))
	require.Len(t, owned, 1, "only X")
}

// selfValuedCube is lamport_N's spurious pso trace (#1 loops once, then
// both processes enter the critical section, #1 first) just before #1's
// second write of X is generated: #2's fence of its step L2 (e0) is before
// #1's fenced read of X = #1 (e1, fence e2), which is before #2's fenced
// read of X = #2 (e3, fence e4). Both reads are unsatisfied.
func selfValuedCube(x *syntax.Symbol) (*translate.Cube, []translate.Literal) {
	const f2a, r1, f1, r2, f2 = 0, 1, 2, 3, 4
	events := []translate.Event{ev(translate.Fence, 2, nil), ev(translate.Read, 1, x), ev(translate.Fence, 1, nil), ev(translate.Read, 2, x), ev(translate.Fence, 2, nil)}
	rel := translate.NewRel(len(events))
	rel.AddEq(r1, f1)
	rel.AddEq(r2, f2)
	rel.AddLt(f2a, f1)
	rel.AddLt(r1, r2)
	value := func(r int, p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(r)), translate.ProcTerm(p))
	}
	return &translate.Cube{NVars: 2, Events: events, Rel: rel}, []translate.Literal{value(r1, 1), value(r2, 2)}
}

// TestSelfValuedSource pins selfvalued.go on the cube above and #1's new
// write X := #1 (buffered). Without the rule the step-ordered search has
// two outcomes: #1's read reads the new write (from memory: #1's fence is
// after it), or a later one. The rule refutes the second: #1's read must
// then read a write of #1 generated later, before the new one in program
// order, while the new one reached memory before the read. Only the
// step-ordered search draws it, and only for a self-valued variable. (The
// first outcome is refuted by stronger bounds that selfvalued.go
// measured and left out.)
func TestSelfValuedSource(t *testing.T) {
	sys := selfValuedSystem(t)
	x := sys.Model.Symbols["X"]
	one := translate.ProcTerm(1)
	cases := []struct {
		name     string
		mm       memmodel.Model
		owned    ownedCells
		outcomes int
	}{
		{"step-ordered, X self-valued", OrderingSteps(memmodel.PSO), ownedArrays(sys), 1},
		{"step-ordered, X not known self-valued", OrderingSteps(memmodel.PSO), ownedCells{}, 2},
		{"plain pso", memmodel.PSO, ownedArrays(sys), 2},
	}
	for _, tc := range cases {
		c, lits := selfValuedCube(x)
		st := newWeakStep(c, 1, tc.mm)
		st.owned = tc.owned
		ok, err := st.addWrites([]write{{loc: ev(translate.Write, 1, x), value: one}}, false)
		require.NoError(t, err)
		require.True(t, ok, tc.name)
		outs, err := st.rfChoices(lits)
		require.NoError(t, err)
		n := 0
		for _, o := range outs {
			if _, ok := translate.Simplify(o.lits); ok {
				n++ // not both reads of the one write
			}
		}
		require.Equal(t, tc.outcomes, n, tc.name)
	}
}
