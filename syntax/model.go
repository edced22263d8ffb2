package syntax

// TypeKind classifies the value types of the language.
type TypeKind int

// The kinds of types.
const (
	TBool TypeKind = iota // the enumeration True | False
	TInt
	TReal
	TProc
	TEnum     // a user enumeration
	TAbstract // a user type without constructors
)

// Type is a value type: predeclared (bool, int, real, proc) or declared.
type Type struct {
	Name         string
	Kind         TypeKind
	Constructors []string // for TBool and TEnum, in declaration order
}

// Numeric reports whether arithmetic and ordering apply to the type.
func (t *Type) Numeric() bool { return t.Kind == TInt || t.Kind == TReal }

// SymbolClass tells what a capitalised name denotes.
type SymbolClass int

// The classes of symbols (they share one namespace).
const (
	SymConstructor SymbolClass = iota
	SymConst                   // a scalar constant or (Cubicle-W) a constant array
	SymVar                     // a global variable
	SymArray                   // an array indexed by processes
)

// Symbol is a declared capitalised name.
type Symbol struct {
	Name  string
	Class SymbolClass
	Weak  bool  // a weak variable or weak array (only when weak rules apply)
	Arity int   // number of process indices (arrays and constant arrays)
	Type  *Type // value type; for a constructor, its enumeration
	Decl  *SymbolDecl
}

// Model is a file that passed Check, with its resolved declarations.
type Model struct {
	File        *File
	Types       map[string]*Type   // including the predeclared bool, int, real, proc
	Symbols     map[string]*Symbol // constructors, constants, variables, arrays
	Weak        bool               // weak declarations present and weak (TSO/PSO) rules applied
	NumProcs    int                // the number_procs bound, 0 when unbounded
	Init        *Init              // with the values of constants given one as conjuncts (`Tick = 1.0`)
	Unsafes     []*Property
	Invariants  []*Property
	Transitions []*Transition
	Predicates  map[string]*Predicate
}

// CheckOptions selects the rules Check applies. The zero value checks a
// model as Cubicle-W does under TSO: when the file declares weak variables,
// the weak-memory type rules (language reference §6.4) apply.
type CheckOptions struct {
	// SC checks the model for sequential consistency: `weak` is ignored,
	// `fence()` is true and the weak-memory rules do not apply.
	SC bool
}

// TermType returns the type of a term of the checked model, or nil for a
// term that does not belong to it (an unknown name). Process variables and
// constants `#n` have type proc, numbers int or real, `p @ X` the type of X
// and an arithmetic term the type of its base.
func (m *Model) TermType(t Term) *Type {
	switch t := t.(type) {
	case *Name:
		return m.symbolType(t.Name)
	case *Proc:
		return m.Types["proc"]
	case *Cell:
		return m.symbolType(t.Array)
	case *Read:
		return m.TermType(t.Loc)
	case *Number:
		if t.Real {
			return m.Types["real"]
		}
		return m.Types["int"]
	case *Arith:
		return m.TermType(t.Base)
	case *Scaled:
		return m.symbolType(t.Const)
	}
	return nil
}

func (m *Model) symbolType(name string) *Type {
	if s := m.Symbols[name]; s != nil {
		return s.Type
	}
	return nil
}
