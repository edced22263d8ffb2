package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
)

// Edge colours of the execution graph (colour-blind safe pairs).
const (
	colorRF = "#1b9e77" // green: reads-from
	colorCO = "#1f5fbf" // blue: coherence
	colorFR = "#d95f02" // orange: from-reads
	colorPO = "gray35"  // program order
)

// printTraceDot writes the concrete execution of an UNSAFE answer as a
// Graphviz execution graph: one column (cluster) per process, its memory
// events in program order, grouped in a box per transition instance
// labelled with its number and name; an init node with the initial values
// read; rf edges green, co blue, fr orange dashed (to the next write only:
// the later ones follow by co), po grey. Buffered writes
// say when they were flushed, or that they are still pending. A trace
// without a concrete execution is drawn as its transition instances per
// process.
func printTraceDot(w io.Writer, r fileResult) error {
	t := r.Trace
	if t == nil {
		return fmt.Errorf("%s: no counterexample to draw", r.File)
	}
	x := t.Exec
	var b strings.Builder
	b.WriteString("digraph execution {\n")
	title := fmt.Sprintf("%s (%s): %s reached with %s", r.File, r.Model, t.Unsafe, procList(t.Witness))
	fmt.Fprintf(&b, "  label=%s;\n  labelloc=t;\n  fontname=\"Helvetica\";\n  newrank=true;\n  ranksep=0.35;\n", dotQuote(title))
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", fontsize=11];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];\n")

	// Processes: those that fire a step, read in the property, or own a
	// column because the property names them.
	procs := []int{}
	addProc := func(q int) {
		if !slices.Contains(procs, q) {
			procs = append(procs, q)
		}
	}
	for q := 1; q <= t.Procs; q++ {
		addProc(q)
	}
	if x != nil {
		for _, s := range x.Steps {
			if !s.Flush {
				addProc(s.Proc)
			}
		}
	}
	slices.Sort(procs)

	// Per process: the steps (transition instances) it fires, in order.
	type box struct {
		id, label string
		events    []string
	}
	byProc := map[int][]box{}
	if x != nil {
		for _, s := range x.Steps {
			if s.Flush {
				continue
			}
			byProc[s.Proc] = append(byProc[s.Proc], box{id: fmt.Sprintf("s%d", s.Index),
				label: fmt.Sprintf("%d. %s(%s)", s.Index, s.Transition, procList(s.Procs)), events: s.Events})
		}
		for _, id := range x.Final {
			e := x.event(id)
			bs := byProc[e.Proc]
			if len(bs) == 0 || bs[len(bs)-1].id != fmt.Sprintf("u%d", e.Proc) {
				bs = append(bs, box{id: fmt.Sprintf("u%d", e.Proc), label: t.Unsafe + " (reads now)"})
			}
			bs[len(bs)-1].events = append(bs[len(bs)-1].events, id)
			byProc[e.Proc] = bs
		}
	} else {
		for i, s := range t.Steps {
			q := 0
			if len(s.Procs) > 0 {
				q = s.Procs[0]
			}
			byProc[q] = append(byProc[q], box{id: fmt.Sprintf("s%d", i+1), label: fmt.Sprintf("%d. %s", i+1, s)})
		}
	}

	if x != nil {
		var init []string
		for _, v := range usedInit(x) {
			init = append(init, v.Loc+" = "+v.Value)
		}
		label := "init"
		if len(init) > 0 {
			label += "\n" + strings.Join(init, "\n")
		}
		fmt.Fprintf(&b, "  init [label=%s, shape=note, fillcolor=\"#f2f2f2\"];\n", dotQuote(label))
	}

	// One column per process; po edges chain its nodes.
	for _, q := range procs {
		name := fmt.Sprintf("process #%d", q)
		if q == 0 {
			name = "no process"
		}
		fmt.Fprintf(&b, "  subgraph cluster_p%d {\n    label=%s;\n    style=filled;\n    color=\"#e8eef7\";\n", q, dotQuote(name))
		var chain []string
		for _, bx := range byProc[q] {
			fmt.Fprintf(&b, "    subgraph cluster_%s {\n      label=%s;\n      style=\"rounded,filled\";\n      color=\"#b8c4d6\";\n      fillcolor=\"#f7f9fc\";\n      fontsize=10;\n",
				bx.id, dotQuote(bx.label))
			if len(bx.events) == 0 {
				local := "local only"
				if x == nil {
					local = strings.SplitN(bx.label, " ", 2)[1]
				}
				fmt.Fprintf(&b, "      %s_n [label=%s, shape=plaintext, style=\"\", fontsize=9];\n", bx.id, dotQuote(local))
				chain = append(chain, bx.id+"_n")
			}
			for _, id := range bx.events {
				fmt.Fprintf(&b, "      %s [label=%s%s];\n", id, dotQuote(eventLabel(x.event(id))), eventStyle(x.event(id)))
				chain = append(chain, id)
			}
			b.WriteString("    }\n")
		}
		if len(chain) == 0 {
			fmt.Fprintf(&b, "    p%d_idle [label=\"no step\", shape=plaintext, style=\"\"];\n", q)
		}
		b.WriteString("  }\n")
		for i := 1; i < len(chain); i++ {
			fmt.Fprintf(&b, "  %s -> %s [color=%s, arrowhead=none, weight=10];\n", chain[i-1], chain[i], colorPO)
		}
		if x != nil && len(chain) > 0 {
			fmt.Fprintf(&b, "  init -> %s [style=invis];\n", chain[0])
		}
	}

	if x != nil {
		for _, e := range x.rf() {
			fmt.Fprintf(&b, "  %s -> %s [color=%q, fontcolor=%q, label=\"rf\", constraint=false];\n", e.From, e.To, colorRF, colorRF)
		}
		for _, e := range x.co() {
			if e.From == "init" {
				continue
			}
			fmt.Fprintf(&b, "  %s -> %s [color=%q, fontcolor=%q, label=\"co\", constraint=false];\n", e.From, e.To, colorCO, colorCO)
		}
		// fr to the first write co-after the one read: the others follow by co.
		frNext := map[string]bool{}
		for _, e := range x.fr() {
			if frNext[e.From] {
				continue
			}
			frNext[e.From] = true
			fmt.Fprintf(&b, "  %s -> %s [color=%q, fontcolor=%q, label=\"fr\", style=dashed, constraint=false];\n", e.From, e.To, colorFR, colorFR)
		}
		fmt.Fprintf(&b, "  legend [shape=plaintext, style=\"\", fontsize=9, label=<%s>];\n", legend())
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// eventLabel is `e3: W Flag[#1] = True` with a second line for buffered
// writes (when they were flushed) and reads from the own buffer.
func eventLabel(e *event) string {
	switch e.Kind {
	case evFence:
		return e.ID + ": fence"
	case evWrite:
		s := fmt.Sprintf("%s: W %s = %s", e.ID, e.Loc, e.Value)
		switch {
		case e.Pending:
			s += "\nbuffered, still pending"
		case e.Buffered:
			s += fmt.Sprintf("\nbuffered, flushed after step %d", e.FlushedAfter)
		}
		return s
	}
	s := fmt.Sprintf("%s: R %s = %s", e.ID, e.Loc, e.Value)
	if e.Internal {
		s += "\nfrom its own buffer"
	}
	return s
}

func eventStyle(e *event) string {
	switch e.Kind {
	case evWrite:
		if e.Pending {
			return `, fillcolor="#fff2cc", style="rounded,filled,dashed"`
		}
		return `, fillcolor="#fff2cc"`
	case evFence:
		return `, fillcolor="#eeeeee", shape=hexagon`
	}
	return `, fillcolor="#e1f0ff"`
}

func legend() string {
	return fmt.Sprintf(`<font color="%s">rf: reads from</font><br/><font color="%s">co: coherence order</font><br/><font color="%s">fr: from-read (read before the next write of its location)</font><br/><font color="%s">po: program order</font>`,
		colorRF, colorCO, colorFR, colorPO)
}

// errNoDot is returned when Graphviz is needed and missing.
var errNoDot = errors.New("Graphviz's dot is not installed: install it with `sudo apt-get install graphviz` " +
	"(or `make deps`), or write the graph with --trace-dot FILE and render it elsewhere")

// dotAvailable reports whether Graphviz's dot is on PATH.
func dotAvailable() bool {
	_, err := exec.LookPath("dot")
	return err == nil
}

// renderSVG runs Graphviz's dot on a graph and returns the SVG.
func renderSVG(ctx context.Context, graph []byte) ([]byte, error) {
	if !dotAvailable() {
		return nil, errNoDot
	}
	cmd := exec.CommandContext(ctx, "dot", "-Tsvg")
	cmd.Stdin = bytes.NewReader(graph)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("dot: %v: %s", err, strings.TrimSpace(errb.String()))
	}
	return out.Bytes(), nil
}
