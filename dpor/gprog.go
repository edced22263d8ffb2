package dpor

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// gprog is a program compiled for the graph engine: the explicit engine's
// compiled program plus the classification of locations (shared memory,
// process-local, constant) and the transition instances each thread may
// fire. Read-only during the search.
type gprog struct {
	*program
	k       int      // steps per thread
	threads int      // n+1: thread 0 fires parameterless transitions
	mem     []bool   // mem[l]: location l is shared memory (reads and writes are events)
	owner   []int    // owner[l]: the process whose local cell l is, 0 if none
	locals  [][]int  // locals[q]: the local locations of process q, ascending
	lslot   []int    // lslot[l]: index of local location l in locals[owner[l]]
	insts   [][]inst // insts[q]: the instances thread q may fire, in model order
	ntrans  []gtrans // per transition (by index)
	// writer[l] is the only thread that may write memory location l
	// (statically), noWriter when none may, manyWriters when several may.
	// A thread reads its own latest write of a location only it writes,
	// so the value is known without choosing a write to read from.
	writer []int
	owned  [][]int // owned[q]: the memory locations only thread q writes
}

// gtrans holds what the graph engine knows statically of a transition.
type gtrans struct {
	readsMem  bool // guard or right-hand sides mention a memory location
	writesMem bool // an action targets a memory symbol
	keeps     [][]bool
}

// inst is one transition instance: a transition with the processes of its
// parameters, and the memory locations it reads.
type inst struct {
	t      *trans
	procs  []int
	actor  int     // acting process, 0 if none
	rset   []int32 // memory locations read, ascending
	fence  bool
	locked bool // reads and writes memory: one ghb node, drains buffers
}

// compileGraph compiles m for n processes and at most k steps per thread.
func compileGraph(m *syntax.Model, n, k int, mm memmodel.Model) (*gprog, error) {
	p, err := compile(m, n, mm)
	if err != nil {
		return nil, err
	}
	n = p.n // the outside process included
	g := &gprog{program: p, k: k, threads: n + 1}
	g.mem = make([]bool, len(p.locs))
	g.owner = make([]int, len(p.locs))
	g.lslot = make([]int, len(p.locs))
	g.locals = make([][]int, n+1)
	for l, lc := range p.locs {
		s := lc.sym.s
		switch {
		case s.Class == syntax.SymConst:
		case !m.Weak || s.Weak:
			g.mem[l] = true
		case s.Arity == 0:
			return nil, fmt.Errorf("non-weak variable %s in a weak model", s.Name)
		default:
			q := lc.procs[0]
			g.owner[l] = q
			g.lslot[l] = len(g.locals[q])
			g.locals[q] = append(g.locals[q], l)
		}
	}
	for _, inv := range p.invs {
		if !g.constOnly(inv.body) {
			item := propName(inv.p, inv.idx) // invariant[k] when unnamed
			if inv.p.Name != "" {
				item = "invariant " + item
			}
			return nil, fmt.Errorf("%s: %s reads state that changes; the dpor engine assumes only invariants over constants (check it instead, or use the explicit engine)",
				inv.p.Pos, item)
		}
	}
	g.ntrans = make([]gtrans, len(p.trans))
	for i, t := range p.trans {
		gt, err := g.compileTrans(t)
		if err != nil {
			return nil, err
		}
		g.ntrans[i] = gt
	}
	g.insts = make([][]inst, n+1)
	for i, t := range p.trans {
		gt := &g.ntrans[i]
		var ierr error
		forTuples(n, len(t.t.Params), true, nil, func(procs []int) bool {
			in := inst{t: t, procs: slices.Clone(procs), fence: t.fence,
				locked: gt.readsMem && gt.writesMem}
			if t.actor >= 0 {
				in.actor = procs[t.actor]
			}
			in.rset, ierr = g.readSet(t, in.procs, func(l int) bool { return g.mem[l] })
			if ierr != nil {
				return false
			}
			q := slot(t, procs)
			g.insts[q] = append(g.insts[q], in)
			return true
		})
		if ierr != nil {
			return nil, ierr
		}
	}
	g.ownership()
	return g, nil
}

// The values of gprog.writer besides a thread.
const (
	noWriter    = -1
	manyWriters = -2
)

// ownership computes which thread may write each memory location.
func (g *gprog) ownership() {
	g.writer = make([]int, len(g.locs))
	for l := range g.writer {
		g.writer[l] = noWriter
	}
	for q, ins := range g.insts {
		for i := range ins {
			for _, l := range g.mayWrite(&ins[i]) {
				switch g.writer[l] {
				case noWriter:
					g.writer[l] = q
				case q, manyWriters:
				default:
					g.writer[l] = manyWriters
				}
			}
		}
	}
	g.owned = make([][]int, g.threads)
	for l, q := range g.writer {
		if g.mem[l] && q >= 0 {
			g.owned[q] = append(g.owned[q], l)
		}
	}
}

// mayWrite lists the memory locations an instance may write: the targets
// of its assignments, and every cell a case update may change (branches
// that keep the cell excluded).
func (g *gprog) mayWrite(in *inst) []int {
	var out []int
	ev := &evaluator{p: g.program, env: slices.Clone(in.procs)}
	for ai, a := range in.t.actions {
		if !g.memSym(a.sym) {
			continue
		}
		if a.cases == nil {
			if l, ok := ev.loc(a.target); ok {
				out = append(out, l)
			}
			continue
		}
		if !slices.Contains(g.ntrans[in.t.idx].keeps[ai], false) {
			continue
		}
		forTuples(g.n, len(a.vars), false, nil, func(tuple []int) bool {
			if l, err := g.cell(a.sym, tuple); err == nil {
				out = append(out, l)
			}
			return true
		})
	}
	return out
}

// compileTrans classifies a transition's accesses and finds the case
// branches that keep the updated cell (`| _ : A[j]`): the graph engine
// neither reads nor writes for them, as they change nothing.
func (g *gprog) compileTrans(t *trans) (gtrans, error) {
	var gt gtrans
	isMem := func(x syntax.Term) {
		switch x := x.(type) {
		case *syntax.Name:
			if s := g.syms[x.Name]; s != nil && g.memSym(s) {
				gt.readsMem = true
			}
		case *syntax.Cell:
			if s := g.syms[x.Array]; s != nil && g.memSym(s) {
				gt.readsMem = true
			}
		}
	}
	if t.guard != nil {
		syntax.WalkFormula(t.guard, isMem, nil)
	}
	for _, a := range t.actions {
		keeps := make([]bool, len(a.cases))
		if g.memSym(a.sym) {
			gt.writesMem = true
		} else if g.m.Weak && a.sym.s.Class != syntax.SymConst && t.actor < 0 {
			return gt, fmt.Errorf("%s: transition %s updates the process-local array %s without an acting process",
				t.t.Pos, t.t.Name, a.sym.s.Name)
		}
		switch {
		case a.term != nil:
			syntax.WalkTerm(a.term, isMem)
		case a.cases != nil:
			for i, b := range a.cases {
				if b.cond != nil {
					syntax.WalkFormula(b.cond, isMem, nil)
				}
				keeps[i] = keepValue(b.value, a.a)
				// A keep value is read to be written back; for the explicit
				// engine that makes the transition a locked one, so count it.
				syntax.WalkTerm(b.value, isMem)
			}
		}
		gt.keeps = append(gt.keeps, keeps)
	}
	if g.m.Weak && t.actor < 0 && g.touchesLocal(t) {
		return gt, fmt.Errorf("%s: transition %s reads a process-local array without an acting process", t.t.Pos, t.t.Name)
	}
	return gt, nil
}

// touchesLocal reports whether a transition's guard or right-hand sides
// read a process-local array.
func (g *gprog) touchesLocal(t *trans) bool {
	found := false
	fn := func(x syntax.Term) {
		if c, ok := x.(*syntax.Cell); ok {
			if s := g.syms[c.Array]; s != nil && !g.memSym(s) && s.s.Class != syntax.SymConst {
				found = true
			}
		}
	}
	if t.guard != nil {
		syntax.WalkFormula(t.guard, fn, nil)
	}
	for _, a := range t.actions {
		if a.term != nil {
			syntax.WalkTerm(a.term, fn)
		}
		for _, b := range a.cases {
			if b.cond != nil {
				syntax.WalkFormula(b.cond, fn, nil)
			}
			syntax.WalkTerm(b.value, fn)
		}
	}
	return found
}

// memSym reports whether a symbol's locations are shared memory.
func (g *gprog) memSym(s *sym) bool {
	return s.s.Class != syntax.SymConst && (!g.m.Weak || s.s.Weak)
}

// constOnly reports whether a formula reads constants only.
func (g *gprog) constOnly(f syntax.Formula) bool {
	ok := true
	syntax.WalkFormula(f, func(x syntax.Term) {
		var name string
		switch x := x.(type) {
		case *syntax.Name:
			name = x.Name
		case *syntax.Cell:
			name = x.Array
		case *syntax.Read:
			ok = false
		}
		if s := g.syms[name]; s != nil && s.s.Class != syntax.SymConst {
			ok = false
		}
	}, nil)
	return ok
}

// keepValue reports whether a case value is the updated cell itself.
func keepValue(v syntax.Term, a *syntax.Action) bool {
	if len(a.Index) == 0 {
		n, ok := v.(*syntax.Name)
		return ok && n.Name == a.Target
	}
	x, ok := v.(*syntax.Cell)
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
