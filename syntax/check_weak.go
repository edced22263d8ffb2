package syntax

import "strings"

// The own-cell rules of Cubicle-W (§6.4 rules 3 and 4): under a weak model,
// non-weak arrays are process-local, so a transition reads and writes them
// only at cells whose first index is its acting process. Inside a case
// update, the first index variable counts as the acting process in the
// branches whose condition contains `j = p`.

// ownRead reports a read of a non-weak array at another process's cell.
func (c *checker) ownRead(x *Cell, e env) {
	acting := e.t.Acting()
	if acting == "" || owned(x.Index[0], acting, e.alias) {
		return
	}
	c.errorf(x.Pos, "%s: non-weak array `%s` may only be read at the acting process `%s`, not at `%s`",
		e.item, x.Array, acting, procName(x.Index[0]))
}

// ownWrite reports a one-cell update of a non-weak array at another
// process's cell.
func (c *checker) ownWrite(a *Action, e env) {
	acting := e.t.Acting()
	if acting == "" || owned(a.Index[0], acting, "") {
		return
	}
	c.errorf(a.Index[0].Pos, "%s: non-weak array `%s` may only be written at the acting process `%s`, not at `%s`",
		e.item, a.Target, acting, procName(a.Index[0]))
}

// owned reports whether an index is the acting process (or its alias).
func owned(ix Proc, acting, alias string) bool {
	return ix.Const == 0 && (ix.Var == acting || alias != "" && ix.Var == alias)
}

// pins reports whether every disjunct of the case condition f contains the
// equality j = p (either way round).
func pins(f Formula, j Proc, p string) bool {
	if j.Const != 0 || p == "" {
		return false
	}
	switch f := f.(type) {
	case *Compare:
		return f.Op == OpEq && (isVar(f.L, j.Var) && isVar(f.R, p) || isVar(f.L, p) && isVar(f.R, j.Var))
	case *Binary:
		switch f.Op {
		case OpAnd:
			return pins(f.L, j, p) || pins(f.R, j, p)
		case OpOr:
			return pins(f.L, j, p) && pins(f.R, j, p)
		}
	case *callSite:
		return pins(f.body, j, p)
	}
	return false
}

func isVar(t Term, name string) bool {
	p, ok := t.(*Proc)
	return ok && p.Const == 0 && p.Var == name
}

// isKeep reports whether a case value is the updated cell itself (`A[j]`
// in `A[j] := case ...`, `X` in `X := case ...`): the cell keeps its value.
func isKeep(v Term, a *Action) bool {
	if len(a.Index) == 0 {
		n, ok := v.(*Name)
		return ok && n.Name == a.Target
	}
	x, ok := v.(*Cell)
	if !ok || x.Array != a.Target || len(x.Index) != len(a.Index) {
		return false
	}
	for i, ix := range x.Index {
		if ix.Const != 0 || a.Index[i].Const != 0 || ix.Var != a.Index[i].Var {
			return false
		}
	}
	return true
}

// keepText prints the keep value of an update, as `A[x, y]`.
func keepText(a *Action) string {
	names := make([]string, len(a.Index))
	for i, ix := range a.Index {
		names[i] = procName(ix)
	}
	return a.Target + "[" + strings.Join(names, ", ") + "]"
}
