package syntax

import (
	"math/big"

	"github.com/alecthomas/participle/v2/lexer"
)

// Pos is a position in a source file. It prints as FILE:LINE:COL.
type Pos = lexer.Position

// File is a parsed model: declarations and items in source order.
type File struct {
	Name     string // file name as given to Parse
	NumProcs *NumProcs
	Types    []*TypeDecl
	Symbols  []*SymbolDecl // const, var and array declarations in source order
	Items    []Item        // init, unsafe, invariant, transition, predicate in source order
	// Comments lists the comments of the source in order; Print places
	// them back (cubew fmt).
	Comments []*Comment
}

// Comment is a comment of the source, `(* ... *)` with its delimiters.
// Prev is where the token or comment before it ends (zero at the start of
// the file): a comment on the line of that token trails it, a comment on a
// line of its own leads what follows.
type Comment struct {
	Pos, End Pos
	Prev     Pos
	Text     string
}

// OwnLine reports whether the comment starts its line.
func (c *Comment) OwnLine() bool { return c.Prev.Line == 0 || c.Prev.Line < c.Pos.Line }

// BlankBefore reports whether a blank line separates the comment from what
// precedes it.
func (c *Comment) BlankBefore() bool { return c.Prev.Line > 0 && c.Pos.Line > c.Prev.Line+1 }

// NumProcs is the `number_procs N` declaration.
type NumProcs struct {
	Pos Pos
	N   int
}

// TypeDecl declares an abstract type (no constructors) or an enumeration.
type TypeDecl struct {
	Pos          Pos
	Name         string
	Constructors []Ident // empty for an abstract type
}

// SymbolKind tells a constant, a global variable and an array apart.
type SymbolKind int

// The kinds of symbol declarations.
const (
	KindVar SymbolKind = iota
	KindArray
	KindConst
)

// SymbolDecl declares `var`, `array` or `const` (scalar or, in Cubicle-W,
// indexed by processes), optionally `weak`.
type SymbolDecl struct {
	Pos     Pos
	Kind    SymbolKind
	Weak    bool
	Name    string
	Indices []Ident // index type names (always `proc` in a valid model); nil for scalars
	Type    Ident   // value type name (of the value, int or real, for `const C = n`)
	// Value is the value of a constant given one (`const Tick = 1.0`,
	// `const Tick : real = 1.0`), nil otherwise.
	Value *Number
}

// Ident is a name with its position.
type Ident struct {
	Pos  Pos
	Name string
}

// Item is one of *Init, *Property, *Transition, *Predicate.
type Item interface {
	ItemPos() Pos
}

// Init is the `init` item: a formula that holds for every choice of its
// (universally quantified, not necessarily distinct) parameters.
type Init struct {
	Pos    Pos
	Params []Ident
	Body   Formula
	End    Pos // just after the closing brace (zero when not parsed)
}

// PropertyKind tells `unsafe` and `invariant` apart.
type PropertyKind int

// The kinds of properties.
const (
	Unsafe PropertyKind = iota
	Invariant
)

// Property is an `unsafe` or `invariant` item: a formula over distinct,
// existentially quantified processes describing bad (or excluded) states.
type Property struct {
	Pos    Pos
	Kind   PropertyKind
	Name   string // optional (Cubicle-W)
	Params []Ident
	Body   Formula
	End    Pos // just after the closing brace (zero when not parsed)
}

// Param is a transition parameter; Acting marks the `[p]` acting process.
type Param struct {
	Pos    Pos
	Name   string
	Acting bool
}

// Transition is a guarded, atomic update of the state by distinct processes.
type Transition struct {
	Pos     Pos
	Name    string
	Params  []Param
	Guard   Formula // nil when there is no `requires`
	Lets    []*Let
	Actions []*Action
	// Body is the opening brace of the actions, End just after the closing
	// one (zero when not parsed).
	Body, End Pos
}

// Acting returns the name of the acting process, or "" if none is marked.
func (t *Transition) Acting() string {
	for _, p := range t.Params {
		if p.Acting {
			return p.Name
		}
	}
	return ""
}

// Let is a `let x = t in` binding; it has no effect (as in Cubicle).
type Let struct {
	Pos   Pos
	Name  string
	Value Term
}

// Predicate is a named formula macro.
type Predicate struct {
	Pos    Pos
	Name   string
	Params []Ident
	Body   Formula
	End    Pos // just after the closing brace (zero when not parsed)
}

// ItemPos returns the position of the item keyword.
func (x *Init) ItemPos() Pos { return x.Pos }

// ItemPos returns the position of the item keyword.
func (x *Property) ItemPos() Pos { return x.Pos }

// ItemPos returns the position of the item keyword.
func (x *Transition) ItemPos() Pos { return x.Pos }

// ItemPos returns the position of the item keyword.
func (x *Predicate) ItemPos() Pos { return x.Pos }

// Action is an assignment `X := v`, `A[i] := v` or `A[j] := case ...`.
type Action struct {
	Pos    Pos
	Target string
	Index  []Proc // nil for a global
	Value  RHS
}

// RHS is the right-hand side of an assignment: *TermRHS, *Case or *Nondet.
type RHS interface {
	rhsPos() Pos
}

// TermRHS is a plain term on the right of `:=`.
type TermRHS struct {
	Term Term
}

// Case is `case | c1 : t1 | ... | _ : t0`; the default branch, if any, is
// last and has a nil Cond.
type Case struct {
	Pos      Pos
	Branches []*Branch
}

// Branch is one `| cond : value` of a case.
type Branch struct {
	Pos   Pos
	Cond  Formula // nil for the default branch `_`
	Value Term
}

// Nondet is the nondeterministic value `.` or `?`.
type Nondet struct {
	Pos  Pos
	Mark string // "." or "?"
}

func (x *TermRHS) rhsPos() Pos { return x.Term.TermPos() }
func (x *Case) rhsPos() Pos    { return x.Pos }
func (x *Nondet) rhsPos() Pos  { return x.Pos }

// Formula is one of *BoolLit, *Compare, *Fence, *Call, *Not, *Binary, *Ite, *Quant.
type Formula interface {
	FormulaPos() Pos
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Pos   Pos
	Value bool
}

// CmpOp is a comparison operator.
type CmpOp string

// The comparison operators.
const (
	OpEq CmpOp = "="
	OpNe CmpOp = "<>"
	OpLt CmpOp = "<"
	OpLe CmpOp = "<="
	OpGt CmpOp = ">"
	OpGe CmpOp = ">="
)

// Compare is an atom `L op R`.
type Compare struct {
	Pos Pos
	Op  CmpOp
	L   Term
	R   Term
}

// Fence is the Cubicle-W atom `fence()`.
type Fence struct {
	Pos Pos
}

// Call is a predicate application; arguments are terms.
type Call struct {
	Pos  Pos
	Name string
	Args []Term
}

// Not is `not X`.
type Not struct {
	Pos Pos
	X   Formula
}

// BinOp is a binary connective.
type BinOp string

// The binary connectives, weakest first.
const (
	OpImp BinOp = "=>"
	OpIff BinOp = "<=>"
	OpOr  BinOp = "||"
	OpAnd BinOp = "&&"
)

// Binary is `L op R` for a connective op.
type Binary struct {
	Pos Pos
	Op  BinOp
	L   Formula
	R   Formula
}

// Ite is `if C then A else B`.
type Ite struct {
	Pos  Pos
	Cond Formula
	Then Formula
	Else Formula
}

// QuantKind is one of the four quantifiers.
type QuantKind string

// The quantifiers.
const (
	Forall      QuantKind = "forall"
	Exists      QuantKind = "exists"
	ForallOther QuantKind = "forall_other"
	ExistsOther QuantKind = "exists_other"
)

// Quant is a quantified formula; `forall i <> j.` binds several distinct
// variables, the `_other` forms exactly one.
type Quant struct {
	Pos  Pos
	Kind QuantKind
	Vars []Ident
	Body Formula
}

// FormulaPos returns the position where the formula starts.
func (x *BoolLit) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Compare) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Fence) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Call) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Not) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Binary) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Ite) FormulaPos() Pos { return x.Pos }

// FormulaPos returns the position where the formula starts.
func (x *Quant) FormulaPos() Pos { return x.Pos }

// Term is one of *Name, *Proc, *Cell, *Read, *Number, *Arith, *Scaled.
type Term interface {
	TermPos() Pos
}

// Name is a capitalised name: a constant, a constructor or a global variable.
type Name struct {
	Pos  Pos
	Name string
}

// Proc is a process: a lowercase variable or a constant `#n` (Const > 0).
type Proc struct {
	Pos   Pos
	Var   string
	Const int
}

// Cell is an array cell `A[i, ...]`.
type Cell struct {
	Pos   Pos
	Array string
	Index []Proc
}

// Read is the Cubicle-W process-qualified read `p @ X` or `p @ A[q]`; Loc is
// a *Name or a *Cell.
type Read struct {
	Pos    Pos
	Reader Proc
	Loc    Term
}

// Number is an integer or real literal, kept exactly.
type Number struct {
	Pos   Pos
	Value *big.Rat
	Real  bool   // written with a decimal point
	Text  string // as written
}

// Arith is `Base + Offset` or `Base - Offset`.
type Arith struct {
	Pos    Pos
	Base   Term
	Minus  bool
	Offset Term // *Number, *Name (a constant) or *Scaled
}

// Scaled is `K * C` (or `C * K`) for an integer K and a constant C.
type Scaled struct {
	Pos        Pos
	K          int64
	Const      string
	ConstFirst bool // written `C * K`
}

// TermPos returns the position where the term starts.
func (x *Name) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Proc) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Cell) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Read) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Number) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Arith) TermPos() Pos { return x.Pos }

// TermPos returns the position where the term starts.
func (x *Scaled) TermPos() Pos { return x.Pos }
