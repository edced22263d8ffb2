//go:build cgo

package z3

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// TestEnumSort checks that a term of an enumeration takes one of its
// values and no other.
func TestEnumSort(t *testing.T) {
	s := newSolver(t)
	proc, ps := s.EnumSort("proc", []string{"#1", "#2", "#3"})
	require.NoError(t, s.Err())
	require.Len(t, ps, 3)
	x := s.Const("x", proc)

	// A value outside the enumeration is impossible.
	s.Push()
	for _, p := range ps {
		s.Assert(s.Not(s.Eq(x, p)))
	}
	requireCheck(t, s, smt.Unsat)
	s.Pop(1)

	// Four pairwise distinct processes do not fit in three values.
	s.Push()
	s.Assert(s.Distinct(x, s.Const("y", proc), s.Const("z", proc), s.Const("w", proc)))
	requireCheck(t, s, smt.Unsat)
	s.Pop(1)

	// The values are pairwise distinct.
	s.Push()
	s.Assert(s.Eq(ps[0], ps[1]))
	requireCheck(t, s, smt.Unsat)
	s.Pop(1)

	// Excluding two values leaves the third, as the model shows.
	s.Assert(s.Not(s.Eq(x, ps[0])))
	s.Assert(s.Not(s.Eq(x, ps[2])))
	requireCheck(t, s, smt.Sat)
	v, ok := s.Eval(x)
	require.True(t, ok)
	require.Equal(t, ps[1], v, "got %s, want #2", s.String(v))
	require.Equal(t, "|#2|", s.String(v), "SMT-LIB quotes the symbol")
}

// TestEnumSortDistinctSorts checks that two enumerations are different
// sorts, even with the same values.
func TestEnumSortDistinctSorts(t *testing.T) {
	s := newSolver(t)
	a, as := s.EnumSort("A", []string{"u", "v"})
	b, bs := s.EnumSort("B", []string{"w", "z"})
	require.NotEqual(t, a, b)
	require.NotEqual(t, as[0], bs[0])
	require.NoError(t, s.Err())
	require.Zero(t, s.Eq(as[0], bs[0]), "comparing values of two sorts is ill-sorted")
	require.Error(t, s.Err())
}

// TestEnumSortErrors checks that an empty or repeated list of values is
// an error, not a crash.
func TestEnumSortErrors(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		msg    string
	}{
		{"empty", nil, "z3: mk_enumeration_sort: enumeration E has no values"},
		{"twice", []string{"a", "b", "a"}, "z3: mk_enumeration_sort: enumeration E has value a twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSolver(t)
			sort, values := s.EnumSort("E", tt.values)
			require.Zero(t, sort)
			require.Nil(t, values)
			require.EqualError(t, s.Err(), tt.msg)
		})
	}
}

// TestUninterpretedSort checks that elements of an uninterpreted sort are
// only constrained by equalities.
func TestUninterpretedSort(t *testing.T) {
	s := newSolver(t)
	u := s.UninterpretedSort("Loc")
	a, b, c := s.Const("a", u), s.Const("b", u), s.Const("c", u)
	s.Assert(s.Distinct(a, b, c))
	requireCheck(t, s, smt.Sat)
	s.Assert(s.Or(s.Eq(a, b), s.Eq(b, c)))
	requireCheck(t, s, smt.Unsat)
}
