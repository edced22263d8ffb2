package syntax

import "fmt"

// Predicate expansion (§3.9): a call is replaced by the predicate's body with
// the argument terms substituted for the parameters. Variables bound by a
// quantifier of the body shadow parameters of the same name; arguments are
// not renamed (as in Cubicle).

// Expand returns f with every predicate call inlined. The result shares
// unchanged subterms with f; f itself is not modified.
func (m *Model) Expand(f Formula) Formula {
	x := &expander{preds: m.Predicates}
	return x.formula(f, endOfFile, nil)
}

// expander inlines predicate calls. With errorf set (inside Check) it
// reports bad calls and keeps each call as a *callSite so that the checker
// still sees the arguments; without it (a checked model) calls disappear.
type expander struct {
	preds  map[string]*Predicate
	errorf func(pos Pos, format string, args ...any)
}

// callSite is an inlined call inside Check: the call, the arguments that the
// body does not use (they are checked on their own) and the expanded body.
type callSite struct {
	call   *Call
	unused []Term
	body   Formula
}

// FormulaPos returns the position of the call.
func (x *callSite) FormulaPos() Pos { return x.call.Pos }

// subst maps the parameters of the predicate being inlined to arguments.
type subst struct {
	pred   *Predicate
	args   map[string]Term
	used   map[string]bool // shared by shadowing copies
	failed *bool           // an argument was used where a process is needed
}

// hide returns s without the names bound by a quantifier.
func (s *subst) hide(vars []Ident) *subst {
	if s == nil {
		return nil
	}
	args := map[string]Term{}
	for k, v := range s.args {
		args[k] = v
	}
	for _, v := range vars {
		delete(args, v.Name)
	}
	return &subst{pred: s.pred, args: args, used: s.used, failed: s.failed}
}

// lookup returns the argument for a parameter name, or nil.
func (s *subst) lookup(name string) Term {
	if s == nil || name == "" {
		return nil
	}
	a, ok := s.args[name]
	if ok {
		s.used[name] = true
	}
	return a
}

// formula expands f; only predicates defined before `before` are visible,
// which makes expansion terminate.
func (x *expander) formula(f Formula, before Pos, s *subst) Formula {
	switch f := f.(type) {
	case *Compare:
		return &Compare{Pos: f.Pos, Op: f.Op, L: x.term(f.L, s), R: x.term(f.R, s)}
	case *Call:
		return x.call(f, before, s)
	case *Not:
		return &Not{Pos: f.Pos, X: x.formula(f.X, before, s)}
	case *Binary:
		return &Binary{Pos: f.Pos, Op: f.Op, L: x.formula(f.L, before, s), R: x.formula(f.R, before, s)}
	case *Ite:
		return &Ite{Pos: f.Pos, Cond: x.formula(f.Cond, before, s), Then: x.formula(f.Then, before, s), Else: x.formula(f.Else, before, s)}
	case *Quant:
		return &Quant{Pos: f.Pos, Kind: f.Kind, Vars: f.Vars, Body: x.formula(f.Body, before, s.hide(f.Vars))}
	case *callSite:
		return &callSite{call: f.call, unused: f.unused, body: x.formula(f.body, before, s)}
	}
	return f // *BoolLit, *Fence
}

func (x *expander) call(f *Call, before Pos, s *subst) Formula {
	args := make([]Term, len(f.Args))
	for i, a := range f.Args {
		args[i] = x.term(a, s)
	}
	p := x.preds[f.Name]
	ok := true
	switch {
	case p == nil:
		hint := didYouMean(f.Name, names(x.preds))
		if hint == "" {
			hint = fmt.Sprintf("; declare it before its use, as in `predicate %s(p) { ... }`", f.Name)
		}
		x.report(f.Pos, "unknown predicate `%s`%s", f.Name, hint)
		ok = false
	case !posLess(p.Pos, before):
		x.report(f.Pos, "predicate `%s` used before its definition at %s", f.Name, lineCol(p.Pos))
		ok = false
	case len(p.Params) != len(args):
		x.report(f.Pos, "predicate `%s` expects %s, got %d", f.Name, plural(len(p.Params), "argument", "arguments"), len(args))
		ok = false
	}
	if !ok {
		if x.errorf == nil {
			return f
		}
		return &callSite{call: f, unused: args, body: &BoolLit{Pos: f.Pos, Value: true}}
	}
	failed := false
	ns := &subst{pred: p, args: map[string]Term{}, used: map[string]bool{}, failed: &failed}
	for i, prm := range p.Params {
		ns.args[prm.Name] = args[i]
	}
	body := x.formula(p.Body, p.Pos, ns)
	if x.errorf == nil {
		return body
	}
	if failed {
		body = &BoolLit{Pos: f.Pos, Value: true}
	}
	site := &callSite{call: f, body: body}
	for i, prm := range p.Params {
		if !ns.used[prm.Name] || failed {
			site.unused = append(site.unused, args[i])
		}
	}
	return site
}

func (x *expander) report(pos Pos, format string, args ...any) {
	if x.errorf != nil {
		x.errorf(pos, format, args...)
	}
}

func (x *expander) term(t Term, s *subst) Term {
	switch t := t.(type) {
	case *Proc:
		if a := s.lookup(t.Var); a != nil {
			return a
		}
	case *Cell:
		c := &Cell{Pos: t.Pos, Array: t.Array, Index: make([]Proc, len(t.Index))}
		for i, p := range t.Index {
			c.Index[i] = x.proc(p, s)
		}
		return c
	case *Read:
		return &Read{Pos: t.Pos, Reader: x.proc(t.Reader, s), Loc: x.term(t.Loc, s)}
	case *Arith:
		return &Arith{Pos: t.Pos, Base: x.term(t.Base, s), Minus: t.Minus, Offset: t.Offset}
	}
	return t // *Name, *Number, *Scaled, unbound *Proc
}

// proc substitutes a process position (an index or a reader), where the
// argument must itself be a process.
func (x *expander) proc(p Proc, s *subst) Proc {
	a := s.lookup(p.Var)
	if a == nil {
		return p
	}
	if q, ok := a.(*Proc); ok {
		return *q
	}
	if !*s.failed {
		x.report(a.TermPos(), "predicate `%s`: argument for `%s` must be a process, as `%s` is used as an index or a reader", s.pred.Name, p.Var, p.Var)
	}
	*s.failed = true
	return p
}
