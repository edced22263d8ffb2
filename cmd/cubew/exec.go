package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// An execution is a counterexample made concrete: the transition instances
// and store-buffer flushes of a dpor witness, in order, with the memory
// events each performs (reads with the value read and the write read from,
// writes, fences), the coherence order of every location written, and the
// writes still buffered at the unsafe state.
//
// The witness gives each step's writes; the reads are computed here from
// the model: the memory locations a transition instance mentions in its
// guard, right-hand sides and case conditions (quantifiers expanded over
// the instance's processes, keep values `| _ : A[j]` excluded), as dpor
// reads them. Their values follow from replaying the steps on memory and
// store buffers: a process reads its own newest buffered write to a
// location, else memory.
//
// Memory locations are the weak variables and weak array cells of a model
// checked with weak rules. For a model without weak variables (or checked
// under sc), every global variable and every array cell other than the
// acting process's own is a memory location: own cells behave as the
// process's registers and would only add noise to the picture.
type execution struct {
	Procs  int
	Model  string // memory model name
	Init   []binding
	Steps  []execStep
	Events []*event
	// CO is the coherence order of each location written: the writes in
	// the order they reached memory, then those still buffered in the
	// order they will drain (event order respects every buffer's FIFO).
	CO      []coOrder
	Pending []string // writes still in a store buffer at the end
	Unsafe  string
	Witness []int
	// Final holds the reads of the unsafe property (p @ X): what each
	// process would read in the unsafe state. Their events are in Events
	// with Step = len(transition steps)+1.
	Final []string
}

// binding is a memory location with a value.
type binding struct{ Loc, Value string }

// execStep is a transition instance or a flush.
type execStep struct {
	Flush      bool
	Index      int // transition instances: 1, 2, ... in trace order; flushes: the number of instances before it
	Transition string
	Pos        syntax.Pos
	Procs      []int
	Proc       int      // the acting process (0: none); for a flush, the process whose buffer drains
	Events     []string // performed events; for a flush, the writes it makes visible
	Locked     bool     // reads and writes memory at one instant (waits for its buffer to drain)
}

type eventKind int

const (
	evRead eventKind = iota
	evWrite
	evFence
)

var eventKindNames = [...]string{evRead: "read", evWrite: "write", evFence: "fence"}

func (k eventKind) String() string { return eventKindNames[k] }

// event is one memory event.
type event struct {
	ID         string
	Proc       int
	Step       int    // the transition instance (1-based), len(steps)+1 for the unsafe property's reads
	Transition string // its name ("unsafe" for the final reads)
	Kind       eventKind
	Loc, Value string
	From       string // reads: the write read from, "init" for the initial value
	Buffered   bool   // writes: went through the store buffer
	// FlushedAfter is, for a buffered write, the number of transition
	// instances fired before its flush; Pending tells it never was.
	FlushedAfter int
	Pending      bool
	Internal     bool // reads: from the process's own buffered write (not yet visible)
}

// coOrder is the coherence order of one location after its initial value.
type coOrder struct {
	Loc    string
	Writes []string
}

// relEdge is one edge of a relation between events ("init" for the
// initial write).
type relEdge struct{ From, To string }

// rf lists reads-from edges, write -> read, in event order.
func (x *execution) rf() []relEdge {
	out := []relEdge{}
	for _, e := range x.Events {
		if e.Kind == evRead {
			out = append(out, relEdge{e.From, e.ID})
		}
	}
	return out
}

// co lists the coherence edges between consecutive writes of a location,
// init -> first write included.
func (x *execution) co() []relEdge {
	out := []relEdge{}
	for _, c := range x.CO {
		prev := "init"
		for _, w := range c.Writes {
			out = append(out, relEdge{prev, w})
			prev = w
		}
	}
	return out
}

// fr lists from-reads edges: a read to every write of its location that is
// coherence-after the write it read from.
func (x *execution) fr() []relEdge {
	out := []relEdge{}
	order := map[string][]string{}
	for _, c := range x.CO {
		order[c.Loc] = c.Writes
	}
	for _, e := range x.Events {
		if e.Kind != evRead {
			continue
		}
		ws := order[e.Loc]
		i := 0
		if e.From != "init" {
			i = slices.Index(ws, e.From) + 1
			if i == 0 { // read from a write not yet visible: nothing is co-after it
				continue
			}
		}
		for _, w := range ws[i:] {
			out = append(out, relEdge{e.ID, w})
		}
	}
	return out
}

func (x *execution) event(id string) *event {
	for _, e := range x.Events {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// replayExecution asks the bounded engine for a concrete execution of a
// parameterized counterexample (N = t.Procs processes, memory model mm) and
// turns it into an execution.
//
// Under a weak model the order in which the backward search lists the
// transition instances need not be an order in which they can run: the
// search orders them by its pre-images, while the execution only needs
// each process's instances in program order (another process's read may
// have to come first, before a buffered write drains). When the trace's
// order does not replay, other interleavings of the processes' sequences
// are tried, nearest to the trace's order first, up to maxInterleavings;
// the trace is then reordered to the one that runs.
func replayExecution(ctx context.Context, m *syntax.Model, mm memmodel.Model, t *trace) (*execution, error) {
	ctx, cancel := context.WithTimeout(ctx, replayBudget)
	defer cancel()
	var firstErr error
	tried := 0
	var found *execution
	var order []int
	forInterleavings(m, t, func(perm []int) bool {
		tried++
		steps := make([]dpor.TraceStep, len(perm))
		for i, k := range perm {
			s := t.Steps[k]
			idx := slices.IndexFunc(m.Transitions, func(tr *syntax.Transition) bool { return tr.Name == s.Transition })
			if idx < 0 {
				firstErr = fmt.Errorf("step %d: no transition %s in the model", k+1, s.Transition)
				return false
			}
			steps[i] = dpor.TraceStep{Transition: idx, Procs: s.Procs}
		}
		w, err := dpor.ReplayTrace(ctx, m, dpor.Options{N: t.Procs, Model: mm}, steps, t.Unsafe)
		if err == nil {
			x, err := newExecution(m, t.Procs, mm.Name(), w)
			if err != nil {
				firstErr = err
				return false
			}
			found, order = x, slices.Clone(perm)
			return false
		}
		if firstErr == nil {
			firstErr = err
		}
		return mm.Buffering() != memmodel.NoBuffer && ctx.Err() == nil && tried < maxInterleavings
	})
	if found == nil {
		if tried > 1 {
			return nil, fmt.Errorf("%v (nor in %d other orders of its steps that keep each process's order)", firstErr, tried-1)
		}
		return nil, firstErr
	}
	if !slices.Equal(order, identity(len(order))) {
		steps := make([]traceStep, len(order))
		for i, k := range order {
			steps[i] = t.Steps[k]
		}
		t.Steps = steps
	}
	return found, nil
}

// maxInterleavings and replayBudget bound the orders of a trace's steps
// tried by replayExecution, and the time spent.
const (
	maxInterleavings = 2000
	replayBudget     = 20 * time.Second
)

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// forInterleavings calls fn with orders of the trace's steps (indices) that
// keep each process's steps in their order, the trace's own order first,
// then the others depth first, preferring at each position the step that
// comes earliest in the trace; it stops when fn returns false.
func forInterleavings(m *syntax.Model, t *trace, fn func([]int) bool) {
	byProc := map[int][]int{}
	var procs []int
	for i, s := range t.Steps {
		q := 0
		if idx := slices.IndexFunc(m.Transitions, func(tr *syntax.Transition) bool { return tr.Name == s.Transition }); idx >= 0 {
			q = actingProc(m.Transitions[idx], s.Procs)
		}
		if _, ok := byProc[q]; !ok {
			procs = append(procs, q)
		}
		byProc[q] = append(byProc[q], i)
	}
	next := map[int]int{}
	perm := make([]int, 0, len(t.Steps))
	var rec func() bool
	rec = func() bool {
		if len(perm) == len(t.Steps) {
			return fn(perm)
		}
		var cands []int
		for _, q := range procs {
			if next[q] < len(byProc[q]) {
				cands = append(cands, q)
			}
		}
		slices.SortFunc(cands, func(a, b int) int { return byProc[a][next[a]] - byProc[b][next[b]] })
		for _, q := range cands {
			perm = append(perm, byProc[q][next[q]])
			next[q]++
			ok := rec()
			next[q]--
			perm = perm[:len(perm)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	rec()
}

// newExecution replays a witness of an instance with n processes on memory
// and store buffers and records its events.
func newExecution(m *syntax.Model, n int, model string, w *dpor.Witness) (*execution, error) {
	b := &execBuilder{m: m, n: n, x: &execution{Procs: n, Model: model, Unsafe: w.UnsafeName,
		Witness: append([]int{}, w.Procs...), Steps: []execStep{}, Events: []*event{}, CO: []coOrder{}, Pending: []string{}, Final: []string{}},
		mem: map[string]memCell{}, buf: map[int][]bufGroup{}, co: map[string][]string{}}
	for _, v := range w.Init {
		if b.memoryLoc(v.Loc, -1) {
			b.mem[v.Loc] = memCell{value: v.Value, from: "init"}
			b.x.Init = append(b.x.Init, binding{v.Loc, v.Value})
		}
	}
	index := 0
	for _, s := range w.Steps {
		var err error
		if s.Kind == dpor.StepFlush {
			err = b.flush(index, s)
		} else {
			index++
			err = b.transition(index, s)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := b.finalReads(index + 1); err != nil {
		return nil, err
	}
	// The writes still buffered drain later; flushing them in event order
	// respects every buffer's order, so co ends with them in that order.
	pending := map[string]bool{}
	for q := 0; q <= n; q++ {
		for _, g := range b.buf[q] {
			for _, w := range g.writes {
				pending[w.id] = true
			}
		}
	}
	for _, e := range b.x.Events {
		if pending[e.ID] {
			e.Pending = true
			b.x.Pending = append(b.x.Pending, e.ID)
			b.visible(e.ID, e.Loc, e.Value)
		}
	}
	for _, loc := range b.coLocs {
		b.x.CO = append(b.x.CO, coOrder{Loc: loc, Writes: b.co[loc]})
	}
	return b.x, nil
}

type memCell struct{ value, from string }

type bufWrite struct{ id, loc, value string }

type bufGroup struct{ writes []bufWrite }

type execBuilder struct {
	m      *syntax.Model
	n      int
	x      *execution
	mem    map[string]memCell
	buf    map[int][]bufGroup // per process, oldest first
	co     map[string][]string
	coLocs []string
}

func (b *execBuilder) newEvent(e *event) *event {
	e.ID = "e" + strconv.Itoa(len(b.x.Events)+1)
	b.x.Events = append(b.x.Events, e)
	return e
}

// read is what process q reads at loc now.
func (b *execBuilder) read(q int, loc string) (value, from string, internal bool) {
	g := b.buf[q]
	for i := len(g) - 1; i >= 0; i-- {
		for j := len(g[i].writes) - 1; j >= 0; j-- {
			if w := g[i].writes[j]; w.loc == loc {
				return w.value, w.id, true
			}
		}
	}
	c, ok := b.mem[loc]
	if !ok {
		return "?", "init", false
	}
	return c.value, c.from, false
}

func (b *execBuilder) visible(id, loc, value string) {
	b.mem[loc] = memCell{value: value, from: id}
	if _, ok := b.co[loc]; !ok {
		b.coLocs = append(b.coLocs, loc)
	}
	b.co[loc] = append(b.co[loc], id)
}

func (b *execBuilder) transition(index int, s dpor.Step) error {
	if s.Index < 0 || s.Index >= len(b.m.Transitions) {
		return fmt.Errorf("step %d: no transition %d", index, s.Index)
	}
	t := b.m.Transitions[s.Index]
	acting := actingProc(t, s.Procs)
	st := execStep{Index: index, Transition: s.Transition, Pos: s.Pos, Procs: append([]int{}, s.Procs...), Proc: acting, Events: []string{}}
	reads, fence, err := b.readSet(t, s.Procs, acting)
	if err != nil {
		return fmt.Errorf("step %d (%s): %w", index, s, err)
	}
	if fence {
		e := b.newEvent(&event{Proc: acting, Step: index, Transition: s.Transition, Kind: evFence})
		st.Events = append(st.Events, e.ID)
	}
	for _, loc := range reads {
		v, from, internal := b.read(acting, loc)
		e := b.newEvent(&event{Proc: acting, Step: index, Transition: s.Transition, Kind: evRead, Loc: loc, Value: v, From: from, Internal: internal})
		st.Events = append(st.Events, e.ID)
	}
	var group bufGroup
	memWrites := 0
	for _, w := range s.Writes {
		if !b.memoryLoc(w.Loc, acting) {
			continue
		}
		memWrites++
		e := b.newEvent(&event{Proc: acting, Step: index, Transition: s.Transition, Kind: evWrite, Loc: w.Loc, Value: w.Value, Buffered: w.Buffered})
		st.Events = append(st.Events, e.ID)
		if w.Buffered {
			group.writes = append(group.writes, bufWrite{e.ID, w.Loc, w.Value})
		} else {
			b.visible(e.ID, w.Loc, w.Value)
		}
	}
	st.Locked = len(reads) > 0 && memWrites > 0 && len(group.writes) == 0 && b.x.Model != "sc"
	if len(group.writes) > 0 {
		b.buf[acting] = append(b.buf[acting], group)
	}
	b.x.Steps = append(b.x.Steps, st)
	return nil
}

func (b *execBuilder) flush(index int, s dpor.Step) error {
	st := execStep{Flush: true, Index: index, Proc: s.Proc, Events: []string{}}
	g := b.buf[s.Proc]
	i := slices.IndexFunc(g, func(g bufGroup) bool {
		if len(g.writes) != len(s.Writes) {
			return false
		}
		for k, w := range g.writes {
			if w.loc != s.Writes[k].Loc || w.value != s.Writes[k].Value {
				return false
			}
		}
		return true
	})
	if i < 0 {
		return fmt.Errorf("after step %d: %s matches no buffered write", index, s)
	}
	for _, w := range g[i].writes {
		b.visible(w.id, w.loc, w.value)
		b.x.event(w.id).FlushedAfter = index
		st.Events = append(st.Events, w.id)
	}
	b.buf[s.Proc] = slices.Delete(g, i, i+1)
	b.x.Steps = append(b.x.Steps, st)
	return nil
}

// finalReads records the reads `p @ X` of the unsafe property reached.
func (b *execBuilder) finalReads(step int) error {
	var prop *syntax.Property
	for i, p := range b.m.Unsafes {
		name := p.Name
		if name == "" {
			name = fmt.Sprintf("unsafe[%d]", i+1)
		}
		if name == b.x.Unsafe {
			prop = p
		}
	}
	if prop == nil || len(prop.Params) != len(b.x.Witness) {
		return nil
	}
	w := &readWalker{b: b}
	for i, prm := range prop.Params {
		w.env = append(w.env, procVar{prm.Name, b.x.Witness[i]})
	}
	w.finalOnly = true
	w.formula(b.m.Expand(prop.Body))
	if w.err != nil {
		return nil // a property that reads through exists-bound processes: no final reads shown
	}
	for _, r := range w.finals {
		v, from, internal := b.read(r.proc, r.loc)
		e := b.newEvent(&event{Proc: r.proc, Step: step, Transition: "unsafe", Kind: evRead, Loc: r.loc, Value: v, From: from, Internal: internal})
		b.x.Final = append(b.x.Final, e.ID)
	}
	return nil
}

// actingProc is the process that fires an instance: the acting parameter's
// process, else the first parameter's, else 0.
func actingProc(t *syntax.Transition, procs []int) int {
	for i, p := range t.Params {
		if p.Acting && i < len(procs) {
			return procs[i]
		}
	}
	if len(procs) > 0 {
		return procs[0]
	}
	return 0
}

// memoryLoc reports whether a location (as dpor names it: X, A[#1,#2]) is
// a memory location for a step of process acting (-1: any process, for
// the initial state).
func (b *execBuilder) memoryLoc(loc string, acting int) bool {
	name, idx := splitLoc(loc)
	s := b.m.Symbols[name]
	if s == nil || (s.Class != syntax.SymVar && s.Class != syntax.SymArray) {
		return false
	}
	if b.m.Weak && b.x.Model != "sc" {
		return s.Weak
	}
	if s.Class == syntax.SymArray && len(idx) > 0 && acting >= 0 && idx[0] == acting {
		return false
	}
	return true
}

// splitLoc parses A[#1,#2] into A and [1 2].
func splitLoc(loc string) (string, []int) {
	name, rest, ok := strings.Cut(loc, "[")
	if !ok {
		return loc, nil
	}
	var idx []int
	for _, part := range strings.Split(strings.TrimSuffix(rest, "]"), ",") {
		v, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(part), "#"))
		idx = append(idx, v)
	}
	return name, idx
}

func locName(name string, procs []int) string {
	if len(procs) == 0 {
		return name
	}
	parts := make([]string, len(procs))
	for i, q := range procs {
		parts[i] = "#" + strconv.Itoa(q)
	}
	return name + "[" + strings.Join(parts, ",") + "]"
}

// readSet lists the memory locations an instance reads, in the order they
// first appear, and whether its guard has a fence.
func (b *execBuilder) readSet(t *syntax.Transition, procs []int, acting int) ([]string, bool, error) {
	w := &readWalker{b: b, params: procs, acting: acting}
	for i, prm := range t.Params {
		if i < len(procs) {
			w.env = append(w.env, procVar{prm.Name, procs[i]})
		}
	}
	if t.Guard != nil {
		w.formula(b.m.Expand(t.Guard))
	}
	for _, a := range t.Actions {
		switch v := a.Value.(type) {
		case *syntax.TermRHS:
			w.term(v.Term)
		case *syntax.Case:
			var vars []string
			for _, ix := range a.Index {
				vars = append(vars, ix.Var)
			}
			n0 := len(w.env)
			forTuples(b.n, len(vars), false, nil, func(tuple []int) {
				w.env = w.env[:n0]
				for i, v := range vars {
					w.env = append(w.env, procVar{v, tuple[i]})
				}
				for _, br := range v.Branches {
					if br.Cond != nil {
						w.formula(b.m.Expand(br.Cond))
					}
					if !keepValue(br.Value, a) {
						w.term(br.Value)
					}
				}
			})
			w.env = w.env[:n0]
		}
	}
	return w.out, w.fence, w.err
}

type procVar struct {
	name string
	proc int
}

type finalRead struct {
	proc int
	loc  string
}

// readWalker collects the memory locations a formula or term reads, with
// quantifiers expanded as dpor expands them.
type readWalker struct {
	b      *execBuilder
	env    []procVar
	params []int
	acting int
	out    []string
	fence  bool
	err    error
	// finalOnly collects the p @ X reads of an unsafe property instead.
	finalOnly bool
	finals    []finalRead
}

func (w *readWalker) proc(x syntax.Proc) int {
	if x.Const > 0 {
		return x.Const
	}
	for i := len(w.env) - 1; i >= 0; i-- {
		if w.env[i].name == x.Var {
			return w.env[i].proc
		}
	}
	if w.err == nil {
		w.err = fmt.Errorf("%s: unbound process variable %s", x.Pos, x.Var)
	}
	return 1
}

func (w *readWalker) formula(f syntax.Formula) {
	switch f := f.(type) {
	case *syntax.Compare:
		w.term(f.L)
		w.term(f.R)
	case *syntax.Not:
		w.formula(f.X)
	case *syntax.Binary:
		w.formula(f.L)
		w.formula(f.R)
	case *syntax.Ite:
		w.formula(f.Cond)
		w.formula(f.Then)
		w.formula(f.Else)
	case *syntax.Fence:
		w.fence = true
	case *syntax.Quant:
		if w.finalOnly {
			// Processes bound inside the property are not known.
			w.err = fmt.Errorf("quantifier in the property")
			return
		}
		var excl []int
		if f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther {
			excl = w.params
		}
		n0 := len(w.env)
		forTuples(w.b.n, len(f.Vars), true, excl, func(tuple []int) {
			w.env = w.env[:n0]
			for i, v := range f.Vars {
				w.env = append(w.env, procVar{v.Name, tuple[i]})
			}
			w.formula(f.Body)
		})
		w.env = w.env[:n0]
	}
}

func (w *readWalker) term(t syntax.Term) {
	switch t := t.(type) {
	case *syntax.Name:
		if !w.finalOnly {
			w.add(t.Name)
		}
	case *syntax.Cell:
		if !w.finalOnly {
			procs := make([]int, len(t.Index))
			for i, x := range t.Index {
				procs[i] = w.proc(x)
			}
			w.add(locName(t.Array, procs))
		}
	case *syntax.Read:
		if !w.finalOnly {
			return
		}
		q := w.proc(t.Reader)
		loc := ""
		switch l := t.Loc.(type) {
		case *syntax.Name:
			loc = l.Name
		case *syntax.Cell:
			procs := make([]int, len(l.Index))
			for i, x := range l.Index {
				procs[i] = w.proc(x)
			}
			loc = locName(l.Array, procs)
		}
		if loc != "" && w.b.memoryLoc(loc, q) {
			w.finals = append(w.finals, finalRead{q, loc})
		}
	case *syntax.Arith:
		w.term(t.Base)
		w.term(t.Offset)
	}
}

func (w *readWalker) add(loc string) {
	if w.b.memoryLoc(loc, w.acting) && !slices.Contains(w.out, loc) {
		w.out = append(w.out, loc)
	}
}

// forTuples calls fn with every k-tuple of processes 1..n (pairwise
// distinct when distinct is set, avoiding excl), in lexicographic order.
func forTuples(n, k int, distinct bool, excl []int, fn func([]int)) {
	tuple := make([]int, k)
	var rec func(i int)
	rec = func(i int) {
		if i == k {
			fn(tuple)
			return
		}
		for q := 1; q <= n; q++ {
			if slices.Contains(excl, q) || distinct && slices.Contains(tuple[:i], q) {
				continue
			}
			tuple[i] = q
			rec(i + 1)
		}
	}
	rec(0)
}

// keepValue reports whether a case value is the updated cell itself
// (`| _ : A[j]` in `A[j] := case ...`): not a read.
func keepValue(v syntax.Term, a *syntax.Action) bool {
	if len(a.Index) == 0 {
		n, ok := v.(*syntax.Name)
		return ok && n.Name == a.Target
	}
	x, ok := v.(*syntax.Cell)
	if !ok || x.Array != a.Target || len(x.Index) != len(a.Index) {
		return false
	}
	for i, ix := range x.Index {
		if ix.Const != 0 || a.Index[i].Const != 0 || ix.Var != a.Index[i].Var {
			return false
		}
	}
	return true
}

func procList(ps []int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = "#" + strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}
