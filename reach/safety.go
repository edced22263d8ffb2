package reach

import (
	"context"
	"sort"
	"time"

	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// initProcs is the number of processes over which the initial formula is
// instantiated for a cube with n variables: its own, and at least one when
// init has parameters (a system has at least one process).
func (e *engine) initProcs(n int) int {
	if n == 0 && e.sys.Init.NParams > 0 {
		return 1
	}
	return n
}

// meetsInit reports whether n intersects the initial states: some state
// satisfies init for all processes and n for distinct ones. Processes other
// than n's own are left out, which can only add initial states (a sound
// over-approximation; a counterexample is confirmed by replay). Invariants
// are assumed only with Options.AssumeInvariants (otherwise they are
// properties being proved, and assuming them would hide their violation).
//
// When it does, the engine keeps the solver's process identities for the
// trace; meetsInit runs on the first worker.
func (e *engine) meetsInit(ctx context.Context, n *node) (bool, error) {
	m, err := e.workers[0].meetsInit(ctx, n)
	if m.reached {
		e.initIDs, e.initOthers = m.ids, m.others
	}
	return m.reached, err
}

// initMeeting is the answer of an initial-state check: whether the node
// meets the initial states and, when it does, the process identities the
// solver chose (see engine.initIDs and engine.initOthers).
type initMeeting struct {
	reached     bool
	ids, others []int
}

// meetsInit is engine.meetsInit on w's solver.
func (w *worker) meetsInit(ctx context.Context, n *node) (initMeeting, error) {
	start := time.Now()
	defer func() { w.safety += time.Since(start) }()
	e := w.e
	if !readsInitialValues(n.cube) {
		return initMeeting{}, nil
	}
	k := e.initProcs(n.cube.NVars)
	procs := identity(k)
	if e.sys.NumProcs > 0 { // the constants are processes of the instance too
		procs = append(procs, cubeConsts(initialReads(n.cube))...)
	}
	insts := initInstancesOver(e.sys.Init, procs)
	// Without the solver: some instance all of whose disjuncts clash with n.
	f := newFacts(initialReads(n.cube))
	for _, dnf := range insts {
		if allClash(f, dnf) {
			return initMeeting{}, nil
		}
	}
	low := w.low
	low.reset()
	s := w.s
	s.Push()
	defer s.Pop(1)
	for _, t := range low.cube(initialReads(n.cube)) {
		s.Assert(t)
	}
	if k > n.cube.NVars {
		for _, t := range low.procConstraints(k) {
			s.Assert(t)
		}
	}
	for _, dnf := range insts {
		s.Assert(low.dnf(dnf))
	}
	if e.opts.AssumeInvariants {
		for _, inv := range e.sys.Invariants {
			w.assumeNot(inv.Cube, k)
		}
	}
	for _, t := range low.domainFacts() {
		s.Assert(t)
	}
	r, err := s.Check(ctx)
	if err != nil || r != smt.Sat {
		return initMeeting{}, err
	}
	m := initMeeting{reached: true, others: otherProcs(low, k)}
	if e.sys.NumProcs > 0 {
		m.ids = identities(low, k)
	}
	return m, nil
}

// allClash reports whether every conjunction of dnf has a literal that
// contradicts the indexed cube.
func allClash(f *facts, dnf [][]translate.Literal) bool {
	for _, conj := range dnf {
		clash := false
		for _, l := range conj {
			if f.status(l) == clashing {
				clash = true
				break
			}
		}
		if !clash {
			return false
		}
	}
	return true
}

// assumeNot asserts that the invariant cube inv holds for no injective
// assignment of its variables to the processes #1..#k.
func (w *worker) assumeNot(inv *translate.Cube, k int) {
	forEachInjection(inv.NVars, k, func(sigma []translate.Proc) {
		lits := make([]smt.Term, 0, len(inv.Lits))
		for _, l := range inv.Lits {
			lits = append(lits, w.low.literal(l.Rename(func(p translate.Proc) translate.Proc {
				if p.IsVar() {
					return sigma[p-1]
				}
				return p
			})))
		}
		w.s.Assert(w.s.Not(w.s.And(lits...)))
	})
}

// forEachInjection calls f with every injective map from m variables to
// the processes #1..#k.
func forEachInjection(m, k int, f func([]translate.Proc)) {
	sigma := make([]translate.Proc, m)
	used := make([]bool, k+1)
	var rec func(i int)
	rec = func(i int) {
		if i == m {
			f(sigma)
			return
		}
		for p := 1; p <= k; p++ {
			if !used[p] {
				used[p], sigma[i] = true, translate.Proc(p)
				rec(i + 1)
				used[p] = false
			}
		}
	}
	rec(0)
}

// readsInitialValues reports whether the unsatisfied reads of c can read
// the initial values: the initial write of a location is coherence-before
// every other, so such a read is before every write to its location in c
// (from-read), but for the write of its own locked transition (ghb-equal
// to it), and ghb must stay acyclic with these edges. Under SC and
// TSO the cube already has them; under PSO a cycle here is, for instance,
// a read that follows its own process's write to the location and had to
// read a later write of another process (see readOther).
func readsInitialValues(c *translate.Cube) bool {
	unsat := unsatReads(c.Lits, c.Events)
	if unsat == 0 {
		return true
	}
	rel := c.Rel.Clone()
	for r, read := range c.Events {
		if !unsat.Has(r) {
			continue
		}
		for w, write := range c.Events {
			if write.Kind == translate.Write && write.SameLoc(read) && !rel.Eq(r, w) {
				rel.AddLt(r, w)
			}
		}
	}
	return rel.Acyclic()
}

// initialReads returns the cube as it meets the initial states: every read
// that no write satisfied reads the initial value of its location, the
// plain variable or cell that init constrains. Events play no other role
// (readsInitialValues checks the order).
func initialReads(c *translate.Cube) *translate.Cube {
	if len(c.Events) == 0 {
		return c
	}
	m := map[*translate.Term]*translate.Term{}
	for i, e := range c.Events {
		if e.Kind == translate.Read {
			m[translate.ValTerm(e.Loc, translate.EventProc(i))] = translate.StateTerm(e.Loc, e.Index...)
		}
	}
	lits := make([]translate.Literal, len(c.Lits))
	for i, l := range c.Lits {
		lits[i] = translate.NewLiteral(l.Op, substTerm(l.L, m), substTerm(l.R, m))
	}
	return &translate.Cube{NVars: c.NVars, Lits: lits}
}

// otherProcs returns, after a satisfiable init check over the variables
// #1..#k, the distinct values of the proc-valued variables and cells the
// query mentions that none of #1..#k takes: processes the initial state
// needs besides the node's own.
func otherProcs(l *lowerer, k int) []int {
	own := map[int]bool{}
	for _, id := range identities(l, k) {
		own[id] = true
	}
	var out []int
	for _, t := range sortedTerms(l.ranged) {
		if t.Sym.Type.Kind != syntax.TProc {
			continue
		}
		v, ok := l.s.Eval(l.stateTerm(t))
		if !ok {
			continue
		}
		if x, ok := parseInt(l.s.String(v)); ok && !own[x] {
			own[x] = true
			out = append(out, x)
		}
	}
	return out
}

// sortedTerms lists the terms of a set in the order of their keys, so
// that what the search reports does not depend on map order.
func sortedTerms(set map[*translate.Term]bool) []*translate.Term {
	out := make([]*translate.Term, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}
