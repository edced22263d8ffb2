// Package oracle explores small instances of a model forwards with the
// explicit engine of package dpor (exact for SC, TSO and PSO) and answers,
// for a cube of package translate, whether some explored state satisfies
// it. Package reach asks it which candidate invariants (BRAB, see
// reach/approx.go) are worth trying: a cube no small instance reaches.
//
// The non-weak state is looked at, and the final reads of a cube (the
// reads of the unsafe formula, `p @ X`): what p would read in the state,
// its newest buffered write to X, else memory (final.go). A literal over
// a weak location or over another read is never found false, so a cube
// made only of such literals always counts as reached. Nor is a literal
// over a read (of a transition, that reach keeps judged as final) that
// the cube's relation puts after another access of its process to its
// location: it is made later, not in the state (instants.go).
// An unknown value (a free initial value, a dead cell: see "Exactness"
// below) makes a literal count as true. Each of these makes the oracle
// say "reached" more often, never less. A model whose init makes a process
// variable differ from every process (FLASH's `Home <> p`) gets, in each
// instance, one more process that the variable names and that never
// acts; only the participants are matched against cubes (dpor/outside.go).
// Instances are explored with exact reductions of the explicit engine
// (reduce.go): a ticket lock's counters grow without bound, and shifted
// counters make each of its instances finite; logical clocks
// (ricart_agrawala's reals) too, keyed by their order. A cube is
// matched by intersecting, per assignment of its variables, the sets
// of states where each of its ground literals holds (match.go). A cube
// that may need more processes than the largest instance has
// (footprint.go) counts as reached.
// An abstract type gets a single value
// in the explored instances (finiteAbstract), which can make it say
// "unreached" of a cube that needs two distinct values: reach keeps such
// literals out of candidates. Whatever the oracle says, reach proves
// every candidate it uses; a wrong "unreached" only costs a refutation.
//
// # Exactness
//
// An instance explored completely (o.Partial does not name it) of a
// model without abstract types (which finiteAbstract under-approximates)
// is exact: a cube the oracle calls unreached is satisfied by no
// reachable state of any explored instance, under any assignment of its
// variables to distinct participants. The explicit engine reports one state per class
// (dpor.ReachableClasses), and each class stands for its members as
// follows:
//   - free initial values: a location that init leaves free (FLASH's
//     caches, messages and pointers) keeps a symbolic value, which the
//     oracle does not know, as long as no evaluation depends on it; the
//     last run of the lazy exploration decided nothing on such a value,
//     so every reachable state is one of its states with some values in
//     place of the symbolic ones. A literal over an unknown value counts as
//     true, so a cube satisfied by a reachable state is satisfied by its
//     class's state;
//   - dead values: a cell that no continuation reads before overwriting
//     it (a cache line's data while it is Invalid) is unknown in the
//     reported state, since the states of its class differ only there;
//   - symmetry: a class holds the permutations of its state, and every
//     assignment of a cube's variables is tried;
//   - shifted integers and ordered reals: the literals they do not
//     preserve are not looked at (reduce.go);
//   - capped gaps: with integers shifted, a gap between consecutive
//     integers of a state (memory, cells and buffered writes) of at
//     least a width w, one more than any offset the model compares or
//     adds, is keyed as w (dpor/gaps.go). A comparison across such a
//     gap with an offset below w has the same truth at every width, and
//     as long as no step puts a new value inside such a gap, the states
//     of a class step into the same classes: the explicit engine checks
//     every step and, if one does, the instance is explored again
//     without capping. A literal whose offsets differ by w or more is
//     not looked at. This is what makes the ticket spin lock under TSO
//     finite, where a process that loses the compare-and-swap keeps its
//     ticket while Tail grows (6, 32 and 130 classes with 1, 2 and 3
//     processes; TestTicketOracleExact compares the oracle with
//     unreduced runs of 13 steps per process, which reach every class,
//     on the 502 cubes of up to three literals over two processes'
//     locations and tickets: they agree on every cube whose literals it
//     looks at).
//
// Under TSO and PSO a state is memory plus store buffers, and the same
// holds: a free weak location starts symbolic in memory, and a write of
// a value that decided nothing (a copy of a symbolic value) carries it
// into a store buffer unchanged, where a later read that depends on it
// forces the enumeration like any other (dpor/lazy.go); dead cells are
// never buffered locations (dpor/dead.go). A final read (`p @ X`) that
// finds a symbolic value, in p's buffer or in memory, is unknown.
// TestClassesExactWeak compares the oracle of a cache whose weak memory
// starts free with an unreduced TSO run on 4,090 cubes, final reads
// included.
//
// # Growing
//
// An oracle leaves out the instance with one more process than MaxVars
// when it is not small (New). When a candidate it called unreached is
// refuted, reach asks it to Grow: that instance is explored with the
// whole state budget and kept when complete, so the oracle stays exact
// for every instance it has (arbiter_v3_N under TSO: 1..4 processes,
// 32,261 classes; TestGrow). An oracle with a partial instance does not
// grow. Past an instance that a state limit cut, the larger ones are
// explored with the share of the state limit the instance with one more
// process gets (instanceBudget: bakery_lamport's tickets, TestBudgetPastCut).
// Deepen (deepen.go) explores the instances that a state limit cut
// again with 4 times the limit, once; reach asks it when its search
// stalls, and drops the candidates the deeper instances reach.
//
// Without the lazy classes, an exploration that reports its states
// enumerates every free initial value: FLASH's instance with one process
// exceeded 20,000 states, and the oracle was partial at every size. With
// them it has 614 states with one process and 26,525 with two, both
// complete (TestFlashOracle). TestClassesExact compares an oracle with an
// unreduced exploration on every cube of up to three literals of a small
// model.
package oracle
