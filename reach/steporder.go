package reach

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// Step order under PSO. When writes may become visible out of program
// order (memmodel.WritesInProgramOrder false), a cube's relation is the
// order in time of one execution: a read and a fence at their step, a
// write when it reaches memory (at its step when the transition is
// locked), the unsafe formula's reads at the end. The backward search
// generates the transitions of a trace in the reverse of the order they
// are issued, so a pre-image's step comes before every step of the cube:
// it stands for the executions whose suffix from that step on is the
// cube's. Every event of the cube happens at one of the cube's steps or
// later (a buffered write reaches memory after its own step), so the
// pre-image's events that happen at its step (its reads, its fence, and
// the writes of a locked transition) are before every event of the cube.
// Only the buffered writes of the new step are not: they reach memory at
// some later instant that the PSO rules bound (program order to the
// process's later fences and writes to the same location, coherence of
// the reads that read them).
//
// The certificates state the same law (certify/weakstep_pso.go: the step's
// instant is before every event of the later steps). Under SC and TSO the
// relation is global happens-before in the Dual-TSO view, where a read
// may take an older value than memory holds at its step: there the
// order of generation says nothing of the reads of different processes,
// and stepBefore adds nothing.
//
// Why a SAFE answer stays sound: each added edge holds in every execution
// the pre-image stands for, as above, so the pre-image stands for the same
// executions as without it; a cube with more edges is only covered by
// visited cubes with fewer constraints (subsumption maps the visited
// cube's edges into the new one's). Events that collect drops are never
// needed for these edges: the new step's events are before every kept
// event directly, so no path through a dropped event can close a cycle
// that the direct edges do not close. It removes the spurious
// counterexamples of two_phase_N under pso, where a decision's locked
// write of the coordinator's state, generated after another decision's
// (issued before it), was free to reach memory after it.
//
// Timed reads of one location (lamport_N under pso). Two reads of one
// location l that read memory (a fenced read, or one whose own earlier
// writes to l have left the buffer), r1 before r2 in time, reading
// different writes w1 and w2: w2 reaches memory after r1, and w1 before
// w2. Proof: w1 is the last write to reach memory before r1 and w2 the
// last before r2; had w2 arrived before r1, it would have arrived before
// w1 (else r1 reads w2), and then w1 between w2 and r2 (else r2 reads
// w1), against r2 reading w2. It is not a new rule but what the step
// order and the obligations of the two reads (obligation.go: y → w or
// r → y for every other write y to l) give together: r1 → r2 comes from
// the step order; r2's obligation towards y = w1 gives w1 → w2 or
// r2 → w1, and the second closes the cycle w1 → r1 → r2 → w1; r1's
// obligation towards y = w2 gives w2 → w1, against w1 → w2, or r1 → w2.
// Neither alone refutes lamport_N's
// first spurious counterexample under the step order (both processes
// enter the critical section, each reading X = itself at its fenced
// step): the plain step order does not keep the satisfied read's
// obligation, the obligations alone do not order the reads of two
// processes (TestTimedReadsOfOneLocation). When the later read is
// satisfied first, the earlier one still unsatisfied, the step-ordered
// search draws the law without obligations (timedreads.go); the other
// order needs the obligation of the earlier read. The two compose
// (OrderingSteps(KeepingObligations(mm)), in either order), and that
// search refutes every counterexample of lamport_N it meets, but finds no
// fixpoint: its cubes keep two processes (a third one's writes order
// nothing under PSO, so its pre-images are covered) and more and more
// events as the processes loop (sources of marked reads, the last writes
// before unsatisfied reads, the own writes before fences), where the TSO
// search forgets satisfied reads at once.
//
// Measured (lamport_N, breadth-first, visited nodes per depth): the
// step-ordered search alone reaches its fixpoint at depth 28 (3,748
// nodes; 3,461 with timedreads.go; four counterexamples that do not
// replay). With the obligations, alone or with the step order, every
// complete layer is larger than the one before until the limit (5,000
// nodes, reached in layer 12, resp. 10; the combined search's layers 7 to
// 9 have 236, 524 and 970 nodes). The marks are
// the cause, not their number: keeping only the marks of fenced reads of
// the process's own write, or only those of X, or only the latest per
// process and location while a later fenced read of the location is
// unsatisfied (each sound: a mark may be dropped at any time) still
// grows the same way (limits reached at depths 11 to 14). A marked read
// of a process's last step is after every entry point, so collect keeps
// them all while it is marked, and a visited cube with a mark covers only
// cubes with the same mark and source: where the step-ordered search
// covers the pre-images in which a process's fenced read reads its own
// write by the one that forgets it (one node per layer up to depth 7),
// the marked searches keep each reads-from choice apart (26 to 34 nodes
// in layer 5).
//
// Session 12 found what else grew: a process's fenced read of X = itself
// that does not take its own write (the branch where another process's
// write arrives later) waits for a write no one can make (only #k writes
// #k to X, and #k's later-generated writes reach memory before the one
// its fence drained), and drags its process's loops into the cube until
// the initial states refute it. selfvalued.go drops such outcomes at once
// in the step-ordered searches: the step-ordered search alone reaches its
// fixpoint at 2,641 nodes instead of 3,461 (the same four counterexamples
// that do not replay), and with the obligations of partnered marks
// (obligation.go's partneredMarks, under DroppingLoneMarks) the combined search now reaches one
// too, at 4,917 nodes, with two counterexamples that do not replay
// (decide's TestLamportPSOObligationsFixpoint); selfvalued.go says which
// stronger bounds refute those and why they were left out.

// OrderingSteps returns mm with one more instruction to the search: under
// a model whose writes may become visible out of program order (PSO), the
// events of a pre-image's step are before every event of the cube (the
// argument above). The search is more exact and larger (dekker_2: 15,825
// nodes instead of 3,643); decide.Check runs it when the plain search's
// counterexamples do not replay, and takes its SAFE or its UNSAFE that
// replays.
func OrderingSteps(mm memmodel.Model) memmodel.Model { return stepOrder{mm} }

// stepOrder is a model whose search orders a step before the cube's events.
type stepOrder struct{ memmodel.Model }

// ordersSteps reports whether mm came from OrderingSteps (also under
// searchModel's wrapper, or KeepingObligations').
func ordersSteps(mm memmodel.Model) bool { return asks[stepOrder](mm) }

// asks reports whether the search model mm is, or wraps, a model of type
// T: the wrappers of the search (searchModel's, OrderingSteps',
// KeepingObligations') compose in any order.
func asks[T memmodel.Model](mm memmodel.Model) bool {
	for {
		switch w := mm.(type) {
		case T:
			return true
		case writesInOrder:
			mm = w.Model
		case stepOrder:
			mm = w.Model
		case obligations:
			mm = w.Model
		case everyMark:
			mm = w.Model
		case loneMarks:
			mm = w.Model
		default:
			return false
		}
	}
}

// stepBefore reports whether the new event i of the step happens at the
// step and so, with OrderingSteps under PSO, before every event of the
// cube.
func (st *weakStep) stepBefore(i int) bool {
	return !st.inOrder && (st.events[i].Kind != translate.Write || len(st.reads) > 0) && ordersSteps(st.mm)
}
