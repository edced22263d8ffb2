package reach

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Trace is a counterexample: transition instances from an initial state to
// a state satisfying an unsafe property, in execution order, with the
// concrete processes 1..Procs that took each parameter.
type Trace struct {
	Procs  int
	Steps  []Step
	Unsafe string // the property reached
	// Invariant tells that Unsafe names an invariant item (violated by
	// the final state) rather than an unsafe one.
	Invariant bool
	// Witness lists the processes that the property's variables #1, #2, ...
	// stand for in the final state.
	Witness []int
}

// Step is one transition instance.
type Step struct {
	Transition *translate.Transition
	Args       []int // concrete process of each parameter
}

// Name returns the transition's name.
func (s Step) Name() string { return s.Transition.Name }

// Pos returns the transition's position in the model.
func (s Step) Pos() syntax.Pos { return s.Transition.Pos }

func (s Step) String() string {
	args := make([]string, len(s.Args))
	for i, a := range s.Args {
		args[i] = fmt.Sprintf("#%d", a)
	}
	return s.Transition.Name + "(" + strings.Join(args, ", ") + ")"
}

func (t *Trace) String() string {
	parts := []string{"init"}
	for _, s := range t.Steps {
		parts = append(parts, s.String())
	}
	return strings.Join(append(parts, t.Unsafe), " -> ")
}

// trace builds the counterexample of a node that meets the initial states:
// its variables are processes 1..k, and each step back towards the unsafe
// cube names the processes of the parent; variables that a pre-image
// dropped get processes of their own.
//
// Processes are labelled 1..Procs (under number_procs, by the identities
// the solver chose at the initial states); Replay finds identities that
// respect process order and number_procs. Procs counts the processes that
// proc-valued locations hold at the initial state besides the named ones
// (a Turn that no named process may hold names one more).
//
// With compact, a dropped variable takes the smallest process that no
// variable of the current cube holds, possibly one the trace ran before:
// the cube says nothing of it, and fewer processes make the forall_other
// guards of the trace's transitions easier to meet.
func (e *engine) trace(n *node, compact bool) *Trace {
	t := &Trace{Unsafe: n.prop}
	for x := n; x != nil; x = x.parent {
		t.Invariant = x.invProp
	}
	conc := map[translate.Proc]int{}
	used := map[int]bool{}
	others := len(e.initOthers)
	if e.sys.NumProcs > 0 { // identities: they keep theirs
		for _, id := range e.initOthers {
			used[id] = true
		}
		others = 0
	}
	for i := 1; i <= e.initProcs(n.cube.NVars); i++ {
		id := i
		if len(e.initIDs) >= i { // under number_procs, the identities the solver chose
			id = e.initIDs[i-1]
		}
		conc[translate.Proc(i)], used[id] = id, true
	}
	bound := e.sys.NumProcs
	// current reports whether a variable of the current cube holds id.
	current := func(id int) bool { return slices.Contains(slices.Collect(maps.Values(conc)), id) }
	procOf := func(p translate.Proc) int {
		if _, ok := conc[p]; !ok { // a process the pre-image dropped
			id := 1
			for used[id] && (!compact || current(id)) {
				id++
			}
			if bound > 0 && id > bound {
				// No identity left under number_procs: the dropped process
				// is one the trace runs, other than the current ones.
				id = 1
				for current(id) {
					id++
				}
			}
			conc[p], used[id] = id, true
		}
		return conc[p]
	}
	var witness []int
	for x := n; ; x = x.parent {
		if x.parent == nil {
			for i := 1; i <= x.cube.NVars; i++ {
				witness = append(witness, procOf(translate.Proc(i)))
			}
			break
		}
		step := Step{Transition: x.via, Args: make([]int, len(x.args))}
		for i, a := range x.args {
			step.Args[i] = procOf(a)
		}
		t.Steps = append(t.Steps, step)
		next := map[translate.Proc]int{}
		for j, v := range x.from {
			next[translate.Proc(j+1)] = procOf(v)
		}
		conc = next
	}
	t.Witness = witness
	for id := range used {
		t.Procs = max(t.Procs, id)
	}
	t.Procs += others // unbounded: idle processes after the named ones
	if bound == 0 {
		// A parameter of the property its formula does not use is a
		// process of its own, idle in the trace.
		t.Procs = max(t.Procs, e.propertyProcs(n.prop))
	}
	if bound > 0 {
		t.Procs = max(t.Procs, traceConsts(e.sys, t))
	}
	return t
}

// propertyProcs is the number of processes the property named name
// names (the largest, if several items share the name).
func (e *engine) propertyProcs(name string) int {
	k := 0
	for _, p := range slices.Concat(e.sys.Unsafe, e.sys.Invariants) {
		if p.Name == name {
			k = max(k, p.Procs)
		}
	}
	return k
}
