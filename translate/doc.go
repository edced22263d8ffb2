// Package translate turns a checked model (syntax.Model) into the form the
// engines work on: terms and literals (hash-consed, so they compare with
// == and serve as map keys), cubes (conjunctions of literals over distinct
// process variables #1..#n, with the read, write and fence events of weak
// models and their global-happens-before relation), the initial formula in
// disjunctive normal form, and transitions whose guards are split into
// disjuncts, with their forall_other part and their updates as case lists.
//
// This is the description-language side of the Cubicle-W paper
// (shared/seeds/004, §3): weak locations read inside a transition become
// read terms (KRead) that a pre-image turns into read events; `p @ X` in
// an unsafe formula becomes a final read event whose value term (KVal)
// stands for what p reads at the end of the execution.
//
// Process names (Proc) share one numbering: cube variables are 1, 2, ...;
// process constants #n are -n; transition placeholders (parameters, case
// index variables, the forall_other variable) and event names live in
// ranges of their own (ParamBase, IndexBase, OtherVar, EventBase).
//
// Build also computes the subtypes of enumerated variables (subtype.go,
// Cubicle's static subtyping): the constructors each can hold, so that
// literals and enumeration completion are decided over them.
//
// Verdict, shared by reach and dpor, lives here.
//
// Local names: l for literals, c for cubes, t for terms or transitions,
// p, q for processes, e for events.
package translate
