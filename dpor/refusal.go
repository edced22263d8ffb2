package dpor

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// refusal collects why a reduction (symmetry, shifted counters) does not
// apply to a model: the static checks note every offending construct, and
// the first one noted, with its position, is the reason shown in -v.
type refusal struct{ why string }

// note records pos and the message unless a reason is already recorded.
func (r *refusal) note(pos syntax.Pos, format string, args ...any) {
	if r.why == "" {
		r.why = fmt.Sprintf("%s: ", pos) + fmt.Sprintf(format, args...)
	}
}

// eachAtom calls atom on every comparison and predicate call of f, through
// negations, connectives, if-then-else and quantifiers.
func eachAtom(f syntax.Formula, atom func(syntax.Formula)) {
	switch f := f.(type) {
	case *syntax.Compare, *syntax.Call:
		atom(f)
	case *syntax.Not:
		eachAtom(f.X, atom)
	case *syntax.Binary:
		eachAtom(f.L, atom)
		eachAtom(f.R, atom)
	case *syntax.Ite:
		eachAtom(f.Cond, atom)
		eachAtom(f.Then, atom)
		eachAtom(f.Else, atom)
	case *syntax.Quant:
		eachAtom(f.Body, atom)
	}
}

// eachFormula calls fn on the body of every unsafe and invariant item and
// on every transition's guard and case conditions.
func (p *program) eachFormula(fn func(syntax.Formula)) {
	for _, props := range [][]property{p.unsafe, p.invs} {
		for _, u := range props {
			fn(u.body)
		}
	}
	for _, t := range p.trans {
		fn(t.guard)
		for _, a := range t.actions {
			for _, b := range a.cases {
				fn(b.cond)
			}
		}
	}
}
