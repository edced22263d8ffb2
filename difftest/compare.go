package difftest

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Budget bounds the work of one comparison; every limit counts work, never
// time, so a comparison is deterministic.
type Budget struct {
	MaxNodes int // nodes reach.Check visits before answering UNKNOWN
	// MaxMatchSteps bounds reach's subsumption work (reach.Options): a
	// search whose nodes gather many process variables spends it long
	// before MaxNodes.
	MaxMatchSteps int
	MaxStates     int // states dpor.Explicit finds on one instance before giving up
	MaxN          int // the oracle explores the instances with 2..MaxN processes
	// MaxBuffer bounds each store buffer of the oracle (dpor.Options), so
	// that a process looping through writes does not exhaust MaxStates; an
	// instance the bound cut is not exhausted (Result.Bounded).
	MaxBuffer int
	// NewSolver makes reach's solver; nil means cubew check's: package
	// front's built-in procedure with Z3 behind it.
	NewSolver func() smt.Solver
	// Brab, when positive, turns on reach's invariant inference from the
	// first node, with an oracle over the instances with 1..Brab
	// processes, explored when first asked, MaxStates states each
	// (decide.WithLazyOracle); a model it cannot explore is searched
	// without.
	Brab int
	// CheapAfter, with Brab, infers invariants from that node only when
	// the oracle is cheap to explore (reach.Options.CheapApproxAfter), and
	// not at all otherwise, as check's default does from its 50th node.
	CheapAfter int
}

// DefaultBudget is the budget of the tests: small models finish well
// within it, except a few pso searches that do not converge (each node
// then costs tens of milliseconds, so the node budget stays small).
var DefaultBudget = Budget{MaxNodes: 500, MaxMatchSteps: 1 << 23, MaxStates: 5000, MaxN: 3, MaxBuffer: 2}

// MutantBudget is the budget for the mutants of the corpus: their models
// are larger, and most of the originals finish within a few hundred nodes.
var MutantBudget = Budget{MaxNodes: 300, MaxMatchSteps: 1 << 23, MaxStates: 5000, MaxN: 3, MaxBuffer: 2}

// Case is one model to compare under one memory model.
type Case struct {
	Name  string // where the model comes from (generator seed, mutant)
	Src   string // the model's source text
	Model memmodel.Model
}

// Run parses and type-checks the case's model (as cubew does for its
// memory model), runs both engines within the budget and classifies the
// answers. A model that does not type-check, or that an engine rejects,
// comes back as ClassError with the reason.
func Run(ctx context.Context, c Case, b Budget) *Outcome {
	o := &Outcome{Case: c}
	m, err := syntax.ParseAndCheck(c.Name, []byte(c.Src), syntax.CheckOptions{SC: !c.Model.Buffered()})
	if err != nil {
		return o.fail("type check: %v", err)
	}
	o.weak = m.Weak
	sys, err := translate.Build(m)
	if err != nil {
		return o.fail("translate: %v", err)
	}
	opts := reach.Options{Model: c.Model, MaxNodes: b.MaxNodes, MaxMatchSteps: b.MaxMatchSteps, NewSolver: b.solver()}
	opts, _ = decide.WithLazyOracle(ctx, m, c.Model, opts, b.Brab, b.MaxStates)
	if b.CheapAfter > 0 {
		opts.ApproxAfter, opts.CheapApproxAfter = b.MaxNodes, b.CheapAfter
	}
	res, err := decide.Check(ctx, m, sys, opts)
	if err != nil {
		return o.fail("reach: %v", err)
	}
	o.Reach, o.sys = res.Result, sys
	// decide proves invariants as further unsafe items: so does the oracle
	// (dpor alone would assume them and prune the states they exclude).
	if err := o.runExplicit(ctx, m.InvariantsAsUnsafe(), b); err != nil {
		return o.fail("explicit: %v", err)
	}
	o.evidence(ctx, m, res)
	o.classify()
	if o.Class.Disagreement() {
		if bug := knownBug(m, o); bug != "" {
			o.Note = fmt.Sprintf("%s (%s)", bug, o.Class)
			o.Class = ClassKnownBug
		}
	}
	return o
}

// traceFires reports whether a step of t fires a transition of m that
// satisfies is.
func traceFires(m *syntax.Model, t *reach.Trace, is func(*syntax.Transition) bool) bool {
	if t == nil {
		return false
	}
	for _, s := range t.Steps {
		for _, tr := range m.Transitions {
			if tr.Pos == s.Pos() && is(tr) {
				return true
			}
		}
	}
	return false
}

// hasForallOther reports whether f has a forall_other (or a forall,
// which a guard turns into one).
func hasForallOther(f syntax.Formula) bool {
	switch x := f.(type) {
	case *syntax.Quant:
		return x.Kind == syntax.ForallOther || x.Kind == syntax.Forall || hasForallOther(x.Body)
	case *syntax.Binary:
		return hasForallOther(x.L) || hasForallOther(x.R)
	case *syntax.Not:
		return hasForallOther(x.X)
	case *syntax.Ite:
		return hasForallOther(x.Cond) || hasForallOther(x.Then) || hasForallOther(x.Else)
	}
	return false
}

// solver returns b.NewSolver, or the solver of reach as cubew check makes
// it.
func (b Budget) solver() func() smt.Solver {
	if b.NewSolver != nil {
		return b.NewSolver
	}
	return func() smt.Solver { return front.New(z3.Backend, front.Options{}) }
}

// runExplicit explores the instances with 2..MaxN processes (at most
// number_procs) until one reaches an unsafe state.
func (o *Outcome) runExplicit(ctx context.Context, m *syntax.Model, b Budget) error {
	for n := 2; n <= b.MaxN; n++ {
		if m.NumProcs > 0 && n > m.NumProcs {
			break
		}
		res, err := dpor.Explicit(ctx, m, dpor.Options{N: n, Model: o.Case.Model, MaxStates: b.MaxStates, MaxBuffer: b.MaxBuffer})
		if err != nil {
			return err
		}
		o.Explicit = append(o.Explicit, res)
		if res.Verdict == translate.Unsafe {
			break
		}
	}
	return nil
}

// explicitUnsafe returns the instance size at which the oracle reached an
// unsafe state, or 0.
func (o *Outcome) explicitUnsafe() int {
	for _, r := range o.Explicit {
		if r.Verdict == translate.Unsafe {
			return r.N
		}
	}
	return 0
}

// explicitExhausted reports whether the oracle explored the instance with
// n processes completely without reaching an unsafe state.
func (o *Outcome) explicitExhausted(n int) bool {
	for _, r := range o.Explicit {
		if r.N == n {
			return r.Verdict == translate.Safe && !r.Bounded
		}
	}
	return false
}

// explicitBudgetOut reports whether some instance ran out of states.
func (o *Outcome) explicitBudgetOut() bool {
	return slices.ContainsFunc(o.Explicit, func(r *dpor.Result) bool { return r.Verdict == translate.Unknown })
}

// explicitApprox reports whether the oracle said it under-approximates
// the model (an unsafe item over a value no instance enumerates, an
// unconstrained integer): its replay of a trace then proves nothing.
func (o *Outcome) explicitApprox() bool { return o.approxReason() != "" }

// approxReason is the oracle's reason for an under-approximation, or "".
func (o *Outcome) approxReason() string {
	for _, r := range o.Explicit {
		if r.Verdict == translate.Unknown && strings.Contains(r.Reason, "unconstrained value") {
			return r.Reason
		}
	}
	return ""
}

// explicitMaxN is the largest instance the oracle explored.
func (o *Outcome) explicitMaxN() int {
	if len(o.Explicit) == 0 {
		return 0
	}
	return o.Explicit[len(o.Explicit)-1].N
}

// classify sets the outcome's class from the answers.
func (o *Outcome) classify() {
	if o.Spurious != nil {
		switch {
		case o.explicitApprox():
			o.Class = ClassExplicitBudget
			o.Note = "a trace does not replay, but the oracle under-approximates this model (" + o.approxReason() + ")"
			return
		case strings.Contains(o.ReplayErr, dpor.ErrTooManyInitialStates.Error()):
			o.Class = ClassReachBudget
			o.Note = "a trace could not be replayed: its instance has too many initial states (neither confirmed nor refuted)"
			return
		case o.forallOther:
			o.Class = ClassSpuriousForall
		case o.weak && !memmodel.WritesInProgramOrder(o.Case.Model):
			o.Class = ClassSpuriousPSO
		default:
			o.Class = ClassSpurious
			return
		}
		if o.Reach.Verdict != translate.Unsafe {
			return // UNKNOWN: no counterexample replays
		}
	}
	found := o.explicitUnsafe()
	switch o.Reach.Verdict {
	case translate.Unknown:
		o.Class = ClassReachBudget
	case translate.Safe:
		switch {
		case found > 0:
			o.Class = ClassWrongSafe
		case o.explicitBudgetOut():
			o.Class = ClassExplicitBudget
		default:
			o.Class = ClassAgreeSafe
		}
	case translate.Unsafe:
		procs := o.Reach.Trace.Procs
		switch {
		case found > 0:
			o.Class = ClassAgreeUnsafe
		case o.NotReplayed != "" && o.weak:
			o.Class = ClassExplicitBudget
			o.Note = "the counterexample has no concrete instance: " + o.NotReplayed
		case procs > o.explicitMaxN():
			o.Class = ClassUnsafeMoreProcs
			o.Note = fmt.Sprintf("the counterexample needs %d processes; the oracle explored up to %d", procs, o.explicitMaxN())
		case o.explicitExhausted(procs):
			o.Class = ClassExplicitMiss
		default:
			o.Class = ClassExplicitBudget
		}
	}
}

// fail records an error outcome.
func (o *Outcome) fail(format string, args ...any) *Outcome {
	o.Class = ClassError
	o.Note = fmt.Sprintf(format, args...)
	return o
}

// reachAnswer renders reach's answer on one line.
func (o *Outcome) reachAnswer() string {
	if o.Reach == nil {
		return "none"
	}
	s := o.Reach.Verdict.String()
	switch {
	case o.Reach.Verdict == translate.Unknown:
		s += " (" + o.Reach.Reason + ")"
	case o.Reach.Trace != nil:
		s += fmt.Sprintf(" with %d processes: %s", o.Reach.Trace.Procs, o.Reach.Trace)
		if o.Replayed {
			s += "; replays"
		} else if o.NotReplayed != "" {
			s += "; not replayed: " + o.NotReplayed
		}
	}
	if o.Spurious != nil && o.Reach.Verdict != translate.Unknown {
		s += fmt.Sprintf("; rejected first %s with %d processes: %s", o.Spurious, o.Spurious.Procs, o.ReplayErr)
	}
	return s
}

// explicitAnswer renders the oracle's answers on one line.
func (o *Outcome) explicitAnswer() string {
	var parts []string
	for _, r := range o.Explicit {
		s := fmt.Sprintf("n=%d %s (%d states)", r.N, r.Verdict, r.States)
		if r.Witness != nil {
			s += ": " + r.Witness.Line()
		}
		if r.Verdict == translate.Unknown {
			s += " " + r.Reason
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
