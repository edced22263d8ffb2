package certify

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cubew/cubew/translate"
)

// body prints the functions of the state (Typed, Dom, the cubes, Inv,
// Init, the unsafe cubes) and the obligations.
func (p *printer) body() (string, error) {
	var b strings.Builder
	e := p.env
	var typed, doms []string
	for _, v := range p.state {
		if v.sym == nil {
			continue
		}
		if t := p.typed(v.sym, e); t != "" {
			typed = append(typed, t)
		}
	}
	m := p.c.Sys.Model
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		if s := m.Symbols[name]; !s.Weak {
			if d := dom(s, e); d != "" {
				doms = append(doms, d)
			}
		}
	}
	if p.weak != nil {
		typed = append(typed, p.weak.typed()...)
		doms = append(doms, p.weak.dom()...)
	}
	b.WriteString("; typed: proc-typed values are processes (assumed of every state)\n")
	p.define(&b, "typed", and(typed...))
	b.WriteString("; dom: the enumerated values stay in their subtypes (part of inv)\n")
	p.define(&b, "dom", and(doms...))
	invParts := []string{p.apply("dom", nameOf)}
	inv := 0
	for _, v := range p.c.Cubes {
		name := fmt.Sprintf("node_%d", v.Node)
		assumed := v.Node == 0 && constantsOnly(v.Cube)
		switch {
		case assumed:
			inv++
			name = fmt.Sprintf("invariant_%d", inv)
			b.WriteString("; a user invariant over constants alone, ASSUMED (--assume-invariants): a\n; restriction of the instance, which no state changes (asserted below)\n")
		case v.Node == 0:
			inv++
			name = fmt.Sprintf("invariant_%d", inv)
			b.WriteString("; a user invariant (proved here with the rest)\n")
		case v.Image > 0:
			name = fmt.Sprintf("node_%d_image_%d", v.Node, v.Image)
			fmt.Fprintf(&b, "; node %d's image %d under a symmetry of the process constants\n", v.Node, v.Image)
		case v.Parent == 0:
			fmt.Fprintf(&b, "; node %d: an unsafe cube\n", v.Node)
		default:
			fmt.Fprintf(&b, "; node %d: pre-image of node %d by %s\n", v.Node, v.Parent, v.Transition)
		}
		fmt.Fprintf(&b, ";   %s\n", v.Cube)
		commentEvents(&b, v.Cube)
		p.defineCube(&b, name, v.Cube, e)
		if assumed {
			fmt.Fprintf(&b, "(assert (not %s))\n", p.apply(name, pre))
		}
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
		commentEvents(&b, u.Cube)
		p.define(&b, name, p.exists(u.Cube, e))
		unsafes = append(unsafes, goal{name: name, assertion: p.apply(name, pre)})
	}
	decls, facts := p.initFacts()
	p.group(&b, "init", "the initial states satisfy inv", decls, facts, p.groundInit(p.invFails(pre)))
	for i, t := range p.c.Sys.Transitions {
		if err := p.transition(&b, i, t); err != nil {
			return "", err
		}
	}
	p.group(&b, "unsafe", "inv excludes the unsafe states", nil,
		[]string{p.apply("typed", pre), p.apply("inv", pre)}, unsafes)
	return b.String(), nil
}

// initFacts are the facts of the init obligations: a typed state whose
// variables satisfy init; under a weak model, init is about the state's
// non-weak variables and an initial memory mem.L of the weak ones, from
// which every unsatisfied read of the execution reads, before any write
// to its cell reaches memory (but its own step's).
func (p *printer) initFacts() (decls, facts []string) {
	if p.weak == nil {
		return nil, []string{p.apply("typed", pre), p.apply("init", pre)}
	}
	facts = []string{p.apply("typed", pre)}
	for _, l := range p.weak.locs {
		decls = append(decls, fmt.Sprintf("(declare-const %s %s)", quote("mem."+l.Name), symSort(l)))
		if t := p.typed(l, p.env.with("mem.")); t != "" {
			facts = append(facts, t)
		}
		facts = append(facts, forallFut("pre."+futName, forallLoc(l, func(c []string) string {
			return "(=> " + unsatAt(quote("pre."+unsatName(l)), "f", c) + " (and (= " + rval(l, "f", c) + " " + cell(quote("mem."+l.Name), c) + ")" +
				" (forall ((g Ev)) (=> (and (select pre." + futName + " g) (not (= g f)) " + wr(l, "g", c) + ") (ghb f g)))))"
		})))
	}
	facts = append(facts, applyOver(p.initVars, "init", func(v stateVar) string {
		if v.sym.Weak {
			return quote("mem." + v.name)
		}
		return pre(v)
	}))
	return decls, facts
}

// goal is one way an obligation could fail: with the facts of its group,
// the assertion must be unsat.
type goal struct {
	name, assertion string
	// A transition's obligation (see focused) declares decls, and asserts
	// assume (the part of inv it assumes of the pre state, with why as
	// a comment) and hints (instances of it) before assertion.
	decls       []string
	assume, why string
	hints       []string
}

// invFails lists the ways Inv can fail in the state named by arg: Dom
// fails, or a state of some cube.
func (p *printer) invFails(arg func(stateVar) string) []goal {
	out := []goal{{name: "dom", assertion: "(not " + p.apply("dom", arg) + ")"}}
	for _, c := range p.cubes {
		out = append(out, goal{name: c, assertion: p.apply(c, arg)})
	}
	return out
}

// nameOf names a state variable inside a function of the state.
func nameOf(v stateVar) string { return quote(v.name) }

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
	b.WriteString("; Init: the initial states\n")
	if len(binds) > 0 {
		vars := slices.Clone(p.initVars)
		for i := 0; i < in.NParams; i++ {
			vars = append(vars, stateVar{name: fmt.Sprintf("x%d", i), sort: "Proc"})
		}
		defineOver(b, vars, "init_at", body)
		body = fmt.Sprintf("(forall (%s) (=> %s %s))", strings.Join(binds, " "), and(guards...), applyOver(vars, "init_at", nameOf))
	}
	defineOver(b, p.initVars, "init", body)
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
		fmt.Fprintf(b, "(push 1)\n(echo \"obligation %s: %s\")\n", name, g.name)
		for _, d := range g.decls {
			b.WriteString(d + "\n")
		}
		switch {
		case g.why != "":
			fmt.Fprintf(b, "(assert %s) ; %s\n", g.assume, g.why)
		case g.assume != "":
			fmt.Fprintf(b, "(assert %s)\n", g.assume)
		}
		for _, h := range g.hints {
			b.WriteString("(assert " + h + ")\n")
		}
		fmt.Fprintf(b, "(assert %s)\n(check-sat)\n(pop 1)\n", g.assertion)
	}
	b.WriteString("(pop 1)\n")
}

// commentEvents lists the events of a weak cube and their relation in a
// comment (e0, e1, ... as in the cube's define-fun).
func commentEvents(b *strings.Builder, c *translate.Cube) {
	if len(c.Events) == 0 {
		return
	}
	parts := make([]string, len(c.Events))
	for i, ev := range c.Events {
		parts[i] = fmt.Sprintf("e%d: %s", i, ev)
	}
	fmt.Fprintf(b, ";   events %s; ghb %s\n", strings.Join(parts, ", "), c.Rel)
}
