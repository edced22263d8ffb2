package main

import (
	"fmt"
	"io"
	"strings"
)

// printOpts are the choices shared by the result printers.
type printOpts struct {
	// Trace prints counterexamples step by step (text), with their events.
	Trace bool
	// Command names the command in documents that record it (json).
	Command string
	// Bad lists the files that were bad input, for the formats that
	// report them with the results (sarif).
	Bad []inputError
}

// printResults writes the results to w in the chosen format. Each format
// has its own printer writing to an io.Writer: printText (printCrosscheck
// for crosscheck's comparisons), printJSON, printSARIF (and printJUnit for
// --junit).
func printResults(w io.Writer, format formatFlag, results []fileResult, o printOpts) error {
	switch {
	case format == "json":
		return printJSON(w, results, o)
	case format == "sarif":
		return printSARIF(w, o.Command, results, o.Bad)
	case o.Command == "crosscheck":
		return printCrosscheck(w, results)
	}
	return printText(w, results, o)
}

// printText writes one aligned line per result: file, verdict, memory
// model, instance, work done and time; the reason of an UNKNOWN answer;
// the counterexample of an UNSAFE one on one line, or step by step with
// Trace. Columns are aligned over all results, whatever comes between.
func printText(w io.Writer, results []fileResult, o printOpts) error {
	rows := make([][]string, len(results))
	var widths []int
	for i, r := range results {
		cols := []string{r.File, verdictWord(r), r.Model}
		if r.N > 0 {
			inst := fmt.Sprintf("n=%d", r.N)
			if r.K > 0 {
				inst += fmt.Sprintf(" k=%d", r.K)
			}
			cols = append(cols, inst)
		}
		cols = append(cols, work(r)...)
		cols = append(cols, fmt.Sprintf("%.3fs", r.Seconds))
		rows[i] = cols
		for j, c := range cols {
			if j == len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], len(c))
		}
	}
	var b strings.Builder
	for i, r := range results {
		for j, c := range rows[i] {
			if j == len(rows[i])-1 {
				b.WriteString(c)
			} else {
				fmt.Fprintf(&b, "%-*s  ", widths[j], c)
			}
		}
		b.WriteString("\n")
		if r.Reason != "" {
			fmt.Fprintf(&b, "    reason: %s\n", r.Reason)
		}
		if r.NotReplayed != "" {
			fmt.Fprintf(&b, "    not replayed: %s\n", r.NotReplayed)
		}
		for _, line := range invariantLines(r) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		if t := r.Trace; t != nil {
			if o.Trace {
				printTrace(&b, r.File, t)
			} else {
				fmt.Fprintf(&b, "    trace: %s\n", t.short())
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// work describes the work an engine did, as text columns.
func work(r fileResult) []string {
	switch r.Engine {
	case "reach":
		return []string{plural(r.Nodes, "node"), plural(r.SolverCalls, "solver call")}
	case "dpor":
		return []string{plural(r.Executions, "execution"), fmt.Sprintf("%d blocked", r.Blocked)}
	case "explicit":
		return []string{plural(r.States, "state")}
	}
	var out []string
	if r.Nodes > 0 {
		out = append(out, plural(r.Nodes, "node"))
	}
	if r.Executions > 0 {
		out = append(out, plural(r.Executions, "execution"))
	}
	return out
}

// printTrace writes a counterexample step by step: each transition
// instance with its position and, when the concrete execution is known,
// its memory events (reads with the write they read from, writes, fences),
// the flushes, the coherence order and from-reads edges.
func printTrace(w io.Writer, file string, t *trace) {
	fmt.Fprintf(w, "  counterexample with %d processes, from an initial state:\n", t.Procs)
	heads := make([]string, len(t.Steps))
	width := 0
	for i, s := range t.Steps {
		heads[i] = fmt.Sprintf("%d.  %s", i+1, s)
		width = max(width, len(heads[i]))
	}
	step := func(i int) {
		fmt.Fprintf(w, "    %-*s  %s\n", width, heads[i], position(file, t.Steps[i]))
	}
	x := t.Exec
	if x == nil {
		for i := range t.Steps {
			step(i)
		}
	} else {
		for _, s := range x.Steps {
			if s.Flush {
				fmt.Fprintf(w, "        flush #%d: %s\n", s.Proc, strings.Join(s.Events, " "))
				continue
			}
			step(s.Index - 1)
			for _, id := range s.Events {
				fmt.Fprintf(w, "          %s\n", eventText(x.event(id)))
			}
		}
	}
	reading := ""
	if x != nil && len(x.Final) > 0 {
		reading = ", which read now:"
	}
	fmt.Fprintf(w, "  reaches %s with processes %s%s\n", t.Unsafe, procList(t.Witness), reading)
	if x == nil {
		if t.ExecErr != "" {
			fmt.Fprintf(w, "  (no concrete execution: %s)\n", t.ExecErr)
		}
		return
	}
	for _, id := range x.Final {
		fmt.Fprintf(w, "          %s\n", eventText(x.event(id)))
	}
	for i, c := range x.CO {
		head := "  co: "
		if i > 0 {
			head = "      "
		}
		ws := make([]string, len(c.Writes))
		for j, id := range c.Writes {
			ws[j] = id
			if e := x.event(id); e != nil && e.Pending {
				ws[j] += " (pending)"
			}
		}
		fmt.Fprintf(w, "%s%s: init < %s\n", head, c.Loc, strings.Join(ws, " < "))
	}
	if fr := x.fr(); len(fr) > 0 {
		parts := make([]string, len(fr))
		for i, e := range fr {
			parts[i] = e.From + " -> " + e.To
		}
		fmt.Fprintf(w, "  fr: %s\n", strings.Join(parts, ", "))
	}
}

// position prints a transition's place in the model as FILE:LINE:COL.
func position(file string, s traceStep) string {
	return fmt.Sprintf("%s:%d:%d", file, s.Pos.Line, s.Pos.Column)
}

// eventText renders an event: `e2  #1 R Flag[#2] = False  from init`.
func eventText(e *event) string {
	if e == nil {
		return "?"
	}
	switch e.Kind {
	case evFence:
		return fmt.Sprintf("%s  #%d F", e.ID, e.Proc)
	case evWrite:
		s := fmt.Sprintf("%s  #%d W %s = %s", e.ID, e.Proc, e.Loc, e.Value)
		if e.Buffered {
			s += "  buffered"
		}
		return s
	}
	s := fmt.Sprintf("%s  #%d R %s = %s  from %s", e.ID, e.Proc, e.Loc, e.Value, e.From)
	if e.Internal {
		s += " (own buffer)"
	}
	return s
}

// verdictWord is a result's verdict as the text output shows it: UNSAFE
// (not replayed) when no concrete instance ran its counterexample.
func verdictWord(r fileResult) string {
	w := strings.ToUpper(r.Verdict.String())
	if r.NotReplayed != "" {
		w += " (not replayed)"
	}
	return w
}
