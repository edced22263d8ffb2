package dpor

import (
	"encoding/binary"
	"slices"
)

// ref names the write part of a step: thread<<16 | step index; refInit is
// the initial write of a location.
type ref int32

const refInit ref = -1

func mkref(q, i int) ref        { return ref(q<<16 | i) }
func (r ref) thread() int       { return int(r) >> 16 }
func (r ref) index() int        { return int(r) & 0xffff }
func (g *graph) at(r ref) *step { return &g.th[r.thread()][r.index()] }

// The choice of a step (step.opt) besides an option index.
const (
	optBlocked = -1 // no instance of the group is enabled by the values read
	optPending = -2 // not chosen yet: the reads were just revisited
)

// gread is one read event of a step: a location, the write it reads
// from, the stamp of the event, whether backward revisits may change it,
// and the keys of the revisited graphs explored from it (shared by the
// read's forward alternatives and the graphs it stays in).
type gread struct {
	loc   int32
	rf    ref
	stamp int32
	fixed bool
	done  map[string]struct{}
}

// gwrite is one write of a step.
type gwrite struct {
	loc int32
	val value
}

// step is one transition firing of a thread, seen as a sequence of events
// added in this order: G (the choice of a group of instances, which fixes
// the locations read), one R event per location read (the write it reads
// from), C (the choice of an instance enabled by the values read and of the
// values of its `:= .`, or blocked) and W (the memory writes). Every event
// is stamped with the order it was added to the graph in. The reads of a
// step happen at one instant: they share one ghb node.
type step struct {
	grp    int32   // index of the group among the thread's groups at this point
	insts  []int32 // the group's instances (indices into gprog.insts[thread])
	rset   []int32 // the locations the group reads, ascending
	reads  []gread // the R events added so far: reads[k] reads rset[k]
	fence  bool
	locked bool

	opt     int32   // index of the chosen option, optBlocked or optPending
	inst    int32   // the fired instance (when opt >= 0)
	choices []value // values of the nondeterministic actions
	writes  []gwrite
	drain   []int32 // PSO: locations a locked step drains (its writes and keeps)
	local   []value // the thread's local cells after the step
	wdone   bool    // the W event is in the graph

	stampG, stampC, stampW int32
}

// complete reports whether the step fired and all its events are in the
// graph.
func (s *step) complete() bool { return s.opt >= 0 && (len(s.writes) == 0 || s.wdone) }

// reading reports whether some R event of the step is still to be added.
func (s *step) reading() bool { return len(s.reads) < len(s.rset) }

// graph is an execution graph under construction: the steps of each
// thread in program order and the coherence order of each memory
// location's writes (the initial write, implicit, comes first).
type graph struct {
	th  [][]step
	co  [][]ref // co[l] for memory locations
	top int32   // the largest stamp
}

func newGraph(threads, locs, k int) *graph {
	g := &graph{th: make([][]step, threads), co: make([][]ref, locs)}
	for q := range g.th {
		g.th[q] = make([]step, 0, k)
	}
	return g
}

// clone copies g; steps share their slices (never modified in place).
func (g *graph) clone(k int) *graph {
	c := &graph{th: make([][]step, len(g.th)), co: make([][]ref, len(g.co)), top: g.top}
	for q, ss := range g.th {
		c.th[q] = append(make([]step, 0, k), ss...)
	}
	for l, ws := range g.co {
		if ws != nil {
			c.co[l] = slices.Clone(ws)
		}
	}
	return c
}

func (g *graph) stamp() int32 {
	g.top++
	return g.top
}

// value returns the value of a write.
func (g *graph) value(w ref, loc int32, init []value) value {
	if w == refInit {
		return init[loc]
	}
	for _, x := range g.at(w).writes {
		if x.loc == loc {
			return x.val
		}
	}
	panic("dpor: read from a write of another location")
}

// coNext returns the write after w in co[loc]; false when w is the last
// one or not (yet) in co[loc].
func (g *graph) coNext(loc int32, w ref) (ref, bool) {
	i := -1
	if w != refInit {
		if i = slices.Index(g.co[loc], w); i < 0 {
			return refInit, false
		}
	}
	if i+1 < len(g.co[loc]) {
		return g.co[loc][i+1], true
	}
	return refInit, false
}

// porf returns, per thread, how many of its first steps are in the porf
// prefix of the W event of step a (po ∪ rf, reflexive). The prefix holds
// whole steps: every event of a step is po-before its W event.
func (g *graph) porf(a ref) []int {
	maxp := make([]int, len(g.th))
	done := make([]int, len(g.th))
	maxp[a.thread()] = a.index() + 1
	for changed := true; changed; {
		changed = false
		for q, ss := range g.th {
			for ; done[q] < maxp[q]; done[q]++ {
				for _, r := range ss[done[q]].reads {
					if r.rf != refInit && r.rf.index()+1 > maxp[r.rf.thread()] {
						maxp[r.rf.thread()] = r.rf.index() + 1
						changed = true
					}
				}
			}
		}
	}
	return maxp
}

// restrict returns a copy of g that keeps the events added up to the
// read event k of step r (stamps up to its stamp) and the porf prefix of
// the revisiting write (TruSt's restriction for a backward revisit). The
// kept events of each thread form a prefix of its program order; a step
// cut short waits for its missing events.
func (g *graph) restrict(r ref, k int, maxp []int, steps int) *graph {
	sr := g.at(r).reads[k].stamp
	c := &graph{th: make([][]step, len(g.th)), co: make([][]ref, len(g.co))}
	for q, ss := range g.th {
		n := 0
		for n < len(ss) && (n < maxp[q] || ss[n].stampG <= sr) {
			n++
		}
		c.th[q] = append(make([]step, 0, steps), ss[:n]...)
		// Reads of the porf prefix added after the revisited one: fixed.
		for i := range min(maxp[q], n) {
			s := &c.th[q][i]
			cloned := false
			for k, rd := range s.reads {
				if rd.stamp > sr && !rd.fixed {
					if !cloned {
						s.reads, cloned = slices.Clone(s.reads), true
					}
					s.reads[k].fixed = true
				}
			}
		}
		for i := maxp[q]; i < n; i++ {
			s := &c.th[q][i]
			c.top = max(c.top, s.stampG)
			nr := 0
			for nr < len(s.reads) && s.reads[nr].stamp <= sr {
				c.top = max(c.top, s.reads[nr].stamp)
				nr++
			}
			if nr < len(s.reads) || s.opt == optPending || s.stampC > sr {
				s.reads = s.reads[:nr:nr]
				s.clearChoice()
				continue
			}
			c.top = max(c.top, s.stampC)
			if s.wdone {
				if s.stampW <= sr {
					c.top = max(c.top, s.stampW)
				} else {
					s.wdone, s.stampW = false, 0
				}
			}
		}
		for i := range min(maxp[q], n) {
			c.top = max(c.top, c.th[q][i].lastStamp())
		}
	}
	for l, ws := range g.co {
		if ws == nil {
			continue
		}
		out := make([]ref, 0, len(ws))
		for _, w := range ws {
			if w.index() < len(c.th[w.thread()]) && c.at(w).wdone {
				out = append(out, w)
			}
		}
		c.co[l] = out
	}
	return c
}

// lastStamp returns the largest stamp of the events of s.
func (s *step) lastStamp() int32 {
	m := max(s.stampG, s.stampC, s.stampW)
	for _, r := range s.reads {
		m = max(m, r.stamp)
	}
	return m
}

// clearChoice forgets the C and W events of a step.
func (s *step) clearChoice() {
	s.opt, s.inst = optPending, -1
	s.choices, s.writes, s.drain, s.local = nil, nil, nil, nil
	s.wdone = false
	s.stampC, s.stampW = 0, 0
}

// key appends an encoding of g without its stamps: the steps of each
// thread (with the revisitable flags of reads when flags is set) and the
// coherence orders.
func (g *graph) key(dst []byte, flags bool) []byte {
	for _, ss := range g.th {
		dst = binary.AppendUvarint(dst, uint64(len(ss)))
		for i := range ss {
			s := &ss[i]
			dst = binary.AppendVarint(dst, int64(s.grp))
			dst = binary.AppendUvarint(dst, uint64(len(s.reads)))
			for _, r := range s.reads {
				dst = binary.AppendVarint(dst, int64(r.rf))
				if flags && r.fixed {
					dst = append(dst, 1)
				} else if flags {
					dst = append(dst, 0)
				}
			}
			dst = binary.AppendVarint(dst, int64(s.opt))
			dst = binary.AppendVarint(dst, int64(s.inst))
			for _, v := range s.choices {
				dst = appendValue(dst, v)
			}
			if s.wdone {
				dst = append(dst, 1)
			} else {
				dst = append(dst, 0)
			}
		}
	}
	for _, ws := range g.co {
		dst = binary.AppendUvarint(dst, uint64(len(ws)))
		for _, w := range ws {
			dst = binary.AppendVarint(dst, int64(w))
		}
	}
	return dst
}
