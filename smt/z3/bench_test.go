//go:build cgo

package z3

import (
	"context"
	"fmt"
	"testing"

	"github.com/cubew/cubew/smt"
)

// benchCube builds a satisfiable cube of n distinct literals shaped like
// the engine's: over eight processes (an enumeration), literals on a state
// array A, an integer array X and a Boolean array B, with a fresh triple of
// arrays for every 32 literals. Comparisons of X chain at most eight cells.
func benchCube(s *Context, n int) []smt.Term {
	proc, ps := s.EnumSort("proc", []string{"#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8"})
	state, sts := s.EnumSort("state", []string{"Idle", "Want", "Crit"})
	lits := make([]smt.Term, n)
	var a, x, b smt.Func
	for i := range lits {
		k, j := i/32, i%8
		if i%32 == 0 {
			a = s.FuncDecl(fmt.Sprint("A", k), []smt.Sort{proc}, state)
			x = s.FuncDecl(fmt.Sprint("X", k), []smt.Sort{proc}, s.IntSort())
			b = s.FuncDecl(fmt.Sprint("B", k), []smt.Sort{proc}, s.BoolSort())
		}
		switch (i / 8) % 4 {
		case 0:
			lits[i] = s.Not(s.Eq(s.Apply(a, ps[j]), sts[2]))
		case 1:
			lits[i] = s.Ge(s.Apply(x, ps[j]), s.Int(int64(j)))
		case 2:
			if j < 7 {
				lits[i] = s.Lt(s.Apply(x, ps[j]), s.Apply(x, ps[j+1]))
			} else {
				lits[i] = s.Le(s.Apply(x, ps[j]), s.Int(100))
			}
		case 3:
			lits[i] = s.Iff(s.Apply(b, ps[j]), s.Eq(s.Apply(a, ps[j]), sts[1]))
		}
	}
	if len(dedup(lits)) != n {
		panic("benchCube: repeated literals")
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

// dedup returns the distinct elements of ts.
func dedup(ts []smt.Term) map[smt.Term]bool {
	m := make(map[smt.Term]bool, len(ts))
	for _, t := range ts {
		m[t] = true
	}
	return m
}
