package reach

import (
	"context"
	"runtime"
	"time"

	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/translate"
)

// A breadth-first search checks a whole layer (the nodes queued when the
// previous layer is done) in two steps. First, in parallel, every node of
// the layer against a snapshot of the visited set: syntactic inclusion,
// the initial states, the solver's fixpoint check, and for a node left
// uncovered the snapshot's nodes it includes, which it deletes once
// visited (precheck). Then, one
// node after the other in queue order, the merge (engine.visit): a node
// not covered by the snapshot is checked again against the nodes visited
// since, in the layer, before it is visited and expanded. What the first
// step finds depends only on the node and the snapshot, never on which
// worker or how many ran it, so the verdict and the node counts are the
// same for any number of workers. A depth-first search checks layers of
// one node.

// worker is what one goroutine of the search checks nodes with: its own
// solver and lowerer, its scratch for the visited index, the matching
// steps left for the node at hand, and the time it spent.
type worker struct {
	e      *engine
	s      smt.Solver
	low    *lowerer
	tally  tally
	budget int
	m      *matcher  // reused by nodeMatcher
	pruner pruner    // of covered
	gf     groupFits // of includedIn
	// subsume and safety are the time of the worker's subsumption and
	// initial-state checks since the engine last added them to its stats.
	subsume, safety time.Duration
}

// newWorker makes a worker with a new solver.
func (e *engine) newWorker() *worker {
	s := e.opts.NewSolver()
	return &worker{e: e, s: s, low: newLowerer(s, e.sys), budget: matchBudget}
}

// workers returns the number of goroutines of a search with these
// options: Options.Workers, or GOMAXPROCS when it is 0.
func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// closeWorkers closes the solvers of the workers.
func (e *engine) closeWorkers() {
	for _, w := range e.workers {
		w.s.Close()
	}
}

// collectTimes adds the workers' times to the statistics.
func (e *engine) collectTimes() {
	for _, w := range e.workers {
		e.stats.Subsume += w.subsume
		e.stats.Safety += w.safety
		w.subsume, w.safety = 0, 0
	}
}

// precheck is what the checks of a popped node against the snapshot of
// the visited set found.
type precheck struct {
	skipped  bool // n's parent was deleted: nothing was checked
	included bool // a snapshot node includes n syntactically
	// cands are the renamed snapshot cubes that do not clash with n.
	cands [][]translate.Literal
	init  initMeeting
	// covered: the solver found n covered by the snapshot (asked only
	// when n does not meet the initial states and is not deferred).
	covered bool
	// deferred: a node queued before n in its layer includes n, so the
	// initial-state check and the fixpoint query are left to the merge.
	deferred bool
	// settled: the snapshot and the layer's nodes before n that the
	// merge may visit (with their symmetric images) do not cover n, so
	// neither do the snapshot and the nodes the merge visits before n, a
	// subset of them: the merge neither looks at those nor asks the
	// solver again (see settleLayer).
	settled bool
	// subsumed are the snapshot's live nodes, but invariants, that n
	// includes syntactically, known (subsumedKnown) when the checks found
	// n uncovered: the merge deletes them if it visits n (deleteSubsumed).
	subsumed      []*node
	subsumedKnown bool
	subsumedTests int // the snapshot's nodes matched to find them
	err           error
	budget        int // the matching steps left for n
}

// check runs the checks of n against the snapshot on w. The solver's
// queries are left to the merge when a node queued before n in its layer
// (before) includes n: that node is visited before n is merged, and then
// covers it without the solver, or it is covered itself.
func (w *worker) check(ctx context.Context, n *node, before []*node) (pc precheck) {
	w.budget = matchBudget
	defer func() { pc.budget = w.budget }()
	if n.orphaned() {
		return precheck{skipped: true}
	}
	if pc.included, pc.cands = w.includedIn(n); pc.included {
		return pc
	}
	if pc.deferred = w.includedInAny(n, before); pc.deferred {
		return pc
	}
	if pc.init, pc.err = w.meetsInit(ctx, n); pc.err != nil || pc.init.reached {
		return pc
	}
	pc.covered, pc.err = w.covered(ctx, pc.cands, n)
	if pc.uncovered() {
		start := time.Now()
		pc.subsumed, pc.subsumedTests = w.subsumedBy(n, 0)
		pc.subsumedKnown = true
		w.subsume += time.Since(start)
	}
	return pc
}

// uncovered reports whether the merge will visit the node unless nodes of
// its layer visited before it cover it: the snapshot does not, nor would
// it have counted as covered anyway.
func (pc *precheck) uncovered() bool {
	return !pc.skipped && !pc.included && !pc.deferred && !pc.init.reached && pc.err == nil && !pc.covered
}

// visitable reports whether the merge may visit the node (add it to the
// visited set): the snapshot does not cover it.
func (pc *precheck) visitable() bool {
	return !pc.skipped && !pc.included && !pc.covered
}

// settles reports whether the snapshot (its candidates cands) and the
// nodes of before together do not cover n, when the latter have
// renamings that do not clash with n (else the merge asks nothing more
// anyway).
func (w *worker) settles(ctx context.Context, n *node, before [][]*node, cands [][]translate.Literal) bool {
	layer, ok := w.layerCandidates(n, before)
	if !ok || len(layer) == 0 {
		return false
	}
	covered, err := w.covered(ctx, append(cands[:len(cands):len(cands)], layer...), n)
	return err == nil && !covered
}

// layerCandidates returns the renamings of the nodes of before (a node
// of the layer and its symmetric images each) that do not clash with n,
// drawing on a budget of their own. It reports false when they are not
// all of them: the matcher gave up, or one includes n (match then stops
// early without that renaming).
func (w *worker) layerCandidates(n *node, before [][]*node) ([][]translate.Literal, bool) {
	start, saved := time.Now(), w.budget
	defer func() {
		w.subsume += time.Since(start)
		w.budget = saved
	}()
	w.budget = matchBudget
	m := w.nodeMatcher(n)
	for _, b := range before {
		for _, v := range b {
			if v.cube.NVars <= n.cube.NVars && m.match(v.pattern()) {
				return nil, false
			}
		}
	}
	return m.cands, !m.gaveUp
}

// nodesPerWorker is the fewest nodes of a layer per worker made for it:
// a worker costs a solver (a few milliseconds to make), which a small
// model's whole search may not take.
const nodesPerWorker = 4

// checkLayer prechecks the nodes of a layer on up to Options.Workers
// workers, each node on one of them: on every worker made so far, and
// on more (made here) when the layer has nodesPerWorker nodes for each.
func (e *engine) checkLayer(ctx context.Context, layer []*node) []precheck {
	out := make([]precheck, len(layer))
	for _, x := range layer {
		x.pattern() // computed here: workers only read the patterns of others
	}
	e.snapshot = int32(len(e.index.nodes))
	n := min(e.opts.workers(), max(1, len(e.workers), len(layer)/nodesPerWorker))
	for len(e.workers) < n {
		e.workers = append(e.workers, e.newWorker())
	}
	e.meter.For(len(layer), n, func(g, i int) {
		if ctx.Err() == nil { // else the search stops: the merge sees ctx done
			out[i] = e.workers[g].check(ctx, layer[i], layer[:i])
		}
	})
	e.settleLayer(ctx, layer, out, n)
	return out
}

// reachedFirst moves the first node of a layer that its checks found
// meeting the initial states (and not covered syntactically) to the
// front, with its checks: the merge then meets it before visiting any
// other node of the layer, as a search that checks every node against
// the initial states before its fixpoint check would (Cubicle checks each
// popped node so, in generation order, while the merge visits the more
// general nodes first). The search either ends there (UNSAFE, or a
// refuted candidate restarts it), or the node's counterexample does not
// replay and the merge expands it without adding it to the visited set:
// then it covers nothing, so what the checks of the other nodes found
// against the nodes queued before them still holds. What the checks found
// depends only on the layer and the snapshot, so the order does not
// depend on the number of workers.
func reachedFirst(layer []*node, checks []precheck) {
	for i := range layer {
		pc := &checks[i]
		if pc.init.reached && !pc.skipped && !pc.included && !pc.deferred && pc.err == nil {
			if i > 0 {
				n, c := layer[i], checks[i]
				copy(layer[1:i+1], layer[:i])
				copy(checks[1:i+1], checks[:i])
				layer[0], checks[0] = n, c
			}
			return
		}
	}
}

// settleLayer settles, on up to workers workers, the uncovered nodes of
// a layer that the visitable nodes queued before them (with their
// symmetric images) may cover: the merge visits only these, so if they
// and the snapshot together do not cover a node, the nodes the merge
// visits before it do not either. Never with approximation: the merge may
// visit a candidate, more general, in place of a node.
func (e *engine) settleLayer(ctx context.Context, layer []*node, out []precheck, workers int) {
	if e.opts.Oracle != nil {
		return
	}
	var visitable [][]*node // grows: before[i] is a prefix of it
	before := make([][][]*node, len(layer))
	var open []int
	for i, x := range layer {
		before[i] = visitable
		if out[i].uncovered() && len(visitable) > 0 {
			open = append(open, i)
		}
		if out[i].visitable() {
			visitable = append(visitable, e.withImages(x))
		}
	}
	e.meter.For(len(open), workers, func(g, k int) {
		if i := open[k]; ctx.Err() == nil {
			out[i].settled = e.workers[g].settles(ctx, layer[i], before[i], out[i].cands)
		}
	})
}

// withImages returns x with the images under the system's symmetries
// that addVisited would index with it, their patterns computed.
func (e *engine) withImages(x *node) []*node {
	out := []*node{x}
	for _, s := range e.syms {
		if c := s.image(x.cube); c != nil {
			img := &node{cube: c}
			img.pattern()
			out = append(out, img)
		}
	}
	return out
}

// searchQueue holds the nodes waiting: the next layer, and, in a
// breadth-first search, the nodes with more variables than their parent,
// postponed until the queue is empty.
type searchQueue struct {
	next, postponed []*node
	rest            int // the nodes of the current layer not merged yet
}

func (q *searchQueue) more() bool { return len(q.next) > 0 || len(q.postponed) > 0 }

// pop returns the next layer: the first layerSize queued nodes (BFS) or
// the last one (DFS).
func (q *searchQueue) pop(strategy Strategy) []*node {
	if len(q.next) == 0 {
		q.next, q.postponed = q.postponed, nil
	}
	var layer []*node
	if strategy == DFS {
		layer, q.next = q.next[len(q.next)-1:], q.next[:len(q.next)-1]
	} else {
		k := min(layerSize, len(q.next))
		layer, q.next = q.next[:k:k], q.next[k:]
	}
	return layer
}

// layerSize is the most nodes a breadth-first layer checks at once: the
// more, the more work for the workers at a time, but the more nodes the
// merge checks again against the nodes visited since the snapshot.
const layerSize = 64

// push queues child c of n.
func (q *searchQueue) push(strategy Strategy, n, c *node) {
	if c.cube.NVars > n.cube.NVars && strategy == BFS {
		q.postponed = append(q.postponed, c)
	} else {
		q.next = append(q.next, c)
	}
}

// len is the number of nodes waiting.
func (q *searchQueue) len() int { return q.rest + len(q.next) + len(q.postponed) }
