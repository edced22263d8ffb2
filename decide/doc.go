// Package decide is the layer between the engines and everyone who reports
// a verdict (the command line, crosscheck, the tests): it runs the
// parameterized search of package reach and replays every counterexample
// on a concrete instance before the answer is UNSAFE.
//
// The evidence rules it enforces:
//
//   - An UNSAFE answer's trace has run forwards on the bounded engine's
//     operational model (package dpor) with the trace's own number of
//     processes, under the memory model of the search. The witness, a
//     concrete execution with its reads, writes and flushes, comes with
//     the answer.
//   - A counterexample that does not replay is spurious (the backward
//     search over-approximates forall_other guards, and PSO): the search
//     goes on looking for one that does, and answers UNKNOWN ("spurious
//     counterexample …") when it finds none, never SAFE on that search's
//     word. Under PSO it then runs the refined search (obligations of
//     satisfied reads, reach.KeepingObligations), whose SAFE it takes: it
//     over-approximates PSO as the plain search does (reach/obligation.go).
//   - Where no concrete instance can be built (a value the bounded engine
//     cannot enumerate, such as an abstract type in init), a model without
//     weak variables is confirmed forwards by the solver (reach.Replay) and
//     the answer is UNSAFE with NotReplayed saying why; a weak one is
//     UNSAFE (not replayed).
//
// Replay is the one replay implementation; Check uses it through
// reach.Options.Confirm.
package decide
