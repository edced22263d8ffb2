package reach

import (
	"cmp"
	"slices"
)

// child is a pre-image waiting to be queued, with the node it comes from.
type child struct{ parent, n *node }

// generalFirst orders the children of the nodes a breadth-first layer
// expanded, stably, by variables, then literals, then events, fewest
// first: of two cubes of one depth, the more general is popped first,
// so that it covers the other instead of being visited after it and
// deleting it (dijkstra: two nodes visited then deleted per forall_other
// pre-image, each later subsumed by a cousin without the guard's
// literal). Only the order of the search changes: a node is still
// visited unless the visited set covers it.
func generalFirst(children []child) {
	slices.SortStableFunc(children, func(a, b child) int {
		ca, cb := a.n.cube, b.n.cube
		return cmp.Or(cmp.Compare(ca.NVars, cb.NVars), cmp.Compare(len(ca.Lits), len(cb.Lits)), cmp.Compare(len(ca.Events), len(cb.Events)))
	})
}
