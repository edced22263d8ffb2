package certify

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/translate"
)

// transitionName names the obligation of transitions[i]: its name, with
// the number of its guard's disjunct when the guard has several.
func (p *printer) transitionName(i int) string {
	ts := p.c.Sys.Transitions
	t := ts[i]
	k, n := 0, 0
	for j, u := range ts {
		if u.Name == t.Name {
			n++
			if j <= i {
				k++
			}
		}
	}
	if n == 1 {
		return "transition " + t.Name
	}
	return fmt.Sprintf("transition %s/%d", t.Name, k)
}

// transition prints the obligation that t preserves Inv: distinct
// parameters, the guard and its forall_other part over the pre state, the
// post state defined by the updates (the other symbols keep their value,
// nondet ones are fresh), and Inv failing after the step.
func (p *printer) transition(b *strings.Builder, i int, t *translate.Transition) error {
	e := p.env.with("pre.")
	e.names.args = p.argNames(t)
	var decls, facts []string
	var step *weakStep
	if p.weak != nil {
		var err error
		if step, err = p.weak.newWeakStep(t, e); err != nil {
			return err
		}
		if step != nil {
			e.read = step.x
		}
	}
	for _, a := range e.names.args {
		decls = append(decls, "(declare-const "+a+" Proc)")
		facts = append(facts, "(is_proc "+a+")")
	}
	if len(e.names.args) > 1 {
		facts = append(facts, "(distinct "+strings.Join(e.names.args, " ")+")")
	}
	facts = append([]string{p.apply("typed", pre)}, facts...)
	if len(t.Guard) > 0 {
		facts = append(facts, e.conj(t.Guard))
	}
	if t.HasOther {
		guards := []string{"(is_proc q)"}
		for _, a := range e.names.args {
			guards = append(guards, "(not (= q "+a+"))")
		}
		facts = append(facts, fmt.Sprintf("(forall ((q Proc)) (=> %s %s))", and(guards...), e.dnf(t.Other)))
	}
	post := map[string]bool{}
	for _, s := range t.Nondets {
		post[s.Name] = true
	}
	for _, u := range t.Updates {
		if u.NIdx == 0 && u.Default == nil && len(u.Branches) == 0 || u.Sym.Weak {
			continue
		}
		post[u.Sym.Name] = true
		facts = append(facts, p.update(e, u))
	}
	if step != nil {
		if err := step.encode(p.weak, t, e); err != nil {
			return err
		}
		for _, v := range p.weak.stateVars() {
			post[v.name] = true
		}
	}
	for _, v := range p.state {
		if post[v.name] {
			decls = append(decls, fmt.Sprintf("(declare-const %s %s)", quote("post."+v.name), v.sort))
		}
	}
	if step != nil {
		decls = append(decls, step.decls...)
		facts = append(facts, step.facts...)
	}
	after := func(v stateVar) string {
		if post[v.name] {
			return quote("post." + v.name)
		}
		return pre(v)
	}
	facts = append(facts, p.apply("typed", after))
	p.group(b, p.transitionName(i), fmt.Sprintf("inv is preserved by %s (%s)", t.Name, strings.Join(e.names.args, " ")),
		decls, facts, p.focused(i, p.invFails(after), e.names.args, step, after))
	return nil
}

// argNames names t's parameters arg.NAME after the model's transition.
func (p *printer) argNames(t *translate.Transition) []string {
	out := make([]string, t.NParams)
	for i := range out {
		out[i] = fmt.Sprintf("arg.%d", i)
	}
	for _, st := range p.c.Sys.Model.Transitions {
		if st.Name == t.Name && len(st.Params) == t.NParams {
			for i, a := range st.Params {
				out[i] = quote("arg." + a.Name)
			}
		}
	}
	return out
}

// update defines the post-state value of u's symbol: a store for one
// cell, otherwise every cell (the variable itself) by the case list over
// the pre state.
func (p *printer) update(e env, u *translate.Update) string {
	post := quote("post." + u.Sym.Name)
	real := e.isReal(translate.StateTerm(u.Sym))
	if u.Cell != nil && len(u.Branches) == 1 && u.Default == nil {
		args := make([]string, len(u.Cell))
		for i, c := range u.Cell {
			args[i] = e.proc(c)
		}
		return "(= " + post + " " + store(e.state(u.Sym), args, e.term(u.Branches[0].Value, real)) + ")"
	}
	vars := make([]string, u.NIdx)
	binds := make([]string, u.NIdx)
	for i := range vars {
		vars[i] = e.proc(translate.IndexBase + translate.Proc(i))
		binds[i] = "(" + vars[i] + " Proc)"
	}
	val := cell(e.state(u.Sym), vars)
	if u.Default != nil {
		val = e.term(u.Default, real)
	}
	for i := len(u.Branches) - 1; i >= 0; i-- {
		br := u.Branches[i]
		val = "(ite " + e.dnf(br.Cond) + " " + e.term(br.Value, real) + " " + val + ")"
	}
	if u.NIdx == 0 { // a variable: its value, or a case list over the pre state
		return "(= " + post + " " + val + ")"
	}
	return fmt.Sprintf("(forall (%s) (= %s %s))", strings.Join(binds, " "), cell(post, vars), val)
}

// store is base with the cell at args set to v.
func store(base string, args []string, v string) string {
	if len(args) == 1 {
		return "(store " + base + " " + args[0] + " " + v + ")"
	}
	return "(store " + base + " " + args[0] + " " + store(cell(base, args[:1]), args[1:], v) + ")"
}
