package certify

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// ErrNotEncoded is wrapped by the errors of Write for a system or a
// proof the event-explicit encoding does not cover (docs/certificates.md:
// a case update of a weak variable without a default; under pso, a
// pre-image covered only with a fence moved before its class).
var ErrNotEncoded = errors.New("not supported")

// weakModel prints the event-explicit encoding of a weak model (see
// docs/certificates.md): an explicit state is the non-weak variables, the
// set fut of the events of the execution's remaining steps, and per weak
// location L the set unsat.L of the (event, cell) reads among them that
// read from before the state (no remaining write satisfies them). Every
// event has attributes fixed for the whole execution: its process, its
// time (ghb is the order of times: a strict order, hence acyclic), the
// cells it reads (rd.L) and writes (wr.L), the values it reads (rval.L)
// and writes (wval.L),
// whether it is a fence and whether it is one of the final reads of the
// unsafe formula.
type weakModel struct {
	locs []*syntax.Symbol // the weak variables and arrays, by name
	// name is the memory model checked; mm the one whose rules the search
	// followed (reach.SearchModel: under PSO, for the systems it allows,
	// the same model with every write→write pair kept).
	name string
	mm   memmodel.Model
	// reorders: the search lets a process's writes to different locations
	// reach memory out of program order (PSO): ghb is the order in time of
	// the execution, a write's event when it reaches memory (docs/certificates.md,
	// "PSO"), and the steps follow the pso rules of weakstep_pso.go.
	reorders bool
	// sources: under reorders, the search is the refined one
	// (reach.KeepingObligations), whose cubes mark satisfied reads: the
	// certificate states which write each read reads (rf.L) and the
	// coherence obligation of a read of memory (weakstep_pso.go,
	// psoObligation).
	sources bool
	// selfValued: under reorders, the weak variables that only their
	// writer's name is written to (reach.SelfValued), whose law the
	// states keep (weakstep_pso.go, selfValuedLaws).
	selfValued []*syntax.Symbol
}

func newWeakModel(m *syntax.Model, checked, search memmodel.Model) *weakModel {
	w := &weakModel{name: checked.Name(), mm: search, reorders: !memmodel.WritesInProgramOrder(search)}
	w.sources = w.reorders && reach.KeepsObligations(search)
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		if s := m.Symbols[name]; s.Weak {
			w.locs = append(w.locs, s)
		}
	}
	return w
}

// futName and unsatName name the parts of an explicit state.
const futName = "fut"

func unsatName(l *syntax.Symbol) string { return "unsat." + l.Name }

// stateVars are the event parts of an explicit state.
func (w *weakModel) stateVars() []stateVar {
	out := []stateVar{{name: futName, sort: "(Array Ev Bool)"}}
	for _, l := range w.locs {
		srt := "Bool"
		for i := 0; i < l.Arity; i++ {
			srt = "(Array Proc " + srt + ")"
		}
		out = append(out, stateVar{name: unsatName(l), sort: "(Array Ev " + srt + ")"})
	}
	return out
}

// declarations declares the events and their attributes.
func (w *weakModel) declarations() string {
	var b strings.Builder
	b.WriteString(`; events: the instants of the steps of one execution (a step's reads,
; fence and, when it also reads, writes share one; the writes of a step
; that reads nothing have their own, when they reach memory)
(declare-sort Ev 0)
(declare-fun ev.proc (Ev) Proc)
(declare-fun ev.time (Ev) Int)
(declare-fun ev.fence (Ev) Bool)
(declare-fun ev.final (Ev) Bool) ; a read of the unsafe formula
; ghb is the order of the events' times: irreflexive and transitive, so
; acyclic; ghb_equal events happen at one instant
(define-fun ghb ((a Ev) (b Ev)) Bool (< (ev.time a) (ev.time b)))
(define-fun ghb_equal ((a Ev) (b Ev)) Bool (= (ev.time a) (ev.time b)))
; per weak location: the cells an event reads and writes, the values it
; reads and the values it writes
`)
	for _, l := range w.locs {
		dom := "Ev" + strings.Repeat(" Proc", l.Arity)
		fmt.Fprintf(&b, "(declare-fun %s (%s) Bool)\n(declare-fun %s (%s) Bool)\n(declare-fun %s (%s) %s)\n(declare-fun %s (%s) %s)\n",
			quote("rd."+l.Name), dom, quote("wr."+l.Name), dom, quote("rval."+l.Name), dom, sortOf(l.Type), quote("wval."+l.Name), dom, sortOf(l.Type))
	}
	if w.sources {
		b.WriteString("; per weak location: the write an event's read of a cell reads (the event\n; itself when it reads the initial value)\n")
		for _, l := range w.locs {
			fmt.Fprintf(&b, "(declare-fun %s (Ev%s) Ev)\n", quote("rf."+l.Name), strings.Repeat(" Proc", l.Arity))
		}
	}
	return b.String()
}

// cellVars returns n cell variables named prefix0, prefix1, ... and their
// bindings.
func cellVars(prefix string, n int) (vars []string, binds string) {
	parts := make([]string, n)
	vars = make([]string, n)
	for i := range vars {
		vars[i] = fmt.Sprintf("%s%d", prefix, i)
		parts[i] = "(" + vars[i] + " Proc)"
	}
	return vars, strings.Join(parts, " ")
}

// app applies fn to the arguments.
func app(fn string, args ...string) string {
	if len(args) == 0 {
		return fn
	}
	return "(" + fn + " " + strings.Join(args, " ") + ")"
}

func rd(l *syntax.Symbol, ev string, cell []string) string {
	return app(quote("rd."+l.Name), append([]string{ev}, cell...)...)
}

func wr(l *syntax.Symbol, ev string, cell []string) string {
	return app(quote("wr."+l.Name), append([]string{ev}, cell...)...)
}

// rval is the value event ev reads in a cell of l, wval the value it
// writes there (a locked step does both).
func rval(l *syntax.Symbol, ev string, cell []string) string {
	return app(quote("rval."+l.Name), append([]string{ev}, cell...)...)
}

func wval(l *syntax.Symbol, ev string, cell []string) string {
	return app(quote("wval."+l.Name), append([]string{ev}, cell...)...)
}

// rf is the write that ev's read of the cell reads (pso, refined search).
func rf(l *syntax.Symbol, ev string, cell []string) string {
	return app(quote("rf."+l.Name), append([]string{ev}, cell...)...)
}

// unsatAt says that ev's read of the cell is in the set unsat.
func unsatAt(set, ev string, idx []string) string {
	return cell(set, append([]string{ev}, idx...))
}

// forallLoc quantifies body over the cells of l (none for a variable),
// named c0, c1, ...
func forallLoc(l *syntax.Symbol, body func(cell []string) string) string {
	vars, binds := cellVars("c", l.Arity)
	inner := body(vars)
	if l.Arity == 0 {
		return inner
	}
	return "(forall (" + binds + ") " + inner + ")"
}

// forallProcLoc is forallLoc over the cells indexed by processes only:
// init says nothing of the other cells (a weak array's init is over the
// processes), so what holds of every state holds of those cells alone.
func forallProcLoc(l *syntax.Symbol, body func(cell []string) string) string {
	return forallLoc(l, func(c []string) string {
		guards := make([]string, len(c))
		for i, v := range c {
			guards[i] = "(is_proc " + v + ")"
		}
		if len(c) == 0 {
			return body(c)
		}
		return "(=> " + and(guards...) + " " + body(c) + ")"
	})
}

// forallFut quantifies body over the events f of the set fut.
func forallFut(fut, body string) string {
	return "(forall ((f Ev)) (=> (select " + fut + " f) " + body + "))"
}

// typed says that the values of proc-typed weak locations that the
// unsatisfied reads of a state read are processes.
func (w *weakModel) typed() []string {
	var out []string
	for _, l := range w.locs {
		if l.Type.Kind != syntax.TProc {
			continue
		}
		out = append(out, forallFut(futName, forallLoc(l, func(c []string) string {
			return "(=> " + unsatAt(quote(unsatName(l)), "f", c) + " (is_proc " + rval(l, "f", c) + "))"
		})))
	}
	return out
}

// dom says that the values the unsatisfied reads of a state read stay in
// their location's subtype.
func (w *weakModel) dom() []string {
	var out []string
	for _, l := range w.locs {
		sub := translate.SubtypeOf(l)
		if sub == nil {
			continue
		}
		out = append(out, forallFut(futName, forallProcLoc(l, func(c []string) string {
			var ors []string
			for _, k := range l.Type.Constructors {
				if sub[k] {
					ors = append(ors, "(= "+rval(l, "f", c)+" "+ctor(k)+")")
				}
			}
			return "(=> " + unsatAt(quote(unsatName(l)), "f", c) + " " + or(ors...) + ")"
		})))
	}
	return append(out, w.selfValuedLaws()...)
}

// cubeEvents binds the events of a cube (e0, e1, ...) and says what they
// are in the state (fut, unsat.L are the state's parameters): events of
// the remaining steps, by their processes, reading or writing their
// cells, the reads whose values the literals mention unsatisfied, the
// marked reads of the refined pso search reading their sources, and the
// ghb and ghb-equal pairs of the cube's relation.
func (w *weakModel) cubeEvents(c *translate.Cube, unsat translate.Set, e env) (binds, parts []string) {
	for i, ev := range c.Events {
		name := eventName(i)
		binds = append(binds, "("+name+" Ev)")
		parts = append(parts, "(select "+futName+" "+name+")", "(= (ev.proc "+name+") "+e.proc(ev.Proc)+")")
		idx := make([]string, len(ev.Index))
		for k, p := range ev.Index {
			idx[k] = e.proc(p)
		}
		switch ev.Kind {
		case translate.Read:
			parts = append(parts, rd(ev.Loc, name, idx))
			if ev.Final {
				parts = append(parts, "(ev.final "+name+")")
			}
			if unsat.Has(i) {
				parts = append(parts, unsatAt(quote(unsatName(ev.Loc)), name, idx))
			}
			if src, ok := reach.SourceOf(c, i); ok && ev.Sourced && w.sources {
				parts = append(parts, "(= "+rf(ev.Loc, name, idx)+" "+eventName(src)+")")
			}
		case translate.Write:
			parts = append(parts, wr(ev.Loc, name, idx))
		case translate.Fence:
			parts = append(parts, "(ev.fence "+name+")")
		}
	}
	var classes []string // the time of each ghb-equal class (pso)
	for i := range c.Events {
		if firstOfClass(c.Rel, i) {
			classes = append(classes, "(ev.time "+eventName(i)+")")
		}
		for j := range c.Events {
			if c.Rel.Lt(i, j) && !implied(c.Rel, i, j) {
				parts = append(parts, "(ghb "+eventName(i)+" "+eventName(j)+")")
			}
			if i < j && c.Rel.Eq(i, j) && firstOfClass(c.Rel, i) {
				parts = append(parts, "(ghb_equal "+eventName(i)+" "+eventName(j)+")")
			}
		}
	}
	if w.reorders && len(classes) > 1 {
		// Under pso ghb is the order in time, and events of different
		// classes are different instants (steps, writes reaching memory).
		parts = append(parts, "(distinct "+strings.Join(classes, " ")+")")
	}
	return binds, parts
}

// implied reports whether the pair i < j follows from two others.
func implied(r translate.Rel, i, j int) bool {
	for k := range r.After {
		if r.Lt(i, k) && r.Lt(k, j) {
			return true
		}
	}
	return false
}

// firstOfClass reports whether i is the first event of its ghb-equal class.
func firstOfClass(r translate.Rel, i int) bool {
	for k := 0; k < i; k++ {
		if r.Eq(i, k) {
			return false
		}
	}
	return true
}

func eventName(i int) string { return fmt.Sprintf("e%d", i) }
