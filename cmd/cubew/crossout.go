package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// The outputs of crosscheck: one fileResult per model (engine
// "crosscheck") carrying the comparison, so the text, JSON and JUnit
// printers of check and bounded print it too.

// result is the comparison as a result: check's answer (verdict, reason,
// counterexample, nodes, solver calls), the work of the bounded instances
// added up, and the comparison itself in Cross.
func (c *crosscheck) result() fileResult {
	r := c.check
	r.Engine, r.Cross = "crosscheck", c
	for _, b := range c.bounded {
		r.Executions += b.Executions
		r.Blocked += b.Blocked
		r.States += b.States
		r.Seconds += b.Seconds
	}
	return r
}

// disagreements counts the disagreements of crosscheck results.
func disagreements(results []fileResult) int {
	n := 0
	for _, r := range results {
		if r.Cross != nil {
			n += len(r.Cross.disagreements)
		}
	}
	return n
}

// printCrosscheck writes the comparisons as text, aligned over all
// models, then the number of disagreements when there are some.
func printCrosscheck(w io.Writer, results []fileResult) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, r := range results {
		r.Cross.print(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if n := disagreements(results); n > 0 {
		_, err := fmt.Fprintf(w, "%s\n", plural(n, "disagreement"))
		return err
	}
	return nil
}

// print writes the lines of one file: check's answer, each instance's, the
// notes and the verdict of the comparison.
func (c *crosscheck) print(w io.Writer) {
	r := c.check
	fmt.Fprintf(w, "%s\t%s\tcheck\t%s\t%s\t%.3fs\n", c.file, c.model, strings.ToUpper(r.Verdict.String()),
		plural(r.Nodes, "node"), r.Seconds)
	for _, line := range invariantLines(r) {
		fmt.Fprintf(w, "\t\t\t%s\n", line)
	}
	if c.replay != "" {
		fmt.Fprintf(w, "\t\t\ttrace: %s\n", c.replay)
	}
	for _, b := range c.bounded {
		work := plural(b.Executions, "execution")
		switch b.Engine {
		case "spin":
			work = "SPIN: " + plural(b.States, "state")
		case "explicit":
			work = plural(b.States, "state")
		}
		if b.Blocked > 0 {
			work += fmt.Sprintf(" (+%d blocked)", b.Blocked)
		}
		fmt.Fprintf(w, "%s\t%s\tn=%d k=%d\t%s\t%s\t%.3fs\n", c.file, c.model, b.N, b.K, strings.ToUpper(b.Verdict.String()),
			work, b.Seconds)
	}
	for _, n := range c.notes {
		fmt.Fprintf(w, "\t\t\tnote: %s\n", n)
	}
	if len(c.disagreements) == 0 {
		fmt.Fprintf(w, "\t\t\tagree\n")
	}
	for _, d := range c.disagreements {
		fmt.Fprintf(w, "\t\t\tDISAGREE: %s\n", d)
	}
}
