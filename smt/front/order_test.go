package front

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// contradictingCube asserts, in the shape of a fixpoint query, a cube
// whose comparisons of levels contradict each other (L(p1) = L(p2) + 1
// and L(p1) + 1 = L(p2) + 1, or a consistent second one when consistent
// is set) and ten negated cubes, each over a Boolean of its own and a
// comparison of levels: a search that decides the comparisons last
// branches on the ten Booleans first.
func contradictingCube(s *Solver, consistent bool) {
	level := s.FuncDecl("L", []smt.Sort{s.IntSort()}, s.IntSort())
	p1, p2 := s.Const("p1", s.IntSort()), s.Const("p2", s.IntSort())
	l1, l2 := s.Apply(level, p1), s.Apply(level, p2)
	s.Assert(s.Distinct(p1, p2))
	s.Assert(s.Eq(l1, s.Add(l2, s.Int(1))))
	second := s.Eq(s.Add(l1, s.Int(1)), s.Add(l2, s.Int(1)))
	if consistent {
		second = s.Not(s.Eq(s.Add(l1, s.Int(3)), s.Add(l2, s.Int(1))))
	}
	s.Assert(second)
	for i := range 10 {
		b := s.Const("b"+string(rune('a'+i)), s.BoolSort())
		s.Assert(s.Not(s.And(s.Eq(b, s.True()), s.Not(s.Eq(l1, s.Add(l2, s.Int(int64(i+3))))))))
	}
}

// TestForcedDecisionsFirst checks that the comparisons a cube asserts are
// decided before the atoms of the negated cubes: the contradiction is
// found within a budget far below the 2^10 branches of the Booleans
// (with the comparisons decided last, the check runs out of it and goes
// to the backend, which these tests do not have), and the consistent
// variant is still satisfiable.
func TestForcedDecisionsFirst(t *testing.T) {
	for _, tt := range []struct {
		consistent bool
		want       smt.Result
	}{{false, smt.Unsat}, {true, smt.Sat}} {
		s := New(func() (smt.Solver, error) { return nil, errNoBackend }, Options{Budget: 2000})
		t.Cleanup(s.Close)
		contradictingCube(s, tt.consistent)
		r, err := s.Check(context.Background())
		require.NoError(t, err, "consistent %v", tt.consistent)
		require.Equal(t, tt.want, r, "consistent %v", tt.consistent)
		require.Equal(t, 1, s.Stats().Builtin)
		require.Less(t, s.Stats().Steps, 1000, "consistent %v", tt.consistent)
	}
}
