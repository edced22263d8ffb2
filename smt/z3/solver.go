package z3

// #include "z3lazy.h"
import "C"

import (
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/cubew/cubew/smt"
)

var _ smt.Solver = (*Solver)(nil)

// Solver is a Z3 solver inside a [Context], with the model or unsat core of
// its last check. It embeds the Context, whose builders make the terms it
// checks, and implements [smt.Solver]. See the package documentation for
// ownership and goroutine rules.
type Solver struct {
	*Context
	z     C.Z3_context // c.z, kept for the interrupting goroutine
	s     C.Z3_solver
	owner bool // Close closes the Context too

	depth   int        // scopes pushed and not popped
	answer  smt.Result // of the last check, Unknown once the state changes
	assumed bool       // the last check had assumptions
	model   C.Z3_model // fetched by the first Eval after Sat, or nil
	stats   smt.Stats
	closed  bool

	// mu guards the fields shared with the interrupting goroutine.
	mu          sync.Mutex
	running     bool   // a check is in Z3
	gen         uint64 // counts checks, so a late interrupt cannot hit the next one
	interrupted bool   // Z3_interrupt was called during the running check
	// tainted is set once a check was interrupted: Z3 may have lost
	// assertions, so later checks answer ErrInterrupted.
	tainted bool
}

// New makes a Context with one Solver that owns it: closing the Solver
// closes the Context. This is the usual way to get an [smt.Solver]; call
// Close when done.
func New() *Solver {
	s := NewContext().NewSolver()
	s.owner = true
	return s
}

// Open is [New] for callers that report a missing Z3 rather than panic:
// it returns the error of [Load] if the library cannot be loaded.
func Open() (*Solver, error) {
	if err := Load(); err != nil {
		return nil, err
	}
	return New(), nil
}

// Backend is [Open] as an [smt.Solver] (nil, never a nil *Solver, on
// error): the backend that package smt/front makes on the first check its
// built-in procedure cannot answer.
func Backend() (smt.Solver, error) {
	s, err := Open()
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewSolver makes a Solver in c (Z3_mk_simple_solver), sharing c's terms
// with c's other solvers. Closing it leaves c open; closing c closes it.
func (c *Context) NewSolver() *Solver {
	c.live()
	zs := C.z3w_mk_simple_solver(c.z)
	if zs == nil {
		panic(c.lastError("mk_simple_solver").Error())
	}
	C.z3w_solver_inc_ref(c.z, zs)
	s := &Solver{Context: c, z: c.z, s: zs}
	c.solvers[s] = struct{}{}
	s.setParams(func(C.Z3_params) {})
	return s
}

// setParams gives s the parameters that set adds to a fresh parameter
// set, always with "ctrl_c" false: Z3's own SIGINT handler (installed
// around each check without SA_ONSTACK) would crash the Go runtime, and
// the caller interrupts checks through their context instead.
func (s *Solver) setParams(set func(C.Z3_params)) {
	p := C.z3w_mk_params(s.z)
	C.z3w_params_inc_ref(s.z, p)
	C.z3w_params_set_bool(s.z, p, s.symbol("ctrl_c"), false)
	set(p)
	C.z3w_solver_set_params(s.z, s.s, p)
	C.z3w_params_dec_ref(s.z, p)
	s.check("solver_set_params")
}

// Close releases the Z3 solver and its model, and closes the Context too if
// s was made by [New]. It is idempotent; any other use of s after it panics.
func (s *Solver) Close() {
	if s.closed {
		return
	}
	if s.owner {
		s.Context.Close() // releases s
		return
	}
	s.release()
}

// release frees the Z3 objects of s and detaches it from its Context.
func (s *Solver) release() {
	s.forget()
	C.z3w_solver_dec_ref(s.z, s.s)
	delete(s.Context.solvers, s)
	s.s = nil
	s.closed = true
}

// live panics if s or its Context is closed.
func (s *Solver) live() {
	if s.closed {
		panic("z3: use of closed Solver")
	}
	s.Context.live()
}

// forget drops the model and core of the last check: the solver state is
// about to change.
func (s *Solver) forget() {
	if s.model != nil {
		C.z3w_model_dec_ref(s.z, s.model)
		s.model = nil
	}
	s.answer = smt.Unknown
	s.assumed = false
}

// Assert adds the formula t to the current scope (Z3_solver_assert). If Z3
// rejects it, for instance because t is not Boolean, the error is sticky.
func (s *Solver) Assert(t smt.Term) {
	s.live()
	a, ok := s.ast(t)
	if !ok {
		return
	}
	s.forget()
	C.z3w_solver_assert(s.z, s.s, a)
	s.check("solver_assert")
}

// Push opens a scope (Z3_solver_push).
func (s *Solver) Push() {
	s.live()
	s.forget()
	C.z3w_solver_push(s.z, s.s)
	s.depth++
}

// Pop discards the n innermost scopes (Z3_solver_pop). It panics if n is
// negative or more than the scopes pushed.
func (s *Solver) Pop(n int) {
	s.live()
	if n < 0 || n > s.depth {
		panic(fmt.Sprintf("z3: Pop(%d) with %d scopes pushed", n, s.depth))
	}
	if n == 0 {
		return
	}
	s.forget()
	C.z3w_solver_pop(s.z, s.s, C.uint(n))
	s.depth -= n
}

// SetTimeout bounds the wall time of each later check of s, rounded up to
// a millisecond (the solver parameter "timeout"); 0 means no bound. A check
// that runs out answers Unknown with a nil error.
func (s *Solver) SetTimeout(d time.Duration) {
	s.live()
	ms := uint64(math.MaxUint32) // Z3's "no timeout"
	if d > 0 {
		ms = min(uint64((d+time.Millisecond-1)/time.Millisecond), math.MaxUint32-1)
	}
	s.setParams(func(p C.Z3_params) {
		C.z3w_params_set_uint(s.z, p, s.symbol("timeout"), C.uint(ms))
	})
}

// Stats returns the work s has done since it was made.
func (s *Solver) Stats() smt.Stats {
	s.live()
	return s.stats
}
