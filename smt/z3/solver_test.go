//go:build cgo

package z3

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// TestPushPop checks that Pop restores the assertions of the scope it
// closes, one or several at a time.
func TestPushPop(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	s.Assert(s.Gt(x, s.Int(0)))
	requireCheck(t, s, smt.Sat)

	s.Push()
	s.Assert(s.Lt(x, s.Int(0)))
	requireCheck(t, s, smt.Unsat)
	s.Pop(1)
	requireCheck(t, s, smt.Sat)

	s.Push()
	s.Assert(s.Lt(x, s.Int(5)))
	s.Push()
	s.Assert(s.Gt(x, s.Int(3)))
	requireCheck(t, s, smt.Sat)
	v, ok := s.Eval(x)
	require.True(t, ok)
	require.Equal(t, s.Int(4), v, "got %s, want 4", s.String(v))
	s.Push()
	s.Assert(s.Not(s.Eq(x, s.Int(4))))
	requireCheck(t, s, smt.Unsat)
	s.Pop(2)
	s.Assert(s.Gt(x, s.Int(10))) // contradicts x < 5, still in scope
	requireCheck(t, s, smt.Unsat)
	s.Pop(1)
	s.Assert(s.Gt(x, s.Int(10)))
	requireCheck(t, s, smt.Sat)

	s.Pop(0)
	require.PanicsWithValue(t, "z3: Pop(1) with 0 scopes pushed", func() { s.Pop(1) })
	require.PanicsWithValue(t, "z3: Pop(-1) with 0 scopes pushed", func() { s.Pop(-1) })
}

// TestAssumptionsAndCores checks CheckAssumptions, its unsat core, and that
// assumptions last for one check only.
func TestAssumptionsAndCores(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t)
	x, y := s.Const("x", s.IntSort()), s.Const("y", s.IntSort())
	a, b, c := s.Gt(x, s.Int(5)), s.Lt(x, s.Int(3)), s.Eq(y, s.Int(1))
	s.Assert(s.Ge(y, s.Int(0)))

	r, err := s.CheckAssumptions(ctx, a, b, c)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	dst := []smt.Term{s.True()}
	core := s.UnsatCore(dst)
	require.Equal(t, s.True(), core[0], "UnsatCore appends to dst")
	require.ElementsMatch(t, []smt.Term{a, b}, core[1:], "c is not needed")

	r, err = s.CheckAssumptions(ctx, a, c)
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	require.Empty(t, s.UnsatCore(nil), "no core after sat")
	v, ok := s.Eval(y)
	require.True(t, ok)
	require.Equal(t, s.Int(1), v)

	// Assumptions and assertions together: y ≥ 0 is asserted.
	r, err = s.CheckAssumptions(ctx, s.Lt(y, s.Int(0)))
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.Equal(t, []smt.Term{s.Lt(y, s.Int(0))}, s.UnsatCore(nil))

	// The assumptions are gone; a plain check has no core.
	requireCheck(t, s, smt.Sat)
	require.Empty(t, s.UnsatCore(nil))
	s.Assert(s.False())
	requireCheck(t, s, smt.Unsat)
	require.Empty(t, s.UnsatCore(nil), "Check without assumptions gives no core")
}

// TestModelLifetime checks when Eval has a model: after Sat, until the
// solver state changes.
func TestModelLifetime(t *testing.T) {
	s := newSolver(t)
	p := s.Const("p", s.BoolSort())
	q := s.Const("q", s.BoolSort())
	_, ok := s.Eval(p)
	require.False(t, ok, "no check yet")

	s.Assert(s.And(p, s.Not(q)))
	requireCheck(t, s, smt.Sat)
	v, ok := s.Eval(p)
	require.True(t, ok)
	require.Equal(t, s.True(), v)
	v, ok = s.Eval(q)
	require.True(t, ok)
	require.Equal(t, s.False(), v)
	v, ok = s.Eval(s.Or(p, q))
	require.True(t, ok)
	require.Equal(t, s.True(), v)

	// Model completion gives unconstrained constants a value.
	v, ok = s.Eval(s.Const("free", s.IntSort()))
	require.True(t, ok)
	require.Equal(t, s.Int(0), v)

	s.Push()
	_, ok = s.Eval(p)
	require.False(t, ok, "Push discards the model")
	s.Assert(s.Not(p))
	requireCheck(t, s, smt.Unsat)
	_, ok = s.Eval(p)
	require.False(t, ok, "no model after unsat")
}

// TestSharedContext checks that solvers of one Context share terms but not
// assertions, and that closing one leaves the others working.
func TestSharedContext(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s1, s2 := c.NewSolver(), c.NewSolver()
	x := c.Const("x", c.IntSort())
	s1.Assert(c.Gt(x, c.Int(0)))
	s2.Assert(c.Lt(x, c.Int(0)))
	s1.Assert(c.Lt(x, c.Int(0)))
	requireCheck(t, s1, smt.Unsat)
	requireCheck(t, s2, smt.Sat)
	s1.Close()
	requireCheck(t, s2, smt.Sat)
	require.PanicsWithValue(t, "z3: use of closed Solver", func() { s1.Assert(x) })
	c.Close()
	require.PanicsWithValue(t, "z3: use of closed Solver", func() { s2.Push() }, "closing the Context closes its solvers")
}

// TestStats checks the counters.
func TestStats(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t)
	p := s.Const("p", s.BoolSort())
	requireCheck(t, s, smt.Sat)
	_, err := s.CheckAssumptions(ctx, p, s.Not(p))
	require.NoError(t, err)
	s.SetTimeout(1) // rounds up to 1ms, ample for this
	requireCheck(t, s, smt.Sat)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.Check(cancelled) // never reaches Z3
	require.ErrorIs(t, err, context.Canceled)
	st := s.Stats()
	require.Equal(t, 3, st.Checks)
	require.Equal(t, 2, st.Sat)
	require.Equal(t, 1, st.Unsat)
	require.Equal(t, 0, st.Unknown)
	require.Positive(t, st.Time)
}

// TestClose checks that Close is idempotent, that use after it panics, and
// that invalid handles panic with a clear message.
func TestClose(t *testing.T) {
	s := New()
	x := s.Const("x", s.IntSort())
	require.PanicsWithValue(t, "z3: zero term handle with no error recorded", func() { s.Not(0) })
	requirePanics(t, `^z3: term 99 out of range \(\d+ in the table; released, or from another Context\?\)$`, func() { s.Not(99) })
	requirePanics(t, `^z3: sort 42 out of range`, func() { s.Const("y", 42) })
	requirePanics(t, `^z3: func 7 out of range`, func() { s.Apply(7) })
	s.Close()
	s.Close()
	require.PanicsWithValue(t, "z3: use of closed Solver", func() { s.Check(context.Background()) })
	require.PanicsWithValue(t, "z3: use of closed Context", func() { s.Not(x) }, "New's solver owns its Context")
	require.PanicsWithValue(t, "z3: use of closed Context", func() { s.Context.Close(); s.IntSort() })
}

// TestMarkRelease checks that Release forgets the terms made after a Mark,
// keeps the others, and does not touch assertions.
func TestMarkRelease(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	one := s.Int(1)
	m := s.Mark()
	gt := s.Gt(x, one)
	s.Assert(gt)
	require.Equal(t, smt.Term(m), gt, "the first new term takes the marked slot")
	s.Release(m)
	require.Equal(t, m, s.Mark())
	requirePanics(t, `^z3: term \d+ out of range`, func() { s.Not(gt) })

	s.Assert(s.Lt(x, s.Int(3))) // reuses the slot of gt
	requireCheck(t, s, smt.Sat)
	v, ok := s.Eval(x)
	require.True(t, ok)
	require.Equal(t, s.Int(2), v, "the released x > 1 is still asserted")
	require.Equal(t, "x", s.String(x))
	require.Equal(t, one, s.Int(1), "terms before the mark are kept")
	requirePanics(t, `^z3: Release\(0\) with \d+ terms in the table$`, func() { s.Release(0) })
	requirePanics(t, `^z3: Release\(1000\) with \d+ terms in the table$`, func() { s.Release(1000) })
}
