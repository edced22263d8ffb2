package export

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// target is what a writer tells the lowering about its language.
type target struct {
	// read is the expression for the value process q reads at location l
	// (q = 0: memory).
	read func(q, l int) string
	// fence is the fence() atom of process q under a buffering model.
	fence func(q int) string
	// ite is the conditional expression.
	ite func(c, a, b string) string
}

// pvar binds a process variable.
type pvar struct {
	name string
	proc int
}

// lower turns formulas and terms of one item instance into expressions of
// a target language, with quantifiers expanded and process arithmetic
// folded.
type lower struct {
	in     *instance
	tg     *target
	env    []pvar // innermost last
	params []int  // excluded by _other quantifiers (and all, with avoid)
	avoid  bool   // unsafe items: forall and exists skip the parameters too
	reader int    // whose view bare weak names are read in (0: memory)
	errs   *syntax.ErrorList
}

// expr is a lowered term: its text, and its value when it is static.
type expr struct {
	s      string
	v      int64
	static bool
}

func staticExpr(v int64) expr { return expr{s: fmt.Sprint(v), v: v, static: true} }

func (lw *lower) proc(x syntax.Proc) int {
	if x.Const > 0 {
		return x.Const
	}
	for i := len(lw.env) - 1; i >= 0; i-- {
		if lw.env[i].name == x.Var {
			return lw.env[i].proc
		}
	}
	lw.errs.Add(x.Pos, "unbound process variable %s", x.Var)
	return 1
}

// formula lowers f; nil is true.
func (lw *lower) formula(f syntax.Formula) string {
	switch f := f.(type) {
	case nil:
		return "1"
	case *syntax.BoolLit:
		return boolText(f.Value)
	case *syntax.Compare:
		return lw.compare(f)
	case *syntax.Fence:
		if !lw.in.buffered || lw.reader == 0 {
			return "1"
		}
		return lw.tg.fence(lw.reader)
	case *syntax.Not:
		return not(lw.formula(f.X))
	case *syntax.Binary:
		l, r := lw.formula(f.L), lw.formula(f.R)
		switch f.Op {
		case syntax.OpAnd:
			return and(l, r)
		case syntax.OpOr:
			return or(l, r)
		case syntax.OpImp:
			return or(not(l), r)
		}
		if l == "1" || l == "0" || r == "1" || r == "0" {
			return or(and(l, r), and(not(l), not(r)))
		}
		return "((" + l + ") == (" + r + "))"
	case *syntax.Ite:
		return foldIte(lw.formula(f.Cond), lw.formula(f.Then), lw.formula(f.Else), lw.tg.ite)
	case *syntax.Quant:
		return lw.quant(f)
	}
	lw.errs.Add(f.FormulaPos(), "cannot export formula %T", f)
	return "0"
}

func (lw *lower) compare(f *syntax.Compare) string {
	l, r := lw.term(f.L), lw.term(f.R)
	op := map[syntax.CmpOp]string{syntax.OpEq: "==", syntax.OpNe: "!=", syntax.OpLt: "<",
		syntax.OpLe: "<=", syntax.OpGt: ">", syntax.OpGe: ">="}[f.Op]
	if l.static && r.static {
		holds := map[string]bool{"==": l.v == r.v, "!=": l.v != r.v, "<": l.v < r.v,
			"<=": l.v <= r.v, ">": l.v > r.v, ">=": l.v >= r.v}[op]
		return boolText(holds)
	}
	return "(" + l.s + " " + op + " " + r.s + ")"
}

// quant expands a quantifier over pairwise distinct processes.
func (lw *lower) quant(f *syntax.Quant) string {
	exists := f.Kind == syntax.Exists || f.Kind == syntax.ExistsOther
	var excl []int
	if lw.avoid || f.Kind == syntax.ForallOther || f.Kind == syntax.ExistsOther {
		excl = lw.params
	}
	res := boolText(!exists)
	n0 := len(lw.env)
	forTuples(lw.in.n, len(f.Vars), true, excl, func(tuple []int) {
		lw.env = lw.env[:n0]
		for i, v := range f.Vars {
			lw.env = append(lw.env, pvar{v.Name, tuple[i]})
		}
		if exists {
			res = or(res, lw.formula(f.Body))
		} else {
			res = and(res, lw.formula(f.Body))
		}
	})
	lw.env = lw.env[:n0]
	return res
}

// term lowers t.
func (lw *lower) term(t syntax.Term) expr {
	switch t := t.(type) {
	case *syntax.Proc:
		return staticExpr(int64(lw.proc(*t)))
	case *syntax.Number:
		v, ok := intLiteral(t.Value)
		if !ok || t.Real {
			lw.errs.Add(t.Pos, "the exports support integers only, not %s", t.Text)
		}
		return staticExpr(v)
	case *syntax.Name:
		if c, ok := lw.in.cons[t.Name]; ok && lw.in.syms[t.Name] == nil {
			return expr{s: consIdent(t.Name), v: int64(c), static: true}
		}
		return lw.loc(t.Pos, t.Name, nil, lw.reader)
	case *syntax.Cell:
		return lw.loc(t.Pos, t.Array, t.Index, lw.reader)
	case *syntax.Read:
		q := lw.proc(t.Reader)
		switch l := t.Loc.(type) {
		case *syntax.Name:
			return lw.loc(l.Pos, l.Name, nil, q)
		case *syntax.Cell:
			return lw.loc(l.Pos, l.Array, l.Index, q)
		}
	case *syntax.Arith:
		b, o := lw.term(t.Base), lw.term(t.Offset)
		op, sign := " + ", int64(1)
		if t.Minus {
			op, sign = " - ", -1
		}
		if b.static && o.static {
			return staticExpr(b.v + sign*o.v)
		}
		return expr{s: "(" + b.s + op + o.s + ")"}
	case *syntax.Scaled:
		c := lw.loc(t.Pos, t.Const, nil, lw.reader)
		return expr{s: fmt.Sprintf("(%d * %s)", t.K, c.s)}
	}
	lw.errs.Add(t.TermPos(), "cannot export term %T", t)
	return staticExpr(0)
}

// loc lowers a read of name[index] by process q.
func (lw *lower) loc(pos syntax.Pos, name string, index []syntax.Proc, q int) expr {
	l, ok := lw.cellOf(pos, name, index)
	if !ok {
		return staticExpr(0)
	}
	return expr{s: lw.tg.read(q, l)}
}

// cellOf resolves the location of name[index].
func (lw *lower) cellOf(pos syntax.Pos, name string, index []syntax.Proc) (int, bool) {
	sym := lw.in.syms[name]
	if sym == nil || len(index) != sym.s.Arity {
		lw.errs.Add(pos, "%s is not a location with %d indices", name, len(index))
		return 0, false
	}
	procs := make([]int, len(index))
	for i, x := range index {
		procs[i] = lw.proc(x)
		if procs[i] < 1 || procs[i] > lw.in.n {
			lw.errs.Add(pos, "process #%d does not exist in an instance with %d processes", procs[i], lw.in.n)
			return 0, false
		}
	}
	return lw.in.cell(sym, procs), true
}

// consIdent is the name of a constructor in both target languages.
func consIdent(c string) string { return "c_" + c }

// foldIte is ite(c, a, b), or a or b when c is constant.
func foldIte(c, a, b string, ite func(c, a, b string) string) string {
	switch c {
	case "1":
		return a
	case "0":
		return b
	}
	return ite(c, a, b)
}

func boolText(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func not(a string) string {
	switch a {
	case "1":
		return "0"
	case "0":
		return "1"
	}
	return "!" + paren(a)
}

func and(a, b string) string {
	switch {
	case a == "0" || b == "0":
		return "0"
	case a == "1":
		return b
	case b == "1":
		return a
	}
	return "(" + a + " && " + b + ")"
}

func or(a, b string) string {
	switch {
	case a == "1" || b == "1":
		return "1"
	case a == "0":
		return b
	case b == "0":
		return a
	}
	return "(" + a + " || " + b + ")"
}

func paren(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s
	}
	return "(" + s + ")"
}

// forTuples calls fn with every k-tuple of processes 1..n (pairwise
// distinct when distinct is set, avoiding excl) in lexicographic order.
func forTuples(n, k int, distinct bool, excl []int, fn func([]int)) {
	tuple := make([]int, k)
	var rec func(i int)
	rec = func(i int) {
		if i == k {
			fn(tuple)
			return
		}
		for q := 1; q <= n; q++ {
			if slices.Contains(excl, q) || distinct && slices.Contains(tuple[:i], q) {
				continue
			}
			tuple[i] = q
			rec(i + 1)
		}
	}
	rec(0)
}
