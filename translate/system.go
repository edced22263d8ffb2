package translate

import (
	"github.com/cubew/cubew/syntax"
)

// System is a checked model in the checker's form: formulas in disjunctive
// normal form over Terms, transitions with their updates as case lists.
type System struct {
	Model       *syntax.Model
	NumProcs    int // the number_procs bound, 0 when unbounded
	Init        Init
	Unsafe      []Property
	Invariants  []Property
	Transitions []*Transition
}

// Init is the initial formula: for every choice of NParams processes (not
// necessarily distinct, except the pairs in Distinct) one of the DNF's
// conjunctions holds. Parameter i is written ParamBase+i.
type Init struct {
	NParams  int
	Distinct [][2]int
	DNF      [][]Literal
}

// Property is one cube of an unsafe (or invariant) item: a disjunct of its
// formula, over the distinct processes #1..#NVars.
type Property struct {
	Name string // the item's name, or unsafe[k] / invariant[k] (k from 1)
	Pos  syntax.Pos
	Cube *Cube
	// Procs counts the distinct processes the item names (parameters and
	// exists-bound variables): a state satisfies it only in an instance
	// with that many processes, even when Cube mentions fewer (a
	// parameter the formula does not use is dropped from Cube).
	Procs int
}

// Transition is one disjunct of a transition's guard with the
// transition's updates. Parameter i is written ParamBase+i.
type Transition struct {
	Name    string
	Pos     syntax.Pos
	NParams int
	Acting  int // index of the acting parameter, -1 when unmarked
	Guard   []Literal
	// Other is the forall_other part: for every process other than the
	// parameters, one conjunction of Other holds (OtherVar names it).
	// HasOther tells an absent part (nil) from a false one.
	HasOther bool
	Other    [][]Literal
	Fence    bool // the guard has fence() (weak models)
	Updates  []*Update
	Nondets  []*syntax.Symbol // globals set to an arbitrary value
}

// Update is the new value of one variable or array. For an array with
// NIdx indices the new value of cell [IndexBase+0, ...] is the value of
// the first branch whose condition holds, else Default, else the old value.
type Update struct {
	Sym      *syntax.Symbol
	NIdx     int
	Cell     []Proc // for a one-cell update A[i] := t, the cell (Branches[0] gives t)
	Branches []Branch
	Default  *Term // nil: keep the old value
}

// Branch is `| cond : value` with the condition in DNF (one empty
// conjunction for `true`).
type Branch struct {
	Cond  [][]Literal
	Value *Term
}
