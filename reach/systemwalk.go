package reach

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// The parts of a system a symbol or number may occur in; a renaming that
// maps the system onto itself keeps how often each occurs in each.
const (
	partInit = iota
	partGuard
	partTarget // the variable an update assigns
	partValue  // an update's value or branch condition
	partInvariant
	partUnsafe
	nParts
)

// systemVisitor receives the literals and the terms (sub-terms
// included) of every formula of a system, with the part they occur in,
// and the variables updates assign or set arbitrarily.
type systemVisitor struct {
	lit    func(l translate.Literal, part int)
	term   func(t *translate.Term, part int)
	target func(s *syntax.Symbol)
}

// walkSystem calls v on every formula of sys: init, transitions, unsafe
// and invariant cubes (with their events' processes as process terms).
func walkSystem(sys *translate.System, v systemVisitor) {
	var term func(t *translate.Term, part int)
	term = func(t *translate.Term, part int) {
		if t == nil {
			return
		}
		v.term(t, part)
		if t.Kind == translate.KLin && t.Base != nil {
			term(t.Base, part)
		}
	}
	conj := func(ls []translate.Literal, part int) {
		for _, l := range ls {
			v.lit(l, part)
			term(l.L, part)
			term(l.R, part)
		}
	}
	dnf := func(d [][]translate.Literal, part int) {
		for _, c := range d {
			conj(c, part)
		}
	}
	dnf(sys.Init.DNF, partInit)
	for _, t := range sys.Transitions {
		conj(t.Guard, partGuard)
		dnf(t.Other, partGuard)
		for _, u := range t.Updates {
			v.target(u.Sym)
			for _, p := range u.Cell {
				term(translate.ProcTerm(p), partTarget)
			}
			term(u.Default, partValue)
			for _, br := range u.Branches {
				dnf(br.Cond, partValue)
				term(br.Value, partValue)
			}
		}
		for _, s := range t.Nondets {
			v.target(s)
		}
	}
	for _, props := range []struct {
		ps   []translate.Property
		part int
	}{{sys.Unsafe, partUnsafe}, {sys.Invariants, partInvariant}} {
		for _, p := range props.ps {
			conj(p.Cube.Lits, props.part)
			for _, ev := range p.Cube.Events {
				term(translate.ProcTerm(ev.Proc), props.part)
				for _, q := range ev.Index {
					term(translate.ProcTerm(q), props.part)
				}
			}
		}
	}
}

// uses counts, per symbol and per number, the occurrences in each part of
// a system, and tells whether its numbers may be renamed (dataMaps).
type uses struct {
	syms    map[*syntax.Symbol]*[nParts + 1]int // the last count: update targets
	nums    map[*translate.Term]*[nParts]int
	numbers []*translate.Term // in order of first occurrence
	// numbersRenamable: only equality relates numbers in the system (no
	// < or <=, no offset, no symbolic numeric constant).
	numbersRenamable bool
}

func systemUses(sys *translate.System) *uses {
	u := &uses{syms: map[*syntax.Symbol]*[nParts + 1]int{}, nums: map[*translate.Term]*[nParts]int{}, numbersRenamable: true}
	symCount := func(s *syntax.Symbol) *[nParts + 1]int {
		c := u.syms[s]
		if c == nil {
			c = new([nParts + 1]int)
			u.syms[s] = c
		}
		return c
	}
	walkSystem(sys, systemVisitor{
		lit: func(l translate.Literal, _ int) {
			if l.Op != translate.Eq && l.Op != translate.Ne {
				u.numbersRenamable = false
			}
		},
		term: func(t *translate.Term, part int) {
			switch t.Kind {
			case translate.KState, translate.KRead, translate.KVal:
				symCount(t.Sym)[part]++
				if t.Sym.Class == syntax.SymConst && t.Sym.Type.Numeric() {
					u.numbersRenamable = false
				}
			case translate.KLin:
				if t.Base != nil || len(t.Off.Consts) > 0 {
					u.numbersRenamable = false
					return
				}
				c := u.nums[t]
				if c == nil {
					c = new([nParts]int)
					u.nums[t] = c
					u.numbers = append(u.numbers, t)
				}
				c[part]++
			}
		},
		target: func(s *syntax.Symbol) { symCount(s)[nParts]++ },
	})
	return u
}

// symKey is the text of s's occurrence counts but in the unsafe cubes
// (which the system need not map onto themselves).
func (u *uses) symKey(s *syntax.Symbol) string {
	if c := u.syms[s]; c != nil {
		k := *c
		k[partUnsafe] = 0
		return fmt.Sprint(k)
	}
	return "unused"
}

// numKey is the text of n's occurrence counts but in the unsafe cubes.
func (u *uses) numKey(n *translate.Term) string {
	k := *u.nums[n]
	k[partUnsafe] = 0
	return fmt.Sprint(k)
}
