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

// TestCheckCube checks smt.CheckCube on Z3: the model after Sat, the core
// after Unsat, and the assertions left in place.
func TestCheckCube(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t)
	proc, ps := s.EnumSort("proc", []string{"#1", "#2"})
	state, sts := s.EnumSort("state", []string{"Idle", "Crit"})
	a := s.FuncDecl("A", []smt.Sort{proc}, state)
	i, j := s.Const("i", proc), s.Const("j", proc)
	s.Assert(s.Distinct(i, j))

	crit := []smt.Term{s.Eq(s.Apply(a, i), sts[1]), s.Eq(s.Apply(a, j), sts[1])}
	r, err := smt.CheckCube(ctx, s, crit)
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	v, ok := s.Eval(s.Apply(a, ps[0]))
	require.True(t, ok)
	require.Equal(t, sts[1], v, "both processes are critical")

	same := s.Eq(i, j)
	r, err = smt.CheckCube(ctx, s, append(crit, same))
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.Equal(t, []smt.Term{same}, s.UnsatCore(nil))
}

// TestEntails checks the fixpoint test on Z3: a cube is covered by a
// disjunction of weaker cubes, not by stronger ones.
func TestEntails(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t)
	x, y := s.Const("x", s.IntSort()), s.Const("y", s.IntSort())
	cube := []smt.Term{s.Gt(x, s.Int(0)), s.Gt(y, s.Int(0))}

	tests := []struct {
		name  string
		cubes [][]smt.Term
		want  bool
	}{
		{"itself", [][]smt.Term{cube}, true},
		{"weaker", [][]smt.Term{{s.Ge(x, s.Int(0))}}, true},
		{"split", [][]smt.Term{{s.Le(x, s.Int(5))}, {s.Gt(x, s.Int(5)), s.Gt(y, s.Int(-1))}}, true},
		{"stronger", [][]smt.Term{{s.Gt(x, s.Int(1))}}, false},
		{"gap", [][]smt.Term{{s.Le(x, s.Int(5))}, {s.Gt(x, s.Int(6))}}, false},
		{"none", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := smt.Entails(ctx, s, cube, tt.cubes)
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
	// The assertions are back as they were: no scope is left open.
	require.Equal(t, 0, s.depth)
	requireCheck(t, s, smt.Sat)
}

// TestEntailsUnknown checks that a timeout is reported as smt.ErrUnknown,
// never as an entailment.
func TestEntailsUnknown(t *testing.T) {
	s := newSolver(t)
	s.SetTimeout(20 * time.Millisecond)
	hard := pigeons(s, 9) // unsatisfiable, so "false entails anything" holds
	got, err := smt.Entails(context.Background(), s, []smt.Term{hard}, [][]smt.Term{{s.False()}})
	require.False(t, got)
	require.True(t, errors.Is(err, smt.ErrUnknown), "got %v, want smt.ErrUnknown", err)
}
