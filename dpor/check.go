package dpor

import (
	"context"
	"fmt"
	"slices"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Check is the DPOR engine: it explores every consistent execution graph
// of the instance of m with opts.N processes under opts.Model, each thread
// firing at most opts.MaxSteps transitions, exactly once, and evaluates the
// unsafe items on every state of every explored graph (doc.go). MaxSteps
// must be positive. It returns an error for an instance it cannot run;
// limits (MaxExecutions) and cancellation give the verdict Unknown. An
// unsafe state comes with the execution graph that reaches it
// (Result.Execution) and an operational witness (Result.Witness).
//
// The cost is the number of explored executions times the cost of
// checking consistency and the states of each; memory is one graph per
// level of backward revisits.
func Check(ctx context.Context, m *syntax.Model, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	if opts.MaxSteps <= 0 || opts.MaxSteps > maxGraphSteps {
		return nil, fmt.Errorf("the dpor engine needs a steps bound 1..%d, got %d", maxGraphSteps, opts.MaxSteps)
	}
	return check(ctx, m, opts, hooks{})
}

// hooks let tests watch a run.
type hooks struct {
	state func(*program, *state)  // every state evaluated
	graph func(int, *graph, bool) // every explored graph (complete or blocked), by initial state
}

// maxGraphSteps bounds MaxSteps for Check (graphs are arrays of that size).
const maxGraphSteps = 1024

// check is Check with hooks (tests use them to compare the reachable
// states with the explicit engine's and to count graphs).
func check(ctx context.Context, m *syntax.Model, opts Options, h hooks) (*Result, error) {
	gp, err := compileGraph(opts.checked(m), opts.N, opts.MaxSteps, opts.Model)
	if err != nil {
		return nil, err
	}
	var x *gexplorer
	err = gp.initLazily(h.state != nil || h.graph != nil, func() (bool, error) {
		x = newGExplorer(ctx, gp, opts)
		x.onState, x.onGraph = h.state, h.graph
		err := x.run()
		return !x.underApproximated(), err
	})
	if err != nil {
		return nil, err
	}
	x.res.Violated = opts.violated(m, x.res.Witness)
	return x.res, nil
}

// run explores the executions from every initial state and sets the
// verdict.
func (x *gexplorer) run() error {
	ierr := x.gp.initStates(x.flags.approx, func(st *state) bool {
		x.res.Initial++
		x.runInit(st)
		return !x.stop && x.err == nil
	}, func() bool { return x.ctx.Err() != nil })
	if ierr != nil {
		return ierr
	}
	if x.err != nil {
		return x.err
	}
	if cerr := x.ctx.Err(); cerr != nil && !x.stop {
		x.unknown(limit.After(x.ctx, limit.Count(x.res.Executions, "execution")))
	}
	return x.finish()
}

// underApproximated reports whether the run ended with verdict Unknown
// because some evaluation depended on an unknown value (and not because of
// a limit or an unsafe state).
func (x *gexplorer) underApproximated() bool {
	return !x.stop && x.found == nil && x.flags.inexact != ""
}

// gexplorer is one run of the graph engine.
type gexplorer struct {
	gp    *gprog
	opts  Options
	ctx   context.Context
	res   *Result
	flags *runFlags
	chk   *checker

	init      *state    // the current initial state
	initLocal [][]value // per thread, its local cells in the initial state
	sv        []value   // evaluation scratch: base, plus what one evaluation needs
	base      []value   // constants and locations nobody writes; everything else unset
	sst       state     // sv as a state
	evals     evaluator

	visits    int
	keybuf    []byte
	evalCache map[string]evalResult // unsafe evaluations by state key (one initial state)
	stop      bool
	err       error
	found     *foundCut
	onState   func(*program, *state)
	onGraph   func(int, *graph, bool) // tests: every explored graph
	cuts      cutScratch
}

func newGExplorer(ctx context.Context, gp *gprog, opts Options) *gexplorer {
	x := &gexplorer{gp: gp, opts: opts, ctx: ctx, flags: &runFlags{}, chk: newChecker(gp),
		res: &Result{N: opts.N, Model: gp.mm.Name(), Engine: EngineDPOR, MaxSteps: opts.MaxSteps, Verdict: translate.Safe, Outside: gp.outside}}
	return x
}

var unset = value{K: kUnset}

// runInit explores the executions from one initial state.
func (x *gexplorer) runInit(st *state) {
	gp := x.gp
	if len(gp.invs) > 0 {
		_, _, t, err := gp.check(st, gp.invs)
		if err != nil {
			x.err = err
			return
		}
		if t != tFalse {
			if t == tUnknown {
				x.flags.approx("an invariant depends on an unconstrained value")
			}
			x.res.Pruned++
			return
		}
	}
	x.init = st
	x.evalCache = nil
	x.base = slices.Clone(st.vals)
	for l := range x.base {
		if gp.mem[l] && gp.writer[l] != noWriter || gp.owner[l] > 0 {
			x.base[l] = unset
		}
	}
	x.sv = slices.Clone(x.base)
	x.sst = state{vals: x.sv}
	x.initLocal = make([][]value, gp.threads)
	for q, ls := range gp.locals {
		for _, l := range ls {
			x.initLocal[q] = append(x.initLocal[q], st.vals[l])
		}
	}
	g := newGraph(gp.threads, len(gp.locs), gp.k)
	for l := range gp.locs {
		if gp.mem[l] {
			g.co[l] = []ref{}
		}
	}
	x.checkCut(g, make([]int, gp.threads))
	if !x.stop {
		x.visit(g)
	}
}

// unknown stops the run with verdict Unknown.
func (x *gexplorer) unknown(reason string) {
	if !x.stop {
		x.res.Verdict, x.res.Reason = translate.Unknown, reason
		x.stop = true
	}
}

// finish sets the verdict after the search.
func (x *gexplorer) finish() error {
	res, f := x.res, x.flags
	res.Bounded = f.hitSteps
	if x.found != nil {
		return x.report(x.found)
	}
	if x.stop {
		return nil
	}
	if f.inexact != "" {
		res.Verdict, res.Reason = translate.Unknown, "under-approximation: "+f.inexact
		return nil
	}
	if res.Initial == res.Pruned {
		res.Verdict, res.Reason = translate.Unknown, noInitialState
		return nil
	}
	res.Verdict = translate.Safe
	switch {
	case f.hitSteps:
		res.Reason = fmt.Sprintf("safe up to %d steps per process", x.opts.MaxSteps)
	}
	return nil
}

// The kinds of next events.
const (
	nextNone = iota
	nextStep
	nextRead
	nextChoice
	nextWrite
)

// next returns the thread whose event is added next, and which event:
// the missing events of an unfinished step first (its reads, its choice,
// its write), else a new step of the lowest thread that can still fire
// (with its locally enabled instances).
func (x *gexplorer) next(g *graph) (int, int, []int32) {
	for q, ss := range g.th {
		if n := len(ss); n > 0 {
			s := &ss[n-1]
			switch {
			case s.opt == optBlocked: // blocked, maybe before its last read
			case s.reading():
				return q, nextRead, nil
			case s.opt == optPending:
				return q, nextChoice, nil
			case s.opt >= 0 && len(s.writes) > 0 && !s.wdone:
				return q, nextWrite, nil
			}
		}
	}
	for q, ss := range g.th {
		if len(x.gp.insts[q]) == 0 || len(ss) > 0 && ss[len(ss)-1].opt == optBlocked {
			continue
		}
		cands := x.candidates(g, q, len(ss))
		if len(cands) == 0 {
			continue
		}
		if len(ss) == x.gp.k {
			x.flags.hitSteps = true
			continue
		}
		return q, nextStep, cands
	}
	return -1, nextNone, nil
}

// visit extends g by its next event in every consistent way.
func (x *gexplorer) visit(g *graph) {
	if x.stop {
		return
	}
	if x.visits++; x.visits%256 == 0 {
		if err := x.ctx.Err(); err != nil {
			x.unknown(limit.After(x.ctx, limit.Count(x.res.Executions, "execution")))
			return
		}
	}
	q, kind, cands := x.next(g)
	switch kind {
	case nextNone:
		blocked := false
		for _, ss := range g.th {
			blocked = blocked || len(ss) > 0 && ss[len(ss)-1].opt == optBlocked
		}
		if blocked {
			x.res.Blocked++
		} else {
			x.res.Executions++
		}
		if x.onGraph != nil {
			x.onGraph(x.res.Initial, g, blocked)
		}
		if m := x.opts.MaxExecutions; m > 0 && x.res.Executions+x.res.Blocked >= m {
			x.unknown(fmt.Sprintf("execution limit %d reached", m))
		}
	case nextStep:
		x.newStep(g, q, cands)
	case nextRead:
		x.addRead(g, q, len(g.th[q])-1)
	case nextChoice:
		x.choose(g, q, len(g.th[q])-1)
	case nextWrite:
		x.addWrite(g, q, len(g.th[q])-1)
	}
}

// newStep adds the G event of a new step of thread q, once for each
// group of its locally enabled instances (instances that read the same
// locations, with the same fence and locked flags).
func (x *gexplorer) newStep(g *graph, q int, cands []int32) {
	i := len(g.th[q])
	top := g.top
	for gi, grp := range x.groups(q, cands) {
		in0 := &x.gp.insts[q][grp[0]]
		g.th[q] = append(g.th[q], step{grp: int32(gi), insts: grp, rset: in0.rset, fence: in0.fence,
			locked: in0.locked, opt: optPending, inst: -1})
		g.th[q][i].stampG = g.stamp()
		if !hasR(&g.th[q][i]) || x.chk.consistent(g, mkref(q, i)) {
			x.visit(g)
		}
		g.th[q] = g.th[q][:i]
		g.top = top
		if x.stop {
			return
		}
	}
}

// addRead adds the next R event of step i of thread q, reading from each
// write of its location that keeps the graph consistent.
func (x *gexplorer) addRead(g *graph, q, i int) {
	top := g.top
	s := &g.th[q][i]
	k := len(s.reads)
	loc := s.rset[k]
	reads := s.reads
	stamp := g.stamp()
	done := map[string]struct{}{} // the backward revisits of this read explored so far
	for _, w := range append([]ref{refInit}, g.co[loc]...) {
		g.th[q][i].reads = append(reads[:k:k], gread{loc: loc, rf: w, stamp: stamp, done: done})
		if x.chk.consistent(g, mkref(q, i)) {
			x.visitRead(g, q, i)
		}
		if x.stop {
			break
		}
	}
	g.th[q][i].reads = reads
	g.top = top
}

// choose adds the C event of step i of thread q: one of the instances of
// its group enabled by the values read (with the values of its `:= .`), or
// blocked when none is.
func (x *gexplorer) choose(g *graph, q, i int) {
	top := g.top
	outs := x.outcomes(g, q, i)
	if x.err != nil {
		x.stop = true
		return
	}
	g.th[q][i].stampC = g.stamp()
	self := mkref(q, i)
	if len(outs) == 0 && len(g.th[q][i].reads) > 0 && x.moot(g, q, i) {
		g.th[q][i].stampC = 0
		g.top = top
		return
	}
	if len(outs) == 0 {
		g.th[q][i].opt = optBlocked
		x.visit(g)
	}
	for k, o := range outs {
		s := &g.th[q][i]
		s.opt, s.inst, s.choices, s.writes, s.drain, s.local = int32(k), o.inst, o.choices, o.writes, o.drain, o.local
		if len(o.drain) > 0 && !x.chk.consistent(g, self) {
			continue
		}
		if len(o.writes) == 0 {
			x.stepDone(g, q, i)
			x.visit(g)
		} else {
			x.addWrite(g, q, i)
		}
		if x.stop {
			break
		}
	}
	g.th[q][i].clearChoice()
	g.top = top
}

// addWrite adds the W event of step i of thread q: forward, in every
// consistent place of the coherence order of each location; backward, as
// the write that earlier reads read from (revisits).
func (x *gexplorer) addWrite(g *graph, q, i int) {
	top := g.top
	a := mkref(q, i)
	g.th[q][i].stampW = g.stamp()
	g.th[q][i].wdone = true
	x.placeWrites(g, a, func() {
		x.stepDone(g, q, i)
		x.visit(g)
	})
	if !x.stop {
		x.backward(g, a)
	}
	s := &g.th[q][i]
	s.wdone, s.stampW = false, 0
	g.top = top
}

// placeWrites inserts the writes of step a in the coherence orders in
// every consistent way and calls fn on each. A write of a location the
// step also read (a locked step) goes right after the write it read.
func (x *gexplorer) placeWrites(g *graph, a ref, fn func()) {
	s := g.at(a)
	var rec func(k int)
	rec = func(k int) {
		if x.stop {
			return
		}
		if k == len(s.writes) {
			fn()
			return
		}
		loc := s.writes[k].loc
		lo, hi := 0, len(g.co[loc])
		for _, r := range s.reads {
			if r.loc == loc {
				lo = 0
				if r.rf != refInit {
					lo = slices.Index(g.co[loc], r.rf) + 1
				}
				hi = lo
			}
		}
		for pos := lo; pos <= hi; pos++ {
			g.co[loc] = slices.Insert(g.co[loc], pos, a)
			if x.chk.consistent(g, a) {
				rec(k + 1)
			}
			g.co[loc] = slices.Delete(g.co[loc], pos, pos+1)
			if x.stop {
				return
			}
		}
	}
	rec(0)
}

// backward performs the backward revisits of the new write of step a
// (GenMC, seed 000 §4): every revisitable read event r of a location a
// writes, outside the porf prefix of a, may read from a instead, in the
// graph restricted to the events added up to r and the porf prefix of a.
// The kept events of that prefix added after r become non-revisitable
// (revisiting them would undo this revisit). Different graphs can restrict
// to the same revisited graph; each read keeps the set of revisited graphs
// already explored from it (for as long as it is in the graph), so that
// each is explored once.
func (x *gexplorer) backward(g *graph, a ref) {
	ws := g.at(a).writes
	maxp := g.porf(a)
	for q, ss := range g.th {
		for j := maxp[q]; j < len(ss); j++ {
			for k, rd := range ss[j].reads {
				if rd.fixed || !writesLoc(ws, rd.loc) {
					continue
				}
				r := mkref(q, j)
				g2 := g.restrict(r, k, maxp, x.gp.k)
				rs := g2.at(r)
				rs.reads = slices.Clone(rs.reads)
				rs.reads[k].rf = a
				x.keybuf = g2.key(x.keybuf[:0], true)
				if _, dup := rd.done[string(x.keybuf)]; dup {
					continue
				}
				rd.done[string(x.keybuf)] = struct{}{}
				x.placeWrites(g2, a, func() {
					if x.chk.consistent(g2, r) {
						x.stepDone(g2, a.thread(), a.index())
						x.visitRevisited(g2, r)
					}
				})
				if x.stop {
					return
				}
			}
		}
	}
}

func writesLoc(ws []gwrite, loc int32) bool {
	for _, w := range ws {
		if w.loc == loc {
			return true
		}
	}
	return false
}

// localBefore returns thread q's local cells before its step i.
func (x *gexplorer) localBefore(g *graph, q, i int) []value {
	if i == 0 {
		return x.initLocal[q]
	}
	return g.th[q][i-1].local
}

// groups partitions candidate instances by read set, fence and locked
// flags, in order of first appearance.
func (x *gexplorer) groups(q int, cands []int32) [][]int32 {
	var out [][]int32
	insts := x.gp.insts[q]
next:
	for _, c := range cands {
		in := &insts[c]
		for k, grp := range out {
			h := &insts[grp[0]]
			if h.fence == in.fence && h.locked == in.locked && slices.Equal(h.rset, in.rset) {
				out[k] = append(out[k], c)
				continue next
			}
		}
		out = append(out, []int32{c})
	}
	return out
}
