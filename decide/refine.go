package decide

import (
	"context"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// refineExtra bounds the refined search: the plain search's nodes and
// this many more.
const refineExtra = 300

// refine runs the search again keeping coherence obligations
// (reach.KeepingObligations) when the plain search gave UNKNOWN because
// its counterexamples do not replay, under a model whose writes may become
// visible out of program order (PSO; elsewhere the search is exact about
// memory). It returns the refined result when it is SAFE, or UNSAFE with
// a counterexample that replays (opts.Confirm), and nil otherwise (the
// plain search's UNKNOWN stands). The refined search over-approximates
// PSO as the plain one does, its obligations being facts of every
// execution its cubes stand for (reach/obligation.go gives the argument):
// its SAFE is as sound as the plain search's.
func refine(ctx context.Context, sys *translate.System, opts reach.Options, plain *reach.Result) *reach.Result {
	if plain.Verdict != translate.Unknown || len(plain.Spurious) == 0 || memmodel.WritesInProgramOrder(opts.Model) {
		return nil
	}
	opts.Model = reach.KeepingObligations(opts.Model)
	limit := plain.Stats.Nodes + refineExtra
	if opts.MaxNodes == 0 || opts.MaxNodes > limit {
		opts.MaxNodes = limit
	}
	res, err := reach.Check(ctx, sys, opts)
	if err != nil || res.Verdict == translate.Unknown {
		return nil
	}
	return res
}
