//go:build cgo

package z3

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// TestOperators checks each builder on a formula whose status is known.
func TestOperators(t *testing.T) {
	type vars struct{ p, q, x, y, z, r smt.Term }
	tests := []struct {
		name string
		f    func(s smt.Solver, v vars) smt.Term
		want smt.Result
	}{
		{"true", func(s smt.Solver, v vars) smt.Term { return s.True() }, smt.Sat},
		{"false", func(s smt.Solver, v vars) smt.Term { return s.False() }, smt.Unsat},
		{"not", func(s smt.Solver, v vars) smt.Term { return s.Not(s.Eq(v.x, v.x)) }, smt.Unsat},
		{"and/sat", func(s smt.Solver, v vars) smt.Term { return s.And(s.Gt(v.x, s.Int(0)), s.Lt(v.x, s.Int(2))) }, smt.Sat},
		{"and/unsat", func(s smt.Solver, v vars) smt.Term { return s.And(s.Gt(v.x, s.Int(0)), s.Lt(v.x, s.Int(1))) }, smt.Unsat},
		{"and/empty", func(s smt.Solver, v vars) smt.Term { return s.And() }, smt.Sat},
		{"or/sat", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Or(s.Lt(v.x, s.Int(0)), s.Gt(v.x, s.Int(4))), s.Eq(v.x, s.Int(5)))
		}, smt.Sat},
		{"or/unsat", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Or(s.Lt(v.x, s.Int(0)), s.Gt(v.x, s.Int(10))), s.Eq(v.x, s.Int(5)))
		}, smt.Unsat},
		{"or/empty", func(s smt.Solver, v vars) smt.Term { return s.Or() }, smt.Unsat},
		{"implies", func(s smt.Solver, v vars) smt.Term { return s.And(v.p, s.Implies(v.p, v.q), s.Not(v.q)) }, smt.Unsat},
		{"implies/vacuous", func(s smt.Solver, v vars) smt.Term { return s.And(s.Not(v.p), s.Implies(v.p, s.False())) }, smt.Sat},
		{"iff/unsat", func(s smt.Solver, v vars) smt.Term { return s.And(s.Iff(v.p, v.q), v.p, s.Not(v.q)) }, smt.Unsat},
		{"iff/sat", func(s smt.Solver, v vars) smt.Term { return s.And(s.Iff(v.p, s.Not(v.q)), v.p) }, smt.Sat},
		{"eq/transitive", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Eq(v.x, v.y), s.Eq(v.y, v.z), s.Not(s.Eq(v.x, v.z)))
		}, smt.Unsat},
		{"distinct/ints", func(s smt.Solver, v vars) smt.Term { return s.Distinct(v.x, v.y, v.z) }, smt.Sat},
		{"distinct/bools", func(s smt.Solver, v vars) smt.Term { return s.Distinct(v.p, v.q, s.True()) }, smt.Unsat},
		{"distinct/one", func(s smt.Solver, v vars) smt.Term { return s.Distinct(v.x) }, smt.Sat},
		{"ite/then", func(s smt.Solver, v vars) smt.Term { return s.And(v.p, s.Eq(s.Ite(v.p, s.Int(1), s.Int(2)), s.Int(2))) }, smt.Unsat},
		{"ite/else", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Not(v.p), s.Eq(s.Ite(v.p, s.Int(1), s.Int(2)), s.Int(2)))
		}, smt.Sat},
		{"ite/range", func(s smt.Solver, v vars) smt.Term { return s.Eq(s.Ite(v.p, s.Int(1), s.Int(2)), s.Int(3)) }, smt.Unsat},
		{"lt", func(s smt.Solver, v vars) smt.Term { return s.And(s.Lt(v.x, v.y), s.Lt(v.y, v.x)) }, smt.Unsat},
		{"le/antisymmetric", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Le(v.x, v.y), s.Le(v.y, v.x), s.Not(s.Eq(v.x, v.y)))
		}, smt.Unsat},
		{"le/equal", func(s smt.Solver, v vars) smt.Term { return s.And(s.Le(v.x, v.y), s.Le(v.y, v.x)) }, smt.Sat},
		{"gt", func(s smt.Solver, v vars) smt.Term { return s.And(s.Gt(v.x, s.Int(3)), s.Lt(v.x, s.Int(5))) }, smt.Sat},
		{"gt/integers", func(s smt.Solver, v vars) smt.Term { return s.And(s.Gt(v.x, s.Int(3)), s.Lt(v.x, s.Int(4))) }, smt.Unsat},
		{"ge", func(s smt.Solver, v vars) smt.Term { return s.And(s.Ge(v.x, s.Int(3)), s.Le(v.x, s.Int(3))) }, smt.Sat},
		{"ge/unsat", func(s smt.Solver, v vars) smt.Term { return s.And(s.Ge(v.x, s.Int(4)), s.Le(v.x, s.Int(3))) }, smt.Unsat},
		{"add/sub", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Eq(s.Add(v.x, v.y), s.Int(10)), s.Eq(s.Sub(v.x, v.y), s.Int(4)), s.Not(s.Eq(v.x, s.Int(7))))
		}, smt.Unsat},
		{"add/three", func(s smt.Solver, v vars) smt.Term { return s.Eq(s.Add(v.x, v.y, v.z), s.Int(-3)) }, smt.Sat},
		{"mul/integer", func(s smt.Solver, v vars) smt.Term { return s.Eq(s.Mul(s.Int(2), v.x), s.Int(7)) }, smt.Unsat},
		{"mul/real", func(s smt.Solver, v vars) smt.Term { return s.Eq(s.Mul(s.Real(2, 1), v.r), s.Real(7, 1)) }, smt.Sat},
		{"real/third", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Eq(v.r, s.Real(1, 3)), s.Not(s.Eq(s.Mul(s.Real(3, 1), v.r), s.Real(1, 1))))
		}, smt.Unsat},
		{"real/dense", func(s smt.Solver, v vars) smt.Term { return s.And(s.Gt(v.r, s.Real(0, 1)), s.Lt(v.r, s.Real(1, 1000))) }, smt.Sat},
		{"int/large", func(s smt.Solver, v vars) smt.Term {
			return s.And(s.Gt(v.x, s.Int(1<<62)), s.Lt(v.x, s.Int(1<<62+2)), s.Not(s.Eq(v.x, s.Int(1<<62+1))))
		}, smt.Unsat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSolver(t)
			v := vars{
				p: s.Const("p", s.BoolSort()), q: s.Const("q", s.BoolSort()),
				x: s.Const("x", s.IntSort()), y: s.Const("y", s.IntSort()), z: s.Const("z", s.IntSort()),
				r: s.Const("r", s.RealSort()),
			}
			f := tt.f(s, v)
			require.NoError(t, s.Err())
			s.Assert(f)
			requireCheck(t, s, tt.want)
		})
	}
}

// TestFunctions checks uninterpreted functions: congruence, and arrays
// indexed by an enumeration of processes.
func TestFunctions(t *testing.T) {
	s := newSolver(t)
	x, y := s.Const("x", s.IntSort()), s.Const("y", s.IntSort())
	f := s.FuncDecl("f", []smt.Sort{s.IntSort()}, s.IntSort())
	s.Assert(s.And(s.Eq(s.Apply(f, x), s.Int(1)), s.Eq(s.Apply(f, y), s.Int(2))))
	requireCheck(t, s, smt.Sat)
	s.Assert(s.Eq(x, y))
	requireCheck(t, s, smt.Unsat)
	require.Equal(t, f, s.FuncDecl("f", []smt.Sort{s.IntSort()}, s.IntSort()), "same declaration, same handle")

	s = newSolver(t)
	proc, ps := s.EnumSort("proc", []string{"#1", "#2"})
	state, sts := s.EnumSort("state", []string{"Idle", "Want", "Crit"})
	a := s.FuncDecl("A", []smt.Sort{proc}, state)
	s.Assert(s.Eq(s.Apply(a, ps[0]), sts[2]))
	s.Assert(s.Eq(s.Apply(a, ps[1]), sts[2]))
	requireCheck(t, s, smt.Sat)
	p := s.Const("p", proc)
	s.Assert(s.Not(s.Eq(s.Apply(a, p), sts[2]))) // every process is in Crit
	requireCheck(t, s, smt.Unsat)
}

// TestHashConsing checks that rebuilding a term gives the same handle.
func TestHashConsing(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	require.Equal(t, x, s.Const("x", s.IntSort()))
	require.Equal(t, s.Add(x, s.Int(1)), s.Add(s.Const("x", s.IntSort()), s.Int(1)))
	require.NotEqual(t, s.Add(x, s.Int(1)), s.Add(x, s.Int(2)))
	require.Equal(t, s.Real(1, 2), s.Real(-2, -4), "reals are in lowest terms")
	require.Equal(t, s.IntSort(), s.IntSort())
	require.Equal(t, s.UninterpretedSort("U"), s.UninterpretedSort("U"))
}

// TestString checks the SMT-LIB rendering.
func TestString(t *testing.T) {
	s := newSolver(t)
	x := s.Const("x", s.IntSort())
	tests := []struct {
		t    smt.Term
		want string
	}{
		{x, "x"},
		{s.Int(-3), "(- 3)"},
		{s.Real(-3, 6), "(- (/ 1.0 2.0))"},
		{s.And(s.Le(x, s.Int(2)), s.Not(s.Eq(x, s.Int(0)))), "(and (<= x 2) (not (= x 0)))"},
		{s.Ite(s.True(), x, s.Int(1)), "(ite true x 1)"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, s.String(tt.t))
	}
}
