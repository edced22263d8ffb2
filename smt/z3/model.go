package z3

// #include "z3lazy.h"
import "C"

import "github.com/cubew/cubew/smt"

// Eval returns the value of t in the model of the last check
// (Z3_model_eval with model completion), or false if there is none: the
// last check did not return Sat, or Assert, Push or Pop was called since.
// Values are literals entered in the term table, so they compare with ==
// against the terms made by Int, True, False and EnumSort.
func (s *Solver) Eval(t smt.Term) (smt.Term, bool) {
	s.live()
	if s.answer != smt.Sat {
		return 0, false
	}
	a, ok := s.ast(t)
	if !ok {
		return 0, false
	}
	if s.model == nil {
		m := C.z3w_solver_get_model(s.z, s.s)
		if m == nil {
			return 0, false
		}
		C.z3w_model_inc_ref(s.z, m)
		s.model = m
	}
	var v C.Z3_ast
	if !C.z3w_model_eval(s.z, s.model, a, true, &v) || v == nil {
		return 0, false
	}
	return s.term(v, "model_eval"), true
}

// UnsatCore appends to dst the assumptions of the last check that Z3 used
// to prove it unsatisfiable (Z3_solver_get_unsat_core). It appends nothing
// unless the last check was a CheckAssumptions that returned Unsat and the
// solver state has not changed since. The core is not minimized.
func (s *Solver) UnsatCore(dst []smt.Term) []smt.Term {
	s.live()
	if s.answer != smt.Unsat || !s.assumed {
		return dst
	}
	v := C.z3w_solver_get_unsat_core(s.z, s.s)
	if v == nil {
		return dst
	}
	C.z3w_ast_vector_inc_ref(s.z, v)
	defer C.z3w_ast_vector_dec_ref(s.z, v)
	n := C.z3w_ast_vector_size(s.z, v)
	for i := C.uint(0); i < n; i++ {
		dst = append(dst, s.term(C.z3w_ast_vector_get(s.z, v, i), "ast_vector_get"))
	}
	return dst
}
