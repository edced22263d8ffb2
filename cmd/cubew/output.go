package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/cubew/cubew/reach"
)

// jsonVersion is the version of the JSON output's schema.
const jsonVersion = 1

func printResults(w io.Writer, format formatFlag, results []fileResult, trace bool) error {
	if format == "json" {
		return printJSON(w, results)
	}
	printText(w, results, trace)
	return nil
}

// printText writes one aligned line per result, the short counterexample
// under an UNSAFE line and, with trace, every step on a line of its own.
func printText(w io.Writer, results []fileResult, trace bool) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	defer tw.Flush()
	for _, r := range results {
		st := r.Result.Stats
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d nodes\t%d solver calls\t%.3fs\n",
			r.File, strings.ToUpper(r.Result.Verdict.String()), r.Model, st.Nodes, st.SolverCalls, r.Seconds)
		if r.Result.Reason != "" {
			fmt.Fprintf(tw, "\treason: %s\n", r.Result.Reason)
		}
		if t := r.Result.Trace; t != nil {
			if !trace {
				fmt.Fprintf(tw, "\ttrace: %s\n", t)
				continue
			}
			tw.Flush()
			printTrace(w, r.File, t)
		}
	}
}

func printTrace(w io.Writer, file string, t *reach.Trace) {
	fmt.Fprintf(w, "  counterexample with %d processes, from an initial state:\n", t.Procs)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for i, s := range t.Steps {
		p := s.Pos()
		fmt.Fprintf(tw, "    %d.\t%s\t%s:%d:%d\n", i+1, s, file, p.Line, p.Column)
	}
	tw.Flush()
	procs := make([]string, len(t.Witness))
	for i, p := range t.Witness {
		procs[i] = fmt.Sprintf("#%d", p)
	}
	fmt.Fprintf(w, "  reaches %s with processes %s\n", t.Unsafe, strings.Join(procs, ", "))
}

type jsonDoc struct {
	Version int          `json:"version"`
	Results []jsonResult `json:"results"`
}

type jsonResult struct {
	File        string     `json:"file"`
	Model       string     `json:"model"`
	Engine      string     `json:"engine"`
	Verdict     string     `json:"verdict"`
	Reason      string     `json:"reason,omitempty"`
	Nodes       int        `json:"nodes"`
	SolverCalls int        `json:"solver_calls"`
	Seconds     float64    `json:"seconds"`
	Trace       *jsonTrace `json:"trace,omitempty"`
}

type jsonTrace struct {
	Processes int        `json:"processes"`
	Steps     []jsonStep `json:"steps"`
	Unsafe    string     `json:"unsafe"`
	Witness   []int      `json:"witness"`
}

type jsonStep struct {
	Transition string `json:"transition"`
	Processes  []int  `json:"processes"`
	Line       int    `json:"line"`
}

func printJSON(w io.Writer, results []fileResult) error {
	doc := jsonDoc{Version: jsonVersion, Results: []jsonResult{}}
	for _, r := range results {
		jr := jsonResult{File: r.File, Model: r.Model, Engine: r.Engine, Verdict: r.Result.Verdict.String(),
			Reason: r.Result.Reason, Nodes: r.Result.Stats.Nodes, SolverCalls: r.Result.Stats.SolverCalls, Seconds: r.Seconds}
		if t := r.Result.Trace; t != nil {
			jt := &jsonTrace{Processes: t.Procs, Unsafe: t.Unsafe, Witness: t.Witness, Steps: []jsonStep{}}
			for _, s := range t.Steps {
				jt.Steps = append(jt.Steps, jsonStep{Transition: s.Name(), Processes: s.Args, Line: s.Pos().Line})
			}
			jr.Trace = jt
		}
		doc.Results = append(doc.Results, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
