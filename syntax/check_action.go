package syntax

// Transitions: parameters, guard, lets and actions (§3.8).

func (c *checker) checkTransition(t *Transition) {
	item := "transition " + t.Name
	seen := map[string]bool{}
	acting := ""
	for _, p := range t.Params {
		if seen[p.Name] {
			c.errorf(p.Pos, "%s: parameter `%s` declared twice", item, p.Name)
		}
		seen[p.Name] = true
		if p.Acting {
			if acting != "" {
				c.errorf(p.Pos, "%s: more than one acting process (`%s` and `%s`)", item, acting, p.Name)
			} else {
				acting = p.Name
			}
		}
		c.bind(p.Name, varParam)
	}
	defer c.unbind(len(t.Params))
	if c.weak && acting == "" {
		c.errorf(t.Pos, "%s: no acting process; a weak-memory model needs one parameter marked as `[p]`", item)
	}
	e := env{item: item, t: t}
	if t.Guard != nil {
		g := c.expand(t.Guard, t.Pos)
		c.placeGuard(g)
		e.place = inGuard
		c.formula(g, e)
	}
	e.place = inValue
	for _, l := range t.Lets {
		c.term(l.Value, e, nil)
	}
	done := map[string]*Action{}
	for _, a := range t.Actions {
		if prev := done[a.Target]; prev != nil {
			verb := "assigned"
			if len(a.Index) > 0 {
				verb = "updated"
			}
			c.errorf(a.Pos, "%s: `%s` %s twice (first at %s)", item, a.Target, verb, lineCol(prev.Pos))
		} else {
			done[a.Target] = a
		}
		c.action(a, e)
	}
}

// target checks the assigned name and returns its symbol, or nil.
func (c *checker) target(a *Action) *Symbol {
	s := c.model.Symbols[a.Target]
	_, nondet := a.Value.(*Nondet)
	switch {
	case s == nil && len(a.Index) > 0:
		c.errorf(a.Pos, "unknown array `%s`%s", a.Target, didYouMean(a.Target, c.symbolNames(isArray)))
	case s == nil:
		c.errorf(a.Pos, "unknown variable `%s`%s", a.Target, didYouMean(a.Target, c.symbolNames(func(s *Symbol) bool { return s.Class == SymVar })))
	case s.Class == SymConst:
		c.errorf(a.Pos, "cannot assign %s `%s`", symWord(s), a.Target)
	case s.Class == SymConstructor:
		c.errorf(a.Pos, "`%s` is a constructor, not a variable: it cannot be assigned", a.Target)
	case s.Class == SymArray && nondet:
		c.errorf(a.Pos, "cannot assign a nondeterministic value to array `%s`", a.Target)
	case s.Arity == 0 && len(a.Index) > 0:
		c.errorf(a.Pos, "variable `%s` is not an array", a.Target)
	case s.Arity != len(a.Index):
		c.errorf(a.Pos, "array `%s` expects %s, got %d", a.Target, plural(s.Arity, "index", "indices"), len(a.Index))
	default:
		return s
	}
	return nil
}

// action checks one assignment or update.
func (c *checker) action(a *Action, e env) {
	s := c.target(a)
	var tt *Type
	if s != nil {
		tt = s.Type
	}
	switch v := a.Value.(type) {
	case *TermRHS:
		c.cellIndices(a, s, e)
		c.assignable(v.Term, c.term(v.Term, e, tt), a.Target, tt)
	case *Case:
		c.caseUpdate(a, v, s, e)
	}
}

// assignable reports a value whose type differs from the target's.
func (c *checker) assignable(v Term, vt *Type, target string, tt *Type) {
	if vt != nil && tt != nil && vt != tt {
		c.errorf(v.TermPos(), "cannot assign %s to `%s` of type %s", vt.Name, target, tt.Name)
	}
}

// cellIndices checks the indices of a one-cell update A[i] := t: parameters
// or process constants, and (weak rules) the acting process's own cell for
// a non-weak array.
func (c *checker) cellIndices(a *Action, s *Symbol, e env) {
	for _, ix := range a.Index {
		if ix.Const != 0 {
			c.proc(ix)
			continue
		}
		if k, ok := c.lookupVar(ix.Var); !ok || k != varParam {
			c.errorf(ix.Pos, "%s: index `%s` must be a parameter or a process constant (write a case to update every cell)", e.item, ix.Var)
		}
	}
	if s != nil && len(a.Index) > 0 && c.weak && s.Class == SymArray && !s.Weak {
		c.ownWrite(a, e)
	}
}

// caseUpdate checks `X := case ...` and `A[j] := case ...`.
func (c *checker) caseUpdate(a *Action, k *Case, s *Symbol, e env) {
	n := 0
	for i, ix := range a.Index {
		if ix.Const != 0 {
			c.errorf(ix.Pos, "%s: case-update index must be a fresh variable, not #%d", e.item, ix.Const)
			continue
		}
		if kind, ok := c.lookupVar(ix.Var); ok && kind == varParam {
			c.errorf(ix.Pos, "%s: case-update index `%s` is a parameter; use a fresh variable", e.item, ix.Var)
		}
		for _, o := range a.Index[:i] {
			if o.Var == ix.Var {
				c.errorf(ix.Pos, "%s: case-update index `%s` listed twice", e.item, ix.Var)
			}
		}
		c.bind(ix.Var, varIndex)
		n++
	}
	defer c.unbind(n)
	var tt *Type
	if s != nil {
		tt = s.Type
	}
	local := s != nil && c.weak && s.Class == SymArray && !s.Weak && e.t.Acting() != ""
	for i, b := range k.Branches {
		if b.Cond == nil && i != len(k.Branches)-1 {
			c.errorf(b.Pos, "%s: the default branch `_` must be last", e.item)
		}
		be := e
		if b.Cond != nil {
			cond := c.expand(b.Cond, e.t.Pos)
			c.noQuant(cond, "case")
			if len(a.Index) > 0 && pins(cond, a.Index[0], e.t.Acting()) {
				be.alias = a.Index[0].Var
			}
			ce := be
			ce.place = inCaseCond
			c.formula(cond, ce)
		}
		if isKeep(b.Value, a) {
			continue
		}
		if local && be.alias == "" {
			c.errorf(b.Pos, "%s: this branch may write non-weak array `%s` at other processes' cells; its condition must contain `%s = %s` or its value must be `%s`",
				e.item, a.Target, procName(a.Index[0]), e.t.Acting(), keepText(a))
		}
		c.assignable(b.Value, c.term(b.Value, be, tt), a.Target, tt)
	}
}
