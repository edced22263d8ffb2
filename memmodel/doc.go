// Package memmodel is the one place where a memory model is defined. Both
// engines ask a [Model] its rules and never compare it with a constant:
// reach (the parameterized backward search) builds global happens-before
// (ghb) edges from them, dpor (the bounded engines: the DPOR graph engine
// and the explicit oracle with store buffers) runs and checks executions
// by them. This page is what a reader needs to add a model.
//
// # The models
//
//   - SC: every program-order pair is kept; writes go to memory at once.
//   - TSO: one FIFO store buffer per process, flushed a transition's write
//     group at a time; write→read pairs are dropped (a process reads its
//     own latest buffered write first); a locked transition (one that
//     reads and writes weak memory) waits for the whole buffer.
//   - PSO: one FIFO per process and location, flushed a write at a time;
//     write→write pairs on different locations are dropped too; a locked
//     transition waits for the buffers of the locations it writes.
//
// In every model a transition is atomic: its reads are one instant, its
// writes become visible together (and with its reads when it is locked),
// fence() is full (it waits for empty buffers), and the reads of the
// unsafe formula happen after every read and fence (design.md, reference
// semantics). [Default] is TSO for a model with weak declarations and SC
// otherwise, for every engine and the command line ([Or] fills in a nil
// model).
//
// # The rules, where each engine uses them, and the litmus tests that pin them
//
// The litmus tests are examples/litmus/NAME.cub; NAME.want gives the
// verdict of each engine under each model (SAFE: the weak outcome is
// forbidden).
//
//	rule                 sc  tso  pso  pinned by (sc/tso/pso verdict)
//	Preserved(W,R)       yes no   no   sb (S/U/U), rwc (S/U/U)
//	Preserved(W,W,diff)  yes yes  no   mp, 2+2w (S/S/U)
//	Preserved(W,W,same)  yes yes  yes  corr, cowr (S/S/S)
//	Preserved(R,_)       yes yes  yes  lb (S/S/S), wrc (S/S/S)
//	Buffered             no  yes  yes  forwarding (S/U/U)
//	LockedDrains(diff)   yes yes  no   (dpor only: a PSO locked write does
//	                                   not wait for other locations)
//	FlushesGroups        yes yes  no   mp, 2+2w (S/S/U)
//	FenceOrders          yes yes  yes  sb_fenced (S/S/S)
//	WritesInProgramOrder yes yes  no   co_order, own_write_overtaken
//	                                   (S/S/U), iriw (S/S/S)
//
// Each rule in detail:
//
//   - [Model.Preserved] (preserved program order). reach: the edges from a
//     new event to its process's later events (weak.go, ordered); it also
//     gives the drain of a locked transition there, through the write→write
//     pairs it keeps. dpor: which po pairs of a thread are ghb edges in the
//     consistency check (consist.go, preserved).
//   - [WritesInProgramOrder] (derived from Preserved). reach: when true,
//     coherence follows the order in which the backward search generates
//     writes (the Dual-TSO view) and a process's own later read must read
//     its new write (readsfrom.go). When false (PSO) the relation is read
//     as the order in time of reads and of writes reaching memory, the
//     transitions generated in the reverse of their issue order: a read's
//     own earlier writes to its location can be skipped, coherence across
//     processes is not known from generation, and the from-read edges a
//     read owes to the write it reads (fromReads) are drawn for the writes
//     the cube has. reach answers exactly for a system where no process can
//     have writes to two locations pending (inorder.go: one weak location,
//     or every weak write locked): it uses a model whose write→write pairs
//     are all kept. Otherwise the search over-approximates (its SAFE is
//     sound, its counterexamples are replayed on dpor); when they do not
//     replay, decide.Check runs it again, first ordering each step's
//     reads, fence and locked writes before every event of the later
//     steps (reach/steporder.go), then keeping the coherence obligation
//     of satisfied reads of another process's write (reach/obligation.go,
//     internals note §7.11), and takes a SAFE (sound: every added edge
//     and obligation is a fact of every PSO execution, the arguments are
//     in those files) or an UNSAFE answer that replays.
//   - [Model.Buffered]. dpor: whether weak locations get store buffers
//     (compile.go), whether a step is a buffered write (execution.go) and
//     whether reads-from inside a thread is a ghb edge (consist.go). decide:
//     whether an UNSAFE trace is replayed on the weak engine.
//   - [Model.LockedDrains]. dpor: when a locked transition is enabled
//     (step.go), which of its buffered writes a cut must flush first
//     (cuts.go) and which po pairs before it are ghb edges (consist.go,
//     fire.go). reach gets the same drain from Preserved (a locked
//     transition's writes are ghb-equal to its reads, and the write→write
//     pairs kept order the earlier writes before them).
//   - [Model.FlushesGroups] (the unit of a flush). dpor: the flushes the
//     explicit oracle may take (state.go, step.go), how its buffers are
//     canonicalised and bounded, and the order in which a cut flushes a
//     thread's writes (cuts.go). reach: the writes of one transition are
//     ghb-equal in every model (instant in weak.go).
//   - [Model.FenceOrders]. reach: the edges from a fence event and to it
//     (weak.go); dpor keeps fence() as a full fence (a fenced step waits
//     for empty buffers).
//
// # Adding a model
//
// Implement [Model] here, add it to [ByName] and [Names], and give every
// litmus example under examples/litmus a line per engine in its .want file.
// memmodel's TestBoundaryLitmus shows the boundary holds: a test-only model
// that both engines only know through its rules gives the .want verdicts
// in reach, the DPOR engine and the explicit oracle. Nothing in reach or
// dpor changes unless the model needs a rule none of the methods above
// expresses (then add the method here and use it in both engines). A model
// whose writes may leave program order (WritesInProgramOrder false) gets
// PSO's over-approximating search in reach: check its litmus verdicts
// there first, and its corpus answers with cubew crosscheck.
package memmodel
