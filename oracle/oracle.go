package oracle

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// DefaultMaxStates bounds the states kept per instance; an instance with
// more is explored partially (its first states, breadth first). FLASH's
// instance with 2 processes has 26,525 classes.
const DefaultMaxStates = 30000

// Oracle holds the reachable states of the instances with 1..N
// processes (and N+1 when small), and finds unreached cubes of at most N
// variables.
type Oracle struct {
	n         int
	instances []*instance // instances[k-1]: the states with k processes
	// Partial says why an instance was not explored completely ("" when
	// every instance was).
	Partial string
	// States counts the states kept over all instances.
	States int
	mu     sync.Mutex
	memo   map[string]bool
	// more explores the instance with one more process than the largest
	// with the whole state budget (Grow); nil once asked, or when there
	// is no such instance to explore.
	more func() *instance
	// cut are the sizes of the instances explored partially, which
	// Deepen explores again with a larger budget (deepen.go).
	cut []int
	// budget is the state limit the instances of cut were explored with.
	budget   int
	deepened bool // Deepen explored them once
	// explore explores the instance with k processes keeping at most
	// maxStates states.
	explore func(k, maxStates int) ([]dpor.State, *dpor.Result, error)
}

// New explores the instances of m with 1..n processes under mm (keeping
// at most maxStates states each, 0 meaning DefaultMaxStates; fewer past
// an instance the limit cut, instanceBudget), and the
// one with n+1 when it has at most maxStates/extraShare states: a cube
// of n variables is then looked for where one more process acts too, as
// a ticket lock needs to reach `Phase[#2] = Idle && Phase[#3] = Idle &&
// Serving < Ticket[#1]` (a fourth process holds the lock); a larger one
// is left to Grow. The instance
// sizes stop at m's number_procs bound. An instance the explicit engine
// cannot run, or cannot explore exactly (an initial value it cannot
// enumerate), or that has no initial state, is an error: such an oracle
// would call unreached what it never looked at. A model whose init puts
// a process variable outside every instance (`init (p) { Home <> p &&
// ... }`, dpor/outside.go) is explored with one more process than
// participants, the one that variable names, which never acts.
func New(ctx context.Context, m *syntax.Model, mm memmodel.Model, n, maxStates int) (*Oracle, error) {
	return newWithin(ctx, m, mm, n, maxStates, 0)
}

// newWithin is New, but when within is positive it gives up with
// errNotCheap at the first instance with 1..n processes that is not
// complete and safe within that many states (cheap.go); an oracle it
// returns is then New's, each of those instances being complete.
func newWithin(ctx context.Context, m *syntax.Model, mm memmodel.Model, n, maxStates, within int) (*Oracle, error) {
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	if m.NumProcs > 0 {
		n = min(n, m.NumProcs)
	}
	o := &Oracle{n: n, memo: map[string]bool{}, budget: maxStates}
	m = finiteAbstract(m)
	r := probe(ctx, m, mm)
	o.explore = func(k, maxStates int) ([]dpor.State, *dpor.Result, error) {
		return exploreReduced(ctx, m, reductions(k, mm, maxStates, r))
	}
	for k := 1; k <= n; k++ {
		budget := instanceBudget(k, o.cut, maxStates)
		if within > 0 {
			budget = min(within, budget)
		}
		states, res, err := o.explore(k, budget)
		if err != nil {
			return nil, fmt.Errorf("oracle, instance with %d processes: %w", k, err)
		}
		if within > 0 && (res.Verdict != translate.Safe || res.Bounded) {
			return nil, errNotCheap
		}
		if res.Verdict == translate.Unknown {
			o.cut = append(o.cut, k) // a state limit: Deepen may go on
		}
		o.add(newInstance(k, states, res))
	}
	o.Partial = o.partial()
	if (m.NumProcs == 0 || n < m.NumProcs) && len(o.cut) == 0 {
		// The instance with one more process is kept only when it is
		// small: explored partially, it is the shallow states of a large
		// instance, which the smaller ones mostly have already, and it
		// took German's protocol from 1.1 to 3 CPU-s. It is not explored
		// at all past an instance a state limit cut, which already has
		// more states than its budget (ricart_agrawala: 30,000 of the
		// 38,435 with 3 processes, and 2,000 with 4 explored for
		// nothing).
		if in, res := extra(ctx, m, reductions(n+1, mm, extraBudget(maxStates), r)); res != translate.Unknown {
			o.add(in)
		} else if o.Partial == "" {
			o.more = func() *instance {
				if in, res := extra(ctx, m, reductions(n+1, mm, maxStates, r)); res == translate.Safe {
					return in
				}
				return nil
			}
		}
	}
	return o, nil
}

// instanceBudget is the state limit of the instance with k processes,
// given the smaller instances a state limit cut: maxStates, or after a
// cut one the share of the instances beyond those an oracle must have
// (extraBudget). A cut instance is one whose reachable states do not
// fit the budget (an integer clock stepped by a free constant:
// ricart_abdulla_int's instance with 1 process has more than 30,000
// states); its larger instances, explored breadth first, would reach a
// shallower depth with as many states, and took 60,000 more states for
// the same 16 candidates (0.9 to 0.4 CPU-s for the oracle of the search
// inferring from its first node). Deepen explores them again with its
// larger budget, as it does the cut ones.
func instanceBudget(k int, cut []int, maxStates int) int {
	if len(cut) > 0 && cut[0] < k {
		return extraBudget(maxStates)
	}
	return maxStates
}

// extra explores the instance opts describes, beyond the instances an
// oracle must have, and returns it with the explicit engine's verdict:
// Safe when it was explored completely, Unsafe when the exploration
// stopped at an unsafe state, Unknown (and no instance) when it reached
// its state limit or could not be explored.
func extra(ctx context.Context, m *syntax.Model, opts dpor.Options) (*instance, translate.Verdict) {
	states, res, err := exploreReduced(ctx, m, opts)
	if err != nil || res.Verdict == translate.Unknown {
		return nil, translate.Unknown
	}
	return newInstance(opts.N, states, res), res.Verdict
}

// Grow explores the instance with one more process than the largest,
// which New left out as too large, with the whole state budget, and
// keeps it when it is complete; it reports whether the oracle grew. It
// is asked at most once, and only of an oracle whose instances are all
// complete (a partial one would not gain from a larger instance): reach
// asks it when a candidate the oracle called unreached was refuted,
// the sign that a property of the small instances needs one more
// process to fail. arbiter_v3_N under TSO: its candidates over 3
// processes were refuted by executions of 4 (the arbiter and three
// clients); the instance with 4 processes has 28,291 classes, more
// than New's 2,000 for it, and with it no candidate is refuted (TestGrow;
// cmd/cubew's TestArbiterV3TSO).
// Models whose candidates are never refuted (German's, FLASH's,
// ricart_agrawala) never pay for it: exploring it up front made German
// 3 times slower. It is safe for concurrent use.
func (o *Oracle) Grow() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.more == nil {
		return false
	}
	in := o.more()
	o.more = nil
	if in == nil {
		return false
	}
	o.add(in)
	clear(o.memo)
	return true
}

// extraBudget is the state limit of an exploration beyond the instances
// an oracle must have (the instance with one more process, or one again
// with larger buffers): a share of maxStates, and at least one state,
// since a limit of 0 means none to the explicit engine.
func extraBudget(maxStates int) int {
	return max(maxStates/extraShare, 1)
}

// extraShare is the share of the state limit the instance with one more
// process than MaxVars may use: 2,000 states by default (a larger one is
// explored that far and dropped).
const extraShare = 15

// explore returns the states of the instance opts describes, and the
// explicit engine's result. An instance the engine cannot explore exactly
// is an error.
func explore(ctx context.Context, m *syntax.Model, opts dpor.Options) ([]dpor.State, *dpor.Result, error) {
	var states []dpor.State
	res, err := dpor.ReachableClasses(ctx, m, opts, func() { states = nil }, func(s dpor.State) { states = append(states, s) })
	if err != nil {
		return nil, nil, err
	}
	if res.Verdict == translate.Unknown && res.States <= opts.MaxStates && ctx.Err() == nil {
		// Neither a state limit nor a stop: the engine cannot explore
		// this instance exactly (or it has no initial state), and what
		// it saw says nothing.
		return nil, nil, errors.New(res.Reason)
	}
	return states, res, nil
}

// add keeps the states of the next instance (one more process than the
// last).
func (o *Oracle) add(in *instance) {
	o.instances = append(o.instances, in)
	o.States += len(in.states)
}

// partial says why the first of the instances with 1..MaxVars processes
// explored partially was ("" when none was).
func (o *Oracle) partial() string {
	for _, in := range o.instances[:min(o.n, len(o.instances))] {
		if in.partial != "" {
			return fmt.Sprintf("instance with %d processes: %s", in.procs, in.partial)
		}
	}
	return ""
}

// partialReason says why an exploration stopped early.
func partialReason(res *dpor.Result) string {
	if res.Verdict == translate.Unsafe {
		return "an unsafe state is reachable"
	}
	return res.Reason
}

// MaxVars is the most process variables a cube may have for the oracle to
// find it unreached: n of New.
func (o *Oracle) MaxVars() int { return o.n }

// Largest is the number of processes of the largest instance explored.
func (o *Oracle) Largest() int { return len(o.instances) }

// Reached reports whether some explored state satisfies c's literals
// under some assignment of c's variables to distinct processes of its
// instance. A cube with more variables than MaxVars, or that may need
// more processes than the largest instance has (footprint), is reported
// reached.
// A literal whose truth the instance's reductions do not preserve (an
// integer compared with a number where integers are shifted, a real
// compared with a number where reals are ordered) is not looked at
// (invariantLits).
// It is safe for concurrent use.
func (o *Oracle) Reached(c *translate.Cube) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r, ok := o.memo[c.Key()]; ok {
		return r
	}
	r := o.reached(c)
	o.memo[c.Key()] = r
	return r
}

func (o *Oracle) reached(c *translate.Cube) bool {
	if c.NVars > o.n || footprint(c) > o.Largest() {
		return true
	}
	for _, in := range o.instances[max(c.NVars, 1)-1:] {
		if in.reaches(c) {
			return true
		}
	}
	return false
}

// forAssignments calls fn on every injective map of vars variables to the
// processes 1..n (assign[v-1] is variable #v's process) until fn returns
// false.
func forAssignments(n, vars int, fn func([]int) bool) {
	assign := make([]int, vars)
	used := make([]bool, n+1)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == vars {
			return fn(assign)
		}
		for q := 1; q <= n; q++ {
			if used[q] {
				continue
			}
			used[q], assign[i] = true, q
			ok := rec(i + 1)
			used[q] = false
			if !ok {
				return false
			}
		}
		return true
	}
	rec(0)
}

// ground returns t evaluated in st under assign, or nil when its value is
// not known there. The value of a final read of events is what its
// process would read in st (finalRead).
func ground(st dpor.State, events []translate.Event, t *translate.Term, assign []int) *translate.Term {
	switch t.Kind {
	case translate.KCtor:
		return t
	case translate.KProc:
		q, ok := process(t.P, assign)
		if !ok {
			return nil
		}
		return translate.ProcTerm(translate.Proc(-q))
	case translate.KState:
		procs := make([]int, len(t.Args))
		for i, a := range t.Args {
			q, ok := process(a, assign)
			if !ok {
				return nil
			}
			procs[i] = q
		}
		return st.Value(t.Sym.Name, procs)
	case translate.KLin:
		if t.Base == nil {
			return t
		}
		b := ground(st, events, t.Base, assign)
		if b == nil {
			return nil
		}
		return translate.Plus(b, t.Off)
	case translate.KVal:
		return finalRead(st, events, t, assign)
	}
	return nil // reads of transitions: not state
}

// process maps a cube variable or a process constant to its process.
func process(p translate.Proc, assign []int) (int, bool) {
	switch {
	case p.IsConst():
		return int(-p), true
	case p.IsVar() && int(p) <= len(assign):
		return assign[int(p)-1], true
	}
	return 0, false
}
