// Package memmodel is the one place where a memory model is defined: which
// program-order pairs of a process's events are preserved in the global
// happens-before relation (ghb), what a fence orders, and how writes are
// buffered operationally. Both engines use it: reach builds ghb edges from
// [Model.Preserved], dpor checks execution graphs with the same rules and
// its explicit oracle buffers writes as [Model.Buffering] says.
//
// The models (design.md, "Semantics in one page"):
//
//   - SC keeps every program-order pair; no buffers.
//   - TSO drops write→read pairs, on any locations: a process reads its
//     own latest write from its buffer (store forwarding) before others
//     see it; one FIFO store buffer per process.
//   - PSO also drops write→write pairs on different locations; one FIFO
//     per process and location.
//
// [WritesInProgramOrder] tells whether a process's writes become visible
// in program order on all locations (SC, TSO): reach then takes coherence
// to follow the order in which it generates writes; under PSO it does not.
//
// A transition is atomic in every model: its reads and writes are
// ghb-equal. fence() orders every earlier write of the process before the
// transition's accesses.
//
// Adding a model means adding one implementation here and the litmus tests
// that pin its outcomes; nothing in reach or dpor changes.
package memmodel
