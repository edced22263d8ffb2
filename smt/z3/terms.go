package z3

/*
#include <stdlib.h>
#include "z3lazy.h"
*/
import "C"

import (
	"math/big"
	"unsafe"

	"github.com/cubew/cubew/smt"
)

// Const returns the constant named name of sort s (Z3_mk_const).
func (c *Context) Const(name string, s smt.Sort) smt.Term {
	zs, ok := c.sortAST(s)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_const(c.z, c.symbol(name), zs), "mk_const")
}

// FuncDecl declares the uninterpreted function name: domain → rng
// (Z3_mk_func_decl). The same name and signature give the same Func.
func (c *Context) FuncDecl(name string, domain []smt.Sort, rng smt.Sort) smt.Func {
	zr, ok := c.sortAST(rng)
	if !ok {
		return 0
	}
	zd := make([]C.Z3_sort, len(domain))
	for i, s := range domain {
		if zd[i], ok = c.sortAST(s); !ok {
			return 0
		}
	}
	return c.fn(C.z3w_mk_func_decl(c.z, c.symbol(name), C.uint(len(zd)), unsafe.SliceData(zd), zr), "mk_func_decl")
}

// Apply returns f(args...) (Z3_mk_app).
func (c *Context) Apply(f smt.Func, args ...smt.Term) smt.Term {
	c.live()
	if f == 0 || int(f) >= len(c.funcs) {
		c.invalid("func", uint32(f), len(c.funcs))
		return 0
	}
	n, p, ok := c.args(args)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_app(c.z, c.funcs[f], n, p), "mk_app")
}

// True returns the formula true.
func (c *Context) True() smt.Term { c.live(); return c.term(C.z3w_mk_true(c.z), "mk_true") }

// False returns the formula false.
func (c *Context) False() smt.Term { c.live(); return c.term(C.z3w_mk_false(c.z), "mk_false") }

// Int returns the integer literal v.
func (c *Context) Int(v int64) smt.Term {
	c.live()
	return c.term(C.z3w_mk_int64(c.z, C.int64_t(v), c.sorts[c.intSort]), "mk_int64")
}

// Real returns the real literal num/den, in lowest terms. It panics if den
// is zero.
func (c *Context) Real(num, den int64) smt.Term {
	c.live()
	if den == 0 {
		panic("z3: Real with zero denominator")
	}
	cs := C.CString(big.NewRat(num, den).RatString())
	defer C.free(unsafe.Pointer(cs))
	return c.term(C.z3w_mk_numeral(c.z, cs, c.sorts[c.realSort]), "mk_numeral")
}

// Not returns ¬t.
func (c *Context) Not(t smt.Term) smt.Term {
	a, ok := c.ast(t)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_not(c.z, a), "mk_not")
}

// And returns the conjunction of ts; And() is true.
func (c *Context) And(ts ...smt.Term) smt.Term {
	n, p, ok := c.args(ts)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_and(c.z, n, p), "mk_and")
}

// Or returns the disjunction of ts; Or() is false.
func (c *Context) Or(ts ...smt.Term) smt.Term {
	n, p, ok := c.args(ts)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_or(c.z, n, p), "mk_or")
}

// Implies returns t ⇒ u.
func (c *Context) Implies(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_implies(c.z, a, b), "mk_implies")
}

// Iff returns t ⇔ u.
func (c *Context) Iff(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_iff(c.z, a, b), "mk_iff")
}

// Eq returns t = u.
func (c *Context) Eq(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_eq(c.z, a, b), "mk_eq")
}

// Distinct returns the formula that ts are pairwise different; with fewer
// than two terms it is true.
func (c *Context) Distinct(ts ...smt.Term) smt.Term {
	n, p, ok := c.args(ts)
	if !ok {
		return 0
	}
	if n < 2 {
		return c.True() // Z3 rejects distinct with fewer than two arguments
	}
	return c.term(C.z3w_mk_distinct(c.z, n, p), "mk_distinct")
}

// Ite returns "if cond then t else u".
func (c *Context) Ite(cond, t, u smt.Term) smt.Term {
	a, ok := c.ast(cond)
	if !ok {
		return 0
	}
	b, d, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_ite(c.z, a, b, d), "mk_ite")
}

// Lt returns t < u.
func (c *Context) Lt(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_lt(c.z, a, b), "mk_lt")
}

// Le returns t ≤ u.
func (c *Context) Le(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_le(c.z, a, b), "mk_le")
}

// Gt returns t > u.
func (c *Context) Gt(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_gt(c.z, a, b), "mk_gt")
}

// Ge returns t ≥ u.
func (c *Context) Ge(t, u smt.Term) smt.Term {
	a, b, ok := c.pair(t, u)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_ge(c.z, a, b), "mk_ge")
}

// Add returns the sum of ts, which must not be empty.
func (c *Context) Add(ts ...smt.Term) smt.Term {
	n, p, ok := c.args(ts)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_add(c.z, n, p), "mk_add")
}

// Sub returns t − u.
func (c *Context) Sub(t, u smt.Term) smt.Term {
	n, p, ok := c.args([]smt.Term{t, u})
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_sub(c.z, n, p), "mk_sub")
}

// Mul returns the product of ts, which must not be empty.
func (c *Context) Mul(ts ...smt.Term) smt.Term {
	n, p, ok := c.args(ts)
	if !ok {
		return 0
	}
	return c.term(C.z3w_mk_mul(c.z, n, p), "mk_mul")
}

// String renders t in SMT-LIB syntax (Z3_ast_to_string).
func (c *Context) String(t smt.Term) string {
	a, ok := c.ast(t)
	if !ok {
		return "<invalid>"
	}
	return C.GoString(C.z3w_ast_to_string(c.z, a))
}

// pair returns the ASTs of t and u, or false if either is the zero Term of
// a failed builder.
func (c *Context) pair(t, u smt.Term) (C.Z3_ast, C.Z3_ast, bool) {
	a, ok := c.ast(t)
	if !ok {
		return nil, nil, false
	}
	b, ok := c.ast(u)
	return a, b, ok
}
