package certify

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// An invariant the search assumed (reach.Options.AssumeInvariants, a cube
// of node 0) is a cube of inv like the others, proved with them; but one
// that speaks of the model's constants alone (`invariant (p1 p2) {
// Kind[p1] = Arb && Kind[p2] = Arb }`: at most one arbiter) restricts the
// instance, not the states: it can fail at an initial state, and no
// inductive argument proves it. The certificate asserts its negation, an
// assumption it states (the constants are the same in every state), and
// its obligations then hold at once.

// constantsOnly reports whether cube c speaks of the model's constants
// alone: no variable, array or event.
func constantsOnly(c *translate.Cube) bool {
	if len(c.Events) > 0 {
		return false
	}
	for _, l := range c.Lits {
		if !constantTerm(l.L) || !constantTerm(l.R) {
			return false
		}
	}
	return true
}

// constantTerm reports whether t reads no variable, array or weak
// location (a linear term's offset names scalar constants only).
func constantTerm(t *translate.Term) bool {
	switch t.Kind {
	case translate.KState:
		return t.Sym.Class == syntax.SymConst
	case translate.KLin:
		return t.Base == nil || constantTerm(t.Base)
	case translate.KRead, translate.KVal:
		return false
	}
	return true
}
