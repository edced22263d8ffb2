package syntax

import "github.com/alecthomas/participle/v2/lexer"

// The fast parser: recursive descent over the tokens of the hand-written
// lexer, filling the g* structs of grammar.go exactly as the participle
// parser does for every input both accept, positions included. It is
// what Parse runs first; participle is built and run only when the fast
// parser gives up, so that every error message and position comes from
// participle as before (parse_errors.go words them).
//
// Each choice looks at the next one or two tokens. participle (lookahead
// 2) backtracks out of an alternative that fails within its first three
// tokens and tries the next; in this grammar the cases where the fast
// parser commits earlier than that (`2 *` starts k * C, `A *` starts
// C * k, `A [` an array cell, `x +` an offset) leave participle with a
// token nothing can follow, so both fail. FuzzParse checks the agreement.

// fastMiss is the panic value by which the fast parser gives up.
type fastMiss struct{}

// fastParser is the state of one fast parse: the tokens, ending with EOF,
// and the index of the next one.
type fastParser struct {
	toks []lexer.Token
	i    int
}

// parseFast parses the tokens of a whole file; ok is false when the input
// is not valid (or not a case the fast parser handles).
func parseFast(toks []lexer.Token) (g *gFile, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, miss := r.(fastMiss); !miss {
				panic(r)
			}
			g, ok = nil, false
		}
	}()
	p := &fastParser{toks: toks}
	return p.file(), true
}

func (p *fastParser) peek(k int) lexer.Token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *fastParser) pos() Pos { return p.peek(0).Pos }

// at reports whether the k-th next token is punctuation or the keyword v.
func (p *fastParser) at(k int, v string) bool {
	t := p.peek(k)
	return (t.Type == tokPunct || t.Type == tokKeyword) && t.Value == v
}

// atType reports whether the k-th next token has type typ.
func (p *fastParser) atType(k int, typ lexer.TokenType) bool { return p.peek(k).Type == typ }

// atAny reports whether the next token is one of vs.
func (p *fastParser) atAny(vs ...string) bool {
	for _, v := range vs {
		if p.at(0, v) {
			return true
		}
	}
	return false
}

func (p *fastParser) next() lexer.Token {
	t := p.peek(0)
	if t.EOF() {
		panic(fastMiss{})
	}
	p.i++
	return t
}

// expect consumes the punctuation or keyword v.
func (p *fastParser) expect(v string) {
	if !p.at(0, v) {
		panic(fastMiss{})
	}
	p.i++
}

// want consumes a token of type typ and returns its text.
func (p *fastParser) want(typ lexer.TokenType) string {
	if !p.atType(0, typ) {
		panic(fastMiss{})
	}
	return p.next().Value
}

// oneOf consumes one of vs and returns it.
func (p *fastParser) oneOf(vs ...string) string {
	if !p.atAny(vs...) {
		panic(fastMiss{})
	}
	return p.next().Value
}

func (p *fastParser) file() *gFile {
	g := &gFile{}
	for !p.peek(0).EOF() {
		g.Entries = append(g.Entries, p.entry())
	}
	return g
}

func (p *fastParser) entry() *gEntry {
	switch {
	case p.at(0, "number_procs"):
		g := &gNumProcs{Pos: p.pos()}
		p.next()
		g.N = p.want(tokInt)
		return &gEntry{NumProcs: g}
	case p.at(0, "type"):
		return &gEntry{Type: p.typeDecl()}
	case p.atAny("weak", "var", "array", "const"):
		return &gEntry{Symbol: p.symbol()}
	case p.at(0, "init"):
		g := &gInit{Pos: p.pos()}
		p.next()
		g.Params = p.paramList()
		g.Body = p.braced()
		return &gEntry{Init: g}
	case p.atAny("unsafe", "invariant"):
		return &gEntry{Property: p.property()}
	case p.at(0, "transition"):
		return &gEntry{Transition: p.transition()}
	case p.at(0, "predicate"):
		return &gEntry{Predicate: p.predicate()}
	}
	panic(fastMiss{})
}

func (p *fastParser) typeDecl() *gType {
	g := &gType{Pos: p.pos()}
	p.next()
	g.Name = p.want(tokLIdent)
	if p.at(0, "=") {
		p.next()
		if p.at(0, "|") {
			p.next()
		}
		g.Constructors = append(g.Constructors, p.ident())
		for p.at(0, "|") {
			p.next()
			g.Constructors = append(g.Constructors, p.ident())
		}
	}
	return g
}

func (p *fastParser) ident() gIdent {
	pos := p.pos()
	return gIdent{Pos: pos, Name: p.want(tokMIdent)}
}

func (p *fastParser) lident() gLIdent {
	pos := p.pos()
	return gLIdent{Pos: pos, Name: p.want(tokLIdent)}
}

// lidents reads `x ( , x )*`.
func (p *fastParser) lidents() []gLIdent {
	out := []gLIdent{p.lident()}
	for p.at(0, ",") {
		p.next()
		out = append(out, p.lident())
	}
	return out
}

func (p *fastParser) symbol() *gSymbol {
	g := &gSymbol{Pos: p.pos()}
	if p.at(0, "weak") {
		p.next()
		g.Weak = true
	}
	g.Kind = p.oneOf("var", "array", "const")
	g.Name = p.want(tokMIdent)
	if p.at(0, "[") {
		p.next()
		g.Indices = p.lidents()
		p.expect("]")
	}
	if p.at(0, "=") {
		p.next()
		g.Value = p.literal()
		return g
	}
	p.expect(":")
	g.Type = p.lident()
	if p.at(0, "=") {
		p.next()
		g.Typed = p.literal()
	}
	return g
}

// paramList reads an optional `( x y ... )`.
func (p *fastParser) paramList() *gParamList {
	if !p.at(0, "(") {
		return nil
	}
	p.next()
	g := &gParamList{}
	for p.atType(0, tokLIdent) {
		g.Names = append(g.Names, p.lident())
	}
	p.expect(")")
	return g
}

// braced reads `{ formula }`.
func (p *fastParser) braced() *gFormula {
	p.expect("{")
	f := p.formula()
	p.expect("}")
	return f
}

func (p *fastParser) property() *gProperty {
	g := &gProperty{Pos: p.pos()}
	g.Kind = p.next().Value
	if p.atType(0, tokLIdent) || p.atType(0, tokMIdent) {
		g.Name = p.next().Value
	}
	g.Params = p.paramList()
	g.Body = p.braced()
	return g
}

func (p *fastParser) transition() *gTransition {
	g := &gTransition{Pos: p.pos()}
	p.next()
	if !p.atType(0, tokLIdent) && !p.atType(0, tokMIdent) {
		panic(fastMiss{})
	}
	g.Name = p.next().Value
	p.expect("(")
	for p.at(0, "[") || p.atType(0, tokLIdent) {
		g.Params = append(g.Params, p.param())
	}
	p.expect(")")
	if p.at(0, "requires") {
		p.next()
		g.Guard = p.braced()
	}
	p.expect("{")
	for p.at(0, "let") {
		l := &gLet{Pos: p.pos()}
		p.next()
		l.Name = p.want(tokLIdent)
		p.expect("=")
		l.Value = p.term()
		p.expect("in")
		g.Lets = append(g.Lets, l)
	}
	if p.atType(0, tokMIdent) {
		g.Actions = append(g.Actions, p.action())
		for p.at(0, ";") && p.atType(1, tokMIdent) {
			p.next()
			g.Actions = append(g.Actions, p.action())
		}
		if p.at(0, ";") {
			p.next()
		}
	}
	p.expect("}")
	return g
}

func (p *fastParser) param() gParam {
	g := gParam{Pos: p.pos()}
	if p.at(0, "[") {
		p.next()
		g.Acting = p.want(tokLIdent)
		p.expect("]")
	} else {
		g.Name = p.want(tokLIdent)
	}
	return g
}

func (p *fastParser) action() *gAction {
	g := &gAction{Pos: p.pos()}
	g.Target = p.want(tokMIdent)
	if p.at(0, "[") {
		p.next()
		g.Index = p.procs()
		p.expect("]")
	}
	p.expect(":=")
	switch {
	case p.at(0, "case"):
		c := &gCase{Pos: p.pos()}
		p.next()
		for {
			c.Branches = append(c.Branches, p.branch())
			if !p.at(0, "|") {
				break
			}
		}
		g.Case = c
	case p.atAny(".", "?"):
		g.Nondet = &gNondet{Pos: p.pos(), Mark: p.next().Value}
	default:
		g.Term = p.term()
	}
	return g
}

func (p *fastParser) branch() *gBranch {
	g := &gBranch{Pos: p.pos()}
	p.expect("|")
	if p.at(0, "_") {
		p.next()
		g.Default = true
	} else {
		g.Cond = p.formula()
	}
	p.expect(":")
	g.Value = p.term()
	return g
}

func (p *fastParser) predicate() *gPredicate {
	g := &gPredicate{Pos: p.pos()}
	p.next()
	g.Name = p.want(tokLIdent)
	p.expect("(")
	if p.atType(0, tokLIdent) {
		g.Params = p.lidents()
	}
	p.expect(")")
	g.Body = p.braced()
	return g
}

// quantifiers start a gQuant.
var quantifiers = []string{"forall", "exists", "forall_other", "exists_other"}

func (p *fastParser) formula() *gFormula {
	if p.atAny(quantifiers...) {
		return &gFormula{Quant: p.quant()}
	}
	return &gFormula{Imp: p.imp()}
}

func (p *fastParser) quant() *gQuant {
	g := &gQuant{Pos: p.pos(), Kind: p.next().Value}
	g.Vars = append(g.Vars, p.lident())
	for p.at(0, "<>") {
		p.next()
		g.Vars = append(g.Vars, p.lident())
	}
	p.expect(".")
	g.Body = p.formula()
	return g
}

// rightQuant reads the quantifier that may stand as the right operand of a
// connective, or returns nil.
func (p *fastParser) rightQuant() *gQuant {
	if p.atAny(quantifiers...) {
		return p.quant()
	}
	return nil
}

func (p *fastParser) imp() *gImp {
	g := &gImp{Pos: p.pos(), L: p.or()}
	if p.atAny("=>", "<=>") {
		g.Op = p.next().Value
		if g.Quant = p.rightQuant(); g.Quant == nil {
			g.R = p.imp()
		}
	}
	return g
}

func (p *fastParser) or() *gOr {
	g := &gOr{Pos: p.pos(), L: p.and()}
	if p.at(0, "||") {
		g.Op = p.next().Value
		if g.Quant = p.rightQuant(); g.Quant == nil {
			g.R = p.or()
		}
	}
	return g
}

func (p *fastParser) and() *gAnd {
	g := &gAnd{Pos: p.pos(), L: p.unary()}
	if p.at(0, "&&") {
		g.Op = p.next().Value
		if g.Quant = p.rightQuant(); g.Quant == nil {
			g.R = p.and()
		}
	}
	return g
}

func (p *fastParser) unary() *gUnary {
	g := &gUnary{Pos: p.pos()}
	switch {
	case p.at(0, "not"):
		n := &gNot{Pos: p.pos()}
		p.next()
		if n.Quant = p.rightQuant(); n.Quant == nil {
			n.X = p.unary()
		}
		g.Not = n
	case p.at(0, "if"):
		g.Ite = p.ite()
	case p.at(0, "("):
		p.next()
		g.Paren = p.formula()
		p.expect(")")
	case p.atAny("true", "false"):
		g.Bool = p.next().Value
	case p.at(0, "fence"):
		p.next()
		p.expect("(")
		p.expect(")")
		g.Fence = true
	case p.atType(0, tokLIdent) && p.at(1, "("):
		g.Call = p.call()
	default:
		c := &gCompare{Pos: p.pos(), L: p.term()}
		c.Op = p.oneOf("=", "<>", "<=", "<", ">=", ">")
		c.R = p.term()
		g.Compare = c
	}
	return g
}

func (p *fastParser) ite() *gIte {
	g := &gIte{Pos: p.pos()}
	p.next()
	g.Cond = p.formula()
	p.expect("then")
	g.Then = p.formula()
	p.expect("else")
	if g.ElseQuant = p.rightQuant(); g.ElseQuant == nil {
		g.Else = p.unary()
	}
	return g
}

func (p *fastParser) call() *gCall {
	g := &gCall{Pos: p.pos(), Name: p.next().Value}
	p.expect("(")
	if !p.at(0, ")") {
		g.Args = append(g.Args, p.term())
		for p.at(0, ",") {
			p.next()
			g.Args = append(g.Args, p.term())
		}
	}
	p.expect(")")
	return g
}

func (p *fastParser) term() *gTerm {
	g := &gTerm{Pos: p.pos()}
	switch {
	case p.at(0, "-"):
		p.next()
		g.Neg = true
		g.NegK = p.want(tokInt)
		p.expect("*")
		g.NegConst = p.want(tokMIdent)
	case p.atType(0, tokInt) && p.at(1, "*"):
		g.Scaled = p.scaled()
	case p.atType(0, tokInt) || p.atType(0, tokReal):
		g.Number = p.number()
	default:
		g.Base = p.base()
	}
	if p.atAny("+", "-") {
		g.Op = p.next().Value
		g.Offset = p.offset()
	}
	return g
}

func (p *fastParser) scaled() *gScaled {
	g := &gScaled{Pos: p.pos(), K: p.next().Value}
	p.expect("*")
	g.Const = p.want(tokMIdent)
	return g
}

func (p *fastParser) number() *gNumber {
	return &gNumber{Pos: p.pos(), Value: p.next().Value}
}

// literal reads a number token (a constant's value).
func (p *fastParser) literal() *gNumber {
	if !p.atType(0, tokInt) && !p.atType(0, tokReal) {
		panic(fastMiss{})
	}
	return p.number()
}

func (p *fastParser) offset() *gOffset {
	g := &gOffset{Pos: p.pos()}
	switch {
	case p.atType(0, tokInt) && p.at(1, "*"):
		g.Scaled = p.scaled()
	case p.atType(0, tokInt) || p.atType(0, tokReal):
		g.Number = p.number()
	case p.atType(0, tokMIdent) && p.at(1, "*"):
		k := &gConstK{Pos: p.pos(), Const: p.next().Value}
		p.next()
		k.K = p.want(tokInt)
		g.ConstK = k
	default:
		g.Const = p.want(tokMIdent)
	}
	return g
}

func (p *fastParser) base() *gBase {
	g := &gBase{Pos: p.pos()}
	isProc := p.atType(0, tokLIdent) || p.atType(0, tokProcConst)
	switch {
	case isProc && p.at(1, "@"):
		r := &gRead{Pos: p.pos(), Reader: p.proc()}
		p.next()
		if p.atType(0, tokMIdent) && p.at(1, "[") {
			r.Cell = p.cell()
		} else {
			id := p.ident()
			r.Name = &id
		}
		g.Read = r
	case p.atType(0, tokMIdent) && p.at(1, "["):
		g.Cell = p.cell()
	case p.atType(0, tokMIdent):
		g.Name = p.next().Value
	case isProc:
		pr := p.proc()
		g.Proc = &pr
	default:
		panic(fastMiss{})
	}
	return g
}

func (p *fastParser) cell() *gCell {
	g := &gCell{Pos: p.pos(), Array: p.next().Value}
	p.expect("[")
	g.Index = p.procs()
	p.expect("]")
	return g
}

// procs reads `proc ( , proc )*`.
func (p *fastParser) procs() []gProc {
	out := []gProc{p.proc()}
	for p.at(0, ",") {
		p.next()
		out = append(out, p.proc())
	}
	return out
}

func (p *fastParser) proc() gProc {
	g := gProc{Pos: p.pos()}
	switch {
	case p.atType(0, tokLIdent):
		g.Var = p.next().Value
	case p.atType(0, tokProcConst):
		g.Const = p.next().Value
	default:
		panic(fastMiss{})
	}
	return g
}
