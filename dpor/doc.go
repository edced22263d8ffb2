// Package dpor is the bounded engine of cubew: it explores fixed instances
// of a model (N processes, optionally at most K transitions per process)
// and reports whether an unsafe state is reachable. It has two engines:
//
//   - [Explicit] (`cubew bounded --engine explicit`) is the oracle the
//     other engines are tested against. It interprets the checked
//     [syntax.Model] directly, with the operational reference semantics of
//     docs/design.md ("Reference semantics"), and explores every reachable
//     state breadth first with a visited set, so cyclic models terminate
//     and witnesses are shortest. [Replay] re-executes a [Witness]. The
//     sections States to Verdicts below describe it; the graph engine
//     shares its semantics, its compiled program and its evaluator.
//   - [Check] (`cubew bounded`, the default) explores execution graphs in
//     the manner of GenMC (seed 000, sections 2 and 4) and HMC (seed 002):
//     every consistent execution graph of the bounded instance exactly
//     once, without a visited set. The section "The graph engine" below
//     describes it.
//
// [ReplayTrace] looks for a concrete execution of a sequence of transition
// instances (a counterexample of the parameterized engine).
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
// under a model that buffers no writes (SC), has plain memory. With Options.MaxSteps > 0 the state
// also counts the transitions fired per process.
//
// States are compared by a canonical byte encoding. Under PSO the order of
// two buffered groups matters only if they write a common location, so the
// buffer is kept in a canonical linearisation of that partial order. With
// Options.Symmetry, a model that names no process and orders none keeps
// one state per orbit under permutations of the processes (symmetry.go):
// States then counts orbits, and a witness is a real path (each step is
// replayed from the previous concrete state, whose successors include a
// copy of the next representative).
//
// What makes the explicit search fast changes no count (TestCorpusOrbits
// pins them): the visited keys sit in one arena (keyset.go); a canonical
// key is encoded straight from the state through the map of locations
// of its permutation, computed once per permutation (canon.go); and,
// without store buffers, an instance whose guard was false is not
// evaluated again while no step writes a location of the conjunct that
// falsified it (guards.go).
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
// Both engines evaluate guards, right-hand sides, init and properties
// compiled once per instance (code.go): names resolved to locations or
// constructor values, process variables to slots, so an evaluation does
// no string lookup. Transition instances and property tuples range over
// the participants (see the outside process below).
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
// A location whose symbol init does not mention (a register init leaves
// free) is not enumerated: both engines first run with its value left
// symbolic (it evaluates as unknown, and copying it copies the symbol),
// so a register written before it is read costs nothing and litmus
// tests count one initial state. If that run under-approximated and read
// such a value, the free locations it read are enumerated like the others
// and the run is repeated, until no new one is read (lazy.go). The counts
// reported are those of the last run; an explicit run stops as soon as
// it is sure to be repeated (it under-approximated and read a value not
// yet enumerated). [Reachable], whose caller sees every state, enumerates
// every free location up front; [ReachableClasses] keeps them lazy and
// tells its caller when a run starts over (classes.go).
//
// An unsafe item holds in a state when its formula is true for some
// pairwise distinct processes given to its parameters (exists-bound
// variables are distinct from each other and from the parameters). `p @ X`
// is what p would read now; a bare weak X (SC only) is the memory value.
// Unsafe items are checked on every reachable state. So are invariant
// items, as further properties after the unsafe ones: a state where one
// holds is a violation (verdict Unsafe, Result.Violated names it), as
// cubew check proves them. With Options.AssumeInvariants they are trusted
// assumptions instead, as in Cubicle: a state where one holds is excluded
// (pruned, counted in Result.Pruned).
//
// A model whose init keeps a process variable apart from every process
// (FLASH's `init (p) { Home <> p && ... }`) has no initial state in a
// finite instance where every process is a participant. The engines run
// it as the backward search reads it: an instance of N participants gets
// process N+1, which the variable names, which never acts and which no
// unsafe or invariant parameter denotes (outside.go); Result.Outside
// says so (-v). Its cells that only parameters index are never read:
// a free one stays symbolic (lazy.go), and dead values key them as one.
//
// With Options.DeadValues, [Explicit] keys states with stale data (a
// cell no continuation reads before overwriting it, by rules derived
// statically from guards, updates and properties: dead.go) set to one
// value; states equal up to it are bisimilar, so the reduction is exact.
// Result.DeadValues lists the rules (-v). With Options.Shift, a model
// that only compares integers with each other and adds constants to them
// has its states keyed up to a common shift of their integers (shift.go),
// which makes some unbounded counters finite; Result.ShiftRefused says
// why a model does not qualify; Options.Gaps then also caps the gaps
// between consecutive integers wider than the model's offsets (gaps.go:
// a ticket kept by a process that lost the race for Tail), checking each
// step against the capped gaps (Result.GapsBroken when one breaks them).
// With Options.Order, a model that only
// compares reals with each other, copies them, and increments the
// largest by a positive step has its states keyed by the order with ties
// of its reals (order.go), which makes logical clocks finite
// (ricart_agrawala); Result.OrderRefused says why a model does not
// qualify.
//
// # Unconstrained values
//
// An abstract type (`type data`) gets a finite domain: one value more than
// it has locations in the instance, which is enough for every pattern of
// equal and different values the model can tell apart (it can only compare
// them and copy them) and for a fresh value of `X := .` when every
// location holds a different one; initial states take them up to renaming.
//
// Values of int and real types that init leaves unconstrained
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
// Result.Reason. An instance with no initial state at all is Unknown, with
// the reason "no initial state: …": a vacuous exploration vouches for
// nothing.
//
// # The graph engine
//
// Threads. Each process is a thread (the one firing a transition instance
// is its acting process, else its first parameter; thread 0 fires
// parameterless transitions, as Options.MaxSteps counts them). A thread
// fires at most K = Options.MaxSteps transitions; which transition it
// fires next is part of the exploration.
//
// Locations. A location is shared memory when it is weak (in a model
// checked with weak rules) or, in a model without weak variables (or
// checked with SC rules), when it is any variable or array cell: such
// models are sequentially consistent and everything in them is shared.
// Non-weak array cells of a weak model belong to the process of their
// first index (the type rules let only that process touch them): they are
// process-local registers, replayed per thread and not events.
//
// Events. A step (one transition firing) is a sequence of events added to
// the graph in this order: G, the choice of a group of candidate instances;
// one R event per memory location the group reads, in ascending location
// order, each reading from a write chosen among the writes of that
// location in the graph (forward revisits) or from a later write (backward
// revisits); C, the choice of an instance of the group that the values
// read enable, with the values of its `:= .` actions; W, the step's memory
// writes, placed in the coherence order of each location. Every event is
// stamped with the order it was added in. The reads of a step happen at
// one instant and its writes form one group: the reads share one node of
// the global happens-before relation ghb and the writes another, and a
// step that reads and writes memory is locked (one node for both,
// ghb-equal; under TSO it waits for its buffer, under PSO for its pending
// writes of the locations it writes). A fence() in a guard makes a node
// ordered after every earlier write of the thread.
//
// Guards. A candidate instance is one whose guard is not false when the
// memory its thread cannot predict is unknown: the thread's local cells
// are known, and so are the locations only this thread writes (it reads
// its own latest write) and those nobody writes. The candidates are
// grouped by the locations they read (and their fence and locked flags),
// so that the choice between instances that read the same locations (the
// two branches of a test) is made after the reads, by their values. When
// the values read enable no instance of the group, the step is blocked:
// its reads stay in the graph (a later write may still revisit them and
// enable it) and its thread stops. A graph in which some thread is
// blocked counts as a blocked execution (Result.Blocked), the others as
// executions (Result.Executions); a run stopped at an unsafe state counts
// the one that reached it.
//
// Blocked steps. Two rules cut blocked graphs, as GenMC cuts a failed
// `assume` (mutex_N, n = 3, two rounds: 757 blocked graphs with neither;
// 483 with the first after forward reads only; 306 adding the second; 263
// with both; GenMC 0.10.3: 297; the 90 complete executions in every case):
//
//   - A step blocks at the read that makes every guard of its group false
//     whatever its other reads return (forward, and after a backward
//     revisit of one of its reads): its remaining reads would only
//     multiply the blocked graphs. A blocked step contributes no state
//     (cuts keep complete steps only), and fewer reads constrain the rest
//     of the graph less, so the states of the other threads are all still
//     explored; a later write may revisit the reads it has.
//   - A forward read that blocks its step while reading a write that is
//     not coherence-last is dropped when reading a later write of the
//     graph is consistent (seed 000 calls such blocked graphs moot). That
//     alternative is a sibling: addRead tries every write of the
//     location, so it is explored. It differs only in the blocked read:
//     a blocked read has no porf successor, and reading a co-later write
//     w' instead of w removes fr edges (to the writes between w and w')
//     and adds only rf from w'. When the blocked read is the step's only
//     read, every extension of the dropped graph has a consistent twin
//     extending the sibling (a cycle through the twin's rf edge w' → r
//     would need a path from r, whose only out-edges are those fr edges,
//     back to w', i.e. a coherence cycle the dropped graph has too); with
//     several reads in the step, moot checks the sibling's consistency
//     now, and the extensions are covered by the tests rather than by a
//     proof (TestCheckStatesRandom compares every reachable state with
//     the explicit engine's). The twins' cuts before the blocked step are
//     the same (if w' enables the step, the sibling goes on where the
//     dropped graph stopped, which only adds states). Backward revisits
//     of the blocked read itself share their set of explored graphs with
//     the sibling (gread.done).
//
// A blocked read revisited by a write is not dropped by the second rule:
// the revisit is the only graph explored there, with no sibling reading a
// later write. Dropping blocked graphs whose read is outdated only later,
// by a write added after the read, loses states (TestCheckStatesRandom,
// model 53): the graphs reached from it through revisits of other reads
// are not all reached from the revisit of the blocked read.
//
// # Choosing an engine
//
// [Auto] (`cubew bounded`, the default, and crosscheck) picks the engine
// by budgets of work, never of time: DPOR first on a small budget of
// executions, kept when it finds an unsafe state or explores everything
// without the steps bound stopping a thread (litmus tests: the counts
// GenMC reports); else the explicit engine on a budget of states (looping
// protocols, whose executions grow with the steps bound while their state
// spaces stay small), a larger one when the instance is finite (no int or
// real variable, buffers bounded: its exploration ends without a steps
// bound, as german.ctc's and flash's do with the reductions); else DPOR
// with the caller's budget.
// Result.Engine and Result.Choice say which and why.
//
// Consistency. After every event the graph must be consistent for the
// memory model: ghb = ppo ∪ rfe ∪ co ∪ fr acyclic, where ppo holds the
// program-order pairs of nodes that memmodel's Preserved keeps (write
// groups to later reads excepted), fences and locked steps; and, under TSO
// and PSO, for every location, po-loc ∪ rf ∪ co ∪ fr acyclic (uniproc: a
// thread reads its own latest write). This is x86-TSO's axiomatic model
// lifted to read and write groups; it agrees with the operational model,
// as the tests check state by state.
//
// Coherence. The coherence order of the writes of each location is
// enumerated: a new write is placed at every consistent position (a
// locked step's write right after the write its read of that location
// read). Executions are therefore graphs with rf and co ("mo-executions"
// in the GenMC paper): n writers of one location and a reader have
// n!·(n+1) of them, n atomic increments n!.
//
// Exploration. Events are added in a fixed order: the missing events of a
// started step first, else a new step of the lowest thread that has a
// candidate and steps left. Forward, a read tries every write of its
// location that keeps the graph consistent. Backward, a new W event may
// become the write read by each earlier revisitable read of a location it
// writes, outside its porf prefix: the graph is restricted to the events
// added up to the read and the porf prefix of the write, whose events
// added after the read become non-revisitable (revisiting them would undo
// this revisit), and the write is then placed in co in every consistent
// way. Different graphs can restrict to the same revisited graph; as in
// the GenMC paper (Algorithm 3), each read keeps the set of revisited
// graphs already explored from it for as long as it stays in the graph,
// and a revisit found there is skipped. So each consistent graph is
// explored once. (TruSt's maximal-extension test, which needs no such
// sets, assumes that reading the coherence-maximal write is always
// consistent; that fails inside a read group, whose reads happen at one
// instant, so it would miss graphs.) Tests compare the explored graphs
// with a brute-force enumeration of rf and co on straight-line programs,
// check that no graph is explored twice, and pin hand-counted litmus
// counts.
//
// States. A cut of a graph keeps a prefix of the complete steps of each
// thread, closed under rf; it is itself a consistent graph, so operational
// runs execute exactly its steps. They differ in which buffered writes
// reached memory: the flushed set contains every write read by another
// thread, every write before a fence or a locked step of its thread and
// the locked writes, and is closed under coherence predecessors and buffer
// order; every such set is reached (the unflushed writes can be flushed
// after every read). So the reads of an unsafe item happen after every
// read and fence performed, and `p @ X` is p's newest buffered write, else
// memory. The unsafe items are evaluated on every state of every cut of
// every explored graph: when a step completes, on the cuts that end its
// thread with it (the other cuts were evaluated in the graph it extends).
//
// Results. Unsafe comes with the cut as an [Execution] (events, rf, co,
// the writes still buffered) and with an operational [Witness] found by a
// search of the explicit states that fires exactly the cut's steps. Safe
// with a steps bound that stopped a thread says "safe up to K steps per
// process". MaxExecutions and cancellation give Unknown; so do
// unconstrained values, as in the explicit engine.
//
// Limits. Assumed invariants (Options.AssumeInvariants) may only read
// constants (they prune initial states; checked ones are unsafe items);
// a transition may not read `p @ X`; `fence()` is true in a guard
// evaluation (the ordering carries its meaning), so `not fence()` is
// false. Models where every location is shared (SC models) cost more than
// the explicit engine: every step conflicts with every other, and guards
// over shared data give blocked executions.
//
// # Names
//
// p is the compiled program, st a state, q a process (1..N), l a location
// index, t a transition, ev an evaluator, e an edge (a step label). In the
// graph engine gp is the program compiled for graphs, g a graph, x the
// explorer, s a step, a the step of a new write, r a revisited read's
// step, w a write (a ref), k a steps bound or a read's index.
package dpor
