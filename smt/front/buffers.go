package front

import "github.com/cubew/cubew/smt"

// buffers are the arrays a search needs per term, per atom or per
// formula, kept by a Solver from one check to the next: a check then
// allocates little beyond the model it returns. A search of reach asks
// thousands of small checks against one table; their arrays were a
// quarter of the bytes sense_barrier's search allocated.
type buffers struct {
	seen        []bool // inFragment's walk
	marks       []int  // subterms walks (differences, occurrences)
	index       []int  // occurrences: atom index + 1 per term
	count, next []int  // occurrences: where each atom's formulas start
	pairs       []occurrence
	all         []int
	occurs      [][]int
	vals, cache []int64
	stamp       []uint32
	known       []bool
	trail       []int
	apps        map[string]int64
	codes       []int64 // 0, 1, 2, …: the values of Boolean and enumeration atoms (see codes)
	// differences' atoms and decisions
	diffConsts map[smt.Term]bool
	diffFuncs  map[smt.Func]bool
	cmps       map[smt.Term]comparison
	decision   []bool
}

// occurrence is an atom of a formula, by their indices.
type occurrence struct{ atom, formula int32 }

// zeroed returns *b resized to n elements, all zero, reusing its array
// when it is large enough.
func zeroed[T any](b *[]T, n int) []T {
	if cap(*b) < n {
		*b = make([]T, n)
	} else {
		*b = (*b)[:n]
		clear(*b)
	}
	return *b
}

// cleared returns the map *m emptied, made when nil.
func cleared[K comparable, V any](m *map[K]V) map[K]V {
	if *m == nil {
		*m = map[K]V{}
	} else {
		clear(*m)
	}
	return *m
}

// buffers returns the search's buffers, made for this search alone when
// its Solver gave none.
func (s *search) buffers() *buffers {
	if s.buf == nil {
		s.buf = &buffers{}
	}
	return s.buf
}
