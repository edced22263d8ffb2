package translate

import (
	"encoding/binary"
	"sort"

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
	seen := make(map[Literal]bool, len(in))
	var lits []Literal
	for _, l := range in {
		switch l.Eval() {
		case False:
			return nil, false
		case True:
			continue
		}
		if !seen[l] {
			seen[l] = true
			lits = append(lits, l)
		}
	}
	eqVal := map[*Term]*Term{}            // term -> the value it equals
	neVals := map[*Term]map[string]bool{} // term -> values it differs from
	var terms []*Term                     // terms compared with values, in order
	for _, l := range lits {
		if !valueLike(l.R) || valueLike(l.L) {
			continue
		}
		k := l.L
		if _, has := eqVal[k]; !has && neVals[k] == nil {
			terms = append(terms, k)
		}
		switch l.Op {
		case Eq:
			if v, has := eqVal[k]; has && v != l.R && NewLiteral(Eq, v, l.R).Eval() == False {
				return nil, false
			}
			eqVal[k] = l.R
		case Ne:
			if neVals[k] == nil {
				neVals[k] = map[string]bool{}
			}
			neVals[k][l.R.key] = true
		}
	}
	pins, ok := procPins(lits)
	if !ok {
		return nil, false
	}
	// Pairs of literals on the same two terms that contradict each other.
	for _, l := range lits {
		if seen[l.Negate()] || l.Op == Lt && seen[NewLiteral(Lt, l.R, l.L)] {
			return nil, false
		}
	}
	out := lits[:0:0]
	for _, l := range lits {
		k := l.L
		if pins.implies(l) {
			continue
		}
		if l.Op == Ne && valueLike(l.R) && !valueLike(l.L) {
			if v, has := eqVal[k]; has {
				if v == l.R {
					return nil, false
				}
				if NewLiteral(Eq, v, l.R).Eval() == False {
					continue // implied by the equality
				}
			} else if completes(k, neVals[k]) != "" {
				continue // replaced below by the remaining constructor
			}
		}
		out = append(out, l)
	}
	for _, t := range terms {
		if _, has := eqVal[t]; has {
			continue
		}
		switch rest := completes(t, neVals[t]); rest {
		case "":
		case "\x00":
			return nil, false
		default:
			out = append(out, NewLiteral(Eq, t, CtorTerm(rest)))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out, true
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
func completes(t *Term, ne map[string]bool) string {
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
		if !ne[c] && (sub == nil || sub[c]) {
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
// created in.
func canonical(lits []Literal, events []Event, rel Rel) (*Cube, []Proc, []int) {
	var procs []Proc
	for _, l := range lits {
		procs = l.Procs(procs)
	}
	for _, e := range events {
		procs = append(append(procs, e.Proc), e.Index...)
	}
	seen := map[Proc]bool{}
	var vars []Proc
	for _, p := range procs {
		if p.IsVar() && !seen[p] {
			seen[p] = true
			vars = append(vars, p)
		}
	}
	sig := signatures(lits, events, vars)
	sort.SliceStable(vars, func(i, j int) bool { return lessHashes(sig[vars[i]], sig[vars[j]]) })
	groups := groupBy(vars, sig)
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
			if h := orderHashes(lits, order); best == nil || lessHashes(h, best) {
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
// be swapped without changing the cube.
func signatures(lits []Literal, events []Event, vars []Proc) map[Proc][]uint64 {
	out := make(map[Proc][]uint64, len(vars))
	var buf []Proc
	for _, v := range vars {
		var hs []uint64
		f := abstract(v)
		for _, l := range lits {
			if buf = l.Procs(buf[:0]); mentions(buf, v) {
				hs = append(hs, hashLiteral(l, f))
			}
		}
		for _, e := range events {
			if e.Proc == v || mentions(e.Index, v) {
				hs = append(hs, hashEvent(e, f))
			}
		}
		sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
		out[v] = hs
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
	m := make(map[Proc]Proc, len(order))
	for i, p := range order {
		m[p] = Proc(i + 1)
	}
	f := func(p Proc) Proc {
		if q, ok := m[p]; ok {
			return q
		}
		return p
	}
	hs := make([]uint64, len(lits))
	for i, l := range lits {
		hs[i] = hashLiteral(l, f)
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
	return hs
}

func lessHashes(a, b []uint64) bool {
	for i := range a {
		if i >= len(b) {
			return false
		}
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func sameHashes(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mentions(ps []Proc, v Proc) bool {
	for _, p := range ps {
		if p == v {
			return true
		}
	}
	return false
}

func groupBy(vars []Proc, sig map[Proc][]uint64) [][]Proc {
	var groups [][]Proc
	for i := 0; i < len(vars); {
		j := i
		for j < len(vars) && sameHashes(sig[vars[j]], sig[vars[i]]) {
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
// cube and the event order (evOrder[i] became event i).
func renumber(lits []Literal, events []Event, rel Rel, order []Proc) (*Cube, []int) {
	m := make(map[Proc]Proc, len(order)+len(events))
	for i, p := range order {
		m[p] = Proc(i + 1)
	}
	f := func(p Proc) Proc {
		if q, ok := m[p]; ok {
			return q
		}
		return p
	}
	evOrder := eventOrder(lits, events, rel, f)
	for i, e := range evOrder {
		m[EventProc(e)] = EventProc(i)
	}
	out := make([]Literal, len(lits))
	for i, l := range lits {
		out[i] = l.Rename(f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	c := &Cube{NVars: len(order), Lits: out}
	key := make([]byte, 0, 8*len(out)+16*len(events))
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
		k := []uint64{hashEvent(e, vars), uint64(rel.Before(i).Len()), uint64(rel.After[i].Len())}
		var hs []uint64
		for _, l := range lits {
			if buf = l.Procs(buf[:0]); mentions(buf, self) {
				hs = append(hs, hashLiteral(l, f))
			}
		}
		sort.Slice(hs, func(a, b int) bool { return hs[a] < hs[b] })
		keys[i] = append(k, hs...)
	}
	order := make([]int, len(events))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return lessHashes(keys[order[a]], keys[order[b]]) })
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
