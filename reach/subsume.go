package reach

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// covered reports whether n is subsumed by the visited nodes: whether n
// implies the disjunction of Vσ over visited cubes V and injective
// renamings σ of V's variables into n's. Cheapest first: a syntactic
// inclusion Vσ ⊆ n proves it without the solver; renamings under which Vσ
// clashes with n are dropped; when a plain model of n falsifies all the
// others, n is not covered (canonicalRefutes); else the solver decides (an
// unsatisfiable n is covered too).
func (w *worker) covered(ctx context.Context, cands [][]translate.Literal, n *node) (bool, error) {
	start := time.Now()
	defer func() { w.subsume += time.Since(start) }()
	if len(cands) == 0 && w.e.triviallySat(n.cube) || w.e.canonicalRefutes(n.facts(), cands) {
		return false, nil
	}
	return w.solverCovers(ctx, cands, n)
}

// solverCovers asks the solver whether n implies the disjunction of the
// candidates.
func (w *worker) solverCovers(ctx context.Context, cands [][]translate.Literal, n *node) (bool, error) {
	w.low.reset()
	s := w.s
	s.Push()
	defer s.Pop(1)
	for _, t := range w.low.cube(n.cube) {
		s.Assert(t)
	}
	for _, c := range w.pruner.prune(cands) {
		lits := make([]smt.Term, len(c))
		for i, l := range c {
			lits[i] = w.low.literal(l)
		}
		s.Assert(s.Not(s.And(lits...)))
	}
	for _, t := range w.low.domainFacts() {
		s.Assert(t)
	}
	r, err := s.Check(ctx)
	if err != nil {
		return false, err
	}
	return r == smt.Unsat, nil
}

// pruner drops the candidates that add nothing to the fixpoint query:
// those whose open literals include all the literals of another one kept
// (¬a implies ¬(a ∧ b)), duplicates among them. Shorter candidates are
// kept first; the kept ones stay in their order. On German's exact
// search (2,177 nodes) it keeps 32,951 of 172,142 (dropping duplicates and
// the candidates containing a single-literal one only: about 62,000).
// Its buffers serve the next call (one pruner per worker).
type pruner struct {
	ids     [][]uint64 // per candidate, its distinct literal IDs, sorted
	arena   []uint64   // backs ids
	order   []int
	holding map[uint64]int32 // literal ID -> its list in lists
	// lists[k]: the kept candidates (numbered in size) with a literal.
	lists [][]int32
	// size[k]: the literals of kept candidate k; hits[k]: how many of
	// them the candidate at hand has; touched: the k with hits > 0.
	size, hits, touched []int32
	keep                []bool
	out                 [][]translate.Literal
}

// prune returns the candidates of cands to keep, in a slice valid until
// the next call.
func (p *pruner) prune(cands [][]translate.Literal) [][]translate.Literal {
	p.ids, p.order = resize(p.ids, len(cands)), resize(p.order, len(cands))
	total := 0
	for _, c := range cands {
		total += len(c)
	}
	p.arena = slices.Grow(p.arena[:0], total) // never moves below
	for i, c := range cands {
		start := len(p.arena)
		p.arena = literalIDs(p.arena, c)
		p.ids[i], p.order[i] = p.arena[start:len(p.arena):len(p.arena)], i
	}
	slices.SortStableFunc(p.order, func(a, b int) int { return len(p.ids[a]) - len(p.ids[b]) })
	if p.holding == nil {
		p.holding = map[uint64]int32{}
	}
	clear(p.holding)
	p.lists, p.size, p.hits = p.lists[:0], p.size[:0], p.hits[:0]
	p.keep = resize(p.keep, len(cands))
	clear(p.keep)
	for _, i := range p.order {
		redundant := false
		for _, id := range p.ids[i] {
			l, ok := p.holding[id]
			if !ok {
				continue
			}
			for _, k := range p.lists[l] {
				if p.hits[k] == 0 {
					p.touched = append(p.touched, k)
				}
				p.hits[k]++
				redundant = redundant || p.hits[k] == p.size[k]
			}
		}
		for _, k := range p.touched {
			p.hits[k] = 0
		}
		p.touched = p.touched[:0]
		if redundant {
			continue
		}
		p.keep[i] = true
		for _, id := range p.ids[i] {
			l, ok := p.holding[id]
			if !ok {
				l = int32(len(p.lists))
				p.holding[id] = l
				if len(p.lists) < cap(p.lists) {
					p.lists = p.lists[:l+1]
					p.lists[l] = p.lists[l][:0]
				} else {
					p.lists = append(p.lists, nil)
				}
			}
			p.lists[l] = append(p.lists[l], int32(len(p.size)))
		}
		p.size, p.hits = append(p.size, int32(len(p.ids[i]))), append(p.hits, 0)
	}
	p.out = p.out[:0]
	for i, c := range cands {
		if p.keep[i] {
			p.out = append(p.out, c)
		}
	}
	return p.out
}

// literalIDs appends to dst the distinct IDs of lits, sorted.
func literalIDs(dst []uint64, lits []translate.Literal) []uint64 {
	start := len(dst)
	for _, l := range lits {
		dst = append(dst, l.ID())
	}
	slices.Sort(dst[start:])
	return dst[:start+len(slices.Compact(dst[start:]))]
}

// includedIn reports whether some node of the visited set's snapshot
// includes n syntactically (then n is covered without the solver);
// otherwise it returns the renamed visited cubes that do not clash with
// n, the candidates of the solver's fixpoint check.
func (w *worker) includedIn(n *node) (bool, [][]translate.Literal) {
	start := time.Now()
	defer func() { w.subsume += time.Since(start) }()
	gf := &w.gf
	gf.reset()
	// Inclusion first, without collecting candidates.
	if w.e.index.includes(w.nodeMatcher(n), gf, n.cube.NVars) {
		return true, nil
	}
	m := w.nodeMatcher(n)
	w.e.index.candidates(m, gf, n.cube.NVars)
	return false, m.cands
}

// includedInFresh is includedIn for the nodes visited since the snapshot.
func (w *worker) includedInFresh(n *node, fresh []*node) (bool, [][]translate.Literal) {
	if w.includedInAny(n, fresh) {
		return true, nil
	}
	start := time.Now()
	defer func() { w.subsume += time.Since(start) }()
	return false, w.candidates(n, fresh)
}

// includedInAny reports whether a live node of nodes includes n
// syntactically.
func (w *worker) includedInAny(n *node, nodes []*node) bool {
	start := time.Now()
	defer func() { w.subsume += time.Since(start) }()
	inc := w.nodeMatcher(n)
	for _, v := range nodes {
		if !v.deleted && v.cube.NVars <= n.cube.NVars && inc.includes(v.pattern()) {
			return true
		}
	}
	return false
}

// candidates returns the renamings of the live nodes among visited that
// do not clash with n.
func (w *worker) candidates(n *node, visited []*node) [][]translate.Literal {
	m := w.nodeMatcher(n)
	for _, v := range visited {
		if !v.deleted && v.cube.NVars <= n.cube.NVars {
			m.match(v.pattern())
		}
	}
	return m.cands
}

// triviallySat reports whether a cube is satisfiable without asking the
// solver: every literal compares a variable, cell or read value with a
// value by = or <> (Simplify has ruled out the clashes between them), no
// cell is indexed by a process constant (which could alias a variable),
// process variables pinned to constants are pinned to different ones,
// and under number_procs no process-valued term excludes every process.
func (e *engine) triviallySat(c *translate.Cube) bool {
	pinned := map[translate.Proc]bool{}
	excluded := map[*translate.Term]int{}
	for _, l := range c.Lits {
		if l.Op != translate.Eq && l.Op != translate.Ne || !valueLike(l.R) {
			return false
		}
		switch l.L.Kind {
		case translate.KProc: // a variable equal to a constant
			if !l.L.P.IsVar() || !l.R.IsValue() || l.Op != translate.Eq || pinned[l.R.P] {
				return false
			}
			pinned[l.R.P] = true
		case translate.KState, translate.KVal:
			for _, a := range l.L.Args {
				if a.IsConst() {
					return false
				}
			}
			if l.L.Sym.Type.Kind == syntax.TProc && e.sys.NumProcs > 0 && l.Op == translate.Ne {
				if excluded[l.L]++; excluded[l.L] >= e.sys.NumProcs {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// facts indexes a cube for syntactic questions about literals.
type facts struct {
	c      *translate.Cube
	keys   []uint64 // literal IDs, sorted
	shapes []uint64 // shape hashes of the literals, sorted
	// eqVal holds the literals term = value-like term, in the cube's order
	// (the last one of a term is its value).
	eqVal []termValue
	// shapeSig is the shapeBit of each literal's shape.
	shapeSig uint64
	ev       evHave
	unsat    translate.Set // the cube's unsatisfied reads (unsatReads)
}

// termValue is a literal t = v of a cube, v value-like and t not.
type termValue struct{ t, v *translate.Term }

func newFacts(c *translate.Cube) *facts {
	ids := make([]uint64, 2*len(c.Lits)) // one allocation for keys and shapes
	f := &facts{c: c, keys: ids[:len(c.Lits)], shapes: ids[len(c.Lits):], eqVal: make([]termValue, 0, len(c.Lits))}
	f.ev = newEvHave(c)
	if len(c.Events) > 0 {
		f.unsat = unsatReads(c.Lits, c.Events)
	}
	for i, l := range c.Lits {
		h := l.ShapeHash()
		f.shapes[i] = h
		f.shapeSig |= shapeBit(h)
		f.keys[i] = l.ID()
		if l.Op == translate.Eq && valueLike(l.R) && !valueLike(l.L) {
			f.eqVal = append(f.eqVal, termValue{l.L, l.R})
		}
	}
	slices.Sort(f.keys)
	slices.Sort(f.shapes)
	return f
}

// hasKey reports whether the cube has the literal of ID id.
func (f *facts) hasKey(id uint64) bool {
	_, found := slices.BinarySearch(f.keys, id)
	return found
}

// valueOf returns the value-like term the cube equates t with, if any.
func (f *facts) valueOf(t *translate.Term) (*translate.Term, bool) {
	for i := len(f.eqVal) - 1; i >= 0; i-- {
		if f.eqVal[i].t == t {
			return f.eqVal[i].v, true
		}
	}
	return nil, false
}

func valueLike(t *translate.Term) bool {
	return t.IsValue() || t.Kind == translate.KProc && t.P.IsVar()
}

// status tells how a literal relates to the indexed cube.
type status int8

const (
	open     status = iota // neither implied nor contradicted syntactically
	implied                // the cube contains or implies it
	clashing               // the cube contradicts it
)

func (f *facts) status(l translate.Literal) status {
	switch l.Eval() {
	case translate.True:
		return implied
	case translate.False:
		return clashing
	}
	if f.hasKey(l.ID()) {
		return implied
	}
	if f.hasKey(l.Negate().ID()) {
		return clashing
	}
	if valueLike(l.R) && !valueLike(l.L) {
		if v, ok := f.valueOf(l.L); ok {
			same := translate.NewLiteral(translate.Eq, v, l.R).Eval()
			switch {
			case l.Op == translate.Eq && same == translate.False:
				return clashing
			case l.Op == translate.Ne && same == translate.True:
				return clashing
			case l.Op == translate.Ne && same == translate.False:
				return implied
			}
		}
	}
	return open
}

// matcher enumerates the injective renamings σ of a visited cube's
// variables into the indexed cube's, pruning those under which a literal
// clashes. Its buffers are reused from one visited cube to the next.
type matcher struct {
	f     *facts
	pat   *pattern
	sigma []translate.Proc // V's variable -> the indexed cube's
	used  []bool
	mu    []int // V's event -> the indexed cube's
	// evNeed holds, per variable of V, the event bits its image must have.
	evNeed []evBits
	evBit  []int32 // scratch of evHave.fits
	// images holds, per variable of V, the bit mask of the variables it
	// may map to (see narrowImages).
	images []uint64
	usedEv []bool
	cur    []translate.Literal // the renamed literals not implied by the cube
	cands  [][]translate.Literal
	// candLits backs the candidates of cands, which never change: a slab
	// whose spare capacity later candidates (after a reset too) fill, and
	// which is replaced, never grown, once full.
	candLits []translate.Literal
	rename   func(translate.Proc) translate.Proc
	// noCands stops at the first clash or open literal: only inclusion
	// matters.
	noCands bool
	// fenceEarlier allows the relaxation of fenceEarlier: when writes may
	// be reordered (PSO), the only searches whose SAFE answers get no
	// certificate. A certificate (package certify) states ghb-equality as
	// equal times, where a fence before the class is not one at its time,
	// so with writes in program order the matcher keeps to inclusions that
	// hold in that encoding.
	fenceEarlier bool
	memo         *matchMemo // renamed literals and unary images, maybe shared
	ownMemo      matchMemo  // the memo of a matcher that shares no one else's
	// budget counts down the variable and event images this matcher may
	// still try (shared by the matchers of one popped node). At zero, or
	// once the run's context is done (polled), the matcher gives up: no
	// inclusion, and only the candidates found so far. Both are sound
	// (less is covered), and bound the time and the memory (memo, cands)
	// of the subsumption checks of one node.
	budget *int
	own    int // the budget of a matcher that draws on no one else's
	poll   limit.Poll
	gaveUp bool
}

// matchBudget bounds the images the matchers of one popped node try
// (and one pre-image's matcher): renamings of cubes with many variables
// are factorially many.
const matchBudget = 1 << 20

// tired counts one step and reports whether the matcher has given up.
func (m *matcher) tired() bool {
	if !m.gaveUp {
		*m.budget--
		m.gaveUp = *m.budget < 0 || m.poll.Stopped()
	}
	return m.gaveUp
}

// matchMemo memoizes what the matchers of one indexed cube learn about
// its literals: renamed literals and their status (see renamed), and the
// images allowed by unary literals (see unaryImages). Both depend only on
// the indexed cube, so the matchers of a popped node's checks (inclusion,
// candidates, against the snapshot and in the merge) share one.
type matchMemo struct {
	renamed   map[renKey]renamedLit // literals with two or three variables
	unaryMemo                       // literals with one
}

// nodeMatcher returns a matcher of w for popped node n, drawing on
// w.budget and sharing n's memo, which visit releases once n is merged.
// It is w's one matcher, reset: a caller is done with the last one (but
// for its candidates, which stay) when it asks for the next.
func (w *worker) nodeMatcher(n *node) *matcher {
	if w.m == nil {
		w.m = w.e.newMatcher(n.facts(), &w.budget)
	} else {
		w.m.reset(n.facts())
		w.m.poll.Ctx = w.e.ctx
	}
	if n.memo == nil {
		n.memo = memoPool.Get().(*matchMemo)
	}
	w.m.memo = n.memo
	return w.m
}

// memoPool holds the memos of merged nodes, cleared, for the next nodes'
// matchers: their maps and slabs keep their storage.
var memoPool = sync.Pool{New: func() any { return new(matchMemo) }}

// releaseMemo returns n's memo to memoPool once n is merged.
func (n *node) releaseMemo() {
	if n.memo != nil {
		n.memo.clear()
		memoPool.Put(n.memo)
		n.memo = nil
	}
}

// newMatcher is newMatcher polling the search's context and drawing on
// budget, which the caller sets to matchBudget.
func (e *engine) newMatcher(f *facts, budget *int) *matcher {
	m := newMatcher(f)
	m.poll.Ctx, m.budget = e.ctx, budget
	m.fenceEarlier = !e.opts.ExactFences && e.opts.Model != nil && !memmodel.WritesInProgramOrder(e.opts.Model)
	return m
}

func newMatcher(f *facts) *matcher {
	m := &matcher{own: matchBudget}
	m.budget, m.memo = &m.own, &m.ownMemo
	m.rename = func(p translate.Proc) translate.Proc {
		switch {
		case p.IsVar():
			return m.sigma[p]
		case p.IsEvent():
			return translate.EventProc(m.mu[p-translate.EventBase])
		}
		return p
	}
	m.reset(f)
	return m
}

// reset readies m for indexed cube f, as new but for its budget, poll,
// memo and buffers: no candidates, inclusion and candidates both sought.
// A matcher that owns its memo starts a new one.
func (m *matcher) reset(f *facts) {
	m.f, m.pat = f, nil
	m.sigma = resize(m.sigma, f.c.NVars+1)
	m.used = resize(m.used, f.c.NVars+1)
	m.usedEv = resize(m.usedEv, len(f.c.Events))
	clear(m.used)
	clear(m.usedEv)
	m.cur, m.cands = m.cur[:0], nil
	m.noCands, m.gaveUp = false, false
	if m.memo == &m.ownMemo {
		m.ownMemo.clear()
	}
}

// clear empties the memo, keeping its storage.
func (mm *matchMemo) clear() {
	clear(mm.renamed)
	mm.index.clear()
	mm.images, mm.lits = mm.images[:0], mm.lits[:0]
}

// match reports whether some renaming of V's variables and events includes
// its literals and events syntactically in the indexed cube; otherwise it
// adds the surviving renamed literals to m.cands, the candidates for the
// solver.
func (m *matcher) match(p *pattern) bool {
	if len(p.cube.Events) > len(m.f.c.Events) || p.ev.sig&^m.f.ev.sig != 0 {
		return false
	}
	m.evNeed, m.evBit = resize(m.evNeed, len(p.ev.varDescs)), resize(m.evBit, len(p.ev.descs))
	return m.f.ev.fits(&p.ev, m.evNeed, m.evBit) && m.matchFitting(p)
}

// matchFitting is match once the indexed cube is known to have the events
// p needs, m.evNeed holding the event bits of p's variables' images.
func (m *matcher) matchFitting(p *pattern) bool {
	var ok bool
	m.cur, ok = m.openLits(m.cur[:0], p.groups[0])
	return ok && m.matchVars(p)
}

// openLits appends to cur the literals of lits (without variables) that
// are open in the indexed cube, and reports false when one clashes or,
// when only inclusion matters, is open.
func (m *matcher) openLits(cur, lits []translate.Literal) ([]translate.Literal, bool) {
	for _, l := range lits {
		switch m.f.status(l) {
		case clashing:
			return cur, false
		case open:
			if m.noCands {
				return cur, false
			}
			cur = append(cur, l)
		}
	}
	return cur, true
}

// matchVars is matchFitting once the literals without variables are
// checked, m.cur holding the open ones.
func (m *matcher) matchVars(p *pattern) bool {
	m.pat = p
	if !m.narrowImages() {
		return false
	}
	m.mu = resize(m.mu, len(p.cube.Events))
	return m.extend(1)
}

// check renames literals and appends the open ones to cur; it reports
// false when one clashes or too many are open. vars, when given, are the
// literals' variables (their renamings are memoized).
func (m *matcher) check(lits []translate.Literal, vars []litVars) bool {
	for i, l := range lits {
		var r translate.Literal
		var st status
		if vars != nil {
			r, st = m.renamed(l, vars[i])
		} else {
			r = l.Rename(m.rename)
			st = m.f.status(r)
		}
		switch st {
		case clashing:
			return false
		case open:
			if m.noCands {
				return false
			}
			m.cur = append(m.cur, r)
		}
	}
	return true
}

// litVars are the variables of a pattern literal without events (n < 0:
// more than three).
type litVars struct {
	v [3]translate.Proc
	n int8
}

// renKey identifies a renamed literal: the literal and the images of its
// variables.
type renKey struct {
	id      uint64
	a, b, c translate.Proc
}

// renamedLit is a renamed literal and its status in the indexed cube.
type renamedLit struct {
	lit translate.Literal
	st  status
}

// renamed returns l renamed by the current renaming and its status,
// memoized: many visited cubes share literals, and renaming interns terms.
func (m *matcher) renamed(l translate.Literal, lv litVars) (translate.Literal, status) {
	if lv.n < 0 {
		r := l.Rename(m.rename)
		return r, m.f.status(r)
	}
	if lv.n == 1 {
		r := m.unaryRenamed(l, lv.v[0])
		return r.lit, r.st
	}
	k := renKey{id: l.ID()}
	img := [3]*translate.Proc{&k.a, &k.b, &k.c}
	for i := 0; i < int(lv.n); i++ {
		*img[i] = m.sigma[lv.v[i]]
	}
	if r, ok := m.memo.renamed[k]; ok {
		return r.lit, r.st
	}
	if m.memo.renamed == nil {
		m.memo.renamed = map[renKey]renamedLit{}
	}
	r := l.Rename(m.rename)
	st := m.f.status(r)
	m.memo.renamed[k] = renamedLit{r, st}
	return r, st
}

// extend maps V's variable i onward, then its events.
func (m *matcher) extend(i int) bool {
	if i == len(m.pat.groups) {
		return m.extendEvent(0)
	}
	for y := 1; y <= m.f.c.NVars; y++ {
		if m.tired() {
			return false
		}
		if m.used[y] || !m.canMap(i, y) {
			continue
		}
		m.used[y], m.sigma[i] = true, translate.Proc(y)
		mark := len(m.cur)
		found := m.check(m.pat.groups[i], m.pat.groupVars[i]) && m.extend(i+1)
		m.cur = m.cur[:mark]
		m.used[y] = false
		if found {
			return true
		}
	}
	return false
}

// extendEvent maps V's event k onward to events of the indexed cube with
// the same description whose relation preserves V's, then checks the
// literals about event values.
func (m *matcher) extendEvent(k int) bool {
	v := m.pat.cube
	if k == len(v.Events) {
		mark := len(m.cur)
		found := false
		switch {
		case !m.check(m.pat.evLits, nil), !sourcesAgree(v, m.f.c, m.mu), !unsatAgree(m.pat.unsat, m.f.unsat, m.mu):
		case len(m.cur) == 0:
			found = true // every literal implied: syntactic inclusion
		default:
			m.cands = append(m.cands, m.keepCandidate())
		}
		m.cur = m.cur[:mark]
		return found
	}
	ev := v.Events[k]
	n := m.f.c
	for j, f := range n.Events {
		if m.tired() {
			return false
		}
		if m.usedEv[j] || !m.sameEvent(ev, f) {
			continue
		}
		consistent := true
		for a := 0; a < k && consistent; a++ {
			b := m.mu[a]
			consistent = (!v.Rel.Lt(a, k) || n.Rel.Lt(b, j)) && (!v.Rel.Lt(k, a) || n.Rel.Lt(j, b)) &&
				(!v.Rel.Eq(a, k) || n.Rel.Eq(b, j) || m.fenceEarlier && fenceEarlier(v, n, a, k, b, j))
		}
		if !consistent {
			continue
		}
		m.usedEv[j], m.mu[k] = true, j
		found := m.extendEvent(k + 1)
		m.usedEv[j] = false
		if found {
			return true
		}
	}
	return false
}

// candSlab is the number of literals of a new slab of matcher.candLits.
const candSlab = 1024

// keepCandidate copies m.cur into the spare capacity of m.candLits, or a
// new slab when it does not fit, and returns the copy, capped so that no
// later append reaches into it.
func (m *matcher) keepCandidate() []translate.Literal {
	if cap(m.candLits)-len(m.candLits) < len(m.cur) {
		m.candLits = make([]translate.Literal, 0, max(candSlab, len(m.cur)))
	}
	start := len(m.candLits)
	m.candLits = append(m.candLits, m.cur...)
	return m.candLits[start:len(m.candLits):len(m.candLits)]
}

// fenceEarlier reports whether V's events a and k, ghb-equal, are a fence
// and another event of its transition whose images b and j in N have the
// fence's image ghb-before the other's. A fence matters to the future
// only through the edges it receives (from its process's new events, by
// program order and fences): no rule of the pre-image (weak.go,
// readsfrom.go) or of the initial states (safety.go) adds an edge that
// leaves an old fence. In V every event after the fence's class is after
// the fence, so moving the fence before its class (keeping the edges into
// it) changes neither what the new events reach through it nor any other
// event's edges: V closes the same future ghb cycles as the cube where the
// fence is before its class. N, whose fence is before the image of the
// class member and, by the other checks, after the images of V's events
// before the fence and before the images of those after it, is included
// in that cube. The case: a fenced read after a later fence of its
// process, whose own fence event collection dropped once the later
// (earlier in time) fence became the entry point. Used only when writes
// may be reordered (matcher.fenceEarlier says why).
func fenceEarlier(v, n *translate.Cube, a, k, b, j int) bool {
	switch {
	case v.Events[a].Kind == translate.Fence:
		return n.Rel.Lt(b, j)
	case v.Events[k].Kind == translate.Fence:
		return n.Rel.Lt(j, b)
	}
	return false
}

// sameEvent reports whether a cube event f can stand for a visited cube's
// event e under the current renaming: same kind, process and location,
// and final if e is final (a final read constrains the future more than
// an ordinary one).
func (m *matcher) sameEvent(e, f translate.Event) bool {
	if e.Kind != f.Kind || m.rename(e.Proc) != f.Proc || e.Final && !f.Final || e.Sourced && !f.Sourced || e.Loc != f.Loc {
		return false
	}
	for i, p := range e.Index {
		if m.rename(p) != f.Index[i] {
			return false
		}
	}
	return true
}

// pattern is a visited cube prepared for matching: literals without
// events grouped by the highest variable they mention (group 0: none),
// and the literals about event values.
type pattern struct {
	cube      *translate.Cube
	groups    [][]translate.Literal
	groupVars [][]litVars  // the variables of each group's literals
	unary     [][]unaryLit // per variable, the literals about it alone
	evLits    []translate.Literal
	unsat     translate.Set // the unsatisfied reads of cube (unsatReads)
	ev        evNeed
	// shapes are the distinct shapes of the literals other than
	// disequalities (shaped literals).
	shapes   []uint64
	shapeSig uint64 // the shapeBit of each shape of shapes
}

// pattern returns the node's pattern, computed once.
func (n *node) pattern() *pattern {
	if n.pat != nil {
		return n.pat
	}
	p := &pattern{cube: n.cube, groups: make([][]translate.Literal, n.cube.NVars+1), groupVars: make([][]litVars, n.cube.NVars+1),
		unary: make([][]unaryLit, n.cube.NVars+1)}
	p.ev = newEvNeed(n.cube)
	if len(n.cube.Events) > 0 {
		p.unsat = unsatReads(n.cube.Lits, n.cube.Events)
	}
	for _, l := range n.cube.Lits {
		if l.Op != translate.Ne {
			p.addShape(l.ShapeHash())
		}
	}
	var buf []translate.Proc
	for _, l := range n.cube.Lits {
		buf = l.Procs(buf[:0])
		hi, events := 0, false
		var lv litVars
		for _, q := range buf {
			if q.IsVar() {
				hi = max(hi, int(q))
				lv.add(q)
			}
			events = events || q.IsEvent()
		}
		if events {
			p.evLits = append(p.evLits, l)
		} else {
			p.groups[hi] = append(p.groups[hi], l)
			p.groupVars[hi] = append(p.groupVars[hi], lv)
			if lv.n == 1 {
				p.unary[hi] = append(p.unary[hi], newUnaryLit(l, lv.v[0]))
			}
		}
	}
	n.pat = p
	return p
}

// add records variable q (once); past three, n becomes -1.
func (lv *litVars) add(q translate.Proc) {
	if lv.n < 0 {
		return
	}
	for _, v := range lv.v[:lv.n] {
		if v == q {
			return
		}
	}
	if lv.n == 3 {
		lv.n = -1
		return
	}
	lv.v[lv.n] = q
	lv.n++
}

// addShape records the shape of a shaped literal.
func (p *pattern) addShape(h uint64) {
	if !slices.Contains(p.shapes, h) {
		p.shapes = append(p.shapes, h)
		p.shapeSig |= shapeBit(h)
	}
}

// shapeBit is the bit of shape h in shape signatures: a cube whose
// signature lacks a bit of another's lacks one of its shapes.
func shapeBit(h uint64) uint64 { return 1 << (h % 64) }

// mayBeIncludedBy reports whether visited cube v can include the indexed
// cube, of nVars variables: v has no more variables, and literals of no
// shape the indexed cube lacks (its shape signature first: one word).
func (f *facts) mayBeIncludedBy(v *node, nVars int) bool {
	return v.cube.NVars <= nVars && v.pat.shapeSig&^f.shapeSig == 0 && f.hasShapes(v.pat)
}

// hasShapes reports whether the indexed cube has literals of every shape
// of p's shaped literals.
func (f *facts) hasShapes(p *pattern) bool {
	for _, h := range p.shapes {
		if _, found := slices.BinarySearch(f.shapes, h); !found {
			return false
		}
	}
	return true
}

// deleteSubsumed removes from the visited nodes those that n subsumes
// syntactically (n's literals included in theirs under a renaming), except
// n's ancestors and invariants, and marks them deleted: a deleted node
// not yet expanded is not, and its queued children are dropped, since n's
// own pre-images include theirs. pc, when not nil, is n's check against
// the snapshot of its layer, which found the snapshot's nodes n subsumes
// (precheck.subsumed): then only the nodes visited since are matched.
func (e *engine) deleteSubsumed(n *node, pc *precheck) {
	w := e.workers[0]
	start := time.Now()
	defer func() { w.subsume += time.Since(start) }()
	early, from := []*node(nil), int32(0)
	if pc != nil && pc.subsumedKnown {
		early, from = pc.subsumed, e.snapshot
		e.stats.DeletionTests += pc.subsumedTests
	}
	since, tests := w.subsumedBy(n, from)
	e.stats.DeletionTests += tests
	e.stats.MergedDeletionTests += tests
	for _, v := range append(early[:len(early):len(early)], since...) {
		if v.deleted {
			continue // since the snapshot, by a node of n's layer
		}
		v.deleted = true
		for _, img := range v.images {
			img.deleted = true // it is v renamed: the images of n cover it
		}
		if v.image == 0 {
			e.stats.Deleted++
		}
	}
}

// subsumedBy returns the live visited nodes from the from-th on, but
// invariants and n's ancestors, that n includes syntactically, and the
// number of nodes it matched. It only reads the nodes: the workers call
// it at once on a layer's snapshot (visitedIndex.add made the facts of
// every node).
func (w *worker) subsumedBy(n *node, from int32) (out []*node, tests int) {
	ancestors := map[*node]bool{}
	for x := n.parent; x != nil; x = x.parent {
		ancestors[x] = true
	}
	pat := n.pattern()
	var m *matcher
	for _, v := range w.e.index.includedBy(&w.tally, pat, n.cube.NVars, from) {
		if v.inv || ancestors[v] {
			continue
		}
		tests++
		if m == nil {
			m = w.e.newMatcher(v.fcache, &w.budget)
		} else {
			m.reset(v.fcache)
		}
		if m.includes(pat) {
			out = append(out, v)
		}
	}
	return out, tests
}

// includes reports whether some renaming includes the pattern
// syntactically in the indexed cube, without collecting candidates.
func (m *matcher) includes(p *pattern) bool {
	m.noCands = true
	return m.match(p)
}

// facts returns the node's cube indexed for matching, computed once.
func (n *node) facts() *facts {
	if n.fcache == nil {
		n.fcache = newFacts(n.cube)
	}
	return n.fcache
}
