package syntax

import (
	"fmt"
	"strings"
)

// Terms (§4.1): names, processes, array cells, `@` reads and the restricted
// arithmetic. Each check returns the term's type, or nil after an error or
// when the type is unknown (a predicate parameter checked on its own).

// term checks t and returns its type; hint is the type the context
// expects, used only to word the message for an unknown name.
func (c *checker) term(t Term, e env, hint *Type) *Type {
	switch t := t.(type) {
	case *Name:
		return c.name(t, e, hint)
	case *Proc:
		if k, ok := c.lookupVar(t.Var); ok && k == varPredParam {
			return nil
		}
		c.proc(*t)
		return c.model.Types["proc"]
	case *Cell:
		return c.cell(t, e)
	case *Read:
		return c.read(t, e)
	case *Number:
		return c.numberType(t)
	case *Arith:
		return c.arith(t, e)
	case *Scaled:
		return c.scaled(t)
	}
	panic(fmt.Sprintf("unknown term %T", t))
}

func (c *checker) numberType(n *Number) *Type {
	if n.Real {
		return c.model.Types["real"]
	}
	return c.model.Types["int"]
}

// unknownName reports whether t is a capitalised name that is not declared.
func (c *checker) unknownName(t Term) bool {
	n, ok := t.(*Name)
	return ok && c.model.Symbols[n.Name] == nil
}

// name checks a capitalised name used as a value.
func (c *checker) name(n *Name, e env, hint *Type) *Type {
	s := c.model.Symbols[n.Name]
	switch {
	case s == nil:
		c.unknownValue(n, hint)
		return nil
	case s.Arity > 0:
		c.errorf(n.Pos, "%s `%s` expects %s, got 0", symWord(s), n.Name, plural(s.Arity, "index", "indices"))
		return nil
	case s.Weak && e.place == inProperty && !e.read:
		c.errorf(n.Pos, "weak variable `%s` must be read with `@` in %s, as in `p @ %s`", n.Name, e.item, n.Name)
	}
	return s.Type
}

// unknownValue reports an undeclared capitalised name used as a value: a
// misspelt variable or constant when one is close, else a constructor of
// the expected type (or any name) with the closest one suggested.
func (c *checker) unknownValue(n *Name, hint *Type) {
	if s := Closest(n.Name, c.symbolNames(func(s *Symbol) bool { return isState(s) && s.Arity == 0 })); s != "" {
		c.errorf(n.Pos, "unknown %s `%s`; did you mean `%s`?", symWord(c.model.Symbols[s]), n.Name, s)
		return
	}
	if hint != nil && (hint.Kind == TEnum || hint.Kind == TBool) {
		if s := didYouMean(n.Name, hint.Constructors); s != "" {
			c.errorf(n.Pos, "unknown constructor `%s` of type %s%s", n.Name, hint.Name, s)
			return
		}
		c.errorf(n.Pos, "unknown name `%s`: not a declared variable or constant, nor a constructor of %s (%s)",
			n.Name, hint.Name, strings.Join(hint.Constructors, ", "))
		return
	}
	c.errorf(n.Pos, "unknown name `%s`%s", n.Name, didYouMean(n.Name, c.symbolNames(func(*Symbol) bool { return true })))
}

// proc checks a process: a variable in scope or a constant #n within
// number_procs.
func (c *checker) proc(p Proc) {
	switch {
	case p.Const > MaxProcs:
		c.errorf(p.Pos, "process constant #%d is out of range: at most %d processes are supported", p.Const, MaxProcs)
	case p.Const != 0 && c.nproc == 0:
		c.errorf(p.Pos, "process constant #%d needs number_procs", p.Const)
	case p.Const > c.nproc:
		c.errorf(p.Pos, "process constant #%d exceeds number_procs %d", p.Const, c.nproc)
	case p.Const == 0:
		if _, ok := c.lookupVar(p.Var); !ok {
			hint := didYouMean(p.Var, c.varNames())
			if hint == "" {
				hint = "; declare it as a parameter, as in `(p q)`, or bind it with a quantifier"
			}
			c.errorf(p.Pos, "unknown process variable `%s`%s", p.Var, hint)
		}
	}
}

// procName prints a process for messages.
func procName(p Proc) string {
	if p.Const != 0 {
		return fmt.Sprintf("#%d", p.Const)
	}
	return p.Var
}

// cell checks an array cell A[i, ...] used as a value.
func (c *checker) cell(x *Cell, e env) *Type {
	for _, ix := range x.Index {
		c.proc(ix)
	}
	s := c.model.Symbols[x.Array]
	switch {
	case s == nil:
		c.errorf(x.Pos, "unknown array `%s`%s", x.Array, didYouMean(x.Array, c.symbolNames(isArray)))
		return nil
	case s.Arity == 0:
		c.errorf(x.Pos, "%s `%s` is not an array", symWord(s), x.Array)
		return nil
	case len(x.Index) != s.Arity:
		c.errorf(x.Pos, "%s `%s` expects %s, got %d", symWord(s), x.Array, plural(s.Arity, "index", "indices"), len(x.Index))
		return nil
	case s.Weak && e.place == inProperty && !e.read:
		c.errorf(x.Pos, "weak array `%s` must be read with `@` in %s, as in `p @ %s[...]`", x.Array, e.item, x.Array)
	case c.weak && e.t != nil && s.Class == SymArray && !s.Weak:
		c.ownRead(x, e)
	}
	return s.Type
}

// read checks `p @ X` and `p @ A[...]`.
func (c *checker) read(r *Read, e env) *Type {
	switch {
	case e.place == inInit:
		c.errorf(r.Pos, "`@` reads are not allowed in init")
	case e.t != nil:
		acting := e.t.Acting()
		switch {
		case acting == "":
			if !c.weak { // under the weak rules the missing [p] is reported once
				c.errorf(r.Pos, "%s: `@` reads need an acting process `[p]`", e.item)
			}
		case r.Reader.Const != 0 || r.Reader.Var != acting:
			c.errorf(r.Pos, "%s: only the acting process `%s` may read with `@`, not `%s`", e.item, acting, procName(r.Reader))
		}
	}
	if k, ok := c.lookupVar(r.Reader.Var); !ok || k != varPredParam {
		c.proc(r.Reader)
	}
	e.read = true
	switch loc := r.Loc.(type) {
	case *Name:
		if s := c.model.Symbols[loc.Name]; s != nil && s.Class == SymConstructor {
			c.errorf(loc.Pos, "cannot read constructor `%s` with `@`", loc.Name)
			return nil
		}
		return c.name(loc, e, nil)
	case *Cell:
		return c.cell(loc, e)
	}
	c.errorf(r.Loc.TermPos(), "`@` must be followed by a variable or an array cell")
	return nil
}

// arith checks `base + offset` and `base - offset`: a numeric base and an
// offset of the same type (a number of the same kind or a constant).
func (c *checker) arith(a *Arith, e env) *Type {
	switch a.Base.(type) {
	case *Arith, *Scaled:
		c.errorf(a.Base.TermPos(), "arithmetic terms cannot be nested")
		return nil
	}
	bt := c.term(a.Base, e, nil)
	if bt != nil && !bt.Numeric() {
		c.errorf(a.Base.TermPos(), "arithmetic base must be int or real, got %s", bt.Name)
		bt = nil
	}
	var ot *Type
	switch o := a.Offset.(type) {
	case *Number:
		ot = c.numberType(o)
	case *Scaled:
		ot = c.scaled(o)
	case *Name:
		ot = c.constant(o.Pos, o.Name, "arithmetic offset must be a number or a constant")
	default:
		c.errorf(a.Offset.TermPos(), "arithmetic offset must be a number or a constant")
	}
	if bt != nil && ot != nil && ot != bt {
		c.errorf(a.Offset.TermPos(), "arithmetic offset has type %s, want %s", ot.Name, bt.Name)
	}
	return bt
}

// scaled checks `k * C`.
func (c *checker) scaled(x *Scaled) *Type {
	t := c.constant(x.Pos, x.Const, "`k * C` needs a constant")
	if t != nil && !t.Numeric() {
		c.errorf(x.Pos, "`k * C` needs a numeric constant, `%s` has type %s", x.Const, t.Name)
		return nil
	}
	return t
}

// constant checks a name that must denote a scalar constant; need words
// the error for another kind of name.
func (c *checker) constant(pos Pos, name, need string) *Type {
	s := c.model.Symbols[name]
	switch {
	case s == nil:
		c.errorf(pos, "unknown constant `%s`%s", name, didYouMean(name, c.symbolNames(func(s *Symbol) bool { return s.Class == SymConst })))
	case s.Class != SymConst || s.Arity > 0:
		c.errorf(pos, "%s, `%s` is %s", need, name, article(symWord(s)))
	default:
		return s.Type
	}
	return nil
}
