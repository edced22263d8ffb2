package dpor

import "github.com/cubew/cubew/syntax"

// Guards known false (explicit engine, models without store buffers). A
// guard's value depends only on the locations it reads, so when a state
// is reached by a step that writes none of them, the guard has the value
// it had in the state the step left. The explorer keeps, per queued
// state, the set of instances whose guard was not enabled (false, or
// unknown: both mean "does not fire") in its predecessor and whose
// locations the step did not write, and [stepper.successors] skips them.
//
// The locations of a guard are those readSet's walk lists for the
// instance (every cell its quantifiers may reach, whatever the
// evaluation short-circuits). An instance whose guard the walk cannot
// bound is never skipped: one reading p @ X (the walk refuses it), or
// one with arithmetic when reals are ordered (an increment reads the
// largest value of the whole state, order.go). Skipping an instance
// changes no side effect of a search: its guard read the same values in
// the predecessor, in the same run, which already recorded the free
// values read and the reason of an approximation (lazy.go, runFlags).

// guardIndex maps the locations to the instances whose guards read them.
// Instances are numbered in the order successors enumerates them.
type guardIndex struct {
	words  int      // uint64 words per set of instances
	stable []uint64 // the instances that may be skipped
	reads  []uint64 // reads[l*words:(l+1)*words]: the instances whose guard reads l
}

// newGuardIndex returns the index of p's instances, or nil when p buffers
// writes (a guard then also depends on the acting process's buffer).
func (p *program) newGuardIndex() *guardIndex {
	if p.buffered {
		return nil
	}
	var stable []int
	var reads [][]int32 // per instance
	for _, t := range p.trans {
		for _, procs := range p.participantTuples(len(t.t.Params)) {
			locs, ok := p.guardReads(t, procs)
			if ok {
				stable = append(stable, len(reads))
			}
			reads = append(reads, locs)
		}
	}
	gi := &guardIndex{words: (len(reads) + 63) / 64}
	gi.stable = make([]uint64, gi.words)
	for _, i := range stable {
		setBit(gi.stable, i)
	}
	gi.reads = make([]uint64, len(p.locs)*gi.words)
	for i, locs := range reads {
		for _, l := range locs {
			setBit(gi.reads[int(l)*gi.words:], i)
		}
	}
	return gi
}

// guardReads returns the locations the guard of t(procs) may read, and
// false when the walk cannot bound them.
func (p *program) guardReads(t *trans, procs []int) ([]int32, bool) {
	if t.guard == nil {
		return nil, true
	}
	w := &rwalk{p: p, keep: func(int) bool { return true }, params: procs}
	for i, prm := range t.t.Params {
		w.env = append(w.env, pvar{prm.Name, procs[i]})
	}
	w.formula(t.guard)
	if w.err != nil || p.order != nil && hasArith(t.guard) {
		return nil, false
	}
	return w.out, true
}

// hasArith reports whether f contains arithmetic.
func hasArith(f syntax.Formula) bool {
	found := false
	eachAtom(f, func(f syntax.Formula) {
		if c, ok := f.(*syntax.Compare); ok {
			_, l := c.L.(*syntax.Arith)
			_, r := c.R.(*syntax.Arith)
			found = found || l || r
		}
	})
	return found
}

// inherit writes into dst the instances known false after a step from a
// state whose instances not enabled are falses: those that may be
// skipped and read no location the step wrote.
func (gi *guardIndex) inherit(dst, falses []uint64, writes []write) {
	for k := range dst {
		dst[k] = falses[k] & gi.stable[k]
	}
	for _, w := range writes {
		r := gi.reads[int(w.loc)*gi.words:]
		for k := range dst {
			dst[k] &^= r[k]
		}
	}
}

func setBit(set []uint64, i int) { set[i>>6] |= 1 << (i & 63) }

func hasBit(set []uint64, i int) bool { return set[i>>6]&(1<<(i&63)) != 0 }
