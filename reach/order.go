package reach

import (
	"time"
)

// child is a pre-image waiting to be queued, with the node it comes from.
type child struct{ parent, n *node }

// generalFirst reorders the children of the nodes a breadth-first layer
// expanded: a child that includes, syntactically, a child queued before
// it (it is more general) moves just before the first such one. The
// earlier one is then covered when popped, instead of being visited and
// deleted by its cousin (dijkstra: a forall_other pre-image with the
// guard's extra literal `F[#2] <> 2`, visited, then deleted by a cousin
// without it, four times). Every other child keeps its place. Only the
// order of the search changes: a node is still visited unless the visited
// set covers it. The inclusions are tested first, in parallel
// (childInclusions); the moves then follow them one child at a time.
func (e *engine) generalFirst(children []child) []child {
	includes := e.childInclusions(children)
	order := make([]int, 0, len(children)) // indexes of children
	for i := range children {
		at := len(order)
		for k := len(order) - 1; k >= 0; k-- {
			if includes.has(i, order[k]) {
				at = k
			}
		}
		order = append(order, 0)
		copy(order[at+1:], order[at:])
		order[at] = i
	}
	out := make([]child, len(children))
	for k, i := range order {
		out[k] = children[i]
	}
	return out
}

// pairBits holds one bit per pair (i, j), j < i, row i in words of its
// own (so that goroutines may fill different rows at once).
type pairBits struct {
	words []uint64
	start []int // start[i]: row i's first word
}

func newPairBits(n int) *pairBits {
	b := &pairBits{start: make([]int, n)}
	words := 0
	for i := range n {
		b.start[i] = words
		words += (i + 63) / 64
	}
	b.words = make([]uint64, words)
	return b
}

func (b *pairBits) set(i, j int) { b.words[b.start[i]+j/64] |= 1 << (j % 64) }

func (b *pairBits) has(i, j int) bool { return b.words[b.start[i]+j/64]&(1<<(j%64)) != 0 }

// childInclusions tells, for every child i and child j before it,
// whether child i includes child j syntactically and has fewer literals
// and no more variables. Each pair is tested within a budget of matching
// steps of its own, on Options.Workers goroutines.
func (e *engine) childInclusions(children []child) *pairBits {
	start := time.Now()
	defer func() { e.stats.Ordering += time.Since(start) }()
	for _, c := range children {
		c.n.pattern() // computed here: the goroutines only read them
		c.n.facts()
	}
	includes := newPairBits(len(children))
	matchers := make([]*matcher, e.opts.workers()) // by goroutine, reused
	e.meter.For(len(children), len(matchers), func(g, i int) {
		c, p := children[i].n, children[i].n.pat
		for j, d := range children[:i] {
			if c.cube.NVars <= d.n.cube.NVars && len(c.cube.Lits) < len(d.n.cube.Lits) && d.n.fcache.hasShapes(p) &&
				e.freshMatcher(&matchers[g], d.n.fcache).includes(p) {
				includes.set(i, j)
			}
		}
	})
	return includes
}
