package translate

import (
	"cmp"
	"math/big"
	"strings"
)

// Op is a comparison operator; `>` and `>=` are written with swapped
// operands.
type Op uint8

// The comparison operators.
const (
	Eq Op = iota
	Ne
	Lt
	Le
)

var opNames = [...]string{Eq: "=", Ne: "<>", Lt: "<", Le: "<="}

func (o Op) String() string { return opNames[o] }

// Literal is one atom `L op R`. Build literals with NewLiteral, which
// orients them canonically; a Literal is a value.
type Literal struct {
	Op Op
	L  *Term
	R  *Term
}

// NewLiteral returns the canonical literal `l op r`: for = and <>, a value
// goes on the right and otherwise the smaller key on the left.
func NewLiteral(op Op, l, r *Term) Literal {
	if op == Eq || op == Ne {
		lv, rv := l.IsValue(), r.IsValue()
		if lv && !rv || lv == rv && l.key > r.key {
			l, r = r, l
		}
	}
	return Literal{Op: op, L: l, R: r}
}

// Key is the canonical text of the literal; equal keys mean equal literals.
func (l Literal) Key() string { return l.L.key + " " + l.Op.String() + " " + l.R.key }

func (l Literal) String() string { return l.Key() }

// ID packs the literal into a number unique to it (for map keys).
func (l Literal) ID() uint64 {
	return uint64(l.Op)<<62 | uint64(l.L.id)<<31 | uint64(l.R.id)
}

// Less orders literals by their text without building it.
func (l Literal) Less(m Literal) bool { return l.Compare(m) < 0 }

// Compare is Less as a three-way comparison (-1, 0, +1), for slices.SortFunc.
func (l Literal) Compare(m Literal) int {
	if l.L != m.L {
		return strings.Compare(l.L.key, m.L.key)
	}
	if l.Op != m.Op {
		return cmp.Compare(l.Op, m.Op)
	}
	return strings.Compare(l.R.key, m.R.key)
}

// Negate returns the literal that holds exactly when l does not.
func (l Literal) Negate() Literal {
	switch l.Op {
	case Eq:
		return Literal{Op: Ne, L: l.L, R: l.R}
	case Ne:
		return Literal{Op: Eq, L: l.L, R: l.R}
	case Lt:
		return Literal{Op: Le, L: l.R, R: l.L}
	}
	return Literal{Op: Lt, L: l.R, R: l.L}
}

// Rename returns the literal with processes renamed by f.
func (l Literal) Rename(f func(Proc) Proc) Literal {
	a, b := l.L.Rename(f), l.R.Rename(f)
	if a == l.L && b == l.R {
		return l
	}
	return NewLiteral(l.Op, a, b)
}

// Procs appends the processes l mentions to dst.
func (l Literal) Procs(dst []Proc) []Proc { return l.R.Procs(l.L.Procs(dst)) }

// Truth is the result of evaluating a literal without a solver.
type Truth int8

// The possible outcomes.
const (
	Undecided Truth = iota
	True
	False
)

// TruthOf is True when b holds, else False.
func TruthOf(b bool) Truth {
	if b {
		return True
	}
	return False
}

// Eval decides l when its sides are comparable syntactically: two values,
// two processes of a cube (distinct unless equal), or two linear terms on
// the same base. Anything else is Undecided.
func (l Literal) Eval() Truth {
	a, b := l.L, l.R
	if a == b {
		return TruthOf(l.Op == Eq || l.Op == Le)
	}
	switch {
	case a.Kind == KProc && b.Kind == KProc:
		if a.P.IsConst() && b.P.IsConst() {
			return cmpTruth(l.Op, big.NewRat(int64(-a.P), 1).Cmp(big.NewRat(int64(-b.P), 1)))
		}
		if distinctProcs(a.P, b.P) {
			switch l.Op {
			case Eq:
				return False
			case Ne:
				return True
			}
		}
		return Undecided
	case a.Kind == KCtor && b.Kind == KCtor:
		return TruthOf((l.Op == Eq) != (a.Ctor != b.Ctor))
	case b.Kind == KCtor && (l.Op == Eq || l.Op == Ne) && outsideSubtype(a, b.Ctor):
		return TruthOf(l.Op == Ne)
	case a.Kind == KLin || b.Kind == KLin:
		return evalLin(l.Op, asLin(a), asLin(b))
	}
	return Undecided
}

// outsideSubtype reports whether t, a variable, cell or read value, can
// never hold constructor c (see Subtype).
func outsideSubtype(t *Term, c string) bool {
	if t.Kind != KState && t.Kind != KVal && t.Kind != KRead {
		return false
	}
	sub := SubtypeOf(t.Sym)
	return sub != nil && !sub[c]
}

// distinctProcs reports whether two different process names surely denote
// different processes: two cube variables, or two transition parameters.
func distinctProcs(p, q Proc) bool {
	isParam := func(x Proc) bool { return x >= ParamBase && x < IndexBase }
	return p.IsVar() && q.IsVar() || isParam(p) && isParam(q)
}

// asLin views a numeric term as base + offset.
func asLin(t *Term) *Term {
	if t.Kind == KLin {
		return t
	}
	return &Term{Kind: KLin, Base: t}
}

// evalLin decides a comparison of two linear terms with the same base and
// the same constant part: only the rational offsets differ.
func evalLin(op Op, a, b *Term) Truth {
	sameBase := a.Base == nil && b.Base == nil || a.Base != nil && a.Base == b.Base
	if !sameBase || !sameConsts(a.Off, b.Off) {
		return Undecided
	}
	return cmpTruth(op, a.Off.rat().Cmp(b.Off.rat()))
}

func sameConsts(a, b Lin) bool {
	if len(a.Consts) != len(b.Consts) {
		return false
	}
	for i := range a.Consts {
		if a.Consts[i] != b.Consts[i] {
			return false
		}
	}
	return true
}

func cmpTruth(op Op, c int) Truth {
	switch op {
	case Eq:
		return TruthOf(c == 0)
	case Ne:
		return TruthOf(c != 0)
	case Lt:
		return TruthOf(c < 0)
	}
	return TruthOf(c <= 0)
}

// joinLits prints literals separated by " && ".
func joinLits(lits []Literal) string {
	s := make([]string, len(lits))
	for i, l := range lits {
		s[i] = l.Key()
	}
	return strings.Join(s, " && ")
}
