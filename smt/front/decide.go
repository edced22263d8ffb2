package front

import (
	"slices"

	"github.com/cubew/cubew/smt"
)

const (
	// unknown marks a term whose value the partial assignment leaves open.
	unknown = int64(-1) << 62
	// orderScale is the factor of integer values when integers are
	// ordered: 2^20 leaves room for 20 nested gaps between two values.
	orderScale = 1 << 20
	// maxLiteral bounds the integer literals the search takes, so that
	// scaled values stay far from overflow.
	maxLiteral = 1 << 40
)

// search decides the satisfiability of the conjunction of formulas by
// assigning, in order, a value to every atom and evaluating the formulas in
// three-valued logic after each assignment, backtracking as soon as one is
// false. It is exact: Sat comes with a model it has checked, Unsat means
// every assignment up to symmetry was refuted. Values of an Int or
// uninterpreted atom range over the literals of its sort, the values of
// earlier atoms and one fresh value, which is complete because only
// equalities compare them. When integers are also ordered (Lt, Le, …, but
// no arithmetic), an Int atom ranges over the earlier values and one point
// in each gap between them: every order type is tried, and kept only while
// it fits the integers between the literals (see fits). The search gives
// up (Unknown) after budget evaluation steps.
type search struct {
	t        *table
	formulas []smt.Term
	atoms    []smt.Term
	literals map[smt.Sort][]int64 // Int literals per sort (kindInt only), scaled
	budget   int
	// ordered is set when some formula orders integers: Int values are
	// then the integers scaled by scale, so that a gap between two values
	// has room for new ones, and fits checks that the order type found
	// has an integer model. coarse is set when a gap had no room left.
	ordered bool
	scale   int64
	coarse  bool
	// Difference constraints (see differences): the atoms they relate,
	// which take no value, the comparisons over them, which are atoms
	// whose value is a decision, and those atoms in order of appearance.
	// concrete (evaluating in a model) turns them off.
	diffConsts map[smt.Term]bool
	diffFuncs  map[smt.Func]bool
	cmps       map[smt.Term]comparison
	decision   []bool // per term: whether it is in cmps
	dg         *graph // the constraints of the decisions made
	diffTerms  []smt.Term
	concrete   bool

	occurs [][]int // per atom index: the formulas that contain it
	// Formulas already true under the partial assignment (see settle):
	// known[fi] is set for them, trail lists them in the order they became
	// true, so that backtracking unsets them, and open counts the others.
	known  []bool
	trail  []int
	open   int
	vals   []int64 // per term: the value of an assigned atom, else unknown
	apps   map[string]int64
	keyBuf []byte
	cache  []int64 // per term, valid when stamp matches epoch
	stamp  []uint32
	epoch  uint32
	buf    *buffers // the arrays above come from it (see buffers)
}

// inFragment reports whether every term reachable from formulas is in the
// fragment the search decides, and collects the atoms (children first)
// and the integer literals.
func (s *search) inFragment() bool {
	seen := zeroed(&s.buffers().seen, len(s.t.nodes))
	s.literals = map[smt.Sort][]int64{}
	s.scale = 1
	if !s.concrete {
		s.differences()
	}
	var visit func(u smt.Term) bool
	visit = func(u smt.Term) bool {
		if seen[u] {
			return true
		}
		seen[u] = true
		n := &s.t.nodes[u]
		if k := s.t.sorts[n.sort].kind; k == kindReal {
			return false
		}
		if s.isDecision(u) {
			return s.visitDecision(u, s.cmps[u], visit)
		}
		if s.isDiffAtom(u) {
			return false // a difference atom outside a comparison
		}
		switch n.op {
		case opAdd, opSub:
			if !s.concrete {
				return false
			}
		case opMul, opReal:
			return false
		case opLt, opLe, opGt, opGe:
			s.ordered = true
			if base, lit, ok := s.t.shifted(n); ok {
				s.literals[s.t.intSort] = append(s.literals[s.t.intSort], lit)
				return visit(base)
			}
		case opEq:
			if base, lit, ok := s.t.shifted(n); ok {
				s.literals[s.t.intSort] = append(s.literals[s.t.intSort], lit)
				return visit(base)
			}
		case opInt:
			if n.val > maxLiteral || n.val < -maxLiteral {
				return false
			}
			s.literals[n.sort] = append(s.literals[n.sort], n.val)
		}
		for _, a := range n.args {
			if !visit(a) {
				return false
			}
		}
		if n.op == opConst || n.op == opApply {
			s.atoms = append(s.atoms, u)
		}
		return true
	}
	// Atoms of unit formulas first (see orderAtoms).
	nUnit := 0
	for _, unit := range []bool{true, false} {
		for _, f := range s.formulas {
			if s.t.unit(f) == unit && !visit(f) {
				return false
			}
		}
		if unit {
			nUnit = len(s.atoms)
		}
	}
	s.orderAtoms(nUnit)
	if s.ordered {
		s.scale = orderScale
	}
	for srt, ls := range s.literals {
		for i := range ls {
			ls[i] *= s.scale
		}
		slices.Sort(ls)
		s.literals[srt] = slices.Compact(ls)
	}
	return true
}

// orderAtoms orders the atoms collected by inFragment, the first nUnit
// of them those of unit formulas: first the other atoms of unit formulas,
// so that the search fixes what a cube asserts before it branches on the
// clauses of negated cubes; then the decisions that unit formulas force
// to one code (see forcedDecisions), whose applications' arguments are
// among the atoms before them, so that comparisons of a cube that
// contradict each other end the search before it branches on anything;
// then the other atoms; the other decisions last: the atoms they depend
// on are then assigned, and so are those of the clauses they share, which
// makes most of them forced instead of branching.
func (s *search) orderAtoms(nUnit int) {
	if len(s.decision) == 0 {
		return
	}
	var forced []smt.Term
	for _, f := range s.formulas {
		if s.t.unit(f) {
			forced = s.forcedDecisions(f, false, forced)
		}
	}
	isForced := func(u smt.Term) bool { return slices.Contains(forced, u) }
	out := make([]smt.Term, 0, len(s.atoms))
	for _, u := range s.atoms[:nUnit] {
		if !s.isDecision(u) {
			out = append(out, u)
		}
	}
	for _, u := range s.atoms {
		if s.isDecision(u) && isForced(u) {
			out = append(out, u)
		}
	}
	for _, u := range s.atoms[nUnit:] {
		if !s.isDecision(u) {
			out = append(out, u)
		}
	}
	for _, u := range s.atoms {
		if s.isDecision(u) && !isForced(u) {
			out = append(out, u)
		}
	}
	s.atoms = out
}

// forcedDecisions appends to acc the decisions that formula f, asserted
// (denied when neg), forces to one code: a comparison asserted, or an
// ordering denied (a denied equality leaves two codes, less and
// greater), through negations and conjunctions (of one argument when
// denied).
func (s *search) forcedDecisions(f smt.Term, neg bool, acc []smt.Term) []smt.Term {
	n := &s.t.nodes[f]
	switch {
	case s.isDecision(f):
		if !neg || s.cmps[f].op != opEq {
			acc = append(acc, f)
		}
	case n.op == opNot:
		return s.forcedDecisions(n.args[0], !neg, acc)
	case n.op == opAnd && (!neg || len(n.args) == 1):
		for _, a := range n.args {
			acc = s.forcedDecisions(a, neg, acc)
		}
	}
	return acc
}

// visitDecision visits the comparison u over difference atoms: the
// arguments of its applications are visited (they are assigned before
// it), and u becomes an atom whose value is a decision.
func (s *search) visitDecision(u smt.Term, c comparison, visit func(smt.Term) bool) bool {
	for _, x := range []smt.Term{c.a.base, c.b.base} {
		if x == 0 {
			continue
		}
		if !slices.Contains(s.diffTerms, x) {
			s.diffTerms = append(s.diffTerms, x)
		}
		for _, a := range s.t.nodes[x].args {
			if !visit(a) {
				return false
			}
		}
	}
	s.atoms = append(s.atoms, u)
	return true
}

// occurrences computes, for each atom, the formulas that contain it: the
// walk lists the pairs, then one array holds every atom's formulas in
// order (in the search's buffers).
func (s *search) occurrences() {
	b := s.buffers()
	index := zeroed(&b.index, len(s.t.nodes)) // atom index + 1, 0 for other terms
	for i, u := range s.atoms {
		index[u] = i + 1
	}
	pairs := b.pairs[:0]
	count := zeroed(&b.count, len(s.atoms)+1)
	seen := zeroed(&b.marks, len(s.t.nodes))
	for fi, f := range s.formulas {
		s.t.subterms(f, seen, fi+1, func(u smt.Term) {
			s.budget--
			if i := index[u]; i > 0 {
				pairs = append(pairs, occurrence{int32(i - 1), int32(fi)})
				count[i]++
			}
		})
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1] // count[i]: where atom i's formulas start
	}
	b.pairs = pairs
	all := zeroed(&b.all, len(pairs))
	next := append(b.next[:0], count[:len(s.atoms)]...)
	b.next = next
	for _, p := range pairs {
		all[next[p.atom]] = int(p.formula)
		next[p.atom]++
	}
	s.occurs = zeroed(&b.occurs, len(s.atoms))
	for i := range s.occurs {
		s.occurs[i] = all[count[i]:count[i+1]:count[i+1]]
	}
}

// irrelevant reports whether every formula that contains atom i is true
// already: its value can then change no formula, so the search leaves it
// open (it takes any value consistent with the function tables in the
// model), which loses no model and saves a branch.
func (s *search) irrelevant(i int) bool {
	for _, fi := range s.occurs[i] {
		if !s.known[fi] {
			return false
		}
	}
	return true
}

// unit reports whether the formula u is a literal or a conjunction, not
// a disjunction (an or, an implication or a negated conjunction).
func (t *table) unit(u smt.Term) bool {
	n := &t.nodes[u]
	switch n.op {
	case opOr, opImplies:
		return false
	case opNot:
		c := &t.nodes[n.args[0]]
		return c.op != opAnd || len(c.args) == 1
	}
	return true
}

// run returns Sat (then the assignment found stays, for model), Unsat,
// or Unknown when the fragment or the budget does not allow an answer.
func (s *search) run() smt.Result {
	if !s.inFragment() {
		return smt.Unknown
	}
	s.occurrences()
	b := s.buffers()
	s.vals = zeroed(&b.vals, len(s.t.nodes))
	for i := range s.vals {
		s.vals[i] = unknown
	}
	s.apps = cleared(&b.apps)
	s.cache = zeroed(&b.cache, len(s.t.nodes))
	s.stamp = zeroed(&b.stamp, len(s.t.nodes))
	s.known = zeroed(&b.known, len(s.formulas))
	s.trail = b.trail[:0]
	defer func() { b.trail = s.trail }()
	switch s.holds() {
	case 0:
		return smt.Unsat
	case 1:
		return smt.Sat
	}
	r := s.assign(0)
	if r == smt.Unsat && s.coarse {
		return smt.Unknown // some order type could not be tried
	}
	return r
}

// assign tries every candidate value of atom i and recurses.
func (s *search) assign(i int) smt.Result {
	u := s.atoms[i]
	if s.irrelevant(i) {
		if i+1 < len(s.atoms) {
			return s.assign(i + 1)
		}
		return smt.Unknown // some formula is open, so some atom is relevant: cannot happen
	}
	if s.t.nodes[u].op == opApply && !s.argsKnown(u) {
		return smt.Unknown // an argument depends on a decision not made yet
	}
	key, forced, fv := s.tableEntry(u)
	var cands []int64
	decision := s.isDecision(u)
	if decision {
		cands = s.decisions(u)
	} else {
		cands = s.candidates(u, i)
	}
	if forced {
		cands = []int64{fv}
	}
	result := smt.Unsat
	for _, v := range cands {
		if s.budget <= 0 {
			return smt.Unknown
		}
		s.vals[u] = v
		if key != "" && !forced {
			s.apps[key] = v
		}
		edges, settled := 0, len(s.trail)
		if decision {
			edges = s.constrain(u)
		}
		var r smt.Result
		switch s.holdsAndFits(i) {
		case 0:
			r = smt.Unsat
		case 1:
			r = smt.Sat
		default:
			if i+1 < len(s.atoms) {
				r = s.assign(i + 1)
			} else {
				r = smt.Unknown // all atoms valued: cannot happen, but claim nothing
			}
		}
		if r == smt.Sat {
			return r
		}
		if r == smt.Unknown {
			result = smt.Unknown
		}
		s.vals[u] = unknown
		s.unsettle(settled)
		if key != "" && !forced {
			delete(s.apps, key)
		}
		if decision {
			s.dg.edges = s.dg.edges[:edges]
		}
	}
	return result
}

// appKey returns the function-table key of the application u (empty for a
// constant) and, when the table already gives it a value, that value.
func (s *search) appKey(u smt.Term) (string, bool, int64) {
	n := &s.t.nodes[u]
	if n.op != opApply {
		return "", false, 0
	}
	b := s.appBytes(u)
	v, ok := s.apps[string(b)]
	return string(b), ok, v
}

// tableEntry is appKey for assign: the key only when the table gives u
// no value yet (assign then enters the value it tries), so that a forced
// application makes no string.
func (s *search) tableEntry(u smt.Term) (key string, forced bool, v int64) {
	if s.t.nodes[u].op != opApply {
		return "", false, 0
	}
	b := s.appBytes(u)
	if v, forced = s.apps[string(b)]; !forced {
		key = string(b)
	}
	return key, forced, v
}

// appBytes returns the bytes of the function-table key of the application
// u, its function and the values of its arguments, in a buffer that the
// next call overwrites.
func (s *search) appBytes(u smt.Term) []byte {
	n := &s.t.nodes[u]
	s.epoch++
	b := append(s.keyBuf[:0], byte(n.fn), byte(n.fn>>8), byte(n.fn>>16))
	for _, a := range n.args {
		v := s.eval(a)
		for k := 0; k < 64; k += 8 {
			b = append(b, byte(v>>k))
		}
	}
	s.keyBuf = b
	return b
}

// candidates returns the values atom u (the i-th) may take.
func (s *search) candidates(u smt.Term, i int) []int64 {
	srt := s.t.sortOf(u)
	si := &s.t.sorts[srt]
	switch si.kind {
	case kindBool:
		return s.codes(2)
	case kindEnum:
		return s.codes(len(si.values))
	}
	vs := slices.Clone(s.literals[srt])
	for _, a := range s.atoms[:i] {
		if s.t.sortOf(a) == srt && s.vals[a] != unknown {
			vs = append(vs, s.vals[a])
		}
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	if si.kind == kindInt && s.ordered {
		return s.withGaps(vs)
	}
	if len(vs) == 0 {
		return []int64{1}
	}
	return append(vs, max(vs[len(vs)-1]+1, 1))
}

// codes returns 0..n-1, the values of a Boolean or enumeration atom, in
// a slice the caller must not modify (shared by the search's calls).
func (s *search) codes(n int) []int64 {
	b := s.buffers()
	for k := len(b.codes); k < n; k++ {
		b.codes = append(b.codes, int64(k))
	}
	return b.codes[:n:n]
}

// withGaps returns the sorted values vs and a point in each gap: below,
// between each two and above them.
func (s *search) withGaps(vs []int64) []int64 {
	if len(vs) == 0 {
		return []int64{0}
	}
	out := []int64{vs[0] - s.scale}
	for i, v := range vs {
		out = append(out, v)
		if i+1 < len(vs) {
			if vs[i+1]-v < 2 {
				s.coarse = true
				continue
			}
			out = append(out, v+(vs[i+1]-v)/2)
		}
	}
	return append(out, vs[len(vs)-1]+s.scale)
}

// holdsAndFits is settle after the assignment of atom i, but false when
// it is an ordered integer whose value leaves no integer model (see fits).
func (s *search) holdsAndFits(i int) int {
	if s.isDecision(s.atoms[i]) && !s.consistent() {
		return 0
	}
	if s.ordered && s.t.kindOf(s.atoms[i]) == kindInt && !s.fits(i) {
		return 0
	}
	return s.settle(i)
}

// holds evaluates the conjunction of the formulas before any assignment:
// 1 true, 0 false, -1 open; it marks the true ones known.
func (s *search) holds() int {
	s.epoch++
	s.open = 0
	for fi, f := range s.formulas {
		switch s.eval(f) {
		case 0:
			return 0
		case 1:
			s.known[fi] = true
		default:
			s.open++
		}
	}
	return s.verdict()
}

// settle is holds after the assignment of atom i: only the open formulas
// that contain the atom can have changed (three-valued evaluation is
// monotone), so only they are evaluated; those now true are marked known
// until unsettle undoes it.
func (s *search) settle(i int) int {
	s.epoch++
	for _, fi := range s.occurs[i] {
		if s.known[fi] {
			continue
		}
		switch s.eval(s.formulas[fi]) {
		case 0:
			return 0
		case 1:
			s.known[fi] = true
			s.trail = append(s.trail, fi)
			s.open--
		}
	}
	return s.verdict()
}

// verdict is 1 when every formula is known true, else -1 (open).
func (s *search) verdict() int {
	if s.open == 0 {
		return 1
	}
	return -1
}

// unsettle forgets the formulas that became true since the trail had
// length n.
func (s *search) unsettle(n int) {
	for _, fi := range s.trail[n:] {
		s.known[fi] = false
	}
	s.open += len(s.trail) - n
	s.trail = s.trail[:n]
}

// eval returns the value of u under the current assignment, or unknown.
func (s *search) eval(u smt.Term) int64 {
	if s.stamp[u] == s.epoch {
		return s.cache[u]
	}
	s.budget--
	v := s.evalNode(u)
	s.stamp[u], s.cache[u] = s.epoch, v
	return v
}

func (s *search) evalNode(u smt.Term) int64 {
	if s.isDecision(u) {
		return s.truth(u)
	}
	n := &s.t.nodes[u]
	switch n.op {
	case opConst, opApply:
		return s.vals[u]
	case opValue:
		return n.val
	case opInt:
		return n.val * s.scale
	case opTrue:
		return 1
	case opFalse:
		return 0
	case opNot:
		if v := s.eval(n.args[0]); v != unknown {
			return 1 - v
		}
		return unknown
	case opAnd, opOr:
		return s.evalJunction(n.args, n.op == opAnd)
	case opImplies:
		a, b := s.eval(n.args[0]), s.eval(n.args[1])
		switch {
		case a == 0 || b == 1:
			return 1
		case a == 1 && b == 0:
			return 0
		}
		return unknown
	case opIff, opEq:
		a, b := s.evalSides(n)
		if a == unknown || b == unknown {
			return unknown
		}
		return boolValue(a == b)
	case opDistinct:
		return s.evalDistinct(n.args)
	case opLt, opLe, opGt, opGe:
		a, b := s.evalSides(n)
		if a == unknown || b == unknown {
			return unknown
		}
		return boolValue(compare(n.op, a, b))
	case opAdd, opSub: // only when concrete: every atom has its value
		return s.evalSum(n)
	case opIte:
		switch s.eval(n.args[0]) {
		case 1:
			return s.eval(n.args[1])
		case 0:
			return s.eval(n.args[2])
		}
		if a, b := s.eval(n.args[1]), s.eval(n.args[2]); a == b {
			return a
		}
	}
	return unknown
}

// evalSides evaluates the two sides of a comparison n; a shifted one
// (x + k against a literal l) is evaluated as x against l − k.
func (s *search) evalSides(n *node) (int64, int64) {
	base, lit, ok := s.t.shifted(n)
	if !ok {
		return s.eval(n.args[0]), s.eval(n.args[1])
	}
	v := s.eval(base)
	if v == unknown {
		return unknown, unknown
	}
	if s.t.nodes[n.args[0]].op == opInt {
		return lit * s.scale, v
	}
	return v, lit * s.scale
}

// evalSum evaluates a sum or a difference n of unscaled integers.
func (s *search) evalSum(n *node) int64 {
	sum := int64(0)
	for i, a := range n.args {
		v := s.eval(a)
		if v == unknown {
			return unknown
		}
		if i > 0 && n.op == opSub {
			v = -v
		}
		sum += v
	}
	return sum
}

// evalJunction evaluates a conjunction (and) or disjunction of args.
func (s *search) evalJunction(args []smt.Term, and bool) int64 {
	absorbing := boolValue(!and) // false for and, true for or
	res := 1 - absorbing
	for _, a := range args {
		switch s.eval(a) {
		case absorbing:
			return absorbing
		case unknown:
			res = unknown
		}
	}
	return res
}

// evalDistinct evaluates distinct(args).
func (s *search) evalDistinct(args []smt.Term) int64 {
	seen := make(map[int64]bool, len(args))
	res := int64(1)
	for _, a := range args {
		v := s.eval(a)
		if v == unknown {
			res = unknown
			continue
		}
		if seen[v] {
			return 0
		}
		seen[v] = true
	}
	return res
}

// compare applies the ordering o to a and b.
func compare(o op, a, b int64) bool {
	switch o {
	case opLt:
		return a < b
	case opLe:
		return a <= b
	case opGt:
		return a > b
	}
	return a >= b
}

// unknowns returns n unknown values.
func unknowns(n int) []int64 {
	vs := make([]int64, n)
	for i := range vs {
		vs[i] = unknown
	}
	return vs
}

func boolValue(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
