package certify

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// weakStep is the events of one transition instance in the explicit
// encoding: x, the instant of its reads and fence (and of its writes when
// it reads too: a locked step), and w, the instant of its writes ("" when
// it writes nothing; x when it reads).
type weakStep struct {
	x, w   string
	acting string
	// sources: the step states which write a later read reads (rf.L,
	// weakModel.sources)
	sources bool
	reads   map[*syntax.Symbol][][]translate.Proc // the cells read, per location
	writes  map[*syntax.Symbol]*translate.Update
	decls   []string
	facts   []string
	laws    []law // the functions of the later events that the step's facts say hold of each
}

// law is a fact of a step about every event f of the later steps, or
// about every pair (f, y) of them: a function named name of f (and y).
type law struct {
	name string
	pair bool
}

// newWeakStep finds the events of t; it returns nil when t touches no weak
// location and has no fence (its steps leave fut and unsat unchanged).
func (w *weakModel) newWeakStep(t *translate.Transition, e env) (*weakStep, error) {
	st := &weakStep{reads: map[*syntax.Symbol][][]translate.Proc{}, writes: map[*syntax.Symbol]*translate.Update{}}
	visitReads(t, func(r *translate.Term) { st.reads[r.Sym] = append(st.reads[r.Sym], r.Args) })
	for _, u := range t.Updates {
		if u.Sym.Weak {
			st.writes[u.Sym] = u
		}
	}
	if len(st.reads) == 0 && len(st.writes) == 0 && !t.Fence {
		return nil, nil
	}
	if t.NParams == 0 {
		return nil, fmt.Errorf("transition %s: accesses weak memory without a process parameter", t.Name)
	}
	st.sources = w.sources
	st.acting = e.names.args[0]
	if t.Acting >= 0 {
		st.acting = e.names.args[t.Acting]
	}
	if len(st.reads) > 0 || t.Fence {
		st.x = "new.x"
	}
	switch {
	case len(st.writes) == 0:
	case st.x != "" && len(st.reads) > 0:
		st.w = st.x
	default:
		st.w = "new.w"
	}
	return st, nil
}

// visitReads calls f on every weak read of t: in its guard, its
// forall_other part and its updates.
func visitReads(t *translate.Transition, f func(*translate.Term)) {
	var term func(x *translate.Term)
	term = func(x *translate.Term) {
		switch {
		case x == nil:
		case x.Kind == translate.KRead:
			f(x)
		case x.Kind == translate.KLin:
			term(x.Base)
		}
	}
	lits := func(ls []translate.Literal) {
		for _, l := range ls {
			term(l.L)
			term(l.R)
		}
	}
	lits(t.Guard)
	for _, c := range t.Other {
		lits(c)
	}
	for _, u := range t.Updates {
		term(u.Default)
		for _, br := range u.Branches {
			term(br.Value)
			for _, c := range br.Cond {
				lits(c)
			}
		}
	}
}

// ids lists the step's events.
func (st *weakStep) ids() []string {
	var out []string
	if st.x != "" {
		out = append(out, st.x)
	}
	if st.w != "" && st.w != st.x {
		out = append(out, st.w)
	}
	return out
}

// encode prints the step: its events are new (not in post.fut) and make
// pre.fut with post.fut; their attributes; the values written; the
// order to the events of the later steps; which reads of the later steps
// the writes satisfy (unsat before and after the step).
func (st *weakStep) encode(w *weakModel, t *translate.Transition, e env) error {
	ids := st.ids()
	preFut := "post." + futName
	for _, id := range ids {
		st.decls = append(st.decls, "(declare-const "+id+" Ev)")
		st.facts = append(st.facts, "(not (select post."+futName+" "+id+"))", "(= (ev.proc "+id+") "+st.acting+")",
			"(not (ev.final "+id+"))", fmt.Sprintf("(= (ev.fence %s) %t)", id, id == st.x && t.Fence))
		preFut = "(store " + preFut + " " + id + " true)"
	}
	st.facts = append(st.facts, "(= pre."+futName+" "+preFut+")")
	if len(ids) == 2 {
		st.facts = append(st.facts, "(distinct "+ids[0]+" "+ids[1]+")", "(ghb "+ids[0]+" "+ids[1]+")") // the fence, then the writes
	}
	for _, l := range w.locs {
		for _, id := range ids {
			st.facts = append(st.facts, forallLoc(l, func(c []string) string {
				return "(and (= " + rd(l, id, c) + " " + st.readCond(id, l, c, e) + ") (= " + wr(l, id, c) + " " + st.writeCond(id, l, c, e) + ")" +
					" (= " + unsatAt(quote("pre."+unsatName(l)), id, c) + " " + rd(l, id, c) + "))"
			}))
		}
	}
	for _, l := range w.locs {
		if u := st.writes[l]; u != nil {
			f, err := st.written(u, e)
			if err != nil {
				return fmt.Errorf("transition %s: %w", t.Name, err)
			}
			st.facts = append(st.facts, f)
		}
	}
	if w.reorders {
		st.psoLaws(w)
		return nil
	}
	for _, id := range ids {
		st.law(and(st.order(w, t, id)...))
	}
	for _, l := range w.locs {
		st.law(forallLoc(l, func(c []string) string { return st.readsFrom(l, c) }))
	}
	return nil
}

// law adds a fact about every event f of the later steps (body, f free):
// a function step_K of f, and the fact that every event of post.fut
// satisfies it. A focused obligation instantiates it at its post cube's
// events (printer.focused).
func (st *weakStep) law(body string) {
	name := fmt.Sprintf("step_%d", len(st.laws)+1)
	st.laws = append(st.laws, law{name: name})
	st.decls = append(st.decls, "(define-fun "+name+" ((f Ev)) Bool\n  "+body+")")
	st.facts = append(st.facts, forallFut("post."+futName, "("+name+" f)"))
}

// pairLaw is law for a fact about every pair (f, y) of later events
// (body, f and y free).
func (st *weakStep) pairLaw(body string) {
	name := fmt.Sprintf("step_%d", len(st.laws)+1)
	st.laws = append(st.laws, law{name: name, pair: true})
	st.decls = append(st.decls, "(define-fun "+name+" ((f Ev) (y Ev)) Bool\n  "+body+")")
	st.facts = append(st.facts, "(forall ((f Ev) (y Ev)) (=> (and (select post."+futName+" f) (select post."+futName+" y)) ("+name+" f y)))")
}

// readCond says whether event id reads the cell c of l.
func (st *weakStep) readCond(id string, l *syntax.Symbol, c []string, e env) string {
	if id != st.x {
		return "false"
	}
	var ors []string
	for _, args := range st.reads[l] {
		parts := make([]string, len(args))
		for i, p := range args {
			parts[i] = cellIs(c[i], p, e)
		}
		ors = append(ors, and(parts...))
	}
	return or(ors...)
}

// cellIs says that cell index k is the process p of a read: a parameter
// or a constant; any process other than the parameters for the
// forall_other variable; any process for a case index variable.
func cellIs(k string, p translate.Proc, e env) string {
	switch {
	case p >= translate.OtherVar && p < translate.EventBase:
		parts := []string{"(is_proc " + k + ")"}
		for _, a := range e.names.args {
			parts = append(parts, "(not (= "+k+" "+a+"))")
		}
		return and(parts...)
	case p >= translate.IndexBase && p < translate.OtherVar:
		return "(is_proc " + k + ")"
	}
	return "(= " + k + " " + e.proc(p) + ")"
}

// writeCond says whether event id writes the cell c of l.
func (st *weakStep) writeCond(id string, l *syntax.Symbol, c []string, e env) string {
	u := st.writes[l]
	if id != st.w || u == nil {
		return "false"
	}
	if u.NIdx == 0 {
		return "true"
	}
	if u.Cell != nil && len(u.Branches) == 1 && u.Default == nil {
		parts := make([]string, len(c))
		for i, p := range u.Cell {
			parts[i] = "(= " + c[i] + " " + e.proc(p) + ")"
		}
		return and(parts...)
	}
	conds := make([]string, 0, len(u.Branches))
	for _, br := range u.Branches {
		conds = append(conds, e.dnf(br.Cond))
	}
	if u.Default != nil {
		conds = append(conds, "true")
	}
	guards := make([]string, len(c))
	for i := range c {
		guards[i] = "(is_proc " + c[i] + ")"
	}
	// The case list is over j0, j1, ...: bind them to the cell.
	return letCell(c, and(and(guards...), or(conds...)))
}

// letCell binds the case index variables j0, j1, ... to the cell c.
func letCell(c []string, body string) string {
	binds := make([]string, len(c))
	for i, k := range c {
		binds[i] = fmt.Sprintf("(j%d %s)", i, k)
	}
	return "(let (" + strings.Join(binds, " ") + ") " + body + ")"
}

// written says what the step writes in the cells of u's weak location.
// A branch that keeps its cell (`| _ : A[j]`) reads the cell and writes
// its value back: the step reads weak memory, so it is locked, and the
// write changes nothing (docs/certificates.md, "Kept cells").
func (st *weakStep) written(u *translate.Update, e env) (string, error) {
	l, real := u.Sym, u.Sym.Type.Kind == syntax.TReal
	if u.NIdx == 0 {
		if u.Default == nil { // a case list without `_`: written only when a branch holds
			return "", fmt.Errorf("a case update of weak variable %s without a default (%w)", l.Name, ErrNotEncoded)
		}
		v := e.term(u.Default, real)
		for i := len(u.Branches) - 1; i >= 0; i-- {
			v = "(ite " + e.dnf(u.Branches[i].Cond) + " " + e.term(u.Branches[i].Value, real) + " " + v + ")"
		}
		return "(= " + wval(l, st.w, nil) + " " + v + ")", nil
	}
	if u.Cell != nil && len(u.Branches) == 1 && u.Default == nil {
		idx := make([]string, len(u.Cell))
		for i, p := range u.Cell {
			idx[i] = e.proc(p)
		}
		return "(= " + wval(l, st.w, idx) + " " + e.term(u.Branches[0].Value, real) + ")", nil
	}
	vars, binds := cellVars("j", u.NIdx)
	v := wval(l, st.w, vars)
	if u.Default != nil {
		v = e.term(u.Default, real)
	}
	for i := len(u.Branches) - 1; i >= 0; i-- {
		br := u.Branches[i]
		v = "(ite " + e.dnf(br.Cond) + " " + e.term(br.Value, real) + " " + v + ")"
	}
	return "(forall (" + binds + ") (=> " + wr(l, st.w, vars) + " (= " + wval(l, st.w, vars) + " " + v + ")))", nil
}

// order lists what orders event id before an event f of a later step:
// program order of the acting process as the memory model preserves it,
// fences (id's, or a later one of the process), coherence (writes to a
// cell become visible in the order the steps issue them), from-read (id
// reads a cell before a later write to it) and the final reads of the
// unsafe formula, after every read and fence.
func (st *weakStep) order(w *weakModel, t *translate.Transition, id string) []string {
	idReads := id == st.x && len(st.reads) > 0
	idWrites := id == st.w
	idFence := id == st.x && t.Fence
	same := "(= (ev.proc f) " + st.acting + ")"
	before := "(ghb " + id + " f)"
	var out []string
	if idFence {
		out = append(out, "(=> "+same+" "+before+")")
	} else {
		out = append(out, "(=> (and "+same+" (ev.fence f)) "+before+")")
		for _, l := range w.locs {
			for _, b := range []memmodel.Access{memmodel.Read, memmodel.Write} {
				if !(idReads && w.mm.Preserved(memmodel.Read, b, false) || idWrites && w.mm.Preserved(memmodel.Write, b, false)) {
					continue
				}
				acc := rd
				if b == memmodel.Write {
					acc = wr
				}
				out = append(out, forallLoc(l, func(c []string) string {
					return "(=> (and " + same + " " + acc(l, "f", c) + ") " + before + ")"
				}))
			}
		}
	}
	for _, l := range w.locs {
		if idWrites && st.writes[l] != nil {
			out = append(out, forallLoc(l, func(c []string) string {
				return "(=> (and " + wr(l, id, c) + " " + wr(l, "f", c) + ") " + before + ")"
			}))
		}
		if idReads && len(st.reads[l]) > 0 {
			out = append(out, forallLoc(l, func(c []string) string {
				return "(=> (and " + rd(l, id, c) + " " + wr(l, "f", c) + ") " + before + ")"
			}))
		}
	}
	if idReads || idFence {
		out = append(out, "(=> (ev.final f) "+before+")")
	}
	return out
}

// readsFrom says which reads of cell c of l by a later event f are
// unsatisfied before the step: a read unsatisfied after it that the
// step's write to the cell satisfies is satisfied before it (it reads
// that write's value: always when f is the acting process's, which reads
// its own latest write; otherwise after it reaches memory, or it reads an
// earlier write, before it); other reads keep their status.
func (st *weakStep) readsFrom(l *syntax.Symbol, c []string) string {
	after := unsatAt(quote("post."+unsatName(l)), "f", c)
	before := unsatAt(quote("pre."+unsatName(l)), "f", c)
	if st.writes[l] == nil {
		return "(= " + before + " " + after + ")"
	}
	same := "(= " + rval(l, "f", c) + " " + wval(l, st.w, c) + ")"
	reads := "(and (not " + before + ") " + same + ")"
	external := "(or (and (not " + before + ") " + same + " (ghb " + st.w + " f)) (and " + before + " (ghb f " + st.w + ")))"
	return "(and (=> (not " + after + ") (not " + before + ")) (=> " + after + " (ite " + wr(l, st.w, c) +
		" (ite (= (ev.proc f) " + st.acting + ") " + reads + " " + external + ") " + before + ")))"
}
