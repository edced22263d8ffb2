//go:build cgo

package z3_test

import (
	"context"
	"fmt"

	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
)

// ExampleNew checks mutual exclusion in one state of a two-process system:
// can two distinct processes both be critical when a lock owner is unique?
func ExampleNew() {
	s := z3.New()
	defer s.Close()

	proc, ps := s.EnumSort("proc", []string{"p1", "p2"})
	state, sts := s.EnumSort("state", []string{"Idle", "Crit"})
	pc := s.FuncDecl("PC", []smt.Sort{proc}, state)
	owner := s.Const("Owner", proc)
	i, j := s.Const("i", proc), s.Const("j", proc)

	// Only the owner may be critical.
	for _, p := range ps {
		s.Assert(s.Implies(s.Eq(s.Apply(pc, p), sts[1]), s.Eq(owner, p)))
	}
	unsafe := []smt.Term{s.Distinct(i, j), s.Eq(s.Apply(pc, i), sts[1]), s.Eq(s.Apply(pc, j), sts[1])}
	r, err := smt.CheckCube(context.Background(), s, unsafe)
	fmt.Println(r, err)

	// Without the distinctness, one critical process is possible.
	r, err = smt.CheckCube(context.Background(), s, unsafe[1:2])
	fmt.Println(r, err)
	v, _ := s.Eval(owner)
	w, _ := s.Eval(i)
	fmt.Println(v == w)
	// Output:
	// unsat <nil>
	// sat <nil>
	// true
}

// ExampleSolver_CheckAssumptions shows an unsat core naming the
// assumptions that conflict.
func ExampleSolver_CheckAssumptions() {
	s := z3.New()
	defer s.Close()
	x := s.Const("x", s.IntSort())
	small, big := s.Lt(x, s.Int(3)), s.Gt(x, s.Int(7))
	other := s.Gt(s.Const("y", s.IntSort()), s.Int(0))

	r, _ := s.CheckAssumptions(context.Background(), small, other, big)
	fmt.Println(r)
	for _, t := range s.UnsatCore(nil) {
		fmt.Println(s.String(t))
	}
	// Unordered output:
	// unsat
	// (< x 3)
	// (> x 7)
}
