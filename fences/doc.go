// Package fences synthesises fences: the minimal sets of `fence()`
// insertions into transition guards that make a model SAFE for every
// number of processes under a weak memory model (TSO or PSO). The
// Dual-TSO work (seed 001, Paper I) does this for finite-state programs;
// here every candidate is proved by the parameterized check of package
// decide, so a set holds for all N.
//
// The search is counterexample-guided. Each UNSAFE check comes with an
// execution replayed on a concrete instance (decide.Result.Witness); the
// transitions that ran while their process still had buffered writes are
// where a fence would have cut it (the write→read edges of its ghb
// cycle). That set, its conflict, is confirmed by replaying the trace
// with a fence everywhere else. Candidates are the minimal hitting sets of
// the conflicts found so far, checked smallest first; an UNSAFE candidate
// adds a conflict, a SAFE one is a minimal fence set (each of its fences
// is the only one meeting some conflict, whose replayed execution runs
// without it), an UNKNOWN one (a node limit) is reported as not proved and
// never as a fix. A check that is UNKNOWN is handed to the bounded
// engine (package dpor, 2 and 3 processes, Options.Steps each): a
// concrete execution it finds is UNSAFE evidence, with its conflict, so
// the search goes on past the engine's limits (under PSO, its spurious
// counterexamples); the bounded engine never makes a set SAFE. A model
// that is UNSAFE under SC gets no fence: its SC counterexample is the
// answer.
//
// Fences are inserted into the source text (insertFences), keeping its
// layout and comments; every check parses that text again, so what is
// proved is what `cubew fences -w` writes.
package fences
