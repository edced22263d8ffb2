// Package dpor is the bounded engine of cubew: it explores fixed instances
// of a model (N processes, optionally at most K transitions per process)
// and reports whether an unsafe state is reachable.
//
// This file set is the explicit engine (`cubew bounded --engine explicit`),
// the oracle the other engines are tested against. [Explicit] interprets
// the checked [syntax.Model] directly, with the operational reference
// semantics of docs/design.md ("Reference semantics"), and explores every
// reachable state breadth first with a visited set, so cyclic models
// terminate and witnesses are shortest. [Replay] re-executes a [Witness].
// The optimal DPOR engine over execution graphs (seeds 000, GenMC, and
// 002, HMC) will live beside it in this package.
//
// # States
//
// A state holds one value per location — every non-weak variable, every
// cell A[#i,...] of an array, the memory value of every weak location (a
// weak variable or one cell of a weak array), every constant and constant
// array cell — plus a store buffer per process: under TSO a FIFO of write
// groups; under PSO the same list read as one FIFO per location (below);
// under SC none. Only locations the checker marked weak (syntax.Symbol.Weak)
// are buffered, so a model checked with CheckOptions.SC, or any model run
// under memmodel.SC, has plain memory. With Options.MaxSteps > 0 the state
// also counts the transitions fired per process.
//
// States are compared by a canonical byte encoding. Under PSO the order of
// two buffered groups matters only if they write a common location, so the
// buffer is kept in a canonical linearisation of that partial order.
//
// # Steps
//
// A transition instance t(a1..an) takes pairwise distinct processes. It is
// enabled when its guard holds, evaluated with every weak read done by the
// acting process [p]: its newest buffered write to the location, else
// memory. `forall_other j. φ` and `exists_other` range over the processes
// that are not parameters; `forall j. φ` in a guard ranges over all
// processes (forall_other plus φ at each parameter). A guard containing
// fence() (anywhere, even under a vacuous forall_other) is enabled only
// when the acting process's buffer is empty.
//
// Firing evaluates every right-hand side, case condition and case value in
// the old state (simultaneous assignment). `X := .` / `X := ?` branches over
// every value of a finite type. A whole-array `A[j] := case ...` takes, per
// cell, the first branch whose condition holds; a cell matching no branch
// is not written (a non-weak cell keeps its value; a weak cell gets no
// write). Non-weak writes change the state at once. The weak writes of one
// transition form one group:
//
//   - if the transition reads no weak location (statically: its guard and
//     right-hand sides mention none), the group is appended to the acting
//     process's buffer;
//   - if it reads and writes weak locations, it is a locked instruction: it
//     is enabled only when the buffers it must drain are empty (TSO: the
//     whole buffer of the acting process; PSO: its pending writes to the
//     locations this firing writes) and it writes memory directly.
//
// A flush step moves one group of one process to memory. Under TSO that is
// the oldest group. Under PSO each write is queued in the FIFO of its
// location and a group stays atomic: a group may be flushed when no older
// group of the same process writes one of its locations, i.e. when all its
// writes are at the head of their FIFOs, and then all of them reach memory
// together. A group writing one location is exactly "the oldest write of
// that location". Flushes interleave freely with transitions.
//
// # Initial states, properties
//
// The initial states are all assignments of values to locations (constants
// included) such that init holds for every choice of its parameters, not
// necessarily distinct; buffers are empty. They are enumerated location by
// location and pruned as soon as some instance of init is false.
//
// An unsafe item holds in a state when its formula is true for some
// pairwise distinct processes given to its parameters (exists-bound
// variables are distinct from each other and from the parameters). `p @ X`
// is what p would read now; a bare weak X (SC only) is the memory value.
// Unsafe items are checked on every reachable state. A state where an
// invariant item holds is excluded (pruned, counted in Result.Pruned):
// invariants are trusted assumptions, as in Cubicle.
//
// # Unconstrained values
//
// Values of int, real and abstract types that init leaves unconstrained
// have no finite domain. The engine keeps them symbolic and evaluates
// formulas in Kleene's three-valued logic, which keeps every verdict sound:
//
//   - the candidates for such a location in init are the numeric literals
//     of init and one more value, "other", standing for every value that is
//     not such a literal (so `X = 0` is false on it, and `X = 0` in init
//     pins X exactly);
//   - `X := .` on an infinite type gives an unknown value;
//   - arithmetic on an unknown value is unknown; a comparison involving one
//     is unknown unless it is decided (other = literal of init);
//   - a guard, case condition, init or invariant that evaluates to unknown
//     is treated as not holding and marks the run as an under-approximation;
//     an unsafe item that is unknown marks it too.
//
// A path that only passed through definite decisions exists for every value
// of the unknowns, so an Unsafe verdict is always real. An
// under-approximated run never answers Safe: its verdict is Unknown with
// the reason. An unconstrained value that is only copied, or overwritten before
// it is read (a register), costs nothing. The state count then counts
// symbolic states.
//
// # Verdicts and bounds
//
// Unsafe comes with a shortest [Witness] (transitions and flushes). Safe
// means the exploration was exhaustive; if MaxSteps or MaxBuffer actually
// disabled a step, Result.Bounded is set and Result.Reason says "safe up
// to K steps per process" (the caller decides what that is worth). A state
// limit, a cancelled context or an under-approximation give Unknown with
// Result.Reason. An instance with no initial state at all is Safe, with
// the reason "no initial state".
//
// # Names
//
// p is the compiled program, st a state, q a process (1..N), l a location
// index, t a transition, ev an evaluator, e an edge (a step label).
package dpor
