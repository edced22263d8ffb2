package reach

import (
	"fmt"
	"maps"
	"math/big"
	"slices"

	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// lowerer turns cubes into solver formulas. Processes are integers
// (pairwise distinct cube variables, `#n` is n, 1..number_procs when
// bounded); arrays are uninterpreted functions of their indices, so that a
// cell at a variable and at a constant are equal when the two are;
// enumerations are finite sorts.
//
// Sorts, constructors and function symbols are made once; every other
// term belongs to the current query and is released by reset.
type lowerer struct {
	s        smt.Solver
	sys      *translate.System
	sorts    map[*syntax.Type]smt.Sort
	ctors    map[string]smt.Term
	funcs    map[string]smt.Func
	base     smt.Mark
	consts   map[string]smt.Term // per query
	procVars map[translate.Proc]smt.Term
	lits     map[translate.Literal]smt.Term // per query: literals lowered
	// domain collects, per query, the domain facts of the state terms
	// lowered (see restrict and domainFacts).
	domain []smt.Term
	ranged map[*translate.Term]bool
	// procBound is the largest process (0: unbounded): number_procs, or
	// the process count of a replayed instance.
	procBound int
	// step >= 0 names state after a step of a replayed trace: each step has
	// its own variables and array functions; constants have none.
	step      int
	stepFuncs map[string]smt.Func
}

func newLowerer(s smt.Solver, sys *translate.System) *lowerer {
	l := &lowerer{s: s, sys: sys, sorts: map[*syntax.Type]smt.Sort{}, ctors: map[string]smt.Term{}, funcs: map[string]smt.Func{},
		procBound: sys.NumProcs, step: -1, stepFuncs: map[string]smt.Func{}}
	m := sys.Model
	for _, name := range slices.Sorted(maps.Keys(m.Types)) {
		typ := m.Types[name]
		switch typ.Kind {
		case syntax.TBool, syntax.TEnum:
			srt, vals := s.EnumSort(typ.Name, typ.Constructors)
			l.sorts[typ] = srt
			for i, c := range typ.Constructors {
				l.ctors[c] = vals[i]
			}
		case syntax.TInt, syntax.TProc:
			l.sorts[typ] = s.IntSort()
		case syntax.TReal:
			l.sorts[typ] = s.RealSort()
		case syntax.TAbstract:
			l.sorts[typ] = s.UninterpretedSort(typ.Name)
		}
	}
	procSort := s.IntSort()
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		sym := m.Symbols[name]
		if sym.Arity > 0 {
			dom := make([]smt.Sort, sym.Arity)
			for i := range dom {
				dom[i] = procSort
			}
			l.funcs[name] = s.FuncDecl(name, dom, l.sorts[sym.Type])
		}
	}
	l.base = s.Mark()
	l.reset()
	return l
}

// reset releases the terms of the previous query.
func (l *lowerer) reset() {
	l.s.Release(l.base)
	l.consts = reuse(l.consts)
	l.procVars = reuse(l.procVars)
	l.domain = l.domain[:0]
	l.ranged = reuse(l.ranged)
	l.lits = reuse(l.lits)
}

// reuse returns m emptied, or a new map when m is nil.
func reuse[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	clear(m)
	return m
}

// domainFacts returns, and forgets, the domain facts of the state terms
// lowered since the last call (see restrict).
func (l *lowerer) domainFacts() []smt.Term {
	out := l.domain
	l.domain = nil
	return out
}

// restrict records the domain facts of v, a value of sym: within
// 1..number_procs for a process, within sym's subtype for an enumeration.
func (l *lowerer) restrict(sym *syntax.Symbol, v smt.Term) {
	if l.procBound > 0 && sym.Type.Kind == syntax.TProc {
		l.domain = append(l.domain, l.s.Le(l.s.Int(1), v), l.s.Le(v, l.s.Int(int64(l.procBound))))
	}
	if sub := translate.SubtypeOf(sym); sub != nil {
		var ors []smt.Term
		for _, c := range sym.Type.Constructors {
			if sub[c] {
				ors = append(ors, l.s.Eq(v, l.ctors[c]))
			}
		}
		l.domain = append(l.domain, l.s.Or(ors...))
	}
}

// proc returns the integer term of a process.
func (l *lowerer) proc(p translate.Proc) smt.Term {
	if p.IsConst() {
		return l.s.Int(int64(-p))
	}
	if t, ok := l.procVars[p]; ok {
		return t
	}
	t := l.s.Const(fmt.Sprintf("p%d", int(p)), l.s.IntSort())
	l.procVars[p] = t
	return t
}

// procConstraints says that the variables #1..#n are distinct processes
// (within 1..number_procs when bounded).
func (l *lowerer) procConstraints(n int) []smt.Term {
	var out []smt.Term
	vars := make([]smt.Term, n)
	for i := range vars {
		vars[i] = l.proc(translate.Proc(i + 1))
		if l.procBound > 0 {
			out = append(out, l.s.Le(l.s.Int(1), vars[i]), l.s.Le(vars[i], l.s.Int(int64(l.procBound))))
		}
	}
	if n > 1 {
		out = append(out, l.s.Distinct(vars...))
	}
	return out
}

// cube returns the literals of c as formulas, with c's process constraints.
func (l *lowerer) cube(c *translate.Cube) []smt.Term {
	out := l.procConstraints(c.NVars)
	for _, lit := range c.Lits {
		out = append(out, l.literal(lit))
	}
	return out
}

// literal lowers lit, once per query of the search (candidates of a
// fixpoint query share many literals); a replay's literals depend on the
// step.
func (l *lowerer) literal(lit translate.Literal) smt.Term {
	if l.step >= 0 {
		return l.lowerLiteral(lit)
	}
	if t, ok := l.lits[lit]; ok {
		return t
	}
	t := l.lowerLiteral(lit)
	l.lits[lit] = t
	return t
}

func (l *lowerer) lowerLiteral(lit translate.Literal) smt.Term {
	real := l.isReal(lit.L) || l.isReal(lit.R)
	a, b := l.term(lit.L, real), l.term(lit.R, real)
	switch lit.Op {
	case translate.Eq:
		return l.s.Eq(a, b)
	case translate.Ne:
		return l.s.Not(l.s.Eq(a, b))
	case translate.Lt:
		return l.s.Lt(a, b)
	}
	return l.s.Le(a, b)
}

// isReal reports whether a numeric term is of sort real.
func (l *lowerer) isReal(t *translate.Term) bool {
	switch t.Kind {
	case translate.KState, translate.KVal:
		return t.Sym.Type.Kind == syntax.TReal
	case translate.KLin:
		if t.Base != nil {
			return l.isReal(t.Base)
		}
		for _, c := range t.Off.Consts {
			if s := l.sys.Model.Symbols[c.Name]; s != nil && s.Type.Kind == syntax.TReal {
				return true
			}
		}
		return t.Off.K != nil && !t.Off.K.IsInt()
	}
	return false
}

func (l *lowerer) term(t *translate.Term, real bool) smt.Term {
	switch t.Kind {
	case translate.KState:
		v := l.stateTerm(t)
		if !l.ranged[t] {
			l.ranged[t] = true
			l.restrict(t.Sym, v)
		}
		return v
	case translate.KProc:
		return l.proc(t.P)
	case translate.KCtor:
		return l.ctors[t.Ctor]
	case translate.KVal:
		name := fmt.Sprintf("val_%s_%s", t.P, t.Sym.Type.Name)
		c, ok := l.consts[name]
		if !ok {
			c = l.s.Const(name, l.sorts[t.Sym.Type])
			l.consts[name] = c
			l.restrict(t.Sym, c)
		}
		return c
	}
	// KLin: base + k + Σ coeff * const
	var parts []smt.Term
	if t.Base != nil {
		parts = append(parts, l.term(t.Base, real))
	}
	if t.Off.K != nil && t.Off.K.Sign() != 0 || len(parts) == 0 && len(t.Off.Consts) == 0 {
		parts = append(parts, l.number(t.Off.K, real))
	}
	for _, c := range t.Off.Consts {
		sym := l.sys.Model.Symbols[c.Name]
		parts = append(parts, l.s.Mul(l.number(big.NewRat(c.K, 1), real), l.term(translate.StateTerm(sym), real)))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return l.s.Add(parts...)
}

// stateTerm lowers a variable (a constant) or an array cell (an
// application of the array's function).
func (l *lowerer) stateTerm(t *translate.Term) smt.Term {
	name := t.Sym.Name
	stepped := l.step >= 0 && t.Sym.Class != syntax.SymConst
	if stepped {
		name = fmt.Sprintf("%s@%d", name, l.step)
	}
	if t.Sym.Arity == 0 {
		if c, ok := l.consts[name]; ok {
			return c
		}
		c := l.s.Const(name, l.sorts[t.Sym.Type])
		l.consts[name] = c
		return c
	}
	args := make([]smt.Term, len(t.Args))
	for i, p := range t.Args {
		args[i] = l.proc(p)
	}
	f := l.funcs[name]
	if stepped {
		var ok bool
		if f, ok = l.stepFuncs[name]; !ok {
			dom := make([]smt.Sort, t.Sym.Arity)
			for i := range dom {
				dom[i] = l.s.IntSort()
			}
			f = l.s.FuncDecl(name, dom, l.sorts[t.Sym.Type])
			l.stepFuncs[name] = f
		}
	}
	return l.s.Apply(f, args...)
}

func (l *lowerer) number(k *big.Rat, real bool) smt.Term {
	if k == nil {
		k = new(big.Rat)
	}
	if real || !k.IsInt() {
		return l.s.Real(k.Num().Int64(), k.Denom().Int64())
	}
	return l.s.Int(k.Num().Int64())
}

// dnf returns the disjunction of the conjunctions of dnf.
func (l *lowerer) dnf(dnf [][]translate.Literal) smt.Term {
	ors := make([]smt.Term, len(dnf))
	for i, conj := range dnf {
		ands := make([]smt.Term, len(conj))
		for j, lit := range conj {
			ands[j] = l.literal(lit)
		}
		ors[i] = l.s.And(ands...)
	}
	return l.s.Or(ors...)
}
