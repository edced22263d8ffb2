package translate

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// Proc names a process inside a formula. Positive values are the
// existential process variables #1, #2, ... of a cube; negative values are
// the model's process constants (-n for `#n`); values from ParamBase on are
// placeholders of a transition (parameters, case index variables, the
// forall_other variable), replaced when the transition is instantiated.
type Proc int16

// Placeholder ranges used inside transitions.
const (
	ParamBase Proc = 1000 // parameter i is ParamBase+i
	IndexBase Proc = 2000 // case index variable i is IndexBase+i
	OtherVar  Proc = 3000 // the variable of forall_other
)

// IsVar reports whether p is a cube process variable #1, #2, ...
func (p Proc) IsVar() bool { return p > 0 && p < ParamBase }

// IsConst reports whether p is a model process constant #n.
func (p Proc) IsConst() bool { return p < 0 }

func (p Proc) String() string {
	switch {
	case p.IsConst():
		return fmt.Sprintf("#%d", -p)
	case p >= OtherVar:
		return "$other"
	case p >= IndexBase:
		return fmt.Sprintf("$j%d", p-IndexBase)
	case p >= ParamBase:
		return fmt.Sprintf("$p%d", p-ParamBase)
	}
	return fmt.Sprintf("#%d", int(p))
}

// Kind classifies terms.
type Kind uint8

// The kinds of terms.
const (
	KState Kind = iota // a global variable, a scalar constant, an array or constant-array cell
	KProc              // a process (variable, constant or placeholder)
	KCtor              // an enumeration constructor (including True, False)
	KLin               // a linear numeric expression: optional base + offset
)

// Term is a term of the checker's language. Terms are values: never modify
// one that has been shared.
type Term struct {
	Kind Kind
	Sym  *syntax.Symbol // KState: the variable, constant or array
	Args []Proc         // KState: array indices
	P    Proc           // KProc
	Ctor string         // KCtor
	// KLin: Base (a KState term, or nil for a pure number) + Off.
	Base *Term
	Off  Lin
}

// Lin is a rational constant plus integer multiples of model constants
// (`2 * C`), the offsets the language allows.
type Lin struct {
	K      *big.Rat // nil means 0
	Consts []Coeff  // sorted by name, no zero coefficients
}

// Coeff is `K * Name` for a scalar numeric constant Name.
type Coeff struct {
	Name string
	K    int64
}

// Typed constructors of terms.

// StateTerm returns the term for a variable or an array cell.
func StateTerm(s *syntax.Symbol, args ...Proc) *Term { return &Term{Kind: KState, Sym: s, Args: args} }

// ProcTerm returns the term for a process.
func ProcTerm(p Proc) *Term { return &Term{Kind: KProc, P: p} }

// CtorTerm returns the term for a constructor.
func CtorTerm(name string) *Term { return &Term{Kind: KCtor, Ctor: name} }

// NumTerm returns a pure number.
func NumTerm(k *big.Rat) *Term { return &Term{Kind: KLin, Off: Lin{K: k}} }

// IsValue reports whether t denotes one fixed value (a constructor, a
// number or a process constant), as opposed to state or a process variable.
func (t *Term) IsValue() bool {
	switch t.Kind {
	case KCtor:
		return true
	case KLin:
		return t.Base == nil && len(t.Off.Consts) == 0
	case KProc:
		return t.P.IsConst()
	}
	return false
}

// Key returns a canonical string for the term; equal keys mean equal terms.
func (t *Term) Key() string {
	var b strings.Builder
	t.writeKey(&b)
	return b.String()
}

func (t *Term) writeKey(b *strings.Builder) {
	switch t.Kind {
	case KState:
		b.WriteString(t.Sym.Name)
		if len(t.Args) > 0 {
			b.WriteByte('[')
			for i, a := range t.Args {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(a.String())
			}
			b.WriteByte(']')
		}
	case KProc:
		b.WriteString(t.P.String())
	case KCtor:
		b.WriteString(t.Ctor)
	case KLin:
		if t.Base != nil {
			t.Base.writeKey(b)
		}
		t.Off.writeKey(b, t.Base != nil)
	}
}

func (l Lin) writeKey(b *strings.Builder, afterBase bool) {
	wrote := afterBase
	if l.K != nil && l.K.Sign() != 0 || !afterBase && len(l.Consts) == 0 {
		k := l.rat()
		if wrote && k.Sign() >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(ratString(k))
		wrote = true
	}
	for _, c := range l.Consts {
		if wrote && c.K >= 0 {
			b.WriteByte('+')
		}
		fmt.Fprintf(b, "%d*%s", c.K, c.Name)
		wrote = true
	}
}

func (l Lin) rat() *big.Rat {
	if l.K == nil {
		return new(big.Rat)
	}
	return l.K
}

// ratString prints integers without a denominator.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString()
}

// add returns l + m.
func (l Lin) add(m Lin, sign int64) Lin {
	k := new(big.Rat).Set(l.rat())
	mk := m.rat()
	if sign < 0 {
		k.Sub(k, mk)
	} else {
		k.Add(k, mk)
	}
	coeffs := map[string]int64{}
	for _, c := range l.Consts {
		coeffs[c.Name] += c.K
	}
	for _, c := range m.Consts {
		coeffs[c.Name] += sign * c.K
	}
	var out Lin
	if k.Sign() != 0 {
		out.K = k
	}
	for name, v := range coeffs {
		if v != 0 {
			out.Consts = append(out.Consts, Coeff{Name: name, K: v})
		}
	}
	sort.Slice(out.Consts, func(i, j int) bool { return out.Consts[i].Name < out.Consts[j].Name })
	return out
}

// Plus returns t + off for a numeric term t (a state term or a linear term).
func Plus(t *Term, off Lin) *Term {
	if t.Kind == KLin {
		return &Term{Kind: KLin, Base: t.Base, Off: t.Off.add(off, 1)}
	}
	return &Term{Kind: KLin, Base: t, Off: off.add(Lin{}, 1)}
}

// Rename returns t with every process p replaced by f(p); it shares t when
// nothing changes.
func (t *Term) Rename(f func(Proc) Proc) *Term {
	switch t.Kind {
	case KProc:
		if q := f(t.P); q != t.P {
			return ProcTerm(q)
		}
	case KState:
		var args []Proc
		for i, a := range t.Args {
			if q := f(a); q != a {
				if args == nil {
					args = append([]Proc(nil), t.Args...)
				}
				args[i] = q
			}
		}
		if args != nil {
			return StateTerm(t.Sym, args...)
		}
	case KLin:
		if t.Base != nil {
			if b := t.Base.Rename(f); b != t.Base {
				return &Term{Kind: KLin, Base: b, Off: t.Off}
			}
		}
	}
	return t
}

// Procs appends the processes mentioned by t to dst.
func (t *Term) Procs(dst []Proc) []Proc {
	switch t.Kind {
	case KProc:
		dst = append(dst, t.P)
	case KState:
		dst = append(dst, t.Args...)
	case KLin:
		if t.Base != nil {
			dst = t.Base.Procs(dst)
		}
	}
	return dst
}
