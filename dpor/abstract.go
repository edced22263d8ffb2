package dpor

import (
	"fmt"
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// layoutAbstract gives each abstract type a finite domain: one value more
// than it has locations in the instance. The model can only compare its
// values for equality and copy them, so a state is determined up to
// renaming by which of its locations hold equal values; as many values as
// locations express every such pattern, and the one more is the fresh
// value `X := .` may take while every location holds a different value
// (the target's own old value cannot serve: another assignment of the
// same step may copy it). The values are constructors named type.1, type.2, …;
// initStates enumerates them up to renaming (abstract).
func (p *program) layoutAbstract() {
	count := map[*syntax.Type]int{}
	for _, lc := range p.locs {
		if lc.sym.s.Type.Kind == syntax.TAbstract {
			count[lc.sym.s.Type]++
		}
	}
	p.abstract = map[*syntax.Type]int64{}
	for _, name := range slices.Sorted(maps.Keys(p.m.Types)) {
		t := p.m.Types[name]
		if t.Kind != syntax.TAbstract {
			continue
		}
		p.abstract[t] = int64(len(p.cons))
		var vs []value
		for k := range count[t] + 1 {
			vs = append(vs, value{K: kCons, N: int64(len(p.cons))})
			p.cons = append(p.cons, fmt.Sprintf("%s.%d", name, k+1))
		}
		p.ctors[t] = vs
	}
	p.absBase = make([]int64, len(p.cons))
	for c := range p.absBase {
		p.absBase[c] = -1
	}
	for t, base := range p.abstract {
		for _, v := range p.ctors[t] {
			p.absBase[v.N] = base
		}
	}
}

// nondetValues returns the values `X := .` tries for a location of an
// abstract type on the whole state st (the explicit engine): the values st
// holds (in locations and buffers), and the smallest value of the domain it
// does not hold, which stands for every fresh value up to renaming. When
// st holds the whole domain (buffered writes can hold more values than
// there are locations), there is no fresh value: ok is false and the
// values held are returned.
func (p *program) nondetValues(t *syntax.Type, st *state) (vs []value, ok bool) {
	dom, base := p.ctors[t], p.abstract[t]
	held := make([]bool, len(dom)) // held[k]: st holds dom[k]
	eachValue(st, func(_ int, v value) bool {
		if k := v.N - base; v.K == kCons && k >= 0 && k < int64(len(dom)) {
			held[k] = true
		}
		return true
	})
	for k, v := range dom {
		if held[k] {
			vs = append(vs, v)
		} else if !ok {
			vs, ok = append(vs, v), true
		}
	}
	return vs, ok
}

// stateKey is the key of st up to renaming the values of abstract types
// (the model cannot tell renamed states apart), and of processes when
// p.canonical is set: each abstract value is
// encoded as the value of its type in order of first occurrence in st,
// locations first, then buffers. Dead cells (p.dead, dead.go) are
// encoded as undef, integers shifted (p.shift, shift.go) and ordered
// reals ranked (p.order, order.go).
func (p *program) stateKey(st *state, dst []byte) []byte {
	st = p.ranked(p.shifted(p.dead.withoutDead(st, &p.keyScratch().live)))
	if p.canonical {
		return p.canonKey(st, dst)
	}
	return p.renamedKey(st, dst)
}

// renamedKey is stateKey up to renaming abstract values only.
func (p *program) renamedKey(st *state, dst []byte) []byte {
	if len(p.abstract) == 0 {
		return st.key(dst)
	}
	ks := p.keyScratch()
	eachValue(st, func(_ int, v value) bool {
		if v.K == kCons && p.absBase[v.N] >= 0 {
			ks.rename(p, v.N)
		}
		return true
	})
	dst = st.keyRenamed(dst, ks.ren)
	ks.resetRenaming(p)
	return dst
}

// rename returns the renaming of c, a value of an abstract type, in the
// current key: the next value of its type when c has none yet.
func (ks *keyScratch) rename(p *program, c int64) int64 {
	if ks.ren[c] < 0 {
		base := p.absBase[c]
		ks.ren[c] = base + ks.next[base]
		ks.next[base]++
		ks.seen = append(ks.seen, c)
	}
	return ks.ren[c]
}

// resetRenaming forgets the renaming of the current key.
func (ks *keyScratch) resetRenaming(p *program) {
	for _, c := range ks.seen {
		ks.ren[c], ks.next[p.absBase[c]] = -1, 0
	}
	ks.seen = ks.seen[:0]
}

// keyScratch is the memory stateKey reuses from one state to the next (a
// program runs in one goroutine).
type keyScratch struct {
	ren  []int64 // constructor number -> its renaming in the current key, -1 if none yet
	next []int64 // first constructor of an abstract type -> values renamed so far
	seen []int64 // the constructors renamed in the current key
	live state   // the copy of a state with its dead cells undef
	// For ranked: the ordered values of a state, sorted without ties,
	// and the copy of a state (without buffers) with them ranked.
	ranks       []value
	rankInts    []int64 // ranks as whole numbers (wholeRanks)
	rankedState state
	// For canonKey: the signatures and the permuted copy of a state.
	sigs     [][]byte
	locs     []int32
	perm     state
	kb, best []byte // the key of a permuted copy, the smallest so far
	order    []int  // the processes sorted by signature
	runs     [][2]int
	procs    []int // a permutation of 1..n
	// For permutedKey: the location maps of the permutations met, by
	// permID, one to compute into when they are too many, an inverse.
	maps     map[uint64]*permMap
	spareMap permMap
	inv      []int
}

// keyScratch returns p's scratch memory, made on first use.
func (p *program) keyScratch() *keyScratch {
	if p.scratch == nil {
		ks := &keyScratch{ren: make([]int64, len(p.cons)), next: make([]int64, len(p.cons))}
		for c := range ks.ren {
			ks.ren[c] = -1
		}
		p.scratch = ks
	}
	return p.scratch
}
