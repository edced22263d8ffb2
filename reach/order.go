package reach

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
// set covers it.
func (e *engine) generalFirst(children []child) []child {
	out := make([]child, 0, len(children))
	for _, c := range children {
		at := len(out)
		p := c.n.pattern()
		for i := len(out) - 1; i >= 0; i-- {
			d := out[i].n
			if c.n.cube.NVars <= d.cube.NVars && len(c.n.cube.Lits) < len(d.cube.Lits) && e.includesChild(d, p) {
				at = i
			}
		}
		out = append(out, child{})
		copy(out[at+1:], out[at:])
		out[at] = c
	}
	return out
}

// includesChild reports whether pattern p includes child d syntactically,
// within a budget of matching steps of its own.
func (e *engine) includesChild(d *node, p *pattern) bool {
	f := d.facts()
	if !f.hasShapes(p) {
		return false
	}
	budget := matchBudget
	return e.newMatcher(f, &budget).includes(p)
}
