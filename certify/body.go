package certify

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// body prints the functions of the state (Typed, Dom, the cubes, Inv,
// Init, the unsafe cubes) and the obligations.
func (p *printer) body() string {
	var b strings.Builder
	e := p.env
	var typed, doms []string
	for _, s := range p.state {
		if t := p.typed(s, e); t != "" {
			typed = append(typed, t)
		}
	}
	m := p.c.Sys.Model
	for _, name := range sortedKeys(m.Symbols) {
		if d := dom(m.Symbols[name], e); d != "" {
			doms = append(doms, d)
		}
	}
	b.WriteString("; typed: proc-typed values are processes (assumed of every state)\n")
	p.define(&b, "typed", and(typed...))
	b.WriteString("; dom: the enumerated values stay in their subtypes (part of inv)\n")
	p.define(&b, "dom", and(doms...))
	invParts := []string{p.apply("dom", nameOf)}
	inv := 0
	for _, v := range p.c.Cubes {
		name := fmt.Sprintf("node_%d", v.Node)
		switch {
		case v.Node == 0:
			inv++
			name = fmt.Sprintf("invariant_%d", inv)
			b.WriteString("; a user invariant (proved here with the rest)\n")
		case v.Parent == 0:
			fmt.Fprintf(&b, "; node %d: an unsafe cube\n", v.Node)
		default:
			fmt.Fprintf(&b, "; node %d: pre-image of node %d by %s\n", v.Node, v.Parent, v.Transition)
		}
		fmt.Fprintf(&b, ";   %s\n", v.Cube)
		p.define(&b, name, p.exists(v.Cube, e))
		invParts = append(invParts, "(not "+p.apply(name, nameOf)+")")
		p.cubes = append(p.cubes, name)
	}
	b.WriteString("; inv: the inductive invariant\n")
	p.define(&b, "inv", and(invParts...))
	p.init(&b)
	var unsafes []goal
	for i, u := range p.c.Sys.Unsafe {
		name := fmt.Sprintf("unsafe_%d", i+1)
		fmt.Fprintf(&b, "; unsafe property %s\n;   %s\n", u.Name, u.Cube)
		p.define(&b, name, p.exists(u.Cube, e))
		unsafes = append(unsafes, goal{name, p.apply(name, pre)})
	}
	p.group(&b, "init", "the initial states satisfy inv", nil,
		[]string{p.apply("typed", pre), p.apply("init", pre)}, p.invFails(pre))
	for i, t := range p.c.Sys.Transitions {
		p.transition(&b, i, t)
	}
	p.group(&b, "unsafe", "inv excludes the unsafe states", nil,
		[]string{p.apply("typed", pre), p.apply("inv", pre)}, unsafes)
	return b.String()
}

// goal is one way an obligation could fail: with the facts of its group,
// the assertion must be unsat.
type goal struct {
	name, assertion string
}

// invFails lists the ways Inv can fail in the state named by arg: Dom
// fails, or a state of some cube.
func (p *printer) invFails(arg func(*syntax.Symbol) string) []goal {
	out := []goal{{"dom", "(not " + p.apply("dom", arg) + ")"}}
	for _, c := range p.cubes {
		out = append(out, goal{c, p.apply(c, arg)})
	}
	return out
}

// nameOf names a state symbol inside a function of the state.
func nameOf(s *syntax.Symbol) string { return quote(s.Name) }

// init prints Init: for every choice of init's parameters (distinct where
// init says so), one of its conjunctions holds.
func (p *printer) init(b *strings.Builder) {
	in := p.c.Sys.Init
	e := p.env
	e.names.args = nil
	var binds, guards []string
	for i := 0; i < in.NParams; i++ {
		v := fmt.Sprintf("x%d", i)
		e.names.args = append(e.names.args, v)
		binds = append(binds, "("+v+" Proc)")
		guards = append(guards, "(is_proc "+v+")")
	}
	for _, d := range in.Distinct {
		guards = append(guards, fmt.Sprintf("(distinct x%d x%d)", d[0], d[1]))
	}
	body := e.dnf(in.DNF)
	if len(binds) > 0 {
		body = fmt.Sprintf("(forall (%s) (=> %s %s))", strings.Join(binds, " "), and(guards...), body)
	}
	b.WriteString("; Init: the initial states\n")
	p.define(b, "init", body)
}

// group prints the obligations NAME: GOAL, one per goal: in a (push)
// block that declares decls and asserts facts, one nested block per goal
// asserting it and asking (check-sat).
func (p *printer) group(b *strings.Builder, name, what string, decls, facts []string, goals []goal) {
	fmt.Fprintf(b, "\n; obligations %s: %s\n; (each block below asserts a way it could fail: must be unsat)\n(push 1)\n", name, what)
	for _, d := range decls {
		b.WriteString(d + "\n")
	}
	for _, f := range facts {
		b.WriteString("(assert " + f + ")\n")
	}
	for _, g := range goals {
		fmt.Fprintf(b, "(push 1)\n(echo \"obligation %s: %s\")\n(assert %s)\n(check-sat)\n(pop 1)\n", name, g.name, g.assertion)
	}
	b.WriteString("(pop 1)\n")
}
