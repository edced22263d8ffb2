package main

import (
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// fileResult is the outcome of one (file, model) question, whatever the
// engine. The printers (text, json, junit) read only this type, so every
// command that answers questions fills one per question.
type fileResult struct {
	File   string // as the user typed it
	Model  string // memory model: sc, tso or pso
	Engine string // reach, dpor, explicit, crosscheck
	// N and K describe a bounded instance (processes, steps per process);
	// both are 0 for a parameterized answer.
	N, K int

	Verdict translate.Verdict
	Reason  string // why the answer is UNKNOWN (which limit), or a bound's caveat
	// NotReplayed says why an UNSAFE answer's trace was not replayed on a
	// concrete instance (empty when it was).
	NotReplayed string
	// Violated names the invariant item an UNSAFE answer violates; Proved
	// and Assumed the invariant items check proved, or trusted unproved
	// (--assume-invariants).
	Violated        string
	Proved, Assumed []string
	// Inferred are the invariants an approximate search (--brab) used, as
	// declarations; showInferred prints them in the text output.
	Inferred     []string
	showInferred bool

	Nodes       int // reach: visited nodes
	Executions  int // dpor: execution graphs explored
	Blocked     int // dpor: explored graphs where a thread waits forever on a guard
	States      int // explicit: distinct states
	SolverCalls int
	Seconds     float64

	// Result is the parameterized engine's answer (its stats, graph and
	// trace); nil for the bounded engines.
	Result *reach.Result
	// Bounded is a bounded engine's answer; nil for reach.
	Bounded *dpor.Result
	// Cross is the comparison of the engines when Engine is "crosscheck"
	// (the other fields are then check's answer and the instances' work
	// added up); nil otherwise.
	Cross *crosscheck
	// Trace is the counterexample of an UNSAFE answer as the printers show
	// it: the transition instances, and the concrete execution when one was
	// computed (weak models, or when asked for).
	Trace *trace

	// model is the checked model, kept for pictures and replays.
	model *syntax.Model
}

// trace is a counterexample: transition instances from an initial state to
// an unsafe one, and when known the concrete execution behind it.
type trace struct {
	Procs   int
	Steps   []traceStep
	Unsafe  string // the unsafe property reached
	Witness []int  // the processes of the property's parameters
	// Exec is the concrete execution (events, rf, co), nil when none was
	// computed; ExecErr says why a replay failed.
	Exec    *execution
	ExecErr string
}

// traceStep is one transition instance of a trace.
type traceStep struct {
	Transition string
	Pos        syntax.Pos
	Procs      []int // the processes given to the parameters, in order
}

func (s traceStep) String() string { return s.Transition + "(" + procList(s.Procs) + ")" }

// short renders a trace on one line: init -> t(#1) -> ... -> unsafe.
func (t *trace) short() string {
	s := "init"
	for _, st := range t.Steps {
		s += " -> " + st.String()
	}
	return s + " -> " + t.Unsafe
}

// fromReachTrace converts the parameterized engine's counterexample.
func fromReachTrace(t *reach.Trace) *trace {
	if t == nil {
		return nil
	}
	out := &trace{Procs: t.Procs, Unsafe: t.Unsafe, Witness: append([]int{}, t.Witness...), Steps: []traceStep{}}
	for _, s := range t.Steps {
		out.Steps = append(out.Steps, traceStep{Transition: s.Name(), Pos: s.Pos(), Procs: append([]int{}, s.Args...)})
	}
	return out
}

// fromWitness converts a bounded engine's witness (flush steps are part of
// the execution, not of the list of transition instances).
func fromWitness(w *dpor.Witness, n int) *trace {
	if w == nil {
		return nil
	}
	out := &trace{Procs: n, Unsafe: w.UnsafeName, Witness: append([]int{}, w.Procs...), Steps: []traceStep{}}
	for _, s := range w.Steps {
		if s.Kind == dpor.StepTransition {
			out.Steps = append(out.Steps, traceStep{Transition: s.Transition, Pos: s.Pos, Procs: append([]int{}, s.Procs...)})
		}
	}
	return out
}

// fromReach fills a result from the parameterized engine's answer.
func fromReach(file, model string, m *syntax.Model, res *reach.Result, seconds float64) fileResult {
	return fileResult{
		File: file, Model: model, Engine: "reach",
		Verdict: res.Verdict, Reason: res.Reason,
		Violated: res.Violated, Proved: res.Proved, Assumed: res.Assumed, Inferred: inferredDecls(res.Inferred),
		Nodes: res.Stats.Nodes, SolverCalls: res.Stats.SolverCalls, Seconds: seconds,
		Result: res, Trace: fromReachTrace(res.Trace), model: m,
	}
}

// fromBounded fills a result from a bounded engine's answer (engine is
// "dpor" or "explicit"; k is the steps bound, 0 for none).
func fromBounded(file, engine string, m *syntax.Model, res *dpor.Result, k int, seconds float64) fileResult {
	r := fileResult{
		File: file, Model: res.Model, Engine: engine, N: res.N, K: k,
		Verdict: res.Verdict, Reason: res.Reason, Violated: res.Violated,
		Executions: res.Executions, Blocked: res.Blocked, States: res.States, Seconds: seconds,
		Bounded: res, model: m,
	}
	if res.Witness != nil {
		r.Trace = fromWitness(res.Witness, res.N)
		if m != nil {
			mm := res.Model
			if ex, err := newExecution(m, res.N, mm, res.Witness); err == nil {
				r.Trace.Exec = ex
			} else {
				r.Trace.ExecErr = err.Error()
			}
		}
	}
	return r
}
