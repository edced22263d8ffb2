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
	EventBase Proc = 4000 // event i of a cube is EventBase+i (in KVal terms)
)

// Every process a model can name (#1..#syntax.MaxProcs, and as many cube
// variables) lies below ParamBase: this does not compile otherwise.
var _ [ParamBase - 1 - syntax.MaxProcs]struct{}

// IsEvent reports whether p names an event of a cube.
func (p Proc) IsEvent() bool { return p >= EventBase }

// EventProc names event i of a cube.
func EventProc(i int) Proc { return EventBase + Proc(i) }

// IsVar reports whether p is a cube process variable #1, #2, ...
func (p Proc) IsVar() bool { return p > 0 && p < ParamBase }

// IsConst reports whether p is a model process constant #n.
func (p Proc) IsConst() bool { return p < 0 }

func (p Proc) String() string {
	switch {
	case p.IsConst():
		return fmt.Sprintf("#%d", -p)
	case p >= EventBase:
		return fmt.Sprintf("e%d", p-EventBase)
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
	KRead              // in a transition: the value the acting process reads from a weak location
	KVal               // the value of a read event of a cube (P names the event)
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

	key     string // canonical text, computed once when interned
	offKey  string // KLin: the text of Off
	id      uint32 // creation number, unique among interned terms
	hash    uint64 // hash of key, independent of creation order
	offHash uint64 // KLin: hash of offKey
}

// ID is a number unique to the interned term, for compact map keys.
func (t *Term) ID() uint32 { return t.id }

// MaxIndices is the most process indices an array may have.
const MaxIndices = 4

// stateID identifies a state term; the other kinds are identified by
// their process, constructor name or (base, offset text).
type stateID struct {
	kind  Kind
	sym   *syntax.Symbol
	args  [MaxIndices]Proc
	nargs uint8
}

type linID struct {
	base   *Term
	offKey string
}

func stateKey(kind Kind, sym *syntax.Symbol, args []Proc) stateID {
	id := stateID{kind: kind, sym: sym, nargs: uint8(len(args))}
	copy(id.args[:], args)
	return id
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

// StateTerm returns the term for a variable or an array cell.
func StateTerm(s *syntax.Symbol, args ...Proc) *Term {
	if len(args) > MaxIndices {
		panic("translate: too many array indices")
	}
	if u := lookupState(stateKey(KState, s, args)); u != nil {
		return u
	}
	return intern(&Term{Kind: KState, Sym: s, Args: append([]Proc(nil), args...)})
}

// ReadTerm returns, inside a transition, the value the acting process
// reads from the weak location s[args].
func ReadTerm(s *syntax.Symbol, args ...Proc) *Term {
	return intern(&Term{Kind: KRead, Sym: s, Args: append([]Proc(nil), args...)})
}

// ValTerm returns the value of read event ev (an EventProc) on location
// symbol s.
func ValTerm(s *syntax.Symbol, ev Proc) *Term {
	if u := lookupState(stateKey(KVal, s, []Proc{ev})); u != nil {
		return u
	}
	return intern(&Term{Kind: KVal, Sym: s, P: ev})
}

// ProcTerm returns the term for a process.
func ProcTerm(p Proc) *Term {
	if u := lookup(p, func(tt *termTables) map[Proc]*Term { return tt.proc }); u != nil {
		return u
	}
	return intern(&Term{Kind: KProc, P: p})
}

// CtorTerm returns the term for a constructor.
func CtorTerm(name string) *Term {
	if u := lookup(name, func(tt *termTables) map[string]*Term { return tt.ctor }); u != nil {
		return u
	}
	return intern(&Term{Kind: KCtor, Ctor: name})
}

// NumTerm returns a pure number.
func NumTerm(k *big.Rat) *Term { return LinTerm(nil, Lin{K: k}) }

// LinTerm returns base + off; base is a state term or nil.
func LinTerm(base *Term, off Lin) *Term {
	off = off.add(Lin{}, 1) // normal form: no zero constant, sorted coefficients
	if base != nil && off.K == nil && len(off.Consts) == 0 {
		return base
	}
	return intern(&Term{Kind: KLin, Base: base, Off: off})
}

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

// Key returns the canonical text of the term.
func (t *Term) Key() string { return t.key }

func (t *Term) writeKey(b *strings.Builder) {
	switch t.Kind {
	case KVal:
		b.WriteString("val(" + t.P.String() + ")")
	case KState, KRead:
		if t.Kind == KRead {
			b.WriteByte('@')
		}
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
		return LinTerm(t.Base, t.Off.add(off, 1))
	}
	return LinTerm(t, off)
}

// Rename returns t with every process p replaced by f(p).
func (t *Term) Rename(f func(Proc) Proc) *Term {
	switch t.Kind {
	case KProc:
		if q := f(t.P); q != t.P {
			return ProcTerm(q)
		}
	case KVal:
		if q := f(t.P); q != t.P {
			return ValTerm(t.Sym, q)
		}
	case KState, KRead:
		id := stateKey(t.Kind, t.Sym, t.Args)
		changed := false
		for i := range t.Args {
			if q := f(t.Args[i]); q != t.Args[i] {
				id.args[i], changed = q, true
			}
		}
		if !changed {
			return t
		}
		if u := lookupState(id); u != nil {
			return u
		}
		if t.Kind == KRead {
			return ReadTerm(t.Sym, id.args[:id.nargs]...)
		}
		return StateTerm(t.Sym, id.args[:id.nargs]...)
	case KLin:
		if t.Base != nil {
			if b := t.Base.Rename(f); b != t.Base {
				return t.withBase(b)
			}
		}
	}
	return t
}

// withBase returns the linear term b + t.Off. When t is interned, its
// offset's text is already known, and so is the key of the result: an
// existing term is found without building a term or its text.
func (t *Term) withBase(b *Term) *Term {
	if t.id != 0 {
		if u := lookup(linID{b, t.offKey}, func(tt *termTables) map[linID]*Term { return tt.lin }); u != nil {
			return u
		}
	}
	return intern(&Term{Kind: KLin, Base: b, Off: t.Off})
}

// Procs appends the processes mentioned by t to dst.
func (t *Term) Procs(dst []Proc) []Proc {
	switch t.Kind {
	case KProc, KVal:
		dst = append(dst, t.P)
	case KState, KRead:
		dst = append(dst, t.Args...)
	case KLin:
		if t.Base != nil {
			dst = t.Base.Procs(dst)
		}
	}
	return dst
}

// hashString is FNV-1a over s.
func hashString(s string) uint64 {
	h := uint64(hashSeed)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// symHash returns the hash of a symbol's name: names are short, so
// hashing one again costs less than looking it up in a shared cache.
func symHash(s *syntax.Symbol) uint64 { return hashString(s.Name) }
