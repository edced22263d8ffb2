package reach

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cubew/cubew/internal/tuples"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Replay confirms a counterexample forwards, independently of the
// backward search: it encodes an instance with k distinct processes
// numbered 1..k (the trace's tr.Procs, and as many idle ones as needed,
// within number_procs when bounded), an initial state, one state per step
// linked by the steps' transitions (guards, forall_other over every other
// process, updates, frame) and a final state satisfying the property
// tr.Unsafe, and asks the solver for such an execution. Every process a
// state holds (a proc-valued variable or cell) is one of the k: a trace
// whose Turn must name a process it does not run gets an idle one more.
// When an execution exists it returns the trace with its processes
// renamed to the identities found, Procs the k needed (at least the
// largest process constant the trace uses); otherwise an error
// saying the trace is spurious (the backward search over-approximates
// forall_other guards, as Cubicle does).
func Replay(ctx context.Context, sys *translate.System, tr *Trace, s smt.Solver) (*Trace, error) {
	l := newLowerer(s, sys)
	minK := max(tr.Procs, traceConsts(sys, tr))
	maxK := minK + min(procCells(sys, minK), maxIdle)
	if sys.NumProcs > 0 {
		maxK = min(maxK, sys.NumProcs)
	}
	for k := minK; k <= maxK; k++ {
		s.Push()
		r, err := replayWith(ctx, l, tr, k)
		var ids []int
		if err == nil && r == smt.Sat {
			ids = identities(l, k)
		}
		s.Pop(1)
		switch {
		case err != nil:
			return nil, err
		case r == smt.Sat:
			return relabel(tr, ids), nil
		case r != smt.Unsat:
			return nil, fmt.Errorf("counterexample not confirmed: the solver answered unknown")
		}
	}
	return nil, fmt.Errorf("spurious counterexample: %s cannot execute with %d processes", tr, tr.Procs)
}

// maxIdle bounds the idle processes Replay adds to a trace.
const maxIdle = 4

// procCells counts the proc-valued variables and array cells at n
// processes: each may hold a process that the trace does not run.
func procCells(sys *translate.System, n int) int {
	total := 0
	for _, sym := range sys.Model.Symbols {
		if sym.Type.Kind != syntax.TProc || sym.Class != syntax.SymVar && sym.Class != syntax.SymArray {
			continue
		}
		cells := 1
		for range sym.Arity {
			cells *= n
		}
		total += cells
	}
	return total
}

// replayWith encodes tr's execution in an instance of k processes, the
// trace's 1..tr.Procs and idle ones, with identities 1..k (l.procBound: so
// every proc-valued location holds one of them), in the caller's scope,
// and checks it.
func replayWith(ctx context.Context, l *lowerer, tr *Trace, k int) (smt.Result, error) {
	s := l.s
	l.reset()
	l.stepFuncs = map[string]smt.Func{}
	l.procBound = k
	procs := make([]translate.Proc, k)
	for i := range procs {
		procs[i] = translate.Proc(i + 1) // trace process i+1, as a variable
	}
	for _, t := range l.procConstraints(k) {
		s.Assert(t)
	}
	l.step = 0
	for _, dnf := range initInstancesOver(l.sys.Init, procs) {
		s.Assert(l.dnf(dnf))
	}
	for i, st := range tr.Steps {
		l.step = i
		for _, t := range stepConstraints(l, st, procs) {
			s.Assert(t)
		}
	}
	l.step = len(tr.Steps)
	var finals []smt.Term
	props := l.sys.Unsafe
	if tr.Invariant {
		props = l.sys.Invariants
	}
	for _, p := range props {
		if p.Name == tr.Unsafe {
			finals = append(finals, propertyHolds(l, p.Cube, procs)...)
		}
	}
	s.Assert(s.Or(finals...))
	for _, t := range l.domainFacts() {
		s.Assert(t)
	}
	return s.Check(ctx)
}

// identities reads the processes the solver chose for #1..#k.
func identities(l *lowerer, k int) []int {
	vals := make([]int, k)
	for i := range vals {
		vals[i] = i + 1
		if v, ok := l.s.Eval(l.proc(translate.Proc(i + 1))); ok {
			if x, ok := parseInt(l.s.String(v)); ok {
				vals[i] = x
			}
		}
	}
	return vals
}

// relabel returns tr with process i+1 renamed ids[i].
func relabel(tr *Trace, ids []int) *Trace {
	out := &Trace{Unsafe: tr.Unsafe, Invariant: tr.Invariant}
	for _, id := range ids {
		out.Procs = max(out.Procs, id)
	}
	name := func(p int) int { return ids[p-1] }
	for _, st := range tr.Steps {
		args := make([]int, len(st.Args))
		for i, a := range st.Args {
			args[i] = name(a)
		}
		out.Steps = append(out.Steps, Step{Transition: st.Transition, Args: args})
	}
	for _, w := range tr.Witness {
		out.Witness = append(out.Witness, name(w))
	}
	return out
}

// initInstancesOver instantiates init over every assignment of its
// parameters to the given processes.
func initInstancesOver(in translate.Init, procs []translate.Proc) [][][]translate.Literal {
	var out [][][]translate.Literal
	args := make([]translate.Proc, in.NParams)
	var rec func(i int)
	rec = func(i int) {
		if i == in.NParams {
			for _, d := range in.Distinct {
				// A variable and a constant may be the same process: the
				// instance is left out (fewer constraints, sound).
				a, b := args[d[0]], args[d[1]]
				if a == b || a.IsConst() != b.IsConst() {
					return
				}
			}
			out = append(out, instDNF(in.DNF, params(args)))
			return
		}
		for _, p := range procs {
			args[i] = p
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// params maps transition (or init) parameters to args.
func params(args []translate.Proc) func(translate.Proc) translate.Proc {
	return func(p translate.Proc) translate.Proc {
		if p >= translate.ParamBase && p < translate.IndexBase {
			return args[p-translate.ParamBase]
		}
		return p
	}
}

// stepConstraints encodes one transition instance from the state of step
// l.step to the next one.
func stepConstraints(l *lowerer, st Step, procs []translate.Proc) []smt.Term {
	s, t := l.s, st.Transition
	args := make([]translate.Proc, len(st.Args))
	isArg := map[translate.Proc]bool{}
	for i, a := range st.Args {
		args[i] = translate.Proc(a)
		isArg[args[i]] = true
	}
	inst := params(args)
	var out []smt.Term
	for _, g := range t.Guard {
		out = append(out, l.literal(g.Rename(inst)))
	}
	if t.HasOther {
		for _, q := range procs {
			if isArg[q] {
				continue
			}
			other := func(p translate.Proc) translate.Proc {
				if p == translate.OtherVar {
					return q
				}
				return inst(p)
			}
			out = append(out, l.dnf(instDNF(t.Other, other)))
		}
	}
	// New values, computed from the current state, then equated with the
	// next state's variables.
	type assign struct {
		cell *translate.Term
		val  smt.Term
	}
	var next []assign
	updated := map[string]bool{}
	for _, sym := range t.Nondets {
		updated[sym.Name] = true
	}
	for _, u := range t.Updates {
		updated[u.Sym.Name] = true
		tuples.Each(procs, u.Sym.Arity, func(cell []translate.Proc) {
			c := translate.StateTerm(u.Sym, cell...)
			next = append(next, assign{c, caseValue(l, u, c, inst)})
		})
	}
	m := l.sys.Model
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		sym := m.Symbols[name]
		if updated[name] || sym.Class != syntax.SymVar && sym.Class != syntax.SymArray {
			continue // assigned above, or not state
		}
		tuples.Each(procs, sym.Arity, func(cell []translate.Proc) {
			c := translate.StateTerm(sym, cell...)
			next = append(next, assign{c, l.term(c, l.isReal(c))})
		})
	}
	l.step++
	for _, a := range next {
		out = append(out, s.Eq(l.term(a.cell, l.isReal(a.cell)), a.val))
	}
	l.step--
	return out
}

// caseValue is the value of cell after update u: the first branch whose
// condition holds, else the default, else the old value.
func caseValue(l *lowerer, u *translate.Update, cell *translate.Term, inst func(translate.Proc) translate.Proc) smt.Term {
	cellInst := func(p translate.Proc) translate.Proc {
		if p >= translate.IndexBase && p < translate.OtherVar {
			return cell.Args[p-translate.IndexBase]
		}
		return inst(p)
	}
	real := l.isReal(cell)
	val := l.term(cell, real)
	if u.Default != nil {
		val = l.term(u.Default.Rename(cellInst), real)
	}
	for i := len(u.Branches) - 1; i >= 0; i-- {
		br := u.Branches[i]
		cond := instDNF(br.Cond, cellInst)
		val = l.s.Ite(l.dnf(cond), l.term(br.Value.Rename(cellInst), real), val)
	}
	return val
}

// propertyHolds returns, for every injective assignment of the cube's
// variables to procs, the formula that the cube holds there.
func propertyHolds(l *lowerer, c *translate.Cube, procs []translate.Proc) []smt.Term {
	var out []smt.Term
	forEachInjection(c.NVars, len(procs), func(sigma []translate.Proc) {
		lits := make([]smt.Term, len(c.Lits))
		for i, lit := range c.Lits {
			lits[i] = l.literal(lit.Rename(func(p translate.Proc) translate.Proc {
				if p.IsVar() {
					return sigma[p-1]
				}
				return p
			}))
		}
		out = append(out, l.s.And(lits...))
	})
	return out
}

// parseInt reads an integer literal as the solver prints it: 5 or (- 5).
func parseInt(s string) (int, bool) {
	neg := strings.HasPrefix(s, "(- ") && strings.HasSuffix(s, ")")
	if neg {
		s = s[3 : len(s)-1]
	}
	x, err := strconv.Atoi(s)
	if neg {
		x = -x
	}
	return x, err == nil
}
