package oracle

import "errors"

// CheapStates is the most states an instance of a cheap oracle has
// (Lazy.Cheap). The complete corpus oracles that pay for an early start
// are far below it (sense_barrier's instances with 1..3 processes have
// 214 states, arbiter_v2_N's 111, szymanski_at's 261), while a model
// whose instances grow without bound (bakery_lamport's instance with one
// process, lamport_N's with two under TSO) shows it within this many
// states, at a small part of the cost of its whole oracle.
const CheapStates = 500

// errNotCheap says that an instance with 1..n processes of an oracle is
// not complete and safe within CheapStates states (newWithin).
var errNotCheap = errors.New("oracle: an instance is not complete within its cheap budget")
