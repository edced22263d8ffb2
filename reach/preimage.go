package reach

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// pre is one pre-image of a cube by a transition instance.
type pre struct {
	cube *translate.Cube
	// args are the transition's parameters, numbered in cube.
	args []translate.Proc
	// from maps each variable of the parent (index v-1 for #v) to its
	// number in cube; numbers past cube.NVars stand for processes the
	// pre-image no longer mentions.
	from []translate.Proc
	// events maps each event of cube to its index among the events of
	// the step: the cube's events first, then the step's own (nil
	// without events).
	events []int
}

// preImages returns the pre-images of c by t: one per injective
// assignment of t's parameters to c's variables or fresh ones, per branch
// of the updates' case lists and per disjunct of the forall_other part
// (expanded over c's other variables: an over-approximation, as in
// Cubicle). maxProcs > 0 bounds the number of variables; owned are the
// system's owned arrays (owned.go); memo, when not nil, memoizes the
// alternatives of literals (altmemo.go).
func preImages(c *translate.Cube, t *translate.Transition, maxProcs int, mm memmodel.Model, owned ownedCells, memo *altMemo) ([]pre, error) {
	var out []pre
	var err error
	forEachInstance(c.NVars, t.NParams, maxProcs, func(sigma []translate.Proc) {
		if err != nil {
			return
		}
		var ps []pre
		ps, err = preImage(c, t, sigma, mm, owned, memo)
		out = append(out, ps...)
	})
	return out, err
}

// forEachInstance calls f with every injective map of k parameters into
// the variables #1..#n and fresh ones #n+1, ..., taking fresh variables
// in increasing order so that symmetric choices are not repeated.
func forEachInstance(n, k, maxProcs int, f func([]translate.Proc)) {
	sigma := make([]translate.Proc, k)
	used := make([]bool, n+1)
	var rec func(i, fresh int)
	rec = func(i, fresh int) {
		if i == k {
			f(sigma)
			return
		}
		for v := 1; v <= n; v++ {
			if !used[v] {
				used[v] = true
				sigma[i] = translate.Proc(v)
				rec(i+1, fresh)
				used[v] = false
			}
		}
		if maxProcs == 0 || n+fresh+1 <= maxProcs {
			sigma[i] = translate.Proc(n + fresh + 1)
			rec(i+1, fresh+1)
		}
	}
	rec(0, 0)
}

// alt is one alternative value of a term: the term and the conditions
// under which it is the value.
type alt struct {
	cond []translate.Literal
	term *translate.Term
}

func preImage(c *translate.Cube, t *translate.Transition, sigma []translate.Proc, mm memmodel.Model, owned ownedCells, memo *altMemo) ([]pre, error) {
	if c.Events != nil || weakTransition(t) {
		return weakPreImages(c, t, sigma, partials(c, t, sigma, memo, nil), mm, owned)
	}
	var slab *litSlab // Canonicalize copies the conjunctions: reuse their arrays
	if memo != nil {
		slab = &memo.slab
		slab.reset()
	}
	partial := partials(c, t, sigma, memo, slab)
	var out []pre
	for _, lits := range partial {
		cube, order, _, ok := translate.Canonicalize(lits, nil, translate.Rel{})
		if !ok {
			continue
		}
		num := numberingOf(order)
		out = append(out, pre{cube: cube, args: num.apply(sigma), from: num.apply(identity(c.NVars))})
	}
	return out, nil
}

// partials returns the conjunctions of a pre-image before weak memory is
// considered: the instantiated guard, the cube's literals rewritten by the
// non-weak updates (one conjunction per combination of case branches) and
// the forall_other part expanded over the cube's other variables. memo,
// when not nil, memoizes the literals' alternatives; slab, when not nil,
// holds the conjunctions' arrays.
func partials(c *translate.Cube, t *translate.Transition, sigma []translate.Proc, memo *altMemo, slab *litSlab) [][]translate.Literal {
	inst := func(p translate.Proc) translate.Proc {
		if p >= translate.ParamBase && p < translate.IndexBase {
			return sigma[p-translate.ParamBase]
		}
		return p
	}
	s := &substituter{t: t, inst: inst}
	if len(t.Nondets) > 0 {
		s.nondet = map[string]bool{}
	}
	for _, sym := range t.Nondets {
		s.nondet[sym.Name] = true
	}
	// Partial pre-images, extended literal by literal.
	n := len(t.Guard) + len(c.Lits)
	if slab != nil {
		n += len(c.Lits) // room for the alternatives' conditions
	}
	base := slab.make(n)
	for _, g := range t.Guard {
		base = append(base, g.Rename(inst))
	}
	partial := [][]translate.Literal{base}
	for _, l := range c.Lits {
		if s.mentionsNondet(l) {
			continue // the value after an arbitrary assignment constrains nothing before it
		}
		if !s.updates(l.L) && !s.updates(l.R) {
			// The same before: no branch (each partial owns its array).
			lit := translate.NewLiteral(l.Op, l.L, l.R)
			if lit.Eval() == translate.False {
				return nil
			}
			for i := range partial {
				partial[i] = append(partial[i], lit)
			}
			continue
		}
		alts := memo.literal(s, l, sigma)
		next := make([][]translate.Literal, 0, len(partial)*len(alts))
		for _, p := range partial {
			for k, a := range alts {
				q := p // each partial owns its array: the last alternative extends it in place
				if k < len(alts)-1 {
					q = append(slab.make(cap(p)), p...)
				}
				next = append(next, append(append(q, a.cond...), a.lit))
			}
		}
		partial = next
		if len(partial) == 0 {
			return nil
		}
	}
	if t.HasOther {
		partial = expandOther(partial, t.Other, c.NVars, sigma)
	}
	return partial
}

// expandOther adds, for every variable of the parent cube that is not a
// parameter, one conjunction of the forall_other body about it.
func expandOther(partial [][]translate.Literal, other [][]translate.Literal, n int, sigma []translate.Proc) [][]translate.Literal {
	isParam := map[translate.Proc]bool{}
	for _, p := range sigma {
		isParam[p] = true
	}
	for v := 1; v <= n; v++ {
		z := translate.Proc(v)
		if isParam[z] {
			continue
		}
		inst := func(p translate.Proc) translate.Proc {
			if p == translate.OtherVar {
				return z
			}
			if p >= translate.ParamBase && p < translate.IndexBase {
				return sigma[p-translate.ParamBase]
			}
			return p
		}
		var next [][]translate.Literal
		for _, p := range partial {
			for _, conj := range other {
				ext := p[:len(p):len(p)]
				for _, l := range conj {
					ext = append(ext, l.Rename(inst))
				}
				next = append(next, ext)
			}
		}
		partial = next
	}
	return partial
}

func identity(n int) []translate.Proc {
	out := make([]translate.Proc, n)
	for i := range out {
		out[i] = translate.Proc(i + 1)
	}
	return out
}

// numbering maps the variables of a pre-image before canonicalisation to
// their canonical numbers; variables the canonical cube dropped get numbers
// past its variables, one each, so that a trace still tells them apart.
type numbering map[translate.Proc]translate.Proc

func numberingOf(order []translate.Proc) numbering {
	m := make(numbering, len(order))
	for i, p := range order {
		m[p] = translate.Proc(i + 1)
	}
	return m
}

func (m numbering) apply(vs []translate.Proc) []translate.Proc {
	out := make([]translate.Proc, len(vs))
	for i, v := range vs {
		if !v.IsVar() {
			out[i] = v
			continue
		}
		if _, ok := m[v]; !ok {
			m[v] = translate.Proc(len(m) + 1)
		}
		out[i] = m[v]
	}
	return out
}
