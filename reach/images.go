package reach

import "github.com/cubew/cubew/translate"

// maxMaskVars is the most variables an indexed cube may have for the
// matcher to narrow the images of a visited cube's variables by bit masks
// (bit y: variable y of the indexed cube).
const maxMaskVars = 63

// narrowImages sets m.images[i], for each variable i of the pattern, to
// the variables of the indexed cube i may map to: those with the events
// i's image needs and under which none of the literals about i alone
// clashes (unary, memoized by literal across the visited cubes), or, when
// only inclusion matters, under which all are implied. It reports false
// when some variable has none: no renaming survives. Past maxMaskVars
// variables it leaves m.images empty (see canMap).
func (m *matcher) narrowImages() bool {
	p, n := m.pat, m.f.c.NVars
	if n > maxMaskVars {
		m.images = m.images[:0] // canMap checks the events only
		return true
	}
	m.images = resize(m.images, len(p.groups))
	all := uint64(1)<<(n+1) - 2 // bits 1..n
	for i := 1; i < len(p.groups); i++ {
		ok := all
		if len(m.evNeed) > i {
			for y := 1; y <= n; y++ {
				if !m.evNeed[i].within(&m.f.ev.varBits[y]) {
					ok &^= 1 << y
				}
			}
		}
		for _, u := range p.unary[i] {
			if ok == 0 {
				break
			}
			ok &= m.unaryImages(u, i)[b2i(m.noCands)]
		}
		if ok == 0 {
			return false
		}
		m.images[i] = ok
	}
	return true
}

// canMap reports whether V's variable i may map to the indexed cube's y,
// by the masks of narrowImages (or, without, by the events alone).
func (m *matcher) canMap(i, y int) bool {
	if len(m.images) == 0 {
		return len(m.evNeed) <= i || m.evNeed[i].within(&m.f.ev.varBits[y])
	}
	return m.images[i]&(1<<y) != 0
}

// unaryImages returns the variables y of the indexed cube such that
// literal l, whose only variable is i, does not clash with the cube once
// i is renamed to y, and those such that the cube implies it.
func (m *matcher) unaryImages(u unaryLit, i int) [2]uint64 {
	return m.unaryRenamings(u.lit, u.id, u.ren, translate.Proc(i)).ok
}

// unaryImage is what the matchers of an indexed cube know of a literal
// whose only variable is i: the masks of unaryImages, and where its
// renamings by i -> y with their status start in the memo's unaryLits
// (index lits+y-1).
type unaryImage struct {
	ok   [2]uint64
	lits int32
}

// unaryLit is a literal about one variable alone, with its ID (looked up
// in the memo without reading the literal's terms) and its renamings to
// the first variables (ren[y-1]: the variable renamed to #y), which every
// indexed cube's matcher would otherwise make again.
type unaryLit struct {
	lit translate.Literal
	id  uint64
	ren []translate.Literal
}

// preRenamed is the number of variables a pattern's unary literals are
// renamed to in advance: most cubes have no more.
const preRenamed = 4

// newUnaryLit prepares l, whose only variable is i.
func newUnaryLit(l translate.Literal, i translate.Proc) unaryLit {
	u := unaryLit{lit: l, id: l.ID(), ren: make([]translate.Literal, preRenamed)}
	for y := range u.ren {
		u.ren[y] = l.Rename(func(p translate.Proc) translate.Proc {
			if p == i {
				return translate.Proc(y + 1)
			}
			return p
		})
	}
	return u
}

// unaryRenamings returns the renamings of l (of ID id), whose only variable is i,
// to each variable of the indexed cube (the first ones in ren, when
// given), computed once per memo. The
// memo's slabs hold them: one allocation per slab growth, not per
// literal. The pointer is valid until the next call.
func (m *matcher) unaryRenamings(l translate.Literal, id uint64, ren []translate.Literal, i translate.Proc) *unaryImage {
	memo := &m.memo.unaryMemo
	if k, seen := memo.index.get(id); seen {
		return &memo.images[k]
	}
	u := unaryImage{lits: int32(len(memo.lits))}
	saved := m.sigma[i]
	for y := 1; y <= m.f.c.NVars; y++ {
		var r translate.Literal
		if y <= len(ren) {
			r = ren[y-1]
		} else {
			m.sigma[i] = translate.Proc(y)
			r = l.Rename(m.rename)
		}
		st := m.f.status(r)
		memo.lits = append(memo.lits, renamedLit{r, st})
		switch st {
		case implied:
			u.ok[1] |= 1 << y
			fallthrough
		case open:
			u.ok[0] |= 1 << y
		}
	}
	m.sigma[i] = saved
	memo.index.put(id, int32(len(memo.images)))
	memo.images = append(memo.images, u)
	return &memo.images[len(memo.images)-1]
}

// unaryRenamed returns l, whose only variable is i, renamed by the
// current renaming, and its status.
func (m *matcher) unaryRenamed(l translate.Literal, i translate.Proc) renamedLit {
	return m.memo.unaryMemo.lits[m.unaryRenamings(l, l.ID(), nil, i).lits+int32(m.sigma[i])-1]
}

// unaryMemo is the part of a matchMemo about literals with one variable:
// index maps a literal's ID to its unaryImage in images, whose renamings
// are in lits.
type unaryMemo struct {
	index  idIndex
	images []unaryImage
	lits   []renamedLit
}

// idIndex maps literal IDs (never 0) to numbers by open addressing with
// linear probing: narrowImages looks up unary literals more than anything
// else, and a probe of a table at most half full costs less than a map
// access.
type idIndex struct {
	slots []idSlot // a power of two of them, id 0 when free
	n     int      // the slots in use
}

type idSlot struct {
	id uint64
	k  int32
}

// find returns the slot of id: where it is, or the free one where it goes.
func (x *idIndex) find(id uint64) *idSlot {
	mask := uint64(len(x.slots) - 1)
	i := (id * 0x9e3779b97f4a7c15 >> 32) & mask // Fibonacci hashing
	for x.slots[i].id != 0 && x.slots[i].id != id {
		i = (i + 1) & mask
	}
	return &x.slots[i]
}

// get returns the number of id and whether there is one.
func (x *idIndex) get(id uint64) (int32, bool) {
	if x.n == 0 {
		return 0, false
	}
	s := x.find(id)
	return s.k, s.id == id
}

// put sets the number of id to k.
func (x *idIndex) put(id uint64, k int32) {
	if 2*(x.n+1) > len(x.slots) {
		old := x.slots
		x.slots, x.n = make([]idSlot, max(64, 2*len(old))), 0
		for _, s := range old {
			if s.id != 0 {
				x.put(s.id, s.k)
			}
		}
	}
	s := x.find(id)
	if s.id == 0 {
		x.n++
	}
	*s = idSlot{id, k}
}

// clear empties the index, keeping its storage.
func (x *idIndex) clear() {
	if x.n > 0 {
		clear(x.slots)
		x.n = 0
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
