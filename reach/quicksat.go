package reach

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// canonicalRefutes reports whether the canonical model of f's cube is a
// model of the cube that falsifies every candidate: then the fixpoint
// query (the cube and no candidate) is satisfiable and the cube is not
// covered, without the solver. Every literal of the cube is evaluated in
// the model, so it is a model only when they all hold; where the model
// gives no value (see modelValue) a literal is undecided, and the solver
// answers. Cubes with events, and bounded processes, are left to it.
func (e *engine) canonicalRefutes(f *facts, cands [][]translate.Literal) bool {
	if len(f.c.Events) > 0 || e.sys.NumProcs > 0 {
		return false
	}
	for _, l := range f.c.Lits {
		if modelTruth(f, l) != translate.True {
			return false
		}
	}
	for _, cand := range cands {
		refuted := false
		for _, l := range cand {
			if modelTruth(f, l) == translate.False {
				refuted = true
				break
			}
		}
		if !refuted {
			return false
		}
	}
	return true
}

// mval is a value of the canonical model: a number (num), or a
// constructor, a process variable or a term of its own (t).
type mval struct {
	t   *translate.Term
	n   int64
	num bool
}

// The canonical model's numbers: a number or offset of the cubes must be
// an integer below maxModelConst in magnitude, and a numeric term without
// a value in the cube takes (ID+1) * modelGap, so that no sum of such a
// value and an offset equals another's or a number.
const (
	maxModelConst = 1 << 20
	modelGap      = 1 << 24
)

// modelTruth is the truth of l in the canonical model of f's cube
// (Undecided where the model gives a side no value).
func modelTruth(f *facts, l translate.Literal) translate.Truth {
	a, ok := modelValue(f, l.L)
	if !ok {
		return translate.Undecided
	}
	b, ok := modelValue(f, l.R)
	if !ok || a.num != b.num {
		return translate.Undecided
	}
	c := 0
	switch {
	case a.num && a.n < b.n:
		c = -1
	case a.num && a.n > b.n:
		c = 1
	case !a.num && a.t != b.t:
		if l.Op != translate.Eq && l.Op != translate.Ne {
			return translate.Undecided
		}
		c = 1
	}
	switch l.Op {
	case translate.Eq:
		return translate.TruthOf(c == 0)
	case translate.Ne:
		return translate.TruthOf(c != 0)
	case translate.Lt:
		return translate.TruthOf(c < 0)
	}
	return translate.TruthOf(c <= 0)
}

// modelValue returns the value of t in the canonical model of f's cube,
// ok false when it gives none. The model gives each cell or variable the
// value the cube equates it with; one of an enumeration without one, the
// first constructor the cube does not exclude (nor its subtype); a
// numeric one, (ID+1) * modelGap; any other (a process or an abstract
// value) a value of its own, different from all others: their sorts have
// infinitely many. The cube's process variables are distinct processes.
// A process constant (which may be a variable), a cell at one, a symbolic
// or fractional or large offset get no value.
func modelValue(f *facts, t *translate.Term) (mval, bool) {
	switch t.Kind {
	case translate.KCtor:
		return mval{t: t}, true
	case translate.KProc:
		return mval{t: t}, t.P.IsVar()
	case translate.KLin:
		k, ok := smallInt(t.Off)
		if !ok {
			return mval{}, false
		}
		if t.Base == nil {
			return mval{n: k, num: true}, true
		}
		v, ok := modelValue(f, t.Base)
		return mval{n: v.n + k, num: true}, ok && v.num
	case translate.KState:
		for _, p := range t.Args {
			if !p.IsVar() {
				return mval{}, false // a cell at a constant may be a variable's
			}
		}
		if v, found := f.valueOf(t); found {
			return modelValue(f, v)
		}
		switch t.Sym.Type.Kind {
		case syntax.TInt, syntax.TReal:
			return mval{n: (int64(t.ID()) + 1) * modelGap, num: true}, true
		case syntax.TAbstract, syntax.TProc:
			return mval{t: t}, true
		case syntax.TEnum, syntax.TBool:
			for _, c := range t.Sym.Type.Constructors {
				ctor := translate.CtorTerm(c)
				if f.status(translate.NewLiteral(translate.Eq, t, ctor)) != clashing {
					return mval{t: ctor}, true
				}
			}
		}
	}
	return mval{}, false
}

// smallInt returns an offset without constants that is an integer below
// maxModelConst in magnitude.
func smallInt(off translate.Lin) (int64, bool) {
	if len(off.Consts) > 0 {
		return 0, false
	}
	if off.K == nil {
		return 0, true
	}
	if !off.K.IsInt() || !off.K.Num().IsInt64() {
		return 0, false
	}
	k := off.K.Num().Int64()
	return k, k > -maxModelConst && k < maxModelConst
}
