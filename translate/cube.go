package translate

import (
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
	NVars int
	Lits  []Literal
	key   string
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
	c, _, ok = Canonicalize(lits)
	return c, ok
}

// Canonicalize is NewCube that also returns the renumbering: order[i] is
// the variable of lits that became #(i+1). Variables of lits that no
// literal mentions after simplification are dropped.
func Canonicalize(lits []Literal) (c *Cube, order []Proc, ok bool) {
	lits, ok = Simplify(lits)
	if !ok {
		return nil, nil, false
	}
	c, order = canonical(lits)
	return c, order, true
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

// canonical renumbers the variables of simplified literals densely and
// picks, among numberings that respect each variable's signature, the one
// whose sorted literal keys are smallest.
func canonical(lits []Literal) (*Cube, []Proc) {
	var procs []Proc
	for _, l := range lits {
		procs = l.Procs(procs)
	}
	seen := map[Proc]bool{}
	var vars []Proc
	for _, p := range procs {
		if p.IsVar() && !seen[p] {
			seen[p] = true
			vars = append(vars, p)
		}
	}
	sig := signatures(lits, vars)
	sort.SliceStable(vars, func(i, j int) bool { return sig[vars[i]] < sig[vars[j]] })
	best, bestOrder := renumber(lits, vars), vars
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
			if c := renumber(lits, order); c.key < best.key {
				best, bestOrder = c, append([]Proc(nil), order...)
			}
		})
	}
	return best, bestOrder
}

// signatures describes each variable by the literals it occurs in, with
// itself written * and other variables ?, so that equal signatures are
// necessary for two variables to be swapped without changing the cube.
func signatures(lits []Literal, vars []Proc) map[Proc]string {
	out := make(map[Proc]string, len(vars))
	for _, v := range vars {
		var keys []string
		for _, l := range lits {
			mentions := false
			r := l.Rename(func(p Proc) Proc {
				switch {
				case p == v:
					mentions = true
					return 999
				case p.IsVar():
					return 998
				}
				return p
			})
			if mentions {
				keys = append(keys, r.Key())
			}
		}
		sort.Strings(keys)
		out[v] = strings.Join(keys, ";")
	}
	return out
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

// renumber maps order[i] to #(i+1) and returns the sorted cube.
func renumber(lits []Literal, order []Proc) *Cube {
	m := make(map[Proc]Proc, len(order))
	for i, p := range order {
		m[p] = Proc(i + 1)
	}
	out := make([]Literal, len(lits))
	for i, l := range lits {
		out[i] = l.Rename(func(p Proc) Proc {
			if q, ok := m[p]; ok {
				return q
			}
			return p
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	keys := make([]string, len(out))
	for i, l := range out {
		keys[i] = l.Key()
	}
	return &Cube{NVars: len(order), Lits: out, key: strings.Join(keys, " && ")}
}
