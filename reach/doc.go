// Package reach decides safety of parameterized systems by backward
// reachability, as Cubicle does, extended to weak memory as in Cubicle-W
// (shared/seeds/004, §4): starting from the unsafe cubes, it computes
// pre-images by every transition until every new cube is subsumed by the
// visited ones (SAFE, for any number of processes) or a cube meets the
// initial states (UNSAFE, with a trace). Invariant items are properties
// too: their cubes start the search beside the unsafe ones (first, so that
// once visited they prune what they cover), unless
// Options.AssumeInvariants trusts them as Cubicle does.
//
// Pre-images (preimage.go, subst.go) substitute the transition's updates
// into the cube's literals with one branch per case alternative,
// instantiate the transition's parameters on the cube's variables or fresh
// ones, and expand forall_other over the cube's other variables (an
// over-approximation; Replay confirms counterexamples of models without
// weak variables). Weak pre-images (weak.go) add read, write and fence
// events, extend the ghb relation (preserved program order from memmodel,
// coherence, from-read, fences, the unsafe formula's final reads after
// every read and fence), choose reads-from for the cube's unsatisfied
// reads, drop cyclic choices and collect the events that can no longer
// close a cycle.
//
// The fixpoint check (subsume.go) tries, cheapest first: a visited node
// already covering the parent's pre-image; syntactic inclusion under a
// renaming of processes and events (a backtracking matcher, on the
// visited nodes whose literal shape signatures and event profiles fit,
// index.go, evprofile.go; each variable's images narrowed first by its
// events and unary literals, images.go); then Z3, on every renamed
// visited cube that does not clash with the new one (as Cubicle: limiting them to the near matches loses the fixpoint on
// protocols such as German's). When permutations of the process
// constants #1..#N map the system onto itself (symmetry.go; with, where
// the system allows it, a permutation of its variables and of the
// numbers it compares only for equality, datasym.go), each visited
// node is indexed with its images under them, as Cubicle, which treats
// `#n` in a cube as a variable, subsumes modulo every renaming of them.
// The init check (safety.go)
// instantiates the initial formula over the cube's processes and asks Z3,
// after a syntactic filter.
//
// Approximation (approx.go, Cubicle's BRAB), with Options.Oracle: a
// node about to be visited may be replaced by a candidate invariant, a
// sub-cube of it that the oracle (forward exploration of small instances,
// package oracle) never saw reached, that no earlier refutation marked bad
// and that does not meet the initial states. A candidate contains only
// these literals of the node: comparisons between non-weak state terms
// (variables, array cells, constants), process variables, process
// constants, constructors and numbers, where a numeric state term carries
// no offset: a literal with offsets is weakened to the relation of its
// state terms it implies (weaken: `R[#1] = R[#2] + 1` gives `R[#2] <
// R[#1]`, `t = k` for a nonzero number k gives `0 < t` or `t < 0`, `a <
// b - 1` gives `a < b`, `a < b + 1` over integers `a <= b`; offsets
// over symbolic constants that the node says positive, `0 < Tick`, the
// same way by their sign, approx_positive.go: `Clock[#1] = Timer + Tick`
// gives `Timer < Clock[#1]`) or left out (`a <> b + 1`, `a < b + 2`, `a
// < b + 1` over reals, offsets over other constants); the equalities with offsets of the node also
// relate every two numeric terms they chain (offsetRelations:
// `Ticket[#1] = Serving + 1` and `Ticket[#2] = Serving + 1` give
// `Ticket[#1] = Ticket[#2]`). It never contains a weak location, a term of
// an abstract type (which the oracle explores with a single value), nor,
// but in the two last kinds below, a write, a fence or a read of a
// transition, and contains a read event only as follows (approx_weak.go). Under TSO and PSO it thus speaks of
// non-weak state, whose value the explicit engine's states (memory plus
// store buffers, explored under the chosen model) hold exactly, and of
// final reads: a read of the unsafe formula (`p @ X`, Event.Final) that
// no write of the node satisfies (its value still a literal), kept with
// the literals comparing its value to state terms, constants or another
// such value (weakened as above) and the node's relation restricted to
// the kept reads. Such a read happens after every read and fence of the
// execution and reads a write older than the node's events; in a
// candidate, whose other events are gone, the state literals describe
// the end of the execution and the read is what p would read there: its
// newest buffered write to X, else memory, which is what the oracle
// evaluates (oracle/final.go). Any other read of a node happens after
// its process's part of the node's state but at no instant the oracle's
// states name (the processes of a backward node are each at their own
// point of one execution, ordered only by ghb), so the oracle could only
// guess it; a candidate keeping one was tried on fenced mutex_N_us
// (`PC[#2] = L3` with #1's later write of R[#1] before its read R[#2] =
// False) and its own search does not converge either. A weak candidate
// is kept only when the search's syntactic inclusion (subsume.go) finds
// the node included in the candidate built from the literals before
// weakening: the same test that lets a visited node cover a new one, so
// replacing the node loses none of its executions. The oracle never
// calls a literal over a weak location false, nor one over a read other
// than a final one. A candidate has at most Oracle.MaxVars variables and
// MaxVars+1 literals (at least 2); a variable that appears bare (`Owner
// = #1`) also indexes an array cell or reads; no group of its variables
// is a passenger, linked to the others by no literal and described only
// by symbols no transition assigns (passenger.go: `Receiver[#1] <>
// Sender[#1]` beside literals over #2 says only that a message exists,
// which one more process makes true). A third kind keeps reads of
// transitions (approx_locked.go): of the node's unsatisfied reads of
// numeric locations (counters; reads of finite types are left to the
// other kinds) that are not final, a few, at least one of them pinned
// by a write: ghb-equal
// to a write of its transition (a locked transition's read, as a ticket
// lock's compare-and-swap of Tail) or ghb-before the class of a write of
// its location. The candidate has a few state literals of the node and
// the literals comparing the kept reads' values with state terms,
// constants or each other, weakened as above, offset chains included
// (`R[#1] = val(e0)` and `R[#1] + 2 = R[#2]` give `val(e0) < R[#2]`);
// its events are the kept reads and the classes that pin them (a locked
// read keeps its write: one atomic step), with the node's relation
// restricted to them. In a root, a write of the candidate is the last
// of its location in coherence (every write a pre-image adds comes
// before it), so a locked read reads the newest write: what its process
// reads when the transition runs in the candidate's state. The oracle
// judges the candidate as that: with its kept reads evaluated as final
// reads (judgedAs), what each process would read in the state; exact for
// a locked read whose location no other process has a pending write to,
// a guess for the others (a plain read may read an older write). Each
// literal of the candidate is checked to follow from the node's literals
// over the kept events, and the syntactic inclusion to find the node
// included in the cube of those: the candidate loses none of the node's
// executions; like every candidate it is proved as a root. It decides
// the ticket-taking half of a ticket lock (reach/testdata/ticket_take.cub:
// `PC[#2] = L3 && val(e0) < R[#2]`, #1's compare-and-swap reading below
// the ticket of a process past its own). The same kind over the reads of
// finite types that a locked transition performs (lockedFlagCandidates:
// a message flag read and cleared in one atomic step) is tried after
// every other kind, guesses included, which it would otherwise preempt,
// in a search whose model lets writes leave program order (PSO's);
// it decides chandy_misra under PSO (`State[#2] = In && val(e1) = True`
// with #2's receive of NetPerm[#1,#2]: no permission is still to be
// received by a process in its critical section). A last kind of candidate
// forgets processes (approx_procs.go): a process of the node that
// performs none of its events and that its literals name only through
// the values of reads of its cells (`#1 reads R[#3] = True`, nothing
// else about #3) is dropped with those reads and their literals; every
// other literal and event of the node stays, with the node's relation
// restricted to the kept events, and at most MaxVars variables remain.
// Such a candidate may keep any event, which the oracle cannot judge
// (the reads of transitions happen at no instant its states name), so
// it is not asked: the candidate is a guess, kept only when the
// syntactic inclusion finds the node included in it (dropping literals,
// events and the ghb edges through them keeps every execution of the
// node), and like every candidate it is proved as a root, so a
// reachable one meets the initial states, is refuted and restarts the
// search. It breaks the chains of processes that each back off after
// reading another's flag (mutex_N_us with a fence in t2: t3 reads
// R[q] = True of a new q at every step), which neither kind above can:
// the reads they drop are not final. It is tried after the other kinds.
// A node that no candidate replaces may be closed by lemmas
// (approx_lemma.go): extra roots, proved like candidates, that with the
// visited set cover the node (the fixpoint query decides) although none
// includes it. They relate an idle process of the node (one that
// performs none of its events and that only literals comparing its cells
// of finite types with constants name, `PC[#3] = L3`) to an anchor of the
// node: its numeric array cell (`R[#3]`) compared by <, = or > with
// another process's cell of the node (with that process's literals of
// the same kind) or with the value of a read of a transition pinned by a
// write (with the events that pin it, judged as judgedAs says); at most
// maxLemmas of them that the oracle never saw reached and that do not
// meet the initial states, minimised to those the fixpoint query needs.
// On ticket_spin_lock_N, a process in its critical section with ticket
// R[#1], a later compare-and-swap reading R[#1] + 1 and an idle waiting
// #3 are closed by `R[#3]` above `R[#1]` and below every later
// compare-and-swap: a range with no integer, which no sub-cube of the
// node says. Of the kept reads of a candidate of the third kind, two
// plain reads (not locked) of different processes are never compared
// (plainReadsOfTwo), nor a plain read with another process's state cell
// (plainReadOfOther). Over integers `a < b + 1` is kept as `a <= b`
// (weaken), which closes ticket_spin_lock_N's chain of waiting processes
// under TSO: `PC[#1] = L3 && val(e0) <= R[#1]`, #1's later
// compare-and-swap reading at most the ticket it waits with, and the
// same of another process's while #1 is in its critical section.
// In a search that orders steps (PSO, OrderingSteps), a node's own step
// happens in its state, so its reads are what their process would read
// there: nowCandidates (approx_now.go) keep them as final reads with a
// few state literals, judged by the oracle as the unsafe formula's
// `p @ X` (lamport_N: `PC[#1] = CS && PC[#2] = L4 && #2 @ X = #2`). The
// search's inclusion does not map a final read onto a read of a step, so
// a node whose candidate was visited before in the run is covered by it.
// Candidates are tried most general first (moreGeneral), and of two as
// general, the one with fewer relations between numeric variables that
// no process indexes (`Next = Serving`). Every candidate is proved,
// whatever the oracle said. A candidate is a root of the search: it is proved like an unsafe cube, so a SAFE
// answer's visited set (Result.Invariant) includes it and remains an
// inductive invariant (Result.Inferred lists the candidates). A node that
// descends from a candidate and meets the initial states refutes it: the
// candidate is marked bad, counted (Stats.Refuted), the oracle may grow
// (Grower, approx_grow.go: package oracle explores one more process), and
// the search starts over; after Options.MaxRestarts restarts it runs
// without approximation. A search that has approximated for stallNodes
// (100) nodes with an oracle that can explore further (Deepener,
// approx_grow.go: package oracle explores its partial instances again
// with 4 times their state limit, once) has it do so, refutes the
// candidates of the run the oracle judged and now calls reached
// (Stats.DeepRefuted), and starts over (Stats.Deepened), approximating
// from the first node; FLASH with data is SAFE so with the default
// options.
// With Options.ApproxAfter, the first run visits that many nodes exactly
// before it proposes candidates, or fewer once they have made as many
// pre-images as that many ordinary nodes make (25 each, approx.go: a
// model of large nodes pays for the exact part in the nodes' work, not
// their number); the nodes visited so far stay (they are exact); the
// runs after a refutation approximate from the first node.
// Options.CheapApproxAfter ends that exact part sooner for an oracle
// that says it is cheap to explore (CheapOracle, approx_cheap.go:
// package oracle's small instances complete within a few hundred states):
// the oracle costs little, and the candidates save the nodes the exact
// part would have visited (sense_barrier: 74 nodes instead of 156).
// No counterexample goes through a candidate.
//
// Solver queries go through smt.Solver (lower.go maps terms to Z3 sorts:
// processes are integers, arrays uninterpreted functions, enumerations
// finite sorts, restricted to the subtypes translate computes). A fixpoint
// query is answered satisfiable without it when the cube's canonical model
// (quicksat.go: the values the cube gives, a value of its own for every
// other term) satisfies the cube and falsifies every candidate: about a
// sixth of German's queries. The alternatives of a cube literal before a
// transition instance are memoized across nodes (altmemo.go).
//
// The search uses Options.Workers goroutines (layer.go) and stays
// deterministic: a breadth-first search takes the queued nodes by layers
// of at most 64; every node of a layer is checked in parallel against a
// snapshot of the visited set (syntactic inclusion, the initial states,
// the fixpoint query), each worker with its own solver (one worker per 4
// nodes of the layer at most: a solver takes milliseconds to make, more
// than a small model's whole search); then, in parallel too, a node the
// snapshot does not cover is checked against the snapshot and the nodes
// queued before it in its layer that the snapshot does not cover either
// (with their symmetric images): if they do not cover it, neither does
// any subset of them, and it is settled. The checks of a node the
// snapshot does not cover also find the snapshot's nodes it includes,
// which the merge deletes if it visits the node. A merge then
// takes the nodes in queue order, but the first one the checks found
// meeting the initial states first (as Cubicle, which checks every popped
// node against them before anything else), and checks again, against the nodes of
// the layer visited before, those neither covered nor settled (and
// matches a node it visits against those to delete them too); the
// visited nodes' pre-images are computed in parallel, by node and
// transition, and queued in order, but that a pre-image moves before the
// earlier ones it includes (order.go). The verdict and the node counts do
// not depend on the number of workers. With Options.MeasureCPU the
// search measures the CPU time of its parallel parts and of the rest of
// its thread (Stats.SerialCPU): the serial fraction of Amdahl's law.
//
// Local names: n for nodes, c for cubes, t for transitions, sigma for an
// instantiation of parameters, st for a weak pre-image step.
package reach
