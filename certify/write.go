package certify

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Certificate is a SAFE answer to state: the model and the visited cubes
// of the search that proved it.
type Certificate struct {
	Sys *translate.System
	// Cubes is reach's Result.Invariant of a search of Sys itself (not of
	// another translation of the same model): the focus of the transition
	// obligations matches the cubes with Sys's pre-images, term by term.
	Cubes  []reach.InvariantCube
	Source string // the model file, for the header
	// Model is the memory model checked, or the search's (nil: TSO, as
	// in reach), used when Sys.Model.Weak: reach.OrderingSteps(pso)
	// gives the same certificate as pso (coverModel).
	Model memmodel.Model
}

// Write prints c as an SMT-LIB 2 script (see the package documentation).
func Write(w io.Writer, c *Certificate) error {
	p := newPrinter(c)
	covers, err := reach.Covers(c.Sys, coverModel(c), c.Cubes)
	if errors.Is(err, reach.ErrFenceMoved) {
		return fmt.Errorf("%w (%w)", err, ErrNotEncoded)
	}
	if err != nil {
		return err
	}
	p.covers = covers
	body, err := p.body()
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, p.header()+body)
	return err
}

// searchModel is the model of the search that proved c: c.Model, kept
// by the refined PSO search's wrapper (reach.KeepingObligations) when a
// cube has a marked read, which only that search makes (check passes the
// model checked, pso, whichever of decide's searches answered).
func searchModel(c *Certificate) memmodel.Model {
	mm := memmodel.Or(c.Model, c.Sys.Model.Weak)
	if reach.KeepsObligations(mm) {
		return mm
	}
	for _, v := range c.Cubes {
		if slices.ContainsFunc(v.Cube.Events, func(e translate.Event) bool { return e.Sourced }) {
			return reach.KeepingObligations(mm)
		}
	}
	return mm
}

// coverModel is the model whose pre-images reach.Covers matches against
// the cubes to focus the transition obligations: the search's
// (searchModel), except under a model whose writes may reach memory out
// of program order (PSO), where the certificate states the step order of
// every step (weakstep_pso.go, psoLaws: the step's instant is before
// every later event), so the pre state of an obligation is one of the
// step-ordered pre-images (reach.OrderingSteps), whichever search proved
// the answer. Covers computed without the order missed the cubes that
// cover them when the search ran with it (two_phase_N: executeDecision's
// pre-images of nodes 6, 8 and 16, covered by nodes 20, 35 and 60). Any
// covers are sound (each assumed cube is part of inv); these are the
// ones the obligations need.
func coverModel(c *Certificate) memmodel.Model {
	mm := searchModel(c)
	if !c.Sys.Model.Weak || memmodel.WritesInProgramOrder(reach.SearchModel(c.Sys, mm)) {
		return mm
	}
	return reach.OrderingSteps(mm)
}

// printer holds what the parts of a certificate share.
type printer struct {
	c     *Certificate
	state []stateVar // the variables of a state (the functions of the state take them)
	// initVars are the parameters of init: the state's variables, and
	// under a weak model the weak variables and arrays (the initial memory).
	initVars []stateVar
	env      env
	cubes    []string // the names of the cubes of Inv
	// covers[i][k] are the cubes (indices in Cubes) that cover the
	// pre-images of cube i by transition k (reach.Covers).
	covers [][][]reach.Cover
	weak   *weakModel
}

// stateVar is one variable of a state: a model variable or array (sym),
// or under a weak model a part of the explicit state (sym nil).
type stateVar struct {
	name, sort string
	sym        *syntax.Symbol
}

func symVar(s *syntax.Symbol) stateVar { return stateVar{name: s.Name, sort: symSort(s), sym: s} }

func newPrinter(c *Certificate) *printer {
	p := &printer{c: c, env: env{consts: map[int]bool{}, syms: c.Sys.Model.Symbols}}
	m := c.Sys.Model
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		if s := m.Symbols[name]; s.Class == syntax.SymVar || s.Class == syntax.SymArray {
			p.initVars = append(p.initVars, symVar(s))
			if !s.Weak {
				p.state = append(p.state, symVar(s))
			}
		}
	}
	if m.Weak {
		mm := searchModel(c)
		p.weak = newWeakModel(m, mm, reach.SearchModel(c.Sys, mm))
		for _, l := range p.weak.locs {
			if p.weak.reorders && reach.SelfValued(c.Sys, l) {
				p.weak.selfValued = append(p.weak.selfValued, l)
			}
		}
		p.state = append(p.state, p.weak.stateVars()...)
		p.env.weak = p.weak
	}
	return p
}

// header declares the sorts, the processes, the constants and the pre
// state; it comes after the body, which collects the process constants.
func (p *printer) header() string {
	var b strings.Builder
	m := p.c.Sys.Model
	if p.weak != nil {
		fmt.Fprintf(&b, "; cubew SAFE certificate of %s (%s, event-explicit encoding)\n", p.c.Source, p.weak.name)
		switch {
		case p.weak.reorders:
			b.WriteString("; a process's writes to different locations may reach memory out of program\n; order: ghb is the order in time, a write's event when it reaches memory\n")
		case !memmodel.WritesInProgramOrder(p.c.Model):
			b.WriteString("; no process can have writes to two locations pending (one weak location, or\n; every weak write locked): writes become visible in program order, as under tso\n")
		}
	} else {
		fmt.Fprintf(&b, "; cubew SAFE certificate of %s (sequential consistency)\n", p.c.Source)
	}
	b.WriteString("; inv = dom and, for every cube node_N below, not node_N: the negation of the\n")
	b.WriteString("; visited set of the backward search. Every obligation must answer unsat.\n")
	b.WriteString("; A transition obligation that node_N fails after the step assumes of the\n; pre state only dom and the cubes that cover node_N's pre-images by the\n; transition (fewer assumptions: a stronger obligation).\n")
	b.WriteString("; In the comments on cubes, #1, #2, ... are the cube's variables p1, p2, ...\n")
	b.WriteString("(set-logic ALL)\n(define-sort Proc () Int)\n")
	for _, name := range slices.Sorted(maps.Keys(m.Types)) {
		t := m.Types[name]
		switch t.Kind {
		case syntax.TEnum:
			ctors := make([]string, len(t.Constructors))
			for i, k := range t.Constructors {
				ctors[i] = "(" + quote(k) + ")"
			}
			fmt.Fprintf(&b, "(declare-datatypes ((%s 0)) ((%s)))\n", quote(t.Name), strings.Join(ctors, " "))
		case syntax.TAbstract:
			fmt.Fprintf(&b, "(declare-sort %s 0)\n", quote(t.Name))
		}
	}
	if m.NumProcs > 0 {
		fmt.Fprintf(&b, "; the processes: 1..number_procs\n(define-fun is_proc ((p Proc)) Bool (and (<= 1 p) (<= p %d)))\n", m.NumProcs)
	} else {
		b.WriteString("; the processes: any set of integers with at least one member\n(declare-fun is_proc (Proc) Bool)\n")
		b.WriteString("(declare-const some_proc Proc)\n(assert (is_proc some_proc))\n")
	}
	if p.weak != nil {
		b.WriteString(p.weak.declarations())
	}
	var consts []int
	for k := range p.env.consts {
		consts = append(consts, k)
	}
	sort.Ints(consts)
	for _, k := range consts {
		if m.NumProcs == 0 { // under a bound is_proc is defined: asserting it could only be inconsistent
			fmt.Fprintf(&b, "(assert (is_proc %d)) ; process #%d\n", k, k)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		if s := m.Symbols[name]; s.Class == syntax.SymConst {
			fmt.Fprintf(&b, "(declare-const %s %s)\n", quote(s.Name), symSort(s))
			if typed := p.typed(s, env{}); typed != "" {
				fmt.Fprintf(&b, "(assert %s)\n", typed)
			}
		}
	}
	b.WriteString("; the state before a step\n")
	for _, v := range p.state {
		fmt.Fprintf(&b, "(declare-const %s %s)\n", pre(v), v.sort)
	}
	return b.String()
}

// params is the parameter list of a function of vars.
func params(vars []stateVar) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = "(" + quote(v.name) + " " + v.sort + ")"
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// apply applies a function of the state to the state named by arg.
func (p *printer) apply(fn string, arg func(stateVar) string) string {
	return applyOver(p.state, fn, arg)
}

// applyOver applies a function of vars to the values named by arg.
func applyOver(vars []stateVar, fn string, arg func(stateVar) string) string {
	if len(vars) == 0 {
		return fn
	}
	parts := []string{fn}
	for _, v := range vars {
		parts = append(parts, arg(v))
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// pre names the state before a step.
func pre(v stateVar) string { return quote("pre." + v.name) }

// define prints a function of the state.
func (p *printer) define(b *strings.Builder, name, body string) {
	defineOver(b, p.state, name, body)
}

// defineOver prints a predicate over vars.
func defineOver(b *strings.Builder, vars []stateVar, name, body string) {
	fmt.Fprintf(b, "(define-fun %s %s Bool\n  %s)\n", name, params(vars), body)
}

// forallCells quantifies body over every process cell of s (arity > 0).
func forallCells(s *syntax.Symbol, e env, body func(cell string) string) string {
	vars := make([]string, s.Arity)
	binds := make([]string, s.Arity)
	guards := make([]string, s.Arity)
	for i := range vars {
		vars[i] = fmt.Sprintf("j%d", i)
		binds[i] = "(" + vars[i] + " Proc)"
		guards[i] = "(is_proc " + vars[i] + ")"
	}
	inner := body(cell(e.state(s), vars))
	if s.Arity == 0 {
		return inner
	}
	return fmt.Sprintf("(forall (%s) (=> %s %s))", strings.Join(binds, " "), and(guards...), inner)
}

// typed says that the values of a proc-typed symbol are processes ("" for
// other symbols).
func (p *printer) typed(s *syntax.Symbol, e env) string {
	if s.Type.Kind != syntax.TProc {
		return ""
	}
	return forallCells(s, e, func(c string) string { return "(is_proc " + c + ")" })
}

// dom says that the values of an enumerated symbol are in its subtype.
func dom(s *syntax.Symbol, e env) string {
	sub := translate.SubtypeOf(s)
	if sub == nil || s.Class == syntax.SymConstructor {
		return ""
	}
	return forallCells(s, e, func(c string) string {
		var ors []string
		for _, k := range s.Type.Constructors {
			if sub[k] {
				ors = append(ors, "(= "+c+" "+ctor(k)+")")
			}
		}
		return or(ors...)
	})
}

// exists is a cube: distinct processes p1..pn with the literals.
func (p *printer) exists(c *translate.Cube, e env) string {
	binds, body := p.cubeBody(c, e)
	if len(binds) == 0 {
		return body
	}
	return fmt.Sprintf("(exists (%s) %s)", strings.Join(binds, " "), body)
}

// cubeBody is a cube with its processes p1..pn and events e0.. free:
// their bindings, and what they satisfy (distinct processes, the events'
// attributes and order, the literals).
func (p *printer) cubeBody(c *translate.Cube, e env) (binds []string, body string) {
	parts := make([]string, 0, c.NVars+1+len(c.Lits))
	var vars []string
	for i := 1; i <= c.NVars; i++ {
		v := e.proc(translate.Proc(i))
		vars = append(vars, v)
		binds = append(binds, "("+v+" Proc)")
		parts = append(parts, "(is_proc "+v+")")
	}
	if len(vars) > 1 {
		parts = append(parts, "(distinct "+strings.Join(vars, " ")+")")
	}
	if len(c.Events) > 0 {
		evBinds, evParts := p.weak.cubeEvents(c, reach.UnsatisfiedReads(c), e)
		binds = append(binds, evBinds...)
		parts = append(parts, evParts...)
		e.events = c.Events
	}
	for _, l := range c.Lits {
		parts = append(parts, e.literal(l))
	}
	return binds, and(parts...)
}
