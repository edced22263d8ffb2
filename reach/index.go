package reach

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
	// nVars and evGroup are the nodes' variables and event count groups,
	// by seq: evNeeds[g] holds the counts of group g (countKey evGroupOf).
	nVars     []int32
	evGroup   []int32
	evNeeds   []*evNeed
	evGroupOf map[string]int32
}

// tally is the scratch of one reader of the index: the count of each
// node, by seq, and the seqs with counts > 0. Each worker of the search
// has its own, so that they can query the index at once.
type tally struct {
	counts  []int32
	touched []int32
}

func newVisitedIndex() *visitedIndex {
	return &visitedIndex{byShape: map[uint64][]int32{}, evGroupOf: map[string]int32{}}
}

// add visits n.
func (x *visitedIndex) add(n *node) {
	p := n.pattern()
	n.seq = int32(len(x.nodes))
	x.nodes = append(x.nodes, n)
	for _, h := range p.shapes {
		x.byShape[h] = append(x.byShape[h], n.seq)
	}
	x.shapeSigs = append(x.shapeSigs, p.shapeSig)
	x.nVars = append(x.nVars, int32(n.cube.NVars))
	k := p.ev.countKey()
	g, ok := x.evGroupOf[k]
	if !ok {
		g = int32(len(x.evNeeds))
		x.evGroupOf[k] = g
		x.evNeeds = append(x.evNeeds, &p.ev)
	}
	x.evGroup = append(x.evGroup, g)
}

// count adds one, for every node of the index, per shape of shapes it
// has literals of to its count in t, and returns the touched seqs.
func (x *visitedIndex) count(t *tally, shapes []uint64) []int32 {
	if len(t.counts) < len(x.nodes) {
		t.counts = append(t.counts, make([]int32, len(x.nodes)-len(t.counts))...)
	}
	t.touched = t.touched[:0]
	for _, h := range shapes {
		for _, seq := range x.byShape[h] {
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

// includers returns the live visited nodes with at most nVars variables
// all of whose shaped literals have a shape among the indexed cube's: the
// only ones that can include it. The shape signatures rule out most nodes
// at the cost of one word each.
func (x *visitedIndex) includers(f *facts, nVars int) []*node {
	var out []*node
	for s, sig := range x.shapeSigs {
		if sig&^f.shapeSig != 0 {
			continue
		}
		if v := x.nodes[s]; !v.deleted && v.cube.NVars <= nVars && f.hasShapes(v.pat) {
			out = append(out, v)
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
	x.count(t, p.shapes)
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
// looks at a node's pattern only when the node's event count group fits
// the cube's counts (decided once per group).
func (x *visitedIndex) candidates(m *matcher, nVars int) {
	fit := make([]int8, len(x.evNeeds)) // 0 unknown, 1 fits, -1 not
	for s, g := range x.evGroup {
		if x.nVars[s] > int32(nVars) {
			continue
		}
		if fit[g] == 0 {
			fit[g] = -1
			if m.f.ev.countsFit(x.evNeeds[g]) {
				fit[g] = 1
			}
		}
		if v := x.nodes[s]; fit[g] > 0 && !v.deleted {
			m.match(v.pat)
		}
	}
}
