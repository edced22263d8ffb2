package decide

import (
	"context"
	"errors"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Result is a verdict with its evidence.
type Result struct {
	*reach.Result
	// Witness is the concrete execution of an UNSAFE answer's trace (nil
	// when NotReplayed is set).
	Witness *dpor.Witness
	// NotReplayed says why an UNSAFE answer was not replayed on a concrete
	// instance; empty when it was.
	NotReplayed string
	// NoInitialState is set on the SAFE answer of a model whose init no
	// state satisfies (reach.NoInitialState): every property holds
	// vacuously, and no search ran.
	NoInitialState bool
}

// Check runs reach.Check on m's system under opts (opts.Model nil means
// memmodel.Default, as in reach) and replays each counterexample with Replay before
// accepting it (one that ends in a violated invariant replays as one that
// ends in an unsafe state). sys must be translate.Build(m).
func Check(ctx context.Context, m *syntax.Model, sys *translate.System, opts reach.Options) (*Result, error) {
	opts.Model = memmodel.Or(opts.Model, m.Weak)
	if !opts.AssumeInvariants {
		// Invariants are proved: a trace may end in a violated one.
		m = m.InvariantsAsUnsafe()
	}
	empty, err := reach.NoInitialState(ctx, sys, opts)
	if err != nil {
		return nil, err
	}
	if empty {
		return &Result{Result: reach.Vacuous(sys, opts), NoInitialState: true}, nil
	}
	var last *Replayed
	opts.Confirm = func(ctx context.Context, tr *reach.Trace) error {
		r, err := Replay(ctx, m, sys, opts.Model, tr, opts.NewSolver)
		if err != nil {
			return err
		}
		last = r
		return nil
	}
	res, err := reach.Check(ctx, sys, opts)
	if err != nil {
		return nil, err
	}
	if refined := refine(ctx, sys, opts, res); refined != nil {
		res = refined
	}
	out := &Result{Result: res}
	if res.Verdict == translate.Unsafe && last != nil {
		res.Trace, out.Witness, out.NotReplayed = last.Trace, last.Witness, last.NotReplayed
	}
	return out, nil
}

// Replayed is a counterexample that replays: the trace (processes renamed
// and steps reordered as the execution runs them) and its execution.
type Replayed struct {
	Trace   *reach.Trace
	Witness *dpor.Witness
	// NotReplayed says why there is no Witness (no concrete instance could
	// be built); the trace was then confirmed forwards by the solver when
	// the model has no weak variables.
	NotReplayed string
}

// Replay runs tr forwards on a concrete instance of m with tr.Procs
// processes under mm: first in the trace's own order, then in any
// interleaving that keeps each process's steps in order (under weak
// memory a search's order need not be executable while its events are).
// A model without weak variables (or checked under SC) is first confirmed
// by the solver (reach.Replay), which also chooses process identities that
// respect number_procs and process order. The invariant items left in m
// are trusted (the instance leaves out the states they exclude, as the
// search assumed): a caller that proves them passes
// m.InvariantsAsUnsafe(), as Check does. It returns a *reach.SpuriousError
// when the trace does not replay, and ctx's error when it was stopped.
func Replay(ctx context.Context, m *syntax.Model, sys *translate.System, mm memmodel.Model, tr *reach.Trace,
	newSolver func() smt.Solver) (*Replayed, error) {
	weak := m.Weak && mm.Buffered()
	if !weak {
		s := newSolver()
		confirmed, err := reach.Replay(ctx, sys, tr, s)
		s.Close()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &reach.SpuriousError{Trace: tr, Reason: err.Error()}
		}
		tr = confirmed
	}
	steps, err := traceSteps(m, tr)
	if err != nil {
		return nil, &reach.SpuriousError{Trace: tr, Reason: err.Error()}
	}
	opts := dpor.Options{N: tr.Procs, Model: mm, AssumeInvariants: true}
	w, err := dpor.ReplayTrace(ctx, m, opts, steps, tr.Unsafe)
	if err != nil && ctx.Err() == nil {
		w, err = dpor.ReplayTraceProcs(ctx, m, opts, steps, tr.Unsafe)
	}
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case (errors.Is(err, dpor.ErrUnderApproximation) || errors.Is(err, dpor.ErrTooManyInitialStates)) && !weak:
		return &Replayed{Trace: tr, NotReplayed: "no concrete instance (" + err.Error() + "); confirmed forwards by the solver"}, nil
	case errors.Is(err, dpor.ErrUnderApproximation):
		return &Replayed{Trace: tr, NotReplayed: "no concrete instance: " + err.Error()}, nil
	case err != nil:
		return nil, &reach.SpuriousError{Trace: tr, Reason: err.Error()}
	}
	return &Replayed{Trace: inWitnessOrder(tr, w), Witness: w}, nil
}
