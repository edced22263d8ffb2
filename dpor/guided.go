package dpor

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// guided searches the explicit state space breadth first from starts,
// firing a transition only when advance accepts it (advance updates the
// progress vector prog, of length nprog, in place) and flushing freely,
// until goal holds. It returns the path (nil when no state satisfies
// goal), the start it leaves from and the final state.
func (p *program) guided(ctx context.Context, opts Options, starts []*state, nprog int,
	advance func(prog []int, e edge) bool, goal func(*state, []int) (bool, error)) ([]edge, *state, *state, error) {
	type gnode struct {
		st     *state
		prog   []int
		parent int
		root   *state
		e      edge
	}
	x := &explorer{stepper: stepper{p: p, opts: opts, flags: &runFlags{}}}
	seen := map[string]bool{}
	var nodes []gnode
	var kb []byte
	key := func(st *state, prog []int) string {
		kb = st.key(kb[:0])
		for _, v := range prog {
			kb = binary.AppendUvarint(kb, uint64(v))
		}
		return string(kb)
	}
	for _, root := range starts {
		st := root.clone()
		x.prepare(st)
		prog := make([]int, nprog)
		if k := key(st, prog); !seen[k] {
			seen[k] = true
			nodes = append(nodes, gnode{st: st, prog: prog, parent: -1, root: root})
		}
	}
	for head := 0; head < len(nodes); head++ {
		if head%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
		}
		cur := nodes[head]
		ok, err := goal(cur.st, cur.prog)
		if err != nil {
			return nil, nil, nil, err
		}
		if ok {
			var path []edge
			for i := head; nodes[i].parent >= 0; i = nodes[i].parent {
				path = append(path, nodes[i].e)
			}
			slices.Reverse(path)
			if path == nil {
				path = []edge{}
			}
			return path, cur.root, cur.st, nil
		}
		err = x.successors(cur.st, func(e edge, ns *state) bool {
			prog := cur.prog
			if e.tr != nil {
				prog = slices.Clone(cur.prog)
				if !advance(prog, e) {
					return true
				}
			}
			if k := key(ns, prog); !seen[k] {
				seen[k] = true
				nodes = append(nodes, gnode{st: ns, prog: prog, parent: head, root: cur.root, e: e})
			}
			return true
		})
		if err != nil {
			return nil, nil, nil, err
		}
	}
	return nil, nil, nil, nil
}

// holds reports whether unsafe item idx holds on st for the processes
// procs.
func (p *program) holds(st *state, idx int, procs []int) (bool, error) {
	pr := p.unsafe[idx]
	if len(procs) != len(pr.p.Params) {
		return false, fmt.Errorf("%s has %d parameters, got %d processes", propName(pr.p, idx), len(pr.p.Params), len(procs))
	}
	ev := &evaluator{p: p, st: st, avoid: true, params: procs, env: slices.Clone(procs)}
	t := pr.bodyCode(ev)
	return t == tTrue, ev.err
}

// ErrUnderApproximation marks a replay that found no execution while
// the instance it explored leaves states out (initial states that depend
// on a value the engine cannot enumerate): the trace may still be real.
var ErrUnderApproximation = errors.New("the bounded instance under-approximates the model")

// ErrTooManyInitialStates marks a replay that gave up building its
// instance: the model leaves more than MaxReplayInitialStates initial
// states (unconstrained arrays of processes, say), too many to try each.
// The trace is neither confirmed nor refuted.
var ErrTooManyInitialStates = errors.New("too many initial states to replay the trace on")

// MaxReplayInitialStates bounds the initial states a replay tries.
const MaxReplayInitialStates = 1 << 15

// TraceStep is one transition instance of a trace to replay: the index of
// the transition in the model's Transitions and the processes given to
// its parameters, in declaration order.
type TraceStep struct {
	Transition int
	Procs      []int
}

// ReplayTrace looks for an execution of the instance given by opts (N
// processes under opts.Model; the bounds are ignored) that fires exactly
// the transition instances of steps, in that order, with flushes
// interleaved freely and `:= .` values free, and ends in a state where the
// unsafe item named unsafe holds for some processes (the name as
// [Witness.UnsafeName] prints it: the item's name, else unsafe[k], or
// invariant[k] for an invariant item unless opts.AssumeInvariants). It
// returns the execution as a witness, or an error saying why there is
// none. It explores the explicit states reachable under these
// constraints, so its cost is bounded by the explicit engine's.
func ReplayTrace(ctx context.Context, m *syntax.Model, opts Options, steps []TraceStep, unsafe string) (*Witness, error) {
	return replayTrace(ctx, m, opts, steps, unsafe, true)
}

// ReplayTraceProcs is [ReplayTrace] with the order of the steps kept only
// within each process (the acting process, else the first parameter):
// the steps of different processes may fire in any interleaving. Under a
// weak memory model a sequence of transition instances that is not
// executable in its own order may be executable so, with the same events.
func ReplayTraceProcs(ctx context.Context, m *syntax.Model, opts Options, steps []TraceStep, unsafe string) (*Witness, error) {
	return replayTrace(ctx, m, opts, steps, unsafe, false)
}

func replayTrace(ctx context.Context, m *syntax.Model, opts Options, steps []TraceStep, unsafe string, ordered bool) (*Witness, error) {
	opts = opts.withDefaults()
	p, err := compile(opts.checked(m), opts.N, opts.Model)
	if err != nil {
		return nil, err
	}
	idx := -1
	for i, u := range p.unsafe {
		if propName(u.p, i) == unsafe {
			idx = i
		}
	}
	if idx < 0 {
		return nil, fmt.Errorf("no unsafe item %q", unsafe)
	}
	for i, s := range steps {
		if s.Transition < 0 || s.Transition >= len(p.trans) {
			return nil, fmt.Errorf("step %d: no transition %d", i+1, s.Transition)
		}
		if t := p.trans[s.Transition]; len(s.Procs) != len(t.t.Params) {
			return nil, fmt.Errorf("step %d: %s has %d parameters, got %d processes", i+1, t.t.Name, len(t.t.Params), len(s.Procs))
		}
		for _, q := range s.Procs {
			if q < 1 || q > opts.N {
				return nil, fmt.Errorf("step %d: process #%d does not exist in an instance with %d processes", i+1, q, opts.N)
			}
		}
	}
	var starts []*state
	inexact := ""
	if err := p.initStates(func(r string) { inexact = r }, func(st *state) bool {
		starts = append(starts, st)
		return len(starts) <= MaxReplayInitialStates
	}, func() bool { return ctx.Err() != nil }); err != nil {
		return nil, err
	}
	if len(starts) > MaxReplayInitialStates {
		return nil, fmt.Errorf("%w (more than %d with %d processes)", ErrTooManyInitialStates, MaxReplayInitialStates, opts.N)
	}
	// seqs[t] lists the steps thread t fires, in order (one sequence,
	// thread 0, when the order is global).
	seqs := make([][]TraceStep, opts.N+1)
	for _, s := range steps {
		t := 0
		if !ordered {
			t = slot(p.trans[s.Transition], s.Procs)
		}
		seqs[t] = append(seqs[t], s)
	}
	advance := func(prog []int, e edge) bool {
		t := 0
		if !ordered {
			t = slot(e.tr, e.procs)
		}
		i := prog[t]
		if i >= len(seqs[t]) || e.tr.idx != seqs[t][i].Transition || !slices.Equal(e.procs, seqs[t][i].Procs) {
			return false
		}
		prog[t]++
		return true
	}
	var procs []int
	goal := func(st *state, prog []int) (bool, error) {
		for t, seq := range seqs {
			if prog[t] < len(seq) {
				return false, nil
			}
		}
		_, ps, t, err := p.check(st, p.unsafe[idx:idx+1])
		procs = ps
		if t == tUnknown {
			inexact = propName(p.unsafe[idx].p, idx) + " depends on an unconstrained value"
		}
		return t == tTrue, err
	}
	opts.MaxSteps, opts.MaxBuffer = 0, 0
	path, first, final, err := p.guided(ctx, opts, starts, len(seqs), advance, goal)
	if err != nil {
		return nil, err
	}
	if path == nil {
		order := "in this order"
		if !ordered {
			order = "in any interleaving of its processes"
		}
		err := fmt.Errorf("no execution with %d processes under %s fires these %d steps %s and ends in a state where %s holds",
			opts.N, opts.Model.Name(), len(steps), order, unsafe)
		if inexact != "" {
			return nil, fmt.Errorf("%w (%s): %v", ErrUnderApproximation, inexact, err)
		}
		return nil, err
	}
	return p.newWitness(first, path, final, idx, procs)
}
