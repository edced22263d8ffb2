package translate

import (
	"math/big"

	"github.com/cubew/cubew/syntax"
)

// plainDNF puts a quantifier-free formula (negated when neg) in disjunctive
// normal form. fence() counts as true: only guards give it a meaning.
func (b *builder) plainDNF(f syntax.Formula, sc scope, neg bool) [][]Literal {
	var out [][]Literal
	for _, g := range b.dnf(f, sc, neg, -1) {
		if b.halted() {
			return nil
		}
		if g.hasOther {
			b.errorf(f.FormulaPos(), "a quantifier is not supported here")
			continue
		}
		out = append(out, g.lits)
	}
	return out
}

// guardDNF puts a guard in DNF; each disjunct may carry a forall_other part
// and a fence. nparams is the number of transition parameters, for
// `forall j. φ` = `forall_other j. φ` ∧ φ(p) for every parameter p.
func (b *builder) guardDNF(f syntax.Formula, sc scope, nparams int) []guardConj {
	return b.dnf(f, sc, false, nparams)
}

// guardConj is one conjunction of a DNF, with at most one forall_other part.
type guardConj struct {
	lits     []Literal
	hasOther bool
	other    [][]Literal
	fence    bool
}

func (g guardConj) and(h guardConj) (guardConj, bool) {
	if g.hasOther && h.hasOther {
		return guardConj{}, false
	}
	out := guardConj{
		lits:  append(append([]Literal(nil), g.lits...), h.lits...),
		fence: g.fence || h.fence,
	}
	if g.hasOther {
		out.hasOther, out.other = true, g.other
	} else if h.hasOther {
		out.hasOther, out.other = true, h.other
	}
	return out, true
}

func (b *builder) product(pos syntax.Pos, xs, ys []guardConj) []guardConj {
	var out []guardConj
	for _, x := range xs {
		for _, y := range ys {
			if b.halted() {
				return nil
			}
			z, ok := x.and(y)
			if !ok {
				b.errorf(pos, "at most one forall_other per disjunct of a guard is supported")
				return nil
			}
			out = append(out, z)
		}
	}
	return out
}

// dnf returns the disjuncts of f (of ¬f when neg). nparams < 0 means
// quantifiers are not allowed.
func (b *builder) dnf(f syntax.Formula, sc scope, neg bool, nparams int) []guardConj {
	switch x := f.(type) {
	case *syntax.BoolLit:
		if x.Value != neg {
			return []guardConj{{}}
		}
		return nil
	case *syntax.Fence:
		if neg {
			return nil
		}
		return []guardConj{{fence: true}}
	case *syntax.Compare:
		l := b.literal(x, sc)
		if neg {
			l = l.Negate()
		}
		return []guardConj{{lits: []Literal{l}}}
	case *syntax.Not:
		return b.dnf(x.X, sc, !neg, nparams)
	case *syntax.Binary:
		switch {
		case x.Op == syntax.OpAnd && !neg || x.Op == syntax.OpOr && neg:
			return b.product(x.Pos, b.dnf(x.L, sc, neg, nparams), b.dnf(x.R, sc, neg, nparams))
		case x.Op == syntax.OpOr && !neg || x.Op == syntax.OpAnd && neg:
			return append(b.dnf(x.L, sc, neg, nparams), b.dnf(x.R, sc, neg, nparams)...)
		case x.Op == syntax.OpImp:
			// a => b  is  ¬a ∨ b;  ¬(a => b)  is  a ∧ ¬b
			if neg {
				return b.product(x.Pos, b.dnf(x.L, sc, false, nparams), b.dnf(x.R, sc, true, nparams))
			}
			return append(b.dnf(x.L, sc, true, nparams), b.dnf(x.R, sc, false, nparams)...)
		default: // <=>: (a ∧ b) ∨ (¬a ∧ ¬b), negated: (a ∧ ¬b) ∨ (¬a ∧ b)
			return append(
				b.product(x.Pos, b.dnf(x.L, sc, false, nparams), b.dnf(x.R, sc, neg, nparams)),
				b.product(x.Pos, b.dnf(x.L, sc, true, nparams), b.dnf(x.R, sc, !neg, nparams))...)
		}
	case *syntax.Ite:
		return append(
			b.product(x.Pos, b.dnf(x.Cond, sc, false, nparams), b.dnf(x.Then, sc, neg, nparams)),
			b.product(x.Pos, b.dnf(x.Cond, sc, true, nparams), b.dnf(x.Else, sc, neg, nparams))...)
	case *syntax.Quant:
		return b.quant(x, sc, neg, nparams)
	case *syntax.Call:
		return b.dnf(b.m.Expand(x), sc, neg, nparams)
	}
	b.errorf(f.FormulaPos(), "unsupported formula")
	return nil
}

// quant handles forall_other and forall in a positive position of a guard.
func (b *builder) quant(q *syntax.Quant, sc scope, neg bool, nparams int) []guardConj {
	if neg || nparams < 0 || len(q.Vars) != 1 || q.Kind != syntax.ForallOther && q.Kind != syntax.Forall {
		b.errorf(q.Pos, "%s is not supported here", q.Kind)
		return nil
	}
	name := q.Vars[0].Name
	body := b.dnf(q.Body, sc.with(name, OtherVar), false, -1)
	fence := false
	var other [][]Literal
	for _, g := range body {
		if g.hasOther {
			b.errorf(q.Pos, "nested quantifiers are not supported")
		}
		other = append(other, g.lits)
		fence = fence || g.fence // a fence anywhere in the guard orders the transition
	}
	out := []guardConj{{hasOther: true, other: other, fence: fence}}
	if q.Kind == syntax.Forall {
		for i := 0; i < nparams; i++ {
			inst := b.plainDNF(q.Body, sc.with(name, ParamBase+Proc(i)), false)
			var conjs []guardConj
			for _, c := range inst {
				conjs = append(conjs, guardConj{lits: c})
			}
			out = b.product(q.Pos, out, conjs)
		}
	}
	return out
}

func (b *builder) literal(c *syntax.Compare, sc scope) Literal {
	l, r := b.term(c.L, sc), b.term(c.R, sc)
	switch c.Op {
	case syntax.OpEq:
		return NewLiteral(Eq, l, r)
	case syntax.OpNe:
		return NewLiteral(Ne, l, r)
	case syntax.OpLt:
		return NewLiteral(Lt, l, r)
	case syntax.OpLe:
		return NewLiteral(Le, l, r)
	case syntax.OpGt:
		return NewLiteral(Lt, r, l)
	}
	return NewLiteral(Le, r, l)
}

// term translates a term. A `p @ X` read is, in this translation, the
// value of X (sequential consistency).
func (b *builder) term(t syntax.Term, sc scope) *Term {
	switch x := t.(type) {
	case *syntax.Name:
		s := b.m.Symbols[x.Name]
		if s == nil {
			b.errorf(x.Pos, "unknown name %s", x.Name)
			return CtorTerm(x.Name)
		}
		if s.Class == syntax.SymConstructor {
			return CtorTerm(x.Name)
		}
		return b.location(x.Pos, s, nil, sc)
	case *syntax.Proc:
		return ProcTerm(b.proc(*x, sc))
	case *syntax.Cell:
		return b.location(x.Pos, b.m.Symbols[x.Array], x.Index, sc)
	case *syntax.Read:
		if b.ctx != inProperty {
			return b.term(x.Loc, sc) // in a transition the reader is the acting process
		}
		sym, index := b.m.Symbols[locName(x.Loc)], locIndex(x.Loc)
		if !sym.Weak {
			return b.term(x.Loc, sc)
		}
		args := b.procs(index, sc)
		if !b.cubeCell(x.Pos, args) {
			return CtorTerm("?")
		}
		return ValTerm(sym, b.finalRead(b.proc(x.Reader, sc), sym, args))
	case *syntax.Number:
		return NumTerm(x.Value)
	case *syntax.Arith:
		off := b.offset(x.Offset)
		if x.Minus {
			off = Lin{}.add(off, -1)
		}
		return Plus(b.term(x.Base, sc), off)
	case *syntax.Scaled:
		return LinTerm(nil, b.offset(x))
	}
	b.errorf(t.TermPos(), "unsupported term")
	return CtorTerm("?")
}

// offset returns the Lin of a number, a constant or a scaled constant.
func (b *builder) offset(t syntax.Term) Lin {
	switch x := t.(type) {
	case *syntax.Number:
		return Lin{K: new(big.Rat).Set(x.Value)}
	case *syntax.Name:
		return Lin{Consts: []Coeff{{Name: x.Name, K: 1}}}
	case *syntax.Scaled:
		return Lin{}.add(Lin{Consts: []Coeff{{Name: x.Const, K: x.K}}}, 1)
	}
	b.errorf(t.TermPos(), "unsupported offset")
	return Lin{}
}

// location translates a variable or an array cell: a weak one read inside
// a transition is a read of the acting process.
func (b *builder) location(pos syntax.Pos, s *syntax.Symbol, index []syntax.Proc, sc scope) *Term {
	args := b.procs(index, sc)
	if s.Weak && b.ctx == inTransition {
		if !b.cubeCell(pos, args) {
			return CtorTerm("?")
		}
		return ReadTerm(s, args...)
	}
	return StateTerm(s, args...)
}

func (b *builder) procs(index []syntax.Proc, sc scope) []Proc {
	args := make([]Proc, len(index))
	for i, p := range index {
		args[i] = b.proc(p, sc)
	}
	return args
}

// cubeCell reports whether a weak cell is indexed by process variables
// only: whether two cells are the same location must be decided without
// a solver, which a process constant (#n, maybe equal to a variable)
// prevents.
func (b *builder) cubeCell(pos syntax.Pos, args []Proc) bool {
	for _, a := range args {
		if a.IsConst() {
			b.errorf(pos, "weak array cells indexed by a process constant are not supported")
			return false
		}
	}
	return true
}

func locName(t syntax.Term) string {
	if c, ok := t.(*syntax.Cell); ok {
		return c.Array
	}
	return t.(*syntax.Name).Name
}

func locIndex(t syntax.Term) []syntax.Proc {
	if c, ok := t.(*syntax.Cell); ok {
		return c.Index
	}
	return nil
}
