package translate

import (
	"encoding/binary"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// Cube is an existentially quantified conjunction of literals over the
// pairwise distinct process variables #1..#NVars. Cubes built by NewCube
// are simplified and in canonical form: variables numbered densely, the
// numbering chosen to minimise the sorted literal keys, literals sorted
// and unique.
type Cube struct {
	NVars  int
	Lits   []Literal
	Events []Event // weak models only; a read's value is ValTerm(Loc, EventProc(i))
	Rel    Rel     // ghb and ghb-equal over Events
	key    string
}

// Key is the canonical text of the cube: equal keys, equal cubes.
func (c *Cube) Key() string { return c.key }

func (c *Cube) String() string {
	if len(c.Lits) == 0 {
		return "true"
	}
	return joinLits(c.Lits)
}

// maxCanonicalPerms bounds the permutations tried when canonicalising; past
// it the cube keeps a deterministic but not canonical numbering.
const maxCanonicalPerms = 5040

// NewCube simplifies lits and returns the canonical cube, or ok=false when
// the literals are found contradictory without a solver.
func NewCube(lits []Literal) (c *Cube, ok bool) {
	c, _, _, ok = Canonicalize(lits, nil, Rel{})
	return c, ok
}

// Canonicalize is NewCube for a cube with events: it also returns the
// renumbering, order[i] being the variable that became #(i+1) and
// evOrder[i] the event that became event i. Variables that neither a
// literal nor an event mentions after simplification are dropped.
func Canonicalize(lits []Literal, events []Event, rel Rel) (c *Cube, order []Proc, evOrder []int, ok bool) {
	lits, ok = Simplify(lits)
	if !ok {
		return nil, nil, nil, false
	}
	c, order, evOrder = canonical(lits, events, rel)
	return c, order, evOrder, true
}

// Simplify evaluates literals that need no solver, removes duplicates and
// redundant disequalities, completes enumerations (`X <> A && X <> B` on
// {A, B, C} becomes `X = C`) and reports obvious contradictions.
func Simplify(in []Literal) ([]Literal, bool) {
	seen := newLitSet(len(in))
	lits := make([]Literal, 0, len(in))
	for _, l := range in {
		switch l.Eval() {
		case False:
			return nil, false
		case True:
			continue
		}
		if !seen.has(lits, l) {
			seen.add(l)
			lits = append(lits, l)
		}
	}
	var buf [8]valueFacts // on the stack: most cubes compare few terms with values
	terms := buf[:0]      // the terms compared with values, in order
	for _, l := range lits {
		if !valueLike(l.R) || valueLike(l.L) {
			continue
		}
		f := factsOf(terms, l.L)
		if f == nil {
			terms = append(terms, valueFacts{t: l.L})
			f = &terms[len(terms)-1]
		}
		switch l.Op {
		case Eq:
			if f.eq != nil && f.eq != l.R && NewLiteral(Eq, f.eq, l.R).Eval() == False {
				return nil, false
			}
			f.eq = l.R
		case Ne:
			f.ne = append(f.ne, l.R.key)
		}
	}
	pins, ok := procPins(lits)
	if !ok {
		return nil, false
	}
	// Pairs of literals on the same two terms that contradict each other.
	for _, l := range lits {
		if seen.has(lits, l.Negate()) || l.Op == Lt && seen.has(lits, NewLiteral(Lt, l.R, l.L)) {
			return nil, false
		}
	}
	out := lits[:0] // filtered in place: each literal is read before its place is written
	for _, l := range lits {
		k := l.L
		if pins.implies(l) {
			continue
		}
		if l.Op == Ne && valueLike(l.R) && !valueLike(l.L) {
			f := factsOf(terms, k)
			if v := f.eq; v != nil {
				if v == l.R {
					return nil, false
				}
				if NewLiteral(Eq, v, l.R).Eval() == False {
					continue // implied by the equality
				}
			} else if completes(k, f.ne) != "" {
				continue // replaced below by the remaining constructor
			}
		}
		out = append(out, l)
	}
	for _, f := range terms {
		if f.eq != nil {
			continue
		}
		switch rest := completes(f.t, f.ne); rest {
		case "":
		case "\x00":
			return nil, false
		default:
			out = append(out, NewLiteral(Eq, f.t, CtorTerm(rest)))
		}
	}
	slices.SortFunc(out, Literal.Compare)
	return out, true
}

// valueFacts is what a cube's literals say about a term compared with
// values: the value it equals (nil if none) and the keys of the values it
// differs from.
type valueFacts struct {
	t  *Term
	eq *Term
	ne []string
}

// factsOf returns the facts about t in terms, or nil.
func factsOf(terms []valueFacts, t *Term) *valueFacts {
	for i := range terms {
		if terms[i].t == t {
			return &terms[i]
		}
	}
	return nil
}

// smallSet is the size up to which a litSet scans a slice instead of
// keeping a map.
const smallSet = 32

// litSet is a set of literals: the literals kept so far, scanned while
// they are few, else a map.
type litSet map[Literal]bool

// newLitSet returns the set for up to n literals (nil when they are few).
func newLitSet(n int) litSet {
	if n <= smallSet {
		return nil
	}
	return make(litSet, n)
}

// has reports whether l is in the set, kept is every literal added.
func (s litSet) has(kept []Literal, l Literal) bool {
	if s == nil {
		return slices.Contains(kept, l)
	}
	return s[l]
}

// add adds l (the caller appends it to kept).
func (s litSet) add(l Literal) {
	if s != nil {
		s[l] = true
	}
}

// pinning records which process constant each cube variable equals, and
// which variable each such constant is equal to.
type pinning struct {
	byVar, byConst map[Proc]Proc
}

// procPins collects the equalities between cube variables and process
// constants; it reports false when a variable equals two constants, or two
// variables (distinct by definition) one constant.
func procPins(lits []Literal) (pinning, bool) {
	var p pinning
	for _, l := range lits {
		if l.Op != Eq || l.L.Kind != KProc || !l.L.P.IsVar() || l.R.Kind != KProc || !l.R.P.IsConst() {
			continue
		}
		if p.byVar == nil {
			p.byVar, p.byConst = map[Proc]Proc{}, map[Proc]Proc{}
		}
		v, c := l.L.P, l.R.P
		if d, ok := p.byVar[v]; ok && d != c {
			return p, false
		}
		if w, ok := p.byConst[c]; ok && w != v {
			return p, false
		}
		p.byVar[v], p.byConst[c] = c, v
	}
	return p, true
}

// implies reports whether l, a disequality between a variable and a
// constant, follows from the pins: the variable is pinned to another
// constant, or another variable is pinned to this one.
func (p pinning) implies(l Literal) bool {
	if p.byVar == nil || l.Op != Ne || l.L.Kind != KProc || !l.L.P.IsVar() || l.R.Kind != KProc || !l.R.P.IsConst() {
		return false
	}
	v, c := l.L.P, l.R.P
	d, okV := p.byVar[v]
	w, okC := p.byConst[c]
	return okV && d != c || okC && w != v
}

// valueLike reports whether t is a value or a cube process variable: two
// such terms with different keys may be surely different (Eval decides).
func valueLike(t *Term) bool { return t.IsValue() || t.Kind == KProc && t.P.IsVar() }

// completes returns the one constructor of t's enumeration (its subtype)
// not excluded by ne, "\x00" when all are excluded, and "" otherwise.
func completes(t *Term, ne []string) string {
	if t == nil || t.Kind != KState && t.Kind != KVal || len(ne) == 0 {
		return ""
	}
	typ := t.Sym.Type
	if typ.Kind != syntax.TEnum && typ.Kind != syntax.TBool {
		return ""
	}
	sub := SubtypeOf(t.Sym)
	rest := ""
	for _, c := range typ.Constructors {
		if !slices.Contains(ne, c) && (sub == nil || sub[c]) {
			if rest != "" {
				return ""
			}
			rest = c
		}
	}
	if rest == "" {
		return "\x00"
	}
	return rest
}

// canonical renumbers the variables of simplified literals (and events)
// densely: variables are ordered by a signature of the literals and events
// they occur in and, among variables with equal signatures, by the
// numbering whose literals hash smallest (tried up to maxCanonicalPerms
// permutations); events are then ordered by their description. Hashes are
// of the terms' text, so the form does not depend on the order terms were
// created in. It owns lits (Simplify's result), renamed in place.
func canonical(lits []Literal, events []Event, rel Rel) (*Cube, []Proc, []int) {
	var procBuf [64]Proc
	var endBuf [32]int
	procs := procBuf[:0]                                  // on the stack for most cubes
	ends := append(endBuf[:0], make([]int, len(lits))...) // literal i mentions procs[ends[i-1]:ends[i]]
	for i, l := range lits {
		procs = l.Procs(procs)
		ends[i] = len(procs)
	}
	litProcs := procs
	for _, e := range events {
		procs = append(append(procs, e.Proc), e.Index...)
	}
	var vars []Proc
	for _, p := range procs {
		if p.IsVar() && !slices.Contains(vars, p) {
			vars = append(vars, p)
		}
	}
	sig := signatures(lits, litProcs, ends, events, vars)
	byVar := make([]int, len(vars)) // indexes of vars and sig, sorted by signature
	for i := range byVar {
		byVar[i] = i
	}
	slices.SortStableFunc(byVar, func(a, b int) int { return slices.Compare(sig[a], sig[b]) })
	sorted, sortedSig := make([]Proc, len(vars)), make([][]uint64, len(vars))
	for i, k := range byVar {
		sorted[i], sortedSig[i] = vars[k], sig[k]
	}
	vars = sorted
	groups := groupBy(vars, sortedSig)
	perms := 1
	for _, g := range groups {
		for i := 2; i <= len(g); i++ {
			perms *= i
		}
	}
	bestOrder := vars
	if perms > 1 && perms <= maxCanonicalPerms {
		var best []uint64
		forEachGroupPerm(groups, func(order []Proc) {
			if h := orderHashes(lits, order); best == nil || slices.Compare(h, best) < 0 {
				best, bestOrder = h, append([]Proc(nil), order...)
			}
		})
	}
	c, evOrder := renumber(lits, events, rel, bestOrder)
	return c, bestOrder, evOrder
}

// hashMix combines a hash with a value (FNV-1a style, 64 bits).
func hashMix(h, v uint64) uint64 {
	h ^= v
	h *= 1099511628211
	return h ^ h>>29
}

const hashSeed = 14695981039346656037

// procCode is how a process enters a hash once f has renamed it.
func procCode(p Proc, f func(Proc) Proc) uint64 { return uint64(uint16(f(p))) }

// hashTerm hashes t with its processes renamed by f, without building the
// renamed term.
func hashTerm(t *Term, f func(Proc) Proc) uint64 {
	h := hashMix(hashSeed, uint64(t.Kind))
	switch t.Kind {
	case KState, KRead:
		h = hashMix(h, symHash(t.Sym))
		for _, a := range t.Args {
			h = hashMix(h, procCode(a, f))
		}
	case KVal:
		h = hashMix(hashMix(h, symHash(t.Sym)), procCode(t.P, f))
	case KProc:
		h = hashMix(h, procCode(t.P, f))
	case KCtor:
		h = hashMix(h, t.hash)
	case KLin:
		if t.Base != nil {
			h = hashMix(h, hashTerm(t.Base, f))
		}
		h = hashMix(h, t.offHash)
	}
	return h
}

func hashLiteral(l Literal, f func(Proc) Proc) uint64 {
	return hashMix(hashMix(hashMix(hashSeed, uint64(l.Op)), hashTerm(l.L, f)), hashTerm(l.R, f))
}

// abstract renames v to a marker and every other variable and event to
// another, for signatures.
func abstract(v Proc) func(Proc) Proc {
	return func(p Proc) Proc {
		switch {
		case p == v:
			return 999
		case p.IsVar():
			return 998
		case p.IsEvent():
			return EventBase + 999
		}
		return p
	}
}

// signatures describes each variable by the sorted hashes of the literals
// and events it occurs in, with itself and the other variables and events
// abstracted, so that equal signatures are necessary for two variables to
// be swapped without changing the cube. procs[ends[i-1]:ends[i]] are the
// processes literal i mentions. The signature of vars[i] is out[i]; one
// array backs them all.
func signatures(lits []Literal, procs []Proc, ends []int, events []Event, vars []Proc) [][]uint64 {
	out := make([][]uint64, len(vars))
	// A literal or event has a hash per variable it mentions, at most one
	// per process it names: all never grows.
	size := len(procs)
	for _, e := range events {
		size += 1 + len(e.Index)
	}
	all := make([]uint64, 0, size)
	for k, v := range vars {
		begin := len(all)
		f := abstract(v)
		start := 0
		for i, l := range lits {
			if mentions(procs[start:ends[i]], v) {
				all = append(all, hashLiteral(l, f))
			}
			start = ends[i]
		}
		for _, e := range events {
			if e.Proc == v || mentions(e.Index, v) {
				all = append(all, hashEvent(e, f))
			}
		}
		slices.Sort(all[begin:])
		out[k] = all[begin:len(all):len(all)]
	}
	return out
}

func hashEvent(e Event, f func(Proc) Proc) uint64 {
	h := hashMix(hashSeed, uint64(e.Kind)+1)
	if e.Final {
		h = hashMix(h, 7)
	}
	if e.Sourced {
		h = hashMix(h, 11)
	}
	h = hashMix(h, procCode(e.Proc, f))
	if e.Loc != nil {
		h = hashMix(h, symHash(e.Loc))
	}
	for _, p := range e.Index {
		h = hashMix(h, procCode(p, f))
	}
	return h
}

// orderHashes returns the sorted hashes of the literals under the
// numbering order[i] -> #(i+1).
func orderHashes(lits []Literal, order []Proc) []uint64 {
	f := newRenaming(order).apply
	hs := make([]uint64, len(lits))
	for i, l := range lits {
		hs[i] = hashLiteral(l, f)
	}
	slices.Sort(hs)
	return hs
}

// renaming maps cube variables to variables and events to events, by
// tables indexed by number; other processes stay.
type renaming struct {
	vars   []Proc // vars[v] for variable #v, 0 when unmapped
	events []Proc // events[i] for event i, 0 when unmapped
}

// newRenaming returns the renaming of order[i] to #(i+1).
func newRenaming(order []Proc) *renaming {
	r := &renaming{}
	for i, p := range order {
		r.set(p, Proc(i+1))
	}
	return r
}

// set maps p, a variable or an event, to q.
func (r *renaming) set(p, q Proc) {
	table, i := &r.vars, int(p)
	if p.IsEvent() {
		table, i = &r.events, int(p-EventBase)
	}
	if i >= len(*table) {
		*table = append(*table, make([]Proc, i+1-len(*table))...)
	}
	(*table)[i] = q
}

// apply returns the image of p.
func (r *renaming) apply(p Proc) Proc {
	table, i := r.vars, int(p)
	if p.IsEvent() {
		table, i = r.events, int(p-EventBase)
	}
	if i >= 0 && i < len(table) && table[i] != 0 {
		return table[i]
	}
	return p
}

func mentions(ps []Proc, v Proc) bool {
	for _, p := range ps {
		if p == v {
			return true
		}
	}
	return false
}

// groupBy splits vars, sorted by their signatures sig (sig[i] is that
// of vars[i]), into runs of equal signatures.
func groupBy(vars []Proc, sig [][]uint64) [][]Proc {
	var groups [][]Proc
	for i := 0; i < len(vars); {
		j := i
		for j < len(vars) && slices.Equal(sig[j], sig[i]) {
			j++
		}
		groups = append(groups, vars[i:j])
		i = j
	}
	return groups
}

// forEachGroupPerm calls f with every order of vars obtained by permuting
// inside each group.
func forEachGroupPerm(groups [][]Proc, f func([]Proc)) {
	var order []Proc
	var rec func(g int)
	rec = func(g int) {
		if g == len(groups) {
			f(order)
			return
		}
		Permute(append([]Proc(nil), groups[g]...), 0, func(p []Proc) {
			n := len(order)
			order = append(order, p...)
			rec(g + 1)
			order = order[:n]
		})
	}
	rec(0)
}

// Permute calls f with every permutation of s[k:] (in place, swapping;
// s[:k] stays; s is as it was when Permute returns).
func Permute[T any](s []T, k int, f func([]T)) {
	if k == len(s) {
		f(s)
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		Permute(s, k+1, f)
		s[k], s[i] = s[i], s[k]
	}
}

// renumber maps order[i] to #(i+1), orders the events by their renamed
// description and the literals about their values, and returns the sorted
// cube and the event order (evOrder[i] became event i). The cube's
// literals are lits, renamed in place and capped so that an append to them
// copies.
func renumber(lits []Literal, events []Event, rel Rel, order []Proc) (*Cube, []int) {
	r := newRenaming(order)
	f := r.apply
	evOrder := eventOrder(lits, events, rel, f)
	for i, e := range evOrder {
		r.set(EventProc(e), EventProc(i))
	}
	out := lits[:len(lits):len(lits)]
	for i, l := range out {
		out[i] = l.Rename(f)
	}
	slices.SortFunc(out, Literal.Compare)
	c := &Cube{NVars: len(order), Lits: out}
	key := make([]byte, 0, 8*len(out)+24*len(events)) // per literal its ID, per event its hash and relation rows
	for _, l := range out {
		key = binary.LittleEndian.AppendUint64(key, l.ID())
	}
	if len(events) > 0 {
		c.Events = make([]Event, len(events))
		c.Rel = NewRel(len(events))
		for i, e := range evOrder {
			c.Events[i] = events[e].Rename(f)
			key = binary.LittleEndian.AppendUint64(key, hashEvent(c.Events[i], func(p Proc) Proc { return p }))
		}
		for i, e := range evOrder {
			for j, g := range evOrder {
				if rel.Lt(e, g) {
					c.Rel.After[i] |= Of(j)
				}
				if rel.Eq(e, g) {
					c.Rel.Class[i] |= Of(j)
				}
			}
			key = binary.LittleEndian.AppendUint64(key, uint64(c.Rel.After[i]))
			key = binary.LittleEndian.AppendUint64(key, uint64(c.Rel.Class[i]))
		}
	}
	c.key = string(key)
	return c, evOrder
}

// eventOrder sorts the events by their description after renaming the
// variables, then by the literals about their values and their place in
// the relation.
func eventOrder(lits []Literal, events []Event, rel Rel, vars func(Proc) Proc) []int {
	if len(events) == 0 {
		return nil
	}
	keys := make([][]uint64, len(events))
	var buf []Proc
	for i, e := range events {
		self := EventProc(i)
		f := func(p Proc) Proc {
			switch {
			case p == self:
				return EventBase + 999
			case p.IsEvent():
				return EventBase + 998
			}
			return vars(p)
		}
		k := append(make([]uint64, 0, 8), hashEvent(e, vars), uint64(rel.Before(i).Len()), uint64(rel.After[i].Len()))
		for _, l := range lits {
			if buf = l.Procs(buf[:0]); mentions(buf, self) {
				k = append(k, hashLiteral(l, f))
			}
		}
		slices.Sort(k[3:])
		keys[i] = k
	}
	order := make([]int, len(events))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(keys[a], keys[b]) })
	return order
}

// ShapeHash hashes the literal with every process variable and event
// replaced by one marker: a literal can be renamed into another only if
// their shapes are equal.
func (l Literal) ShapeHash() uint64 { return hashLiteral(l, shapeOf) }

func shapeOf(p Proc) Proc {
	switch {
	case p.IsVar():
		return 998
	case p.IsEvent():
		return EventBase + 998
	}
	return p
}
