package syntax

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// parser builds the participle parser on first use, which is the first
// input the fast parser rejects: building it walks every struct tag of
// grammar.go (about 7,600 allocations, see BenchmarkBuildParser), which a
// run on valid models should not pay.
var parser = sync.OnceValue(func() *participle.Parser[gFile] {
	p, err := buildParser()
	if err != nil {
		panic(err) // a bug in grammar.go; Parse turns it into an error
	}
	return p
})

// buildParser builds the participle parser of grammar.go.
func buildParser() (*participle.Parser[gFile], error) {
	return participle.Build[gFile](participle.Lexer(cubLexer{}), participle.UseLookahead(2))
}

// Parse reads a model. The error, if any, is an ErrorList whose entries
// print as FILE:LINE:COL: message. Parse never panics. The fast parser
// reads valid input; on anything else participle parses again and words
// the error.
func Parse(name string, src []byte) (file *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			file, err = nil, ErrorList{{Pos: Pos{Filename: name, Line: 1, Column: 1},
				Msg: fmt.Sprintf("internal error in parser: %v", r)}}
		}
	}()
	lx, err := scanAll(name, src)
	if err != nil {
		return nil, toErrorList(name, src, err)
	}
	g, ok := parseFast(lx.tokens)
	if !ok {
		var perr error
		if g, perr = parser().ParseBytes(name, src); perr != nil {
			return nil, toErrorList(name, src, perr)
		}
	}
	return toFile(name, g, lx)
}

// toFile converts a parse of the source lexed as lx to the AST, with the
// comments and item spans for the printer.
func toFile(name string, g *gFile, lx *lexed) (*File, error) {
	c := converter{file: &File{Name: name}}
	c.convert(g)
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	attachSpans(c.file, lx.spans)
	c.file.Comments = lx.comments
	return c.file, nil
}

// attachSpans sets the end of every item and the body brace of every
// transition from the token spans, for the printer's comment placement:
// an item ends with the last token before the next declaration or item.
func attachSpans(f *File, toks []tokSpan) {
	var starts []int // offsets of every top-level entry, in source order
	if f.NumProcs != nil {
		starts = append(starts, f.NumProcs.Pos.Offset)
	}
	for _, t := range f.Types {
		starts = append(starts, t.Pos.Offset)
	}
	for _, s := range f.Symbols {
		starts = append(starts, s.Pos.Offset)
	}
	for _, it := range f.Items {
		starts = append(starts, it.ItemPos().Offset)
	}
	slices.Sort(starts)
	for _, it := range f.Items {
		from := it.ItemPos().Offset
		to := len(toks)
		if i, ok := slices.BinarySearch(starts, from); ok && i+1 < len(starts) {
			next := starts[i+1]
			to = sort.Search(len(toks), func(k int) bool { return toks[k].Pos.Offset >= next })
		}
		first := sort.Search(len(toks), func(k int) bool { return toks[k].Pos.Offset >= from })
		if to <= first {
			continue
		}
		span := toks[first:to]
		end := span[len(span)-1].End
		switch x := it.(type) {
		case *Init:
			x.End = end
		case *Property:
			x.End = end
		case *Predicate:
			x.End = end
		case *Transition:
			x.End = end
			depth := 0
			for _, tk := range span {
				switch tk.Value {
				case "{":
					if depth == 0 {
						x.Body = tk.Pos
					}
					depth++
				case "}":
					depth--
				}
			}
		}
	}
}

// toErrorList turns a participle or lexer error on src into a positioned
// error in words.
func toErrorList(name string, src []byte, err error) ErrorList {
	var lerr *lexer.Error
	if errors.As(err, &lerr) {
		return ErrorList{{Pos: lerr.Pos, Msg: lerr.Msg}}
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		return ErrorList{parseErrorAt(name, src, perr)}
	}
	return ErrorList{{Pos: Pos{Filename: name, Line: 1, Column: 1}, Msg: err.Error()}}
}

// converter builds the AST from the grammar structs; it records errors for
// the few things the grammar cannot say (numbers out of range).
type converter struct {
	file *File
	errs ErrorList
}

func (c *converter) convert(g *gFile) {
	for _, e := range g.Entries {
		switch {
		case e.NumProcs != nil:
			n, err := strconv.Atoi(e.NumProcs.N)
			if err != nil || n < 1 {
				c.errs.Add(e.NumProcs.Pos, "number_procs must be a positive integer, got %s", e.NumProcs.N)
			}
			if c.file.NumProcs == nil {
				c.file.NumProcs = &NumProcs{Pos: e.NumProcs.Pos, N: n}
			} else {
				c.errs.Add(e.NumProcs.Pos, "number_procs declared twice")
			}
		case e.Type != nil:
			c.file.Types = append(c.file.Types, &TypeDecl{Pos: e.Type.Pos, Name: e.Type.Name, Constructors: idents(e.Type.Constructors)})
		case e.Symbol != nil:
			c.file.Symbols = append(c.file.Symbols, c.symbol(e.Symbol))
		case e.Init != nil:
			c.file.Items = append(c.file.Items, &Init{Pos: e.Init.Pos, Params: params(e.Init.Params), Body: c.formula(e.Init.Body)})
		case e.Property != nil:
			p := e.Property
			kind := Unsafe
			if p.Kind == "invariant" {
				kind = Invariant
			}
			c.file.Items = append(c.file.Items, &Property{Pos: p.Pos, Kind: kind, Name: p.Name, Params: params(p.Params), Body: c.formula(p.Body)})
		case e.Transition != nil:
			c.file.Items = append(c.file.Items, c.transition(e.Transition))
		case e.Predicate != nil:
			p := e.Predicate
			c.file.Items = append(c.file.Items, &Predicate{Pos: p.Pos, Name: p.Name, Params: lidents(p.Params), Body: c.formula(p.Body)})
		}
	}
}

func idents(g []gIdent) []Ident {
	var out []Ident
	for _, x := range g {
		out = append(out, Ident(x))
	}
	return out
}

func lidents(g []gLIdent) []Ident {
	var out []Ident
	for _, x := range g {
		out = append(out, Ident(x))
	}
	return out
}

func params(g *gParamList) []Ident {
	if g == nil {
		return nil
	}
	return lidents(g.Names)
}

func (c *converter) symbol(g *gSymbol) *SymbolDecl {
	d := &SymbolDecl{Pos: g.Pos, Weak: g.Weak, Name: g.Name, Type: Ident(g.Type)}
	switch {
	case g.Value != nil:
		d.Value = c.number(g.Value)
		d.Type = Ident{Pos: g.Value.Pos, Name: map[bool]string{false: "int", true: "real"}[d.Value.Real]}
	case g.Typed != nil:
		d.Value = c.number(g.Typed)
	}
	if d.Value != nil && g.Kind != "const" {
		c.errs.Add(g.Pos, "only a constant can be given a value in its declaration; set %s `%s` in init", map[string]string{"var": "variable", "array": "array"}[g.Kind], g.Name)
	}
	if d.Value != nil && g.Indices != nil {
		c.errs.Add(g.Pos, "constant array `%s` cannot be given a single value", g.Name)
	}
	switch g.Kind {
	case "var":
		d.Kind = KindVar
	case "array":
		d.Kind = KindArray
	case "const":
		d.Kind = KindConst
	}
	if g.Indices != nil {
		d.Indices = lidents(g.Indices)
	}
	if g.Kind == "array" && d.Indices == nil {
		c.errs.Add(g.Pos, "array `%s` needs index types, as in `array %s[proc] : t`", g.Name, g.Name)
	}
	if g.Kind == "var" && d.Indices != nil {
		c.errs.Add(g.Pos, "variable `%s` cannot have indices; declare it as an array", g.Name)
	}
	return d
}

func (c *converter) transition(g *gTransition) *Transition {
	t := &Transition{Pos: g.Pos, Name: g.Name}
	for _, p := range g.Params {
		if p.Acting != "" {
			t.Params = append(t.Params, Param{Pos: p.Pos, Name: p.Acting, Acting: true})
		} else {
			t.Params = append(t.Params, Param{Pos: p.Pos, Name: p.Name})
		}
	}
	if g.Guard != nil {
		t.Guard = c.formula(g.Guard)
	}
	for _, l := range g.Lets {
		t.Lets = append(t.Lets, &Let{Pos: l.Pos, Name: l.Name, Value: c.term(l.Value)})
	}
	for _, a := range g.Actions {
		t.Actions = append(t.Actions, c.action(a))
	}
	return t
}

func (c *converter) action(g *gAction) *Action {
	a := &Action{Pos: g.Pos, Target: g.Target}
	for _, p := range g.Index {
		a.Index = append(a.Index, c.proc(p))
	}
	switch {
	case g.Case != nil:
		k := &Case{Pos: g.Case.Pos}
		for _, b := range g.Case.Branches {
			br := &Branch{Pos: b.Pos, Value: c.term(b.Value)}
			if !b.Default {
				br.Cond = c.formula(b.Cond)
			}
			k.Branches = append(k.Branches, br)
		}
		a.Value = k
	case g.Nondet != nil:
		a.Value = &Nondet{Pos: g.Nondet.Pos, Mark: g.Nondet.Mark}
	default:
		a.Value = &TermRHS{Term: c.term(g.Term)}
	}
	return a
}

func (c *converter) formula(g *gFormula) Formula {
	if g.Quant != nil {
		return c.quant(g.Quant)
	}
	return c.imp(g.Imp)
}

func (c *converter) quant(g *gQuant) Formula {
	return &Quant{Pos: g.Pos, Kind: QuantKind(g.Kind), Vars: lidents(g.Vars), Body: c.formula(g.Body)}
}

func (c *converter) imp(g *gImp) Formula {
	l := c.or(g.L)
	switch {
	case g.Quant != nil:
		return &Binary{Pos: g.Pos, Op: BinOp(g.Op), L: l, R: c.quant(g.Quant)}
	case g.R != nil:
		return &Binary{Pos: g.Pos, Op: BinOp(g.Op), L: l, R: c.imp(g.R)}
	}
	return l
}

func (c *converter) or(g *gOr) Formula {
	l := c.and(g.L)
	switch {
	case g.Quant != nil:
		return &Binary{Pos: g.Pos, Op: OpOr, L: l, R: c.quant(g.Quant)}
	case g.R != nil:
		return &Binary{Pos: g.Pos, Op: OpOr, L: l, R: c.or(g.R)}
	}
	return l
}

func (c *converter) and(g *gAnd) Formula {
	l := c.unary(g.L)
	switch {
	case g.Quant != nil:
		return &Binary{Pos: g.Pos, Op: OpAnd, L: l, R: c.quant(g.Quant)}
	case g.R != nil:
		return &Binary{Pos: g.Pos, Op: OpAnd, L: l, R: c.and(g.R)}
	}
	return l
}

func (c *converter) unary(g *gUnary) Formula {
	switch {
	case g.Not != nil:
		if g.Not.Quant != nil {
			return &Not{Pos: g.Pos, X: c.quant(g.Not.Quant)}
		}
		return &Not{Pos: g.Pos, X: c.unary(g.Not.X)}
	case g.Ite != nil:
		x := &Ite{Pos: g.Pos, Cond: c.formula(g.Ite.Cond), Then: c.formula(g.Ite.Then)}
		if g.Ite.ElseQuant != nil {
			x.Else = c.quant(g.Ite.ElseQuant)
		} else {
			x.Else = c.unary(g.Ite.Else)
		}
		return x
	case g.Paren != nil:
		return c.formula(g.Paren)
	case g.Bool != "":
		return &BoolLit{Pos: g.Pos, Value: g.Bool == "true"}
	case g.Fence:
		return &Fence{Pos: g.Pos}
	case g.Call != nil:
		call := &Call{Pos: g.Pos, Name: g.Call.Name}
		for _, a := range g.Call.Args {
			call.Args = append(call.Args, c.term(a))
		}
		return call
	}
	return &Compare{Pos: g.Pos, Op: CmpOp(g.Compare.Op), L: c.term(g.Compare.L), R: c.term(g.Compare.R)}
}

func (c *converter) term(g *gTerm) Term {
	var base Term
	switch {
	case g.Neg:
		return &Scaled{Pos: g.Pos, K: -c.integer(g.Pos, g.NegK), Const: g.NegConst}
	case g.Scaled != nil:
		return c.scaled(g.Scaled)
	case g.Number != nil:
		base = c.number(g.Number)
	default:
		base = c.base(g.Base)
	}
	if g.Offset == nil {
		return base
	}
	return &Arith{Pos: g.Pos, Base: base, Minus: g.Op == "-", Offset: c.offset(g.Offset)}
}

func (c *converter) offset(g *gOffset) Term {
	switch {
	case g.Scaled != nil:
		return c.scaled(g.Scaled)
	case g.Number != nil:
		return c.number(g.Number)
	case g.ConstK != nil:
		return &Scaled{Pos: g.ConstK.Pos, K: c.integer(g.ConstK.Pos, g.ConstK.K), Const: g.ConstK.Const, ConstFirst: true}
	}
	return &Name{Pos: g.Pos, Name: g.Const}
}

func (c *converter) scaled(g *gScaled) Term {
	return &Scaled{Pos: g.Pos, K: c.integer(g.Pos, g.K), Const: g.Const}
}

func (c *converter) integer(pos Pos, s string) int64 {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		c.errs.Add(pos, "integer %s out of range", s)
	}
	return v
}

func (c *converter) number(g *gNumber) *Number {
	v, ok := new(big.Rat).SetString(g.Value)
	if !ok {
		c.errs.Add(g.Pos, "malformed number %s", g.Value)
		v = new(big.Rat)
	}
	return &Number{Pos: g.Pos, Value: v, Real: strings.Contains(g.Value, "."), Text: g.Value}
}

func (c *converter) base(g *gBase) Term {
	switch {
	case g.Read != nil:
		r := &Read{Pos: g.Pos, Reader: c.proc(g.Read.Reader)}
		if g.Read.Cell != nil {
			r.Loc = c.cell(g.Read.Cell)
		} else {
			r.Loc = &Name{Pos: g.Read.Name.Pos, Name: g.Read.Name.Name}
		}
		return r
	case g.Cell != nil:
		return c.cell(g.Cell)
	case g.Proc != nil:
		p := c.proc(*g.Proc)
		return &p
	}
	return &Name{Pos: g.Pos, Name: g.Name}
}

func (c *converter) cell(g *gCell) *Cell {
	x := &Cell{Pos: g.Pos, Array: g.Array}
	for _, p := range g.Index {
		x.Index = append(x.Index, c.proc(p))
	}
	return x
}

func (c *converter) proc(g gProc) Proc {
	if g.Const == "" {
		return Proc{Pos: g.Pos, Var: g.Var}
	}
	n, err := strconv.Atoi(g.Const[1:])
	if err != nil {
		c.errs.Add(g.Pos, "process constant %s out of range", g.Const)
	}
	return Proc{Pos: g.Pos, Const: n}
}
