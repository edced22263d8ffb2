package z3

/*
#cgo LDFLAGS: -ldl
#include <stdlib.h>
#include "z3lazy.h"

// z3w_dec_refs releases n ASTs in one cgo call: Release and Close free
// whole table slices, where one crossing per AST would dominate the cost.
static void z3w_dec_refs(Z3_context z, Z3_ast *as, unsigned n) {
	for (unsigned i = 0; i < n; i++) {
		z3w_dec_ref(z, as[i]);
	}
}
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cubew/cubew/smt"
)

// live counts the Contexts made and not yet closed, for the leak test.
var live atomic.Int64

// Context is a Z3 context and the tables behind the handles it returns.
// It provides the builders of [smt.Solver]; see the package documentation
// for ownership and goroutine rules. The zero Context is not usable: call
// [NewContext] or [New].
type Context struct {
	z C.Z3_context

	// terms, sorts and funcs map handles to Z3 pointers; index 0 is unused
	// so that the zero handle is invalid. The ID maps invert them.
	terms   []C.Z3_ast
	termIDs map[C.Z3_ast]smt.Term
	sorts   []C.Z3_sort
	sortIDs map[C.Z3_sort]smt.Sort
	funcs   []C.Z3_func_decl
	funcIDs map[C.Z3_func_decl]smt.Func

	boolSort, intSort, realSort smt.Sort

	buf     []C.Z3_ast // scratch array of arguments for n-ary calls
	err     *Error     // sticky error, see Err
	solvers map[*Solver]struct{}
	closed  bool
}

// loadOnce loads libz3 the first time a Context is made; loadErr is its
// failure, if any.
var (
	loadOnce sync.Once
	loadErr  error
)

// Load loads the Z3 shared library (libz3.so.4, else libz3.so) with dlopen,
// once per process; later calls return the first call's result. A program
// that never makes a Context never loads Z3, which saves the loader's work
// and Z3's static initialisation on runs that need no solver. The error
// names the missing library or function; [NewContext] and [New] call Load
// and panic with it, [Open] returns it.
func Load() error {
	loadOnce.Do(func() {
		if msg := C.z3w_load(); msg != nil {
			loadErr = errors.New("z3: " + C.GoString(msg) + " (install Debian's libz3-4, e.g. with make deps)")
		}
	})
	return loadErr
}

// NewContext makes a Context with no solver; make solvers with
// [Context.NewSolver]. Call Close when done. It panics if Z3 cannot be
// loaded (see [Load]) or cannot make a context, which only happens when
// memory is exhausted.
func NewContext() *Context {
	if err := Load(); err != nil {
		panic(err.Error())
	}
	cfg := C.z3w_mk_config()
	z := C.z3w_mk_context_rc(cfg)
	C.z3w_del_config(cfg)
	if z == nil {
		panic("z3: cannot make a context")
	}
	// First thing: Z3's default handler prints and calls exit(1).
	C.z3w_set_error_handler(z, nil)
	live.Add(1)
	c := &Context{
		z:       z,
		terms:   make([]C.Z3_ast, 1, 64),
		termIDs: make(map[C.Z3_ast]smt.Term),
		sorts:   make([]C.Z3_sort, 1, 8),
		sortIDs: make(map[C.Z3_sort]smt.Sort),
		funcs:   make([]C.Z3_func_decl, 1, 8),
		funcIDs: make(map[C.Z3_func_decl]smt.Func),
		solvers: make(map[*Solver]struct{}),
	}
	c.boolSort = c.sort(C.z3w_mk_bool_sort(z), "mk_bool_sort")
	c.intSort = c.sort(C.z3w_mk_int_sort(z), "mk_int_sort")
	c.realSort = c.sort(C.z3w_mk_real_sort(z), "mk_real_sort")
	return c
}

// Close closes c's solvers, releases every handle and deletes the Z3
// context. It is idempotent; any other use of c after it panics.
func (c *Context) Close() {
	if c.closed {
		return
	}
	for s := range c.solvers {
		s.release()
	}
	c.decRefs(c.terms[1:])
	c.buf = c.buf[:0]
	for _, s := range c.sorts[1:] {
		c.buf = append(c.buf, C.Z3_ast(unsafe.Pointer(s)))
	}
	for _, f := range c.funcs[1:] {
		c.buf = append(c.buf, C.Z3_ast(unsafe.Pointer(f)))
	}
	c.decRefs(c.buf)
	C.z3w_del_context(c.z)
	*c = Context{closed: true}
	live.Add(-1)
}

// Mark returns the current end of the term table; see [Context.Release].
func (c *Context) Mark() smt.Mark {
	c.live()
	return smt.Mark(len(c.terms))
}

// Release forgets every term made since m was returned by Mark, including
// model values and enumeration constants, and releases their Z3 references.
// Sorts and functions are kept, and so are assertions: a solver holds its
// own references. Handles made since m become invalid, and may later be
// reused for new terms. A long search brackets each query with Mark and
// Release so that the tables do not grow.
func (c *Context) Release(m smt.Mark) {
	c.live()
	if m == 0 || int(m) > len(c.terms) {
		panic(fmt.Sprintf("z3: Release(%d) with %d terms in the table", m, len(c.terms)))
	}
	for _, a := range c.terms[m:] {
		delete(c.termIDs, a)
	}
	c.decRefs(c.terms[m:])
	clear(c.terms[m:])
	c.terms = c.terms[:m]
}

// decRefs calls Z3_dec_ref on each of as.
func (c *Context) decRefs(as []C.Z3_ast) {
	if len(as) > 0 {
		C.z3w_dec_refs(c.z, &as[0], C.uint(len(as)))
	}
}

// live panics if c is closed.
func (c *Context) live() {
	if c.closed {
		panic("z3: use of closed Context")
	}
}

// term enters the result a of the Z3 call op into the term table. A nil a
// means the call failed: the error is recorded and term returns 0.
func (c *Context) term(a C.Z3_ast, op string) smt.Term {
	if a == nil {
		c.fail(op)
		return 0
	}
	if t, ok := c.termIDs[a]; ok {
		return t
	}
	C.z3w_inc_ref(c.z, a)
	t := smt.Term(len(c.terms))
	c.terms = append(c.terms, a)
	c.termIDs[a] = t
	return t
}

// sort is term for sorts.
func (c *Context) sort(s C.Z3_sort, op string) smt.Sort {
	if s == nil {
		c.fail(op)
		return 0
	}
	if id, ok := c.sortIDs[s]; ok {
		return id
	}
	C.z3w_inc_ref(c.z, C.Z3_ast(unsafe.Pointer(s)))
	id := smt.Sort(len(c.sorts))
	c.sorts = append(c.sorts, s)
	c.sortIDs[s] = id
	return id
}

// fn is term for function declarations.
func (c *Context) fn(f C.Z3_func_decl, op string) smt.Func {
	if f == nil {
		c.fail(op)
		return 0
	}
	if id, ok := c.funcIDs[f]; ok {
		return id
	}
	C.z3w_inc_ref(c.z, C.Z3_ast(unsafe.Pointer(f)))
	id := smt.Func(len(c.funcs))
	c.funcs = append(c.funcs, f)
	c.funcIDs[f] = id
	return id
}

// ast returns the Z3 AST of t, or false for the zero Term that a failed
// builder returned. Any other invalid handle panics.
func (c *Context) ast(t smt.Term) (C.Z3_ast, bool) {
	c.live()
	if t == 0 || int(t) >= len(c.terms) {
		c.invalid("term", uint32(t), len(c.terms))
		return nil, false
	}
	return c.terms[t], true
}

// sortAST is ast for sorts.
func (c *Context) sortAST(s smt.Sort) (C.Z3_sort, bool) {
	c.live()
	if s == 0 || int(s) >= len(c.sorts) {
		c.invalid("sort", uint32(s), len(c.sorts))
		return nil, false
	}
	return c.sorts[s], true
}

// invalid panics about handle h of the given kind, unless h is the zero
// handle and an error is recorded: then it came from a failed builder and
// propagates silently to the next check.
func (c *Context) invalid(kind string, h uint32, n int) {
	if h == 0 && c.err != nil {
		return
	}
	if h == 0 {
		panic("z3: zero " + kind + " handle with no error recorded")
	}
	panic(fmt.Sprintf("z3: %s %d out of range (%d in the table; released, or from another Context?)", kind, h, n))
}

// args loads ts into the scratch array and returns its length and address,
// or false if one of ts is the zero Term of a failed builder.
func (c *Context) args(ts []smt.Term) (C.uint, *C.Z3_ast, bool) {
	c.buf = c.buf[:0]
	for _, t := range ts {
		a, ok := c.ast(t)
		if !ok {
			return 0, nil, false
		}
		c.buf = append(c.buf, a)
	}
	return C.uint(len(c.buf)), unsafe.SliceData(c.buf), true
}

// symbol returns the Z3 symbol for name.
func (c *Context) symbol(name string) C.Z3_symbol {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.z3w_mk_string_symbol(c.z, cs)
}
