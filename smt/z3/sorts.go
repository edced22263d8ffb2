package z3

// #include "z3lazy.h"
import "C"

import (
	"unsafe"

	"github.com/cubew/cubew/smt"
)

// BoolSort returns the sort of formulas.
func (c *Context) BoolSort() smt.Sort { c.live(); return c.boolSort }

// IntSort returns the sort of mathematical integers.
func (c *Context) IntSort() smt.Sort { c.live(); return c.intSort }

// RealSort returns the sort of real numbers.
func (c *Context) RealSort() smt.Sort { c.live(); return c.realSort }

// EnumSort declares a Z3 enumeration sort (Z3_mk_enumeration_sort) whose
// only elements are values, and returns it with one constant per value.
// Z3 knows the constants are pairwise distinct and that every term of the
// sort equals one of them. Each call declares a new sort, even for a name
// used before. With no values, or duplicate ones, it records an error.
func (c *Context) EnumSort(name string, values []string) (smt.Sort, []smt.Term) {
	c.live()
	n := len(values)
	if n == 0 {
		// Z3 would accept an empty datatype and fail later, far from here.
		c.setErr(&Error{Op: "mk_enumeration_sort", Msg: "enumeration " + name + " has no values"})
		return 0, nil
	}
	seen := make(map[string]bool, n)
	syms := make([]C.Z3_symbol, n)
	for i, v := range values {
		if seen[v] {
			c.setErr(&Error{Op: "mk_enumeration_sort", Msg: "enumeration " + name + " has value " + v + " twice"})
			return 0, nil
		}
		seen[v] = true
		syms[i] = c.symbol(v)
	}
	consts := make([]C.Z3_func_decl, n)
	testers := make([]C.Z3_func_decl, n)
	s := c.sort(C.z3w_mk_enumeration_sort(c.z, c.symbol(name), C.uint(n), &syms[0], &consts[0], &testers[0]), "mk_enumeration_sort")
	if s == 0 {
		return 0, nil
	}
	// The declarations are only held by Z3's last-result trail, which the
	// next call may clear: hold them while applying them.
	for _, f := range consts {
		C.z3w_inc_ref(c.z, C.Z3_ast(unsafe.Pointer(f)))
	}
	ts := make([]smt.Term, n)
	for i, f := range consts {
		ts[i] = c.term(C.z3w_mk_app(c.z, f, 0, nil), "mk_app")
	}
	for _, f := range consts {
		C.z3w_dec_ref(c.z, C.Z3_ast(unsafe.Pointer(f)))
	}
	return s, ts
}

// UninterpretedSort returns the uninterpreted sort named name
// (Z3_mk_uninterpreted_sort); the same name gives the same sort.
func (c *Context) UninterpretedSort(name string) smt.Sort {
	c.live()
	return c.sort(C.z3w_mk_uninterpreted_sort(c.z, c.symbol(name)), "mk_uninterpreted_sort")
}
