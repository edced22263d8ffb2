package dpor

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Symmetry reduction (Options.Symmetry, explicit engine). Processes are
// interchangeable when the model never names one (no #k) and never orders
// them (no <, <=, >, >= on a process): then init, the unsafe items, the
// invariants and the transition instances are closed under every
// permutation π of 1..N, so π maps reachable states to reachable states,
// unsafe ones to unsafe ones, and a search may keep one state per orbit.
// π moves cell A[i,j] to A[π(i),π(j)], a process value q to π(q), the
// buffer and the steps counter of q to π(q).
//
// The representative of a state sorts the processes by a signature that
// is itself invariant under permutation and under renaming abstract
// values: the cells indexed by the process alone, its buffer and its
// steps, with every other process written as "other" and every abstract
// value as "any". Among the orders of tied processes (at most
// maxTiePerms, so all of them up to N = 4) it takes the one whose key,
// abstract values renamed, is smallest. Two states with the same key are
// in one orbit (the key is that of a permuted copy), so the reduction is
// sound; two states of one orbit get the same key whenever their ties
// allow at most maxTiePerms orders, and otherwise may get two, which only
// costs states.

// symmetric returns "" when the processes of p are interchangeable, else
// why they are not.
func (p *program) symmetric() string {
	var r refusal
	var term func(t syntax.Term)
	proc := func(x syntax.Proc) {
		if x.Const > 0 {
			r.note(x.Pos, "process constant #%d", x.Const)
		}
	}
	term = func(t syntax.Term) {
		switch t := t.(type) {
		case *syntax.Proc:
			if t != p.home {
				proc(*t)
			}
		case *syntax.Cell:
			for _, x := range t.Index {
				proc(x)
			}
		case *syntax.Read:
			proc(t.Reader)
			term(t.Loc)
		case *syntax.Arith:
			term(t.Base)
			term(t.Offset)
		}
	}
	formula := func(f syntax.Formula) {
		eachAtom(f, func(f syntax.Formula) {
			switch f := f.(type) {
			case *syntax.Compare:
				term(f.L)
				term(f.R)
				if f.Op != syntax.OpEq && f.Op != syntax.OpNe && (p.procTyped(f.L) || p.procTyped(f.R)) {
					r.note(f.Pos, "processes compared with %s", f.Op)
				}
			case *syntax.Call:
				for _, a := range f.Args {
					term(a)
				}
			}
		})
	}
	formula(p.init)
	p.eachFormula(formula)
	for _, t := range p.trans {
		for _, a := range t.actions {
			for _, x := range a.a.Index {
				proc(x)
			}
			term(a.term)
			for _, b := range a.cases {
				term(b.value)
			}
		}
	}
	return r.why
}

// procTyped reports whether t denotes a process.
func (p *program) procTyped(t syntax.Term) bool {
	switch t := t.(type) {
	case *syntax.Proc:
		return true
	case *syntax.Name:
		s := p.syms[t.Name]
		return s != nil && s.s.Type != nil && s.s.Type.Kind == syntax.TProc
	case *syntax.Cell:
		s := p.syms[t.Array]
		return s != nil && s.s.Type != nil && s.s.Type.Kind == syntax.TProc
	case *syntax.Read:
		return p.procTyped(t.Loc)
	}
	return false
}

// maxTiePerms bounds the permutations of tied processes canonKey tries.
const maxTiePerms = 24

// canonKey returns the key of the representative of st's orbit: the
// processes sorted by signature, and among the orders of tied processes
// (at most maxTiePerms of them) the one with the smallest key.
func (p *program) canonKey(st *state, dst []byte) []byte {
	n := p.participants
	ks := p.keyScratch()
	if ks.sigs == nil {
		ks.sigs = make([][]byte, n+1)
	}
	sigs := ks.sigs
	for q := 1; q <= n; q++ {
		sigs[q] = p.signature(st, q, sigs[q][:0])
	}
	order := ks.order[:0] // order[k]: the process that becomes k+1
	for q := 1; q <= n; q++ {
		order = append(order, q)
	}
	ks.order = order
	for k := 1; k < n; k++ { // insertion sort, stable: n is small
		for j := k; j > 0 && string(sigs[order[j]]) < string(sigs[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	// Runs of equal signatures, and how many orders they allow.
	runs := ks.runs[:0]
	perms := 1
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && string(sigs[order[hi]]) == string(sigs[order[lo]]) {
			hi++
		}
		for k := 2; k <= hi-lo; k++ {
			perms *= k
		}
		if hi-lo > 1 {
			runs = append(runs, [2]int{lo, hi})
		}
		lo = hi
	}
	ks.runs = runs
	if perms > maxTiePerms {
		runs = nil
	}
	perm := ks.procs[:0]
	for q := 0; q <= p.n; q++ {
		perm = append(perm, q) // the outside process stays
	}
	ks.procs = perm
	key := func(dst []byte) []byte {
		for k, q := range order {
			perm[q] = k + 1
		}
		if st.bufs == nil {
			return p.permutedKey(st, perm, dst)
		}
		return p.renamedKey(p.permute(st, perm, &ks.perm), dst)
	}
	if len(runs) == 0 {
		return key(dst)
	}
	best, kb := ks.best[:0], ks.kb
	var try func(r int)
	try = func(r int) {
		if r < len(runs) {
			lo, hi := runs[r][0], runs[r][1]
			translate.Permute(order[lo:hi], 0, func([]int) { try(r + 1) })
			return
		}
		kb = key(kb[:0])
		if len(best) == 0 || string(kb) < string(best) {
			best = append(best[:0], kb...)
		}
	}
	try(0)
	ks.best, ks.kb = best, kb
	return append(dst, best...)
}

// owned returns, per process, the cells indexed by it alone (computed
// once, with p.abstractLoc).
func (p *program) owned() [][]int {
	if p.ownedCells == nil {
		p.ownedCells = make([][]int, p.n+1)
		p.abstractLoc = make([]bool, len(p.locs))
		for l, lc := range p.locs {
			p.abstractLoc[l] = lc.sym.s.Type.Kind == syntax.TAbstract
			if len(lc.procs) == 1 {
				q := lc.procs[0]
				p.ownedCells[q] = append(p.ownedCells[q], l)
			}
		}
	}
	return p.ownedCells
}

// signature appends to dst what process q's part of st is, naming q
// "self" and every other process "other".
func (p *program) signature(st *state, q int, dst []byte) []byte {
	for _, l := range p.owned()[q] {
		dst = appendValue(dst, p.relative(l, st.vals[l], q))
	}
	if st.bufs != nil {
		b := st.bufs[q-1]
		dst = binary.AppendUvarint(dst, uint64(len(b)))
		for _, g := range b {
			dst = binary.AppendUvarint(dst, uint64(len(g)))
			for _, w := range g {
				lc := p.locs[w.loc]
				dst = binary.AppendUvarint(dst, uint64(lc.sym.base))
				for _, i := range lc.procs {
					dst = binary.AppendUvarint(dst, uint64(p.relation(i, q)))
				}
				dst = appendValue(dst, p.relative(int(w.loc), w.val, q))
			}
		}
	}
	if st.steps != nil {
		dst = binary.AppendUvarint(dst, uint64(st.steps[q]))
	}
	return dst
}

// relation names process i as seen from process q: 1 for q itself, 2
// for the outside process (which permutations fix), 0 for another.
func (p *program) relation(i, q int) int {
	switch {
	case i == q:
		return 1
	case i > p.participants:
		return 2
	}
	return 0
}

// relative is the value v of location l with a process value written as
// self (1) or other (0), a free initial value by its symbol, and a value
// of an abstract type (renamed freely, stateKey) as any. It needs
// p.abstractLoc (owned).
func (p *program) relative(l int, v value, q int) value {
	switch {
	case v.K == kProc:
		v.N = int64(p.relation(int(v.N), q))
	case v.K == kFree:
		v.N = int64(p.locs[v.N].sym.base)
	case p.abstractLoc[l]:
		v.N = -1
	}
	return v
}

// permute returns π(st) for the permutation perm (perm[q] is π(q)),
// written into out: its slices are reused, its groups are new.
func (p *program) permute(st *state, perm []int, out *state) *state {
	ks := p.keyScratch()
	if ks.locs == nil {
		ks.locs = make([]int32, len(p.locs))
	}
	locs := ks.locs
	for l, lc := range p.locs {
		off := 0
		for _, i := range lc.procs {
			off = off*p.n + perm[i] - 1
		}
		locs[l] = int32(lc.sym.base + off)
	}
	val := func(v value) value {
		switch v.K {
		case kProc:
			v.N = int64(perm[v.N])
		case kFree:
			v.N = int64(locs[v.N])
		}
		return v
	}
	out.vals = slices.Grow(out.vals[:0], len(st.vals))[:len(st.vals)]
	for l, v := range st.vals {
		out.vals[locs[l]] = val(v)
	}
	out.bufs = nil
	if st.bufs != nil {
		out.bufs = make([][]group, len(st.bufs))
		for q, b := range st.bufs {
			nb := make([]group, len(b))
			for k, g := range b {
				ng := make(group, len(g))
				for j, w := range g {
					ng[j] = write{loc: locs[w.loc], val: val(w.val)}
				}
				slices.SortStableFunc(ng, func(a, b write) int { return cmp.Compare(a.loc, b.loc) })
				nb[k] = ng
			}
			if !p.mm.FlushesGroups() {
				nb = canonPSO(nb)
			}
			out.bufs[perm[q+1]-1] = nb
		}
	}
	out.steps = nil
	if st.steps != nil {
		out.steps = make([]uint16, len(st.steps))
		out.steps[0] = st.steps[0]
		for q := 1; q < len(st.steps); q++ {
			out.steps[perm[q]] = st.steps[q]
		}
	}
	return out
}
