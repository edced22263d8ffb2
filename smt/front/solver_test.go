package front

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// errNoBackend is what the backend of these tests fails with: every check
// here must be answered by the built-in procedure, or fail with it.
var errNoBackend = errors.New("no backend in this test")

func newTestSolver(t *testing.T) *Solver {
	s := New(func() (smt.Solver, error) { return nil, errNoBackend }, Options{})
	t.Cleanup(s.Close)
	return s
}

// TestStickyError checks that an ill-sorted term gives the zero handle,
// propagates through builders and makes every later check Unknown with
// the error.
func TestStickyError(t *testing.T) {
	s := newTestSolver(t)
	bad := s.Eq(s.True(), s.Int(1))
	require.Zero(t, bad)
	require.ErrorContains(t, s.Err(), "different sorts")
	require.Zero(t, s.Not(bad))
	r, err := s.Check(context.Background())
	require.Equal(t, smt.Unknown, r)
	require.Equal(t, s.Err(), err)
}

// TestModelValues checks a built-in Sat answer's model: values are
// literals, function tables are consistent, disequalities hold.
func TestModelValues(t *testing.T) {
	s := newTestSolver(t)
	srt, vals := s.EnumSort("state", []string{"Idle", "Want", "Crit"})
	a := s.FuncDecl("A", []smt.Sort{s.IntSort()}, srt)
	p1, p2 := s.Const("p1", s.IntSort()), s.Const("p2", s.IntSort())
	s.Assert(s.Distinct(p1, p2))
	r, err := s.CheckAssumptions(context.Background(), s.Eq(s.Apply(a, p1), vals[2]), s.Not(s.Eq(s.Apply(a, p2), vals[0])))
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	v, ok := s.Eval(s.Apply(a, p1))
	require.True(t, ok)
	require.Equal(t, vals[2], v)
	v, ok = s.Eval(s.Apply(a, p2))
	require.True(t, ok)
	require.Contains(t, vals[1:], v)
	e1, _ := s.Eval(p1)
	e2, _ := s.Eval(p2)
	require.NotEqual(t, e1, e2)
	tr, _ := s.Eval(s.Distinct(p1, p2))
	require.Equal(t, s.True(), tr)
	require.Equal(t, smt.Stats{Checks: 1, Sat: 1, Builtin: 1}, checkCounts(s.Stats()))
}

// TestOrderedIntegers checks that orderings are decided over the integers,
// not a dense order: three distinct processes fit in 1..3, not in 1..2.
func TestOrderedIntegers(t *testing.T) {
	for _, tt := range []struct {
		bound int64
		want  smt.Result
	}{{2, smt.Unsat}, {3, smt.Sat}} {
		s := newTestSolver(t)
		ps := []smt.Term{s.Const("p1", s.IntSort()), s.Const("p2", s.IntSort()), s.Const("p3", s.IntSort())}
		s.Assert(s.Distinct(ps...))
		for _, p := range ps {
			s.Assert(s.Le(s.Int(1), p))
			s.Assert(s.Le(p, s.Int(tt.bound)))
		}
		r, err := s.Check(context.Background())
		require.NoError(t, err)
		require.Equal(t, tt.want, r, "bound %d", tt.bound)
		if r == smt.Sat {
			seen := map[smt.Term]bool{}
			for _, p := range ps {
				v, ok := s.Eval(p)
				require.True(t, ok)
				require.Contains(t, []smt.Term{s.Int(1), s.Int(2), s.Int(3)}, v)
				seen[v] = true
			}
			require.Len(t, seen, 3)
		}
	}
}

// TestOutsideFragment checks that a check the built-in procedure cannot
// answer goes to the backend, and that a backend that cannot be made
// gives Unknown and its error.
func TestOutsideFragment(t *testing.T) {
	s := newTestSolver(t)
	x := s.Const("x", s.IntSort())
	s.Assert(s.Eq(s.Mul(x, x), s.Int(4)))
	r, err := s.Check(context.Background())
	require.Equal(t, smt.Unknown, r)
	require.ErrorIs(t, err, errNoBackend)
	require.Zero(t, s.Stats().Builtin)
}

// TestReleaseKeepsAssertions checks that releasing terms keeps the ones
// still asserted: the check after Release sees the same formula.
func TestReleaseKeepsAssertions(t *testing.T) {
	s := newTestSolver(t)
	b := s.Const("b", s.BoolSort())
	m := s.Mark()
	s.Push()
	s.Assert(s.And(b, s.Not(b)))
	s.Release(m)
	r, err := s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	s.Pop(1)
	s.Release(m)
	r, err = s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	require.Equal(t, int(m), len(s.nodes), "nothing pinned once popped")
	require.Panics(t, func() { s.Pop(1) })
}

// TestUseAfterClose checks that Close is idempotent and that any later
// use panics with a clear message.
func TestUseAfterClose(t *testing.T) {
	s := newTestSolver(t)
	s.Close()
	s.Close()
	require.PanicsWithValue(t, "front: use of closed Solver", func() { s.True() })
	require.PanicsWithValue(t, "front: use of closed Solver", func() { s.Push() })
	require.PanicsWithValue(t, "front: use of closed Solver", func() { _ = s.Stats() })
}

// checkCounts returns st without the figures that vary from run to run
// or with the search's order: time and evaluation steps.
func checkCounts(st smt.Stats) smt.Stats {
	st.Time, st.Steps = 0, 0
	return st
}

// TestDifferenceConstraints checks difference constraints over array
// cells: decided over the integers (no room between x and x + 1),
// congruence of cells with equal indices, and a model whose values
// satisfy the offsets.
func TestDifferenceConstraints(t *testing.T) {
	s := newTestSolver(t)
	level := s.FuncDecl("Level", []smt.Sort{s.IntSort()}, s.IntSort())
	p1, p2, p3 := s.Const("p1", s.IntSort()), s.Const("p2", s.IntSort()), s.Const("p3", s.IntSort())
	l1, l2, l3 := s.Apply(level, p1), s.Apply(level, p2), s.Apply(level, p3)
	plus := func(u smt.Term, k int64) smt.Term { return s.Add(u, s.Int(k)) }
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		fs   []smt.Term
		want smt.Result
	}{
		{"no integer strictly between x and x+2 but x+1", []smt.Term{s.Lt(l1, l2), s.Lt(l2, plus(l1, 2)), s.Not(s.Eq(l2, plus(l1, 1)))}, smt.Unsat},
		{"x < y < x+3 leaves room", []smt.Term{s.Lt(l1, l2), s.Lt(l2, plus(l1, 3)), s.Not(s.Eq(l2, plus(l1, 1)))}, smt.Sat},
		{"equal indices, equal cells", []smt.Term{s.Eq(p1, p3), s.Eq(plus(l1, 1), l3)}, smt.Unsat},
		{"a cycle of offsets", []smt.Term{s.Le(plus(l1, 1), l2), s.Le(plus(l2, 1), l3), s.Ge(l1, s.Sub(l3, s.Int(1)))}, smt.Unsat},
		{"offsets against literals", []smt.Term{s.Eq(l1, s.Int(0)), s.Eq(l2, plus(l1, 2)), s.Or(s.Lt(l3, l1), s.Gt(l3, plus(l2, 4)))}, smt.Sat},
	} {
		s.Push()
		for _, f := range tt.fs {
			s.Assert(f)
		}
		r, err := s.Check(ctx)
		require.NoError(t, err, tt.name)
		require.Equal(t, tt.want, r, tt.name)
		if r == smt.Sat {
			for _, f := range tt.fs {
				v, ok := s.Eval(f)
				require.True(t, ok, tt.name)
				require.Equal(t, s.True(), v, "%s: %s", tt.name, s.String(f))
			}
			v1, _ := s.Eval(l1)
			v2, _ := s.Eval(l2)
			require.NotEqual(t, v1, v2, tt.name)
		}
		s.Pop(1)
	}
	require.Equal(t, 5, s.Stats().Builtin)
}
