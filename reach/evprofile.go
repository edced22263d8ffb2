package reach

import (
	"slices"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// evLoc is what an event must share with its image under a renaming,
// besides its process, cell and finality.
type evLoc struct {
	kind translate.EventKind
	loc  *syntax.Symbol
}

// evBits is a set of bits 2j (an event of location j of an evHave) and
// 2j+1 (a final one): a cube holds at most translate.MaxEvents events, so
// at most that many locations.
type evBits [2 * translate.MaxEvents / 64]uint64

func (b *evBits) set(i int) { b[i>>6] |= 1 << (i & 63) }

// within reports whether every bit of b is in c.
func (b *evBits) within(c *evBits) bool {
	return b[0]&^c[0] == 0 && b[1]&^c[1] == 0
}

// evHave is the event profile of an indexed cube: its distinct locations,
// how many of its events (and of its final events) have each, and which
// each variable's events have.
type evHave struct {
	sig     uint64 // the evLoc.sig bits of its locations
	locs    []evLoc
	total   []int32
	finals  []int32
	varBits []evBits
}

// evNeed is the event profile of a visited cube: its distinct event
// descriptions (location and finality) with their counts, and for each
// variable the descriptions of its events.
type evNeed struct {
	sig      uint64 // the evLoc.sig bits of its locations
	events   int    // the number of events
	descs    []evDesc
	varDescs [][]int32 // variable -> indices into descs, distinct
}

// evDesc is an event description and the number of events it describes.
type evDesc struct {
	evLoc
	final bool
	count int32
}

// newEvHave profiles the events of c.
func newEvHave(c *translate.Cube) evHave {
	var h evHave
	if len(c.Events) == 0 {
		return h
	}
	h.varBits = make([]evBits, c.NVars+1)
	for _, e := range c.Events {
		l := evLoc{e.Kind, e.Loc}
		j := indexOf(h.locs, l)
		if j < 0 {
			j = len(h.locs)
			h.locs, h.total, h.finals = append(h.locs, l), append(h.total, 0), append(h.finals, 0)
		}
		h.sig |= l.sig()
		h.total[j]++
		if e.Final {
			h.finals[j]++
		}
		if e.Proc.IsVar() && int(e.Proc) <= c.NVars {
			h.varBits[e.Proc].set(2 * j)
			if e.Final {
				h.varBits[e.Proc].set(2*j + 1)
			}
		}
	}
	return h
}

// newEvNeed profiles the events of c.
func newEvNeed(c *translate.Cube) evNeed {
	var n evNeed
	if len(c.Events) == 0 {
		return n
	}
	n.events, n.varDescs = len(c.Events), make([][]int32, c.NVars+1)
	for _, e := range c.Events {
		j := -1
		for i, d := range n.descs {
			if d.evLoc == (evLoc{e.Kind, e.Loc}) && d.final == e.Final {
				j = i
				break
			}
		}
		if j < 0 {
			j = len(n.descs)
			n.descs = append(n.descs, evDesc{evLoc{e.Kind, e.Loc}, e.Final, 0})
		}
		n.sig |= n.descs[j].sig()
		n.descs[j].count++
		if v := e.Proc; v.IsVar() && int(v) <= c.NVars && indexOf(n.varDescs[v], int32(j)) < 0 {
			n.varDescs[v] = append(n.varDescs[v], int32(j))
		}
	}
	return n
}

// sig is a bit standing for the location in signatures: a cube whose
// signature lacks a bit of another's lacks one of its locations.
func (l evLoc) sig() uint64 {
	h := uint64(l.kind)
	if l.loc != nil {
		for _, c := range []byte(l.loc.Name) {
			h = h*31 + uint64(c)
		}
	}
	return 1 << (h % 64)
}

// resize returns s with length n, reusing its array when it can; the
// elements are not cleared.
func resize[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }

func indexOf[T comparable](s []T, x T) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// fits reports whether h has, for each description of n, at least as many
// events that can stand for it (a final read can stand for an ordinary
// one); if so it fills varBits with, per variable of n, the bits of h a
// variable must have to stand for it (bit is scratch, one per
// description).
func (h *evHave) fits(n *evNeed, varBits []evBits, bit []int32) bool {
	for i, d := range n.descs {
		b, ok := h.holds(d)
		if !ok {
			return false
		}
		bit[i] = int32(b)
	}
	for v, ds := range n.varDescs {
		varBits[v] = evBits{}
		for _, i := range ds {
			varBits[v].set(int(bit[i]))
		}
	}
	return true
}

// holds reports whether h has at least d.count events that can stand for
// those d describes, and returns the bit of their description.
func (h *evHave) holds(d evDesc) (bit int, ok bool) {
	j := indexOf(h.locs, d.evLoc)
	if j < 0 {
		return 0, false
	}
	if d.final {
		return 2*j + 1, h.finals[j] >= d.count
	}
	return 2 * j, h.total[j] >= d.count
}

// key identifies n: visited cubes with the same key fit the same indexed
// cubes, their variables' images needing the same events.
func (n *evNeed) key() string {
	var b []byte
	for _, d := range n.descs {
		final := byte(0)
		if d.final {
			final = 1
		}
		b = append(b, byte(d.kind), final, byte(d.count), byte(d.count>>8))
		if d.loc != nil {
			b = append(b, d.loc.Name...)
		}
		b = append(b, 0)
	}
	for _, ds := range n.varDescs {
		b = append(b, 0xff)
		for _, i := range ds {
			b = append(b, byte(i))
		}
	}
	return string(b)
}
