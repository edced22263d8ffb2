package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/syntax"
)

// An execution is a counterexample made concrete: the transition instances
// and store-buffer flushes of a dpor witness, in order, with the memory
// events each performs (reads with the value read and the write read from,
// writes, fences), the coherence order of every location written, and the
// writes still buffered at the unsafe state.
//
// The witness (dpor) gives each step's reads, with the value read and the
// write read from, its writes and the writes each flush makes visible;
// the execution shows those on memory locations as events.
//
// Memory locations are the weak variables and weak array cells of a model
// checked with weak rules. For a model without weak variables (or checked
// under sc), every global variable and every array cell other than the
// acting process's own is a memory location: own cells behave as the
// process's registers and would only add noise to the picture, except
// that a write to a cell another process reads is shown.
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

// newExecution records the events of a witness of an instance with n
// processes: the witness gives each step's reads (with the write each
// reads from) and writes, and the writes each flush makes visible.
func newExecution(m *syntax.Model, n int, model string, w *dpor.Witness) (*execution, error) {
	b := &execBuilder{m: m, n: n, x: &execution{Procs: n, Model: model, Unsafe: w.UnsafeName,
		Witness: append([]int{}, w.Procs...), Steps: []execStep{}, Events: []*event{}, CO: []coOrder{}, Pending: []string{}, Final: []string{}},
		ids: map[dpor.WriteRef]string{}, co: map[string][]string{}, read: map[string]bool{}}
	for _, v := range w.Init {
		if b.memoryLoc(v.Loc, -1) {
			b.x.Init = append(b.x.Init, binding{v.Loc, v.Value})
		}
	}
	b.readLocs(w)
	index := 0
	for i, s := range w.Steps {
		if s.Kind == dpor.StepFlush {
			b.flush(index, s)
			continue
		}
		index++
		if err := b.transition(i, index, s); err != nil {
			return nil, err
		}
	}
	for _, r := range w.FinalReads {
		if b.memoryLoc(r.Loc, r.Proc) {
			e := b.readEvent(r.Proc, index+1, "unsafe", r)
			b.x.Final = append(b.x.Final, e.ID)
		}
	}
	// The writes still buffered drain later; flushing them in event order
	// respects every buffer's order, so co ends with them in that order.
	for _, e := range b.x.Events {
		if e.Pending {
			b.x.Pending = append(b.x.Pending, e.ID)
			b.visible(e.ID, e.Loc)
		}
	}
	for _, loc := range b.coLocs {
		b.x.CO = append(b.x.CO, coOrder{Loc: loc, Writes: b.co[loc]})
	}
	return b.x, nil
}

type execBuilder struct {
	m      *syntax.Model
	n      int
	x      *execution
	ids    map[dpor.WriteRef]string // the write events by the witness's name
	read   map[string]bool          // locations some shown read reads
	co     map[string][]string
	coLocs []string
}

// readLocs finds the locations the shown reads read: a write to one of
// them is shown even where it is a register of its process, so that every
// shown read names the event it reads from.
func (b *execBuilder) readLocs(w *dpor.Witness) {
	for _, s := range w.Steps {
		if s.Kind != dpor.StepTransition || s.Index < 0 || s.Index >= len(b.m.Transitions) {
			continue
		}
		acting := actingProc(b.m.Transitions[s.Index], s.Procs)
		for _, r := range s.Reads {
			if b.memoryLoc(r.Loc, acting) {
				b.read[r.Loc] = true
			}
		}
	}
	for _, r := range w.FinalReads {
		if b.memoryLoc(r.Loc, r.Proc) {
			b.read[r.Loc] = true
		}
	}
}

func (b *execBuilder) newEvent(e *event) *event {
	e.ID = "e" + strconv.Itoa(len(b.x.Events)+1)
	b.x.Events = append(b.x.Events, e)
	return e
}

// readEvent records a read of process q.
func (b *execBuilder) readEvent(q, index int, transition string, r dpor.ReadEvent) *event {
	from := "init"
	if r.From != dpor.Initial {
		from = b.ids[r.From]
	}
	return b.newEvent(&event{Proc: q, Step: index, Transition: transition, Kind: evRead, Loc: r.Loc, Value: r.Value,
		From: from, Internal: r.Own})
}

func (b *execBuilder) visible(id, loc string) {
	if _, ok := b.co[loc]; !ok {
		b.coLocs = append(b.coLocs, loc)
	}
	b.co[loc] = append(b.co[loc], id)
}

// transition records step i of the witness, the index-th transition
// instance.
func (b *execBuilder) transition(i, index int, s dpor.Step) error {
	if s.Index < 0 || s.Index >= len(b.m.Transitions) {
		return fmt.Errorf("step %d: no transition %d", index, s.Index)
	}
	acting := actingProc(b.m.Transitions[s.Index], s.Procs)
	st := execStep{Index: index, Transition: s.Transition, Pos: s.Pos, Procs: append([]int{}, s.Procs...), Proc: acting, Events: []string{}}
	if s.Fence {
		e := b.newEvent(&event{Proc: acting, Step: index, Transition: s.Transition, Kind: evFence})
		st.Events = append(st.Events, e.ID)
	}
	reads := 0
	for _, r := range s.Reads {
		if b.memoryLoc(r.Loc, acting) {
			st.Events = append(st.Events, b.readEvent(acting, index, s.Transition, r).ID)
			reads++
		}
	}
	memWrites, buffered := 0, 0
	for k, w := range s.Writes {
		if !b.memoryLoc(w.Loc, acting) && !b.read[w.Loc] {
			continue
		}
		memWrites++
		e := b.newEvent(&event{Proc: acting, Step: index, Transition: s.Transition, Kind: evWrite, Loc: w.Loc, Value: w.Value,
			Buffered: w.Buffered, Pending: w.Buffered})
		b.ids[dpor.WriteRef{Step: i, Write: k}] = e.ID
		st.Events = append(st.Events, e.ID)
		if w.Buffered {
			buffered++
		} else {
			b.visible(e.ID, w.Loc)
		}
	}
	st.Locked = reads > 0 && memWrites > 0 && buffered == 0 && b.x.Model != "sc"
	b.x.Steps = append(b.x.Steps, st)
	return nil
}

// flush records a flush after index transition instances.
func (b *execBuilder) flush(index int, s dpor.Step) {
	st := execStep{Flush: true, Index: index, Proc: s.Proc, Events: []string{}}
	for _, ref := range s.Flushed {
		id, ok := b.ids[ref]
		if !ok {
			continue
		}
		e := b.x.event(id)
		b.visible(id, e.Loc)
		e.FlushedAfter, e.Pending = index, false
		st.Events = append(st.Events, id)
	}
	b.x.Steps = append(b.x.Steps, st)
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

func procList(ps []int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = "#" + strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}
