package syntax

// Formulas: scopes, atoms, connectives, and where quantifiers may appear
// (§4.2–4.4).

// place tells where a formula or term is being checked.
type place int

const (
	inInit      place = iota // the init formula
	inProperty               // an unsafe or invariant formula
	inGuard                  // a transition guard
	inCaseCond               // a case condition
	inValue                  // a right-hand side, case value or let value
	inPredicate              // a predicate body, checked on its own
)

// env is the context of a formula or term.
type env struct {
	place place
	item  string      // the item for messages: "init", "unsafe", "transition t", ...
	t     *Transition // the enclosing transition, if any
	alias string      // a case index variable that counts as the acting process
	read  bool        // inside `p @ ...`
}

// varKind tells how a process variable was bound.
type varKind int

const (
	varParam     varKind = iota // a parameter of the item
	varQuant                    // bound by a quantifier
	varIndex                    // a case-update index variable
	varPredParam                // a predicate parameter (its argument is checked at each call)
)

type binding struct {
	name string
	kind varKind
}

func (c *checker) bind(name string, k varKind) { c.vars = append(c.vars, binding{name, k}) }

func (c *checker) unbind(n int) { c.vars = c.vars[:len(c.vars)-n] }

// lookupVar finds the innermost binding of a process variable.
func (c *checker) lookupVar(name string) (varKind, bool) {
	for i := len(c.vars) - 1; i >= 0; i-- {
		if c.vars[i].name == name {
			return c.vars[i].kind, true
		}
	}
	return 0, false
}

// bindParams binds item parameters; with distinct set, a repeated name is
// an error. It returns the number of bindings made.
func (c *checker) bindParams(item string, params []Ident, k varKind, distinct bool) int {
	seen := map[string]bool{}
	for _, p := range params {
		if distinct && seen[p.Name] {
			c.errorf(p.Pos, "%s: parameter `%s` declared twice", item, p.Name)
		}
		seen[p.Name] = true
		c.bind(p.Name, k)
	}
	return len(params)
}

// expand inlines the predicate calls of a formula of the item at `before`.
func (c *checker) expand(f Formula, before Pos) Formula {
	x := &expander{preds: c.preds, errorf: c.errorf}
	return x.formula(f, before, nil)
}

// formula checks names, types and the placement of atoms in f.
func (c *checker) formula(f Formula, e env) {
	switch f := f.(type) {
	case *Compare:
		c.compare(f, e)
	case *Fence:
		if e.place != inGuard && e.place != inPredicate {
			c.errorf(f.Pos, "fence() is only allowed in transition guards")
		}
	case *Not:
		c.formula(f.X, e)
	case *Binary:
		c.formula(f.L, e)
		c.formula(f.R, e)
	case *Ite:
		c.formula(f.Cond, e)
		c.formula(f.Then, e)
		c.formula(f.Else, e)
	case *Quant:
		n := c.bindQuant(f)
		c.formula(f.Body, e)
		c.unbind(n)
	case *callSite:
		for _, a := range f.unused {
			c.term(a, e, nil)
		}
		c.formula(f.body, e)
	}
}

// bindQuant binds the variables of a quantifier; they must be distinct and
// must not hide a variable already in scope.
func (c *checker) bindQuant(q *Quant) int {
	if (q.Kind == ForallOther || q.Kind == ExistsOther) && len(q.Vars) != 1 {
		c.errorf(q.Pos, "%s binds exactly one variable", q.Kind)
	}
	for i, v := range q.Vars {
		twice := false
		for _, w := range q.Vars[:i] {
			twice = twice || w.Name == v.Name
		}
		if twice {
			c.errorf(v.Pos, "%s: variable `%s` listed twice", q.Kind, v.Name)
		} else if k, ok := c.lookupVar(v.Name); ok && k != varPredParam {
			c.errorf(v.Pos, "%s: variable `%s` is already bound", q.Kind, v.Name)
		}
		c.bind(v.Name, varQuant)
	}
	return len(q.Vars)
}

// compare checks an atom: both sides of exactly the same type, and an
// ordering only on int, real and proc.
func (c *checker) compare(f *Compare, e env) {
	var lt, rt *Type
	if c.unknownName(f.L) && !c.unknownName(f.R) {
		rt = c.term(f.R, e, nil)
		lt = c.term(f.L, e, rt)
	} else {
		lt = c.term(f.L, e, nil)
		rt = c.term(f.R, e, lt)
	}
	switch {
	case lt == nil || rt == nil:
	case lt != rt:
		c.errorf(f.Pos, "cannot compare %s with %s", lt.Name, rt.Name)
	case f.Op != OpEq && f.Op != OpNe && !lt.Numeric() && lt.Kind != TProc:
		c.errorf(f.Pos, "operator %s needs int, real or proc operands, got %s", f.Op, lt.Name)
	}
}

// unwrap looks through inlined calls.
func unwrap(f Formula) Formula {
	for {
		s, ok := f.(*callSite)
		if !ok {
			return f
		}
		f = s.body
	}
}

// placeInit allows one forall as the whole init formula and no other
// quantifier.
func (c *checker) placeInit(f Formula) {
	if q, ok := unwrap(f).(*Quant); ok && q.Kind == Forall {
		f = q.Body
	}
	c.noQuant(f, "init")
}

// placeProperty allows one exists (or a negated forall) as the whole
// unsafe or invariant formula and no other quantifier.
func (c *checker) placeProperty(f Formula, word string) {
	switch g := unwrap(f).(type) {
	case *Quant:
		if g.Kind == Exists {
			f = g.Body
		}
	case *Not:
		if q, ok := unwrap(g.X).(*Quant); ok && q.Kind == Forall {
			f = q.Body
		}
	}
	c.noQuant(f, word)
}

// noQuant reports every quantifier in f, which is part of `where`: "init",
// "unsafe", "invariant" or "case".
func (c *checker) noQuant(f Formula, where string) {
	switch f := f.(type) {
	case *Not:
		c.noQuant(f.X, where)
	case *Binary:
		c.noQuant(f.L, where)
		c.noQuant(f.R, where)
	case *Ite:
		c.noQuant(f.Cond, where)
		c.noQuant(f.Then, where)
		c.noQuant(f.Else, where)
	case *callSite:
		c.noQuant(f.body, where)
	case *Quant:
		c.errorf(f.Pos, "%s", quantMsg(f.Kind, where))
		c.noQuant(f.Body, where)
	}
}

func quantMsg(k QuantKind, where string) string {
	switch {
	case k == ExistsOther:
		return "exists_other is not supported"
	case where == "case":
		return "quantifiers are not allowed in case conditions"
	case k == ForallOther:
		return "forall_other is only allowed in transition guards"
	case k == Forall && where == "init":
		return "forall is only allowed as the whole init formula"
	case k == Forall:
		return "forall is not allowed in " + where
	case where == "init":
		return "exists is not allowed in init"
	}
	return "exists is only allowed as the whole " + where + " formula"
}

// placeGuard checks the quantifiers of a guard: forall (one variable) and
// forall_other only in positive position, not nested, at most one per
// disjunct of the guard's disjunctive normal form.
func (c *checker) placeGuard(g Formula) {
	if qs := c.guardQuants(g, true, false); len(qs) > 1 {
		c.errorf(qs[1].Pos, "only one forall or forall_other per guard disjunct")
	}
}

// guardQuants returns the universal quantifiers of the disjunct of f's DNF
// that has the most of them; pos tells whether f is in positive position.
func (c *checker) guardQuants(f Formula, pos, nested bool) []*Quant {
	switch f := f.(type) {
	case *Not:
		c.guardQuants(f.X, false, nested)
	case *Binary:
		switch f.Op {
		case OpAnd:
			return append(c.guardQuants(f.L, pos, nested), c.guardQuants(f.R, pos, nested)...)
		case OpOr:
			return longer(c.guardQuants(f.L, pos, nested), c.guardQuants(f.R, pos, nested))
		case OpImp:
			c.guardQuants(f.L, false, nested)
			return c.guardQuants(f.R, pos, nested)
		default:
			c.guardQuants(f.L, false, nested)
			c.guardQuants(f.R, false, nested)
		}
	case *Ite:
		c.guardQuants(f.Cond, false, nested)
		return longer(c.guardQuants(f.Then, pos, nested), c.guardQuants(f.Else, pos, nested))
	case *callSite:
		return c.guardQuants(f.body, pos, nested)
	case *Quant:
		ok := true
		switch {
		case f.Kind == Exists:
			c.errorf(f.Pos, "exists is not allowed in transition guards")
			ok = false
		case f.Kind == ExistsOther:
			c.errorf(f.Pos, "exists_other is not supported")
			ok = false
		case f.Kind == Forall && len(f.Vars) != 1:
			c.errorf(f.Pos, "forall in a transition guard binds exactly one variable")
			ok = false
		case nested:
			c.errorf(f.Pos, "%s cannot be nested in another quantifier", f.Kind)
			ok = false
		case !pos:
			c.errorf(f.Pos, "%s in a guard must be in positive position (not under not, left of =>, in <=> or in an if condition)", f.Kind)
			ok = false
		}
		c.guardQuants(f.Body, true, true)
		if ok {
			return []*Quant{f}
		}
	}
	return nil
}

func longer(a, b []*Quant) []*Quant {
	if len(b) > len(a) {
		return b
	}
	return a
}
