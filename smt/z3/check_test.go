//go:build cgo

package z3

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// hang bounds the tests below: a check that should stop early but takes this
// long has hung (the hard problem takes minutes).
const hang = 10 * time.Second

// TestTimeout checks that a timed-out check answers Unknown with no error,
// promptly, and that the solver works afterwards.
func TestTimeout(t *testing.T) {
	s := newSolver(t)
	s.SetTimeout(50 * time.Millisecond)
	s.Push()
	s.Assert(pigeons(s, 9))
	start := time.Now()
	r, err := s.Check(context.Background())
	require.NoError(t, err, "a timeout is a verdict, not an error")
	require.Equal(t, smt.Unknown, r)
	require.Less(t, time.Since(start), hang)

	s.Pop(1)
	s.SetTimeout(0)
	requireCheck(t, s, smt.Sat)
	require.Equal(t, 1, s.Stats().Unknown)
}

// TestCancel checks that cancelling the context of a running check stops it
// with Unknown and the context's error, and that the solver refuses to
// check again.
func TestCancel(t *testing.T) {
	s := newSolver(t)
	s.Push()
	s.Assert(pigeons(s, 9))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go cancelWhenRunning(s, cancel)
	start := time.Now()
	r, err := s.Check(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, smt.Unknown, r)
	require.Less(t, time.Since(start), hang)

	// Z3 4.8 may have lost assertions to the interrupt (the pigeonhole
	// formula then comes back Sat, with pigeons outside the holes): the
	// solver refuses every later check, even with a live context.
	s.Pop(1)
	for range 3 {
		r, err = s.Check(context.Background())
		require.ErrorIs(t, err, ErrInterrupted)
		require.Equal(t, smt.Unknown, r)
	}
}

// cancelWhenRunning calls cancel once a check of s is in Z3.
func cancelWhenRunning(s *Solver, cancel context.CancelFunc) {
	for {
		s.mu.Lock()
		running := s.running
		s.mu.Unlock()
		if running {
			cancel()
			return
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// TestCancelled checks that a context cancelled before the check stops it
// before it reaches Z3.
func TestCancelled(t *testing.T) {
	s := newSolver(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := s.Check(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, smt.Unknown, r)
	r, err = s.CheckAssumptions(ctx, s.True())
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, smt.Unknown, r)
	require.Zero(t, s.Stats().Checks)
}

// TestCancelRace cancels checks at the moment they start, when Z3 may not
// listen for interrupts yet: every check must still stop.
func TestCancelRace(t *testing.T) {
	for i := range 20 {
		s := newSolver(t)
		s.Assert(pigeons(s, 9))
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			time.Sleep(time.Duration(i%5) * 100 * time.Microsecond)
			cancel()
		}()
		start := time.Now()
		r, err := s.Check(ctx)
		require.ErrorIs(t, err, context.Canceled)
		require.Equal(t, smt.Unknown, r)
		require.Less(t, time.Since(start), hang)
	}
}

// TestCancelAfterCheck checks that a context cancelled after its check
// returned has no effect on the next check.
func TestCancelAfterCheck(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	s.Assert(s.Gt(x, s.Int(0)))
	for range 100 {
		ctx, cancel := context.WithCancel(context.Background())
		r, err := s.Check(ctx)
		cancel()
		require.NoError(t, err)
		require.Equal(t, smt.Sat, r)
	}
	requireCheck(t, s, smt.Sat)
}

// TestError checks the error path: an ill-sorted term gives a Go error,
// sticky, reported by every later check, and never a crash.
func TestError(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	p := s.Const("p", s.BoolSort())
	require.NoError(t, s.Err())

	bad := s.And(p, x) // x is not Boolean
	require.Zero(t, bad)
	err := s.Err()
	var e *Error
	require.True(t, errors.As(err, &e), "got %T, want *z3.Error", err)
	require.Equal(t, "mk_and", e.Op)
	require.Equal(t, 12, e.Code) // Z3_EXCEPTION, with Z3's message
	require.Contains(t, e.Msg, "Sort mismatch")
	require.Regexp(t, `^z3: mk_and: Sort mismatch`, err.Error())

	// The zero term propagates silently to the next check.
	require.Zero(t, s.Not(bad))
	require.Zero(t, s.Or(p, bad))
	s.Assert(bad)
	require.Zero(t, s.Eq(x, s.True()), "a second error keeps the first")
	require.Same(t, e, s.Err())
	_, ok := s.Eval(bad)
	require.False(t, ok)

	r, err := s.Check(context.Background())
	require.Equal(t, smt.Unknown, r)
	require.Same(t, e, err)
	r, err = s.CheckAssumptions(context.Background(), p, bad)
	require.Equal(t, smt.Unknown, r)
	require.Same(t, e, err)
	require.Zero(t, s.Stats().Checks, "no check reached Z3")
	require.Equal(t, "<invalid>", s.String(bad))
}

// TestErrorCheck checks errors that Z3 reports at assertion and check time.
func TestErrorCheck(t *testing.T) {
	s := newSolver(t)
	s.Assert(s.Int(3)) // not a formula
	r, err := s.Check(context.Background())
	require.Equal(t, smt.Unknown, r)
	require.EqualError(t, err, "z3: solver_assert: invalid argument")

	s = newSolver(t)
	r, err = s.CheckAssumptions(context.Background(), s.Int(3))
	require.Equal(t, smt.Unknown, r)
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "solver_check_assumptions", e.Op)
	require.NoError(t, s.Err(), "a failed check is not sticky")
	requireCheck(t, s, smt.Sat)

	s = newSolver(t)
	require.Zero(t, s.Add())
	require.EqualError(t, s.Err(), "z3: mk_add: no arguments supplied to arithmetical operator")
	require.PanicsWithValue(t, "z3: Real with zero denominator", func() { s.Real(1, 0) })
}
