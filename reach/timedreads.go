package reach

import (
	"math/bits"

	"github.com/cubew/cubew/translate"
)

// Timed reads of one location, drawn at once (lamport_N under pso). The
// law of steporder.go ("Timed reads of one location") needs both reads:
// two reads r1 before r2 in time of one location l, both reading memory,
// reading different writes w1 and w2, give w2 after r1 in memory. The
// obligations of satisfied reads (obligation.go) draw it when the second
// write is generated, by keeping the first satisfied read. When r2 is
// satisfied first, the law needs no mark: r1 is still in the cube,
// unsatisfied, and the edge r1 → w2 can be drawn at once.
//
// The rule. A pre-image's write w is read by the cube's read r2 from
// memory (w → r2: another process's write, or the process's own write
// that has left its buffer; readFrom and newSources). Every other read r1
// of l in the cube that stays unsatisfied in this outcome (it reads a
// write other than w), is before r2 (r1 → r2) and reads memory (it is
// ghb-equal to a fence of its process: the fence waits for the process's
// buffers to drain, and the step's reads follow it) gets r1 → w.
//
// Why it holds in every PSO execution the outcome stands for (the
// relation read as time, steporder.go). r2 reads w from memory, so w is
// the last write to l to reach memory before r2. r1 reads memory, so it
// reads the last write w1 to reach memory before r1, or the initial value
// when none has; w1 is not w in this outcome. Had w reached memory before
// r1, then w1 would exist and have reached memory after w (the last before
// r1 is not w), between w and r1, so before r2: w would not be the last
// before r2. So w reaches memory after r1. The edge only states a fact of
// the executions the pre-image already stands for: a SAFE answer stays
// sound, and a pre-image whose relation it makes cyclic stands for none.
//
// It is drawn only in the step-ordered search (OrderingSteps): there the
// order of the two reads is mostly the order of their steps, which the
// plain search does not know; keeping the plain pso search unchanged
// keeps its node counts.

// timedReads adds r1 → p.w for each pair p of read (p.r reads p.w) that
// reads memory and each other read r1 of its location among the cube's
// events that stays unsatisfied (in unread), is before p.r and is fenced.
func (st *weakStep) timedReads(rel translate.Rel, read []rfPair, unread translate.Set) {
	for _, p := range read {
		if !rel.Lt(p.w, p.r) {
			continue // p.r reads p.w from its process's buffer
		}
		for r1 := unread; r1 != 0; r1 &= r1 - 1 {
			i := bits.TrailingZeros64(uint64(r1))
			if st.events[i].SameLoc(st.events[p.r]) && rel.Lt(i, p.r) && st.fenced(i, rel) {
				rel.AddLt(i, p.w)
			}
		}
	}
}

// readers returns the reads of pairs.
func readers(pairs []rfPair) translate.Set {
	var s translate.Set
	for _, p := range pairs {
		s |= translate.Of(p.r)
	}
	return s
}

// fenced reports whether event i is ghb-equal to a fence of its process:
// a read of a fenced step, which reads memory.
func (st *weakStep) fenced(i int, rel translate.Rel) bool {
	for f, e := range st.events {
		if e.Kind == translate.Fence && e.Proc == st.events[i].Proc && rel.Eq(f, i) {
			return true
		}
	}
	return false
}

// drawsTimedReads reports whether the pre-image draws the edges of timed
// reads: under a model whose writes may become visible out of program
// order, in the step-ordered search.
func (st *weakStep) drawsTimedReads() bool { return !st.inOrder && ordersSteps(st.mm) }
