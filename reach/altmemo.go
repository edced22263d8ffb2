package reach

import "github.com/cubew/cubew/translate"

// altMemo memoizes the alternatives of cube literals before a transition
// instance (substituter.literal) across the pre-images of a search: they
// depend only on the transition, the literal and the instance's
// assignment of parameters, and the cubes of a search share most of their
// literals. One per goroutine that computes pre-images (no lock).
type altMemo struct {
	alts map[altKey][]litAlt
	// slab backs the conjunctions of the plain pre-images of one
	// instance (see preImage), which Canonicalize copies: the next
	// instance reuses it.
	slab litSlab
}

// litSlab hands out literal arrays from one chunk, reused after reset.
type litSlab struct {
	chunk []translate.Literal
}

// minSlab is the length of a slab's first chunk.
const minSlab = 256

// reset makes the whole chunk available again: the arrays handed out
// before must no longer be used.
func (sl *litSlab) reset() { sl.chunk = sl.chunk[:0] }

// make returns an empty array of capacity n (appends past it move it
// off the slab); a nil slab allocates it.
func (sl *litSlab) make(n int) []translate.Literal {
	if sl == nil {
		return make([]translate.Literal, 0, n)
	}
	if cap(sl.chunk)-len(sl.chunk) < n {
		sl.chunk = make([]translate.Literal, 0, max(minSlab, 2*cap(sl.chunk), n))
	}
	start := len(sl.chunk)
	sl.chunk = sl.chunk[:start+n]
	return sl.chunk[start : start : start+n]
}

// altKey identifies the alternatives of a literal: the transition, the
// literal's ID and the instance's parameters (at most maxMemoParams).
type altKey struct {
	t     *translate.Transition
	lit   uint64
	sigma [maxMemoParams]translate.Proc
}

// maxMemoParams is the most parameters a transition may have for its
// instances' alternatives to be memoized.
const maxMemoParams = 4

// maxMemoAlts bounds the literals an altMemo holds: past it, the memo
// starts again empty, so that a long search's memo stays small.
const maxMemoAlts = 1 << 15

// literal returns s.literal(l), memoized in mm (nil: not memoized). The
// alternatives are shared: callers must not change them.
func (mm *altMemo) literal(s *substituter, l translate.Literal, sigma []translate.Proc) []litAlt {
	if mm == nil || len(sigma) > maxMemoParams {
		return s.literal(l)
	}
	k := altKey{t: s.t, lit: l.ID()}
	copy(k.sigma[:], sigma)
	if alts, ok := mm.alts[k]; ok {
		return alts
	}
	if mm.alts == nil || len(mm.alts) >= maxMemoAlts {
		mm.alts = make(map[altKey][]litAlt)
	}
	alts := s.literal(l)
	mm.alts[k] = alts
	return alts
}
