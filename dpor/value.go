package dpor

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"sync"

	"github.com/cubew/cubew/translate"
)

// kind tells what a value holds.
type kind uint8

const (
	kUnset kind = iota // not assigned yet (only while enumerating initial states)
	kUndef             // some value of the type, not known to the engine
	kOther             // some value outside the literal set of init (see doc.go)
	kFree              // the initial value of location N, which init leaves free (init.go)
	kCons              // a constructor; N is its global constructor number
	kProc              // a process 1..N
	kInt               // an integer N
	kReal              // a rational; N indexes the run's table of rationals
)

// value is the value of one location. It is comparable, so states can be
// compared and encoded cheaply.
type value struct {
	K kind
	N int64
}

// known reports whether v is a concrete value.
func (v value) known() bool { return v.K >= kCons }

// numeric reports whether v is a concrete number.
func (v value) numeric() bool { return v.K == kInt || v.K == kReal }

var (
	undef = value{K: kUndef}
	other = value{K: kOther}
)

// truth is a value of Kleene's three-valued logic: a formula over unknown
// values (kUndef, kOther, kFree, kUnset) may be neither true nor false.
type truth int8

const (
	tFalse truth = iota
	tTrue
	tUnknown
)

func truthOf(b bool) truth {
	if b {
		return tTrue
	}
	return tFalse
}

func (a truth) not() truth {
	switch a {
	case tTrue:
		return tFalse
	case tFalse:
		return tTrue
	}
	return tUnknown
}

func and(a, b truth) truth {
	switch {
	case a == tFalse || b == tFalse:
		return tFalse
	case a == tTrue && b == tTrue:
		return tTrue
	}
	return tUnknown
}

func or(a, b truth) truth { return and(a.not(), b.not()).not() }

// numbers interns the rationals of one run and knows the literal set L of
// init (doc.go, "Unconstrained values").
type numbers struct {
	rats       []*big.Rat
	whole      []wholeReal // whole[i]: rats[i] as an int64, when it is one
	index      map[string]int64
	wholeIndex map[int64]int64 // the whole rationals of index, by value
	lits       map[string]bool // rational strings of the numeric literals of init
	terms      sync.Map        // value -> *translate.Term, for State's callers
}

// term returns the concrete number v as a term, made once per value:
// the oracle asks for the same values in every state it matches, from
// several goroutines.
func (ns *numbers) term(v value) *translate.Term {
	if t, ok := ns.terms.Load(v); ok {
		return t.(*translate.Term)
	}
	t, _ := ns.terms.LoadOrStore(v, translate.NumTerm(ns.rat(v)))
	return t.(*translate.Term)
}

func newNumbers() *numbers {
	return &numbers{index: map[string]int64{}, wholeIndex: map[int64]int64{}, lits: map[string]bool{}}
}

// wholeReal is a real that is an integer small enough for int64, kept
// beside its rational so that comparisons need no big arithmetic.
type wholeReal struct {
	n  int64
	ok bool
}

// small returns a concrete number as an int64 when it is a whole number
// that fits one.
func (ns *numbers) small(v value) (int64, bool) {
	if v.K == kReal {
		w := ns.whole[v.N]
		return w.n, w.ok
	}
	return v.N, true
}

// cmp compares two concrete numbers: -1, 0 or 1.
func (ns *numbers) cmp(a, b value) int {
	x, xok := ns.small(a)
	y, yok := ns.small(b)
	if !xok || !yok {
		return ns.rat(a).Cmp(ns.rat(b))
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// rat returns the value of a concrete number as a rational.
func (ns *numbers) rat(v value) *big.Rat {
	if v.K == kReal {
		return ns.rats[v.N]
	}
	return new(big.Rat).SetInt64(v.N)
}

// real interns r and returns it as a real value.
func (ns *numbers) real(r *big.Rat) value {
	s := r.RatString()
	if i, ok := ns.index[s]; ok {
		return value{K: kReal, N: i}
	}
	i := int64(len(ns.rats))
	ns.rats = append(ns.rats, new(big.Rat).Set(r))
	w := wholeReal{ok: r.IsInt() && r.Num().IsInt64()}
	if w.ok {
		w.n = r.Num().Int64()
	}
	ns.whole = append(ns.whole, w)
	ns.index[s] = i
	if w.ok {
		ns.wholeIndex[w.n] = i
	}
	return value{K: kReal, N: i}
}

// number converts a literal; real literals become reals, others ints.
func (ns *numbers) number(r *big.Rat, isReal bool) (value, error) {
	if isReal {
		return ns.real(r), nil
	}
	if !r.IsInt() || !r.Num().IsInt64() {
		return value{}, fmt.Errorf("integer literal %s out of range", r.RatString())
	}
	return value{K: kInt, N: r.Num().Int64()}, nil
}

// isLiteral reports whether the concrete number v is in init's literal set.
func (ns *numbers) isLiteral(v value) bool {
	return ns.lits[ns.rat(v).RatString()]
}

// compare evaluates `a op b` where op is one of = <> < <=.
func (ns *numbers) compare(op string, a, b value) truth {
	if !a.known() || !b.known() {
		if op == "=" || op == "<>" {
			// kOther differs from every literal of init.
			if a.K == kOther && b.numeric() && ns.isLiteral(b) ||
				b.K == kOther && a.numeric() && ns.isLiteral(a) {
				return truthOf(op == "<>")
			}
		}
		return tUnknown
	}
	var c int
	switch {
	case a.K == kReal || b.K == kReal:
		c = ns.cmp(a, b)
	default: // same kind: constructors, processes, integers
		switch {
		case a.N < b.N:
			c = -1
		case a.N > b.N:
			c = 1
		}
	}
	switch op {
	case "=":
		return truthOf(c == 0)
	case "<>":
		return truthOf(c != 0)
	case "<":
		return truthOf(c < 0)
	}
	return truthOf(c <= 0) // "<="
}

// add returns a + sign*b for numbers; unknown operands give kUndef.
func (ns *numbers) add(a, b value, sign int64) (value, error) {
	if !a.numeric() || !b.numeric() {
		return undef, nil
	}
	if a.K == kInt && b.K == kInt {
		x, y := a.N, sign*b.N
		s := x + y
		if (y > 0 && s < x) || (y < 0 && s > x) {
			return value{}, fmt.Errorf("integer overflow in %d %+d", x, y)
		}
		return value{K: kInt, N: s}, nil
	}
	if v, ok := ns.addWhole(a, b, sign); ok {
		return v, nil
	}
	r := new(big.Rat).Mul(ns.rat(b), big.NewRat(sign, 1))
	return ns.real(r.Add(r, ns.rat(a))), nil
}

// addWhole is add of two whole numbers, one of them a real, whose sum is
// a real interned already, without big arithmetic (ricart_agrawala's
// clocks step by whole numbers); false when it does not apply.
func (ns *numbers) addWhole(a, b value, sign int64) (value, bool) {
	x, xok := ns.small(a)
	y, yok := ns.small(b)
	if !xok || !yok || sign != 1 && sign != -1 || y == math.MinInt64 {
		return value{}, false
	}
	y *= sign
	s := x + y
	if (y > 0 && s < x) || (y < 0 && s > x) {
		return value{}, false
	}
	i, ok := ns.wholeIndex[s]
	return value{K: kReal, N: i}, ok
}

// scale returns k*c for a number c; unknown operands give kUndef.
func (ns *numbers) scale(k int64, c value) (value, error) {
	if !c.numeric() {
		return undef, nil
	}
	if c.K == kInt {
		p := k * c.N
		if k != 0 && (p/k != c.N || (k == -1 && c.N < 0 && p < 0)) {
			return value{}, fmt.Errorf("integer overflow in %d * %d", k, c.N)
		}
		return value{K: kInt, N: p}, nil
	}
	return ns.real(new(big.Rat).Mul(ns.rat(c), big.NewRat(k, 1))), nil
}

// format prints a value; cons maps constructor numbers to names.
func (ns *numbers) format(v value, cons []string) string {
	switch v.K {
	case kUnset:
		return "unset"
	case kUndef, kOther:
		return "?"
	case kFree:
		return freeText
	case kCons:
		return cons[v.N]
	case kProc:
		return "#" + strconv.FormatInt(v.N, 10)
	case kInt:
		return strconv.FormatInt(v.N, 10)
	}
	r := ns.rats[v.N]
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	return r.RatString()
}

// ratFromString parses a rational printed by big.Rat.RatString.
func ratFromString(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}
