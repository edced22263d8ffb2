package dpor

import (
	"slices"
)

// States of a graph. A cut keeps, for each thread, a prefix of its
// complete steps, closed under rf (a kept step reads from kept writes). A
// cut is a consistent graph, so operational runs execute exactly its
// steps; they differ in which buffered writes have reached memory. The
// flushed set F of such a state contains every write read by another
// process, every write before a fence or a locked step of its process,
// every locked write; it is closed under coherence predecessors and under
// the order of each buffer. Conversely every such F is reached: the
// unflushed writes have no ghb successor outside themselves, so they can
// be flushed last, after every read. Memory holds the coherence-last write
// of F for each location; each buffer the thread's unflushed writes.
//
// When a step completes, the states of the cuts that end its thread with
// it are evaluated; the other cuts of the graph were evaluated before, in
// the graph it was built from, so every state of every explored graph is
// checked.

// cutScratch holds reusable buffers of the state evaluation.
type cutScratch struct {
	lens  []int
	req   [][][]int // req[q][l][q2]: steps of q2 the first l steps of q read from
	vals  []value
	inF   map[ref]bool
	order [][]ref // per thread, its buffered writes in the cut, in po order
}

// foundCut records an unsafe state: the graph, the cut, the flushed set.
type foundCut struct {
	g       *graph
	init    *state
	lens    []int
	flushed map[ref]bool
	idx     int
	procs   []int
}

// stepDone evaluates the states of the cuts ending thread q at its step i.
func (x *gexplorer) stepDone(g *graph, q, i int) {
	if x.stop {
		return
	}
	gp := x.gp
	cs := &x.cuts
	T := gp.threads
	if len(cs.lens) != T {
		cs.lens = make([]int, T)
	}
	// Complete steps per thread and the rf requirements of each prefix.
	counts := make([]int, T)
	cs.req = cs.req[:0]
	for t, ss := range g.th {
		n := 0
		for n < len(ss) && ss[n].complete() {
			n++
		}
		counts[t] = n
		req := make([][]int, n+1)
		req[0] = make([]int, T)
		for l := 1; l <= n; l++ {
			req[l] = slices.Clone(req[l-1])
			for _, r := range ss[l-1].reads {
				if r.rf != refInit && r.rf.index()+1 > req[l][r.rf.thread()] {
					req[l][r.rf.thread()] = r.rf.index() + 1
				}
			}
		}
		cs.req = append(cs.req, req)
	}
	counts[q] = i + 1
	var rec func(t int)
	rec = func(t int) {
		if x.stop {
			return
		}
		if t == T {
			for t1 := range T {
				for t2, need := range cs.req[t1][cs.lens[t1]] {
					if cs.lens[t2] < need {
						return
					}
				}
			}
			x.checkCut(g, cs.lens)
			return
		}
		if t == q {
			cs.lens[t] = i + 1
			rec(t + 1)
			return
		}
		for l := 0; l <= counts[t]; l++ {
			cs.lens[t] = l
			rec(t + 1)
		}
	}
	rec(0)
}

// checkCut evaluates the unsafe items on the states of a cut.
func (x *gexplorer) checkCut(g *graph, lens []int) {
	gp := x.gp
	cs := &x.cuts
	cs.vals = append(cs.vals[:0], x.init.vals...)
	for t, ls := range gp.locals {
		loc := x.initLocal[t]
		if lens[t] > 0 {
			loc = g.th[t][lens[t]-1].local
		}
		for k, l := range ls {
			cs.vals[l] = loc[k]
		}
	}
	in := func(w ref) bool { return w == refInit || w.index() < lens[w.thread()] }
	if !gp.buffered {
		for l, ws := range g.co {
			if ws == nil {
				continue
			}
			w := refInit
			for _, c := range ws {
				if in(c) {
					w = c
				}
			}
			cs.vals[l] = g.value(w, int32(l), x.init.vals)
		}
		x.evalState(g, lens, &state{vals: cs.vals}, nil)
		return
	}
	if x.onState == nil {
		// The local part alone often decides.
		for l, ws := range g.co {
			if ws != nil {
				cs.vals[l] = undef
			}
		}
		_, _, t, err := x.unsafeAt(&state{vals: cs.vals})
		if err != nil {
			x.err, x.stop = err, true
			return
		}
		if t == tFalse {
			return
		}
	}
	x.flushSets(g, lens, func(flushed map[ref]bool) bool {
		st := x.bufferedState(g, lens, flushed)
		x.evalState(g, lens, st, flushed)
		return !x.stop
	})
}

// evalState evaluates the unsafe items on st and records an unsafe state.
func (x *gexplorer) evalState(g *graph, lens []int, st *state, flushed map[ref]bool) {
	gp := x.gp
	if x.onState != nil {
		x.onState(gp.program, st)
	}
	idx, procs, t, err := x.unsafeAt(st)
	switch {
	case err != nil:
		x.err, x.stop = err, true
	case t == tUnknown:
		x.flags.approx("an unsafe item depends on an unconstrained value")
	case t == tTrue:
		f := &foundCut{g: g.clone(gp.k), init: x.init, lens: slices.Clone(lens), idx: idx, procs: procs}
		if flushed != nil {
			f.flushed = make(map[ref]bool, len(flushed))
			for w, ok := range flushed {
				f.flushed[w] = ok
			}
		}
		x.found, x.stop = f, true
		x.res.Executions++ // the one that reaches the unsafe state
	}
}

// bufferedState builds the state of a cut where exactly the writes of
// flushed (and the locked ones) reached memory.
func (x *gexplorer) bufferedState(g *graph, lens []int, flushed map[ref]bool) *state {
	gp := x.gp
	cs := &x.cuts
	vals := cs.vals
	for l, ws := range g.co {
		if ws == nil {
			continue
		}
		w := refInit
		for _, c := range ws {
			if c.index() < lens[c.thread()] && (flushed[c] || g.at(c).locked) {
				w = c
			}
		}
		vals[l] = g.value(w, int32(l), x.init.vals)
	}
	st := &state{vals: vals, bufs: make([][]group, gp.n)}
	for q := 1; q <= gp.n; q++ {
		for j := 0; j < lens[q]; j++ {
			s := &g.th[q][j]
			if !s.wdone || s.locked || flushed[mkref(q, j)] {
				continue
			}
			grp := make(group, len(s.writes))
			for k, w := range s.writes {
				grp[k] = write{loc: w.loc, val: w.val}
			}
			st.bufs[q-1] = append(st.bufs[q-1], grp)
		}
	}
	return st
}

// flushSets calls fn with every flushed set of the cut (buffered writes
// only; locked writes are always in memory) until fn returns false.
func (x *gexplorer) flushSets(g *graph, lens []int, fn func(map[ref]bool) bool) {
	gp := x.gp
	T := gp.threads
	// Buffered writes per thread, and the ones that must be flushed.
	bufd := make([][]ref, T)
	must := map[ref]bool{}
	for t := range T {
		for j := 0; j < lens[t]; j++ {
			s := &g.th[t][j]
			if s.fence || s.locked {
				for _, w := range bufd[t] {
					if s.fence || gp.mm.LockedDrains(false) || overlapD(g.at(w).writes, s.drain) {
						must[w] = true
					}
				}
			}
			for _, r := range s.reads {
				if r.rf != refInit && r.rf.thread() != t && !g.at(r.rf).locked {
					must[r.rf] = true
				}
			}
			if s.wdone && !s.locked {
				bufd[t] = append(bufd[t], mkref(t, j))
			}
		}
	}
	flushed := map[ref]bool{}
	var rec func(t, k int) bool
	rec = func(t, k int) bool {
		if t == T {
			if !x.coClosed(g, lens, flushed) {
				return true
			}
			return fn(flushed)
		}
		if k == len(bufd[t]) {
			return rec(t+1, 0)
		}
		w := bufd[t][k]
		// Flush w only if the buffer order allows it: every older write
		// of the thread (TSO), or every older overlapping one (PSO), is
		// flushed.
		canFlush := true
		for _, v := range bufd[t][:k] {
			if !flushed[v] && (gp.mm.FlushesGroups() || overlapW(g.at(v).writes, g.at(w).writes)) {
				canFlush = false
			}
		}
		if canFlush {
			flushed[w] = true
			if !rec(t, k+1) {
				return false
			}
			delete(flushed, w)
		}
		if must[w] {
			return true
		}
		return rec(t, k+1)
	}
	rec(0, 0)
}

// coClosed reports whether the flushed writes (with the locked ones) form
// a prefix of the coherence order of every location, within the cut.
func (x *gexplorer) coClosed(g *graph, lens []int, flushed map[ref]bool) bool {
	for _, ws := range g.co {
		gap := false
		for _, c := range ws {
			if c.index() >= lens[c.thread()] {
				continue
			}
			if flushed[c] || g.at(c).locked {
				if gap {
					return false
				}
			} else {
				gap = true
			}
		}
	}
	return true
}

// evalResult is a memoized evaluation of the unsafe items.
type evalResult struct {
	idx   int
	procs []int
	t     truth
}

// maxEvalCache bounds the memo of unsafe evaluations (entries).
const maxEvalCache = 1 << 20

// unsafeAt evaluates the unsafe items on st. The states of the cuts of the
// explored graphs repeat a lot (there are about as many distinct ones as
// the explicit engine finds), so results are memoized by state.
func (x *gexplorer) unsafeAt(st *state) (int, []int, truth, error) {
	x.keybuf = st.key(x.keybuf[:0])
	if r, ok := x.evalCache[string(x.keybuf)]; ok {
		x.res.CacheHits++
		return r.idx, r.procs, r.t, nil
	}
	idx, procs, t, err := x.gp.check(st, x.gp.unsafe)
	if err != nil {
		return 0, nil, tUnknown, err
	}
	if x.evalCache == nil || len(x.evalCache) >= maxEvalCache {
		x.evalCache = map[string]evalResult{}
	}
	x.evalCache[string(x.keybuf)] = evalResult{idx, procs, t}
	return idx, procs, t, nil
}
