package reach

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestGeneraliseLeavesChecksToTheCaller: generalise builds the candidates
// of every subset of the literals but runs none of their checks (on
// ticket_spin_lock_N under pso, running them all took 54 % of the
// search); the caller runs them in order, and the candidates a check
// keeps come most general first, as if generalise had dropped the others
// before sorting. Here the check keeps the subsets of one and three
// literals: `PC[#1] = L1`, `PC[#2] = L2`, `R[#1] < R[#2]`, then the
// three together (each renamed canonically).
func TestGeneraliseLeavesChecksToTheCaller(t *testing.T) {
	src := `type loc = L1 | L2
array PC[proc] : loc
array R[proc] : int
init (i) { PC[i] = L1 }
`
	m, err := syntax.ParseAndCheck("t.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	r := func(p int) *translate.Term { return translate.StateTerm(m.Symbols["R"], translate.Proc(p)) }
	pc := func(p int, v string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["PC"], translate.Proc(p)), translate.CtorTerm(v))
	}
	lits := []translate.Literal{pc(1, "L1"), pc(2, "L2"), translate.NewLiteral(translate.Lt, r(1), r(2))}
	calls := 0
	cands := generalise(lits, 2, map[string]bool{}, func(_ []int, sub []translate.Literal) (*translate.Cube, func() bool) {
		c, ok := translate.NewCube(sub)
		if !ok {
			return nil, nil
		}
		return c, func() bool {
			calls++
			return len(sub) != 2
		}
	})
	require.Len(t, cands, 7, "every subset is built")
	require.Zero(t, calls, "no check runs in generalise")
	var got []string
	for _, c := range checked(cands) {
		got = append(got, c.String())
	}
	require.Equal(t, 7, calls)
	require.Equal(t, []string{"PC[#1] = L1", "PC[#1] = L2", "R[#2] < R[#1]", "PC[#1] = L2 && PC[#2] = L1 && R[#2] < R[#1]"}, got)
}
