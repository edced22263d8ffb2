package translate

import (
	"fmt"
	"sort"
	"strings"

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
	// Pairs of literals on the same two terms that contradict each other.
	for _, l := range lits {
		if seen[l.Negate()] || l.Op == Lt && seen[NewLiteral(Lt, l.R, l.L)] {
			return nil, false
		}
	}
	out := lits[:0:0]
	for _, l := range lits {
		k := l.L
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

// valueLike reports whether t is a value or a cube process variable: two
// such terms with different keys may be surely different (Eval decides).
func valueLike(t *Term) bool { return t.IsValue() || t.Kind == KProc && t.P.IsVar() }

// completes returns the one constructor of t's enumeration not excluded
// by ne, "\x00" when all are excluded, and "" otherwise.
func completes(t *Term, ne map[string]bool) string {
	if t == nil || t.Kind != KState || len(ne) == 0 {
		return ""
	}
	typ := t.Sym.Type
	if typ.Kind != syntax.TEnum && typ.Kind != syntax.TBool {
		return ""
	}
	rest := ""
	for _, c := range typ.Constructors {
		if !ne[c] {
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
// densely and picks, among numberings that respect each variable's
// signature, the one whose key is smallest; events are then ordered by
// their description.
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
	sort.SliceStable(vars, func(i, j int) bool { return sig[vars[i]] < sig[vars[j]] })
	best := renumber(lits, events, rel, vars)
	bestOrder := vars
	// Permute variables inside groups of equal signature.
	groups := groupBy(vars, sig)
	perms := 1
	for _, g := range groups {
		for i := 2; i <= len(g); i++ {
			perms *= i
		}
	}
	if perms > 1 && perms <= maxCanonicalPerms {
		forEachGroupPerm(groups, func(order []Proc) {
			if c := renumber(lits, events, rel, order); c.cube.key < best.cube.key {
				best, bestOrder = c, append([]Proc(nil), order...)
			}
		})
	}
	return best.cube, bestOrder, best.evOrder
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

// signatures describes each variable by the literals and events it occurs
// in, with itself written * and other variables and events abstracted, so
// that equal signatures are necessary for two variables to be swapped
// without changing the cube.
func signatures(lits []Literal, events []Event, vars []Proc) map[Proc]string {
	out := make(map[Proc]string, len(vars))
	for _, v := range vars {
		var keys []string
		f := abstract(v)
		for _, l := range lits {
			var buf [8]Proc
			if mentions(l.Procs(buf[:0]), v) {
				keys = append(keys, l.Rename(f).Key())
			}
		}
		for _, e := range events {
			if mentions(append([]Proc{e.Proc}, e.Index...), v) {
				keys = append(keys, e.Rename(f).String())
			}
		}
		sort.Strings(keys)
		out[v] = strings.Join(keys, ";")
	}
	return out
}

func mentions(ps []Proc, v Proc) bool {
	for _, p := range ps {
		if p == v {
			return true
		}
	}
	return false
}

func groupBy(vars []Proc, sig map[Proc]string) [][]Proc {
	var groups [][]Proc
	for i := 0; i < len(vars); {
		j := i
		for j < len(vars) && sig[vars[j]] == sig[vars[i]] {
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
		permute(append([]Proc(nil), groups[g]...), 0, func(p []Proc) {
			n := len(order)
			order = append(order, p...)
			rec(g + 1)
			order = order[:n]
		})
	}
	rec(0)
}

// permute calls f with every permutation of s[k:] (in place, Heap-style
// swapping).
func permute(s []Proc, k int, f func([]Proc)) {
	if k == len(s) {
		f(s)
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permute(s, k+1, f)
		s[k], s[i] = s[i], s[k]
	}
}

// renumbered is a cube with the event order that produced it.
type renumbered struct {
	cube    *Cube
	evOrder []int
}

// renumber maps order[i] to #(i+1), orders the events by their renamed
// description and the literals about their values, and returns the sorted
// cube.
func renumber(lits []Literal, events []Event, rel Rel, order []Proc) renumbered {
	m := make(map[Proc]Proc, len(order))
	for i, p := range order {
		m[p] = Proc(i + 1)
	}
	vars := func(p Proc) Proc {
		if q, ok := m[p]; ok {
			return q
		}
		return p
	}
	evOrder := eventOrder(lits, events, rel, vars)
	for i, e := range evOrder {
		m[EventProc(e)] = EventProc(i)
	}
	out := make([]Literal, len(lits))
	for i, l := range lits {
		out[i] = l.Rename(vars)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	var b strings.Builder
	for i, l := range out {
		if i > 0 {
			b.WriteString(" && ")
		}
		b.WriteString(l.Key())
	}
	c := &Cube{NVars: len(order), Lits: out}
	if len(events) > 0 {
		c.Events = make([]Event, len(events))
		c.Rel = NewRel(len(events))
		for i, e := range evOrder {
			c.Events[i] = events[e].Rename(vars)
			fmt.Fprintf(&b, " | e%d: %s", i, c.Events[i])
		}
		for i, e := range evOrder {
			for j, f := range evOrder {
				if rel.Lt(e, f) {
					c.Rel.After[i] |= Of(j)
				}
				if rel.Eq(e, f) {
					c.Rel.Class[i] |= Of(j)
				}
			}
		}
		b.WriteString(" | " + c.Rel.String())
	}
	c.key = b.String()
	return renumbered{cube: c, evOrder: evOrder}
}

// eventOrder sorts the events by their description after renaming the
// variables, then by the literals about their values.
func eventOrder(lits []Literal, events []Event, rel Rel, vars func(Proc) Proc) []int {
	keys := make([]string, len(events))
	for i, e := range events {
		var ks []string
		self := EventProc(i)
		for _, l := range lits {
			var buf [8]Proc
			if mentions(l.Procs(buf[:0]), self) {
				ks = append(ks, l.Rename(func(p Proc) Proc {
					switch {
					case p == self:
						return EventBase + 999
					case p.IsEvent():
						return EventBase + 998
					}
					return vars(p)
				}).Key())
			}
		}
		sort.Strings(ks)
		keys[i] = fmt.Sprintf("%s|%d|%d|%s", e.Rename(vars), rel.Before(i).Len(), rel.After[i].Len(), strings.Join(ks, ";"))
	}
	order := make([]int, len(events))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return keys[order[a]] < keys[order[b]] })
	return order
}
