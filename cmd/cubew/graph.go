package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cubew/cubew/reach"
)

// printSearchDot writes the search graph of a parameterized run as a
// Graphviz digraph: one node per popped cube, an edge from each cube to the
// cube it is a pre-image of, labelled with the transition instance (the
// edge points the way executions go: from the earlier state to the later
// one). Unsafe cubes are red octagons; covered (subsumed when popped) cubes
// are grey and dashed, deleted ones (subsumed later) grey and dotted; the
// cube that meets the initial states is filled red, linked from an init
// node, and the counterexample path from it is drawn bold red.
func printSearchDot(w io.Writer, r fileResult) error {
	g := r.Result.Graph
	var b strings.Builder
	fmt.Fprintf(&b, "digraph search {\n")
	fmt.Fprintf(&b, "  label=%s;\n  labelloc=t;\n", dotQuote(fmt.Sprintf("%s: backward search (%s), %s", r.File, r.Model, strings.ToUpper(r.Verdict.String()))))
	b.WriteString("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9];\n")
	onPath := map[int]bool{}
	parent := map[int]int{}
	for _, n := range g {
		parent[n.ID] = n.Parent
	}
	reached := 0
	for _, n := range g {
		if n.Status == reach.Reached {
			reached = n.ID
			for id := n.ID; id != 0; id = parent[id] {
				onPath[id] = true
			}
		}
	}
	for _, n := range g {
		attrs := []string{"label=" + dotQuote(cubeLabel(n))}
		switch n.Status {
		case reach.Covered:
			attrs = append(attrs, `style="rounded,dashed"`, `color=gray50`, `fontcolor=gray40`)
		case reach.Deleted:
			attrs = append(attrs, `style="rounded,dotted"`, `color=gray50`, `fontcolor=gray40`)
		case reach.Reached:
			attrs = append(attrs, `style="rounded,filled"`, `fillcolor="#f4cccc"`, `color="#cc0000"`, `penwidth=2`)
		}
		if n.Parent == 0 {
			attrs = append(attrs, `shape=octagon`, `color="#cc0000"`)
		}
		fmt.Fprintf(&b, "  n%d [%s];\n", n.ID, strings.Join(attrs, ", "))
	}
	for _, n := range g {
		if n.Parent == 0 {
			continue
		}
		attrs := []string{"label=" + dotQuote(n.Transition+"("+procList(n.Args)+")")}
		if onPath[n.ID] {
			attrs = append(attrs, `color="#cc0000"`, `fontcolor="#cc0000"`, `penwidth=2`)
		} else if n.Status == reach.Covered || n.Status == reach.Deleted {
			attrs = append(attrs, `color=gray50`, `fontcolor=gray40`)
		}
		fmt.Fprintf(&b, "  n%d -> n%d [%s];\n", n.ID, n.Parent, strings.Join(attrs, ", "))
	}
	if reached != 0 {
		b.WriteString("  init [shape=doublecircle, label=\"init\", color=\"#cc0000\"];\n")
		fmt.Fprintf(&b, "  init -> n%d [color=\"#cc0000\", penwidth=2];\n", reached)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// cubeLabel is a node's label: its status, the property for unsafe cubes,
// and the cube's literals one per line.
func cubeLabel(n reach.GraphNode) string {
	head := fmt.Sprintf("%d %s", n.ID, n.Status)
	if n.Parent == 0 {
		head += " " + n.Unsafe
	}
	return head + "\n" + strings.ReplaceAll(n.Cube, " && ", "\n")
}

// dotQuote quotes a string as a Graphviz ID; newlines become \l (left
// aligned lines) when left is set in the caller's text, else \n.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
