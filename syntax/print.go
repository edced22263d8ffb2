package syntax

import (
	"fmt"
	"strings"
)

// lineWidth is where the printer starts breaking long formulas at their
// top-level conjunctions.
const lineWidth = 80

// Print returns the canonical source text of a file: one declaration per
// line, a blank line between items, formulas with the fewest parentheses
// that keep their structure, and the file's comments. Parse(Print(f))
// yields f again (up to positions), and printing is idempotent.
//
// Comments are placed by position. The printer emits lines, most of them
// anchored at the source position of the construct they start (an entry,
// a conjunct of a broken formula, an action, a case branch, a closing
// brace at the end of its block). Before a line, every comment that comes
// before its anchor is emitted: a comment that shared its source line with
// the token before it trails the last line printed; one on a line of its
// own gets a line of its own, indented like the line that follows. A
// block (a formula in braces, a transition's actions) with a comment on a
// line of its own inside is printed on several lines so that the comment
// stays inside. Between top-level entries a blank line in the source
// before or after a comment is kept.
func Print(f *File) string {
	p := &printer{comments: f.Comments}
	started := false
	if f.NumProcs != nil {
		p.line(f.NumProcs.Pos, "", fmt.Sprintf("number_procs %d", f.NumProcs.N), top)
		started = true
	}
	for i, t := range f.Types {
		p.line(t.Pos, "", typeDecl(t), top|sepIf(i == 0 && started))
	}
	started = started || len(f.Types) > 0
	for i, s := range f.Symbols {
		p.line(s.Pos, "", symbolDecl(s), top|sepIf(i == 0 && started))
	}
	started = started || len(f.Symbols) > 0
	for _, it := range f.Items {
		p.item(it, started)
		started = true
	}
	p.flush(Pos{}, "", top, true)
	if len(p.out) == 0 {
		return ""
	}
	return strings.Join(p.out, "\n") + "\n"
}

// lineFlags qualify a printed line.
type lineFlags int

const (
	top     lineFlags = 1 << iota // starts a top-level entry: source blank lines around comments are kept
	sep                           // a blank line goes before it (and before its leading comments)
	closing                       // a closing brace: comments before it are indented one level deeper
)

func sepIf(b bool) lineFlags {
	if b {
		return sep
	}
	return 0
}

// printer accumulates output lines and places comments among them.
type printer struct {
	comments []*Comment
	next     int      // the first comment not yet placed
	out      []string // lines without their newline; "" is a blank line
}

// line emits a line anchored at pos (a zero pos anchors nothing: comments
// wait for the next anchored line).
func (p *printer) line(pos Pos, indent, text string, fl lineFlags) {
	if pos.Line > 0 {
		ci := indent
		if fl&closing != 0 {
			ci += "  "
		}
		p.flush(pos, ci, fl, false)
	} else if fl&sep != 0 && len(p.out) > 0 {
		p.out = append(p.out, "")
	}
	p.out = append(p.out, indent+text)
}

// flush emits the comments before pos (all of them with all set), then
// the blank line that separates the entry when fl has sep.
func (p *printer) flush(pos Pos, indent string, fl lineFlags, all bool) {
	pendingSep := fl&sep != 0 && len(p.out) > 0
	var last *Comment
	for ; p.next < len(p.comments); p.next++ {
		c := p.comments[p.next]
		if !all && c.Pos.Offset >= pos.Offset {
			break
		}
		if !c.OwnLine() && len(p.out) > 0 && p.out[len(p.out)-1] != "" {
			p.out[len(p.out)-1] += " " + c.Text
			continue
		}
		switch {
		case pendingSep:
			p.out = append(p.out, "")
			pendingSep = false
		case fl&top != 0 && c.BlankBefore() && len(p.out) > 0 && p.out[len(p.out)-1] != "":
			p.out = append(p.out, "")
		}
		p.out = append(p.out, indent+c.Text)
		last = c
	}
	switch {
	case pendingSep:
		p.out = append(p.out, "")
	case fl&top != 0 && last != nil && !all && pos.Line > last.End.Line+1:
		p.out = append(p.out, "")
	}
}

// ownLineIn reports whether a comment on a line of its own lies strictly
// between two positions (both known).
func (p *printer) ownLineIn(lo, hi Pos) bool {
	if lo.Line == 0 || hi.Line == 0 {
		return false
	}
	for _, c := range p.comments[p.next:] {
		if c.Pos.Offset >= hi.Offset {
			break
		}
		if c.Pos.Offset > lo.Offset && c.OwnLine() {
			return true
		}
	}
	return false
}

func typeDecl(t *TypeDecl) string {
	if len(t.Constructors) == 0 {
		return "type " + t.Name
	}
	names := make([]string, len(t.Constructors))
	for i, c := range t.Constructors {
		names[i] = c.Name
	}
	return "type " + t.Name + " = " + strings.Join(names, " | ")
}

func symbolDecl(s *SymbolDecl) string {
	var b strings.Builder
	if s.Weak {
		b.WriteString("weak ")
	}
	b.WriteString([...]string{KindVar: "var", KindArray: "array", KindConst: "const"}[s.Kind])
	b.WriteString(" " + s.Name)
	if s.Indices != nil {
		b.WriteString("[" + joinIdents(s.Indices, ", ") + "]")
	}
	b.WriteString(" : " + s.Type.Name)
	if s.Value != nil {
		b.WriteString(" = " + s.Value.Text)
	}
	return b.String()
}

func joinIdents(ids []Ident, sep string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id.Name
	}
	return strings.Join(names, sep)
}

func paramList(ids []Ident) string {
	return "(" + joinIdents(ids, " ") + ")"
}

// item prints an item, after a blank line unless it is the first entry.
func (p *printer) item(it Item, started bool) {
	fl := top | sepIf(started)
	switch x := it.(type) {
	case *Init:
		head := "init"
		if x.Params != nil {
			head += " " + paramList(x.Params)
		}
		p.block(x.Pos, x.End, head, x.Body, fl, p.ownLineIn(x.Pos, x.End))
	case *Property:
		head := "unsafe"
		if x.Kind == Invariant {
			head = "invariant"
		}
		if x.Name != "" {
			head += " " + x.Name
		}
		if x.Params != nil {
			head += " " + paramList(x.Params)
		}
		p.block(x.Pos, x.End, head, x.Body, fl, p.ownLineIn(x.Pos, x.End))
	case *Predicate:
		head := "predicate " + x.Name + "(" + joinIdents(x.Params, ", ") + ")"
		p.block(x.Pos, x.End, head, x.Body, fl, p.ownLineIn(x.Pos, x.End))
	case *Transition:
		p.transition(x, fl)
	default:
		panic(fmt.Sprintf("syntax.Print: unknown item %T", it))
	}
}

// block prints `head { formula }` anchored at pos, breaking the formula
// after each top-level `&&` when it is too long for one line or when
// broken is set; the closing brace is anchored at end.
func (p *printer) block(pos, end Pos, head string, f Formula, fl lineFlags, broken bool) {
	one := head + " { " + formula(f) + " }"
	if len(one) <= lineWidth && !broken {
		p.line(pos, "", one, fl)
		return
	}
	type conj struct {
		pos  Pos
		text string
	}
	var cs []conj
	for {
		b, ok := f.(*Binary)
		if !ok || b.Op != OpAnd {
			break
		}
		l, _ := operand(b.L, precAnd+1, false)
		cs = append(cs, conj{b.L.FormulaPos(), l})
		f = b.R
	}
	r, _ := operand(f, precAnd, true)
	cs = append(cs, conj{f.FormulaPos(), r})
	p.line(pos, "", head+" {", fl)
	for i, c := range cs {
		text := c.text
		if i < len(cs)-1 {
			text += " &&"
		}
		p.line(c.pos, "  ", text, 0)
	}
	p.line(end, "", "}", closing)
}

func (p *printer) transition(t *Transition, fl lineFlags) {
	ps := make([]string, len(t.Params))
	for i, prm := range t.Params {
		ps[i] = prm.Name
		if prm.Acting {
			ps[i] = "[" + prm.Name + "]"
		}
	}
	p.line(t.Pos, "", "transition "+t.Name+" ("+strings.Join(ps, " ")+")", fl)
	if t.Guard != nil {
		g := t.Guard.FormulaPos()
		p.block(g, t.Body, "requires", t.Guard, 0, p.ownLineIn(g, t.Body))
	}
	var lines [][]srcLine // per let or action, its lines
	multi := false
	for _, l := range t.Lets {
		lines = append(lines, []srcLine{{l.Pos, "let " + l.Name + " = " + term(l.Value) + " in"}})
	}
	for _, a := range t.Actions {
		al := action(a)
		multi = multi || len(al) > 1
		lines = append(lines, al)
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l[0].text
	}
	body := strings.Join(texts, " ")
	if len(t.Actions) > 0 {
		body = strings.Join(texts[:len(t.Lets)], " ")
		if len(t.Lets) > 0 {
			body += " "
		}
		body += strings.Join(texts[len(t.Lets):], "; ")
	}
	if !multi && len(body)+4 <= lineWidth && !p.ownLineIn(t.Body, t.End) {
		if body == "" {
			p.line(t.Body, "", "{ }", 0)
		} else {
			p.line(t.Body, "", "{ "+body+" }", 0)
		}
		return
	}
	p.line(t.Body, "", "{", 0)
	for i, l := range lines {
		for j, bl := range l {
			text := bl.text
			if j == len(l)-1 && i >= len(t.Lets) && i < len(lines)-1 {
				text += ";"
			}
			indent := "  "
			if j > 0 {
				indent = "    "
			}
			p.line(bl.pos, indent, text, 0)
		}
	}
	p.line(t.End, "", "}", closing)
}

// srcLine is a printed line with the source position it starts at.
type srcLine struct {
	pos  Pos
	text string
}

// action prints an update: one line, or a case on several lines (the
// first `A[j] := case`, then one per branch), each with its position.
func action(a *Action) []srcLine {
	lhs := a.Target
	if a.Index != nil {
		lhs += "[" + procs(a.Index) + "]"
	}
	switch v := a.Value.(type) {
	case *TermRHS:
		return []srcLine{{a.Pos, lhs + " := " + term(v.Term)}}
	case *Nondet:
		return []srcLine{{a.Pos, lhs + " := " + v.Mark}}
	case *Case:
		out := []srcLine{{a.Pos, lhs + " := case"}}
		for _, br := range v.Branches {
			cond := "_"
			if br.Cond != nil {
				cond = formula(br.Cond)
			}
			out = append(out, srcLine{br.Pos, "| " + cond + " : " + term(br.Value)})
		}
		return out
	}
	panic(fmt.Sprintf("syntax.Print: unknown right-hand side %T", a.Value))
}

// Binding strengths, weakest first (language reference §4.3).
const (
	precQuant = iota + 1
	precImp
	precOr
	precAnd
	precIte
	precNot
	precAtom
)

func prec(f Formula) int {
	switch x := f.(type) {
	case *Quant:
		return precQuant
	case *Binary:
		switch x.Op {
		case OpImp, OpIff:
			return precImp
		case OpOr:
			return precOr
		}
		return precAnd
	case *Ite:
		return precIte
	case *Not:
		return precNot
	}
	return precAtom
}

// formula prints f where nothing follows it in its construct (a closing
// brace, `then`, `else`), so a trailing quantifier needs no parentheses.
func formula(f Formula) string {
	s, _ := operand(f, 0, true)
	return s
}

// operand prints f as an operand of a construct of strength p and reports
// whether the text ends with an unparenthesised quantifier. last tells
// whether nothing follows f in that construct: a quantifier may stand
// bare only there, since its body extends as far right as possible.
func operand(f Formula, p int, last bool) (string, bool) {
	s, open := formulaOpen(f)
	weak := prec(f) < p && !(prec(f) == precQuant && last)
	if weak || (open && !last) {
		return "(" + s + ")", false
	}
	return s, open
}

// formulaOpen prints f and reports whether it ends with an unparenthesised
// quantifier.
func formulaOpen(f Formula) (string, bool) {
	switch x := f.(type) {
	case *BoolLit:
		if x.Value {
			return "true", false
		}
		return "false", false
	case *Fence:
		return "fence()", false
	case *Compare:
		return term(x.L) + " " + string(x.Op) + " " + term(x.R), false
	case *Call:
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = term(a)
		}
		return x.Name + "(" + strings.Join(args, ", ") + ")", false
	case *Not:
		s, open := operand(x.X, precNot, true)
		return "not " + s, open
	case *Binary:
		p := prec(x)
		l, _ := operand(x.L, p+1, false)
		r, open := operand(x.R, p, true)
		return l + " " + string(x.Op) + " " + r, open
	case *Ite:
		e, open := operand(x.Else, precNot, true)
		return "if " + formula(x.Cond) + " then " + formula(x.Then) + " else " + e, open
	case *Quant:
		return string(x.Kind) + " " + joinIdents(x.Vars, " <> ") + ". " + formula(x.Body), true
	}
	panic(fmt.Sprintf("syntax.Print: unknown formula %T", f))
}

func procs(ps []Proc) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = proc(p)
	}
	return strings.Join(s, ", ")
}

func proc(p Proc) string {
	if p.Const > 0 {
		return fmt.Sprintf("#%d", p.Const)
	}
	return p.Var
}

func term(t Term) string {
	switch x := t.(type) {
	case *Name:
		return x.Name
	case *Proc:
		return proc(*x)
	case *Cell:
		return x.Array + "[" + procs(x.Index) + "]"
	case *Read:
		return proc(x.Reader) + " @ " + term(x.Loc)
	case *Number:
		return x.Text
	case *Arith:
		op := " + "
		if x.Minus {
			op = " - "
		}
		return term(x.Base) + op + term(x.Offset)
	case *Scaled:
		if x.ConstFirst {
			return fmt.Sprintf("%s * %d", x.Const, x.K)
		}
		return fmt.Sprintf("%d * %s", x.K, x.Const)
	}
	panic(fmt.Sprintf("syntax.Print: unknown term %T", t))
}
