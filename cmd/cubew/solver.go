package main

import (
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
)

// newSearchSolver returns a solver for one search: package front's built-in
// procedure, with a Z3 solver made (and libz3 loaded) only for the first
// check the procedure cannot answer.
func newSearchSolver() smt.Solver { return front.New(z3.Backend, front.Options{}) }
