package syntax

import (
	"bytes"
	"fmt"
	"strings"
)

// lineWidth is where the printer starts breaking long formulas at their
// top-level conjunctions.
const lineWidth = 80

// Print returns the canonical source text of a file: one declaration per
// line, a blank line between items, formulas with the fewest parentheses
// that keep their structure. Parse(Print(f)) yields f again (up to
// positions). Comments are not kept.
func Print(f *File) string {
	var b bytes.Buffer
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
	}
	if f.NumProcs != nil {
		fmt.Fprintf(&b, "number_procs %d\n", f.NumProcs.N)
	}
	if len(f.Types) > 0 {
		sep()
		for _, t := range f.Types {
			b.WriteString(typeDecl(t) + "\n")
		}
	}
	if len(f.Symbols) > 0 {
		sep()
		for _, s := range f.Symbols {
			b.WriteString(symbolDecl(s) + "\n")
		}
	}
	for _, it := range f.Items {
		sep()
		b.WriteString(item(it))
	}
	return b.String()
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

func item(it Item) string {
	switch x := it.(type) {
	case *Init:
		head := "init"
		if x.Params != nil {
			head += " " + paramList(x.Params)
		}
		return block(head, x.Body) + "\n"
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
		return block(head, x.Body) + "\n"
	case *Predicate:
		return block("predicate "+x.Name+"("+joinIdents(x.Params, ", ")+")", x.Body) + "\n"
	case *Transition:
		return transition(x)
	}
	panic(fmt.Sprintf("syntax.Print: unknown item %T", it))
}

// block prints `head { formula }`, breaking a long formula after each
// top-level `&&`.
func block(head string, f Formula) string {
	one := head + " { " + formula(f) + " }"
	if len(one) <= lineWidth {
		return one
	}
	var conj []string
	for {
		b, ok := f.(*Binary)
		if !ok || b.Op != OpAnd {
			break
		}
		l, _ := operand(b.L, precAnd+1, false)
		conj = append(conj, l)
		f = b.R
	}
	r, _ := operand(f, precAnd, true)
	conj = append(conj, r)
	return head + " {\n  " + strings.Join(conj, " &&\n  ") + "\n}"
}

func transition(t *Transition) string {
	var b strings.Builder
	ps := make([]string, len(t.Params))
	for i, p := range t.Params {
		ps[i] = p.Name
		if p.Acting {
			ps[i] = "[" + p.Name + "]"
		}
	}
	b.WriteString("transition " + t.Name + " (" + strings.Join(ps, " ") + ")\n")
	if t.Guard != nil {
		b.WriteString(block("requires", t.Guard) + "\n")
	}
	var lines []string
	multi := false
	for _, l := range t.Lets {
		lines = append(lines, "let "+l.Name+" = "+term(l.Value)+" in")
	}
	for _, a := range t.Actions {
		s := action(a)
		multi = multi || strings.Contains(s, "\n")
		lines = append(lines, s)
	}
	body := strings.Join(lines, " ")
	if len(t.Actions) > 0 {
		body = strings.Join(lines[:len(t.Lets)], " ")
		if len(t.Lets) > 0 {
			body += " "
		}
		body += strings.Join(lines[len(t.Lets):], "; ")
	}
	if !multi && len(body)+4 <= lineWidth {
		if body == "" {
			b.WriteString("{ }\n")
		} else {
			b.WriteString("{ " + body + " }\n")
		}
		return b.String()
	}
	b.WriteString("{\n")
	for i, l := range lines {
		b.WriteString("  " + strings.ReplaceAll(l, "\n", "\n  "))
		if i >= len(t.Lets) && i < len(lines)-1 {
			b.WriteString(";")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func action(a *Action) string {
	lhs := a.Target
	if a.Index != nil {
		lhs += "[" + procs(a.Index) + "]"
	}
	switch v := a.Value.(type) {
	case *TermRHS:
		return lhs + " := " + term(v.Term)
	case *Nondet:
		return lhs + " := " + v.Mark
	case *Case:
		var b strings.Builder
		b.WriteString(lhs + " := case")
		for _, br := range v.Branches {
			cond := "_"
			if br.Cond != nil {
				cond = formula(br.Cond)
			}
			b.WriteString("\n  | " + cond + " : " + term(br.Value))
		}
		return b.String()
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
