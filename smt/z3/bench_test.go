//go:build cgo

package z3

import (
	"context"
	"fmt"
	"testing"

	"github.com/cubew/cubew/smt"
)

// benchCube builds a satisfiable cube of n literals shaped like the
// engine's: process variables of an enumeration, an array from processes
// to states, distinctness of processes, and integer difference constraints.
func benchCube(s *Context, n int) []smt.Term {
	proc, _ := s.EnumSort("proc", []string{"#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8"})
	state, sts := s.EnumSort("state", []string{"Idle", "Want", "Crit"})
	a := s.FuncDecl("A", []smt.Sort{proc}, state)
	q := func(i int) smt.Term { return s.Const(fmt.Sprint("q", i%8), proc) }
	x := func(i int) smt.Term { return s.Const(fmt.Sprint("x", i), s.IntSort()) }
	lits := make([]smt.Term, n)
	for i := range lits {
		switch i % 4 {
		case 0:
			lits[i] = s.Lt(x(i), x(i+1))
		case 1:
			lits[i] = s.Le(s.Add(x(i), s.Int(1)), x(i+2))
		case 2:
			lits[i] = s.Not(s.Eq(s.Apply(a, q(i)), sts[2]))
		case 3:
			lits[i] = s.Not(s.Eq(q(i), q(i+3)))
		}
	}
	return lits
}

// BenchmarkCheck times one satisfiability check of a cube of 20, 100 and
// 500 literals, four ways: asserted in a scope of a long-lived solver
// (push/pop), passed as assumptions to a long-lived solver (smt.CheckCube),
// asserted in a fresh solver of a long-lived Context, and asserted in a
// fresh Context (New).
func BenchmarkCheck(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{20, 100, 500} {
		b.Run(fmt.Sprintf("push-pop/lits=%d", n), func(b *testing.B) {
			s := newSolver(b)
			lits := benchCube(s.Context, n)
			b.ReportAllocs()
			for b.Loop() {
				s.Push()
				for _, l := range lits {
					s.Assert(l)
				}
				r, err := s.Check(ctx)
				requireSat(b, r, err)
				s.Pop(1)
			}
		})
		b.Run(fmt.Sprintf("assumptions/lits=%d", n), func(b *testing.B) {
			s := newSolver(b)
			lits := benchCube(s.Context, n)
			b.ReportAllocs()
			for b.Loop() {
				r, err := smt.CheckCube(ctx, s, lits)
				requireSat(b, r, err)
			}
		})
		b.Run(fmt.Sprintf("fresh-solver/lits=%d", n), func(b *testing.B) {
			c := NewContext()
			b.Cleanup(c.Close)
			lits := benchCube(c, n)
			b.ReportAllocs()
			for b.Loop() {
				s := c.NewSolver()
				for _, l := range lits {
					s.Assert(l)
				}
				r, err := s.Check(ctx)
				requireSat(b, r, err)
				s.Close()
			}
		})
		b.Run(fmt.Sprintf("fresh-context/lits=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := New()
				for _, l := range benchCube(s.Context, n) {
					s.Assert(l)
				}
				r, err := s.Check(ctx)
				requireSat(b, r, err)
				s.Close()
			}
		})
	}
}

// requireSat stops the benchmark unless a check returned Sat.
func requireSat(b *testing.B, r smt.Result, err error) {
	if err != nil || r != smt.Sat {
		b.Fatalf("got %v, %v, want sat", r, err)
	}
}
