package front

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubew/cubew/smt"
)

var _ smt.Solver = (*Solver)(nil)

// DefaultBudget is the number of term evaluations the built-in procedure
// spends on one check before it hands the check to the backend. At 20000,
// 47 of sense_barrier's 388 fixpoint checks (difference constraints under
// negated cubes) went to Z3; at 200000 none does, and loading Z3 costs
// more than the longest of them.
const DefaultBudget = 200000

// Options configure a Solver. The zero value is usable: a built-in budget
// of DefaultBudget and no verification.
type Options struct {
	// Budget bounds the term evaluations of the built-in procedure per
	// check; 0 means DefaultBudget, a negative value turns it off (every
	// check goes to the backend).
	Budget int
	// Verify re-checks every answer of the built-in procedure with the
	// backend and panics on a disagreement: a debugging aid, and what the
	// cross-check tests run.
	Verify bool
}

// Solver is an [smt.Solver] that keeps its terms in Go, decides the checks
// of the fragment it knows itself, and hands the rest to a backend solver
// made on the first such check. See the package documentation.
type Solver struct {
	table
	opts    Options
	open    func() (smt.Solver, error)
	scopes  [][]smt.Term // assertions per scope; scopes[0] is the base
	enumPin int
	timeout time.Duration
	stats   smt.Stats
	closed  bool
	answer  smt.Result
	assumed []smt.Term // assumptions of the last check
	model   *model     // of the last check, when the built-in procedure said Sat
	// sat is the built-in procedure's search of the last check, when it
	// said Sat and no Eval has asked for the model yet: most Sat answers
	// (a cube not covered) are never asked for values.
	sat     *search
	byBack  bool // the last check was answered by the backend
	back    *backend
	openErr error
	buf     buffers // of the built-in procedure's checks, reused
}

// New returns a Solver whose backend, made by open on the first check the
// built-in procedure cannot answer, receives those checks. Call Close when
// done; it closes the backend too.
func New(open func() (smt.Solver, error), opts Options) *Solver {
	if opts.Budget == 0 {
		opts.Budget = DefaultBudget
	}
	return &Solver{table: newTable(), opts: opts, open: open, scopes: [][]smt.Term{nil}}
}

func (s *Solver) live() {
	if s.closed {
		panic("front: use of closed Solver")
	}
}

// EnumSort declares a finite sort; its values stay valid across Release.
func (s *Solver) EnumSort(name string, values []string) (smt.Sort, []smt.Term) {
	s.live()
	srt, ts := s.table.EnumSort(name, values)
	s.enumPin = len(s.nodes)
	s.repin()
	if s.back != nil && srt != 0 {
		s.back.sort(srt)
		s.back.setBase() // keep the values' translations across release
	}
	return srt, ts
}

// Release forgets the terms made since m, except asserted ones and
// enumeration values, which stay valid while they are needed.
func (s *Solver) Release(m smt.Mark) {
	s.live()
	s.table.release(m)
	if s.back != nil {
		s.back.release(len(s.nodes))
	}
	s.forget()
}

// repin recomputes the floor below which Release does not cut.
func (s *Solver) repin() {
	p := s.enumPin
	for _, sc := range s.scopes {
		for _, u := range sc {
			p = max(p, int(u)+1)
		}
	}
	s.pinned = p
}

// forget drops the answer of the last check.
func (s *Solver) forget() {
	s.answer, s.model, s.sat, s.assumed, s.byBack = smt.Unknown, nil, nil, nil, false
}

// Assert adds u to the current scope.
func (s *Solver) Assert(u smt.Term) {
	s.live()
	s.forget()
	if !s.valid(u) {
		return
	}
	if s.sortOf(u) != s.boolSort {
		s.fail("assertion of a non-Boolean term")
		return
	}
	top := len(s.scopes) - 1
	s.scopes[top] = append(s.scopes[top], u)
	s.pinned = max(s.pinned, int(u)+1)
	if s.back != nil {
		s.back.assert(u)
	}
}

// Push opens a scope.
func (s *Solver) Push() {
	s.live()
	s.forget()
	s.scopes = append(s.scopes, nil)
	if s.back != nil {
		s.back.s.Push()
	}
}

// Pop discards the n innermost scopes; popping more than were pushed panics.
func (s *Solver) Pop(n int) {
	s.live()
	if n < 0 || n > len(s.scopes)-1 {
		panic(fmt.Sprintf("front: Pop(%d) with %d scopes pushed", n, len(s.scopes)-1))
	}
	if n == 0 {
		return
	}
	s.forget()
	s.scopes = s.scopes[:len(s.scopes)-n]
	s.repin()
	if s.back != nil {
		s.back.s.Pop(n)
	}
}

// Check reports whether the assertions are satisfiable.
func (s *Solver) Check(ctx context.Context) (smt.Result, error) {
	return s.CheckAssumptions(ctx)
}

// CheckAssumptions is Check with assumptions holding for this check only.
// The built-in procedure answers first; the backend gets the check when it
// cannot, and gets it too when Options.Verify is set.
func (s *Solver) CheckAssumptions(ctx context.Context, assumptions ...smt.Term) (smt.Result, error) {
	s.live()
	s.forget()
	start := time.Now()
	r, err := s.check(ctx, assumptions)
	s.count(r, time.Since(start))
	s.answer = r
	s.assumed = slices.Clone(assumptions)
	return r, err
}

func (s *Solver) check(ctx context.Context, assumptions []smt.Term) (smt.Result, error) {
	if s.err != nil {
		return smt.Unknown, s.err
	}
	if !s.valid(assumptions...) {
		return smt.Unknown, s.err
	}
	if err := ctx.Err(); err != nil {
		return smt.Unknown, err
	}
	if s.opts.Budget > 0 {
		se := &search{t: &s.table, formulas: s.formulas(assumptions), budget: s.opts.Budget, buf: &s.buf}
		r := se.run()
		s.stats.Steps += s.opts.Budget - se.budget
		if r != smt.Unknown {
			s.stats.Builtin++
			if s.opts.Verify {
				s.verify(ctx, r, assumptions)
			}
			if r == smt.Sat {
				s.sat = se
			}
			return r, nil
		}
	}
	s.byBack = true
	return s.backCheck(ctx, assumptions)
}

// backCheck runs the check in the backend, making it first if needed.
func (s *Solver) backCheck(ctx context.Context, assumptions []smt.Term) (smt.Result, error) {
	if err := s.ensureBackend(); err != nil {
		return smt.Unknown, err
	}
	as := make([]smt.Term, len(assumptions))
	for i, a := range assumptions {
		as[i] = s.back.term(a)
	}
	if err := s.back.s.Err(); err != nil {
		return smt.Unknown, err
	}
	return s.back.s.CheckAssumptions(ctx, as...)
}

// verify panics if the backend disagrees with the built-in answer r.
func (s *Solver) verify(ctx context.Context, r smt.Result, assumptions []smt.Term) {
	br, err := s.backCheck(ctx, assumptions)
	if err == nil && br != smt.Unknown && br != r {
		panic(fmt.Sprintf("front: built-in answer %s, backend %s, for %s", r, br, s.query(assumptions)))
	}
}

// formulas returns the assertions of every scope and the assumptions.
func (s *Solver) formulas(assumptions []smt.Term) []smt.Term {
	var fs []smt.Term
	for _, sc := range s.scopes {
		fs = append(fs, sc...)
	}
	return append(fs, assumptions...)
}

// query renders the assertions and assumptions of a check, for messages.
func (s *Solver) query(assumptions []smt.Term) string {
	var parts []string
	for _, u := range s.formulas(assumptions) {
		parts = append(parts, s.String(u))
	}
	return strings.Join(parts, " ∧ ")
}

// ensureBackend makes the backend on first use and brings it to the
// current sorts, functions and scopes.
func (s *Solver) ensureBackend() error {
	if s.back != nil || s.openErr != nil {
		return s.openErr
	}
	b, err := s.open()
	if err != nil {
		s.openErr = fmt.Errorf("front: the backend solver: %w", err)
		return s.openErr
	}
	s.back = newBackend(&s.table, b)
	if s.timeout > 0 {
		b.SetTimeout(s.timeout)
	}
	for i, sc := range s.scopes {
		if i > 0 {
			b.Push()
		}
		for _, u := range sc {
			s.back.assert(u)
		}
	}
	s.back.setBase()
	return nil
}

func (s *Solver) count(r smt.Result, d time.Duration) { s.stats.Count(r, d) }

// UnsatCore appends the assumptions of the last check, which returned
// Unsat: the backend's core when it answered, else all of them.
func (s *Solver) UnsatCore(dst []smt.Term) []smt.Term {
	s.live()
	if s.answer != smt.Unsat {
		return dst
	}
	if !s.byBack {
		return append(dst, s.assumed...)
	}
	core := s.back.s.UnsatCore(nil)
	for _, a := range s.assumed {
		if slices.Contains(core, s.back.term(a)) {
			dst = append(dst, a)
		}
	}
	return dst
}

// Eval returns the value of u in the model of the last check, which
// returned Sat, as a literal term.
func (s *Solver) Eval(u smt.Term) (smt.Term, bool) {
	s.live()
	if s.answer != smt.Sat || !s.valid(u) {
		return 0, false
	}
	if s.sat != nil { // the search's buffers stay until the next check
		s.model, s.sat = s.sat.model(), nil
	}
	if s.model != nil {
		if v, ok := s.evalModel(u); ok {
			return v, true
		}
		// Outside the fragment (arithmetic): ask the backend for a model.
		if r, err := s.backCheck(context.Background(), s.assumed); err != nil || r != smt.Sat {
			return 0, false
		}
		s.model, s.byBack = nil, true
	}
	bv, ok := s.back.s.Eval(s.back.term(u))
	if !ok {
		return 0, false
	}
	return s.back.value(bv, s.sortOf(u))
}

// evalModel evaluates u in the built-in model, completing it as needed.
func (s *Solver) evalModel(u smt.Term) (smt.Term, bool) {
	se := &search{t: &s.table, budget: 1 << 30, concrete: true}
	se.formulas = []smt.Term{u}
	if !se.inFragment() {
		return 0, false
	}
	se.scale = 1 // the model's values are integers
	se.vals, se.apps = s.model.slice(len(s.nodes)), s.model.apps
	se.cache, se.stamp = make([]int64, len(s.nodes)), make([]uint32, len(s.nodes))
	for _, a := range se.atoms { // complete: unconstrained atoms take a default
		if se.vals[a] != unknown {
			continue
		}
		key, found, v := se.appKey(a)
		if !found {
			v = s.model.fresh[s.sortOf(a)]
			if key != "" {
				se.apps[key] = v
			}
		}
		se.vals[a] = v
		s.model.values[a] = v
	}
	se.epoch++
	return s.literal(se.eval(u), s.sortOf(u)), true
}

// literal returns the term of value v of sort srt.
func (s *Solver) literal(v int64, srt smt.Sort) smt.Term {
	si := &s.sorts[srt]
	switch si.kind {
	case kindBool:
		if v == 1 {
			return s.True()
		}
		return s.False()
	case kindEnum:
		return si.values[v]
	case kindInt:
		return s.Int(v)
	}
	return s.Const(si.name+"!val!"+strconv.FormatInt(v, 10), srt)
}

// SetTimeout bounds the wall time of each later backend check.
func (s *Solver) SetTimeout(d time.Duration) {
	s.live()
	s.timeout = d
	if s.back != nil {
		s.back.s.SetTimeout(d)
	}
}

// Err returns the sticky construction error, or nil.
func (s *Solver) Err() error {
	s.live()
	return s.err
}

// Stats returns the work done so far; Builtin counts the checks answered
// without the backend.
func (s *Solver) Stats() smt.Stats {
	s.live()
	return s.stats
}

// Close closes the backend, if one was made. It is idempotent.
func (s *Solver) Close() {
	if s.closed {
		return
	}
	if s.back != nil {
		s.back.s.Close()
	}
	*s = Solver{closed: true}
}

// Backend reports whether the backend solver was made: whether some check
// so far fell outside the built-in procedure (or Options.Verify is set).
func (s *Solver) Backend() bool {
	s.live()
	return s.back != nil
}
