package dpor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// StepKind tells a transition step from a flush step.
type StepKind int

// The kinds of steps.
const (
	// StepTransition is the firing of a transition instance.
	StepTransition StepKind = iota
	// StepFlush moves a group of buffered writes of one process to memory.
	StepFlush
)

// Binding is a location, or the target of a nondeterministic assignment,
// with its value, both as printed (`PC[#1]`, `L2`; `?` is an unconstrained
// value).
type Binding struct {
	Loc   string
	Value string
}

// Write is one write of a step. For a transition, Buffered tells that it
// went to the acting process's store buffer instead of memory.
type Write struct {
	Loc      string
	Value    string
	Buffered bool
}

// Step is one step of a witness.
type Step struct {
	Kind StepKind
	// Transition, Index (in the model's Transitions) and Pos identify the
	// transition of a StepTransition; Procs are its parameters' processes
	// in declaration order and Choices the values picked by `:= .`.
	Transition string
	Index      int
	Pos        syntax.Pos
	Procs      []int
	Choices    []Binding
	// Writes lists what a transition wrote, or what a flush moved to
	// memory.
	Writes []Write
	// Reads lists what a transition read, in location order, each with
	// the write it read from; Fence tells that its guard has a fence.
	Reads []ReadEvent
	Fence bool
	// Proc is the process whose buffer a StepFlush drains; Flushed names
	// the writes it moves to memory (the transitions' Writes), in the
	// order of Writes.
	Proc    int
	Flushed []WriteRef
}

// String renders a transition as `name(#1, #2)` and a flush as
// `flush #1: X=1`.
func (s Step) String() string {
	var b strings.Builder
	if s.Kind == StepFlush {
		fmt.Fprintf(&b, "flush #%d:", s.Proc)
		for _, w := range s.Writes {
			fmt.Fprintf(&b, " %s=%s", w.Loc, w.Value)
		}
		return b.String()
	}
	b.WriteString(s.Transition + "(")
	for i, q := range s.Procs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "#%d", q)
	}
	b.WriteString(")")
	for _, c := range s.Choices {
		fmt.Fprintf(&b, " [%s:=%s]", c.Loc, c.Value)
	}
	return b.String()
}

// Witness is an execution from an initial state to a state where an unsafe
// item holds.
type Witness struct {
	// Init lists every location of the initial state (variables, array
	// cells, weak memory, constants) in declaration order.
	Init  []Binding
	Steps []Step
	// Unsafe indexes the model's Unsafes, then its Invariants when the
	// run checked them (Options.AssumeInvariants off); UnsafeName is the
	// item's name, or unsafe[k] / invariant[k] (1-based) when it has none;
	// Procs are the processes given to its parameters, in order.
	Unsafe     int
	UnsafeName string
	Procs      []int
	// Final lists every location's memory value in the last state.
	Final []Binding
	// FinalReads are the reads p @ X of the unsafe item in the last state
	// (none when one is under a quantifier).
	FinalReads []ReadEvent
}

// Line renders the witness's transition instances on one line, from init
// to the unsafe item it reaches (flushes left out).
func (w *Witness) Line() string {
	parts := []string{"init"}
	for _, s := range w.Steps {
		if s.Kind == StepTransition {
			parts = append(parts, s.String())
		}
	}
	return strings.Join(append(parts, w.UnsafeName), " -> ")
}

// String renders the witness on several lines: the initial state, one
// line per step (a transition with what it wrote), the unsafe item.
func (w *Witness) String() string {
	var b strings.Builder
	writeInit(&b, w.Init)
	for i, s := range w.Steps {
		fmt.Fprintf(&b, "%3d %s", i+1, s)
		if s.Kind == StepTransition {
			b.WriteString("  ")
			for _, x := range s.Writes {
				fmt.Fprintf(&b, " %s:=%s", x.Loc, x.Value)
				if x.Buffered {
					b.WriteString(" (buffered)")
				}
			}
		}
		b.WriteString("\n")
	}
	writeHolds(&b, w.UnsafeName, w.Procs)
	return b.String()
}

// writeInit writes the first line of a witness or an execution: the
// initial value of every location.
func writeInit(b *strings.Builder, init []Binding) {
	b.WriteString("init:")
	for _, x := range init {
		fmt.Fprintf(b, " %s=%s", x.Loc, x.Value)
	}
	b.WriteString("\n")
}

// writeHolds writes the last line of a witness or an execution: the
// unsafe item that holds, for its processes.
func writeHolds(b *strings.Builder, unsafe string, procs []int) {
	fmt.Fprintf(b, "%s holds for", unsafe)
	for _, q := range procs {
		fmt.Fprintf(b, " #%d", q)
	}
	b.WriteString("\n")
}

// bindings lists the values of st's locations.
func (p *program) bindings(st *state) []Binding {
	out := make([]Binding, len(p.locs))
	for i, l := range p.locs {
		out[i] = Binding{Loc: l.name, Value: p.formatValue(st.vals[i])}
	}
	return out
}

// step describes an edge.
func (p *program) step(e edge) Step {
	if e.tr == nil {
		s := Step{Kind: StepFlush, Proc: e.proc}
		for _, w := range e.flushed {
			s.Writes = append(s.Writes, Write{Loc: p.locs[w.loc].name, Value: p.formatValue(w.val)})
		}
		return s
	}
	t := e.tr
	s := Step{Kind: StepTransition, Transition: t.t.Name, Index: t.idx, Pos: t.t.Pos, Procs: e.procs}
	k := 0
	for _, a := range t.actions {
		if a.nondet {
			s.Choices = append(s.Choices, Binding{Loc: a.a.Target, Value: p.formatValue(e.choices[k])})
			k++
		}
	}
	for i, w := range e.writes {
		s.Writes = append(s.Writes, Write{Loc: p.locs[w.loc].name, Value: p.formatValue(w.val),
			Buffered: e.buffered && e.weak[i]})
	}
	return s
}

// witness rebuilds the path to node id by replaying the search from the
// path's initial state; each step is the first successor with the key
// recorded on the path.
func (x *explorer) witness(id int32, final *state, idx int, procs []int) (*Witness, error) {
	p := x.p
	var path []int32
	for i := id; i >= 0; i = x.parent[i] {
		path = append(path, i)
	}
	slices.Reverse(path)
	init := x.inits[path[0]]
	cur := init
	var edges []edge
	quiet := stepper{p: p, opts: x.opts, flags: &runFlags{}}
	for _, nid := range path[1:] {
		want := string(x.visited.key(nid))
		var next *state
		var lab edge
		var kb []byte
		err := quiet.successors(cur, func(e edge, ns *state) bool {
			kb = p.stateKey(ns, kb[:0])
			if string(kb) == want {
				next, lab = ns, e
				return false
			}
			return true
		})
		if err != nil {
			return nil, err
		}
		if next == nil {
			return nil, fmt.Errorf("internal error: witness step %d not found", len(edges)+1)
		}
		edges = append(edges, lab)
		cur = next
	}
	if p.canonical {
		// The path ends in a permuted copy of final.
		var err error
		final = cur
		if idx, procs, _, err = p.check(final, p.unsafe); err != nil {
			return nil, err
		}
	}
	return p.newWitness(init, edges, final, idx, procs)
}

// Replay re-executes w on the instance given by opts and checks that it
// is an execution of m (an initial state, then enabled steps) that ends in
// a state where unsafe item w.Unsafe holds for w.Procs. It returns nil
// when it does, else an error naming the first step that fails. With
// opts.Order it takes the initial values of a step of ordered reals that
// [Explicit] tries.
func Replay(m *syntax.Model, opts Options, w *Witness) error {
	opts = opts.withDefaults()
	p, err := compile(opts.checked(m), opts.N, opts.Model)
	if err != nil {
		return err
	}
	if w == nil {
		return fmt.Errorf("no witness")
	}
	if opts.Order {
		p.order, _ = p.orderRefusal() // the step's initial values (order.go)
	}
	var cur *state
	p.startLazy(w.Init)
	err = p.initStates(func(string) {}, func(st *state) bool {
		if slices.Equal(p.bindings(st), w.Init) {
			cur = st
			return false
		}
		return true
	}, nil)
	if err != nil {
		return err
	}
	if cur == nil {
		return fmt.Errorf("the witness's first state is not an initial state")
	}
	x := &explorer{stepper: stepper{p: p, opts: opts, flags: &runFlags{}}}
	x.prepare(cur)
	for i, s := range w.Steps {
		var next *state
		err := x.successors(cur, func(e edge, ns *state) bool {
			if stepEqual(p.step(e), s) {
				next = ns
				return false
			}
			return true
		})
		if err != nil {
			return err
		}
		if next == nil {
			return fmt.Errorf("step %d (%s) is not enabled", i+1, s)
		}
		cur = next
	}
	if w.Unsafe < 0 || w.Unsafe >= len(p.unsafe) {
		return fmt.Errorf("no unsafe item %d", w.Unsafe)
	}
	pr := p.unsafe[w.Unsafe]
	if len(w.Procs) != len(pr.p.Params) {
		return fmt.Errorf("%s has %d parameters, the witness gives %d processes", w.UnsafeName, len(pr.p.Params), len(w.Procs))
	}
	for i, q := range w.Procs {
		if q < 1 || q > p.n || slices.Contains(w.Procs[:i], q) {
			return fmt.Errorf("%s: processes %v are not distinct processes of the instance", w.UnsafeName, w.Procs)
		}
	}
	ev := &evaluator{p: p, st: cur, avoid: true, params: w.Procs, env: slices.Clone(w.Procs)}
	t := pr.bodyCode(ev)
	if ev.err != nil {
		return ev.err
	}
	if t != tTrue {
		return fmt.Errorf("%s does not hold at the end of the witness", w.UnsafeName)
	}
	return nil
}

func stepEqual(a, b Step) bool {
	return a.Kind == b.Kind && a.Index == b.Index && a.Proc == b.Proc &&
		slices.Equal(a.Procs, b.Procs) && slices.Equal(a.Choices, b.Choices) &&
		slices.Equal(a.Writes, b.Writes)
}
