package dpor

import (
	"context"
	"fmt"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Explicit explores every reachable state of the instance of m with
// opts.N processes under opts.Model, breadth first, and evaluates the
// unsafe items on each (doc.go describes the semantics). It returns an
// error for an instance it cannot run (N out of range, an evaluation
// error such as an integer overflow); limits and cancellation give the
// verdict Unknown with a reason. A found unsafe state comes with a
// shortest witness.
//
// The cost is linear in the number of states times the cost of computing
// their successors; memory holds one key per state.
func Explicit(ctx context.Context, m *syntax.Model, opts Options) (*Result, error) {
	return explore(ctx, m, opts, nil)
}

// explore is Explicit with a hook called on every reachable state (tests
// use it to inspect final states).
func explore(ctx context.Context, m *syntax.Model, opts Options, onState func(*program, *state)) (*Result, error) {
	opts = opts.withDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	p, err := compile(opts.checked(m), opts.N, opts.Model)
	if err != nil {
		return nil, err
	}
	refused := ""
	if opts.Symmetry {
		refused = p.symmetric()
		p.canonical = refused == ""
	}
	dead := ""
	if opts.DeadValues {
		rules := p.deadRules()
		p.dead, dead = p.compileDead(rules), p.describeDead(rules)
	}
	shiftRefused := ""
	if opts.Shift {
		if shiftRefused = p.shiftRefusal(); shiftRefused == "" {
			p.shift = p.shiftLocs()
			if opts.Gaps {
				p.gap = p.gapWidth()
			}
		}
	}
	orderRefused := ""
	if opts.Order {
		p.order, orderRefused = p.orderRefusal()
	}
	var x *explorer
	err = p.initLazily(onState != nil && !opts.lazyStates, func() (bool, error) {
		x = &explorer{stepper: stepper{p: p, opts: opts, flags: &runFlags{}, reuse: true},
			ctx: ctx, visited: newKeySet(), onState: onState,
			res: &Result{N: opts.N, Model: p.mm.Name(), Engine: EngineExplicit, MaxSteps: opts.MaxSteps, Symmetric: p.canonical, SymmetryRefused: refused, Outside: p.outside,
				DeadValues: dead, Shifted: p.shift != nil, ShiftRefused: shiftRefused, Gapped: p.gap,
				Ordered: p.order != nil, OrderRefused: orderRefused}}
		err := x.run()
		return !x.underApproximated(), err
	})
	if err != nil {
		return nil, err
	}
	x.res.Violated = opts.violated(m, x.res.Witness)
	return x.res, nil
}

// underApproximated reports whether the search ended with verdict Unknown
// because some evaluation depended on an unknown value (and not because of
// a limit).
func (x *explorer) underApproximated() bool {
	return !x.stop && x.ctx.Err() == nil && x.flags.inexact != ""
}

// explorer is one breadth-first search.
type explorer struct {
	stepper
	ctx     context.Context
	visited *keySet // the keys of the states seen, by id
	// parent[id]: the id of the state that state id was first reached
	// from; -1 for an initial state, pruned for an excluded one
	parent []int32
	inits  map[int32]*state // the initial states by id
	queue  []*state
	qids   []int32
	// With guards (no store buffers): watch holds what is known of each
	// instance (guards.insts watch codes) in each queued state from the
	// one being expanded on, and born the states the current expansion
	// queued, with the writes of the step that reached them.
	watch      []uint8
	born       []birth
	bornWrites []write
	res        *Result
	buf        []byte
	stop       bool // the search ended early (limit, unsafe state)
	onState    func(*program, *state)
}

func (x *explorer) run() error {
	p, res := x.p, x.res
	x.inits = map[int32]*state{}
	if x.guards = p.newGuardIndex(); x.guards != nil {
		x.off = make([]uint8, x.guards.insts)
	}
	var err error
	ierr := p.initStates(x.flags.approx, func(st *state) bool {
		x.prepare(st)
		res.Initial++
		_, err = x.add(st, -1)
		return err == nil && !x.stop
	}, func() bool { return x.ctx.Err() != nil })
	if ierr != nil {
		return ierr
	}
	if err != nil {
		return err
	}
	if x.ctx.Err() != nil && !x.stop {
		x.cut()
		return nil
	}
	for head := 0; head < len(x.queue) && !x.stop && !p.rerunDue(x.flags.inexact); head++ {
		if head%1024 == 0 {
			if x.ctx.Err() != nil {
				x.cut()
				return nil
			}
		}
		st, id := x.queue[head], x.qids[head]
		x.queue[head] = nil
		x.known = x.knownAt(head, head)
		from := x.gapsOf(st)
		err = x.successors(st, func(e edge, ns *state) bool {
			if e.tr != nil {
				res.Transitions++
				if x.gapBroken(from, ns) {
					return false
				}
			} else {
				res.Flushes++
			}
			queued := len(x.queue)
			nid, aerr := x.add(ns, id)
			if aerr != nil {
				err = aerr
			} else if nid < 0 {
				x.recycle(ns) // seen before or excluded: nothing keeps it
			} else if x.guards != nil && len(x.queue) > queued {
				from := len(x.bornWrites)
				x.bornWrites = append(x.bornWrites, e.writes...)
				x.born = append(x.born, birth{queued, from, len(x.bornWrites)})
			}
			return err == nil && !x.stop
		})
		if err != nil {
			return err
		}
		x.inherit(head)
		if x.onState == nil && x.inits[id] == nil {
			x.recycle(st) // expanded: only a witness replays it, from an initial state
		}
	}
	return x.finish()
}

// birth is a state queued by the current expansion: its place in the
// queue and the writes of the step that reached it
// (explorer.bornWrites[from:to]).
type birth struct {
	at, from, to int
}

// knownAt returns what is known of the instances in the state queued at
// index at, while the state at index head is expanded (nil without
// guards).
func (x *explorer) knownAt(at, head int) []uint8 {
	if x.guards == nil {
		return nil
	}
	n := x.guards.insts
	return x.watch[(at-head)*n : (at-head+1)*n]
}

// inherit gives the states the expansion of the state at index head
// queued what is known of their instances (guards.go), and drops what
// was known of the expanded one. An expansion the search stopped in the
// middle did not tell what it knows of every instance: the search ends
// there.
func (x *explorer) inherit(head int) {
	if x.guards == nil || x.stop {
		return
	}
	for _, b := range x.born {
		x.guards.inherit(x.knownAt(b.at, head), x.off, x.bornWrites[b.from:b.to])
	}
	x.born, x.bornWrites = x.born[:0], x.bornWrites[:0]
	x.watch = x.watch[x.guards.insts:]
}

// cut ends a search whose context is done: UNKNOWN, with the limit
// reached and the states found, e.g. "interrupted after 1,234 states".
func (x *explorer) cut() {
	x.res.Verdict, x.res.Reason = translate.Unknown, limit.After(x.ctx, limit.Count(x.res.States, "state"))
}

// prepare gives an initial state its empty buffers and step counters.
func (x *explorer) prepare(st *state) {
	if x.p.buffered {
		st.bufs = make([][]group, x.p.n)
	}
	if x.opts.MaxSteps > 0 {
		st.steps = make([]uint16, x.p.n+1)
	}
}

// pruned is the parent of a state an invariant excludes.
const pruned = -2

// add records a state reached from state parent (an id; -1 for an
// initial state); it returns the new state's id, or -1 when the state was
// seen before or is excluded.
func (x *explorer) add(st *state, parent int32) (int32, error) {
	p, res := x.p, x.res
	x.buf = p.stateKey(st, x.buf[:0])
	id, fresh := x.visited.add(x.buf)
	if !fresh {
		return -1, nil
	}
	x.parent = append(x.parent, parent)
	if len(p.invs) > 0 {
		_, _, t, err := p.check(st, p.invs)
		if err != nil {
			return -1, err
		}
		if t != tFalse {
			if t == tUnknown {
				x.flags.approx("an invariant depends on an unconstrained value")
			}
			x.parent[id] = pruned
			res.Pruned++
			return -1, nil
		}
	}
	if parent < 0 {
		x.inits[id] = st
	}
	res.States++
	if x.onState != nil {
		x.onState(p, st)
	}
	if x.opts.MaxStates > 0 && res.States > x.opts.MaxStates {
		res.Verdict, res.Reason = translate.Unknown, stateLimitReason(x.opts.MaxStates)
		x.stop = true
		return id, nil
	}
	idx, procs, t, err := p.check(st, p.unsafe)
	if err != nil {
		return -1, err
	}
	switch t {
	case tTrue:
		w, err := x.witness(id, st, idx, procs)
		if err != nil {
			return -1, err
		}
		res.Verdict, res.Witness, res.Reason = translate.Unsafe, w, ""
		x.stop = true
		return id, nil
	case tUnknown:
		x.flags.approx("an unsafe item depends on an unconstrained value")
	}
	x.queue = append(x.queue, st)
	x.qids = append(x.qids, id)
	if x.guards != nil {
		for range x.guards.insts {
			x.watch = append(x.watch, watchNone) // nothing known yet
		}
	}
	return id, nil
}

// finish sets the verdict after the search.
func (x *explorer) finish() error {
	res, f := x.res, x.flags
	res.Bounded = f.hitSteps || f.hitBuffer
	if x.stop {
		return nil // translate.Unsafe or a limit, already set
	}
	var bound string
	switch {
	case f.hitSteps && f.hitBuffer:
		bound = fmt.Sprintf("up to %d steps per process and %d pending writes per buffer", x.opts.MaxSteps, x.opts.MaxBuffer)
	case f.hitSteps:
		bound = fmt.Sprintf("up to %d steps per process", x.opts.MaxSteps)
	case f.hitBuffer:
		bound = fmt.Sprintf("up to %d pending writes per buffer", x.opts.MaxBuffer)
	}
	if f.inexact != "" {
		res.Verdict, res.Reason = translate.Unknown, "under-approximation: "+f.inexact
		return nil
	}
	if res.States == 0 {
		res.Verdict, res.Reason = translate.Unknown, noInitialState
		return nil
	}
	res.Verdict = translate.Safe
	if bound != "" {
		res.Reason = "safe " + bound
	}
	return nil
}

// noInitialState is the reason of the Unknown answer for an instance in
// which no state satisfies init (flash's `init (p) { Home <> p }` keeps a
// process variable apart from every process of the instance): its
// exploration is vacuous, and vouches for nothing.
const noInitialState = "no initial state: no state of this instance satisfies init"
