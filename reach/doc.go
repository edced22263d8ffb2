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
// visited nodes an inverted index of literal shapes selects, index.go);
// then Z3, on every renamed visited cube that does not clash with the new
// one (as Cubicle: limiting them to the near matches loses the fixpoint on
// protocols such as German's). The init check (safety.go)
// instantiates the initial formula over the cube's processes and asks Z3,
// after a syntactic filter.
//
// Solver queries go through smt.Solver (lower.go maps terms to Z3 sorts:
// processes are integers, arrays uninterpreted functions, enumerations
// finite sorts, restricted to the subtypes translate computes). The search is deterministic; pre-images of one node are
// computed on parallel workers and merged in transition order.
//
// Local names: n for nodes, c for cubes, t for transitions, sigma for an
// instantiation of parameters, st for a weak pre-image step.
package reach
