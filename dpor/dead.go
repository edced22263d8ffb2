package dpor

import (
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// Dead values (Options.DeadValues, explicit engine). A protocol leaves
// stale data behind: the data of a cache line that is Invalid, the data
// of a channel whose command is Empty. Such a value is never read before
// it is overwritten, yet states that differ only in it are distinct, and
// they multiply the state space. A dead rule says: the cell A[i] (or the
// variable A) is dead while the cell B[i] (the variable B) of an
// enumerated type holds a value of the set V. States are keyed with every
// dead cell set to undef; two states with the same key are bisimilar, so
// the reduction is exact for every verdict.
//
// Rules are derived statically from the transitions and properties. A
// read of A[x] occurs in a context: the conjuncts of every conjunction
// that contains it (a conjunction's value does not depend on one conjunct
// when another is false), and for the right-hand sides of a transition
// its guard's conjuncts and the condition of the case branch the value
// belongs to. The atoms `B[x] = c` and `B[x] <> c` of the context (same
// index x, written the same way) limit the values B[x] has whenever the
// read matters: L is the union of those sets over every read of A (in
// guards, right-hand sides, case conditions, unsafe and invariant items),
// and V is the rest of B's domain. A case branch `A[j] := ... | _ :
// A[j]` that keeps a cell as it is is not a read. The rule holds when no
// step makes a dead cell live without overwriting it: every assignment of
// a value that may be in L to B[y] is in a transition whose guard already
// limits B[y] to L or that assigns A[y] plainly (`A[y] := t` or
// `A[y] := .`); an assignment of every cell of B may only give values of
// V.
//
// Proof sketch: let s ~ s' when they differ only in dead cells. By the
// first condition, every guard, right-hand side, case condition and
// property evaluates the same in s and s' (a read of a dead cell is in a
// context that is false in both). So the same steps are enabled and their
// successors agree on every location but A's cells; a cell A[i] of the
// successors is live only if B[i] ends in L, and then either it was live
// before (equal in s and s', and kept, or overwritten with equal values)
// or the second condition overwrote it with equal values. So ~ is a
// bisimulation that preserves the unsafe items and invariants.
//
// With an outside process (outside.go), an array that every transition
// and property reads only at its parameters, which denote participants
// whenever a read matters, never reads the outside process's cell: that
// cell is dead always (flash's Sort[#N+1], CacheState[#N+1], ...).
//
// Only symbols of arity 0 or 1 that are not buffered take part (the
// values of a buffer are computed when the write is issued, which is a
// read like the others, and flushes read nothing); A is a variable or
// array (not a constant), B one of an enumerated or boolean type with at
// most 64 values.

// deadRule is one rule: cells a[i] are dead while b[i] holds a value of
// dead (a bit per position in b's domain); always when b is nil (a is
// never read), only the cell of the outside process when outside is set
// (a is read at participants only: outside.go).
type deadRule struct {
	a, b    *sym
	dead    uint64
	outside bool
}

// deadCells is the layout of the rules over an instance's locations, one
// pair of locations per cell of a rule's A.
type deadCells []deadPair

// deadPair is a cell a of a rule's A and the cell b of B at the same index
// (-1 when A is never read there), with the values of B that make A dead
// (shared by the pairs of one rule).
type deadPair struct {
	a, b int32
	dead []bool // by constructor number
}

// deadRef is a symbol read or written at an index ("" for a scalar).
type deadRef struct {
	sym string
	idx string
}

// facts maps a B cell to the mask of its values the context allows.
type facts map[deadRef]uint64

// with returns the facts of fs and of the atoms of conjuncts.
func (p *program) with(fs facts, conjuncts []syntax.Formula) facts {
	out := facts{}
	for r, m := range fs {
		out[r] = m
	}
	for _, f := range conjuncts {
		if r, m, ok := p.atom(f); ok {
			if old, seen := out[r]; seen {
				m &= old
			}
			out[r] = m
		}
	}
	return out
}

// allowed is the mask of the values of r that fs allows (all of them when
// fs says nothing).
func (fs facts) allowed(r deadRef) uint64 {
	if m, ok := fs[r]; ok {
		return m
	}
	return ^uint64(0)
}

// atom recognises `B[x] = C`, `B[x] <> C` (either way round) for an
// enumerated B and a constructor C: the cell and the mask of the values
// it allows.
func (p *program) atom(f syntax.Formula) (deadRef, uint64, bool) {
	c, ok := f.(*syntax.Compare)
	if !ok || (c.Op != syntax.OpEq && c.Op != syntax.OpNe) {
		return deadRef{}, 0, false
	}
	for _, lr := range [2][2]syntax.Term{{c.L, c.R}, {c.R, c.L}} {
		r, ok := p.refOf(lr[0])
		if !ok {
			continue
		}
		bit, ok := p.ctorBit(r.sym, lr[1])
		if !ok {
			continue
		}
		if c.Op == syntax.OpEq {
			return r, bit, true
		}
		return r, ^bit, true
	}
	return deadRef{}, 0, false
}

// refOf returns the symbol and index t reads, if t is a variable or a
// cell of a one-dimensional array.
func (p *program) refOf(t syntax.Term) (deadRef, bool) {
	switch t := t.(type) {
	case *syntax.Name:
		if s := p.syms[t.Name]; s != nil && s.s.Arity == 0 {
			return deadRef{sym: t.Name}, true
		}
	case *syntax.Cell:
		if len(t.Index) == 1 {
			return deadRef{sym: t.Array, idx: procText(t.Index[0])}, true
		}
	}
	return deadRef{}, false
}

func procText(x syntax.Proc) string {
	if x.Const > 0 {
		return fmt.Sprintf("#%d", x.Const)
	}
	return x.Var
}

// ctorBit returns the bit of the constructor t in the domain of symbol b.
func (p *program) ctorBit(b string, t syntax.Term) (uint64, bool) {
	n, ok := t.(*syntax.Name)
	s := p.syms[b]
	if !ok || s == nil {
		return 0, false
	}
	ref, ok := p.names[n.Name]
	if !ok || ref.sym != nil {
		return 0, false
	}
	i := slices.Index(p.domain(s.s.Type), ref.cons)
	if i < 0 || i >= 64 {
		return 0, false
	}
	return 1 << i, true
}

// deadReads calls read for every symbol read in f with the facts of its
// context.
func (p *program) deadReads(f syntax.Formula, fs facts, read func(deadRef, facts)) {
	switch f := f.(type) {
	case *syntax.Compare:
		p.termReads(f.L, fs, read)
		p.termReads(f.R, fs, read)
	case *syntax.Call:
		for _, a := range f.Args {
			p.termReads(a, fs, read)
		}
	case *syntax.Not:
		p.deadReads(f.X, fs, read)
	case *syntax.Binary:
		if f.Op != syntax.OpAnd {
			p.deadReads(f.L, fs, read)
			p.deadReads(f.R, fs, read)
			return
		}
		cs := conjuncts(f)
		inner := p.with(fs, cs)
		for _, c := range cs {
			p.deadReads(c, inner, read)
		}
	case *syntax.Ite:
		p.deadReads(f.Cond, fs, read)
		p.deadReads(f.Then, fs, read)
		p.deadReads(f.Else, fs, read)
	case *syntax.Quant:
		p.deadReads(f.Body, fs, read)
	}
}

// termReads is deadReads for a term.
func (p *program) termReads(t syntax.Term, fs facts, read func(deadRef, facts)) {
	switch t := t.(type) {
	case *syntax.Name, *syntax.Cell:
		if r, ok := p.refOf(t); ok {
			read(r, fs)
		} else if c, isCell := t.(*syntax.Cell); isCell {
			read(deadRef{sym: c.Array, idx: "*"}, fs)
		} else if s := p.syms[t.(*syntax.Name).Name]; s != nil {
			read(deadRef{sym: s.s.Name}, fs)
		}
	case *syntax.Read:
		p.termReads(t.Loc, fs, read)
	case *syntax.Arith:
		p.termReads(t.Base, fs, read)
		p.termReads(t.Offset, fs, read)
	case *syntax.Scaled:
		read(deadRef{sym: t.Const}, fs)
	}
}

// target is the cell an action assigns.
func target(a *syntax.Action) deadRef {
	if len(a.Index) != 1 {
		return deadRef{sym: a.Target}
	}
	return deadRef{sym: a.Target, idx: procText(a.Index[0])}
}

// allReads calls read for every read of the model's transitions and
// properties, with its context.
func (p *program) allReads(read func(deadRef, facts)) {
	for _, props := range [][]property{p.unsafe, p.invs} {
		for _, u := range props {
			p.deadReads(u.body, facts{}, read)
		}
	}
	for _, t := range p.trans {
		gf := facts{}
		if t.guard != nil {
			gf = p.with(gf, conjuncts(t.guard))
			p.deadReads(t.guard, facts{}, read)
		}
		for _, a := range t.actions {
			if a.term != nil {
				p.termReads(a.term, gf, read)
			}
			for _, b := range a.cases {
				bf := gf
				if b.cond != nil {
					p.deadReads(b.cond, gf, read)
					bf = p.with(gf, conjuncts(b.cond))
				}
				if r, ok := p.refOf(b.value); ok && r == target(a.a) {
					continue // the cell keeps its value
				}
				p.termReads(b.value, bf, read)
			}
		}
	}
}

// deadRules derives the dead rules of p.
func (p *program) deadRules() []deadRule {
	live := map[[2]string]uint64{} // (A, B) -> L
	var as, bs []*sym
	for _, name := range slices.Sorted(maps.Keys(p.syms)) {
		s := p.syms[name]
		if s.weak || s.s.Arity > 1 {
			continue
		}
		if s.s.Class != syntax.SymConst {
			as = append(as, s)
		}
		if k := s.s.Type.Kind; (k == syntax.TEnum || k == syntax.TBool) && len(p.domain(s.s.Type)) <= 64 && s.s.Class != syntax.SymConst {
			bs = append(bs, s)
		}
	}
	read := map[string]bool{}
	p.allReads(func(r deadRef, fs facts) {
		read[r.sym] = true
		for _, b := range bs {
			k := [2]string{r.sym, b.s.Name}
			if r.idx == "*" {
				live[k] = ^uint64(0)
				continue
			}
			live[k] |= fs.allowed(deadRef{sym: b.s.Name, idx: r.idx})
		}
	})
	var rules []deadRule
	var outside map[string]bool
	if p.home != nil {
		outside = p.outsideReads()
	}
	for _, a := range as {
		if !read[a.s.Name] {
			rules = append(rules, deadRule{a: a}) // never read: always dead
			continue
		}
		if outside != nil && a.s.Arity == 1 && !outside[a.s.Name] {
			rules = append(rules, deadRule{a: a, outside: true})
		}
		for _, b := range bs {
			if a == b || a.s.Arity != b.s.Arity {
				continue
			}
			full := uint64(1)<<len(p.domain(b.s.Type)) - 1
			dead := full &^ live[[2]string{a.s.Name, b.s.Name}]
			if dead != 0 && p.keepsDead(a.s.Name, b.s.Name, full&^dead) {
				rules = append(rules, deadRule{a: a, b: b, dead: dead})
			}
		}
	}
	return rules
}

// keepsDead checks the second condition of a rule (A, B) with live values
// L: no step makes a dead cell of A live without overwriting it.
func (p *program) keepsDead(a, b string, l uint64) bool {
	for _, t := range p.trans {
		gf := facts{}
		if t.guard != nil {
			gf = p.with(gf, conjuncts(t.guard))
		}
		for _, ac := range t.actions {
			if ac.a.Target != b || p.gives(b, ac)&l == 0 {
				continue
			}
			y := target(ac.a)
			if len(ac.vars) > 0 {
				return false // every cell of B, some possibly made live
			}
			if gf.allowed(y)&^l == 0 {
				continue // B[y] already live
			}
			if !slices.ContainsFunc(t.actions, func(o action) bool {
				return target(o.a) == deadRef{sym: a, idx: y.idx} && len(o.vars) == 0 && o.cases == nil
			}) {
				return false
			}
		}
	}
	return true
}

// gives is the mask of the values action ac may assign to symbol b.
func (p *program) gives(b string, ac action) uint64 {
	if ac.term != nil {
		if bit, ok := p.ctorBit(b, ac.term); ok {
			return bit
		}
		return ^uint64(0)
	}
	if ac.cases == nil {
		return ^uint64(0) // nondet
	}
	var m uint64
	for _, br := range ac.cases {
		bit, ok := p.ctorBit(b, br.value)
		if !ok {
			return ^uint64(0)
		}
		m |= bit
	}
	return m
}

// compileDead lays out the rules over the instance's locations.
func (p *program) compileDead(rules []deadRule) deadCells {
	var dc deadCells
	for _, r := range rules {
		dead := make([]bool, len(p.cons))
		if r.b != nil {
			dom := p.domain(r.b.s.Type)
			for m := r.dead; m != 0; m &= m - 1 {
				dead[dom[bits.TrailingZeros64(m)].N] = true
			}
		}
		if r.outside {
			dc = append(dc, deadPair{a: int32(r.a.base + p.n - 1), b: -1, dead: dead})
			continue
		}
		cells := 1
		if r.a.s.Arity == 1 {
			cells = p.n
		}
		for i := range cells {
			b := -1
			if r.b != nil {
				b = r.b.base + i
			}
			dc = append(dc, deadPair{a: int32(r.a.base + i), b: int32(b), dead: dead})
		}
	}
	return dc
}

// withoutDead returns st with its dead cells set to undef (st itself when
// none is dead), built in scratch (its vals reused).
func (dc deadCells) withoutDead(st *state, scratch *state) *state {
	out := st
	for _, pr := range dc {
		if st.vals[pr.a] == undef {
			continue
		}
		if pr.b >= 0 {
			if v := st.vals[pr.b]; v.K != kCons || !pr.dead[v.N] {
				continue
			}
		}
		if out == st {
			out = scratch
			out.vals, out.bufs, out.steps = append(out.vals[:0], st.vals...), st.bufs, st.steps
		}
		out.vals[pr.a] = undef
	}
	return out
}

// describeDead says what the rules are, for -v.
func (p *program) describeDead(rules []deadRule) string {
	var parts []string
	for _, r := range rules {
		idx := ""
		if r.a.s.Arity == 1 {
			idx = "[i]"
		}
		switch {
		case r.outside:
			parts = append(parts, fmt.Sprintf("%s[#%d] (never read)", r.a.s.Name, p.n))
			continue
		case r.b == nil:
			parts = append(parts, r.a.s.Name+" (never read)")
			continue
		}
		var vs []string
		dom := p.domain(r.b.s.Type)
		for m := r.dead; m != 0; m &= m - 1 {
			vs = append(vs, p.formatValue(dom[bits.TrailingZeros64(m)]))
		}
		parts = append(parts, fmt.Sprintf("%s%s while %s%s in {%s}", r.a.s.Name, idx, r.b.s.Name, idx, strings.Join(vs, ", ")))
	}
	return strings.Join(parts, "; ")
}
