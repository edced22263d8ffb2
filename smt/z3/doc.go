// Package z3 implements [smt.Solver] with the Z3 SMT solver through its C
// API. It is the only package of cubew that uses cgo, and it exposes only
// what the reachability engine needs.
//
// # Loading
//
// The binary does not link with -lz3: the first Context made loads
// libz3.so.4 (Debian's libz3-4) with dlopen and looks up the functions
// listed in z3funcs.h, which the Go code calls through the wrappers of
// z3lazy.h (C.z3w_NAME for Z3_NAME). Mapping and relocating libz3 and
// libstdc++ and running their static constructors cost milliseconds per
// process, so a run that needs no solver (cubew parse, a model decided
// without Z3) pays nothing; see [Load]. z3.h is still needed to build.
//
// Built without cgo (CGO_ENABLED=0), the package keeps only [Load],
// [Backend] and [EvalSMTLIB2], which report that Z3 cannot be loaded, as
// when libz3 is missing: such a cubew is a static binary that decides
// every model whose checks package smt/front answers itself and names Z3
// for the others. BenchmarkStartup in cmd/cubew measures what it saves.
//
// # Objects
//
// A [Context] owns a Z3 context (Z3_mk_context_rc) and the tables behind
// the [smt.Sort], [smt.Term] and [smt.Func] handles it returns. A handle is
// an index into a table of Z3 pointers: each pointer is Z3_inc_ref'd once,
// when it enters the table, and Z3_dec_ref'd when the table is cut back by
// [Context.Release] or freed by [Context.Close]. The tables hash-cons (Z3
// returns the same pointer for the same term), so rebuilding a term costs a
// map lookup and no new entry. There is no Go object, and no finalizer, per
// term: nothing but the owner ever touches a context, and no C call needs
// runtime.KeepAlive.
//
// A [Solver] is a Z3 solver (Z3_mk_simple_solver, which is incremental
// throughout) inside a Context, with its last model and unsat core. It
// embeds its Context, so it provides the builders too, and it implements
// [smt.Solver]. [New] makes a Context with one Solver that owns it;
// [Context.NewSolver] makes further solvers that share the context's terms.
//
// # Ownership
//
// Close is the contract: a Context or Solver holds memory outside the Go
// heap until it is closed. Close is idempotent, and any other use after it
// panics. Closing a Context closes its solvers; closing the Solver made by
// New closes its Context.
//
// # Goroutines
//
// A Context, its Solvers and its handles belong to one goroutine at a time;
// parallel search makes one Context per worker. Handing a Context to another
// goroutine is fine with the usual happens-before synchronization. The one
// call made from another goroutine is Z3_interrupt: Check and
// CheckAssumptions register it with context.AfterFunc on their ctx argument
// and guard it with a mutex, so it only ever reaches Z3 while that very check
// is running. Until the check returns, the interrupt is repeated with
// backoff, since Z3 forgets an interrupt that arrives before the check has
// started listening. A Solver whose check was interrupted answers
// [ErrInterrupted] from then on: Z3 4.8 can lose assertions to an
// interrupt and answer Sat wrongly afterwards.
//
// # Errors
//
// The Z3 error handler is NULL: Z3 never aborts the process, never calls
// back into Go and never unwinds through Go frames. After each call that can
// fail the package reads Z3_get_error_code, and a failure becomes an
// [*Error]. Builders record the first failure as the Context's sticky error
// and return the zero handle (see package smt); checks return it. Misuse
// that only a programmer can cause (a handle out of range, the zero handle
// with no error recorded, popping more scopes than were pushed, use after
// Close) panics in Go.
//
// # Local names
//
// c is a Context, s a Solver, t and u terms; a, b are Z3 ASTs (C pointers)
// and z a Z3 context.
package z3
