package smt

import "strconv"

// Result is the answer to a satisfiability check. The zero value is
// [Unknown], so a forgotten assignment never claims an answer.
type Result int8

const (
	// Unknown means the solver gave no answer: a timeout, a cancellation,
	// an incomplete theory or an error (see the error returned with it).
	Unknown Result = iota
	// Sat means the assertions (and assumptions) have a model.
	Sat
	// Unsat means the assertions (and assumptions) have no model.
	Unsat
)

// String returns "sat", "unsat" or "unknown", as SMT-LIB prints them.
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Unknown:
		return "unknown"
	}
	return "Result(" + strconv.Itoa(int(r)) + ")"
}
