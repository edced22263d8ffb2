package difftest

import (
	"context"
	"slices"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
)

// evidence records what the replay of decide.Check says about reach's
// counterexamples: whether the UNSAFE answer's trace ran on a concrete
// instance, and the first trace that did not replay (decide rejects those
// and searches on), with whether it goes through a forall_other guard.
func (o *Outcome) evidence(ctx context.Context, m *syntax.Model, res *decide.Result) {
	o.Replayed = res.Trace != nil && res.NotReplayed == ""
	o.NotReplayed = res.NotReplayed
	if len(res.Spurious) == 0 {
		return
	}
	first := res.Spurious[0]
	o.Spurious, o.ReplayErr = first.Trace, first.Reason
	o.forallOther = traceFires(m, first.Trace, func(tr *syntax.Transition) bool { return hasForallOther(tr.Guard) })
}

// traceSteps gives the steps of a trace as the bounded engine's
// transition indices and processes.
func traceSteps(m *syntax.Model, t *reach.Trace) ([]dpor.TraceStep, bool) {
	out := make([]dpor.TraceStep, len(t.Steps))
	for i, s := range t.Steps {
		idx := slices.IndexFunc(m.Transitions, func(tr *syntax.Transition) bool { return tr.Pos == s.Pos() })
		if idx < 0 {
			return nil, false
		}
		out[i] = dpor.TraceStep{Transition: idx, Procs: s.Args}
	}
	return out, true
}

// replayWith replays steps on the instance of opts in their order, else
// in another interleaving keeping each process's order.
func replayWith(ctx context.Context, m *syntax.Model, opts dpor.Options, steps []dpor.TraceStep, unsafe string) error {
	_, err := dpor.ReplayTrace(ctx, m, opts, steps, unsafe)
	if err != nil {
		if _, err2 := dpor.ReplayTraceProcs(ctx, m, opts, steps, unsafe); err2 == nil {
			return nil
		}
	}
	return err
}
