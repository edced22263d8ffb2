package dpor

import "github.com/cubew/cubew/memmodel"

// Consistency. Every step has at most two nodes of the global
// happens-before relation ghb: its R node (its reads at one instant; it
// exists when the step reads memory, has a fence or is locked) and its W
// node (its buffered write group, made visible at one instant by a flush).
// A locked step (it reads and writes memory) has one node for both: its
// reads and writes are ghb-equal. Under SC every step with reads and
// writes is such a node, so steps are atomic.
//
// A graph is consistent when
//
//   - ghb = ppo ∪ rfe ∪ co ∪ fr (ppo: the program-order pairs the model
//     preserves, fences and locked steps included) is acyclic, and
//   - under TSO and PSO, for every location, po-loc ∪ rf ∪ co ∪ fr is
//     acyclic (uniproc: a process reads its own latest write, x86-TSO's
//     treatment of write→read pairs on one location, which ghb leaves out).
//
// Under SC ghb keeps all of po and rf, and uniproc follows.
//
// Each check starts a depth-first search from the nodes whose edges
// changed; the graph was consistent before, so a new cycle passes through
// one of them.

// node numbers: (thread*k + step)*2 + part, part 0 for R, 1 for W.
type nodeID int32

// checker holds the scratch space of consistency checks.
type checker struct {
	gp      *gprog
	g       *graph
	readers [][]nodeID // readers[n]: R nodes reading a write of node n
	rlocs   [][]int32  // rlocs[n]: the location of each entry of readers[n]
	color   []uint8
	stack   []nodeID
	touched []nodeID
}

func newChecker(gp *gprog) *checker {
	n := gp.threads * gp.k * 2
	return &checker{gp: gp, readers: make([][]nodeID, n), rlocs: make([][]int32, n), color: make([]uint8, n)}
}

func (c *checker) node(q, i, part int) nodeID { return nodeID((q*c.gp.k+i)*2 + part) }

// wnode is the node holding the writes of step i of thread q.
func (c *checker) wnode(q, i int) nodeID {
	if c.g.th[q][i].locked {
		return c.node(q, i, 0)
	}
	return c.node(q, i, 1)
}

func (c *checker) wnodeRef(w ref) nodeID { return c.wnode(w.thread(), w.index()) }

// hasR reports whether step s has an R node.
func hasR(s *step) bool { return len(s.rset) > 0 || s.fence || s.locked }

// merged reports whether a step's writes are in its R node. (Under SC a
// step that reads and writes memory is locked too.)
func (c *checker) merged(s *step) bool { return s.locked }

// nodeWrites returns the writes of node n (nil if it writes nothing).
func (c *checker) nodeWrites(q, i, part int) []gwrite {
	s := &c.g.th[q][i]
	if !s.wdone {
		return nil
	}
	if (part == 0) == c.merged(s) {
		return s.writes
	}
	return nil
}

func (c *checker) exists(q, i, part int) bool {
	s := &c.g.th[q][i]
	if part == 0 {
		return hasR(s)
	}
	return s.wdone && len(s.writes) > 0 && !c.merged(s)
}

// index builds the readers lists of g.
func (c *checker) index(g *graph) {
	c.g = g
	for _, n := range c.touched {
		c.readers[n] = c.readers[n][:0]
		c.rlocs[n] = c.rlocs[n][:0]
	}
	c.touched = c.touched[:0]
	for q, ss := range g.th {
		for i := range ss {
			rn := c.node(q, i, 0)
			for _, r := range ss[i].reads {
				if r.rf == refInit {
					continue
				}
				wn := c.wnodeRef(r.rf)
				if len(c.readers[wn]) == 0 {
					c.touched = append(c.touched, wn)
				}
				c.readers[wn] = append(c.readers[wn], rn)
				c.rlocs[wn] = append(c.rlocs[wn], r.loc)
			}
		}
	}
}

// consistent reports whether g is consistent, given that it was before
// the edges of the steps in changed (thread, index pairs) changed.
func (c *checker) consistent(g *graph, changed ...ref) bool {
	c.index(g)
	var starts []nodeID
	for _, r := range changed {
		q, i := r.thread(), r.index()
		for part := range 2 {
			if c.exists(q, i, part) {
				starts = append(starts, c.node(q, i, part))
			}
		}
	}
	if !c.acyclic(starts, -1) {
		return false
	}
	if !c.gp.mm.Buffered() {
		return true
	}
	for _, r := range changed {
		s := &g.th[r.thread()][r.index()]
		for _, rd := range s.reads {
			if !c.acyclic(starts, rd.loc) {
				return false
			}
		}
		if s.wdone {
			for _, w := range s.writes {
				if !c.acyclic(starts, w.loc) {
					return false
				}
			}
		}
	}
	return true
}

// acyclic searches from starts for a cycle of ghb (loc < 0) or of the
// uniproc relation of location loc.
func (c *checker) acyclic(starts []nodeID, loc int32) bool {
	for i := range c.color {
		c.color[i] = 0
	}
	for _, s := range starts {
		if c.color[s] == 0 && !c.dfs(s, loc) {
			return false
		}
	}
	return true
}

// dfs visits n; it returns false when it finds a cycle. Recursion depth is
// bounded by the number of nodes.
func (c *checker) dfs(n nodeID, loc int32) bool {
	c.color[n] = 1
	ok := c.succ(n, loc, func(m nodeID) bool {
		switch c.color[m] {
		case 1:
			return false
		case 0:
			return c.dfs(m, loc)
		}
		return true
	})
	c.color[n] = 2
	return ok
}

// succ calls fn on every successor of n until fn returns false.
func (c *checker) succ(n nodeID, loc int32, fn func(nodeID) bool) bool {
	k := c.gp.k
	qi, part := int(n)/2, int(n)%2
	q, i := qi/k, qi%k
	g := c.g
	s := &g.th[q][i]
	uni := loc >= 0
	writes := c.nodeWrites(q, i, part)
	var reads []gread
	if part == 0 {
		reads = s.reads
	}
	if uni && !touches(reads, writes, loc) {
		return true
	}
	// Program order.
	ss := g.th[q]
po:
	for j := i; j < len(ss); j++ {
		for p2 := range 2 {
			if j == i && p2 <= part || !c.exists(q, j, p2) {
				continue
			}
			m := c.node(q, j, p2)
			if uni {
				var r2 []gread
				if p2 == 0 {
					r2 = ss[j].reads
				}
				if !touches(r2, c.nodeWrites(q, j, p2), loc) {
					continue
				}
				// The next access of loc is enough: the chain covers the rest.
				if !fn(m) {
					return false
				}
				break po
			}
			if c.preserved(s, part, &ss[j], p2) && !fn(m) {
				return false
			}
		}
	}
	// rf: to the readers of this node's writes (ghb: other threads only,
	// except under SC).
	for x, m := range c.readers[n] {
		if uni && c.rlocs[n][x] != loc {
			continue
		}
		if !uni && c.gp.mm.Buffered() && int(m)/2/k == q {
			continue
		}
		if !fn(m) {
			return false
		}
	}
	// co: to the next write of each location written.
	self := mkref(q, i)
	for _, w := range writes {
		if uni && w.loc != loc {
			continue
		}
		if nx, ok := g.coNext(w.loc, self); ok && !fn(c.wnodeRef(nx)) {
			return false
		}
	}
	// fr: to the write after the one read.
	for _, r := range reads {
		if uni && r.loc != loc {
			continue
		}
		nx, ok := g.coNext(r.loc, r.rf)
		if !ok {
			continue
		}
		if m := c.wnodeRef(nx); m != n && !fn(m) {
			return false
		}
	}
	return true
}

func touches(reads []gread, writes []gwrite, loc int32) bool {
	for _, r := range reads {
		if r.loc == loc {
			return true
		}
	}
	for _, w := range writes {
		if w.loc == loc {
			return true
		}
	}
	return false
}

// preserved reports whether ghb orders node (a, pa) before the po-later
// node (b, pb) of the same thread.
func (c *checker) preserved(a *step, pa int, b *step, pb int) bool {
	if !c.gp.mm.Buffered() {
		return true
	}
	if pa == 0 || pb == 0 && b.fence {
		return true // R nodes (locked ones included) order everything after them; fences wait for every earlier write
	}
	// a is a buffered write group.
	switch {
	case pb == 1:
		return c.gp.mm.Preserved(memmodel.Write, memmodel.Write, overlapW(a.writes, b.writes))
	case b.locked:
		return c.gp.mm.LockedDrains(false) || overlapD(a.writes, b.drain)
	}
	return false // write -> read: uniproc handles one location
}

func overlapW(a, b []gwrite) bool {
	for _, x := range a {
		for _, y := range b {
			if x.loc == y.loc {
				return true
			}
		}
	}
	return false
}

func overlapD(a []gwrite, d []int32) bool {
	for _, x := range a {
		for _, l := range d {
			if x.loc == l {
				return true
			}
		}
	}
	return false
}
