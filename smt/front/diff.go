package front

import (
	"github.com/cubew/cubew/smt"
)

// side is one side of a difference comparison: base + k, where base is an
// integer atom (a constant or an application), or 0 for the literal k.
type side struct {
	base smt.Term
	k    int64
}

// side recognizes u as an integer atom, an integer literal, or an atom
// plus or minus a literal.
func (t *table) side(u smt.Term) (side, bool) {
	n := &t.nodes[u]
	if t.kindOf(u) != kindInt {
		return side{}, false
	}
	switch n.op {
	case opInt:
		return side{0, n.val}, n.val <= maxLiteral && n.val >= -maxLiteral
	case opConst, opApply:
		return side{u, 0}, true
	case opAdd, opSub:
		if len(n.args) != 2 {
			return side{}, false
		}
		x, k := n.args[0], &t.nodes[n.args[1]]
		if k.op != opInt && n.op == opAdd {
			x, k = n.args[1], &t.nodes[n.args[0]]
		}
		if xo := t.nodes[x].op; k.op != opInt || (xo != opConst && xo != opApply) || k.val > maxLiteral || k.val < -maxLiteral {
			return side{}, false
		}
		if n.op == opSub {
			return side{x, -k.val}, true
		}
		return side{x, k.val}, true
	}
	return side{}, false
}

// arithmetic reports whether u is a sum or a difference.
func (t *table) arithmetic(u smt.Term) bool {
	o := t.nodes[u].op
	return o == opAdd || o == opSub
}

// comparison is a difference literal a ⋈ b over integer sides.
type comparison struct {
	op   op
	a, b side
}

// difference recognizes u as a comparison (=, <, ≤, >, ≥) of two sides.
func (t *table) difference(u smt.Term) (comparison, bool) {
	n := &t.nodes[u]
	switch n.op {
	case opEq, opLt, opLe, opGt, opGe:
	default:
		return comparison{}, false
	}
	if len(n.args) != 2 {
		return comparison{}, false
	}
	a, okA := t.side(n.args[0])
	b, okB := t.side(n.args[1])
	return comparison{n.op, a, b}, okA && okB
}

// differences finds the integer atoms that difference constraints relate
// (x + k ⋈ y + l, x and y atoms, written with + or −; closed under comparison with such
// an atom, and by function: every application of a function one of whose
// applications is such an atom is one too), and marks the comparisons over
// them as decisions (s.cmps): the search decides their truth, and keeps
// the decided ones consistent over the integers (see consistent) instead
// of valuing their atoms.
func (s *search) differences() {
	var cmps []smt.Term
	seen := zeroed(&s.buffers().marks, len(s.t.nodes))
	for _, f := range s.formulas {
		s.t.subterms(f, seen, 1, func(u smt.Term) {
			if _, ok := s.t.difference(u); ok {
				cmps = append(cmps, u)
			}
		})
	}
	b := s.buffers()
	s.diffConsts, s.diffFuncs = cleared(&b.diffConsts), cleared(&b.diffFuncs)
	add := func(x smt.Term) bool {
		if x == 0 || s.isDiffAtom(x) {
			return false
		}
		if n := &s.t.nodes[x]; n.op == opApply {
			s.diffFuncs[n.fn] = true
		} else {
			s.diffConsts[x] = true
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, u := range cmps {
			c, _ := s.t.difference(u)
			seed := c.a.base != 0 && c.b.base != 0 && (s.t.arithmetic(s.t.nodes[u].args[0]) || s.t.arithmetic(s.t.nodes[u].args[1]))
			if seed || s.isDiffAtom(c.a.base) || s.isDiffAtom(c.b.base) {
				changed = add(c.a.base) || changed
				changed = add(c.b.base) || changed
			}
		}
	}
	if len(s.diffConsts)+len(s.diffFuncs) == 0 {
		return
	}
	s.cmps = cleared(&b.cmps)
	s.decision = zeroed(&b.decision, len(s.t.nodes))
	s.dg = newGraph()
	for _, u := range cmps {
		if c, _ := s.t.difference(u); s.isDiffAtom(c.a.base) || s.isDiffAtom(c.b.base) {
			s.cmps[u] = c
			s.decision[u] = true
		}
	}
}

// isDiffAtom reports whether x is an atom related by difference
// constraints (see differences).
func (s *search) isDiffAtom(x smt.Term) bool {
	if x == 0 {
		return false
	}
	if n := &s.t.nodes[x]; n.op == opApply {
		return s.diffFuncs[n.fn]
	}
	return s.diffConsts[x]
}

// isDecision reports whether the atom u is a decision.
func (s *search) isDecision(u smt.Term) bool {
	return int(u) < len(s.decision) && s.decision[u]
}

// decisions returns the candidate codes of the decision u: for an
// equality 1 (equal), 0 (less) and 2 (greater), so that a disequality is
// one of two strict orders; for an ordering 1 (true) and 0 (false).
func (s *search) decisions(u smt.Term) []int64 {
	if s.cmps[u].op == opEq {
		return equalityCodes
	}
	return orderingCodes
}

// The codes of decisions, in the order tried (see decisions); read only.
var (
	equalityCodes = []int64{1, 0, 2}
	orderingCodes = []int64{1, 0}
)

// truth returns the truth value of the decision u from its code.
func (s *search) truth(u smt.Term) int64 {
	v := s.vals[u]
	if v == unknown || s.cmps[u].op != opEq {
		return v
	}
	return boolValue(v == 1)
}

// edge is the constraint to − from ≤ w between two difference variables.
type edge struct {
	from, to int
	w        int64
}

// graph is the constraint graph of the decided comparisons: variables are
// keyed by atom (constants by term, applications by function and argument
// values, so that congruent applications are one variable); variable 0 is
// the literal 0. Variables stay when decisions are undone (unconstrained,
// they cost nothing); edges go.
type graph struct {
	consts map[smt.Term]int
	apps   map[string]int
	n      int // variables, the literal 0 included
	edges  []edge
	dist   []int64
}

func newGraph() *graph { return &graph{consts: map[smt.Term]int{}, apps: map[string]int{}, n: 1} }

// constrain adds to the constraint graph the constraint of the decision
// u, just assigned, and returns the graph's previous edge count, to cut
// back to when the decision is undone.
func (s *search) constrain(u smt.Term) int {
	g, c, v := s.dg, s.cmps[u], s.vals[u]
	mark := len(g.edges)
	x, y, d := s.diffVar(c.a.base, true), s.diffVar(c.b.base, true), c.b.k-c.a.k // x − y ⋈ d
	le := func(x, y int, d int64) { g.edges = append(g.edges, edge{y, x, d}) }   // x − y ≤ d
	switch {
	case c.op == opEq && v == 1:
		le(x, y, d)
		le(y, x, -d)
	case c.op == opEq && v == 0, c.op == opLt && v == 1, c.op == opGe && v == 0:
		le(x, y, d-1)
	case c.op == opEq && v == 2, c.op == opGt && v == 1, c.op == opLe && v == 0:
		le(y, x, -d-1)
	case c.op == opLe && v == 1, c.op == opGt && v == 0:
		le(x, y, d)
	default: // c.op == opGe && v == 1, c.op == opLt && v == 0
		le(y, x, -d)
	}
	return mark
}

// solve runs Bellman-Ford from a virtual source joined to every variable
// by weight 0, and returns a solution with variable 0 at 0, or ok false
// when there is a negative cycle (no integer solution). It costs budget.
func (g *graph) solve(budget *int) (dist []int64, ok bool) {
	dist = g.dist[:0]
	for range g.n {
		dist = append(dist, 0)
	}
	g.dist = dist
	for range g.n + 1 {
		*budget -= len(g.edges)
		changed := false
		for _, e := range g.edges {
			if d := dist[e.from] + e.w; d < dist[e.to] {
				dist[e.to], changed = d, true
			}
		}
		if !changed {
			zero := dist[0]
			for i := range dist {
				dist[i] -= zero
			}
			return dist, true
		}
	}
	return nil, false
}

// consistent reports whether the decisions made have an integer solution.
func (s *search) consistent() bool {
	_, ok := s.dg.solve(&s.budget)
	return ok
}

// diffVar returns the difference variable of atom x (0 for the literal
// 0), an application's being keyed by its function and the values of its
// arguments, which are assigned before any decision over it. A variable
// not in the graph yet is added when add is set, else diffVar returns -1.
func (s *search) diffVar(x smt.Term, add bool) int {
	if x == 0 {
		return 0
	}
	g := s.dg
	app := s.t.nodes[x].op == opApply
	var b []byte
	var i int
	var ok bool
	if app {
		b = s.appBytes(x)
		i, ok = g.apps[string(b)]
	} else {
		i, ok = g.consts[x]
	}
	switch {
	case ok:
		return i
	case !add:
		return -1
	case app:
		g.apps[string(b)] = g.n
	default:
		g.consts[x] = g.n
	}
	g.n++
	return g.n - 1
}

// diffValues returns the integer values of the difference atoms whose
// variables the decisions constrain, in a solution of them.
func (s *search) diffValues() map[smt.Term]int64 {
	g := s.dg
	out := map[smt.Term]int64{}
	if g == nil {
		return out
	}
	budget := 1 << 62
	dist, ok := g.solve(&budget)
	if !ok {
		return out
	}
	for _, x := range s.diffTerms {
		if s.t.nodes[x].op == opApply && !s.argsKnown(x) {
			continue
		}
		if i := s.diffVar(x, false); i >= 0 {
			out[x] = dist[i]
		}
	}
	return out
}

// argsKnown reports whether every argument of the application x has a
// value.
func (s *search) argsKnown(x smt.Term) bool {
	s.epoch++
	for _, a := range s.t.nodes[x].args {
		if s.eval(a) == unknown {
			return false
		}
	}
	return true
}
