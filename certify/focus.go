package certify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// defineCube prints cube c as NAME, a function of the state, and when it
// has processes or events as NAME_at too, a function of the state and
// of them: NAME is NAME_at for some of them.
func (p *printer) defineCube(b *strings.Builder, name string, c *translate.Cube, e env) {
	binds, body := p.cubeBody(c, e)
	if len(binds) == 0 {
		p.define(b, name, body)
		return
	}
	vars := make([]stateVar, len(binds))
	for i, bd := range binds {
		v, sort, _ := strings.Cut(strings.Trim(bd, "()"), " ")
		vars[i] = stateVar{name: v, sort: sort}
	}
	all := append(append([]stateVar(nil), p.state...), vars...)
	defineOver(b, all, name+"_at", body)
	p.define(b, name, fmt.Sprintf("(exists (%s) %s)", strings.Join(binds, " "), applyOver(all, name+"_at", nameOf)))
}

// at applies cube i's NAME_at to the state named by arg and to procs and
// events (NAME when the cube has neither).
func (p *printer) at(i int, arg func(stateVar) string, procs, events []string) string {
	name := p.cubes[i]
	if len(procs)+len(events) == 0 {
		return p.apply(name, arg)
	}
	return strings.TrimSuffix(p.apply(name+"_at", arg), ")") + " " + strings.Join(append(append([]string(nil), procs...), events...), " ") + ")"
}

// focused gives each way inv can fail after a step of transitions[k]
// (invFails: dom, then the cubes in order) what it assumes of the pre
// state. For cube i, when its covers (printer.covers) are known: dom and
// the negations of the cubes that cover its pre-images by the
// transition, and the instances of those negations that the search's
// inclusions give (hints: implied by the rest, they spare the prover the
// search for them); cube i after the step is stated of fresh constants
// sk.p1, ..., sk.e0, ... (Skolem's), which the hints mention, with the
// instances at its events of the step's facts about later events (the
// step's laws: without them cvc5's E-matching misses the instances that
// dekker_simple_N's obligations need). Otherwise,
// and for dom, the whole inv. Assuming less of the pre state makes an
// obligation stronger: its unsat proves the one assuming inv, and the
// prover instantiates a few cubes instead of all of them.
func (p *printer) focused(k int, goals []goal, args []string, step *weakStep, after func(stateVar) string) []goal {
	inv := p.apply("inv", pre)
	for j := range goals {
		goals[j].assume = inv
		if j == 0 && p.weak != nil && len(p.weak.selfValued) > 0 {
			// dom's laws of self-valued variables follow from dom and
			// the step (weakstep_pso.go); the cubes only slow the prover
			// (corr_readers: Z3 out of 20 million units with them)
			goals[j].assume = p.apply("dom", pre)
			goals[j].why = "of inv: dom"
		}
		if j == 0 || p.covers[j-1][k] == nil {
			continue
		}
		i := j - 1
		c := p.c.Cubes[i].Cube
		var procs, events []string
		for v := 1; v <= c.NVars; v++ {
			procs = append(procs, fmt.Sprintf("sk.p%d", v))
			goals[j].decls = append(goals[j].decls, fmt.Sprintf("(declare-const sk.p%d Proc)", v))
		}
		for v := range c.Events {
			ev := fmt.Sprintf("sk.e%d", v)
			events = append(events, ev)
			goals[j].decls = append(goals[j].decls, "(declare-const "+ev+" Ev)")
		}
		goals[j].hints = append(goals[j].hints, step.instances(events)...)
		goals[j].assertion = p.at(i, after, procs, events)
		parts := []string{p.apply("dom", pre)}
		var names []string
		done := map[int]bool{}
		ground := true // every cover has its instance
		for _, cv := range p.covers[i][k] {
			if !done[cv.Cube] {
				done[cv.Cube] = true
				names = append(names, p.cubes[cv.Cube])
				parts = append(parts, "(not "+p.apply(p.cubes[cv.Cube], pre)+")")
			}
			h := p.hint(cv, procs, events, args, step)
			if h != "" {
				goals[j].hints = append(goals[j].hints, h)
			}
			ground = ground && h != ""
		}
		if ground {
			goals[j].assume = parts[0]
			goals[j].why = "of inv: dom, and below the instances of not " + strings.Join(names, ", ") + " that cover the pre-images"
			continue
		}
		goals[j].assume = and(parts...)
		goals[j].why = "of inv: dom, not " + strings.Join(names, ", ")
	}
	return goals
}

// hint is the instance of cover cv's negation in the pre state that its
// inclusion gives, with procs and events the post cube's, args the
// transition's parameters and step its events; "" when the cover has no
// instance or part of it is unknown.
func (p *printer) hint(cv reach.Cover, procs, events, args []string, step *weakStep) string {
	if cv.Procs == nil {
		return ""
	}
	name := func(o reach.Origin) string {
		switch {
		case o.Kind == reach.CubeVar && o.N-1 < len(procs):
			return procs[o.N-1]
		case o.Kind == reach.Param && o.N < len(args):
			return args[o.N]
		case o.Kind == reach.CubeEvent && o.N < len(events):
			return events[o.N]
		case o.Kind == reach.StepRead && step != nil:
			return step.x
		case o.Kind == reach.StepWrite && step != nil:
			return step.w
		}
		return ""
	}
	var ps, es []string
	for _, o := range cv.Procs {
		ps = append(ps, name(o))
	}
	for _, o := range cv.Events {
		es = append(es, name(o))
	}
	if slices.Contains(ps, "") || slices.Contains(es, "") {
		return ""
	}
	return "(not " + p.at(cv.Cube, pre, ps, es) + ")"
}

// instances are the step's laws at the events of the post cube (a pair
// law at every pair of them; none without a step).
func (st *weakStep) instances(events []string) []string {
	if st == nil {
		return nil
	}
	var out []string
	for _, f := range events {
		for _, l := range st.laws {
			if !l.pair {
				out = append(out, "(=> (select post."+futName+" "+f+") ("+l.name+" "+f+"))")
				continue
			}
			for _, y := range events {
				if y != f {
					out = append(out, "(=> (and (select post."+futName+" "+f+") (select post."+futName+" "+y+")) ("+l.name+" "+f+" "+y+"))")
				}
			}
		}
	}
	return out
}
