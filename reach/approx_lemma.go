package reach

import (
	"context"

	"github.com/cubew/cubew/translate"
)

// maxLemmas bounds the lemmas one node may add.
const maxLemmas = 8

// lemmaCubes are the lemmas that may close n (see doc.go,
// "Approximation", lemmas): for each idle process f of n, each numeric
// array A that n reads at another process's cell, and each anchor t of n
// (such a cell A[x] with x's own state literals, or the value of a read
// of a transition pinned by a write, with the events that pin it), the
// cubes of f's literals, t's and `A[f] < t`, `A[f] = t` or `t < A[f]`
// that are not known bad, at most maxVars variables.
func (e *engine) lemmaCubes(n *node, maxVars int) []*translate.Cube {
	c := n.cube
	reads := transitionReads(c)
	var out []*translate.Cube
	seen := map[string]bool{}
	add := func(lits []translate.Literal, keep translate.Set) {
		cand, ok := restrict(lits, c, keep)
		if !ok || cand.NVars > maxVars || seen[cand.Key()] || e.bad[cand.Key()] {
			return
		}
		seen[cand.Key()] = true
		out = append(out, cand)
	}
	for f := translate.Proc(1); int(f) <= c.NVars; f++ {
		own, ok := idleLits(c, f)
		if !ok {
			continue
		}
		for _, cell := range numericCells(c) {
			mine := translate.StateTerm(cell.Sym, f)
			anchor := func(t *translate.Term, lits []translate.Literal, keep translate.Set) {
				for _, l := range []translate.Literal{
					translate.NewLiteral(translate.Lt, mine, t),
					translate.NewLiteral(translate.Eq, mine, t),
					translate.NewLiteral(translate.Lt, t, mine),
				} {
					add(append(append(append([]translate.Literal(nil), own...), lits...), l), keep)
				}
			}
			if x := cell.Args[0]; x != f {
				if xs, ok := ownStateLits(c, x); ok {
					anchor(cell, xs, 0)
				}
			}
			for i, ev := range c.Events {
				if reads.Has(i) && ev.Loc != nil {
					if p := pins(c, i); p != translate.Of(i) {
						anchor(translate.ValTerm(ev.Loc, translate.EventProc(i)), nil, p)
					}
				}
			}
		}
	}
	return out
}

// idleLits returns the literals of c that mention process f when f
// performs none of c's events and is named only by state literals
// comparing its cells of finite types with constants (`PC[#3] = L3`):
// the literals of a process waiting somewhere whose numbers c does not
// constrain. False otherwise, or when there is no such literal.
func idleLits(c *translate.Cube, f translate.Proc) ([]translate.Literal, bool) {
	for _, ev := range c.Events {
		if ev.Proc == f {
			return nil, false
		}
		for _, q := range ev.Index {
			if q == f {
				return nil, false
			}
		}
	}
	var out []translate.Literal
	var buf []translate.Proc
	for _, l := range c.Lits {
		procs := l.Procs(buf[:0])
		mentions := false
		for _, q := range procs {
			mentions = mentions || q == f
		}
		if !mentions {
			continue
		}
		if !ownStateLit(l, f) {
			return nil, false
		}
		out = append(out, l)
	}
	return out, len(out) > 0
}

// ownStateLits returns the literals of c that compare cells of x of
// finite types with constants (`PC[#1] = L4`), false when there are none.
func ownStateLits(c *translate.Cube, x translate.Proc) ([]translate.Literal, bool) {
	var out []translate.Literal
	for _, l := range c.Lits {
		if ownStateLit(l, x) {
			out = append(out, l)
		}
	}
	return out, len(out) > 0
}

// ownStateLit reports whether l compares a non-numeric state cell of p
// (its only index) with a constant.
func ownStateLit(l translate.Literal, p translate.Proc) bool {
	cell, other := l.L, l.R
	if cell.Kind != translate.KState {
		cell, other = other, cell
	}
	return stateLiteral(l) && cell.Kind == translate.KState && len(cell.Args) == 1 && cell.Args[0] == p &&
		!numeric(cell) && other.Kind != translate.KState && other.Kind != translate.KProc
}

// numericCells returns the distinct numeric non-weak array cells indexed
// by one process variable that c's literals mention.
func numericCells(c *translate.Cube) []*translate.Term {
	var out []*translate.Term
	seen := map[*translate.Term]bool{}
	var visit func(t *translate.Term)
	visit = func(t *translate.Term) {
		if t.Kind == translate.KLin && t.Base != nil {
			visit(t.Base)
			return
		}
		if t.Kind == translate.KState && len(t.Args) == 1 && t.Args[0].IsVar() && numeric(t) && !t.Sym.Weak && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, l := range c.Lits {
		visit(l.L)
		visit(l.R)
	}
	return out
}

// lemmas returns the candidate lemmas (lemmaCubes) that the oracle never
// saw reached and that do not meet the initial states, as nodes not
// yet visited, and those visited before in this run: with the visited
// set they may cover n.
func (e *engine) lemmas(ctx context.Context, n *node) (fresh, known []*node, err error) {
	o := e.opts.Oracle
	if o == nil || e.noApprox || e.exactYet() {
		return nil, nil, nil
	}
	if e.static == nil {
		e.static = staticSymbols(e.sys)
	}
	for _, c := range e.lemmaCubes(n, o.MaxVars()) {
		if len(fresh) >= maxLemmas {
			break
		}
		if prev := e.cands[c.Key()]; prev != nil {
			known = append(known, prev)
			continue
		}
		if hasPassenger(c, e.static) || o.Reached(judgedAs(c)) {
			continue
		}
		cand, reached, err := e.candidateOf(ctx, n, c)
		if err != nil {
			return nil, nil, err
		}
		if reached {
			e.bad[c.Key()] = true
			continue
		}
		fresh = append(fresh, cand)
	}
	return fresh, known, nil
}

// closeWithLemmas visits, as roots, a few lemmas of n (lemmas) that with
// the visited set cover n, and reports whether it did: n is then
// covered. The lemmas kept are those the fixpoint query needs, found by
// dropping each in turn; like candidates they are proved as roots, and a
// refuted one restarts the search.
func (e *engine) closeWithLemmas(ctx context.Context, w *worker, n *node, pc *precheck, m *merge) (bool, error) {
	fresh, known, err := e.lemmas(ctx, n)
	if err != nil || len(fresh) == 0 {
		return false, err
	}
	base := append(pc.cands[:len(pc.cands):len(pc.cands)], w.candidates(n, m.fresh)...)
	coveredBy := func(lems []*node) (bool, error) {
		all := append(append([]*node(nil), lems...), known...)
		if w.includedInAny(n, all) {
			return true, nil
		}
		return w.covered(ctx, append(base[:len(base):len(base)], w.candidates(n, all)...), n)
	}
	ok, err := coveredBy(fresh)
	if err != nil || !ok {
		return false, err
	}
	for i := 0; i < len(fresh); {
		rest := append(append([]*node(nil), fresh[:i]...), fresh[i+1:]...)
		ok, err := coveredBy(rest)
		if err != nil {
			return false, err
		}
		if ok {
			fresh = rest
		} else {
			i++
		}
	}
	for _, lem := range fresh {
		e.cands[lem.cube.Key()] = lem
		e.deleteSubsumed(lem, nil)
		m.fresh = append(m.fresh, e.addVisited(lem)...)
		e.record(lem, Visited)
		e.stats.Nodes++
		e.stats.Candidates++
		e.stats.Lemmas++
		m.expand = append(m.expand, lem)
	}
	return true, nil
}
