package syntax

// The participle grammar. These structs mirror the concrete syntax, one per
// precedence level; parse.go converts them to the AST of ast.go. The grammar
// accepts declarations and items in any order; Check enforces the order so
// that a misplaced declaration gets a precise message.

type gFile struct {
	Entries []*gEntry `parser:"@@*"`
}

type gEntry struct {
	NumProcs   *gNumProcs   `parser:"  @@"`
	Type       *gType       `parser:"| @@"`
	Symbol     *gSymbol     `parser:"| @@"`
	Init       *gInit       `parser:"| @@"`
	Property   *gProperty   `parser:"| @@"`
	Transition *gTransition `parser:"| @@"`
	Predicate  *gPredicate  `parser:"| @@"`
}

type gNumProcs struct {
	Pos Pos
	N   string `parser:"'number_procs' @Int"`
}

type gType struct {
	Pos          Pos
	Name         string   `parser:"'type' @LIdent"`
	Constructors []gIdent `parser:"( '=' '|'? @@ ( '|' @@ )* )?"`
}

type gIdent struct {
	Pos  Pos
	Name string `parser:"@MIdent"`
}

type gLIdent struct {
	Pos  Pos
	Name string `parser:"@LIdent"`
}

type gSymbol struct {
	Pos     Pos
	Weak    bool      `parser:"@'weak'?"`
	Kind    string    `parser:"@('var' | 'array' | 'const')"`
	Name    string    `parser:"@MIdent"`
	Indices []gLIdent `parser:"( '[' @@ ( ',' @@ )* ']' )?"`
	Type    gLIdent   `parser:"( ':' @@"`
	// Typed is the value of `const C : t = n`, Value that of `const C
	// = n` (a constant given a value, its type that of the number).
	Typed *gNumber `parser:"  ( '=' @@ )?"`
	Value *gNumber `parser:"| '=' @@ )"`
}

type gInit struct {
	Pos    Pos
	Params *gParamList `parser:"'init' @@?"`
	Body   *gFormula   `parser:"'{' @@ '}'"`
}

type gParamList struct {
	Names []gLIdent `parser:"'(' @@* ')'"`
}

type gProperty struct {
	Pos    Pos
	Kind   string      `parser:"@('unsafe' | 'invariant')"`
	Name   string      `parser:"( @LIdent | @MIdent )?"`
	Params *gParamList `parser:"@@?"`
	Body   *gFormula   `parser:"'{' @@ '}'"`
}

type gTransition struct {
	Pos     Pos
	Name    string     `parser:"'transition' ( @LIdent | @MIdent )"`
	Params  []gParam   `parser:"'(' @@* ')'"`
	Guard   *gFormula  `parser:"( 'requires' '{' @@ '}' )?"`
	Lets    []*gLet    `parser:"'{' @@*"`
	Actions []*gAction `parser:"( @@ ( ';' @@ )* ';'? )? '}'"`
}

type gParam struct {
	Pos    Pos
	Acting string `parser:"  '[' @LIdent ']'"`
	Name   string `parser:"| @LIdent"`
}

type gLet struct {
	Pos   Pos
	Name  string `parser:"'let' @LIdent '='"`
	Value *gTerm `parser:"@@ 'in'"`
}

type gAction struct {
	Pos    Pos
	Target string   `parser:"@MIdent"`
	Index  []gProc  `parser:"( '[' @@ ( ',' @@ )* ']' )?"`
	Case   *gCase   `parser:"':=' ( @@"`
	Nondet *gNondet `parser:"    | @@"`
	Term   *gTerm   `parser:"    | @@ )"`
}

type gCase struct {
	Pos      Pos
	Branches []*gBranch `parser:"'case' @@+"`
}

type gNondet struct {
	Pos  Pos
	Mark string `parser:"@('.' | '?')"`
}

type gBranch struct {
	Pos     Pos
	Default bool      `parser:"'|' ( @'_'"`
	Cond    *gFormula `parser:"      | @@ )"`
	Value   *gTerm    `parser:"':' @@"`
}

type gPredicate struct {
	Pos    Pos
	Name   string    `parser:"'predicate' @LIdent"`
	Params []gLIdent `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Body   *gFormula `parser:"'{' @@ '}'"`
}

// Formulas, weakest binding first. A quantifier may stand as the right
// operand of any connective; its body then extends as far right as possible.

type gFormula struct {
	Quant *gQuant `parser:"  @@"`
	Imp   *gImp   `parser:"| @@"`
}

type gQuant struct {
	Pos  Pos
	Kind string    `parser:"@('forall' | 'exists' | 'forall_other' | 'exists_other')"`
	Vars []gLIdent `parser:"@@ ( '<>' @@ )* '.'"`
	Body *gFormula `parser:"@@"`
}

type gImp struct {
	Pos   Pos
	L     *gOr    `parser:"@@"`
	Op    string  `parser:"( @('=>' | '<=>')"`
	Quant *gQuant `parser:"  ( @@"`
	R     *gImp   `parser:"  | @@ ) )?"`
}

type gOr struct {
	Pos   Pos
	L     *gAnd   `parser:"@@"`
	Op    string  `parser:"( @'||'"`
	Quant *gQuant `parser:"  ( @@"`
	R     *gOr    `parser:"  | @@ ) )?"`
}

type gAnd struct {
	Pos   Pos
	L     *gUnary `parser:"@@"`
	Op    string  `parser:"( @'&&'"`
	Quant *gQuant `parser:"  ( @@"`
	R     *gAnd   `parser:"  | @@ ) )?"`
}

type gUnary struct {
	Pos     Pos
	Not     *gNot     `parser:"  @@"`
	Ite     *gIte     `parser:"| @@"`
	Paren   *gFormula `parser:"| '(' @@ ')'"`
	Bool    string    `parser:"| @('true' | 'false')"`
	Fence   bool      `parser:"| @'fence' '(' ')'"`
	Call    *gCall    `parser:"| @@"`
	Compare *gCompare `parser:"| @@"`
}

type gNot struct {
	Pos   Pos
	Quant *gQuant `parser:"'not' ( @@"`
	X     *gUnary `parser:"      | @@ )"`
}

type gIte struct {
	Pos       Pos
	Cond      *gFormula `parser:"'if' @@"`
	Then      *gFormula `parser:"'then' @@"`
	ElseQuant *gQuant   `parser:"'else' ( @@"`
	Else      *gUnary   `parser:"       | @@ )"`
}

type gCall struct {
	Pos  Pos
	Name string   `parser:"@LIdent '('"`
	Args []*gTerm `parser:"( @@ ( ',' @@ )* )? ')'"`
}

type gCompare struct {
	Pos Pos
	L   *gTerm `parser:"@@"`
	Op  string `parser:"@('=' | '<>' | '<=' | '<' | '>=' | '>')"`
	R   *gTerm `parser:"@@"`
}

// Terms: `base (+|-) offset`, a number, `k * C`.

type gTerm struct {
	Pos      Pos
	Neg      bool     `parser:"  ( @'-'"`
	NegK     string   `parser:"    @Int '*'"`
	NegConst string   `parser:"    @MIdent )"`
	Scaled   *gScaled `parser:"| @@"`
	Number   *gNumber `parser:"| @@"`
	Base     *gBase   `parser:"| @@"`
	Op       string   `parser:"( @('+' | '-')"`
	Offset   *gOffset `parser:"  @@ )?"`
}

type gScaled struct {
	Pos   Pos
	K     string `parser:"@Int '*'"`
	Const string `parser:"@MIdent"`
}

type gNumber struct {
	Pos   Pos
	Value string `parser:"@(Int | Real)"`
}

type gOffset struct {
	Pos    Pos
	Scaled *gScaled `parser:"  @@"`
	Number *gNumber `parser:"| @@"`
	ConstK *gConstK `parser:"| @@"`
	Const  string   `parser:"| @MIdent"`
}

type gConstK struct {
	Pos   Pos
	Const string `parser:"@MIdent '*'"`
	K     string `parser:"@Int"`
}

type gBase struct {
	Pos  Pos
	Read *gRead `parser:"  @@"`
	Cell *gCell `parser:"| @@"`
	Name string `parser:"| @MIdent"`
	Proc *gProc `parser:"| @@"`
}

type gRead struct {
	Pos    Pos
	Reader gProc   `parser:"@@ '@'"`
	Cell   *gCell  `parser:"( @@"`
	Name   *gIdent `parser:"| @@ )"`
}

type gCell struct {
	Pos   Pos
	Array string  `parser:"@MIdent '['"`
	Index []gProc `parser:"@@ ( ',' @@ )* ']'"`
}

type gProc struct {
	Pos   Pos
	Var   string `parser:"  @LIdent"`
	Const string `parser:"| @ProcConst"`
}
