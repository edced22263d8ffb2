package dpor

import "github.com/cubew/cubew/syntax"

// Guards known false (explicit engine, models without store buffers). A
// guard is the && of its conjuncts, and a conjunct's value depends only on
// the locations it reads: when a state is reached by a step that writes
// none of them, the conjunct has the value it had in the state the step
// left. So an instance whose guard was false stays false as long as no
// step writes a location of the conjunct that falsified it (its watched
// conjunct), and [stepper.successors] skips it without evaluating it.
// The explorer keeps, per queued state, what it knows of each instance:
// a watch code (below). An instance whose guard was unknown (it does not
// fire either) watches the whole guard.
//
// The locations of a conjunct are those readSet's walk lists for the
// instance (every cell its quantifiers may reach, whatever the
// evaluation short-circuits). An instance whose guard the walk cannot
// bound is never skipped: one reading p @ X (the walk refuses it), or
// one with arithmetic when reals are ordered (an increment reads the
// largest value of the whole state, order.go). Skipping an instance
// changes no side effect of a search: its conjunct read the same values
// in an earlier state of the same run, which already recorded the free
// values read and the reason of an approximation (lazy.go, runFlags).

// A watch code says what is known of an instance in a state: 0 nothing
// (evaluate its guard), k+1 its guard is false and its conjunct k still
// is, watchAll its guard does not fire and no location of it changed.
const (
	watchNone = 0
	watchAll  = 255
)

// watchCode is the code of an instance whose guard is false at conjunct
// k (k < 0: not fired for another reason, watch every conjunct).
func watchCode(k int) uint8 {
	if k < 0 || k+1 >= watchAll {
		return watchAll
	}
	return uint8(k + 1)
}

// guardIndex maps the locations to the instances whose guards read them.
// Instances are numbered in the order successors enumerates them.
type guardIndex struct {
	insts   int
	stable  []bool     // per instance: it may be skipped
	readers [][]reader // per location: the instances whose guard reads it
}

// reader is an instance whose guard reads a location, with the conjuncts
// that do: bit k for conjunct k, bit 63 for every conjunct from 63 on.
type reader struct {
	inst      int32
	conjuncts uint64
}

// newGuardIndex returns the index of p's instances, or nil when p buffers
// writes (a guard then also depends on the acting process's buffer).
func (p *program) newGuardIndex() *guardIndex {
	if p.buffered {
		return nil
	}
	gi := &guardIndex{readers: make([][]reader, len(p.locs))}
	for _, t := range p.trans {
		for _, procs := range p.participantTuples(len(t.t.Params)) {
			reads, ok := p.conjunctReads(t, procs)
			gi.stable = append(gi.stable, ok)
			for l, m := range reads {
				gi.readers[l] = append(gi.readers[l], reader{int32(gi.insts), m})
			}
			gi.insts++
		}
	}
	return gi
}

// conjunctReads returns, per location the guard of t(procs) may read, the
// conjuncts that may read it (as reader.conjuncts), and false when the
// walk cannot bound them.
func (p *program) conjunctReads(t *trans, procs []int) (map[int32]uint64, bool) {
	if t.guard == nil {
		return nil, true
	}
	if p.order != nil && hasArith(t.guard) {
		return nil, false
	}
	reads := map[int32]uint64{}
	for k, f := range chain(t.guard, syntax.OpAnd) {
		w := &rwalk{p: p, keep: func(int) bool { return true }, params: procs}
		for i, prm := range t.t.Params {
			w.env = append(w.env, pvar{prm.Name, procs[i]})
		}
		w.formula(f)
		if w.err != nil {
			return nil, false
		}
		for _, l := range w.out {
			reads[l] |= 1 << min(k, 63)
		}
	}
	return reads, true
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

// inherit writes into dst what is known of each instance after a step
// that wrote writes from a state where off is known: the same, but for
// the instances that watch a location the step wrote.
func (gi *guardIndex) inherit(dst, off []uint8, writes []write) {
	copy(dst, off)
	for _, w := range writes {
		for _, r := range gi.readers[w.loc] {
			if c := dst[r.inst]; c != watchNone && (c == watchAll || r.conjuncts&(1<<min(c-1, 63)) != 0) {
				dst[r.inst] = watchNone
			}
		}
	}
}
