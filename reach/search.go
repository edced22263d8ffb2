package reach

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"time"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/internal/parallel"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Strategy is the order in which nodes are expanded.
type Strategy int

// The search strategies.
const (
	BFS Strategy = iota // breadth-first (default): shortest counterexamples
	DFS                 // depth-first
)

// Options configure a search. The zero value is a breadth-first search
// without limits; NewSolver is required.
type Options struct {
	// Model is the memory model of weak variables; nil means
	// memmodel.Default (TSO when the model declares weak variables). Models
	// checked with syntax.CheckOptions{SC: true} have no weak variables.
	Model    memmodel.Model
	Strategy Strategy
	// GenerationOrder queues the pre-images of a breadth-first layer in
	// the order they are generated, as Cubicle does, without moving one
	// before an earlier one it includes (order.go).
	GenerationOrder bool
	MaxNodes        int // visited nodes before giving up (0: no limit)
	// MaxMatchSteps bounds the renamings the subsumption checks of the
	// whole search try before it gives up (0: no limit). Nodes with many
	// process variables have factorially many; unlike MaxNodes, this bounds
	// the work of such searches too, and unlike a time limit it gives the
	// same answer on any machine.
	MaxMatchSteps int
	// NewSolver makes a solver of the search, one per worker; each is
	// closed at the end.
	NewSolver func() smt.Solver
	// Workers is the number of goroutines that check the nodes of a
	// breadth-first layer and compute pre-images (0: GOMAXPROCS). The
	// verdict and the node counts do not depend on it.
	Workers int
	// Progress, when set, is called after each visited node.
	Progress func(Progress)
	// KeepGraph records the search graph in Result.Graph.
	KeepGraph bool
	// Confirm, when set, is asked about each counterexample before the
	// search reports it: nil accepts it (UNSAFE), a *SpuriousError rejects
	// it and the search goes on looking for another (the node is expanded
	// but covers nothing), any other error stops the search.
	Confirm func(context.Context, *Trace) error
	// MaxSpurious is how many rejected counterexamples end the search
	// with UNKNOWN (0: DefaultMaxSpurious).
	MaxSpurious int
	// AssumeInvariants trusts the system's invariant items, as Cubicle
	// does: their cubes prune the search and are assumed at the initial
	// states, unproved (a false one can turn an UNSAFE system SAFE;
	// Result.Assumed names them). By default they are proved in the same
	// search, as further properties (see Result.Proved).
	AssumeInvariants bool
	// Oracle, when set, turns on approximation (approx.go): a node may be
	// replaced by a more general candidate invariant the oracle never saw
	// reached. A refuted candidate restarts the search.
	Oracle Oracle
	// MaxRestarts is how many refuted candidates end approximation: the
	// search then starts over without it (0: DefaultMaxRestarts).
	MaxRestarts int
	// ExactFences keeps the subsumption checks to inclusions that hold
	// with ghb-equal events at one instant: no fence moved before its
	// class (fenceEarlier, used when writes may be reordered), so that
	// package certify can state every inclusion of the proof.
	ExactFences bool
	// ApproxAfter is how many nodes the search visits exactly before
	// approximation starts (0: from the first node), or fewer once they
	// made 25 pre-images per allowed node (approx.go); after a refuted
	// candidate it approximates from the first node.
	ApproxAfter int
	// CheapApproxAfter, when positive and below ApproxAfter, is
	// ApproxAfter for an Oracle that is cheap to explore (CheapOracle):
	// the search asks whether it is after CheapApproxAfter nodes, and
	// approximates from there when it is.
	CheapApproxAfter int
	// MeasureCPU measures the CPU time of the search's own thread and of
	// its parallel parts (Stats.SerialCPU, ParallelCPU, ParallelSpan),
	// at the cost of two clock reads per parallel item.
	MeasureCPU bool
}

// DefaultMaxSpurious is the number of counterexamples that do not replay
// after which a search gives up.
const DefaultMaxSpurious = 8

// SpuriousError says why a counterexample does not replay on a concrete
// instance.
type SpuriousError struct {
	Trace  *Trace
	Reason string
}

func (e *SpuriousError) Error() string { return "spurious counterexample: " + e.Reason }

// Progress is a snapshot of a running search.
type Progress struct {
	Nodes   int // visited nodes so far
	Queue   int // nodes waiting
	Depth   int // depth of the last visited node
	Elapsed time.Duration
}

// NodeStatus is what became of a node of the search graph.
type NodeStatus int

// The statuses of search-graph nodes.
const (
	Visited NodeStatus = iota // expanded
	Covered                   // subsumed by visited nodes when popped
	Deleted                   // visited, then subsumed by a later node
	Reached                   // meets the initial states: the end of the counterexample
)

var statusNames = [...]string{Visited: "visited", Covered: "covered", Deleted: "deleted", Reached: "reached"}

func (s NodeStatus) String() string { return statusNames[s] }

// GraphNode is a popped node of the search graph: its cube, the node it
// is a pre-image of (Parent, 0 for an unsafe cube) by which transition
// instance (Args numbered in this node's cube), and what became of it.
type GraphNode struct {
	ID         int
	Parent     int
	Transition string
	Args       []int
	Cube       string
	Status     NodeStatus
	Unsafe     string // the unsafe property the node descends from
	node       *node
}

// Stats counts the work of a search.
type Stats struct {
	Nodes       int // visited (expanded) nodes
	Generated   int // pre-images computed
	Covered     int // nodes dropped as subsumed by visited ones
	Deleted     int // visited nodes removed because a later node subsumes them
	Syntactic   int // of which without the solver
	CacheHits   int // pre-images dropped as identical to a cube already generated (the cache of cube keys)
	SolverCalls int
	// Rechecks counts the fixpoint checks asked again in the merge of a
	// layer, because nodes visited since the snapshot may cover the node.
	Rechecks int
	// DeletionTests counts the visited nodes matched against a node the
	// merge visits, to delete those it includes; MergedDeletionTests,
	// those the merge matched, one node at a time (the nodes visited since
	// the snapshot of its layer), not the layer's parallel checks.
	DeletionTests, MergedDeletionTests int
	MaxVars                            int // most process variables in a visited node
	Candidates                         int // candidate invariants visited in place of a node (approximation)
	Refuted                            int // candidates refuted: a node descending from one met the initial states, or a deeper oracle reached it
	// Deepened counts the times a stalled search had its partial oracle
	// explored further (approx_grow.go); DeepRefuted, the candidates of
	// Refuted that a deeper oracle reached.
	Deepened, DeepRefuted int
	Lemmas                int // of the candidates, lemmas visited beside a node they close with the visited set (approx_lemma.go)
	Restarts              int // searches started over after a refutation
	PreImage              time.Duration
	Subsume               time.Duration
	Safety                time.Duration
	// Prechecks is the time of the parallel checks of the layers against
	// their snapshots, Ordering that of the parallel inclusion tests
	// between the children of a layer (order.go); the rest of a search's
	// time but PreImage is the merge, one node at a time.
	Prechecks, Ordering time.Duration
	// With Options.MeasureCPU: SerialCPU is the CPU time of the search's
	// thread outside its parallel parts (the merge, approximation, the
	// replays; the garbage collector's own threads left out), ParallelCPU
	// that of the parallel parts' items on every worker, and ParallelSpan
	// the sum over the parallel parts of their busiest worker's CPU time.
	// SerialCPU / (SerialCPU + ParallelCPU) is the serial fraction of
	// Amdahl's law, measured in CPU time rather than wall time.
	SerialCPU, ParallelCPU, ParallelSpan time.Duration
}

// Result is the outcome of Check.
type Result struct {
	Verdict translate.Verdict
	Reason  string // why the answer is Unknown
	Trace   *Trace // for Unsafe
	// Spurious are the counterexamples Options.Confirm rejected, in the
	// order found; a search that rejected one never answers SAFE.
	Spurious []*SpuriousError
	// Violated names the invariant an Unsafe answer reaches (its trace
	// ends in a state where the invariant's formula holds); "" when the
	// trace reaches an unsafe item.
	Violated string
	// Proved names the invariant items proved, each once in model order:
	// all of them for a Safe answer, none otherwise.
	Proved []string
	// Assumed names the invariant items trusted unproved, with
	// Options.AssumeInvariants: the verdict holds only if they do.
	Assumed []string
	Stats   Stats
	Graph   []GraphNode // with Options.KeepGraph, the popped nodes in order
	// Invariant, for a Safe result, is the visited set the fixpoint closed
	// on: every visited node not deleted later, and the user invariants
	// (Node 0), in visit order. Its negation is an inductive invariant
	// that excludes the unsafe states (package certify states it).
	Invariant []InvariantCube
	// Inferred, for a Safe result of an approximate search, are the
	// candidate invariants of the visited set (the states none of them
	// describes are an inductive invariant together with the rest of
	// Invariant).
	Inferred []*translate.Cube
}

// InvariantCube is one cube of a Safe result's visited set, with the
// node it comes from (ID 0 for a user invariant).
type InvariantCube struct {
	Node       int
	Parent     int    // the node it is a pre-image of (0 for an unsafe cube or an invariant)
	Transition string // the transition of that pre-image
	Cube       *translate.Cube
	// Image k > 0: the cube is the k-th image of node Node's cube under a
	// symmetry of the process constants (symmetry.go), with no parent.
	Image int
}

// node is a cube in the search graph.
type node struct {
	id     int
	cube   *translate.Cube
	depth  int
	parent *node // the node this one is a pre-image of (nil for unsafe cubes)
	via    *translate.Transition
	args   []translate.Proc // the transition's parameters, numbered in cube
	from   []translate.Proc // parent's variables numbered in cube (0: dropped)
	prop   string           // the unsafe property (or proved invariant) it comes from
	pat    *pattern
	fcache *facts
	memo   *matchMemo // shared by the matchers of its checks, until merged
	// deleted is set when a node visited later subsumes this one: its
	// queued children are dropped when popped (see orphaned).
	deleted bool
	inv     bool    // an assumed invariant (never deleted)
	invProp bool    // an invariant's cube being proved (set on the root only)
	approx  bool    // a candidate invariant (a root: its parent is nil)
	judged  bool    // a candidate the oracle called unreached (not a guess)
	seq     int32   // visit order, once visited
	images  []*node // the symmetric images indexed with n (symmetry.go)
	image   int     // k > 0: the k-th image of the node with this id

	step translate.Set // the events of cube that the step from parent added
}

// orphaned reports whether n's parent was deleted: n is then dropped
// when popped, since the parent's deleter, a visited node that includes
// the parent, has pre-images that include n. Only the parent counts: a
// node visited before an ancestor's deletion stays in the visited set and
// is expanded, so its children must be examined.
func (n *node) orphaned() bool {
	return n.parent != nil && n.parent.deleted
}

// Check runs the backward reachability search on sys: SAFE when every
// pre-image of the unsafe cubes is subsumed by visited ones without meeting
// the initial states, UNSAFE with a trace when one meets them.
func Check(ctx context.Context, sys *translate.System, opts Options) (*Result, error) {
	if opts.NewSolver == nil {
		return nil, errors.New("reach: Options.NewSolver is required")
	}
	opts.Model = searchModel(sys, memmodel.Or(opts.Model, sys.Model != nil && sys.Model.Weak))
	e := &engine{sys: sys, opts: opts, start: time.Now(), bad: map[string]bool{}, syms: symmetries(sys, opts.Model), owned: ownedArrays(sys).forSearch(opts)}
	if opts.MeasureCPU {
		e.meter = &parallel.Meter{}
		runtime.LockOSThread() // the search's thread CPU is its own
		defer runtime.UnlockOSThread()
	}
	thread0 := parallel.ThreadCPU()
	e.workers = []*worker{e.newWorker()}
	defer e.closeWorkers()
	res, err := e.runRestarting(ctx)
	if res != nil {
		for _, w := range e.workers {
			res.Stats.SolverCalls += w.s.Stats().Checks
		}
		if e.meter != nil {
			res.Stats.SerialCPU = parallel.ThreadCPU() - thread0 - e.meter.Caller
			res.Stats.ParallelCPU, res.Stats.ParallelSpan = e.meter.Total(), e.meter.Span
		}
	}
	return res, err
}

type engine struct {
	sys  *translate.System
	opts Options
	// workers check the nodes of a layer; the first one also does what
	// the search does one node at a time (the merge, approximation).
	workers []*worker
	index   *visitedIndex // the visited nodes
	// seen maps the key of every cube generated to the node that carries
	// it; a later copy is dropped unless that node is orphaned (then the
	// deleter of its parent has pre-images that include both).
	seen   map[string]*node
	stats  Stats
	nextID int
	// initIDs are the processes the solver chose for the variables of the
	// last node that met the initial states, under number_procs.
	initIDs  []int
	spurious []*SpuriousError
	// initOthers are the processes that proc-valued locations hold in that
	// initial state besides the node's own: the trace needs them too.
	initOthers []int
	graph      []GraphNode
	start      time.Time
	ctx        context.Context // of the run, polled in long loops
	matched    int             // the matchers' steps of the nodes popped before
	bad        map[string]bool // the keys of candidates refuted or meeting init
	noApprox   bool            // approximation was given up
	syms       []symmetry      // the symmetries of the process constants
	// static tells the symbols no transition assigns (staticSymbols),
	// made at the first approximation.
	static func(*syntax.Symbol) bool
	owned  ownedCells // the owned weak arrays (owned.go)

	cands map[string]*node // the candidates visited in this run, by key (approx.go)
	// deepenAt is the node count at which a search that approximates
	// with a partial oracle deepens it (0: not set yet, approx_grow.go).
	deepenAt int
	// snapshot is the number of visited nodes (index.nodes) when the
	// current layer was checked: its snapshot of the visited set.
	snapshot int32
	// altMemos are the memos of literal alternatives of the goroutines
	// that compute pre-images, by goroutine (preImagesParallel).
	altMemos []altMemo
	// meter measures the CPU of the parallel parts (Options.MeasureCPU;
	// nil otherwise).
	meter *parallel.Meter
}

func (e *engine) newNode(c *translate.Cube) *node {
	e.nextID++
	return &node{id: e.nextID, cube: c}
}

func (e *engine) run(ctx context.Context) (*Result, error) {
	e.ctx = ctx
	e.seen, e.cands = map[string]*node{}, map[string]*node{}
	e.index = newVisitedIndex()
	e.graph, e.spurious = nil, nil
	e.matched = 0
	var queue []*node
	// Invariants first: a proved one, visited early, prunes the nodes it
	// covers as an assumed one does.
	for _, inv := range e.sys.Invariants {
		n := e.newNode(inv.Cube)
		if e.opts.AssumeInvariants {
			n.inv = true
			e.index.add(n)
			continue
		}
		n.prop, n.invProp = inv.Name, true
		queue = append(queue, n)
	}
	for _, p := range e.sys.Unsafe {
		n := e.newNode(e.owned.unmarkedRoot(p.Cube, e.opts.Model))
		n.prop = p.Name
		queue = append(queue, n)
	}
	q := &searchQueue{next: queue}
	for q.more() {
		if err := e.deepenIfStalled(); err != nil {
			return nil, err
		}
		layer := q.pop(e.opts.Strategy)
		if ctx.Err() != nil {
			return e.cut(ctx), nil
		}
		start := time.Now()
		checks := e.checkLayer(ctx, layer)
		e.stats.Prechecks += time.Since(start)
		reachedFirst(layer, checks)
		e.collectTimes()
		var m merge
		for i, n := range layer {
			if ctx.Err() != nil {
				return e.cut(ctx), nil
			}
			q.rest = len(layer) - i - 1
			res, err := e.visit(ctx, n, &checks[i], &m, q)
			e.collectTimes()
			if res != nil || err != nil {
				return res, err
			}
		}
		q.rest = 0
		if res := e.expandAll(ctx, m.expand, q); res != nil {
			return res, nil
		}
	}
	if len(e.spurious) > 0 {
		return e.unknown(e.spuriousReason()), nil
	}
	return e.result(&Result{Verdict: translate.Safe}), nil
}

// merge is the state of the merge of a layer.
type merge struct {
	fresh  []*node // the nodes of the layer added to the visited set so far
	expand []*node // the nodes of the layer visited so far
}

// visit merges popped node n, given its checks against the snapshot
// (pc): it is covered (by the snapshot or the nodes of its layer visited
// before it), meets the initial states, or is visited, to be expanded
// with the layer. A result or an error ends the search.
func (e *engine) visit(ctx context.Context, n *node, pc *precheck, m *merge, q *searchQueue) (*Result, error) {
	w := e.workers[0]
	w.budget = pc.budget
	popped := n
	defer func() {
		e.matched += matchBudget - w.budget
		popped.releaseMemo()
	}()
	if e.opts.MaxMatchSteps > 0 && e.matched >= e.opts.MaxMatchSteps {
		return e.unknown(fmt.Sprintf("matching budget of %d steps reached", e.opts.MaxMatchSteps)), nil
	}
	if pc.skipped || n.orphaned() {
		e.stats.Covered++
		e.stats.Syntactic++
		e.record(n, Covered)
		return nil, nil
	}
	// A node included in a visited one meets the initial states only if
	// that one does, which was checked when it was popped.
	included, cands := pc.included, [][]translate.Literal(nil)
	if !included && !pc.settled {
		included, cands = w.includedInFresh(n, m.fresh)
	}
	if included {
		e.stats.Covered++
		e.stats.Syntactic++
		e.record(n, Covered)
		return nil, nil
	}
	if pc.deferred {
		pc.init, pc.err = w.meetsInit(ctx, n)
	}
	if pc.err != nil {
		return e.stopped(ctx, pc.err)
	}
	reached := pc.init.reached
	if r := root(n); reached && r.approx {
		e.refute(r)
		return nil, errRestart
	}
	spurious := false
	if reached {
		e.initIDs, e.initOthers = pc.init.ids, pc.init.others
		tr, err := e.confirmNode(ctx, n)
		var sp *SpuriousError
		switch {
		case err == nil:
			e.record(n, Reached)
			res := &Result{Verdict: translate.Unsafe, Trace: tr}
			if tr.Invariant {
				res.Violated = tr.Unsafe
			}
			return e.result(res), nil
		case errors.As(err, &sp):
			if sp.Trace == nil {
				sp.Trace = tr
			}
			e.spurious = append(e.spurious, sp)
			if len(e.spurious) >= e.maxSpurious() {
				return e.unknown(e.spuriousReason()), nil
			}
			spurious = true
		default:
			return e.stopped(ctx, err)
		}
	}
	covered := pc.covered
	if !covered && (reached || pc.deferred || len(cands) > 0) {
		// Not asked yet, or the nodes visited since may cover it.
		e.stats.Rechecks++
		var err error
		if covered, err = w.covered(ctx, append(pc.cands[:len(pc.cands):len(pc.cands)], cands...), n); err != nil {
			return e.stopped(ctx, err)
		}
	}
	if covered {
		e.stats.Covered++
		e.record(n, Covered)
		return nil, nil
	}
	if e.opts.MaxNodes > 0 && e.stats.Nodes >= e.opts.MaxNodes {
		return e.unknown(fmt.Sprintf("node limit %d reached", e.opts.MaxNodes)), nil
	}
	if !spurious {
		c, known, err := e.approximate(ctx, n)
		if err != nil {
			return e.stopped(ctx, err)
		}
		if known {
			// A candidate visited before includes n.
			e.stats.Covered++
			e.record(n, Covered)
			return nil, nil
		}
		if c != nil {
			n = c
			e.stats.Candidates++
		} else if closed, err := e.closeWithLemmas(ctx, w, n, pc, m); err != nil {
			return e.stopped(ctx, err)
		} else if closed {
			e.stats.Covered++
			e.record(n, Covered)
			return nil, nil
		}
	}
	if !spurious {
		// A node whose counterexample did not replay is expanded (its
		// pre-images may lead to one that does) but covers nothing.
		if n == popped {
			e.deleteSubsumed(n, pc)
		} else {
			e.deleteSubsumed(n, nil) // a candidate in its place
		}
		m.fresh = append(m.fresh, e.addVisited(n)...)
	}
	e.record(n, Visited)
	e.stats.Nodes++
	e.stats.MaxVars = max(e.stats.MaxVars, n.cube.NVars)
	if e.opts.Progress != nil {
		e.opts.Progress(Progress{Nodes: e.stats.Nodes, Queue: q.len(), Depth: n.depth, Elapsed: time.Since(e.start)})
	}
	m.expand = append(m.expand, n)
	return nil, nil
}

// expandAll expands the visited nodes of a layer, in order, and queues
// their children. A node deleted since it was visited is not expanded: the
// node that deleted it covers its pre-images. A descendant of a deleted
// node is, when it was visited before the deletion: it stays in the
// visited set, where it may cover nodes (even the pre-images of its
// deleter), so its own pre-images must be covered for the fixpoint to be
// inductive. A result ends the search.
func (e *engine) expandAll(ctx context.Context, visited []*node, q *searchQueue) *Result {
	var live []*node
	for _, n := range visited {
		if !n.deleted {
			live = append(live, n)
		}
	}
	start := time.Now()
	results := e.preImagesParallel(live)
	e.stats.PreImage += time.Since(start)
	if ctx.Err() != nil {
		return e.cut(ctx)
	}
	var queued []child
	for i, n := range live {
		children, err := e.adopt(n, results[i])
		if err != nil {
			return e.unknown(err.Error())
		}
		for _, c := range children {
			queued = append(queued, child{n, c})
		}
	}
	if e.opts.Strategy == BFS && !e.opts.GenerationOrder {
		queued = e.generalFirst(queued)
	}
	for _, c := range queued {
		q.push(e.opts.Strategy, c.parent, c.n)
	}
	return nil
}

// result completes a result with the statistics and, when asked, the
// search graph.
func (e *engine) result(r *Result) *Result {
	r.Stats = e.stats
	r.Spurious = e.spurious
	var names []string
	if e.sys.Model != nil {
		names = e.sys.Model.InvariantNames()
	}
	switch {
	case e.opts.AssumeInvariants:
		r.Assumed = names
	case r.Verdict == translate.Safe:
		r.Proved = names
	}
	if r.Verdict == translate.Safe {
		r.Invariant = e.invariant()
		r.Inferred = e.inferred()
	}
	if e.opts.KeepGraph {
		for i := range e.graph {
			if e.graph[i].Status == Visited && e.graph[i].node.deleted {
				e.graph[i].Status = Deleted
			}
		}
		r.Graph = e.graph
	}
	return r
}

// invariant lists the visited nodes that were not deleted, invariants
// first.
func (e *engine) invariant() []InvariantCube {
	var out []InvariantCube
	for _, n := range e.index.nodes {
		if n.deleted {
			continue
		}
		c := InvariantCube{Cube: n.cube, Image: n.image}
		if !n.inv {
			c.Node = n.id
		}
		if n.parent != nil {
			c.Parent, c.Transition = n.parent.id, n.via.Name
		}
		out = append(out, c)
	}
	return out
}

// record adds a popped node to the search graph when it is kept.
func (e *engine) record(n *node, status NodeStatus) {
	if !e.opts.KeepGraph {
		return
	}
	g := GraphNode{ID: n.id, Cube: n.cube.String(), Status: status, Unsafe: n.prop, node: n}
	if n.parent != nil {
		g.Parent, g.Transition = n.parent.id, n.via.Name
		for _, a := range n.args {
			g.Args = append(g.Args, int(a))
		}
	}
	e.graph = append(e.graph, g)
}

// adopt makes nodes of the pre-images of n by every transition, dropping
// exact duplicates of nodes already generated.
func (e *engine) adopt(n *node, results []transitionPres) ([]*node, error) {
	var out []*node
	for i, t := range e.sys.Transitions {
		r := results[i]
		if r.err != nil {
			return nil, r.err
		}
		for k, p := range r.pres {
			e.stats.Generated++
			key := p.cube.Key()
			if prev, ok := e.seen[key]; ok && !prev.orphaned() {
				e.stats.CacheHits++
				continue
			}
			c := e.newNode(p.cube)
			c.fcache = r.facts[k]
			c.depth, c.parent, c.via, c.args, c.from, c.prop = n.depth+1, n, t, p.args, p.from, n.prop
			c.step = p.stepEvents(len(n.cube.Events))
			e.seen[key] = c
			if r.covered[k] {
				// n, visited, already covers it (and it meets the initial
				// states only if n does): no need to queue it.
				e.stats.Covered++
				e.stats.Syntactic++
				continue
			}
			out = append(out, c)
		}
	}
	// Deterministic order: fewer variables, then fewer literals.
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].cube, out[j].cube
		if a.NVars != b.NVars {
			return a.NVars < b.NVars
		}
		return len(a.Lits) < len(b.Lits)
	})
	return out, nil
}

// transitionPres are the pre-images of a node by one transition, each
// marked when the node itself already covers it, with its cube's facts.
type transitionPres struct {
	pres    []pre
	covered []bool
	facts   []*facts // of each pre-image's cube, kept by its node
	err     error
}

// preImagesParallel computes the pre-images of each node by every
// transition, on Options.Workers goroutines. Pre-images are pure
// functions of the cube and the transition (the workers share the
// interned terms: package translate finds them without a lock); the
// results come back by node and transition, so the search stays
// deterministic.
func (e *engine) preImagesParallel(nodes []*node) [][]transitionPres {
	nt := len(e.sys.Transitions)
	results := make([][]transitionPres, len(nodes))
	for i, n := range nodes {
		n.pattern() // computed here: workers only read it
		results[i] = make([]transitionPres, nt)
	}
	matchers := make([]*matcher, e.opts.workers()) // by goroutine, reused
	e.altMemos = grown(e.altMemos, max(len(e.altMemos), len(matchers)))
	work := func(g, k int) {
		if e.ctx.Err() != nil {
			return // the search stops: its pre-images are not needed
		}
		n, t := nodes[k/nt], e.sys.Transitions[k%nt]
		ps, err := preImages(n.cube, t, e.sys.NumProcs, e.opts.Model, e.owned, &e.altMemos[g])
		r := transitionPres{pres: ps, err: err, covered: make([]bool, len(ps)), facts: make([]*facts, len(ps))}
		for j, p := range ps {
			f := newFacts(p.cube)
			r.facts[j] = f
			r.covered[j] = f.mayBeIncludedBy(n, p.cube.NVars) && e.freshMatcher(&matchers[g], f).includes(n.pat)
		}
		results[k/nt][k%nt] = r
	}
	e.meter.For(len(nodes)*nt, len(matchers), work)
	return results
}

// freshMatcher returns *m, made or reset for f with its own memo and a
// whole matchBudget.
func (e *engine) freshMatcher(m **matcher, f *facts) *matcher {
	if *m == nil {
		*m = e.newMatcher(f, nil)
	} else {
		(*m).reset(f)
	}
	(*m).own, (*m).budget = matchBudget, &(*m).own
	return *m
}

func (e *engine) unknown(reason string) *Result {
	return e.result(&Result{Verdict: translate.Unknown, Reason: reason})
}

// cut is the answer of a search whose context is done: UNKNOWN, with
// the limit reached and the work done, e.g. "time limit 30s reached
// after 1,234 nodes".
func (e *engine) cut(ctx context.Context) *Result {
	return e.unknown(limit.After(ctx, limit.Count(e.stats.Nodes, "node")))
}

// stopped turns a cancelled or failed solver call into a verdict or error.
func (e *engine) stopped(ctx context.Context, err error) (*Result, error) {
	if ctx.Err() != nil {
		return e.cut(ctx), nil
	}
	if errors.Is(err, smt.ErrUnknown) {
		return e.unknown("the solver answered unknown"), nil
	}
	return nil, err
}
