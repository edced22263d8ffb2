//go:build cgo

package z3

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// TestMain fails the run if a test, example or benchmark left a Context
// open.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := live.Load(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "z3: %d contexts left open\n", n)
		code = 1
	}
	os.Exit(code)
}

// newSolver returns a Solver with its own Context, closed at the end of t.
func newSolver(t testing.TB) *Solver {
	t.Helper()
	s := New()
	t.Cleanup(s.Close)
	return s
}

// requireCheck checks s and requires result want with no error.
func requireCheck(t testing.TB, s *Solver, want smt.Result) {
	t.Helper()
	got, err := s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, want, got, "got %v, want %v", got, want)
}

// pigeons returns the pigeonhole formula: n+1 integers in [0, n), pairwise
// distinct. It is unsatisfiable, and for n ≥ 8 Z3 needs minutes to say so,
// which makes it the hard problem of the timeout and cancellation tests.
func pigeons(s smt.Solver, n int) smt.Term {
	var ps, cs []smt.Term
	for i := 0; i <= n; i++ {
		p := s.Const(fmt.Sprint("pigeon", i), s.IntSort())
		ps = append(ps, p)
		cs = append(cs, s.Ge(p, s.Int(0)), s.Lt(p, s.Int(int64(n))))
	}
	return s.And(append(cs, s.Distinct(ps...))...)
}

// requirePanics requires f to panic with a string matching the regexp rx.
func requirePanics(t testing.TB, rx string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		v := recover()
		require.NotNil(t, v, "no panic, want %q", rx)
		msg, ok := v.(string)
		require.True(t, ok, "panic value %v is not a string", v)
		require.Regexp(t, rx, msg)
	}()
	f()
}
