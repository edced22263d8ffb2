package reach

import (
	"github.com/cubew/cubew/translate"
)

// substituter rewrites a literal about the state after a transition
// instance into alternatives about the state before it (Cubicle's tau).
type substituter struct {
	t      *translate.Transition
	inst   func(translate.Proc) translate.Proc // parameters -> cube variables
	nondet map[string]bool
	// cache holds the alternatives of the first updated cells of the
	// instance (few: the others are computed again), cached of them.
	cache  [8]cellAlts
	cached int
}

// cellAlts are the alternatives of one updated cell.
type cellAlts struct {
	cell *translate.Term
	alts []alt
}

// litAlt is one alternative of a rewritten literal.
type litAlt struct {
	cond []translate.Literal
	lit  translate.Literal
}

func (s *substituter) mentionsNondet(l translate.Literal) bool {
	return s.termNondet(l.L) || s.termNondet(l.R)
}

func (s *substituter) termNondet(t *translate.Term) bool {
	switch t.Kind {
	case translate.KState:
		return s.nondet[t.Sym.Name]
	case translate.KLin:
		return t.Base != nil && s.termNondet(t.Base)
	}
	return false
}

// literal returns the alternatives of l before the transition; the
// alternatives' conditions are decided syntactically where possible and
// false ones dropped.
func (s *substituter) literal(l translate.Literal) []litAlt {
	var selfL, selfR [1]alt
	as, bs := s.alts(l.L, &selfL), s.alts(l.R, &selfR)
	out := make([]litAlt, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			lit := translate.NewLiteral(l.Op, a.term, b.term)
			if lit.Eval() == translate.False {
				continue
			}
			out = append(out, litAlt{cond: append(a.cond[:len(a.cond):len(a.cond)], b.cond...), lit: lit})
		}
	}
	return out
}

// updates reports whether the transition may change the value of t (then
// term gives its alternatives, else t itself).
func (s *substituter) updates(t *translate.Term) bool {
	switch t.Kind {
	case translate.KState:
		return s.update(t.Sym.Name) != nil
	case translate.KLin:
		return t.Base != nil && s.updates(t.Base)
	}
	return false
}

// alts returns the alternatives of a post-state term in the pre-state,
// in self when the term is the same before.
func (s *substituter) alts(t *translate.Term, self *[1]alt) []alt {
	if out := s.term(t); out != nil {
		return out
	}
	self[0] = alt{term: t}
	return self[:]
}

// term returns the alternatives of a post-state term in the pre-state,
// nil when the transition leaves it unchanged.
func (s *substituter) term(t *translate.Term) []alt {
	switch t.Kind {
	case translate.KState:
		if u := s.update(t.Sym.Name); u != nil {
			if out := s.updated(u, t); out != nil {
				return out
			}
			return []alt{} // no alternative: not nil, which means unchanged
		}
	case translate.KLin:
		if t.Base != nil {
			base := s.term(t.Base)
			if base == nil {
				return nil
			}
			out := make([]alt, 0, len(base))
			for _, a := range base {
				out = append(out, alt{cond: a.cond, term: translate.Plus(a.term, t.Off)})
			}
			return out
		}
	}
	return nil
}

func (s *substituter) update(name string) *translate.Update {
	for _, u := range s.t.Updates {
		if u.Sym.Name == name && !u.Sym.Weak { // weak writes are events, not substitutions
			return u
		}
	}
	return nil
}

// updated lists the values of cell (or variable) t after update u, with
// the conditions of each branch: branch i holds when its condition does
// and no earlier one does.
func (s *substituter) updated(u *translate.Update, t *translate.Term) []alt {
	for _, c := range s.cache[:s.cached] {
		if c.cell == t {
			return c.alts
		}
	}
	alts := s.computeUpdated(u, t)
	if s.cached < len(s.cache) {
		s.cache[s.cached] = cellAlts{t, alts}
		s.cached++
	}
	return alts
}

func (s *substituter) computeUpdated(u *translate.Update, t *translate.Term) []alt {
	inst := func(p translate.Proc) translate.Proc {
		if p >= translate.IndexBase && p < translate.OtherVar {
			return t.Args[p-translate.IndexBase]
		}
		return s.inst(p)
	}
	var out []alt
	notBefore := [][]translate.Literal{nil} // DNF of "no earlier branch holds"
	for _, br := range u.Branches {
		cond := instDNF(br.Cond, inst)
		val := br.Value.Rename(inst)
		for _, nb := range notBefore {
			for _, c := range cond {
				if lits, ok := conjoin(nb, c); ok {
					out = append(out, alt{cond: lits, term: val})
				}
			}
		}
		notBefore = andDNF(notBefore, negateDNF(cond))
		if len(notBefore) == 0 {
			return out
		}
	}
	def := t
	if u.Default != nil {
		def = u.Default.Rename(inst)
	}
	for _, nb := range notBefore {
		out = append(out, alt{cond: nb, term: def})
	}
	return out
}

// instDNF renames a DNF and drops decided literals and false conjunctions.
func instDNF(dnf [][]translate.Literal, inst func(translate.Proc) translate.Proc) [][]translate.Literal {
	out := make([][]translate.Literal, 0, len(dnf))
	n := 0
	for _, c := range dnf {
		n += len(c)
	}
	backing := make([]translate.Literal, 0, n) // one array for all conjunctions
conjunctions:
	for _, c := range dnf {
		start := len(backing)
		lits := backing[start : start : start+len(c)]
		for _, l := range c {
			r := l.Rename(inst)
			switch r.Eval() {
			case translate.False:
				continue conjunctions
			case translate.True:
				continue
			}
			lits = append(lits, r)
		}
		backing = backing[:start+len(lits)]
		out = append(out, lits[:len(lits):len(lits)])
	}
	return out
}

// conjoin returns a ∧ b without the literals that hold syntactically, or
// false when one of them fails.
func conjoin(a, b []translate.Literal) ([]translate.Literal, bool) {
	out := make([]translate.Literal, 0, len(a)+len(b))
	for _, ls := range [][]translate.Literal{a, b} {
		for _, l := range ls {
			switch l.Eval() {
			case translate.False:
				return nil, false
			case translate.True:
				continue
			}
			out = append(out, l)
		}
	}
	return out, true
}

// negateDNF returns the DNF of ¬(c1 ∨ c2 ∨ ...): the product over the
// conjunctions of their negated literals.
func negateDNF(dnf [][]translate.Literal) [][]translate.Literal {
	out := [][]translate.Literal{nil}
	for _, c := range dnf {
		var alts [][]translate.Literal
		for _, l := range c {
			alts = append(alts, []translate.Literal{l.Negate()})
		}
		out = andDNF(out, alts)
	}
	return out
}

// andDNF returns the DNF of a ∧ b, dropping conjunctions found false.
func andDNF(a, b [][]translate.Literal) [][]translate.Literal {
	var out [][]translate.Literal
	for _, x := range a {
		for _, y := range b {
			if lits, ok := conjoin(x, y); ok {
				out = append(out, lits)
			}
		}
	}
	return out
}
