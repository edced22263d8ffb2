// Package smt is the narrow interface between the reachability engine and
// an SMT solver. It is pure Go: the engine, its tests and everything except
// the cubew binary build with CGO_ENABLED=0. Package smt/z3 implements
// [Solver] with Z3; package smt/front implements it in Go in front of Z3,
// answering the checks of a small fragment itself and making the Z3
// solver only for the others (what cubew check searches with).
//
// # Role in the pipeline
//
// Package translate emits formulas as pure-Go cubes; package reach lowers
// them to [Term]s through a [Solver] and asks satisfiability questions: is a
// pre-image cube consistent ([CheckCube]), and is it already covered by the
// visited cubes ([Entails]), the fixpoint test of backward reachability in
// Cubicle (Conchon et al., "Cubicle: A Parallel SMT-based Model Checker for
// Parameterized Systems", CAV 2012, §3) and in its weak-memory extension
// Cubicle-W.
//
// # Handles
//
// [Sort], [Term] and [Func] are small integers indexing tables owned by the
// Solver that made them, in the way go-air/gini's z.Lit indexes its
// solver's arrays. A handle is meaningless for any other Solver. There is no
// Go object per formula node, so building a term costs no allocation and
// the garbage collector never sees solver memory. The zero handle is never
// valid: builders return it after a construction error (see [Solver.Err]).
// Implementations hash-cons, so building the same term twice yields the
// same handle, and handles can be compared with ==.
//
// # Errors
//
// Builders do not return errors. The first ill-sorted construction or
// rejected assertion is recorded as a sticky error: the builder returns the
// zero handle, builders given a zero handle return it again, and every
// later Check returns Unknown together with that error (also available from
// [Solver.Err]). A cancelled or timed-out check is a verdict, not a failure:
// a timeout gives Unknown and a nil error, a cancellation gives Unknown and
// the context's error.
//
// # Concurrency
//
// A Solver, and every handle it returned, belongs to one goroutine at a
// time. Parallel search uses one Solver per worker. The cancellation of the
// context.Context given to Check is the only thing that reaches a Solver
// from another goroutine, and the implementation handles it.
//
// # Local names
//
// s is a Solver; t, u terms; ts a slice of terms; c a cube (a []Term read as
// a conjunction) and cs a slice of cubes; ctx a context.Context.
package smt
