package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cubew/cubew/fences"
)

// fencesOutput prints the result of a fence synthesis.
type fencesOutput struct {
	path, model string
	src         []byte
	res         *fences.Result
}

// printCheck prints one check of a synthesis (-v).
func printCheck(w io.Writer, c fences.Check) {
	fmt.Fprintf(w, "check #%d  %s  fences in {%s}: %s, %d nodes", c.Number, c.Model, transitionNames(c.Fences),
		strings.ToUpper(c.Verdict.String()), c.Nodes)
	if c.Conflict != nil {
		fmt.Fprintf(w, "; a fence in one of {%s} cuts its counterexample", transitionNames(c.Conflict))
	}
	if c.Reason != "" {
		fmt.Fprintf(w, " (%s)", c.Reason)
	}
	fmt.Fprintln(w)
}

// text prints the outcome, the sets (as diffs with diff set) or the
// counterexample that no fence cuts.
func (o fencesOutput) text(w io.Writer, diff bool) {
	r := o.res
	checks := plural(len(r.Checks), "check")
	switch r.Outcome {
	case fences.AlreadySafe:
		fmt.Fprintf(w, "%s  SAFE  %s  no fence needed  %s\n", o.path, o.model, checks)
	case fences.NoFix:
		c := r.Counterexample
		fmt.Fprintf(w, "%s  NO FENCE HELPS  %s  UNSAFE under %s%s  %s\n", o.path, o.model, c.Model, fencedSuffix(c), checks)
		if c.Model == "sc" {
			fmt.Fprintln(w, "  fences cannot help: the model is UNSAFE under sequential consistency already")
		} else {
			fmt.Fprintln(w, "  no fence in a guard cuts this counterexample")
		}
		if line := c.Counterexample(); line != "" {
			fmt.Fprintf(w, "  counterexample with %d processes: %s\n", c.Procs, line)
		}
	case fences.Unproved:
		fmt.Fprintf(w, "%s  UNKNOWN  %s  no fence set proved  %s\n    reason: %s\n", o.path, o.model, checks, r.Reason)
	case fences.Fixed:
		all := "all of them"
		if !r.Complete {
			all = "maybe not all: " + r.Reason
		}
		sets := "sets"
		if len(r.Sets) == 1 {
			sets = "set"
		}
		fmt.Fprintf(w, "%s  FENCES  %s  %d minimal %s (%s)  %s\n", o.path, o.model, len(r.Sets), sets, all, checks)
		for i, s := range r.Sets {
			fmt.Fprintf(w, "  set %d: %s  SAFE by check #%d; each fence needed (checks %s)\n", i+1, positionList(s.Positions), s.Proof, checkList(s.NeededBy))
			if diff {
				fmt.Fprint(w, unifiedDiff(o.path+".orig", o.path, string(o.src), string(s.Source)))
			}
		}
	}
	for _, u := range r.Unknown {
		fmt.Fprintf(w, "  not proved: {%s} (UNKNOWN)\n", transitionNames(u))
	}
}

// fencedSuffix says which fences a check had, "" for none.
func fencedSuffix(c *fences.Check) string {
	if len(c.Fences) == 0 {
		return ""
	}
	return fmt.Sprintf(" with fences in {%s}", transitionNames(c.Fences))
}

// transitionNames renders positions as `t1, t2`.
func transitionNames(ps []fences.Position) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Transition
	}
	return strings.Join(parts, ", ")
}

// positionList renders positions as `t1 (file:21:1), t2 (file:29:1)`.
func positionList(ps []fences.Position) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s (%s)", p.Transition, p.Pos)
	}
	return strings.Join(parts, ", ")
}

// checkList renders check numbers as `#4, #3`.
func checkList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("#%d", n)
	}
	return strings.Join(parts, ", ")
}

// The JSON document of `fences --format json` (docs/fences.md).
type jsonFences struct {
	Version        int              `json:"version"`
	Command        string           `json:"command"`
	File           string           `json:"file"`
	Model          string           `json:"model"`
	Outcome        string           `json:"outcome"`
	Complete       bool             `json:"complete"`
	Reason         string           `json:"reason,omitempty"`
	Positions      []jsonFencePos   `json:"positions"`
	Sets           []jsonFenceSet   `json:"sets"`
	Unknown        [][]jsonFencePos `json:"unproved"`
	Counterexample *jsonFenceCex    `json:"counterexample,omitempty"`
	Checks         []jsonFenceCheck `json:"checks"`
}

type jsonFencePos struct {
	Index      int    `json:"index"`
	Transition string `json:"transition"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
}

type jsonFenceSet struct {
	Fences   []jsonFencePos `json:"fences"`
	Proof    int            `json:"proof"`
	NeededBy []int          `json:"needed_by"`
}

type jsonFenceCex struct {
	Check     int    `json:"check"`
	Model     string `json:"model"`
	Processes int    `json:"processes"`
	Trace     string `json:"trace"`
}

type jsonFenceCheck struct {
	Number   int            `json:"number"`
	Model    string         `json:"model"`
	Fences   []jsonFencePos `json:"fences"`
	Verdict  string         `json:"verdict"`
	Reason   string         `json:"reason,omitempty"`
	Nodes    int            `json:"nodes"`
	Bounded  bool           `json:"bounded,omitempty"`
	Conflict []jsonFencePos `json:"conflict"`
}

// jsonOutcomes are the JSON names of the outcomes.
var jsonOutcomes = map[fences.Outcome]string{fences.AlreadySafe: "already_safe", fences.Fixed: "fixed",
	fences.NoFix: "no_fix", fences.Unproved: "unknown"}

// json prints the result as one JSON document.
func (o fencesOutput) json(w io.Writer) error {
	r := o.res
	doc := jsonFences{Version: jsonVersion, Command: "fences", File: o.path, Model: o.model, Outcome: jsonOutcomes[r.Outcome],
		Complete: r.Complete, Reason: r.Reason, Positions: jsonPositions(r.Positions), Sets: []jsonFenceSet{},
		Unknown: [][]jsonFencePos{}, Checks: []jsonFenceCheck{}}
	for _, u := range r.Unknown {
		doc.Unknown = append(doc.Unknown, jsonPositions(u))
	}
	for _, s := range r.Sets {
		doc.Sets = append(doc.Sets, jsonFenceSet{Fences: jsonPositions(s.Positions), Proof: s.Proof, NeededBy: s.NeededBy})
	}
	if c := r.Counterexample; c != nil && c.Counterexample() != "" {
		doc.Counterexample = &jsonFenceCex{Check: c.Number, Model: c.Model, Processes: c.Procs, Trace: c.Counterexample()}
	}
	for _, c := range r.Checks {
		doc.Checks = append(doc.Checks, jsonFenceCheck{Number: c.Number, Model: c.Model, Fences: jsonPositions(c.Fences),
			Verdict: c.Verdict.String(), Reason: c.Reason, Nodes: c.Nodes, Bounded: c.Bounded, Conflict: jsonPositions(c.Conflict)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// jsonPositions renders fence positions for JSON.
func jsonPositions(ps []fences.Position) []jsonFencePos {
	out := []jsonFencePos{}
	for _, p := range ps {
		out = append(out, jsonFencePos{Index: p.Index, Transition: p.Transition, Line: p.Pos.Line, Column: p.Pos.Column})
	}
	return out
}
