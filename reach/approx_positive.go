package reach

import (
	"math/big"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// positiveConsts are the numeric constants c says are positive (`0 <
// Tick`, a guard every step that adds Tick carries): offsets over them
// have a known sign (weakenPositive).
func positiveConsts(c *translate.Cube) map[string]bool {
	pos := map[string]bool{}
	for _, l := range c.Lits {
		if l.Op != translate.Lt {
			continue
		}
		if k, ok := numberValue(l.L); ok && k.Sign() >= 0 && isConst(l.R) {
			pos[l.R.Sym.Name] = true
		}
	}
	return pos
}

// numberValue is the value of a number term.
func numberValue(t *translate.Term) (*big.Rat, bool) {
	if t.Kind != translate.KLin || t.Base != nil || len(t.Off.Consts) > 0 {
		return nil, false
	}
	if t.Off.K == nil {
		return new(big.Rat), true
	}
	return t.Off.K, true
}

// isConst reports whether t is a scalar numeric constant.
func isConst(t *translate.Term) bool {
	return t.Kind == translate.KState && len(t.Args) == 0 && t.Sym.Class == syntax.SymConst && t.Sym.Type.Numeric()
}

// weakenPositive is weaken for a literal whose offsets name constants
// (`Clock[#1] = Timer + Tick`) that pos says are positive: when the
// difference of its sides' offsets has a known sign s (every constant's
// coefficient of sign s, the number of sign s or zero), `a = b + d`
// gives `b < a` for s > 0 and `a < b` for s < 0, and `a < b + d` or `a
// <= b + d` gives `a < b` for s < 0; the literal, with the cube's `0 <
// C`, implies the result. False otherwise.
func weakenPositive(l translate.Literal, pos map[string]bool) (translate.Literal, bool) {
	if l.Op == translate.Ne {
		return l, false
	}
	a, offA := offsetParts(l.L)
	b, offB := offsetParts(l.R)
	if a == nil || b == nil || a.Kind == translate.KLin && b.Kind == translate.KLin {
		return l, false
	}
	s, ok := offsetSign(offA, offB, pos) // l says a ⋈ b + d, d of sign s
	if !ok {
		return l, false
	}
	switch {
	case l.Op == translate.Eq:
		return relation(a, b, big.NewRat(int64(s), 1)), true
	case s < 0:
		return translate.NewLiteral(translate.Lt, a, b), true
	}
	return l, false
}

// offsetParts splits a numeric term into its base (a zero number when it
// has none) and its offset.
func offsetParts(t *translate.Term) (*translate.Term, translate.Lin) {
	if t.Kind != translate.KLin {
		return t, translate.Lin{}
	}
	if t.Base == nil {
		return translate.NumTerm(new(big.Rat)), t.Off
	}
	return t.Base, t.Off
}

// offsetSign is the sign of b - a when it is known from pos: some
// constant's coefficient differs, every differing one has the same sign
// and names a positive constant, and the numbers' difference has that
// sign or is zero.
func offsetSign(a, b translate.Lin, pos map[string]bool) (int, bool) {
	coeffs := map[string]int64{}
	for _, c := range b.Consts {
		coeffs[c.Name] += c.K
	}
	for _, c := range a.Consts {
		coeffs[c.Name] -= c.K
	}
	s := 0
	for name, k := range coeffs {
		if k == 0 {
			continue
		}
		ks := 1
		if k < 0 {
			ks = -1
		}
		if !pos[name] || s != 0 && ks != s {
			return 0, false
		}
		s = ks
	}
	if s == 0 {
		return 0, false
	}
	d := new(big.Rat)
	if b.K != nil {
		d.Add(d, b.K)
	}
	if a.K != nil {
		d.Sub(d, a.K)
	}
	if d.Sign() != 0 && d.Sign() != s {
		return 0, false
	}
	return s, true
}
