package dpor

import (
	"slices"

	"github.com/cubew/cubew/syntax"
)

// ReadEvent is one read of a witness: a location a transition reads (every
// location its guard, right-hand sides and case conditions mention,
// constants excluded), or a read p @ X of the unsafe item in the last
// state, with the value read and the write it reads from.
type ReadEvent struct {
	// Proc is the reading process: the acting process of the transition
	// (0 when it has none: it reads memory), or p in p @ X.
	Proc  int
	Loc   string
	Value string
	// From is the write read; Own tells that it is still in the reader's
	// store buffer (the reader sees its own newest buffered write first).
	From WriteRef
	Own  bool
}

// WriteRef names a write of a witness: Step indexes Witness.Steps (a
// transition) and Write that step's Writes; Step is -1 for the initial
// value of the location.
type WriteRef struct {
	Step, Write int
}

// Initial is the WriteRef of the initial values.
var Initial = WriteRef{Step: -1}

// refGroup is a buffered group with the identity of its writes.
type refGroup struct {
	writes []write
	refs   []WriteRef
}

// rfTracker follows a path from an initial state and tells, for each
// read, which write it reads: the newest of the reader's buffered writes
// to the location, else the write in memory.
type rfTracker struct {
	p    *program
	mem  []value    // memory value of each location
	from []WriteRef // the write memory holds, per location
	bufs [][]refGroup
}

func newRFTracker(p *program, init *state) *rfTracker {
	r := &rfTracker{p: p, mem: slices.Clone(init.vals), from: make([]WriteRef, len(init.vals)),
		bufs: make([][]refGroup, p.n+1)}
	for l := range r.from {
		r.from[l] = Initial
	}
	return r
}

// read is what process q reads at location l.
func (r *rfTracker) read(q, l int) ReadEvent {
	rd := ReadEvent{Proc: q, Loc: r.p.locs[l].name}
	for i := len(r.bufs[q]) - 1; i >= 0 && q > 0; i-- {
		g := r.bufs[q][i]
		for k := len(g.writes) - 1; k >= 0; k-- {
			if int(g.writes[k].loc) == l {
				rd.Value, rd.From, rd.Own = r.p.formatValue(g.writes[k].val), g.refs[k], true
				return rd
			}
		}
	}
	rd.Value, rd.From = r.p.formatValue(r.mem[l]), r.from[l]
	return rd
}

func (r *rfTracker) visible(w write, ref WriteRef) {
	r.mem[w.loc], r.from[w.loc] = w.val, ref
}

// step records the reads of step i (edge e, described by s) and applies
// its writes.
func (r *rfTracker) step(i int, e edge, s *Step) error {
	if e.tr == nil {
		b := r.bufs[e.proc]
		k := slices.IndexFunc(b, func(g refGroup) bool { return slices.Equal(g.writes, []write(e.flushed)) })
		if k < 0 {
			return nil // not a group of the path: the witness's Flushed stays empty
		}
		for j, w := range b[k].writes {
			r.visible(w, b[k].refs[j])
		}
		s.Flushed = b[k].refs
		r.bufs[e.proc] = slices.Delete(b, k, k+1)
		return nil
	}
	t := e.tr
	actor := 0
	if t.actor >= 0 {
		actor = e.procs[t.actor]
	}
	rset, err := r.p.readSet(t, e.procs, func(l int) bool { return r.p.locs[l].sym.s.Class != syntax.SymConst })
	if err != nil {
		return err
	}
	for _, l := range rset {
		s.Reads = append(s.Reads, r.read(actor, int(l)))
	}
	s.Fence = t.fence
	var g refGroup
	for k, w := range e.writes {
		ref := WriteRef{Step: i, Write: k}
		if e.buffered && e.weak[k] {
			g.writes, g.refs = append(g.writes, w), append(g.refs, ref)
			continue
		}
		r.visible(w, ref)
	}
	if len(g.writes) > 0 {
		// A buffered group is kept sorted by location (stepper.apply).
		idx := make([]int, len(g.writes))
		for k := range idx {
			idx[k] = k
		}
		slices.SortStableFunc(idx, func(a, b int) int { return int(g.writes[a].loc) - int(g.writes[b].loc) })
		var sorted refGroup
		for _, k := range idx {
			sorted.writes, sorted.refs = append(sorted.writes, g.writes[k]), append(sorted.refs, g.refs[k])
		}
		r.bufs[actor] = append(r.bufs[actor], sorted)
	}
	return nil
}

// newWitness describes the path from the initial state init, with the
// reads of every step and of the unsafe item idx (for the processes
// procs) in the last state final.
func (p *program) newWitness(init *state, path []edge, final *state, idx int, procs []int) (*Witness, error) {
	w := &Witness{Init: p.bindings(init), Unsafe: idx, UnsafeName: propName(p.unsafe[idx].p, idx), Procs: procs,
		Final: p.bindings(final)}
	r := newRFTracker(p, init)
	for i, e := range path {
		s := p.step(e)
		if err := r.step(i, e, &s); err != nil {
			return nil, err
		}
		w.Steps = append(w.Steps, s)
	}
	if reads, ok := p.finalReads(idx, procs); ok {
		for _, fr := range reads {
			w.FinalReads = append(w.FinalReads, r.read(fr.proc, fr.loc))
		}
	}
	return w, nil
}
