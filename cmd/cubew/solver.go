package main

import (
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
)

// newSearchSolver returns a solver for one search: package front's built-in
// procedure, with a Z3 solver made (and libz3 loaded) only for the first
// check the procedure cannot answer.
func newSearchSolver() smt.Solver { return front.New(openZ3, front.Options{}) }

// openZ3 makes the backend of newSearchSolver.
func openZ3() (smt.Solver, error) {
	s, err := z3.Open()
	if err != nil {
		return nil, err
	}
	return s, nil
}
