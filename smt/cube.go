package smt

import (
	"context"
	"errors"
)

// ErrUnknown is returned by [Entails] when the solver answered Unknown with
// no other error, typically after a timeout: the entailment may hold, but
// it was not proved.
var ErrUnknown = errors.New("smt: solver answered unknown")

// CheckCube reports whether the conjunction of the literals in c is
// satisfiable together with s's assertions. The literals are passed as
// assumptions, so s's scopes are untouched: after Sat, s.Eval reads the
// model; after Unsat, s.UnsatCore returns the literals of c responsible.
// The result and error are those of [Solver.CheckAssumptions].
func CheckCube(ctx context.Context, s Solver, c []Term) (Result, error) {
	return s.CheckAssumptions(ctx, c...)
}

// Entails reports whether cube c entails the disjunction of cubes cs, given
// s's assertions: whether every model of c is a model of some cube of cs.
// This is the fixpoint test of backward reachability (is a new cube covered
// by the visited ones?). It checks c ∧ ¬(∨ cs) for unsatisfiability in a
// scope of its own, which it pops before returning.
//
// Entails never claims an entailment it has not proved: when the check
// answers Unknown it returns false and the check's error, or [ErrUnknown]
// if there was none.
func Entails(ctx context.Context, s Solver, c []Term, cs [][]Term) (bool, error) {
	ds := make([]Term, len(cs))
	for i, d := range cs {
		ds[i] = s.And(d...)
	}
	s.Push()
	defer s.Pop(1)
	s.Assert(s.Not(s.Or(ds...)))
	r, err := s.CheckAssumptions(ctx, c...)
	switch {
	case err != nil:
		return false, err
	case r == Unsat:
		return true, nil
	case r == Sat:
		return false, nil
	}
	return false, ErrUnknown
}
