package front

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/cubew/cubew/smt"
)

// op is the operator of a term.
type op uint8

const (
	opConst op = iota + 1
	opValue    // an enumeration constant; val is its index
	opInt      // an integer literal; val is its value
	opReal     // a real literal val/den
	opTrue
	opFalse
	opApply
	opNot
	opAnd
	opOr
	opImplies
	opIff
	opEq
	opDistinct
	opIte
	opLt
	opLe
	opGt
	opGe
	opAdd
	opSub
	opMul
)

// opNames are the SMT-LIB names of the operators, for String.
var opNames = [...]string{opNot: "not", opAnd: "and", opOr: "or", opImplies: "=>", opIff: "=", opEq: "=",
	opDistinct: "distinct", opIte: "ite", opLt: "<", opLe: "<=", opGt: ">", opGe: ">=", opAdd: "+", opSub: "-", opMul: "*"}

// node is one hash-consed term.
type node struct {
	op   op
	sort smt.Sort
	val  int64    // opValue: index; opInt: value; opReal: numerator
	den  int64    // opReal: denominator
	fn   smt.Func // opApply
	name string   // opConst
	args []smt.Term
	key  string // the hash-consing key, to forget the term on Release
}

// sortKind is what a sort is.
type sortKind uint8

const (
	kindBool sortKind = iota + 1
	kindInt
	kindReal
	kindEnum
	kindUninterpreted
)

// sortInfo describes one sort.
type sortInfo struct {
	kind   sortKind
	name   string
	names  []string   // kindEnum: the value names
	values []smt.Term // kindEnum: the value terms, kept across Release
}

// funcInfo describes one uninterpreted function.
type funcInfo struct {
	name   string
	domain []smt.Sort
	rng    smt.Sort
}

// table holds the terms, sorts and functions of a Solver.
type table struct {
	nodes                       []node // index 0 unused: the zero Term is invalid
	ids                         map[string]smt.Term
	sorts                       []sortInfo // index 0 unused
	uninterp                    map[string]smt.Sort
	funcs                       []funcInfo // index 0 unused
	funcIDs                     map[string]smt.Func
	keyBuf                      []byte
	args                        []smt.Term // the chunk keepArgs fills
	err                         error
	boolSort, intSort, realSort smt.Sort
	// pinned is the table length below which Release never cuts: the
	// enumeration values made before the last Mark, and asserted terms.
	pinned int
}

func newTable() table {
	t := table{nodes: make([]node, 1, 64), ids: map[string]smt.Term{}, sorts: make([]sortInfo, 1, 8),
		uninterp: map[string]smt.Sort{}, funcs: make([]funcInfo, 1, 8), funcIDs: map[string]smt.Func{}}
	t.boolSort = t.addSort(sortInfo{kind: kindBool, name: "Bool"})
	t.intSort = t.addSort(sortInfo{kind: kindInt, name: "Int"})
	t.realSort = t.addSort(sortInfo{kind: kindReal, name: "Real"})
	return t
}

func (t *table) addSort(si sortInfo) smt.Sort {
	t.sorts = append(t.sorts, si)
	return smt.Sort(len(t.sorts) - 1)
}

// fail records the first construction error and returns the zero Term.
func (t *table) fail(format string, args ...any) smt.Term {
	if t.err == nil {
		t.err = errors.New("front: " + fmt.Sprintf(format, args...))
	}
	return 0
}

// valid reports whether every handle in ts is a live term; the zero Term
// of a failed builder makes it false, any other bad handle panics.
func (t *table) valid(ts ...smt.Term) bool {
	for _, u := range ts {
		if u == 0 || int(u) >= len(t.nodes) {
			if u == 0 && t.err != nil {
				return false
			}
			panic(fmt.Sprintf("front: term %d invalid (%d in the table; released, or from another Solver?)", u, len(t.nodes)))
		}
	}
	return true
}

// validSort panics on a sort handle out of range.
func (t *table) validSort(s smt.Sort) bool {
	if s == 0 || int(s) >= len(t.sorts) {
		if s == 0 && t.err != nil {
			return false
		}
		panic(fmt.Sprintf("front: sort %d invalid", s))
	}
	return true
}

// make returns the hash-consed term n. Every builder ends here, so this
// is where use after Close (which clears the table) is caught.
func (t *table) make(n node) smt.Term {
	if t.nodes == nil {
		panic("front: use of closed Solver")
	}
	b := append(t.keyBuf[:0], byte(n.op))
	b = binary.AppendUvarint(b, uint64(n.sort))
	b = binary.AppendVarint(b, n.val)
	b = binary.AppendVarint(b, n.den)
	b = binary.AppendUvarint(b, uint64(n.fn))
	for _, a := range n.args {
		b = binary.AppendUvarint(b, uint64(a))
	}
	b = append(b, 0)
	b = append(b, n.name...)
	t.keyBuf = b
	if id, ok := t.ids[string(b)]; ok {
		return id
	}
	n.key = string(b)
	n.args = t.keepArgs(n.args)
	id := smt.Term(len(t.nodes))
	t.nodes = append(t.nodes, n)
	t.ids[n.key] = id
	return id
}

// argChunk is how many arguments one allocation of table.args holds.
const argChunk = 256

// keepArgs returns a copy of args in the table's argument chunks: one
// allocation per chunk, not per term. A chunk lives as long as a term of
// it (Release only drops terms).
func (t *table) keepArgs(args []smt.Term) []smt.Term {
	if len(args) == 0 || len(args) > argChunk/4 {
		return slices.Clone(args)
	}
	if len(t.args)+len(args) > cap(t.args) {
		t.args = make([]smt.Term, 0, argChunk)
	}
	start := len(t.args)
	t.args = append(t.args, args...)
	return t.args[start:len(t.args):len(t.args)]
}

func (t *table) sortOf(u smt.Term) smt.Sort { return t.nodes[u].sort }

func (t *table) kindOf(u smt.Term) sortKind { return t.sorts[t.nodes[u].sort].kind }

// BoolSort returns the sort of formulas.
func (t *table) BoolSort() smt.Sort { return t.boolSort }

// IntSort returns the sort of integers.
func (t *table) IntSort() smt.Sort { return t.intSort }

// RealSort returns the sort of reals.
func (t *table) RealSort() smt.Sort { return t.realSort }

// EnumSort declares a new finite sort with the given values.
func (t *table) EnumSort(name string, values []string) (smt.Sort, []smt.Term) {
	if len(values) == 0 {
		t.fail("enumeration %s has no values", name)
		return 0, nil
	}
	if len(slices.Compact(slices.Sorted(slices.Values(values)))) != len(values) {
		t.fail("enumeration %s has a value twice", name)
		return 0, nil
	}
	s := t.addSort(sortInfo{kind: kindEnum, name: name, names: slices.Clone(values)})
	ts := make([]smt.Term, len(values))
	for i := range values {
		ts[i] = t.make(node{op: opValue, sort: s, val: int64(i)})
	}
	t.sorts[s].values = ts
	return s, slices.Clone(ts)
}

// UninterpretedSort returns the uninterpreted sort named name.
func (t *table) UninterpretedSort(name string) smt.Sort {
	if s, ok := t.uninterp[name]; ok {
		return s
	}
	s := t.addSort(sortInfo{kind: kindUninterpreted, name: name})
	t.uninterp[name] = s
	return s
}

// Const returns the constant name of sort s.
func (t *table) Const(name string, s smt.Sort) smt.Term {
	if !t.validSort(s) {
		return 0
	}
	return t.make(node{op: opConst, sort: s, name: name})
}

// FuncDecl declares the uninterpreted function name: domain → rng.
func (t *table) FuncDecl(name string, domain []smt.Sort, rng smt.Sort) smt.Func {
	var b strings.Builder
	b.WriteString(name)
	for _, s := range append(slices.Clone(domain), rng) {
		if !t.validSort(s) {
			return 0
		}
		b.WriteString("\x00" + strconv.Itoa(int(s)))
	}
	if f, ok := t.funcIDs[b.String()]; ok {
		return f
	}
	t.funcs = append(t.funcs, funcInfo{name: name, domain: slices.Clone(domain), rng: rng})
	f := smt.Func(len(t.funcs) - 1)
	t.funcIDs[b.String()] = f
	return f
}

// Apply returns f(args...).
func (t *table) Apply(f smt.Func, args ...smt.Term) smt.Term {
	if f == 0 || int(f) >= len(t.funcs) {
		if f == 0 && t.err != nil {
			return 0
		}
		panic(fmt.Sprintf("front: func %d invalid", f))
	}
	if !t.valid(args...) {
		return 0
	}
	fi := t.funcs[f]
	if len(args) != len(fi.domain) {
		return t.fail("%s applied to %d arguments, wants %d", fi.name, len(args), len(fi.domain))
	}
	for i, a := range args {
		if t.sortOf(a) != fi.domain[i] {
			return t.fail("argument %d of %s has the wrong sort", i+1, fi.name)
		}
	}
	return t.make(node{op: opApply, sort: fi.rng, fn: f, args: args})
}

// True returns true.
func (t *table) True() smt.Term { return t.make(node{op: opTrue, sort: t.boolSort}) }

// False returns false.
func (t *table) False() smt.Term { return t.make(node{op: opFalse, sort: t.boolSort}) }

// Int returns the integer literal v.
func (t *table) Int(v int64) smt.Term { return t.make(node{op: opInt, sort: t.intSort, val: v}) }

// Real returns num/den in lowest terms; den must not be zero.
func (t *table) Real(num, den int64) smt.Term {
	if den == 0 {
		panic("front: Real with zero denominator")
	}
	r := big.NewRat(num, den)
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		return t.fail("real %d/%d out of range", num, den)
	}
	return t.make(node{op: opReal, sort: t.realSort, val: r.Num().Int64(), den: r.Denom().Int64()})
}

// formula builds op(ts) after checking that every argument is a formula.
func (t *table) formula(o op, ts ...smt.Term) smt.Term {
	if !t.valid(ts...) {
		return 0
	}
	for _, u := range ts {
		if t.sortOf(u) != t.boolSort {
			return t.fail("%s of a non-Boolean term", opNames[o])
		}
	}
	return t.make(node{op: o, sort: t.boolSort, args: ts})
}

// Not returns ¬u.
func (t *table) Not(u smt.Term) smt.Term { return t.formula(opNot, u) }

// And returns the conjunction of ts.
func (t *table) And(ts ...smt.Term) smt.Term { return t.formula(opAnd, ts...) }

// Or returns the disjunction of ts.
func (t *table) Or(ts ...smt.Term) smt.Term { return t.formula(opOr, ts...) }

// Implies returns u ⇒ v.
func (t *table) Implies(u, v smt.Term) smt.Term { return t.formula(opImplies, u, v) }

// Iff returns u ⇔ v.
func (t *table) Iff(u, v smt.Term) smt.Term { return t.formula(opIff, u, v) }

// sameSort builds the Boolean op(ts) after checking ts share a sort.
func (t *table) sameSort(o op, ts ...smt.Term) smt.Term {
	if !t.valid(ts...) {
		return 0
	}
	for _, u := range ts[1:] {
		if t.sortOf(u) != t.sortOf(ts[0]) {
			return t.fail("%s of terms of different sorts", opNames[o])
		}
	}
	return t.make(node{op: o, sort: t.boolSort, args: ts})
}

// Eq returns u = v.
func (t *table) Eq(u, v smt.Term) smt.Term { return t.sameSort(opEq, u, v) }

// Distinct returns that ts are pairwise different; true for fewer than two.
func (t *table) Distinct(ts ...smt.Term) smt.Term {
	if !t.valid(ts...) {
		return 0
	}
	if len(ts) < 2 {
		return t.True()
	}
	return t.sameSort(opDistinct, ts...)
}

// Ite returns "if c then u else v".
func (t *table) Ite(c, u, v smt.Term) smt.Term {
	if !t.valid(c, u, v) {
		return 0
	}
	if t.sortOf(c) != t.boolSort || t.sortOf(u) != t.sortOf(v) {
		return t.fail("ill-sorted ite")
	}
	return t.make(node{op: opIte, sort: t.sortOf(u), args: []smt.Term{c, u, v}})
}

// arith builds op(ts) over Int or Real, of sort rng (Bool for comparisons,
// else the arguments' sort).
func (t *table) arith(o op, boolean bool, ts ...smt.Term) smt.Term {
	if !t.valid(ts...) {
		return 0
	}
	if len(ts) == 0 {
		return t.fail("%s of no terms", opNames[o])
	}
	s := t.sortOf(ts[0])
	for _, u := range ts {
		if k := t.kindOf(u); (k != kindInt && k != kindReal) || t.sortOf(u) != s {
			return t.fail("%s of non-numeric or mixed terms", opNames[o])
		}
	}
	if boolean {
		s = t.boolSort
	}
	return t.make(node{op: o, sort: s, args: ts})
}

// Lt returns u < v.
func (t *table) Lt(u, v smt.Term) smt.Term { return t.arith(opLt, true, u, v) }

// Le returns u ≤ v.
func (t *table) Le(u, v smt.Term) smt.Term { return t.arith(opLe, true, u, v) }

// Gt returns u > v.
func (t *table) Gt(u, v smt.Term) smt.Term { return t.arith(opGt, true, u, v) }

// Ge returns u ≥ v.
func (t *table) Ge(u, v smt.Term) smt.Term { return t.arith(opGe, true, u, v) }

// Add returns the sum of ts.
func (t *table) Add(ts ...smt.Term) smt.Term { return t.arith(opAdd, false, ts...) }

// Sub returns u − v.
func (t *table) Sub(u, v smt.Term) smt.Term { return t.arith(opSub, false, u, v) }

// Mul returns the product of ts.
func (t *table) Mul(ts ...smt.Term) smt.Term { return t.arith(opMul, false, ts...) }

// Mark returns the current end of the term table.
func (t *table) Mark() smt.Mark { return smt.Mark(len(t.nodes)) }

// release forgets the terms from m on, except pinned ones (below
// t.pinned, which asserted terms keep high enough).
func (t *table) release(m smt.Mark) {
	if m == 0 || int(m) > len(t.nodes) {
		panic(fmt.Sprintf("front: Release(%d) with %d terms in the table", m, len(t.nodes)))
	}
	cut := max(int(m), t.pinned)
	for _, n := range t.nodes[cut:] {
		delete(t.ids, n.key)
	}
	clear(t.nodes[cut:])
	t.nodes = t.nodes[:cut]
}

// String renders u in SMT-LIB syntax.
func (t *table) String(u smt.Term) string {
	if u == 0 || int(u) >= len(t.nodes) {
		return "<invalid>"
	}
	n := t.nodes[u]
	switch n.op {
	case opConst:
		return n.name
	case opValue:
		return t.sorts[n.sort].names[n.val]
	case opInt:
		if n.val < 0 {
			return "(- " + strconv.FormatInt(-n.val, 10) + ")"
		}
		return strconv.FormatInt(n.val, 10)
	case opReal:
		return "(/ " + strconv.FormatInt(n.val, 10) + " " + strconv.FormatInt(n.den, 10) + ")"
	case opTrue:
		return "true"
	case opFalse:
		return "false"
	}
	name := opNames[n.op]
	if n.op == opApply {
		name = t.funcs[n.fn].name
	}
	parts := []string{name}
	for _, a := range n.args {
		parts = append(parts, t.String(a))
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// shifted recognizes a comparison n of an integer term shifted by a
// constant with a literal, x + k ⋈ l, x − k ⋈ l or l ⋈ x + k (the form of
// the weak models' counters), and returns x and the literal l ∓ k that x
// is compared with instead; ok is false for any other node, and when
// l ∓ k leaves the range of the search's literals.
func (t *table) shifted(n *node) (x smt.Term, lit int64, ok bool) {
	if len(n.args) != 2 {
		return 0, 0, false
	}
	l, sum := &t.nodes[n.args[1]], &t.nodes[n.args[0]]
	if sum.op == opInt {
		l, sum = sum, l
	}
	if l.op != opInt || (sum.op != opAdd && sum.op != opSub) || len(sum.args) != 2 {
		return 0, 0, false
	}
	x, k := sum.args[0], &t.nodes[sum.args[1]]
	if k.op != opInt && sum.op == opAdd {
		x, k = sum.args[1], &t.nodes[sum.args[0]]
	}
	if k.op != opInt {
		return 0, 0, false
	}
	lit = l.val - k.val
	if sum.op == opSub {
		lit = l.val + k.val
	}
	if lit > maxLiteral || lit < -maxLiteral || k.val > maxLiteral || k.val < -maxLiteral {
		return 0, 0, false
	}
	return x, lit, true
}

// subterms calls f once on each subterm of root (root included) not yet
// marked in seen (indexed by term) with mark, before its arguments, and
// marks it.
func (t *table) subterms(root smt.Term, seen []int, mark int, f func(smt.Term)) {
	if seen[root] == mark {
		return
	}
	seen[root] = mark
	f(root)
	for _, a := range t.nodes[root].args {
		t.subterms(a, seen, mark, f)
	}
}
