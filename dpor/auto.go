package dpor

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// The budgets of Auto's trial runs. They count work (executions, states),
// never time, so the choice is the same on every machine.
const (
	// autoProbeExecutions bounds the first DPOR run: enough for every
	// litmus test and small lock, far from the cost of a looping protocol.
	autoProbeExecutions = 1_000
	// autoStates bounds the explicit run: a state space this large takes a
	// few seconds.
	autoStates = 300_000
	// autoFiniteStates bounds the explicit run on a finite instance
	// (finiteInstance), whose exploration ends without a steps bound.
	autoFiniteStates = 2_000_000
)

// Engine names, as Result.Engine gives them.
const (
	EngineDPOR     = "dpor"
	EngineExplicit = "explicit"
)

// Auto chooses an engine for the instance and runs it; Result.Engine
// names the engine whose result it is and Result.Choice says why. opts is
// as for [Explicit] (MaxSteps 0: no steps bound; Symmetry reduces the
// explicit runs, DPOR ignores it); steps is the steps bound of the bounded
// runs when opts.MaxSteps is 0.
//
// The DPOR engine is optimal on programs that terminate within the steps
// bound (litmus tests, one-shot protocols), where its counts are the ones
// GenMC reports; the explicit engine, with its visited set, is fastest on
// looping protocols, whose state spaces are small but whose executions
// grow with the steps bound. So Auto runs, in turn, as long as the
// previous run settles nothing:
//
//  1. DPOR with at most autoProbeExecutions executions: kept if it finds an
//     unsafe state, or if it is exhaustive without the steps bound
//     stopping a thread (a model DPOR cannot run skips this);
//  2. the explicit engine with at most autoStates states (and the steps
//     bound of opts), or autoFiniteStates when the instance is finite
//     (finiteInstance): kept unless it reaches that budget;
//  3. when opts has no steps bound, the explicit engine with the steps
//     bound (infinite or large state spaces: counters, tickets) and the
//     state limit of opts: kept unless it reaches that limit;
//  4. DPOR with the steps bound and opts.MaxExecutions.
func Auto(ctx context.Context, m *syntax.Model, opts Options, steps int) (*Result, error) {
	bounded := opts
	if bounded.MaxSteps == 0 {
		bounded.MaxSteps = steps
	}
	dopts := bounded
	dopts.MaxStates, dopts.MaxBuffer = 0, 0
	probe := dopts
	probe.MaxExecutions = autoProbeExecutions
	if opts.MaxExecutions > 0 {
		probe.MaxExecutions = min(probe.MaxExecutions, opts.MaxExecutions)
	}
	res, dporErr := Check(ctx, m, probe)
	var why string
	switch {
	case dporErr != nil:
		// A model outside the DPOR engine's limits (an invariant over
		// changing state, say): the explicit engine runs every model.
		why = fmt.Sprintf("the dpor engine cannot run this model (%v)", dporErr)
	case res.Verdict == translate.Unsafe:
		return chosen(res, EngineDPOR, "dpor found an unsafe state within %d executions", probe.MaxExecutions), nil
	case res.Verdict == translate.Safe && !res.Bounded:
		return chosen(res, EngineDPOR, "dpor explored every execution (%d) without reaching the steps bound", res.Executions+res.Blocked), nil
	case ctx.Err() != nil:
		return chosen(res, EngineDPOR, "interrupted during the dpor probe"), nil
	default:
		why = fmt.Sprintf("dpor with %d steps per process %s", dopts.MaxSteps, probeOutcome(res, probe.MaxExecutions))
	}
	eopts := opts
	eopts.MaxExecutions = 0
	eopts.MaxStates = autoStates
	finite := finiteInstance(m, opts)
	if finite != "" {
		eopts.MaxStates = autoFiniteStates
		why += "; the instance is finite (" + finite + ")"
	}
	if opts.MaxStates > 0 {
		eopts.MaxStates = min(eopts.MaxStates, opts.MaxStates)
	}
	eres, err := Explicit(ctx, m, eopts)
	if err != nil {
		return nil, err
	}
	if !stateLimited(eres, eopts) {
		return chosen(eres, EngineExplicit, "%s; the explicit engine explored %d states (budget %d)", why, eres.States, eopts.MaxStates), nil
	}
	why += fmt.Sprintf("; the explicit engine passed %d states", eopts.MaxStates)
	if opts.MaxSteps == 0 {
		bopts := bounded
		bopts.MaxExecutions = 0
		eres, err = Explicit(ctx, m, bopts)
		if err != nil {
			return nil, err
		}
		if dporErr != nil || !stateLimited(eres, bopts) {
			return chosen(eres, EngineExplicit, "%s; with %d steps per process it explored %d states", why, bopts.MaxSteps, eres.States), nil
		}
		why += fmt.Sprintf("; with %d steps per process it passed %d", bopts.MaxSteps, bopts.MaxStates)
	}
	if dporErr != nil {
		return chosen(eres, EngineExplicit, "%s", why), nil
	}
	res, err = Check(ctx, m, dopts)
	if err != nil {
		return nil, err
	}
	return chosen(res, EngineDPOR, "%s", why), nil
}

// finiteInstance says why the explicit engine's state space of the
// instance is finite, so that its exploration ends without a steps bound:
// no variable or array has an int or real type (abstract types get finite
// domains), and no write is buffered or buffers are bounded
// (Options.MaxBuffer). It returns "" when it cannot tell.
func finiteInstance(m *syntax.Model, opts Options) string {
	weak := false
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		s := m.Symbols[name]
		if s.Class != syntax.SymVar && s.Class != syntax.SymArray {
			continue
		}
		if k := s.Type.Kind; k == syntax.TInt || k == syntax.TReal {
			return ""
		}
		weak = weak || s.Weak
	}
	if !weak || opts.Model != nil && !opts.Model.Buffered() {
		return "every variable has a finite domain"
	}
	if opts.MaxBuffer > 0 {
		return fmt.Sprintf("every variable has a finite domain, at most %d pending writes per buffer", opts.MaxBuffer)
	}
	return ""
}

// stateLimited reports whether an explicit run stopped at its state limit.
func stateLimited(res *Result, opts Options) bool {
	return opts.MaxStates > 0 && res.Verdict == translate.Unknown && res.Reason == stateLimitReason(opts.MaxStates)
}

// probeOutcome says why a DPOR probe settled nothing.
func probeOutcome(res *Result, budget int) string {
	switch {
	case res.Verdict == translate.Unknown && res.Executions+res.Blocked >= budget:
		return fmt.Sprintf("passed %d executions", budget)
	case res.Verdict == translate.Unknown:
		return "was inexact (" + res.Reason + ")"
	}
	return "reached the steps bound"
}

// chosen records the engine of res and why it was chosen.
func chosen(res *Result, engine, format string, args ...any) *Result {
	res.Engine, res.Choice = engine, fmt.Sprintf(format, args...)
	return res
}

// stateLimitReason is the reason of an explicit run stopped by MaxStates.
func stateLimitReason(n int) string { return fmt.Sprintf("state limit %d reached", n) }
