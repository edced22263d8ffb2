package dpor

import (
	"fmt"
	"slices"
)

// outcome is one way a step fires: the instance, the values of its
// nondeterministic actions, and what it writes.
type outcome struct {
	inst    int32
	choices []value
	writes  []gwrite // memory writes, by location
	drain   []int32  // PSO, locked step: the locations it drains
	local   []value  // the thread's local cells after the step
}

// setLocal loads thread q's local cells into the scratch state.
func (x *gexplorer) setLocal(q int, local []value) {
	for k, l := range x.gp.locals[q] {
		x.sv[l] = local[k]
	}
}

func (x *gexplorer) clearLocal(q int) {
	for _, l := range x.gp.locals[q] {
		x.sv[l] = unset
	}
}

// setOwned loads the memory locations only thread q writes, as q reads
// them before its step i: its own latest write, else the initial value.
func (x *gexplorer) setOwned(g *graph, q, i int) {
	for _, l := range x.gp.owned[q] {
		x.sv[l] = x.init.vals[l]
	find:
		for j := i - 1; j >= 0; j-- {
			for _, w := range g.th[q][j].writes {
				if int(w.loc) == l {
					x.sv[l] = w.val
					break find
				}
			}
		}
	}
}

func (x *gexplorer) clearOwned(q int) {
	for _, l := range x.gp.owned[q] {
		x.sv[l] = x.base[l]
	}
}

// evaluator returns the scratch evaluator for instance in.
func (x *gexplorer) evaluator(in *inst) *evaluator {
	ev := &x.evals
	ev.bind(x.gp.program, &x.sst, in.actor, in.procs)
	return ev
}

// candidates returns the instances thread q may fire as its step i: those
// whose guard is not false when the memory locations other threads may
// write are unknown (the locally enabled ones). Reading the others has one
// outcome: a thread reads its own latest write of a location only it
// writes, and the initial value of a location nobody writes.
func (x *gexplorer) candidates(g *graph, q, i int) []int32 {
	x.setLocal(q, x.localBefore(g, q, i))
	x.setOwned(g, q, i)
	defer func() {
		x.clearLocal(q)
		x.clearOwned(q)
	}()
	var out []int32
	for k := range x.gp.insts[q] {
		in := &x.gp.insts[q][k]
		ev := x.evaluator(in)
		if in.t.guardCode(ev) != tFalse {
			out = append(out, int32(k))
		}
		if ev.err != nil && x.err == nil {
			x.err = ev.err
		}
	}
	return out
}

// outcomes evaluates the instances of the group of step i of thread q on
// the values its reads read, and returns every way one of them fires.
func (x *gexplorer) outcomes(g *graph, q, i int) []outcome {
	var outs []outcome
	x.withReads(g, q, i, func(s *step, local []value) {
		for _, ii := range s.insts {
			in := &x.gp.insts[q][ii]
			o, err := x.fire(q, ii, in, local)
			if err != nil {
				x.err = err
				outs = nil
				return
			}
			outs = append(outs, o...)
		}
	})
	return outs
}

// withReads calls fn with the scratch state holding thread q's local cells
// before step i and the values of the reads step i has added so far (the
// locations still to be read are unknown), and restores it.
func (x *gexplorer) withReads(g *graph, q, i int, fn func(s *step, local []value)) {
	s := &g.th[q][i]
	local := x.localBefore(g, q, i)
	x.setLocal(q, local)
	for _, r := range s.reads {
		x.sv[r.loc] = g.value(r.rf, r.loc, x.init.vals)
	}
	defer func() {
		x.clearLocal(q)
		for _, r := range s.reads {
			x.sv[r.loc] = x.base[r.loc]
		}
	}()
	fn(s, local)
}

// visitRead goes on after a new R event of step i of thread q. When the
// step still has reads to add but those it has already make the guard of
// every instance of its group false, whatever the others return, the
// step blocks at once, as GenMC blocks at the read that falsifies an
// assume: its remaining reads would only multiply the blocked graphs (a
// later write may still revisit the reads it has, restrict drops the
// block).
func (x *gexplorer) visitRead(g *graph, q, i int) {
	s := &g.th[q][i]
	if !s.reading() || !x.doomed(g, q, i) {
		x.visit(g)
		return
	}
	if x.moot(g, q, i) {
		return
	}
	x.visitBlocked(g, q, i)
}

// visitRevisited goes on after a backward revisit made the read of step
// r read a new write: when that read dooms the step, it blocks at once,
// as after a forward read (no moot test: the revisit is the only graph
// explored here, it has no siblings reading later writes).
func (x *gexplorer) visitRevisited(g *graph, r ref) {
	q, i := r.thread(), r.index()
	if s := &g.th[q][i]; !s.reading() || !x.doomed(g, q, i) {
		x.visit(g)
		return
	}
	x.visitBlocked(g, q, i)
}

// visitBlocked goes on with step i of thread q blocked.
func (x *gexplorer) visitBlocked(g *graph, q, i int) {
	s := &g.th[q][i]
	s.opt, s.stampC = optBlocked, g.stamp()
	x.visit(g)
	s = &g.th[q][i]
	s.opt, s.stampC = optPending, 0
}

// doomed reports whether the reads step i of thread q has added make the
// guard of every instance of its group false (not unknown) with its other
// reads unknown.
func (x *gexplorer) doomed(g *graph, q, i int) bool {
	doomed := true
	x.withReads(g, q, i, func(s *step, _ []value) {
		for _, ii := range s.insts {
			in := &x.gp.insts[q][ii]
			if in.t.guard == nil {
				doomed = false
				return
			}
			ev := x.evaluator(in)
			if in.t.guardCode(ev) != tFalse || ev.err != nil {
				doomed = false
				return
			}
		}
	})
	return doomed
}

// fire evaluates one instance on the scratch state.
func (x *gexplorer) fire(q int, ii int32, in *inst, local []value) ([]outcome, error) {
	ev := x.evaluator(in)
	if ok, err := ev.enabled(in.t, x.flags); !ok {
		return nil, err
	}
	f, ok, err := ev.effects(in.t, x.gp.ntrans[in.t.idx].keeps, x.flags)
	if !ok {
		return nil, err
	}
	var outs []outcome
	f.each(func(choice []value, ws []kwrite) bool {
		var o outcome
		o, err = x.apply(q, ii, in, local, ws)
		if err != nil {
			return false
		}
		o.choices = slices.Clone(choice)
		outs = append(outs, o)
		return true
	})
	return outs, err
}

// apply turns the writes of a firing into the thread's new local cells and
// its memory writes (keeps dropped, the last write of a location wins).
func (x *gexplorer) apply(q int, ii int32, in *inst, local []value, ws []kwrite) (outcome, error) {
	gp := x.gp
	o := outcome{inst: ii, local: local}
	copied := false
	for _, w := range ws {
		switch {
		case gp.mem[w.loc]:
			if in.locked && gp.buffered && !gp.mm.LockedDrains(false) && !slices.Contains(o.drain, w.loc) {
				o.drain = append(o.drain, w.loc)
			}
			if w.keep {
				continue
			}
			o.writes = slices.DeleteFunc(o.writes, func(x gwrite) bool { return x.loc == w.loc })
			o.writes = append(o.writes, gwrite{loc: w.loc, val: w.val})
		case gp.owner[w.loc] > 0:
			if w.keep {
				continue
			}
			if gp.owner[w.loc] != q {
				return o, fmt.Errorf("transition %s writes %s, a local cell of another process", in.t.t.Name, gp.locs[w.loc].name)
			}
			if !copied {
				o.local, copied = slices.Clone(local), true
			}
			o.local[gp.lslot[w.loc]] = w.val
		}
	}
	slices.SortFunc(o.writes, func(a, b gwrite) int { return int(a.loc) - int(b.loc) })
	return o, nil
}

// moot reports whether the last read of step i of thread q, which blocks
// the step, reads a write that is not coherence-last while reading a
// later write of the graph instead is consistent: that sibling graph is
// explored (addRead tries every write), and every graph reachable from
// this one is reachable from it or has the same states (seed 000's
// blocked reads; GenMC drops such "moot" executions).
func (x *gexplorer) moot(g *graph, q, i int) bool {
	s := &g.th[q][i]
	k := len(s.reads) - 1
	rd := &s.reads[k]
	w0 := rd.rf
	co := g.co[rd.loc]
	from := 0
	if w0 != refInit {
		from = slices.Index(co, w0) + 1
	}
	found := false
	for _, w := range co[from:] {
		rd.rf = w
		if x.chk.consistent(g, mkref(q, i)) {
			found = true
			break
		}
	}
	rd.rf = w0
	return found
}
