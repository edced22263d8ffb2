package oracle

import "github.com/cubew/cubew/syntax"

// outsideVars returns the process variables that init declares distinct
// from every process, as the FLASH models' `init (p) { Home <> p && ... }`
// does: a conjunct `X <> p` (or `p <> X`) of init's body for a global
// variable X of type proc and init's parameter p. No finite instance has
// an initial state then: the process X names is not one of the
// instance's.
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
// process, k+1, that every variable of outside names: init pins them to
// `#k+1` in place of `X <> p`, and every transition parameter is distinct
// from them, as it is in the model (no process equals X). The outside
// process's cells start as a participant's and change only by the
// updates of every cell (`A[j] := case ... | _ : e`), which the model
// does not have for it: the explored states may differ from the model's
// there, and the oracle only ever looks at the participants 1..k (see
// Oracle.reached). Package reach proves whatever the oracle suggests.
func withOutside(m *syntax.Model, outside []string, k int) *syntax.Model {
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
		body = and(body, f)
	}
	init := *m.Init
	init.Body = body
	out.Init = &init
	out.Transitions = make([]*syntax.Transition, len(m.Transitions))
	for i, t := range m.Transitions {
		guard := t.Guard
		for _, q := range t.Params {
			guard = and(guard, &syntax.Compare{Op: syntax.OpNe, L: &syntax.Proc{Var: q.Name}, R: home})
		}
		c := *t
		c.Guard = guard
		out.Transitions[i] = &c
	}
	return &out
}

// and is `a && b`, b alone when a is nil.
func and(a, b syntax.Formula) syntax.Formula {
	if a == nil {
		return b
	}
	return &syntax.Binary{Op: syntax.OpAnd, L: a, R: b}
}
