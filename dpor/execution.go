package dpor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/translate"
)

// Execution is an execution graph in which [Check] found an unsafe state:
// the steps of each process up to that state, what each read read from,
// the coherence order of each written location, and the writes still
// buffered in that state.
type Execution struct {
	// Init lists every location of the initial state.
	Init []Binding
	// Events lists the steps in an order compatible with program order
	// and reads-from.
	Events []Event
	// Coherence gives, for each location written, its writes in
	// coherence order after the initial write.
	Coherence []Coherence
	// Pending lists the events whose writes are still in a store buffer.
	Pending []string
	// Unsafe, UnsafeName and Procs name the unsafe item that holds and
	// the processes given to its parameters.
	Unsafe     int
	UnsafeName string
	Procs      []int
}

// Event is one step of an execution: a transition instance fired by a
// process (its acting process, else its first parameter; process 0 fires
// parameterless transitions).
type Event struct {
	// ID is #p.k for the k-th step of process p.
	ID string
	// Step describes the transition instance and what it wrote.
	Step Step
	// Reads lists the memory locations read, with the value read and the
	// event it was read from ("init" for the initial value).
	Reads []Read
	// Fence and Locked tell that the step waits for the writes of its
	// process to be visible (a fence in its guard; a locked step reads and
	// writes memory at one instant).
	Fence, Locked bool
}

// Read is one read of an event.
type Read struct {
	Loc, Value, From string
}

// Coherence is the coherence order of one location: event IDs.
type Coherence struct {
	Loc    string
	Writes []string
}

// String renders the execution on several lines.
func (x *Execution) String() string {
	var b strings.Builder
	writeInit(&b, x.Init)
	for _, e := range x.Events {
		fmt.Fprintf(&b, "%-6s %s", e.ID, e.Step)
		switch {
		case e.Locked:
			b.WriteString(" [locked]")
		case e.Fence:
			b.WriteString(" [fence]")
		}
		for _, r := range e.Reads {
			fmt.Fprintf(&b, "  %s=%s<-%s", r.Loc, r.Value, r.From)
		}
		for _, w := range e.Step.Writes {
			fmt.Fprintf(&b, "  %s:=%s", w.Loc, w.Value)
		}
		b.WriteString("\n")
	}
	for _, c := range x.Coherence {
		fmt.Fprintf(&b, "co %s: init < %s\n", c.Loc, strings.Join(c.Writes, " < "))
	}
	if len(x.Pending) > 0 {
		fmt.Fprintf(&b, "buffered: %s\n", strings.Join(x.Pending, " "))
	}
	writeHolds(&b, x.UnsafeName, x.Procs)
	return b.String()
}

func eventID(q, i int) string { return fmt.Sprintf("#%d.%d", q, i+1) }

// report fills the result of an unsafe run: the execution graph of the
// cut and an operational witness found by a search guided by it.
func (x *gexplorer) report(f *foundCut) error {
	gp := x.gp
	res := x.res
	res.Verdict, res.Reason = translate.Unsafe, ""
	ex := &Execution{Init: gp.bindings(f.init), Unsafe: f.idx, Procs: f.procs,
		UnsafeName: propName(gp.unsafe[f.idx].p, f.idx)}
	g, lens := f.g, f.lens
	name := func(w ref) string {
		if w == refInit {
			return "init"
		}
		return eventID(w.thread(), w.index())
	}
	// Program order and reads-from, threads taken in turn.
	emitted := make([]int, len(lens))
	for progress := true; progress; {
		progress = false
		for q := range lens {
			for emitted[q] < lens[q] {
				s := &g.th[q][emitted[q]]
				ready := true
				for _, r := range s.reads {
					if r.rf != refInit && emitted[r.rf.thread()] <= r.rf.index() {
						ready = false
					}
				}
				if !ready {
					break
				}
				ex.Events = append(ex.Events, x.event(g, f.init.vals, q, emitted[q], name))
				emitted[q]++
				progress = true
			}
		}
	}
	for l, ws := range g.co {
		var ids []string
		for _, w := range ws {
			if w.index() < lens[w.thread()] {
				ids = append(ids, name(w))
			}
		}
		if len(ids) > 0 {
			ex.Coherence = append(ex.Coherence, Coherence{Loc: gp.locs[l].name, Writes: ids})
		}
	}
	if f.flushed != nil {
		for q := range lens {
			for j := 0; j < lens[q]; j++ {
				s := &g.th[q][j]
				if s.wdone && !s.locked && !f.flushed[mkref(q, j)] {
					ex.Pending = append(ex.Pending, eventID(q, j))
				}
			}
		}
	}
	res.Execution = ex
	w, err := x.witness(f)
	if err != nil {
		return err
	}
	res.Witness = w
	return nil
}

// event describes step i of thread q.
func (x *gexplorer) event(g *graph, init []value, q, i int, name func(ref) string) Event {
	gp := x.gp
	s := &g.th[q][i]
	in := &gp.insts[q][s.inst]
	st := Step{Kind: StepTransition, Transition: in.t.t.Name, Index: in.t.idx, Pos: in.t.t.Pos, Procs: in.procs}
	k := 0
	for _, a := range in.t.actions {
		if a.nondet && k < len(s.choices) {
			st.Choices = append(st.Choices, Binding{Loc: a.a.Target, Value: gp.formatValue(s.choices[k])})
			k++
		}
	}
	for _, w := range s.writes {
		st.Writes = append(st.Writes, Write{Loc: gp.locs[w.loc].name, Value: gp.formatValue(w.val),
			Buffered: !s.locked && gp.buffered})
	}
	e := Event{ID: eventID(q, i), Step: st, Fence: s.fence, Locked: s.locked && gp.buffered}
	for _, r := range s.reads {
		e.Reads = append(e.Reads, Read{Loc: gp.locs[r.loc].name,
			Value: gp.formatValue(g.value(r.rf, r.loc, init)), From: name(r.rf)})
	}
	return e
}

// witness finds an operational path to the unsafe state: a search of the
// explicit state space that fires exactly the steps of the cut, each
// thread in program order, flushes interleaved freely.
func (x *gexplorer) witness(f *foundCut) (*Witness, error) {
	gp := x.gp
	g := f.g
	advance := func(prog []int, e edge) bool {
		t := slot(e.tr, e.procs)
		j := prog[t]
		if j >= f.lens[t] {
			return false
		}
		s := &g.th[t][j]
		in := &gp.insts[t][s.inst]
		if e.tr != in.t || !slices.Equal(e.procs, in.procs) || !slices.Equal(e.choices, s.choices) {
			return false
		}
		prog[t]++
		return true
	}
	goal := func(st *state, prog []int) (bool, error) {
		if !slices.Equal(prog, f.lens) {
			return false, nil
		}
		return gp.holds(st, f.idx, f.procs)
	}
	opts := Options{N: x.opts.N, Model: x.opts.Model}
	path, _, final, err := gp.program.guided(x.ctx, opts, []*state{f.init}, gp.threads, advance, goal)
	if err != nil {
		return nil, err
	}
	if path == nil {
		return nil, fmt.Errorf("internal error: no operational path to the unsafe state of the execution graph")
	}
	return gp.program.newWitness(f.init, path, final, f.idx, f.procs)
}
