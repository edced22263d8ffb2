// Package certify states a SAFE answer of the backward reachability search
// as a certificate another prover can re-check: an SMT-LIB 2 script whose
// obligations each answer unsat exactly when the answer is proved.
//
// A SAFE answer means that the union U of the visited cubes (reach's
// Result.Invariant) meets no initial state, contains the unsafe cubes and
// is closed under pre-image. Its negation, with the subtypes of the
// enumerated variables, is an inductive invariant
//
//	inv(s) = dom(s) ∧ ∧_i ∀ distinct processes x̄. ¬V_i(s, x̄)
//
// and the script asks for a counterexample to
//
//	init:          init(s) ⇒ inv(s)
//	transition t:  inv(s) ∧ t(s, s') ⇒ inv(s'), per transition (per
//	               disjunct of its guard)
//	unsafe:        inv(s) ⇒ ¬unsafe(s)
//
// one obligation per way each can fail (dom failing, or a state of one
// cube, or of one unsafe cube), each a (push)/(pop) block announced by
// an (echo "obligation GROUP: WAY") whose (check-sat) must answer unsat.
// A transition obligation for cube V assumes of inv(s) only its focus
// (focus.go, reach.Covers): dom and the cubes that cover V's pre-images
// by the transition, as the instances the search's inclusions give when
// each has one (and, for a pre-image the search covered by a disjunction
// of cubes without events, the instances at every renaming it checked;
// under PSO with writes out of program order, of the step-ordered
// pre-images, since the certificate states the step order);
// fewer assumptions make a stronger obligation. An init obligation
// states its cube of Skolem constants with the instances of init at
// them (initground.go).
//
// Processes are integers in an uninterpreted set is_proc (1..number_procs
// when bounded), arrays SMT-LIB arrays indexed by processes, enumerations
// datatypes, Cubicle's bool Bool, int and real Int and Real. Every state
// is assumed well typed (a proc-typed value is a process), and a user
// invariant the search assumed that speaks of constants alone is asserted
// (assumed.go). Each cube is a
// define-fun named after its node, with a comment giving the node, the
// node and transition it is a pre-image of, and the cube in cubew's
// syntax.
//
// A weak model under TSO is certified over the event-explicit encoding
// of the search (weak.go, weakstep.go): an explicit state adds to the
// non-weak variables the events of the remaining steps (fut) and the
// reads among them that read from before the state (unsat.L); events have
// a process, a time (ghb is the order of times, hence acyclic), the cells
// they read and write and the values; a step adds its events with their
// order to the later ones and the reads-from choices of reach/readsfrom.go.
// Under PSO the same encoding is written when no process can have writes
// to two locations pending (reach.SearchModel keeps writes in program
// order there). Otherwise ghb is the order in time of the execution, a
// write's event the instant it reaches memory, and a step follows PSO's
// rules (weakstep_pso.go: per-cell FIFO order, reads-from without TSO's
// "the read is before the write", coherence of a read as a law of two
// later events). A case branch that keeps its weak cell (`| _ : A[j]`)
// reads the cell and writes the value back, in a locked step. The refined
// pso search's cubes (reach.KeepingObligations) mark satisfied reads: the
// certificate then adds the write each read reads (rf.L), set by the step
// whose write a later read reads, and the coherence obligation of a read
// of memory as a law of each writing step (weakstep_pso.go). A proof that
// needs the search's fence-moved inclusion (reach.ErrFenceMoved, wrapped
// with ErrNotEncoded) is refused.
//
// Write prints a certificate; Z3 and Z3With re-check one with the Z3
// linked into cubew (Z3With reports each answer as it comes, and runs
// several contexts at once with Z3Options.Jobs), CVC5 and CVC5With with
// the cvc5 binary (several processes with CVC5Options.Jobs), and
// Outcomes reads the answers of any prover (Z3 or cvc5) to a
// certificate. A part of a certificate that a prover runs on its own
// keeps only the groups (Only) and the definitions (prune.go) that its
// obligations need. docs/certificates.md says what is certified and what is
// assumed.
package certify
