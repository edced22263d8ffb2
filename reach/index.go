package reach

import (
	"encoding/binary"
	"slices"

	"github.com/cubew/cubew/translate"
)

// visitedIndex holds the visited nodes with their signatures of literal
// shapes (ShapeHash, disequalities left out) and an inverted index from
// shapes to the nodes that have them, so that the syntactic inclusion
// tests (of a new node in visited ones, and of visited ones in a new node,
// to delete them) look only at the nodes whose shapes fit.
type visitedIndex struct {
	nodes   []*node            // by visit order (node.seq)
	byShape map[uint64][]int32 // shape -> the seqs of the nodes with literals of that shape
	// shapeSigs are the nodes' pattern.shapeSig, by seq.
	shapeSigs []uint64
	// nVars and group are the nodes' variables and groups, by seq: the
	// nodes of group g have the event profile and the literals without
	// variables of pattern groups[g] (groupKey maps to g in groupOf).
	nVars   []int32
	group   []int32
	groups  []*pattern
	groupOf map[string]int32
}

// tally is the scratch of one reader of the index: the count of each
// node, by seq, and the seqs with counts > 0. Each worker of the search
// has its own, so that they can query the index at once.
type tally struct {
	counts  []int32
	touched []int32
}

func newVisitedIndex() *visitedIndex {
	return &visitedIndex{byShape: map[uint64][]int32{}, groupOf: map[string]int32{}}
}

// add visits n, its pattern and facts computed here, once, so that the
// search's workers only read them.
func (x *visitedIndex) add(n *node) {
	n.facts()
	p := n.pattern()
	n.seq = int32(len(x.nodes))
	x.nodes = append(x.nodes, n)
	for _, h := range p.shapes {
		x.byShape[h] = append(x.byShape[h], n.seq)
	}
	x.shapeSigs = append(x.shapeSigs, p.shapeSig)
	x.nVars = append(x.nVars, int32(n.cube.NVars))
	k := groupKey(p)
	g, ok := x.groupOf[k]
	if !ok {
		g = int32(len(x.groups))
		x.groupOf[k] = g
		x.groups = append(x.groups, p)
	}
	x.group = append(x.group, g)
}

// groupKey identifies p's event profile and literals without variables:
// visited cubes with the same key fit the same indexed cubes, with the
// same open literals.
func groupKey(p *pattern) string {
	b := []byte(p.ev.key())
	for _, l := range p.groups[0] {
		b = binary.LittleEndian.AppendUint64(append(b, 0xfe), l.ID())
	}
	return string(b)
}

// count adds one, for every node of the index from the from-th on, per
// shape of shapes it has literals of to its count in t, and returns the
// touched seqs.
func (x *visitedIndex) count(t *tally, shapes []uint64, from int32) []int32 {
	if len(t.counts) < len(x.nodes) {
		t.counts = append(t.counts, make([]int32, len(x.nodes)-len(t.counts))...)
	}
	t.touched = t.touched[:0]
	for _, h := range shapes {
		seqs := x.byShape[h] // in visit order
		k, _ := slices.BinarySearch(seqs, from)
		for _, seq := range seqs[k:] {
			if t.counts[seq] == 0 {
				t.touched = append(t.touched, seq)
			}
			t.counts[seq]++
		}
	}
	return t.touched
}

// reset clears the counts of the touched seqs.
func (t *tally) reset() {
	for _, s := range t.touched {
		t.counts[s] = 0
	}
}

// includes reports whether a live visited node with at most nVars
// variables includes m's indexed cube syntactically. It tries only the
// nodes all of whose shaped literals have a shape among the cube's (their
// shape signatures rule out most at the cost of one word each) and whose
// group fits with every literal without variables implied.
func (x *visitedIndex) includes(m *matcher, gf *groupFits, nVars int) bool {
	m.noCands = true
	for s, sig := range x.shapeSigs {
		if sig&^m.f.shapeSig != 0 || x.nVars[s] > int32(nVars) || !gf.fit(x, m, x.group[s]) || len(gf.open[x.group[s]]) > 0 {
			continue
		}
		m.cur = m.cur[:0]
		if v := x.nodes[s]; !v.deleted && m.f.hasShapes(v.pat) && m.matchVars(v.pat) {
			return true
		}
	}
	return false
}

// includedBy returns the live visited nodes, from the from-th on, with at
// least nVars variables that have literals of every shape of p (the only
// ones p can include).
func (x *visitedIndex) includedBy(t *tally, p *pattern, nVars int, from int32) []*node {
	var out []*node
	if len(p.shapes) == 0 {
		for _, v := range x.nodes[from:] {
			if !v.deleted && v.cube.NVars >= nVars {
				out = append(out, v)
			}
		}
		return out
	}
	x.count(t, p.shapes, from)
	defer t.reset()
	for _, s := range t.touched {
		if v := x.nodes[s]; !v.deleted && v.cube.NVars >= nVars && int(t.counts[s]) == len(p.shapes) {
			out = append(out, v)
		}
	}
	return out
}

// candidates adds to m.cands the renamings of the live visited nodes with
// at most nVars variables that do not clash with the indexed cube. It
// looks at a node's pattern only when the node's group fits.
func (x *visitedIndex) candidates(m *matcher, gf *groupFits, nVars int) {
	for s, g := range x.group {
		if x.nVars[s] <= int32(nVars) && gf.fit(x, m, g) {
			if v := x.nodes[s]; !v.deleted {
				m.cur = append(m.cur[:0], gf.open[g]...)
				m.matchVars(v.pat)
			}
		}
	}
}

// groupFits memoizes, for one indexed cube, whether the index's groups
// fit it: whether it has the events they need (with the event bits of
// their variables' images) and no literal without variables clashes
// (with the open ones).
type groupFits struct {
	fits    []int8 // by group: 0 undecided, 1 fits, -1 not
	bits    [][]evBits
	open    [][]translate.Literal
	scratch []int32
	// evScratch receives the event bits of a group's variables; those of
	// the groups that fit are copied to arena, which bits slices.
	evScratch, arena []evBits
}

// reset forgets the indexed cube, keeping the buffers for the next one.
func (gf *groupFits) reset() {
	gf.fits, gf.bits, gf.open, gf.arena = gf.fits[:0], gf.bits[:0], gf.open[:0], gf.arena[:0]
}

// grown returns s extended to length n with zero values.
func grown[T any](s []T, n int) []T {
	k := len(s)
	s = slices.Grow(s, n-k)[:n]
	clear(s[k:])
	return s
}

// fit reports whether group g fits m's indexed cube and, if so, sets
// m.evNeed to the event bits of the group's variables' images.
func (gf *groupFits) fit(x *visitedIndex, m *matcher, g int32) bool {
	if n := len(x.groups); n > len(gf.fits) {
		gf.fits = grown(gf.fits, n)
		gf.bits = grown(gf.bits, n)
		gf.open = grown(gf.open, n)
	}
	if gf.fits[g] == 0 {
		p := x.groups[g]
		gf.evScratch, gf.scratch = resize(gf.evScratch, len(p.ev.varDescs)), resize(gf.scratch, len(p.ev.descs))
		gf.fits[g] = -1
		if p.ev.events <= len(m.f.c.Events) && m.f.ev.fits(&p.ev, gf.evScratch, gf.scratch) {
			start := len(gf.arena)
			gf.arena = append(gf.arena, gf.evScratch...)
			gf.bits[g] = gf.arena[start:len(gf.arena):len(gf.arena)]
			noCands := m.noCands
			m.noCands = false // the open literals are kept for candidates
			open, ok := m.openLits(nil, p.groups[0])
			m.noCands = noCands
			if ok {
				gf.fits[g], gf.open[g] = 1, open
			}
		}
	}
	m.evNeed = gf.bits[g]
	return gf.fits[g] > 0
}
