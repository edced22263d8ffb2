package export

import (
	"fmt"
	"io"
	"sort"

	"github.com/cubew/cubew/syntax"
)

// lowered is a grounded instance in one target language.
type lowered struct {
	in     *instance
	gs     []*grounded
	unsafe string     // some unsafe item holds
	init   []conjunct // init holds when all hold
}

// lowerModel lays out m and lowers it with the target tg builds for the
// instance.
func lowerModel(m *syntax.Model, opts Options, tg func(*instance) *target) (*lowered, error) {
	in, err := newInstance(m, opts)
	if err != nil {
		return nil, err
	}
	t := tg(in)
	lo := &lowered{in: in}
	if lo.gs, err = in.transitions(t); err != nil {
		return nil, err
	}
	if lo.unsafe, err = in.unsafe(t); err != nil {
		return nil, err
	}
	if lo.init, err = in.init(t); err != nil {
		return nil, err
	}
	return lo, nil
}

// defines writes the header comment and the #define lines both languages
// share (the C preprocessor runs on Promela too): N, NLOC, constructors
// and locations.
func (lo *lowered) defines(w io.Writer, header []string, howTo string) {
	in := lo.in
	fmt.Fprintf(w, "/*\n")
	for _, line := range header {
		fmt.Fprintf(w, " * %s\n", line)
	}
	fmt.Fprintf(w, "%s */\n\n#define N %d\n#define NLOC %d\n", howTo, in.n, len(in.locs))
	var types []string
	for name := range in.m.Types {
		types = append(types, name)
	}
	sort.Strings(types)
	for _, name := range types {
		for i, c := range in.m.Types[name].Constructors {
			fmt.Fprintf(w, "#define %s %d\n", consIdent(c), i)
		}
	}
	for l, loc := range in.locs {
		weak := ""
		if loc.sym.weak {
			weak = " weak"
		}
		fmt.Fprintf(w, "#define L_%s %d /* %s%s */\n", loc.ident, l, loc.name, weak)
	}
}

// initAll is the conjunction of init's conjuncts.
func (lo *lowered) initAll() string {
	all := "1"
	for _, c := range lo.init {
		all = and(all, c.expr)
	}
	return all
}

// grounded is one transition instance t(procs).
type grounded struct {
	t       *syntax.Transition
	procs   []int
	actor   int // the acting process, 0 when none is marked
	slot    int // the process whose loop fires it and whose steps it counts (0: shared)
	guard   string
	fence   bool // fence() occurs in the guard: the actor's buffer must be empty
	locked  bool // reads and writes weak locations: a locked instruction
	writes  []write
	choices [][]int64 // the domains of the nondeterministic actions, in order
}

// write is one location an instance may write: when cond holds, the
// value, or (choice >= 0) the value picked for a nondeterministic action.
type write struct {
	loc    int
	cond   string
	value  string
	choice int
}

// shape is what a transition does whatever its parameters.
type shape struct {
	guard                        syntax.Formula
	fence, readsWeak, writesWeak bool
}

// shapeOf computes the static facts dpor's compile computes.
func (in *instance) shapeOf(t *syntax.Transition) shape {
	var sh shape
	weakRead := func(x syntax.Term) {
		switch x := x.(type) {
		case *syntax.Name:
			sh.readsWeak = sh.readsWeak || in.weak(x.Name)
		case *syntax.Cell:
			sh.readsWeak = sh.readsWeak || in.weak(x.Array)
		}
	}
	if t.Guard != nil {
		sh.guard = in.m.Expand(t.Guard)
		syntax.WalkFormula(sh.guard, weakRead, func(*syntax.Fence) { sh.fence = true })
	}
	for _, a := range t.Actions {
		sh.writesWeak = sh.writesWeak || in.weak(a.Target)
		switch v := a.Value.(type) {
		case *syntax.TermRHS:
			syntax.WalkTerm(v.Term, weakRead)
		case *syntax.Case:
			for _, b := range v.Branches {
				if b.Cond != nil {
					syntax.WalkFormula(in.m.Expand(b.Cond), weakRead, nil)
				}
				syntax.WalkTerm(b.Value, weakRead)
			}
		}
	}
	return sh
}

func (in *instance) weak(name string) bool {
	s := in.syms[name]
	return s != nil && s.weak
}

// transitions grounds every transition of the model for target tg, in
// model order and, per transition, parameter tuples in lexicographic order.
func (in *instance) transitions(tg *target) ([]*grounded, error) {
	var errs syntax.ErrorList
	var out []*grounded
	for _, t := range in.m.Transitions {
		sh := in.shapeOf(t)
		actorIdx := -1
		for k, p := range t.Params {
			if p.Acting {
				actorIdx = k
			}
		}
		if in.buffered && actorIdx < 0 && (sh.readsWeak || sh.writesWeak || sh.fence) {
			errs.Add(t.Pos, "transition %s accesses weak memory but marks no acting process", t.Name)
			continue
		}
		forTuples(in.n, len(t.Params), true, nil, func(procs []int) {
			g := &grounded{t: t, procs: append([]int(nil), procs...), fence: sh.fence && in.buffered,
				locked: in.buffered && sh.readsWeak && sh.writesWeak}
			if actorIdx >= 0 {
				g.actor = procs[actorIdx]
			}
			g.slot = g.actor
			if g.slot == 0 && len(procs) > 0 {
				g.slot = procs[0]
			}
			lw := &lower{in: in, tg: tg, params: g.procs, reader: g.actor, errs: &errs}
			for k, p := range t.Params {
				lw.env = append(lw.env, pvar{p.Name, procs[k]})
			}
			g.guard = lw.formula(sh.guard)
			if g.guard == "0" {
				return // never enabled: no code
			}
			for _, a := range t.Actions {
				g.addWrites(lw, a)
			}
			out = append(out, g)
		})
	}
	return out, errs.Err()
}

// addWrites lowers one action into writes.
func (g *grounded) addWrites(lw *lower, a *syntax.Action) {
	in := lw.in
	switch v := a.Value.(type) {
	case *syntax.Nondet:
		if l, ok := lw.cellOf(a.Pos, a.Target, a.Index); ok {
			g.writes = append(g.writes, write{loc: l, cond: "1", choice: len(g.choices)})
			g.choices = append(g.choices, in.domain(in.syms[a.Target].s.Type))
		}
	case *syntax.TermRHS:
		if l, ok := lw.cellOf(a.Pos, a.Target, a.Index); ok {
			g.writes = append(g.writes, write{loc: l, cond: "1", value: lw.term(v.Term).s, choice: -1})
		}
	case *syntax.Case:
		sym := in.syms[a.Target]
		if sym == nil {
			lw.errs.Add(a.Pos, "%s is not a variable or array", a.Target)
			return
		}
		n0 := len(lw.env)
		forTuples(in.n, len(a.Index), false, nil, func(cell []int) {
			lw.env = lw.env[:n0]
			for k, ix := range a.Index {
				lw.env = append(lw.env, pvar{ix.Var, cell[k]})
			}
			if w, ok := caseWrite(lw, v); ok {
				w.loc = in.cell(sym, cell)
				g.writes = append(g.writes, w)
			}
		})
		lw.env = lw.env[:n0]
	}
}

// caseWrite lowers the branches of a case for one cell: the write happens
// when some branch holds, with the value of the first that holds.
func caseWrite(lw *lower, c *syntax.Case) (write, bool) {
	conds := make([]string, len(c.Branches))
	vals := make([]string, len(c.Branches))
	for i, b := range c.Branches {
		conds[i] = "1"
		if b.Cond != nil {
			conds[i] = lw.formula(lw.in.m.Expand(b.Cond))
		}
		vals[i] = lw.term(b.Value).s
	}
	// Branches after the first that always holds never apply.
	for i, c := range conds {
		if c == "1" {
			conds, vals = conds[:i+1], vals[:i+1]
			break
		}
	}
	any, value := "0", vals[len(vals)-1]
	for i := len(conds) - 1; i >= 0; i-- {
		any = or(conds[i], any)
		if i < len(conds)-1 && conds[i] != "0" {
			value = foldIte(conds[i], vals[i], value, lw.tg.ite)
		}
	}
	return write{cond: any, value: value, choice: -1}, any != "0"
}

// unsafe lowers the unsafe items: some item holds for some pairwise
// distinct processes.
func (in *instance) unsafe(tg *target) (string, error) {
	var errs syntax.ErrorList
	res := "0"
	for _, u := range in.m.Unsafes {
		body := in.m.Expand(u.Body)
		forTuples(in.n, len(u.Params), true, nil, func(procs []int) {
			lw := &lower{in: in, tg: tg, params: procs, avoid: true, errs: &errs}
			for k, p := range u.Params {
				lw.env = append(lw.env, pvar{p.Name, procs[k]})
			}
			res = or(res, lw.formula(body))
		})
	}
	if len(in.m.Invariants) > 0 {
		errs.Add(in.m.Invariants[0].Pos, "the exports do not support assumed invariants (they would have to leave out the states the invariants exclude); without --assume-invariants they are checked as unsafe items")
	}
	return res, errs.Err()
}

// conjunct is one conjunct of init for one choice of its parameters, and
// the largest location it reads (-1: none), after whose initial value it
// can be checked.
type conjunct struct {
	expr string
	last int
}

// init lowers init into conjuncts: its body holds for every choice of its
// parameters, not necessarily distinct.
func (in *instance) init(tg *target) ([]conjunct, error) {
	var errs syntax.ErrorList
	var out []conjunct
	seen := map[string]bool{}
	last := -1
	rec := *tg
	rec.read = func(q, l int) string {
		last = max(last, l)
		return tg.read(q, l)
	}
	var parts []syntax.Formula
	var split func(f syntax.Formula)
	split = func(f syntax.Formula) {
		if b, ok := f.(*syntax.Binary); ok && b.Op == syntax.OpAnd {
			split(b.L)
			split(b.R)
			return
		}
		parts = append(parts, f)
	}
	split(in.m.Expand(in.m.Init.Body))
	forTuples(in.n, len(in.m.Init.Params), false, nil, func(procs []int) {
		lw := &lower{in: in, tg: &rec, params: procs, errs: &errs}
		for k, p := range in.m.Init.Params {
			lw.env = append(lw.env, pvar{p.Name, procs[k]})
		}
		for _, f := range parts {
			last = -1
			if e := lw.formula(f); e != "1" && !seen[e] {
				seen[e] = true
				out = append(out, conjunct{expr: e, last: last})
			}
		}
	})
	return out, errs.Err()
}
