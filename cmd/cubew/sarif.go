package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// The SARIF 2.1.0 report (--format sarif), for code-scanning UIs (GitHub,
// GitLab, VS Code's SARIF viewer): one run of the tool cubew, one result
// per answer that needs attention. An UNSAFE answer is a result at the
// unsafe formula (or invariant) it reaches, with its counterexample as a
// code flow through the transitions' lines: an error, or a note when
// NAME.want expects it (models broken on purpose do not fail the scan).
// Another verdict than the expected one is an error at the top of the file
// (an expected UNKNOWN a note), and a file that does not parse or
// type-check an error at each position. SAFE answers as expected give no
// result.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	CodeFlows []sarifCodeFlow `json:"codeFlows,omitempty"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
	Message  *sarifMessage `json:"message,omitempty"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

type sarifCodeFlow struct {
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	Locations []sarifFlowLocation `json:"locations"`
}

type sarifFlowLocation struct {
	Location sarifLocation `json:"location"`
}

// sarifRules are the kinds of results cubew reports.
var sarifRules = []sarifRule{
	{"unsafe", sarifMessage{"an unsafe state is reachable (a counterexample exists)"}},
	{"unknown", sarifMessage{"no verdict: a limit was reached, or no counterexample replayed"}},
	{"unexpected-verdict", sarifMessage{"the verdict differs from the one NAME.want expects"}},
	{"input-error", sarifMessage{"the model does not parse or type-check"}},
}

// printSARIF writes the results and input errors as one SARIF log.
func printSARIF(w io.Writer, command string, results []fileResult, bad []inputError) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "cubew", Version: version(),
		InformationURI: "https://github.com/cubew/cubew", Rules: sarifRules}}, Results: []sarifResult{}}
	for _, r := range results {
		run.Results = append(run.Results, sarifResults(command, r)...)
	}
	for _, e := range bad {
		run.Results = append(run.Results, sarifInputErrors(e)...)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifResults are the results of one answer: its verdict, and a mismatch
// with the want file.
func sarifResults(command string, r fileResult) []sarifResult {
	var out []sarifResult
	lines, err := readWant(r.File)
	if err != nil {
		out = append(out, sarifInputErrors(inputError{File: r.File, Msg: err.Error(), err: err})...)
	}
	want := expected(lines, r)
	top := []sarifLocation{sarifAt(r.File, syntax.Pos{Line: 1, Column: 1}, "")}
	msg := fmt.Sprintf("%s: got %s, want %s", caseName(command, r), strings.ToUpper(r.Verdict.String()), strings.ToUpper(want.String()))
	if r.Reason != "" {
		msg += ": " + r.Reason
	}
	switch {
	case r.Verdict == translate.Unsafe:
		out = append(out, sarifUnsafe(r, want == translate.Unsafe))
	case r.Verdict != want:
		out = append(out, sarifResult{RuleID: "unexpected-verdict", Level: "error", Message: sarifMessage{msg}, Locations: top})
	case r.Verdict == translate.Unknown:
		out = append(out, sarifResult{RuleID: "unknown", Level: "note", Message: sarifMessage{msg}, Locations: top})
	}
	return out
}

// sarifUnsafe is the result of an UNSAFE answer, at the property its
// counterexample reaches; a note when the want file expects it.
func sarifUnsafe(r fileResult, expected bool) sarifResult {
	level := "error"
	if expected {
		level = "note"
	}
	res := sarifResult{RuleID: "unsafe", Level: level}
	pos := syntax.Pos{Line: 1, Column: 1}
	t := r.Trace
	if t == nil {
		res.Message.Text = fmt.Sprintf("UNSAFE under %s", r.Model)
		res.Locations = []sarifLocation{sarifAt(r.File, pos, "")}
		return res
	}
	if p, ok := propertyPos(r.model, t.Unsafe); ok {
		pos = p
	}
	res.Message.Text = fmt.Sprintf("UNSAFE under %s: %s", r.Model, t.short())
	res.Locations = []sarifLocation{sarifAt(r.File, pos, t.Unsafe)}
	flow := sarifThreadFlow{Locations: []sarifFlowLocation{}}
	for i, s := range t.Steps {
		flow.Locations = append(flow.Locations, sarifFlowLocation{sarifAt(r.File, s.Pos, fmt.Sprintf("%d. %s", i+1, s))})
	}
	flow.Locations = append(flow.Locations, sarifFlowLocation{sarifAt(r.File, pos,
		fmt.Sprintf("reaches %s with processes %s", t.Unsafe, procList(t.Witness)))})
	res.CodeFlows = []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{flow}}}
	return res
}

// sarifInputErrors are the results of a file that could not be checked,
// one per positioned error.
func sarifInputErrors(e inputError) []sarifResult {
	var list syntax.ErrorList
	if !errors.As(e.err, &list) {
		return []sarifResult{{RuleID: "input-error", Level: "error", Message: sarifMessage{e.Msg},
			Locations: []sarifLocation{sarifAt(e.File, syntax.Pos{Line: 1, Column: 1}, "")}}}
	}
	var out []sarifResult
	for _, x := range list {
		file := x.Pos.Filename
		if file == "" || file == stdinName {
			file = e.File
		}
		out = append(out, sarifResult{RuleID: "input-error", Level: "error", Message: sarifMessage{x.Msg},
			Locations: []sarifLocation{sarifAt(file, x.Pos, "")}})
	}
	return out
}

// sarifAt is a location in a file, with a message when msg is not empty.
func sarifAt(file string, pos syntax.Pos, msg string) sarifLocation {
	l := sarifLocation{Physical: sarifPhysical{Artifact: sarifArtifact{URI: file},
		Region: sarifRegion{StartLine: max(1, pos.Line), StartColumn: max(1, pos.Column)}}}
	if msg != "" {
		l.Message = &sarifMessage{msg}
	}
	return l
}

// propertyPos finds the unsafe formula or invariant an engine names
// (`unsafe[2]`, `invariant[1]` or the item's own name) in m.
func propertyPos(m *syntax.Model, name string) (syntax.Pos, bool) {
	if m == nil {
		return syntax.Pos{}, false
	}
	for i, p := range m.Unsafes {
		if p.Name == name || (p.Name == "" && fmt.Sprintf("unsafe[%d]", i+1) == name) {
			return p.Pos, true
		}
	}
	for i, n := range m.InvariantNames() {
		if n == name {
			return m.Invariants[i].Pos, true
		}
	}
	return syntax.Pos{}, false
}
