package reach

import (
	"context"
	"errors"
	"math/big"
	"sort"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Oracle tells which cubes small instances of the system reach; package
// oracle builds one by forward exploration. Options.Oracle turns on the
// approximate search (BRAB) of this file.
type Oracle interface {
	// Reached reports whether some state of an explored instance satisfies
	// c's literals; true when unsure. It must be safe for concurrent use.
	Reached(c *translate.Cube) bool
	// MaxVars is the most process variables of a cube Reached can find
	// unreached.
	MaxVars() int
}

// DefaultMaxRestarts is the number of refuted candidates after which a
// search gives up approximating and starts over without an oracle.
const DefaultMaxRestarts = 8

// maxCandidateChecks bounds the candidates tried on one node.
const maxCandidateChecks = 256

// candidate is a cube that may replace a node, with the check (nil:
// none needed) that it loses none of the node's executions. approximate
// makes each kind of candidate only when the kinds before it gave none,
// and runs a check only on a candidate it is about to try: on
// ticket_spin_lock_N under pso, checking every pinned candidate of every
// node took 54 % of the search's CPU, most of them never tried.
type candidate struct {
	cube  *translate.Cube
	check func() bool
}

// errRestart ends a run whose candidate was refuted: the search starts
// over.
var errRestart = errors.New("reach: a candidate invariant was refuted")

// approximate returns a candidate to visit in place of n (see doc.go,
// "Approximation"), or nil: a more general cube made of a few of n's
// state literals that the oracle never saw reached, that is not known bad
// and that does not meet the initial states. The candidate is a root of
// the search graph: a node that descends from it and meets the initial
// states refutes it, never gives a counterexample. known reports that the
// first candidate that qualifies was visited before in this run: it
// includes n, which needs no visit (the search's inclusion does not
// always see it: a final read of nowCandidates stands for a read of n's
// step).
func (e *engine) approximate(ctx context.Context, n *node) (cand *node, known bool, err error) {
	o := e.opts.Oracle
	if o == nil || e.noApprox || e.exactYet() {
		return nil, false, nil
	}
	if e.static == nil {
		e.static = staticSymbols(e.sys)
	}
	maxVars := o.MaxVars()
	kinds := []struct {
		make   func() []candidate
		judged bool // the oracle judges them (as judgedAs says); procCandidates are guesses
	}{
		{func() []candidate { return candidates(n.cube, maxVars) }, true},
		{func() []candidate { return e.weakCandidates(n, maxVars) }, true},
		{func() []candidate { return e.lockedCandidates(n, maxVars) }, true},
		{func() []candidate { return e.nowCandidates(n, maxVars) }, true},
		{func() []candidate { return e.procCandidates(n, maxVars) }, false},
		{func() []candidate { return e.lockedFlagCandidates(n, maxVars) }, true},
	}
	tried := 0
	for _, kind := range kinds {
		for _, c := range kind.make() {
			if e.bad[c.cube.Key()] || hasPassenger(c.cube, e.static) || c.check != nil && !c.check() {
				continue
			}
			if tried++; tried > maxCandidateChecks {
				return nil, false, nil
			}
			if prev := e.cands[c.cube.Key()]; prev != nil {
				return prev, true, nil
			}
			if kind.judged && o.Reached(judgedAs(c.cube)) {
				continue
			}
			cand, reached, err := e.candidateOf(ctx, n, c.cube)
			if err != nil {
				return nil, false, err
			}
			if !reached {
				cand.judged = kind.judged
				e.cands[c.cube.Key()] = cand
				return cand, false, nil
			}
			e.bad[c.cube.Key()] = true
		}
	}
	return nil, false, nil
}

// preImagesPerExactNode is the work, in pre-images, that
// Options.ApproxAfter allows per node: the exact part of a search ends
// after ApproxAfter nodes or ApproxAfter*preImagesPerExactNode pre-images,
// whichever comes first. Most corpus models make 2 to 25 pre-images per node,
// and those decided exactly within 200 nodes at most 2,113 (chandy_misra);
// a model whose nodes each make a hundred (ricart_agrawala's four-process
// cubes and case updates over every cell) has paid for 200 ordinary nodes
// after about 45 of them.
const preImagesPerExactNode = 25

// exactYet reports whether the search is still in its exact part
// (Options.ApproxAfter): the first run, before ApproxAfter nodes and
// before the pre-images they may make (preImagesPerExactNode), or before
// Options.CheapApproxAfter's when the oracle is cheap (CheapOracle). The count
// of pre-images is taken between layers (they are adopted after a
// layer's merge), so the answer does not depend on the number of
// workers.
func (e *engine) exactYet() bool {
	return e.stats.Restarts == 0 && e.exactBefore(e.opts.ApproxAfter) &&
		(e.opts.CheapApproxAfter <= 0 || e.exactBefore(e.opts.CheapApproxAfter) || !cheapOracle(e.opts.Oracle))
}

// exactBefore reports whether the search is still within after exact
// nodes and the pre-images they may make (preImagesPerExactNode).
func (e *engine) exactBefore(after int) bool {
	return e.stats.Nodes < after && e.stats.Generated < after*preImagesPerExactNode
}

// refute records that candidate c reaches the initial states.
func (e *engine) refute(c *node) {
	e.bad[c.cube.Key()] = true
	e.stats.Refuted++
}

// root is the first node of n's path in the search graph: an unsafe cube,
// an invariant or a candidate.
func root(n *node) *node {
	for n.parent != nil {
		n = n.parent
	}
	return n
}

// candidates are the sub-cubes of c that may replace it, most general
// first (none needs a check): at most maxVars process variables and maxVars+1 literals (at
// least 2), over state literals only (no event, read or weak location)
// weakened from c's or related by its offsets (offsetRelations), each
// variable indexing some array cell, and more general than c.
func candidates(c *translate.Cube, maxVars int) []candidate {
	var lits []translate.Literal
	known := map[translate.Literal]bool{}
	keep := func(w translate.Literal) {
		if stateLiteral(w) && !known[w] {
			known[w] = true
			lits = append(lits, w)
		}
	}
	pos := positiveConsts(c)
	for _, l := range c.Lits {
		if w, ok := weaken(l); ok {
			keep(w)
		} else if w, ok := weakenPositive(l, pos); ok {
			keep(w)
		}
	}
	for _, w := range offsetRelations(c.Lits) {
		keep(w)
	}
	seen := map[string]bool{c.Key(): len(c.Events) == 0}
	return generalise(lits, maxVars, seen, func(_ []int, sub []translate.Literal) (*translate.Cube, func() bool) {
		if !indexedVars(sub) {
			return nil, nil
		}
		cand, ok := translate.NewCube(sub)
		if !ok {
			return nil, nil
		}
		return cand, nil
	})
}

// generalise returns the candidates build makes from the subsets of lits
// with at most max(2, maxVars+1) literals (build gets the subset's
// indexes into lits and its literals; a nil cube: none), smaller subsets
// first: those with at most maxVars variables whose key is not in seen
// yet (seen is updated), each with the check build gives it, which the
// caller runs (candidate); most general first.
func generalise(lits []translate.Literal, maxVars int, seen map[string]bool, build func(idx []int, sub []translate.Literal) (cand *translate.Cube, check func() bool)) []candidate {
	var out []candidate
	forSubsets(len(lits), max(2, maxVars+1), func(idx []int) {
		sub := make([]translate.Literal, len(idx))
		for i, k := range idx {
			sub[i] = lits[k]
		}
		cand, check := build(idx, sub)
		if cand == nil || cand.NVars > maxVars || seen[cand.Key()] {
			return
		}
		seen[cand.Key()] = true
		out = append(out, candidate{cand, check})
	})
	sortCandidates(out)
	return out
}

// sortCandidates orders cs most general first (moreGeneral), keeping the
// order of equally general ones: the order of the candidates a check
// keeps does not depend on when the checks run.
func sortCandidates(cs []candidate) {
	sort.SliceStable(cs, func(i, j int) bool { return moreGeneral(cs[i].cube, cs[j].cube) })
}

// moreGeneral orders candidates: fewer variables, fewer literals, more
// disequalities, fewer relations between counters (scalarRelation),
// fewer array cells.
func moreGeneral(a, b *translate.Cube) bool {
	if a.NVars != b.NVars {
		return a.NVars < b.NVars
	}
	if len(a.Lits) != len(b.Lits) {
		return len(a.Lits) < len(b.Lits)
	}
	if na, nb := countLits(a, isDiseq), countLits(b, isDiseq); na != nb {
		return na > nb
	}
	if na, nb := countLits(a, scalarRelation), countLits(b, scalarRelation); na != nb {
		return na < nb
	}
	return countLits(a, hasCell) < countLits(b, hasCell)
}

func countLits(c *translate.Cube, f func(translate.Literal) bool) int {
	k := 0
	for _, l := range c.Lits {
		if f(l) {
			k++
		}
	}
	return k
}

func isDiseq(l translate.Literal) bool { return l.Op == translate.Ne }

func hasCell(l translate.Literal) bool { return cellTerm(l.L) || cellTerm(l.R) }

func cellTerm(t *translate.Term) bool {
	if t.Kind == translate.KLin && t.Base != nil {
		t = t.Base
	}
	return t.Kind == translate.KState && len(t.Args) > 0
}

// weaken returns the literal of l that a candidate may contain, false
// when none: a literal between numeric terms with offsets (`a = b + k`,
// `a < b + k`, b possibly absent: a number) becomes the relation of its
// bases it implies, as Cubicle weakens `t = k` to the sign of t: `a = b +
// k` gives `b < a` for k > 0 and `a < b` for k < 0, `a < b + k` and `a <=
// b + k` give `a < b` for k < 0 (and themselves for k = 0), `a < b + 1`
// over integers gives `a <= b` (the same order: on ticket_spin_lock_N
// under TSO, `val(e4) < R[#2] + 1`, #2's later compare-and-swap reading
// at most its ticket while it waits, which nothing else weakens), and
// an offset disequality or another bound above the base gives nothing. A bound or
// a disequality with a number (`t < 3`) is kept as it is. A candidate
// then covers every value of a growing counter at once (`Serving + 2 =
// Ticket[#1]` gives `Serving < Ticket[#1]`). Other literals are kept.
func weaken(l translate.Literal) (translate.Literal, bool) {
	if l.L.Kind != translate.KLin && l.R.Kind != translate.KLin {
		return l, true
	}
	a, ka, okA := linParts(l.L)
	b, kb, okB := linParts(l.R)
	if !okA || !okB || a.Kind == translate.KLin && b.Kind == translate.KLin {
		return l, false // symbolic constants, or two numbers
	}
	if l.Op != translate.Eq && (a.Kind == translate.KLin || b.Kind == translate.KLin) {
		return l, true // a bound or disequality with a number: as it is
	}
	d := new(big.Rat).Sub(kb, ka) // l says a ⋈ b + d
	if l.Op == translate.Eq {
		return relation(a, b, d), true
	}
	switch sign := d.Sign(); {
	case sign == 0:
		return translate.NewLiteral(l.Op, a, b), true
	case l.Op != translate.Ne && sign < 0:
		return translate.NewLiteral(translate.Lt, a, b), true
	case l.Op == translate.Lt && d.Cmp(big.NewRat(1, 1)) == 0 && integral(a) && integral(b):
		return translate.NewLiteral(translate.Le, a, b), true
	}
	return l, false
}

// linParts splits a numeric term into its state term (a zero number when
// it has none) and its numeric offset; false when the offset names
// symbolic constants.
func linParts(t *translate.Term) (*translate.Term, *big.Rat, bool) {
	base, off := offsetParts(t)
	if len(off.Consts) > 0 {
		return nil, nil, false
	}
	k := new(big.Rat)
	if off.K != nil {
		k.Set(off.K)
	}
	return base, k, true
}

// stateLiteral reports whether l speaks of non-weak state only (no read,
// no event value, no weak location, no value of an abstract type, which
// the oracle only samples) without shifted numbers.
func stateLiteral(l translate.Literal) bool { return stateTerm(l.L) && stateTerm(l.R) }

func stateTerm(t *translate.Term) bool {
	switch t.Kind {
	case translate.KRead, translate.KVal:
		return false
	case translate.KLin:
		// weaken removed the offsets it could; a shifted counter left
		// (`R[#1] + 1 < 3`) is a literal of one unrolled loop: a
		// candidate over it generalises nothing.
		return t.Base == nil || (t.Off.K == nil || t.Off.K.Sign() == 0) && len(t.Off.Consts) == 0 && stateTerm(t.Base)
	case translate.KState:
		return !t.Sym.Weak && t.Sym.Type.Kind != syntax.TAbstract
	}
	return true
}

// indexedVars reports whether every variable of lits indexes an array
// cell in some literal or is one of readers, the processes and cells of
// a candidate's reads (a variable that only appears bare, as in `Owner =
// #1`, says too little to be worth a candidate).
func indexedVars(lits []translate.Literal, readers ...translate.Proc) bool {
	bare, indexed := map[translate.Proc]bool{}, map[translate.Proc]bool{}
	for _, p := range readers {
		indexed[p] = true
	}
	for _, l := range lits {
		for _, t := range []*translate.Term{l.L, l.R} {
			if t.Kind == translate.KLin && t.Base != nil {
				t = t.Base
			}
			switch t.Kind {
			case translate.KProc:
				if t.P.IsVar() {
					bare[t.P] = true
				}
			case translate.KState:
				for _, a := range t.Args {
					indexed[a] = true
				}
			}
		}
	}
	for p := range bare {
		if !indexed[p] {
			return false
		}
	}
	return true
}

// forSubsets calls fn on every subset of 0..n-1 with 1..k elements, in
// increasing order of size (fn must not keep idx).
func forSubsets(n, k int, fn func(idx []int)) {
	idx := make([]int, 0, k)
	var rec func(from, size int)
	rec = func(from, size int) {
		if len(idx) == size {
			fn(idx)
			return
		}
		for i := from; i < n; i++ {
			idx = append(idx, i)
			rec(i+1, size)
			idx = idx[:len(idx)-1]
		}
	}
	for size := 1; size <= min(k, n); size++ {
		rec(0, size)
	}
}

// runRestarting runs the search until no candidate is refuted; past
// Options.MaxRestarts refutations it runs once more without
// approximation.
func (e *engine) runRestarting(ctx context.Context) (*Result, error) {
	maxRestarts := e.opts.MaxRestarts
	if maxRestarts <= 0 {
		maxRestarts = DefaultMaxRestarts
	}
	for {
		res, err := e.run(ctx)
		if !errors.Is(err, errRestart) {
			return res, err
		}
		e.stats.Restarts++
		if e.stats.Restarts >= maxRestarts {
			e.noApprox = true
		}
		e.growOracle()
	}
}

// inferred lists the candidates of the visited set that were not
// deleted, in visit order.
func (e *engine) inferred() []*translate.Cube {
	var out []*translate.Cube
	for _, n := range e.index.nodes {
		if n.approx && !n.deleted {
			out = append(out, n.cube)
		}
	}
	return out
}

// candidateOf makes the candidate cube c, in place of node n, a node of
// its own (approximate, at n's depth, for n's property) and reports
// whether it meets the initial states.
func (e *engine) candidateOf(ctx context.Context, n *node, c *translate.Cube) (*node, bool, error) {
	cand := e.newNode(c)
	cand.approx, cand.depth, cand.prop = true, n.depth, n.prop
	reached, err := e.meetsInit(ctx, cand)
	return cand, reached, err
}

// integral reports whether t is an integer state term or the value of a
// read of an integer location.
func integral(t *translate.Term) bool {
	return (t.Kind == translate.KState || t.Kind == translate.KVal) && t.Sym.Type.Kind == syntax.TInt
}
