package dpor

import (
	"fmt"
	"math"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Options configures a run on one instance of a model. The zero value
// means one process under the default model, with no bounds.
type Options struct {
	// N is the number of processes, numbered 1..N (#k is process k). It
	// must be at least 1 and at most the model's number_procs, if any. 0
	// means 1.
	N int
	// Model is the memory model; nil means memmodel.Default: TSO for a
	// model with weak declarations, SC otherwise.
	// Only locations the checker marked weak are buffered, so a model
	// checked with syntax.CheckOptions{SC: true} runs as SC under any model.
	Model memmodel.Model
	// MaxSteps bounds the transitions each process fires (0: unbounded).
	// Steps are counted for the acting process, else the first parameter,
	// else a shared counter for parameterless transitions. Needed when the
	// state space is infinite (unbounded integer counters).
	MaxSteps int
	// MaxBuffer bounds the pending writes of a buffer (0: unbounded): the
	// whole buffer of a process under TSO, the FIFO of one process and
	// location under PSO. A transition whose writes would exceed it waits
	// for a flush. Needed when a process can loop through writes without
	// a fence or a locked instruction: its buffer then grows without bound.
	MaxBuffer int
	// MaxStates stops the run with verdict Unknown once more distinct
	// states than this have been found (0: no limit). Explicit only.
	MaxStates int
	// MaxExecutions stops a run of [Check] with verdict Unknown once this
	// many execution graphs (complete or blocked) have been explored (0:
	// no limit).
	MaxExecutions int
	// Symmetry makes [Explicit] keep one state per orbit under process
	// permutations when the model's processes are interchangeable (no
	// process constant, no order on processes: symmetry.go);
	// Result.Symmetric tells whether it did.
	Symmetry bool
	// DeadValues makes [Explicit] key states with the cells that no
	// continuation reads before overwriting them set to one value (stale
	// data: dead.go); Result.DeadValues lists the rules it found.
	DeadValues bool
	// Shift makes [Explicit] key states up to a common shift of every
	// integer when the model only compares integers with each other and
	// adds constants to them (shift.go), so that counters that grow
	// without bound give finitely many keys; Result.Shifted tells whether
	// it did, Result.ShiftRefused why not.
	Shift bool
	// Gaps, with Shift granted, also caps in the keys every gap between
	// consecutive integers wider than the model's offsets (gaps.go), so
	// that a counter left behind (a ticket lock's lost ticket) gives
	// finitely many keys; a run where a step puts a value inside such a
	// gap stops with verdict Unknown and Result.GapsBroken set.
	Gaps bool
	// Order makes [Explicit] key states by the order with ties of their
	// reals when the model only compares reals with each other, copies
	// them and increments the largest by a positive step (order.go), so
	// that clocks that grow without bound give finitely many keys;
	// Result.Ordered tells whether it did, Result.OrderRefused why not.
	Order bool
	// AssumeInvariants trusts the model's invariant items, as Cubicle
	// does: a state where one holds is excluded (counted in
	// Result.Pruned), and [Check] runs only invariants over constants.
	// Without it, each invariant item is a property checked like the
	// unsafe items (after them, Options.checked): a reachable state where
	// one holds ends the run with verdict Unsafe, the witness names the
	// item (its name, else invariant[k]) and so does Result.Violated, as
	// cubew check proves invariants in its search.
	AssumeInvariants bool
	// lazyStates keeps a run that reports its states lazy (lazy.go):
	// ReachableClasses sets it.
	lazyStates bool
}

// Result is the outcome of a run.
type Result struct {
	Verdict translate.Verdict
	N       int
	Model   string // memory model name
	// Engine names the engine that produced the result (EngineDPOR,
	// EngineExplicit); Choice says why [Auto] chose it ("" otherwise).
	Engine string
	Choice string
	// MaxSteps is the steps bound the run used (0: none).
	MaxSteps int
	// States counts the distinct reachable states found (initial ones
	// included, states excluded by an invariant not included).
	States int
	// Initial counts the initial states enumerated (including those an
	// invariant then excludes).
	Initial int
	// Transitions counts transition firings, Flushes flush steps
	// (including those that led to states already seen).
	Transitions int
	Flushes     int
	// Symmetric reports that States counts orbits under process
	// permutations (Options.Symmetry on a symmetric model).
	Symmetric bool
	// SymmetryRefused says why Options.Symmetry did not reduce the run of
	// [Explicit]: the position and reason that make the model's processes
	// distinguishable ("" when it reduced or was off).
	SymmetryRefused string
	// DeadValues lists the dead-value rules of Options.DeadValues ("A[i]
	// while B[i] in {...}"; "" when none was found or the option is off).
	DeadValues string
	// Shifted reports that states were keyed up to a shift of their
	// integers (Options.Shift); ShiftRefused says why the model does not
	// allow it ("" when it did, or when the option is off).
	Shifted      bool
	ShiftRefused string
	// Gapped is the width from which gaps were capped (Options.Gaps; 0
	// when they were not); GapsBroken reports a run stopped because a
	// step put a value inside a capped gap.
	Gapped     int64
	GapsBroken bool
	// Ordered reports that states were keyed by the order of their reals
	// (Options.Order); OrderRefused says why the model does not allow it
	// ("" when it did, or when the option is off).
	Ordered      bool
	OrderRefused string
	// Outside says which process variables name a process outside the
	// participants, N+1, that never acts (outside.go; "" when none).
	Outside string
	// Pruned counts states excluded because they satisfy an invariant
	// (Options.AssumeInvariants).
	Pruned int
	// Violated names the invariant item an Unsafe verdict reaches (its
	// name, else invariant[k]); "" when it reaches an unsafe item, or when
	// the caller had already made the invariants unsafe items.
	Violated string
	// Bounded reports that MaxSteps or MaxBuffer disabled some step, so a
	// Safe verdict only holds for executions within those bounds.
	Bounded bool
	// Reason explains an Unknown verdict, or the bound behind a bounded
	// Safe one.
	Reason string
	// Witness is the path to an unsafe state when Verdict is Unsafe.
	Witness *Witness
	// Executions counts the complete execution graphs [Check] explored
	// (every thread ran out of enabled transitions or of steps), Blocked
	// the graphs where some thread waits forever on a transition whose
	// guard the values it read make false. Each consistent graph of the
	// bounded instance is explored exactly once. A run that stops at an
	// unsafe state counts the executions explored up to it, the one that
	// reaches it included.
	Executions int
	Blocked    int
	// CacheHits counts the evaluations of the unsafe items on a state of
	// a cut that [Check] answered from its memo of earlier evaluations
	// (by state).
	CacheHits int
	// Execution is the graph [Check] found an unsafe state in.
	Execution *Execution
}

// withDefaults returns o with the default of N (1) filled in (compile
// fills in the model).
func (o Options) withDefaults() Options {
	if o.N == 0 {
		o.N = 1
	}
	return o
}

// checked returns the model whose properties the engines check under
// o: m itself when o.AssumeInvariants trusts its invariant items, else m
// with each invariant item as an unsafe item after the model's own
// (syntax.Model.InvariantsAsUnsafe, names as check prints them), so that
// a witness's Unsafe index past len(m.Unsafes) is an invariant's.
func (o Options) checked(m *syntax.Model) *syntax.Model {
	if m == nil || o.AssumeInvariants {
		return m
	}
	return m.InvariantsAsUnsafe()
}

// violated names the invariant item that witness w of a run on m under
// o reaches, "" when w reaches one of m's unsafe items (or is nil).
func (o Options) violated(m *syntax.Model, w *Witness) string {
	if o.AssumeInvariants || w == nil || w.Unsafe < len(m.Unsafes) {
		return ""
	}
	return w.UnsafeName
}

// validate rejects bounds the engine cannot represent.
func (o Options) validate() error {
	switch {
	case o.MaxSteps < 0 || o.MaxSteps > math.MaxUint16-1:
		return fmt.Errorf("steps bound %d out of range 0..%d", o.MaxSteps, math.MaxUint16-1)
	case o.MaxBuffer < 0:
		return fmt.Errorf("negative buffer bound %d", o.MaxBuffer)
	case o.MaxStates < 0:
		return fmt.Errorf("negative state limit %d", o.MaxStates)
	case o.MaxExecutions < 0:
		return fmt.Errorf("negative execution limit %d", o.MaxExecutions)
	}
	return nil
}
