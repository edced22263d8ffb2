package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
)

// The JUnit XML report (--junit FILE), in the common dialect CI systems
// read (Jenkins, GitLab, GitHub test reporters): one <testsuite> per model
// file, one <testcase> per (file, model) question. A case fails when the
// verdict differs from the one expected by NAME.want beside NAME.cub
// (SAFE when there is no such line); the failure holds the short trace or
// the reason. A file that cannot be read or checked is a case with an
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
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
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
	wants := map[string][]wantLine{}
	for _, r := range results {
		lines, ok := wants[r.File]
		if !ok {
			var err error
			lines, err = readWant(r.File)
			if err != nil {
				bad = append(bad, inputError{r.File, err.Error()})
			}
			wants[r.File] = lines
		}
		s := suite(r.File)
		c := junitCase{Name: caseName(command, r), Classname: r.File, Time: seconds(r.Seconds)}
		want := expected(lines, r)
		got := r.Verdict
		c.SystemOut = &junitText{summary(r)}
		if got != want {
			msg := fmt.Sprintf("got %s, want %s", strings.ToUpper(got.String()), strings.ToUpper(want.String()))
			if r.Reason != "" {
				msg += ": " + r.Reason
			}
			text := msg + "\n"
			if r.Trace != nil {
				msg += ": " + r.Trace.short()
				text = r.Trace.short() + "\n"
			}
			c.Failure = &junitMessage{Message: msg, Type: strings.ToUpper(got.String()), Text: text}
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
		s.Cases = append(s.Cases, junitCase{Name: command, Classname: e.File, Time: seconds(0),
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

// summary is the text result of a case, its trace step by step.
func summary(r fileResult) string {
	var b strings.Builder
	printText(&b, []fileResult{r}, printOpts{Trace: true})
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
