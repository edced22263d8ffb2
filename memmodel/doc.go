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
// [Default] is TSO for a model with weak declarations and SC otherwise,
// for every engine and the command line ([Or] fills in a nil model).
//
// # The rules, and who uses them
//
//   - [Model.Preserved] (preserved program order). reach: the edges from a
//     new event to its process's later events (weak.go, ordered); it also
//     gives the drain of a locked transition there, through the write→write
//     pairs it keeps. dpor: which po pairs of a thread are ghb edges in the
//     consistency check (consist.go, preserved). Pinned by sb (W→R dropped:
//     UNSAFE under tso and pso), mp and 2+2w (W→W on different locations
//     dropped: UNSAFE under pso only), lb (R→W kept: SAFE everywhere), and
//     corr/cowr (same-location order kept: SAFE everywhere).
//   - [WritesInProgramOrder] (derived from Preserved). reach: when true,
//     coherence follows the order in which the backward search generates
//     writes (the Dual-TSO view) and a process's own later read must read
//     its new write (readsfrom.go); when false (PSO), the relation is read
//     as the order in time of reads and of writes reaching memory, and a
//     read's own earlier writes to its location can be skipped. reach
//     also uses the rules of a model whose write→write pairs are all kept
//     for a system in which no process can have writes to two locations
//     pending (inorder.go: one weak location, or every weak write locked),
//     where PSO and TSO have the same executions. Pinned by co_order and
//     own_write_overtaken (UNSAFE under pso only) and iriw (SAFE: both
//     weak models are multi-copy atomic).
//   - [Model.Buffered]. dpor: whether weak locations get store buffers
//     (compile.go), whether a step is a buffered write (execution.go) and
//     whether reads-from inside a thread is a ghb edge (consist.go). decide:
//     whether an UNSAFE trace is replayed on the weak engine. Pinned by
//     forwarding (a read of the process's own buffered write: UNSAFE under
//     tso and pso) and by every litmus test that is SAFE under sc.
//   - [Model.LockedDrains]. dpor: when a locked transition is enabled
//     (step.go), which of its buffered writes a cut must flush first
//     (cuts.go) and which po pairs before it are ghb edges (consist.go,
//     fire.go). reach gets the same drain from Preserved (see above).
//   - [Model.FlushesGroups] (the unit of a flush). dpor: the flushes the
//     explicit oracle may take (state.go, step.go), how its buffers are
//     canonicalised and bounded, and the order in which a cut flushes a
//     thread's writes (cuts.go). Pinned by 2+2w and mp (per-location
//     flushes: UNSAFE under pso).
//   - [Model.FenceOrders]. reach: the edges from a fence event and to it
//     (weak.go); dpor keeps fence() as a full fence (a fenced step waits
//     for empty buffers). Pinned by sb_fenced (SAFE everywhere).
//
// A transition is atomic in every model: its reads are one instant, its
// writes become visible together (and with its reads when it is locked).
//
// # Adding a model
//
// Implement [Model] here, add it to [ByName] and [Names], and give every
// litmus example under examples/litmus a line per engine in its .want file.
// memmodel's TestBoundaryLitmus shows the boundary holds: a test-only model
// that both engines only know through its rules gives the .want verdicts
// in reach, the DPOR engine and the explicit oracle. Nothing in reach or
// dpor changes unless the model needs a rule none of the methods above
// expresses (then add the method here and use it in both engines).
package memmodel
