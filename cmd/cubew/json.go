package main

import (
	"encoding/json"
	"io"
)

// jsonVersion is the version of the JSON output's schema (docs/json.md).
// Adding a key keeps the version; renaming or removing one, or changing a
// key's meaning, bumps it.
const jsonVersion = 1

// The JSON document. Every list is [] when empty, never null; keys marked
// omitempty are documented as optional in docs/json.md.
type jsonDoc struct {
	Version int          `json:"version"`
	Command string       `json:"command"`
	Results []jsonResult `json:"results"`
}

type jsonResult struct {
	File        string     `json:"file"`
	Model       string     `json:"model"`
	Engine      string     `json:"engine"`
	N           int        `json:"n,omitempty"`
	K           int        `json:"k,omitempty"`
	Verdict     string     `json:"verdict"`
	Reason      string     `json:"reason,omitempty"`
	NotReplayed string     `json:"not_replayed,omitempty"`
	Violated    string     `json:"invariant_violated,omitempty"`
	Proved      []string   `json:"invariants_proved,omitempty"`
	Assumed     []string   `json:"invariants_assumed,omitempty"`
	Inferred    []string   `json:"invariants_inferred,omitempty"`
	Nodes       int        `json:"nodes"`
	Executions  int        `json:"executions"`
	Blocked     int        `json:"blocked,omitempty"`
	States      int        `json:"states"`
	SolverCalls int        `json:"solver_calls"`
	Seconds     float64    `json:"seconds"`
	Trace       *jsonTrace `json:"trace,omitempty"`
	Cross       *jsonCross `json:"crosscheck,omitempty"`
}

// jsonCross is the comparison of a crosscheck result.
type jsonCross struct {
	Agree         bool         `json:"agree"`
	Replay        string       `json:"replay,omitempty"`
	Bounded       []jsonResult `json:"bounded"`
	Notes         []string     `json:"notes"`
	Disagreements []string     `json:"disagreements"`
}

type jsonTrace struct {
	Processes int        `json:"processes"`
	Steps     []jsonStep `json:"steps"`
	Unsafe    string     `json:"unsafe"`
	Witness   []int      `json:"witness"`
	Execution *jsonExec  `json:"execution,omitempty"`
	Error     string     `json:"execution_error,omitempty"`
}

type jsonStep struct {
	Transition string `json:"transition"`
	Processes  []int  `json:"processes"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
}

type jsonExec struct {
	Init    []jsonBinding   `json:"init"`
	Steps   []jsonExecStep  `json:"steps"`
	Events  []jsonEvent     `json:"events"`
	RF      []jsonEdge      `json:"rf"`
	CO      []jsonCoherence `json:"co"`
	FR      []jsonEdge      `json:"fr"`
	Pending []string        `json:"pending"`
	Final   []string        `json:"final_reads"`
}

type jsonBinding struct {
	Location string `json:"location"`
	Value    string `json:"value"`
}

type jsonExecStep struct {
	Kind       string   `json:"kind"` // transition or flush
	Index      int      `json:"index"`
	Transition string   `json:"transition,omitempty"`
	Processes  []int    `json:"processes"`
	Process    int      `json:"process"`
	Events     []string `json:"events"`
}

type jsonEvent struct {
	ID       string `json:"id"`
	Process  int    `json:"process"`
	Step     int    `json:"step"`
	Kind     string `json:"kind"`
	Location string `json:"location,omitempty"`
	Value    string `json:"value,omitempty"`
	From     string `json:"rf,omitempty"`
	Buffered bool   `json:"buffered,omitempty"`
}

type jsonEdge struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type jsonCoherence struct {
	Location string   `json:"location"`
	Writes   []string `json:"writes"`
}

// printJSON writes one JSON document holding every result.
func printJSON(w io.Writer, results []fileResult, o printOpts) error {
	doc := jsonDoc{Version: jsonVersion, Command: o.Command, Results: []jsonResult{}}
	for _, r := range results {
		doc.Results = append(doc.Results, toJSON(r))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

func toJSON(r fileResult) jsonResult {
	jr := jsonResult{File: r.File, Model: r.Model, Engine: r.Engine, N: r.N, K: r.K,
		Verdict: r.Verdict.String(), Reason: r.Reason, NotReplayed: r.NotReplayed, Violated: r.Violated, Proved: r.Proved, Assumed: r.Assumed, Inferred: r.Inferred, Nodes: r.Nodes, Executions: r.Executions,
		Blocked: r.Blocked, States: r.States, SolverCalls: r.SolverCalls, Seconds: r.Seconds}
	if c := r.Cross; c != nil {
		jr.Cross = &jsonCross{Agree: len(c.disagreements) == 0, Replay: c.replay, Bounded: []jsonResult{},
			Notes: nonNil(c.notes), Disagreements: nonNil(c.disagreements)}
		for _, b := range c.bounded {
			jr.Cross.Bounded = append(jr.Cross.Bounded, toJSON(b))
		}
	}
	t := r.Trace
	if t == nil {
		return jr
	}
	jt := &jsonTrace{Processes: t.Procs, Unsafe: t.Unsafe, Witness: nonNil(t.Witness), Steps: []jsonStep{}, Error: t.ExecErr}
	for _, s := range t.Steps {
		jt.Steps = append(jt.Steps, jsonStep{Transition: s.Transition, Processes: nonNil(s.Procs), Line: s.Pos.Line, Column: s.Pos.Column})
	}
	if x := t.Exec; x != nil {
		je := &jsonExec{Init: []jsonBinding{}, Steps: []jsonExecStep{}, Events: []jsonEvent{}, RF: edges(x.rf()),
			CO: []jsonCoherence{}, FR: edges(x.fr()), Pending: nonNil(x.Pending), Final: nonNil(x.Final)}
		for _, b := range usedInit(x) {
			je.Init = append(je.Init, jsonBinding{b.Loc, b.Value})
		}
		for _, s := range x.Steps {
			js := jsonExecStep{Kind: "transition", Index: s.Index, Transition: s.Transition, Processes: nonNil(s.Procs), Process: s.Proc, Events: nonNil(s.Events)}
			if s.Flush {
				js.Kind, js.Transition = "flush", ""
			}
			je.Steps = append(je.Steps, js)
		}
		for _, e := range x.Events {
			je.Events = append(je.Events, jsonEvent{ID: e.ID, Process: e.Proc, Step: e.Step, Kind: e.Kind.String(),
				Location: e.Loc, Value: e.Value, From: e.From, Buffered: e.Buffered})
		}
		for _, c := range x.CO {
			je.CO = append(je.CO, jsonCoherence{c.Loc, nonNil(c.Writes)})
		}
		jt.Execution = je
	}
	jr.Trace = jt
	return jr
}

func edges(es []relEdge) []jsonEdge {
	out := []jsonEdge{}
	for _, e := range es {
		out = append(out, jsonEdge{e.From, e.To})
	}
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// usedInit lists the initial values of the locations the execution reads
// or writes.
func usedInit(x *execution) []binding {
	used := map[string]bool{}
	for _, e := range x.Events {
		used[e.Loc] = true
	}
	var out []binding
	for _, b := range x.Init {
		if used[b.Loc] {
			out = append(out, b)
		}
	}
	return out
}
