// Package export writes a bounded instance of a checked model (N
// processes, one memory model) as a program for the model checkers users
// compare cubew with: Promela for SPIN ([Promela]) and C11 with pthreads
// and relaxed atomics for GenMC, Nidhugg or CBMC ([C]). [SPIN] runs the
// real SPIN on a Promela export and reads its verdict.
//
// # The instance
//
// Both writers ground the model first (instance, ground): every location
// (a variable, one cell of an array, a constant) gets an index, every
// transition one instance per tuple of pairwise distinct processes, and
// every formula becomes an expression with its quantifiers expanded over
// the N processes, as package dpor evaluates them: forall_other and
// exists_other skip the transition's parameters, and so do forall and
// exists in unsafe items; a whole-array case update writes, per cell, the
// value of its first branch that holds (no branch: no write). Values are
// integers: a constructor is its index in its type, a process its number
// 1..N. An int location that init leaves free starts at one of init's
// integer literals or at one extra value (other), as dpor's candidates do;
// dpor keeps "other" symbolic and answers UNKNOWN where its value matters,
// while the exports pick one concrete number, so they are compared with
// dpor only where dpor gives a definite answer. Models with real values
// are not exported, nor models with invariant items left in them (they
// would be assumed: the states they exclude left out, as dpor does only
// under Options.AssumeInvariants); cubew export first turns them into
// unsafe items, as check, bounded and crosscheck do by default, since
// they prove them).
//
// # Promela (docs/compare.md)
//
// The state is an int array mem of every location; under tso and pso each
// process has a store buffer of capacity Options.MaxBuffer (pso: per
// location) kept as parallel arrays (location, value, end of group), with
// per process and location the number of pending writes (pend) and the
// newest pending value (own), so that "the value p reads" is an
// expression. Each transition instance is one d_step (an atomic block when
// it has nondeterministic `:= .` actions) in the loop of its acting
// process: its guard, the fence and locked-instruction drain conditions of
// dpor's explicit engine, the steps and buffer bounds, then its writes
// (buffered as one group when it reads no weak location, else to memory).
// Each process also flushes its oldest group (tso) or any group whose
// writes are the oldest of their locations (pso). A monitor process
// asserts the negation of the unsafe items in every reachable state, so
// SPIN's "errors: 1" is UNSAFE and an exhaustive search without errors is
// SAFE for the instance within the bounds.
//
// # C
//
// One pthread per process runs Options.Rounds rounds; in each it picks a
// transition instance with __VERIFIER_nondet_int, checks the guard with
// __VERIFIER_assume and performs the actions. Weak locations are _Atomic
// and accessed with memory_order_relaxed, fence() is a seq_cst fence, and
// a transition that reads and writes weak locations (a locked instruction)
// or any transition of an SC model runs under one global mutex between
// seq_cst fences. Unlike the Promela export, the reads of a transition
// that only reads weak memory are not one instant: a C tool may let
// another thread's write land between them. docs/compare.md says what to
// expect from GenMC and Nidhugg.
//
// # Names
//
// in is the grounded instance, l a location index, q a process (1..N), g
// a grounded transition instance, w a write, lw a lowering context.
package export
