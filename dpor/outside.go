package dpor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// A process outside every instance. The FLASH models say
// `init (p) { Home <> p && ... }`: the process Home names differs from
// every process, so no finite instance, where every process is a
// participant, has an initial state. The backward search of package reach
// reads init differently: its universal is instantiated on the processes
// of a cube only, so Home is some process that no cube mentions. The
// bounded engines (and the oracle) match that: an instance of N
// participants gets one more process, N+1, that every such variable
// names (init pins it to #N+1 in place of `X <> p`) and that never acts:
// every transition parameter and every parameter of an unsafe or
// invariant item is a participant. The outside process's cells start as
// a participant's (init's universal covers it) and change only through
// updates of every cell (`A[j] := case ...`); `forall_other` and
// `exists_other` range over it too. Symmetry reduction permutes the
// participants and keeps it fixed.

// outsideVars returns the process variables that init declares distinct
// from every process: a conjunct `X <> p` (or `p <> X`) of init's body for
// a global variable X of type proc and init's single parameter p.
func outsideVars(m *syntax.Model) []string {
	if m.Init == nil || len(m.Init.Params) != 1 {
		return nil
	}
	p := m.Init.Params[0].Name
	var out []string
	for _, f := range conjuncts(m.Init.Body) {
		if x, ok := outsideAtom(m, f, p); ok {
			out = append(out, x)
		}
	}
	return out
}

// outsideAtom reports the variable X of f when f is `X <> p` or `p <> X`
// for a process variable X.
func outsideAtom(m *syntax.Model, f syntax.Formula, p string) (string, bool) {
	c, ok := f.(*syntax.Compare)
	if !ok || c.Op != syntax.OpNe {
		return "", false
	}
	for _, lr := range [2][2]syntax.Term{{c.L, c.R}, {c.R, c.L}} {
		n, isName := lr[0].(*syntax.Name)
		q, isProc := lr[1].(*syntax.Proc)
		if !isName || !isProc || q.Var != p {
			continue
		}
		if s := m.Symbols[n.Name]; s != nil && s.Class == syntax.SymVar && s.Type.Kind == syntax.TProc {
			return n.Name, true
		}
	}
	return "", false
}

func conjuncts(f syntax.Formula) []syntax.Formula {
	if b, ok := f.(*syntax.Binary); ok && b.Op == syntax.OpAnd {
		return append(conjuncts(b.L), conjuncts(b.R)...)
	}
	return []syntax.Formula{f}
}

// withOutside returns m for an instance of k participants and one more
// process, k+1, that every variable of outside names (see above), and
// that process's constant `#k+1` in the returned model.
func withOutside(m *syntax.Model, outside []string, k int) (*syntax.Model, *syntax.Proc) {
	out := *m
	if out.NumProcs > 0 {
		out.NumProcs++
	}
	home := &syntax.Proc{Const: k + 1}
	isOutside := map[string]bool{}
	for _, x := range outside {
		isOutside[x] = true
	}
	p := m.Init.Params[0].Name
	var body syntax.Formula
	for _, f := range conjuncts(m.Init.Body) {
		if x, ok := outsideAtom(m, f, p); ok && isOutside[x] {
			f = &syntax.Compare{Op: syntax.OpEq, L: &syntax.Name{Name: x}, R: home}
		}
		body = conj(body, f)
	}
	init := *m.Init
	init.Body = body
	out.Init = &init
	participants := func(guard syntax.Formula, params []string) syntax.Formula {
		for _, q := range params {
			guard = conj(guard, &syntax.Compare{Op: syntax.OpNe, L: &syntax.Proc{Var: q}, R: home})
		}
		return guard
	}
	out.Transitions = make([]*syntax.Transition, len(m.Transitions))
	for i, t := range m.Transitions {
		c := *t
		var params []string
		for _, q := range t.Params {
			params = append(params, q.Name)
		}
		c.Guard = participants(t.Guard, params)
		out.Transitions[i] = &c
	}
	props := func(ps []*syntax.Property) []*syntax.Property {
		var res []*syntax.Property
		for _, u := range ps {
			c := *u
			var params []string
			for _, q := range u.Params {
				params = append(params, q.Name)
			}
			c.Body = participants(u.Body, params)
			res = append(res, &c)
		}
		return res
	}
	out.Unsafes, out.Invariants = props(m.Unsafes), props(m.Invariants)
	return &out, home
}

// outsideNote says which variables name the outside process of an
// instance of n participants ("" when there is none).
func outsideNote(outside []string, n int) string {
	if len(outside) == 0 {
		return ""
	}
	return fmt.Sprintf("%s names process #%d, outside the %d participants (init says it differs from every process); it never acts",
		strings.Join(outside, ", "), n+1, n)
}

// conj is `a && b`, b alone when a is nil.
func conj(a, b syntax.Formula) syntax.Formula {
	if a == nil {
		return b
	}
	return &syntax.Binary{Op: syntax.OpAnd, L: a, R: b}
}

// outsideReads returns the symbols that some transition, unsafe or
// invariant item may read at an index denoting the outside process: an
// index that is not a parameter of the item (a quantified variable, the
// index variable of a case update, a process constant beyond the
// participants). Parameters denote participants whenever a read
// matters: an instance naming the outside process has a false guard or
// body. A case branch that keeps its cell (`| _ : A[j]`) reads nothing.
func (p *program) outsideReads() map[string]bool {
	out := map[string]bool{}
	term := func(t syntax.Term, params map[string]bool) {
		syntax.WalkTerm(t, func(t syntax.Term) {
			c, ok := t.(*syntax.Cell)
			if !ok {
				return
			}
			for _, x := range c.Index {
				if x.Const > p.participants || x.Const == 0 && !params[x.Var] {
					out[c.Array] = true
				}
			}
		})
	}
	var formula func(f syntax.Formula, params map[string]bool)
	formula = func(f syntax.Formula, params map[string]bool) {
		switch f := f.(type) {
		case *syntax.Compare:
			term(f.L, params)
			term(f.R, params)
		case *syntax.Call:
			for _, a := range f.Args {
				term(a, params)
			}
		case *syntax.Not:
			formula(f.X, params)
		case *syntax.Binary:
			formula(f.L, params)
			formula(f.R, params)
		case *syntax.Ite:
			formula(f.Cond, params)
			formula(f.Then, params)
			formula(f.Else, params)
		case *syntax.Quant:
			formula(f.Body, without(params, names(f.Vars, identName)))
		}
	}
	for _, props := range [][]property{p.unsafe, p.invs} {
		for _, u := range props {
			formula(u.body, setOf(names(u.p.Params, identName)))
		}
	}
	for _, t := range p.trans {
		params := setOf(names(t.t.Params, func(x syntax.Param) string { return x.Name }))
		formula(t.guard, params)
		for _, a := range t.actions {
			term(a.term, params)
			inCase := without(params, a.vars)
			for _, b := range a.cases {
				formula(b.cond, inCase)
				if !keepValue(b.value, a.a) {
					term(b.value, inCase)
				}
			}
		}
	}
	return out
}

// without returns the names of set that are not in drop.
func without(set map[string]bool, drop []string) map[string]bool {
	out := map[string]bool{}
	for x := range set {
		if !slices.Contains(drop, x) {
			out[x] = true
		}
	}
	return out
}

// setOf returns the set of xs.
func setOf(xs []string) map[string]bool {
	out := map[string]bool{}
	for _, x := range xs {
		out[x] = true
	}
	return out
}
