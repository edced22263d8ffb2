package translate

import (
	"sync"
	"sync/atomic"

	"github.com/cubew/cubew/syntax"
)

// Subtype is the set of constructors a variable or array of an enumerated
// (or boolean) type can hold in a reachable state: a static
// over-approximation (Cubicle's subtyping), computed from the values init
// gives and the values transitions assign, closed under assignments
// between variables. A literal comparing the variable with a constructor
// outside its subtype is decided without the solver, enumerations
// complete over the subtype (`Chan <> Empty` is `Chan = Ack` when the
// channel only ever holds Empty and Ack), and the solver is told.
type Subtype map[string]bool

// subtypes holds the subtypes of the symbols of every built model, keyed
// by symbol (symbols belong to one parsed model); copy on write, so that
// the search reads it without a lock.
var subtypes struct {
	sync.Mutex
	m atomic.Pointer[map[*syntax.Symbol]Subtype]
}

// SubtypeOf returns the subtype of sym, nil when sym may hold every
// constructor of its type (or is not of an enumerated type).
func SubtypeOf(sym *syntax.Symbol) Subtype {
	if m := subtypes.m.Load(); m != nil {
		return (*m)[sym]
	}
	return nil
}

// registerSubtypes records the subtypes of a model's symbols.
func registerSubtypes(sub map[*syntax.Symbol]Subtype) {
	if len(sub) == 0 {
		return
	}
	subtypes.Lock()
	defer subtypes.Unlock()
	next := map[*syntax.Symbol]Subtype{}
	if old := subtypes.m.Load(); old != nil {
		for k, v := range *old {
			next[k] = v
		}
	}
	for k, v := range sub {
		next[k] = v
	}
	subtypes.m.Store(&next)
}

// enumerated reports whether sym's values are constructors.
func enumerated(sym *syntax.Symbol) bool {
	k := sym.Type.Kind
	return (k == syntax.TEnum || k == syntax.TBool) && sym.Class != syntax.SymConstructor
}

// computeSubtypes over-approximates the constructors each enumerated
// variable or array of sys can hold. A symbol starts with the values
// init pins it to in every disjunct (every constructor of its type when
// a disjunct leaves some cell free), then gains the constructors
// transitions assign to it and, to a fixpoint, the values of the
// variables, cells and reads assigned to it; a nondeterministic
// assignment gives it every constructor. Only strict subsets are kept.
func computeSubtypes(sys *System) map[*syntax.Symbol]Subtype {
	var syms []*syntax.Symbol
	for _, s := range sys.Model.Symbols {
		if enumerated(s) {
			syms = append(syms, s)
		}
	}
	dom := map[*syntax.Symbol]Subtype{}
	full := func(s *syntax.Symbol) {
		d := Subtype{}
		for _, c := range s.Type.Constructors {
			d[c] = true
		}
		dom[s] = d
	}
	for _, s := range syms {
		if d, ok := initValues(sys.Init, s); ok {
			dom[s] = d
		} else {
			full(s)
		}
	}
	flows := map[*syntax.Symbol][]*syntax.Symbol{} // target -> sources
	for _, t := range sys.Transitions {
		for _, s := range t.Nondets {
			if enumerated(s) {
				full(s)
			}
		}
		for _, u := range t.Updates {
			if !enumerated(u.Sym) {
				continue
			}
			values := []*Term{u.Default}
			for _, br := range u.Branches {
				values = append(values, br.Value)
			}
			for _, v := range values {
				switch {
				case v == nil:
				case v.Kind == KCtor:
					dom[u.Sym][v.Ctor] = true
				case (v.Kind == KState || v.Kind == KRead || v.Kind == KVal) && dom[v.Sym] != nil:
					flows[u.Sym] = append(flows[u.Sym], v.Sym)
				default:
					full(u.Sym)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for dst, srcs := range flows {
			for _, src := range srcs {
				for c := range dom[src] {
					if !dom[dst][c] {
						dom[dst][c] = true
						changed = true
					}
				}
			}
		}
	}
	out := map[*syntax.Symbol]Subtype{}
	for s, d := range dom {
		if len(d) < len(s.Type.Constructors) {
			out[s] = d
		}
	}
	return out
}

// initValues returns the constructors init pins every cell of s to, over
// its disjuncts, and false when some disjunct leaves a cell of s free
// (not compared for equality with a constructor for every process).
func initValues(in Init, s *syntax.Symbol) (Subtype, bool) {
	if len(in.DNF) == 0 {
		return nil, false
	}
	d := Subtype{}
	for _, conj := range in.DNF {
		pinned := false
		for _, l := range conj {
			if l.Op != Eq || l.L.Kind != KState || l.L.Sym != s || l.R.Kind != KCtor || !everyCell(in, l.L.Args) {
				continue
			}
			d[l.R.Ctor] = true
			pinned = true
		}
		if !pinned {
			return nil, false
		}
	}
	return d, true
}

// everyCell reports whether indices, in init, range over every cell:
// pairwise different parameters that init does not require distinct.
func everyCell(in Init, args []Proc) bool {
	for i, a := range args {
		if a < ParamBase || a >= IndexBase {
			return false
		}
		for _, b := range args[:i] {
			if a == b {
				return false
			}
			for _, p := range in.Distinct {
				x, y := int(a-ParamBase), int(b-ParamBase)
				if p == [2]int{x, y} || p == [2]int{y, x} {
					return false
				}
			}
		}
	}
	return true
}
