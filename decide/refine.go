package decide

import (
	"context"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// refineExtra bounds the search keeping obligations: the plain search's
// nodes and this many more.
const refineExtra = 300

// stepOrderFactor bounds the step-ordered search: this many times the
// plain search's nodes, and refineExtra more (two_phase_N: 163 plain
// nodes, 219 ordered).
const stepOrderFactor = 4

// refine runs the search again, more exactly, when the plain search gave
// UNKNOWN because its counterexamples do not replay, under a model whose
// writes may become visible out of program order (PSO; elsewhere the
// search is exact about memory): first ordering each step before the
// cube's events (reach.OrderingSteps), then keeping coherence obligations
// (reach.KeepingObligations). It returns the first result that is SAFE,
// or UNSAFE with a counterexample that replays (opts.Confirm), and nil
// otherwise (the plain search's UNKNOWN stands). Both searches
// over-approximate PSO as the plain one does, their extra constraints
// being facts of every execution their cubes stand for (reach/steporder.go
// and reach/obligation.go give the arguments): their SAFE is as sound as
// the plain search's.
func refine(ctx context.Context, sys *translate.System, opts reach.Options, plain *reach.Result) *reach.Result {
	if plain.Verdict != translate.Unknown || len(plain.Spurious) == 0 || memmodel.WritesInProgramOrder(opts.Model) {
		return nil
	}
	steps := stepOrderFactor*plain.Stats.Nodes + refineExtra
	if res := rerun(ctx, sys, opts, reach.OrderingSteps(opts.Model), steps); res != nil {
		return res
	}
	return rerun(ctx, sys, opts, reach.KeepingObligations(opts.Model), plain.Stats.Nodes+refineExtra)
}

// rerun runs the search under mm with at most limit nodes (or opts'
// smaller limit) and returns its result when it is not UNKNOWN.
func rerun(ctx context.Context, sys *translate.System, opts reach.Options, mm memmodel.Model, limit int) *reach.Result {
	opts.Model = mm
	if opts.MaxNodes == 0 || opts.MaxNodes > limit {
		opts.MaxNodes = limit
	}
	res, err := reach.Check(ctx, sys, opts)
	if err != nil || res.Verdict == translate.Unknown {
		return nil
	}
	return res
}
