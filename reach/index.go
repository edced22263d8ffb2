package reach

// visitedIndex holds the visited nodes with an inverted index from literal
// shapes (ShapeHash, disequalities left out) to the nodes that have them,
// so that the syntactic inclusion tests (of a new node in visited ones,
// and of visited ones in a new node, to delete them) look only at the
// nodes whose shapes fit, instead of at every visited node.
type visitedIndex struct {
	nodes    []*node               // by visit order (node.seq)
	byShape  map[uint64][]shapeHit // shape -> the nodes with literals of that shape
	unshaped []int32               // nodes without shaped literals
}

// tally is the scratch of one reader of the index: the count of each
// node, by seq, and the seqs with counts > 0. Each worker of the search
// has its own, so that they can query the index at once.
type tally struct {
	counts  []int32
	touched []int32
}

// shapeHit says that node seq has mult literals of some shape.
type shapeHit struct {
	seq, mult int32
}

// shapeCount is a shape and the number of a cube's literals that have it.
type shapeCount struct {
	hash uint64
	mult int32
}

func newVisitedIndex() *visitedIndex {
	return &visitedIndex{byShape: map[uint64][]shapeHit{}}
}

// add visits n.
func (x *visitedIndex) add(n *node) {
	p := n.pattern()
	n.seq = int32(len(x.nodes))
	x.nodes = append(x.nodes, n)
	for _, s := range p.shapes {
		x.byShape[s.hash] = append(x.byShape[s.hash], shapeHit{n.seq, s.mult})
	}
	if p.shapedLits == 0 {
		x.unshaped = append(x.unshaped, n.seq)
	}
}

// count adds, for every node of the index with literals of a shape in
// shapes, weigh(hit) to its count in t, and returns the touched seqs.
func (x *visitedIndex) count(t *tally, shapes func(yield func(uint64) bool), weigh func(shapeHit) int32) []int32 {
	if len(t.counts) < len(x.nodes) {
		t.counts = append(t.counts, make([]int32, len(x.nodes)-len(t.counts))...)
	}
	t.touched = t.touched[:0]
	for h := range shapes {
		for _, hit := range x.byShape[h] {
			if t.counts[hit.seq] == 0 {
				t.touched = append(t.touched, hit.seq)
			}
			t.counts[hit.seq] += weigh(hit)
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

// includers returns the live visited nodes with at most nVars variables
// all of whose shaped literals have a shape among the indexed cube's: the
// only ones that can include it.
func (x *visitedIndex) includers(t *tally, f *facts, nVars int) []*node {
	x.count(t, func(yield func(uint64) bool) {
		for h := range f.shapes {
			if !yield(h) {
				return
			}
		}
	}, func(h shapeHit) int32 { return h.mult })
	defer t.reset()
	var out []*node
	for _, seqs := range [][]int32{t.touched, x.unshaped} {
		for _, s := range seqs {
			if v := x.nodes[s]; !v.deleted && v.cube.NVars <= nVars && v.pat.shapedLits == t.counts[s] {
				out = append(out, v)
			}
		}
	}
	return out
}

// includedBy returns the live visited nodes with at least nVars variables
// that have literals of every shape of p (the only ones p can include).
func (x *visitedIndex) includedBy(t *tally, p *pattern, nVars int) []*node {
	var out []*node
	if len(p.shapes) == 0 {
		for _, v := range x.nodes {
			if !v.deleted && v.cube.NVars >= nVars {
				out = append(out, v)
			}
		}
		return out
	}
	x.count(t, func(yield func(uint64) bool) {
		for _, s := range p.shapes {
			if !yield(s.hash) {
				return
			}
		}
	}, func(shapeHit) int32 { return 1 })
	defer t.reset()
	for _, s := range t.touched {
		if v := x.nodes[s]; !v.deleted && v.cube.NVars >= nVars && int(t.counts[s]) == len(p.shapes) {
			out = append(out, v)
		}
	}
	return out
}
