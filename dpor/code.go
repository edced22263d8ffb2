package dpor

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// Formulas and terms compiled for one program (compile.go): every
// capitalised name is resolved to its locations or its constructor value,
// every process variable to a slot of the evaluator's environment and
// every literal to its value once, so that evaluating a guard, an update
// or a property hashes no string. A compiled formula or term is a closure
// over what it resolved. What the program cannot resolve (a name the
// checker would have rejected) compiles to a closure that reports the
// error when it is evaluated, with the interpreter's message, so a model
// fails where an evaluation reaches the mistake and nowhere else.

// cformula is a compiled formula.
type cformula func(e *evaluator) truth

// cterm is a compiled term.
type cterm func(e *evaluator) value

// procRef is a compiled process: a constant (konst > 0), else slot of the
// environment (-1: a variable no binder binds, reported when evaluated).
type procRef struct {
	konst int
	slot  int
	pos   syntax.Pos
	name  string
}

// cellRef is a compiled variable or array cell: the symbol (nil when name
// is not an array with len(idx) indices, reported when evaluated) and its
// indices.
type cellRef struct {
	s    *sym
	idx  []procRef
	pos  syntax.Pos
	name string
}

// cquant is a compiled quantifier: its k variables take slots base ..
// base+k-1.
type cquant struct {
	exists bool
	other  bool // forall_other, exists_other: the variables avoid the parameters
	base   int
	k      int
	body   cformula
}

// compiler compiles the formulas of one program; scope lists the
// process variables bound where it compiles, variable scope[i] in slot i.
type compiler struct {
	p     *program
	scope []string
}

// newCompiler returns a compiler with the variables vars in scope.
func newCompiler(p *program, vars ...string) *compiler {
	return &compiler{p: p, scope: vars}
}

// names lists the names of parameters or variables.
func names[T any](xs []T, name func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = name(x)
	}
	return out
}

func identName(x syntax.Ident) string { return x.Name }

// with returns a compiler with vars bound after c's variables.
func (c *compiler) with(vars ...string) *compiler {
	return &compiler{p: c.p, scope: append(append([]string(nil), c.scope...), vars...)}
}

func (c *compiler) proc(x syntax.Proc) procRef {
	r := procRef{konst: x.Const, slot: -1, pos: x.Pos, name: x.Var}
	if x.Const > 0 {
		return r
	}
	for i := len(c.scope) - 1; i >= 0; i-- {
		if c.scope[i] == x.Var {
			r.slot = i
			break
		}
	}
	return r
}

// cell compiles the location of array[index...] (a variable: no index).
func (c *compiler) cell(pos syntax.Pos, array string, index []syntax.Proc) *cellRef {
	r := &cellRef{pos: pos, name: array}
	if s := c.p.syms[array]; s != nil && len(index) == s.s.Arity {
		r.s = s
	}
	for _, x := range index {
		r.idx = append(r.idx, c.proc(x))
	}
	return r
}

// failing compiles a mistake found at compile time: evaluating it fails.
func failing[T any](pos syntax.Pos, zero T, format string, args ...any) func(e *evaluator) T {
	msg := fmt.Sprintf(format, args...)
	return func(e *evaluator) T {
		e.fail(pos, "%s", msg)
		return zero
	}
}

// formula compiles f (nil: true).
func (c *compiler) formula(f syntax.Formula) cformula {
	switch f := f.(type) {
	case nil:
		return func(*evaluator) truth { return tTrue }
	case *syntax.BoolLit:
		t := truthOf(f.Value)
		return func(*evaluator) truth { return t }
	case *syntax.Compare:
		return c.compare(f)
	case *syntax.Fence:
		return func(e *evaluator) truth { return e.fence() }
	case *syntax.Not:
		x := c.formula(f.X)
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			return x(e).not()
		}
	case *syntax.Binary:
		return c.binary(f)
	case *syntax.Ite:
		cond, a, b := c.formula(f.Cond), c.formula(f.Then), c.formula(f.Else)
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			return e.ite(cond, a, b)
		}
	case *syntax.Quant:
		q := &cquant{exists: f.Kind == syntax.Exists || f.Kind == syntax.ExistsOther,
			other: f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther,
			base:  len(c.scope), k: len(f.Vars)}
		q.body = c.with(names(f.Vars, identName)...).formula(f.Body)
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			return e.quant(q)
		}
	case *syntax.Call:
		return failing(f.Pos, tUnknown, "predicate call %s was not expanded", f.Name)
	}
	return failing(f.FormulaPos(), tUnknown, "unknown formula %T", f)
}

// binary compiles a connective. A chain of && (or of ||) compiles to
// one loop over its operands, left to right, that stops at the first
// false (true) one: Kleene's connectives are associative, so the chain
// has the value of the tree.
func (c *compiler) binary(f *syntax.Binary) cformula {
	switch f.Op {
	case syntax.OpAnd, syntax.OpOr:
		var xs []cformula
		for _, x := range chain(f, f.Op) {
			xs = append(xs, c.formula(x))
		}
		stop := truthOf(f.Op == syntax.OpOr) // the value that decides the chain
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			res := stop.not()
			for _, x := range xs {
				t := x(e)
				if t == stop {
					return stop
				}
				if t == tUnknown {
					res = tUnknown
				}
			}
			return res
		}
	}
	l, r := c.formula(f.L), c.formula(f.R)
	switch f.Op {
	case syntax.OpImp:
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			a := l(e)
			if a == tFalse {
				return tTrue
			}
			return or(a.not(), r(e))
		}
	case syntax.OpIff:
		return func(e *evaluator) truth {
			if e.err != nil {
				return tUnknown
			}
			a, b := l(e), r(e)
			if a == tUnknown || b == tUnknown {
				return tUnknown
			}
			return truthOf(a == b)
		}
	}
	return failing(f.Pos, tUnknown, "unknown connective %s", f.Op)
}

// chain lists the operands of a chain of op, left to right.
func chain(f syntax.Formula, op syntax.BinOp) []syntax.Formula {
	if b, ok := f.(*syntax.Binary); ok && b.Op == op {
		return append(chain(b.L, op), chain(b.R, op)...)
	}
	return []syntax.Formula{f}
}

// compare compiles `L op R`; `>` and `>=` swap their operands. Two known
// values of one kind other than real (constructors, processes, integers)
// compare by their numbers, without the general comparison.
func (c *compiler) compare(f *syntax.Compare) cformula {
	l, r := c.term(f.L), c.term(f.R)
	op, swap := string(f.Op), false
	switch f.Op {
	case syntax.OpGt:
		op, swap = "<", true
	case syntax.OpGe:
		op, swap = "<=", true
	}
	var holds func(a, b int64) bool
	switch op {
	case "=":
		holds = func(a, b int64) bool { return a == b }
	case "<>":
		holds = func(a, b int64) bool { return a != b }
	case "<":
		holds = func(a, b int64) bool { return a < b }
	default:
		holds = func(a, b int64) bool { return a <= b }
	}
	return func(e *evaluator) truth {
		if e.err != nil {
			return tUnknown
		}
		a, b := l(e), r(e)
		if swap {
			a, b = b, a
		}
		if a.K == b.K && a.K >= kCons && a.K != kReal {
			return truthOf(holds(a.N, b.N))
		}
		return e.p.num.compare(op, a, b)
	}
}

// term compiles t.
func (c *compiler) term(t syntax.Term) cterm {
	switch t := t.(type) {
	case *syntax.Proc:
		x := c.proc(*t)
		return func(e *evaluator) value {
			if e.err != nil {
				return undef
			}
			return value{K: kProc, N: int64(e.proc(&x))}
		}
	case *syntax.Number:
		v, err := c.p.num.number(t.Value, t.Real)
		if err != nil {
			return failing(t.Pos, undef, "%v", err)
		}
		return func(*evaluator) value { return v }
	case *syntax.Name:
		return c.name(t.Pos, t.Name, nil)
	case *syntax.Cell:
		return c.read(c.cell(t.Pos, t.Array, t.Index), nil)
	case *syntax.Read:
		x := c.proc(t.Reader)
		switch l := t.Loc.(type) {
		case *syntax.Name:
			return c.name(l.Pos, l.Name, &x)
		case *syntax.Cell:
			return c.read(c.cell(l.Pos, l.Array, l.Index), &x)
		}
		return failing(t.Pos, undef, "cannot read %T", t.Loc)
	case *syntax.Arith:
		return c.arith(t)
	case *syntax.Scaled:
		k, x := t.K, c.name(t.Pos, t.Const, nil)
		return func(e *evaluator) value {
			if e.err != nil {
				return undef
			}
			v, err := e.p.num.scale(k, x(e))
			if err != nil {
				e.fail(t.Pos, "%v", err)
			}
			return v
		}
	}
	return failing(t.TermPos(), undef, "unknown term %T", t)
}

// arith compiles `Base ± Offset`, an increment of an ordered real when
// the program keys reals by their order (order.go).
func (c *compiler) arith(t *syntax.Arith) cterm {
	b, o := c.term(t.Base), c.term(t.Offset)
	sign := int64(1)
	if t.Minus {
		sign = -1
	}
	ordered := c.p.orderedTerm(t.Base)
	return func(e *evaluator) value {
		if e.err != nil {
			return undef
		}
		bv, ov := b(e), o(e)
		var v value
		var err error
		if ordered && e.p.order != nil {
			v, err = e.p.increment(e.st, bv, ov, sign)
		} else {
			v, err = e.p.num.add(bv, ov, sign)
		}
		if err != nil {
			e.fail(t.Pos, "%v", err)
		}
		return v
	}
}

// name compiles a capitalised name: a constructor, a constant or a
// global variable, read by reader (nil: the evaluator's reader).
func (c *compiler) name(pos syntax.Pos, name string, reader *procRef) cterm {
	r, ok := c.p.names[name]
	switch {
	case !ok:
		return failing(pos, undef, "unknown name %s", name)
	case r.sym == nil:
		v := r.cons
		return func(*evaluator) value { return v }
	case r.sym.s.Arity != 0:
		return failing(pos, undef, "%s is not a value", name)
	}
	return c.read(&cellRef{s: r.sym, pos: pos, name: name}, reader)
}

// read compiles the value of a location read by reader (nil: the
// evaluator's reader). A non-weak variable, or a non-weak cell indexed by
// one variable, read by the evaluator's reader, has a closure of its own:
// those are most reads.
func (c *compiler) read(x *cellRef, reader *procRef) cterm {
	if reader == nil && x.s != nil && !x.s.weak {
		switch {
		case len(x.idx) == 0:
			l := x.s.base
			return func(e *evaluator) value {
				if e.err != nil {
					return undef
				}
				return e.p.noteFree(e.st.vals[l])
			}
		case len(x.idx) == 1 && x.idx[0].slot >= 0:
			slot, base := x.idx[0].slot, x.s.base-1
			return func(e *evaluator) value {
				if e.err != nil {
					return undef
				}
				q := e.env[slot]
				if q < 1 || q > e.p.n {
					e.fail(x.pos, "process #%d does not exist in an instance with %d processes", q, e.p.n)
					return undef
				}
				return e.p.noteFree(e.st.vals[base+q])
			}
		}
	}
	return func(e *evaluator) value {
		if e.err != nil {
			return undef
		}
		q := e.reader
		if reader != nil {
			q = e.proc(reader)
		}
		l, ok := e.loc(x)
		if !ok {
			return undef
		}
		if x.s.weak {
			return e.p.noteFree(e.p.read(e.st, q, l))
		}
		return e.p.noteFree(e.st.vals[l])
	}
}
