package reach

import "github.com/cubew/cubew/translate"

// altMemo memoizes the alternatives of cube literals before a transition
// instance (substituter.literal) across the pre-images of a search: they
// depend only on the transition, the literal and the instance's
// assignment of parameters, and the cubes of a search share most of their
// literals. One per goroutine that computes pre-images (no lock).
type altMemo struct {
	alts map[altKey][]litAlt
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
