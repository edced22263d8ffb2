package dpor

import "encoding/binary"

// The key of a permuted copy of a state without buffers, encoded
// straight from the state (canonKey's common case): the bytes are those
// of renamedKey(permute(st, perm)), without building the copy, and the
// map of locations of each permutation is computed once.

// maxPermMaps bounds the location maps a program keeps (one per
// permutation met; 5040 = 7!); beyond it they are computed per key.
const maxPermMaps = 5040

// permMap is where a permutation sends the locations: to[l] is the
// location l goes to, from[l] the one that comes to l.
type permMap struct {
	to, from []int32
}

// permMapOf returns the map of locations of the permutation perm of
// 1..p.n (perm[q] is π(q)).
func (p *program) permMapOf(perm []int) *permMap {
	ks := p.keyScratch()
	id, ok := permID(perm[1:])
	if ok {
		if m := ks.maps[id]; m != nil {
			return m
		}
	}
	m := &ks.spareMap
	if ok && len(ks.maps) < maxPermMaps {
		m = &permMap{}
		if ks.maps == nil {
			ks.maps = map[uint64]*permMap{}
		}
		ks.maps[id] = m
	}
	if m.to == nil {
		m.to, m.from = make([]int32, len(p.locs)), make([]int32, len(p.locs))
	}
	for l, lc := range p.locs {
		off := 0
		for _, i := range lc.procs {
			off = off*p.n + perm[i] - 1
		}
		to := int32(lc.sym.base + off)
		m.to[l], m.from[to] = to, int32(l)
	}
	return m
}

// permID packs a permutation of at most 16 processes into a number, 4
// bits per process; ok is false for more.
func permID(perm []int) (id uint64, ok bool) {
	if len(perm) > 16 {
		return 0, false
	}
	for _, q := range perm {
		id = id<<4 | uint64(q-1)
	}
	return id, true
}

// permutedKey appends renamedKey(permute(st, perm)) for a state without
// buffers.
func (p *program) permutedKey(st *state, perm []int, dst []byte) []byte {
	m := p.permMapOf(perm)
	ks := p.keyScratch()
	renamed := len(p.abstract) > 0
	for _, l := range m.from {
		v := st.vals[l]
		switch v.K {
		case kProc:
			v.N = int64(perm[v.N])
		case kFree:
			v.N = int64(m.to[v.N])
		case kCons:
			if renamed && p.absBase[v.N] >= 0 {
				v.N = ks.rename(p, v.N)
			}
		}
		dst = appendValue(dst, v)
	}
	if renamed {
		ks.resetRenaming(p)
	}
	if st.steps != nil {
		dst = binary.AppendUvarint(dst, uint64(st.steps[0]))
		inv := ks.inverse(perm)
		for q := 1; q < len(st.steps); q++ {
			dst = binary.AppendUvarint(dst, uint64(st.steps[inv[q]]))
		}
	}
	return dst
}

// inverse returns the inverse of perm, in scratch memory.
func (ks *keyScratch) inverse(perm []int) []int {
	ks.inv = append(ks.inv[:0], perm...)
	for q, to := range perm {
		ks.inv[to] = q
	}
	return ks.inv
}
