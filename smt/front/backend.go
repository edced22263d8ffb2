package front

import (
	"strconv"
	"strings"

	"github.com/cubew/cubew/smt"
)

// backend is the solver that gets the checks the built-in procedure cannot
// answer, with the translation of the front's sorts, functions and terms
// into its handles.
type backend struct {
	t     *table
	s     smt.Solver
	sorts []smt.Sort // front sort -> backend sort, 0 until translated
	funcs []smt.Func
	terms []smt.Term // front term -> backend term, 0 until translated
	// base is the backend's table mark after the sorts, functions and the
	// assertions made before it existed; release cuts back to it.
	base smt.Mark
}

func newBackend(t *table, s smt.Solver) *backend {
	b := &backend{t: t, s: s}
	for srt := 1; srt < len(t.sorts); srt++ {
		b.sort(smt.Sort(srt))
	}
	return b
}

// setBase records the backend's current table end as the floor of release.
func (b *backend) setBase() { b.base = b.s.Mark() }

// release follows a Release of the front's table, now n terms long: the
// backend forgets every term made since base, and the translations are
// dropped except those of enumeration values, which the backend keeps.
func (b *backend) release(n int) {
	b.s.Release(b.base)
	b.terms = b.terms[:min(len(b.terms), n)]
	for u, bt := range b.terms {
		if bt >= smt.Term(b.base) {
			b.terms[u] = 0
		}
	}
}

// sort returns the backend sort of srt, declaring it (and an enumeration's
// values) the first time.
func (b *backend) sort(srt smt.Sort) smt.Sort {
	for len(b.sorts) <= int(srt) {
		b.sorts = append(b.sorts, 0)
	}
	if b.sorts[srt] != 0 {
		return b.sorts[srt]
	}
	si := &b.t.sorts[srt]
	var bs smt.Sort
	switch si.kind {
	case kindBool:
		bs = b.s.BoolSort()
	case kindInt:
		bs = b.s.IntSort()
	case kindReal:
		bs = b.s.RealSort()
	case kindUninterpreted:
		bs = b.s.UninterpretedSort(si.name)
	case kindEnum:
		var vals []smt.Term
		bs, vals = b.s.EnumSort(si.name, si.names)
		for i, v := range vals {
			b.setTerm(si.values[i], v)
		}
	}
	b.sorts[srt] = bs
	return bs
}

func (b *backend) fn(f smt.Func) smt.Func {
	for len(b.funcs) <= int(f) {
		b.funcs = append(b.funcs, 0)
	}
	if b.funcs[f] == 0 {
		fi := &b.t.funcs[f]
		dom := make([]smt.Sort, len(fi.domain))
		for i, d := range fi.domain {
			dom[i] = b.sort(d)
		}
		b.funcs[f] = b.s.FuncDecl(fi.name, dom, b.sort(fi.rng))
	}
	return b.funcs[f]
}

func (b *backend) setTerm(u, bt smt.Term) {
	for len(b.terms) <= int(u) {
		b.terms = append(b.terms, 0)
	}
	b.terms[u] = bt
}

// assert asserts the translation of u.
func (b *backend) assert(u smt.Term) { b.s.Assert(b.term(u)) }

// term returns the backend term of u, translating it the first time.
func (b *backend) term(u smt.Term) smt.Term {
	if int(u) < len(b.terms) && b.terms[u] != 0 {
		return b.terms[u]
	}
	n := &b.t.nodes[u]
	args := make([]smt.Term, len(n.args))
	for i, a := range n.args {
		args[i] = b.term(a)
	}
	bt := b.build(n, args)
	b.setTerm(u, bt)
	return bt
}

// build makes the backend term of n over the translated args.
func (b *backend) build(n *node, args []smt.Term) smt.Term {
	s := b.s
	switch n.op {
	case opConst:
		return s.Const(n.name, b.sort(n.sort))
	case opValue:
		b.sort(n.sort) // translates the values
		return b.terms[b.t.sorts[n.sort].values[n.val]]
	case opInt:
		return s.Int(n.val)
	case opReal:
		return s.Real(n.val, n.den)
	case opTrue:
		return s.True()
	case opFalse:
		return s.False()
	case opApply:
		return s.Apply(b.fn(n.fn), args...)
	case opNot:
		return s.Not(args[0])
	case opAnd:
		return s.And(args...)
	case opOr:
		return s.Or(args...)
	case opImplies:
		return s.Implies(args[0], args[1])
	case opIff:
		return s.Iff(args[0], args[1])
	case opEq:
		return s.Eq(args[0], args[1])
	case opDistinct:
		return s.Distinct(args...)
	case opIte:
		return s.Ite(args[0], args[1], args[2])
	case opLt:
		return s.Lt(args[0], args[1])
	case opLe:
		return s.Le(args[0], args[1])
	case opGt:
		return s.Gt(args[0], args[1])
	case opGe:
		return s.Ge(args[0], args[1])
	case opAdd:
		return s.Add(args...)
	case opSub:
		return s.Sub(args[0], args[1])
	}
	return s.Mul(args...)
}

// value maps a literal of the backend's model back to a front literal of
// sort srt.
func (b *backend) value(bv smt.Term, srt smt.Sort) (smt.Term, bool) {
	si := &b.t.sorts[srt]
	text := b.s.String(bv)
	switch si.kind {
	case kindBool:
		if bv == b.s.True() {
			return b.t.True(), true
		}
		return b.t.False(), true
	case kindEnum:
		for _, v := range si.values {
			if b.term(v) == bv {
				return v, true
			}
		}
		return 0, false
	case kindInt:
		text = strings.TrimSuffix(strings.TrimPrefix(text, "(- "), ")")
		v, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return 0, false
		}
		if strings.HasPrefix(b.s.String(bv), "(-") {
			v = -v
		}
		return b.t.Int(v), true
	}
	return b.t.Const(text, srt), true
}
