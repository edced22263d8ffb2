package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// The JUnit XML report (--junit FILE), in the common dialect CI systems
// read (Jenkins, GitLab, GitHub test reporters): one <testsuite> per model
// file, one <testcase> per (file, model) question. A case fails when the
// verdict differs from the one expected by NAME.want beside NAME.cub
// (SAFE when there is no such line), or for crosscheck when the engines
// disagree; the failure holds the short trace or the reason, and the
// disagreements. A file that cannot be read or checked is a case with an
// <error>.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	// File and Line point at the model: the unsafe formula an UNSAFE
	// answer reaches, the first error of a bad file, else line 1.
	File       string             `xml:"file,attr"`
	Line       int                `xml:"line,attr"`
	Time       string             `xml:"time,attr"`
	Properties *junitPropertyList `xml:"properties,omitempty"`
	Failure    *junitMessage      `xml:"failure,omitempty"`
	Error      *junitMessage      `xml:"error,omitempty"`
	SystemOut  *junitText         `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

// inputError is a file that could not be checked, for the report.
type inputError struct {
	File string
	Msg  string
	err  error // the error itself, for its positions (SARIF)
}

// printJUnit writes the report of a command's results and input errors.
func printJUnit(w io.Writer, command string, results []fileResult, bad []inputError) error {
	doc := junitSuites{Name: "cubew " + command}
	index := map[string]int{}
	suite := func(file string) *junitSuite {
		i, ok := index[file]
		if !ok {
			i = len(doc.Suites)
			index[file] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: file})
		}
		return &doc.Suites[i]
	}
	total := 0.0
	times := map[string]float64{}
	wants := wantFiles{}
	for _, r := range results {
		lines, err := wants.read(r.File)
		if err != nil {
			bad = append(bad, inputError{File: r.File, Msg: err.Error(), err: err})
		}
		s := suite(r.File)
		c := junitCase{Name: caseName(command, r), Classname: junitClass(r.File), File: r.File, Line: resultLine(r), Time: seconds(r.Seconds)}
		c.SystemOut = &junitText{summary(command, r)}
		c.Properties = junitProperties(r)
		if c.Failure = caseFailure(r, expected(lines, r)); c.Failure != nil {
			s.Failures++
			doc.Failures++
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
		doc.Tests++
		times[r.File] += r.Seconds
		s.Time = seconds(times[r.File])
		total += r.Seconds
	}
	for _, e := range bad {
		s := suite(e.File)
		s.Cases = append(s.Cases, junitCase{Name: command, Classname: junitClass(e.File), File: e.File, Line: errorLine(e), Time: seconds(0),
			Error: &junitMessage{Message: e.Msg, Type: "input", Text: e.Msg}})
		s.Tests++
		s.Errors++
		doc.Tests++
		doc.Errors++
		if s.Time == "" {
			s.Time = seconds(0)
		}
	}
	doc.Time = seconds(total)
	if doc.Suites == nil {
		doc.Suites = []junitSuite{}
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitClass is the classname of a model's cases: its path without `.cub`
// and with dots made underscores, since CI systems split a classname at its
// last dot into package and class.
func junitClass(file string) string {
	return strings.ReplaceAll(strings.TrimSuffix(file, ".cub"), ".", "_")
}

// resultLine is the line of the unsafe formula an UNSAFE answer reaches,
// else 1.
func resultLine(r fileResult) int {
	if r.Trace != nil {
		if p, ok := propertyPos(r.model, r.Trace.Unsafe); ok {
			return p.Line
		}
	}
	return 1
}

// errorLine is the line of a bad file's first positioned error, else 1.
func errorLine(e inputError) int {
	var list syntax.ErrorList
	if errors.As(e.err, &list) && len(list) > 0 && list[0].Pos.Line > 0 {
		return list[0].Pos.Line
	}
	return 1
}

// caseName names a test case: the command and memory model, and the
// instance of a bounded question (`check tso`, `bounded tso n=2 k=6`).
func caseName(command string, r fileResult) string {
	s := command + " " + r.Model
	if r.N > 0 {
		s += fmt.Sprintf(" n=%d", r.N)
	}
	if r.K > 0 {
		s += fmt.Sprintf(" k=%d", r.K)
	}
	return s
}

// caseFailure returns the failure of a case, nil when it passes: a
// verdict other than the expected one (with the reason or the short
// trace), and for crosscheck a disagreement between the engines.
func caseFailure(r fileResult, want translate.Verdict) *junitMessage {
	var msgs, texts []string
	kind := ""
	if got := r.Verdict; got != want {
		kind = strings.ToUpper(got.String())
		msg := fmt.Sprintf("got %s, want %s", kind, strings.ToUpper(want.String()))
		if r.Reason != "" {
			msg += ": " + r.Reason
		}
		text := msg
		if r.Trace != nil {
			msg += ": " + r.Trace.short()
			text = r.Trace.short()
		}
		msgs, texts = append(msgs, msg), append(texts, text)
	}
	if r.Cross != nil && len(r.Cross.disagreements) > 0 {
		kind = "DISAGREE"
		msgs = append(msgs, "the engines disagree: "+strings.Join(r.Cross.disagreements, "; "))
		for _, d := range r.Cross.disagreements {
			texts = append(texts, "DISAGREE: "+d)
		}
	}
	if msgs == nil {
		return nil
	}
	return &junitMessage{Message: strings.Join(msgs, "; "), Type: kind, Text: strings.Join(texts, "\n") + "\n"}
}

// summary is the text result of a case, its trace step by step.
func summary(command string, r fileResult) string {
	var b strings.Builder
	printResults(&b, "text", []fileResult{r}, printOpts{Trace: true, Command: command})
	return b.String()
}

func seconds(s float64) string { return fmt.Sprintf("%.3f", s) }

// writeJUnit writes the report to path.
func writeJUnit(path, command string, results []fileResult, bad []inputError) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := printJUnit(f, command, results, bad); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
