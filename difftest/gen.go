package difftest

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Generate returns the source text of a small random model drawn from
// seed (the same seed gives the same text). With weak false it is a plain
// Cubicle model for sc: global variables, `case` updates and reads of any
// process's cells. With weak true it is a Cubicle-W model for tso and pso:
// weak variables and arrays, an acting process `[p]` in every transition,
// `fence()` in guards, and non-weak arrays only at the acting process's
// own cell (language reference §6.4). Both kinds have a program counter
// array, 2–4 transitions of one or two parameters, at most 4 variables of
// small types (booleans, a 2–3 value enumeration, processes), guards with
// `forall_other`, nondeterministic assignments and an init that leaves
// some variables unconstrained. The text is meant to type-check; the
// tests assert it does.
func Generate(seed uint64, weak bool) string {
	g := &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), weak: weak}
	return g.model()
}

// gtype is a value type of a generated model.
type gtype struct {
	name   string
	values []string // constructors; nil for proc
}

// gvar is a variable of a generated model.
type gvar struct {
	name  string
	array bool
	weak  bool
	typ   *gtype
}

// gen draws one model.
type gen struct {
	r    *rand.Rand
	weak bool
	loc  *gtype
	vars []*gvar // vars[0] is the program counter PC
	b    strings.Builder
}

var (
	boolType = &gtype{name: "bool", values: []string{"True", "False"}}
	procType = &gtype{name: "proc"}
)

// model writes the whole model.
func (g *gen) model() string {
	if g.r.IntN(10) == 0 {
		g.line("number_procs 2")
	}
	g.loc = &gtype{name: "loc", values: []string{"L1", "L2", "L3", "L4"}[:2+g.r.IntN(3)]}
	g.line("type loc = " + strings.Join(g.loc.values, " | "))
	var val *gtype
	if g.r.IntN(2) == 0 {
		val = &gtype{name: "val", values: []string{"Red", "Green", "Blue"}[:2+g.r.IntN(2)]}
		g.line("type val = " + strings.Join(val.values, " | "))
	}
	g.vars = []*gvar{{name: "PC", array: true, typ: g.loc}}
	types := []*gtype{boolType, boolType, procType}
	if val != nil {
		types = append(types, val)
	}
	nA, nX := 0, 0
	for range 1 + g.r.IntN(3) {
		v := &gvar{typ: pick(g.r, types), array: g.r.IntN(2) == 0}
		if v.array {
			nA++
			v.name = fmt.Sprintf("A%d", nA)
			v.weak = g.weak && g.r.IntN(3) > 0
		} else {
			nX++
			v.name = fmt.Sprintf("X%d", nX)
			v.weak = g.weak
		}
		g.vars = append(g.vars, v)
	}
	if g.weak {
		g.vars[1].weak = true // a weak model has some weak variable
	}
	for _, v := range g.vars {
		g.line(v.decl())
	}
	g.init()
	g.unsafe()
	for i := range 2 + g.r.IntN(3) {
		g.transition(i)
	}
	return g.b.String()
}

// decl is the variable's declaration.
func (v *gvar) decl() string {
	s := "var " + v.name + " : " + v.typ.name
	if v.array {
		s = "array " + v.name + "[proc] : " + v.typ.name
	}
	if v.weak {
		s = "weak " + s
	}
	return s
}

// init writes the init item: PC at L1 and some variables fixed.
func (g *gen) init() {
	atoms := []string{"PC[p] = L1"}
	for _, v := range g.vars[1:] {
		if v.typ == procType || g.r.IntN(3) == 0 {
			continue // unconstrained
		}
		atoms = append(atoms, g.ref(v, "p")+" = "+pick(g.r, v.typ.values))
	}
	g.line("init (p) { " + strings.Join(atoms, " && ") + " }")
}

// unsafe writes the unsafe item: one or two processes at chosen program
// counters, maybe with a condition on another variable.
func (g *gen) unsafe() {
	params := []string{"p1", "p2"}
	if g.r.IntN(4) == 0 {
		params = params[:1]
	}
	var atoms []string
	for _, p := range params {
		atoms = append(atoms, "PC["+p+"] = "+pick(g.r, g.loc.values[1:]))
	}
	if g.r.IntN(3) == 0 {
		v := pick(g.r, g.vars[1:])
		reader, idx := pick(g.r, params), pick(g.r, params)
		ref := g.ref(v, idx)
		if v.weak {
			ref = reader + " @ " + ref
		}
		atoms = append(atoms, ref+" = "+g.value(v.typ, params))
	}
	g.line("unsafe (" + strings.Join(params, " ") + ") { " + strings.Join(atoms, " && ") + " }")
}

// transition writes transition number i.
func (g *gen) transition(i int) {
	params := []string{"p"}
	if g.r.IntN(5) < 2 {
		params = append(params, "q")
	}
	head := strings.Join(params, " ")
	if g.weak {
		head = "[p]" + strings.TrimPrefix(head, "p")
	}
	from, to := pick(g.r, g.loc.values), pick(g.r, g.loc.values)
	guard := []string{"PC[p] = " + from}
	if g.r.IntN(10) == 0 {
		guard = nil
	}
	for range g.r.IntN(3) {
		guard = append(guard, g.atom(params))
	}
	if g.r.IntN(4) == 0 {
		if q := g.forallOther(); q != "" {
			guard = append(guard, q)
		}
	}
	var actions []string
	if g.r.IntN(8) > 0 {
		actions = append(actions, "PC[p] := "+to)
	}
	for _, v := range g.vars[1:] {
		if g.r.IntN(5) < 2 {
			actions = append(actions, g.action(v, params))
		}
	}
	g.line("")
	g.line(fmt.Sprintf("transition t%d (%s)", i+1, head))
	if len(guard) > 0 {
		g.line("requires { " + strings.Join(guard, " && ") + " }")
	}
	g.line("{ " + strings.Join(actions, "; ") + " }")
}

// atom is a guard atom over the parameters: a comparison of a variable the
// acting process may read, or fence().
func (g *gen) atom(params []string) string {
	if g.weak && g.r.IntN(4) == 0 {
		return "fence()"
	}
	v := pick(g.r, g.vars)
	op := pick(g.r, []string{"=", "=", "<>"})
	return g.ref(v, g.index(v, params)) + " " + op + " " + g.value(v.typ, params)
}

// forallOther is a `forall_other j.` over an array the acting process may
// read at any cell, or "" when there is none.
func (g *gen) forallOther() string {
	var arrays []*gvar
	for _, v := range g.vars {
		if v.array && (v.weak || !g.weak) && v.typ != procType {
			arrays = append(arrays, v)
		}
	}
	if len(arrays) == 0 {
		return ""
	}
	v := pick(g.r, arrays)
	op := pick(g.r, []string{"=", "<>"})
	body := v.name + "[j] " + op + " " + pick(g.r, v.typ.values)
	if g.weak && g.r.IntN(3) == 0 {
		body += " && fence()"
	}
	return "(forall_other j. " + body + ")"
}

// action is an update of v by a transition with these parameters.
func (g *gen) action(v *gvar, params []string) string {
	if !v.array {
		switch g.r.IntN(6) {
		case 0:
			return v.name + " := ."
		case 1:
			if !v.weak && v.typ != procType {
				return v.name + " := case | " + g.atom(params) + " : " + g.value(v.typ, params) + " | _ : " + g.value(v.typ, params)
			}
		case 2:
			if w := g.sameType(v); w != nil {
				return v.name + " := " + g.ref(w, g.index(w, params))
			}
		}
		return v.name + " := " + g.value(v.typ, params)
	}
	if g.r.IntN(4) == 0 {
		return g.caseUpdate(v, params)
	}
	return v.name + "[" + g.index(v, params) + "] := " + g.value(v.typ, params)
}

// caseUpdate is a whole-array update `A[j] := case ...`. In a weak model a
// non-weak array changes only at the acting process's cell.
func (g *gen) caseUpdate(v *gvar, params []string) string {
	own := g.weak && !v.weak
	s := v.name + "[j] := case | j = p : " + g.value(v.typ, params)
	if !own && v.typ != procType && g.r.IntN(2) == 0 {
		s += " | " + v.name + "[j] = " + pick(g.r, v.typ.values) + " : " + pick(g.r, v.typ.values)
	}
	if own || g.r.IntN(2) == 0 {
		return s + " | _ : " + v.name + "[j]"
	}
	return s + " | _ : " + g.value(v.typ, params)
}

// sameType returns another variable of v's type, or nil.
func (g *gen) sameType(v *gvar) *gvar {
	var ws []*gvar
	for _, w := range g.vars {
		if w != v && w.typ == v.typ {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return nil
	}
	return pick(g.r, ws)
}

// index is a parameter at which the acting process may access v: its own
// cell for a non-weak array of a weak model, any parameter otherwise.
func (g *gen) index(v *gvar, params []string) string {
	if g.weak && !v.weak {
		return "p"
	}
	return pick(g.r, params)
}

// ref is the plain reference to v (at cell idx for an array).
func (g *gen) ref(v *gvar, idx string) string {
	if v.array {
		return v.name + "[" + idx + "]"
	}
	return v.name
}

// value is a value of type t: a constructor, or a parameter for proc.
func (g *gen) value(t *gtype, params []string) string {
	if t == procType {
		return pick(g.r, params)
	}
	return pick(g.r, t.values)
}

// line appends one line of text.
func (g *gen) line(s string) {
	g.b.WriteString(s)
	g.b.WriteString("\n")
}

// pick returns a random element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }
