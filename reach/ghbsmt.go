package reach

import (
	"fmt"

	"github.com/cubew/cubew/smt"
)

// AcyclicFormula returns a formula that is satisfiable exactly when the
// relation (lt ∪ eq)+ \ eq over events 0..n-1 has no cycle: integer ranks
// with rank(a) < rank(b) for every ghb pair (a, b) in lt and rank(a) =
// rank(b) for every ghb-equal pair in eq (difference logic). The rank
// constants are named prefix0, prefix1, ...
//
// The search decides the explicit relations of its cubes with
// translate.Rel.Acyclic, a bit-set closure; this encoding is for relations
// that are only known symbolically inside a solver query. Tests check that
// the two agree.
func AcyclicFormula(s smt.Solver, prefix string, n int, lt, eq [][2]int) smt.Term {
	rank := make([]smt.Term, n)
	for i := range rank {
		rank[i] = s.Const(fmt.Sprintf("%s%d", prefix, i), s.IntSort())
	}
	parts := make([]smt.Term, 0, len(lt)+len(eq))
	for _, e := range lt {
		parts = append(parts, s.Lt(rank[e[0]], rank[e[1]]))
	}
	for _, e := range eq {
		parts = append(parts, s.Eq(rank[e[0]], rank[e[1]]))
	}
	return s.And(parts...)
}
