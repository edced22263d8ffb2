package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/spf13/cobra"
)

// defaultMaxBuffer bounds the store buffers of the explicit engine unless
// --max-buffer says otherwise: a process that loops through writes
// without a fence would otherwise grow its buffer, and the state space,
// forever.
const defaultMaxBuffer = 32

// defaultSteps is the steps bound of the dpor engine when --steps is not
// given (the explicit engine then runs unbounded).
const defaultSteps = 6

type boundedOpts struct {
	n             int
	steps         int
	model         modelFlag
	engine        engineFlag
	timeout       time.Duration
	maxExecutions int
	maxStates     int
	maxBuffer     int
	symmetry      bool
	trace         bool
	format        formatFlag
	junit         string
	pics          pictureOpts
	jobs          int
	expect        bool
	// assumeInvariants trusts the model's invariant items (states where
	// one holds are excluded) instead of checking them.
	assumeInvariants bool
}

// engineFlag is --engine: auto, dpor or explicit.
type engineFlag string

func (f *engineFlag) String() string { return string(*f) }
func (f *engineFlag) Type() string   { return "engine" }
func (f *engineFlag) Set(s string) error {
	return setEnum((*string)(f), s, "engine", "auto", "dpor", "explicit")
}

func newBoundedCmd(g *globalOpts) *cobra.Command {
	o := boundedOpts{engine: "auto", symmetry: true, format: "text", maxExecutions: 2_000_000, maxStates: 2_000_000, maxBuffer: defaultMaxBuffer}
	cmd := &cobra.Command{
		Use:   "bounded FILE... -n N",
		Short: "Explore every execution of a fixed instance (N processes, at most K steps each)",
		Long: `Explore the instance of each model with N processes exhaustively and report
whether an unsafe state is reachable in it.

The dpor engine explores execution graphs: events with the writes each
read reads from (rf) and the coherence order of each location (co), each
consistent graph of the instance once; each process fires at most K
transitions (--steps, default 6). It reports the graphs explored: complete
executions, and those that end with a process waiting forever on a guard
(blocked); when it stops at an unsafe state, those explored up to it. An
UNSAFE answer comes with an execution that reaches the unsafe state. The
explicit engine explores the interleavings of the operational semantics
(store buffers under tso and pso) with a visited set; it is the oracle dpor
is tested against, and needs no steps bound unless the state space is
infinite.

The auto engine (the default) tries dpor on a budget of executions and
keeps its answer if it finds an unsafe state or finishes without the steps
bound stopping a process (litmus tests, one-shot protocols); else it runs
the explicit engine on a budget of states (looping protocols), and falls
back to dpor with the full budget. -v says which engine answered and why.
The explicit engine counts states up to process permutations (one state
per orbit) when the model names no process and orders none: -v says "up
to process permutations", or why the model's processes are not
interchangeable; --symmetry=false turns this off.

The model's invariant items are checked on every reachable state, as
further properties: an UNSAFE answer may name one ("invariant[1]
violated"), with the execution that reaches it. --assume-invariants
trusts them instead, as Cubicle does: states where one holds are left
out, and every output says so.

A SAFE answer holds for this instance only (and, with a steps bound, for
executions within it: the reason says so). The memory model defaults to
tso for a model that declares weak variables and to sc otherwise.

--trace-dot and --trace-svg draw the counterexample's execution graph, as
for check. There is no --dot: it draws check's backward search graph, and
the bounded engines search forwards without one.

Exit status: 0 all SAFE, 1 some UNSAFE, 2 bad input or usage, 3 some
UNKNOWN (a limit was reached, and none UNSAFE).`,
		Example: `  # the broken flag mutex is UNSAFE with two processes under TSO
  cubew bounded -n 2 examples/flag_mutex.cub

  # the same with the oracle engine, and its counterexample step by step
  cubew bounded -n 2 --engine explicit --trace examples/flag_mutex.cub

  # three processes, up to 8 steps each, under PSO, as JSON
  cubew bounded -n 3 --steps 8 --model pso --format json model.cub

  # draw the counterexample of a fixed instance as an execution graph
  cubew bounded -n 2 --trace-svg trace.svg examples/flag_mutex.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("procs") {
				return withCode(exitBadInput, "bounded: -n N is required: the number of processes of the instance, as in `cubew bounded -n 2 %s`", args[0])
			}
			if o.n < 1 {
				return withCode(exitBadInput, "bounded: -n must be at least 1")
			}
			if o.steps < 0 {
				return withCode(exitBadInput, "bounded: --steps must not be negative")
			}
			b := batch{command: "bounded", format: o.format, trace: o.trace, junit: o.junit, jobs: o.jobs, expect: o.expect}
			return o.pics.run(cmd, args, b,
				func(path string) (fileResult, error) {
					return boundedFile(cmd.Context(), path, &o, g, cmd.ErrOrStderr())
				})
		},
	}
	f := cmd.Flags()
	f.IntVarP(&o.n, "procs", "n", 0, "number of processes of the instance (required)")
	f.IntVar(&o.steps, "steps", 0, fmt.Sprintf("at most `K` transitions per process (default %d for dpor; none for explicit)", defaultSteps))
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.Var(&o.engine, "engine", "bounded engine: auto, dpor or explicit")
	f.DurationVar(&o.timeout, "timeout", 0, "give up (UNKNOWN) on a file after this long, e.g. 30s; 0 for no limit")
	f.IntVar(&o.maxExecutions, "max-executions", o.maxExecutions, "dpor: give up (UNKNOWN) after exploring this many executions; 0 for no limit")
	f.IntVar(&o.maxStates, "max-states", o.maxStates, "explicit: give up (UNKNOWN) after finding this many states; 0 for no limit")
	f.IntVar(&o.maxBuffer, "max-buffer", o.maxBuffer, "explicit: at most `N` pending writes per store buffer; a transition that would exceed it waits (the answer says so); 0 for no bound")
	f.BoolVar(&o.symmetry, "symmetry", o.symmetry, "explicit (also under auto): keep one state per orbit under process permutations when the model names no process and orders none (-v says whether it did, or why not); --symmetry=false counts every state")
	f.BoolVar(&o.trace, "trace", false, "print the counterexample of an UNSAFE model step by step, with its events under weak memory")
	addAssumeInvariantsFlag(cmd, &o.assumeInvariants)
	f.Var(&o.format, "format", "output format: text, json or sarif")
	f.StringVar(&o.junit, "junit", "", "also write a JUnit XML report to `FILE` (expected verdicts from NAME.want)")
	o.pics.flags(cmd, false)
	addBatchFlags(cmd, &o.jobs, &o.expect)
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		if err.Error() == "unknown flag: --dot" {
			return fmt.Errorf("%w: the bounded engines have no search graph to draw (--trace-dot draws the counterexample)", err)
		}
		return flagError(cmd, err)
	})
	registerEnumCompletions(cmd)
	return cmd
}

// boundedFile loads a model and runs the chosen bounded engine on its
// instance.
func boundedFile(ctx context.Context, path string, o *boundedOpts, g *globalOpts, stderr io.Writer) (fileResult, error) {
	ctx, cancel := withTimeout(ctx, o.timeout)
	defer cancel()
	m, model, mm, err := loadUnder(ctx, path, o.model)
	if r, ok := stoppedResult(path, model, err, 0); ok {
		r.Engine, r.N = string(o.engine), o.n
		return r, nil
	} else if err != nil {
		return fileResult{}, err
	}
	opts := boundedOptions(o.n, mm, o.steps, o.assumeInvariants)
	opts.MaxExecutions, opts.MaxStates, opts.MaxBuffer, opts.Symmetry = o.maxExecutions, o.maxStates, o.maxBuffer, o.symmetry
	res, k, seconds, err := runEngine(ctx, m, string(o.engine), opts)
	if err != nil {
		return fileResult{}, inFile(path, err)
	}
	r := fromBounded(path, res.Engine, m, res, k, seconds)
	r.Assumed = assumedInvariants(m, o.assumeInvariants)
	if g.verbose {
		printBoundedStats(stderr, path, res, k, seconds)
		printAssumed(stderr, path, r.Assumed)
	}
	return r, nil
}

// boundedOptions are the options of a bounded run on the instance of a
// model with n processes under mm (steps 0: the engine's default), with
// the reductions the bounded engines apply, checking the model's
// invariant items unless assume trusts them.
func boundedOptions(n int, mm memmodel.Model, steps int, assume bool) dpor.Options {
	return dpor.Options{N: n, Model: mm, MaxSteps: steps, AssumeInvariants: assume, DeadValues: true, Shift: true, Order: true}
}

// assumedInvariants names the invariant items of m a run trusted (none
// unless assume).
func assumedInvariants(m *syntax.Model, assume bool) []string {
	if !assume {
		return nil
	}
	return m.InvariantNames()
}

// runEngine runs engine (auto, dpor or explicit) on the instance opts
// describes; steps 0 means the engine's default (dpor: defaultSteps;
// explicit: unbounded). The explicit engine ignores MaxExecutions, dpor
// MaxStates and MaxBuffer (its steps bound keeps buffers finite). It
// returns the steps bound used; Result.Engine names the engine that
// answered.
func runEngine(ctx context.Context, m *syntax.Model, engine string, opts dpor.Options) (*dpor.Result, int, float64, error) {
	start := time.Now()
	var res *dpor.Result
	var err error
	switch engine {
	case "auto":
		res, err = dpor.Auto(ctx, m, opts, defaultSteps)
		if err == nil {
			opts.MaxSteps = res.MaxSteps
		}
	case "explicit":
		opts.MaxExecutions = 0
		res, err = dpor.Explicit(ctx, m, opts)
	default:
		if opts.MaxSteps == 0 {
			opts.MaxSteps = defaultSteps
		}
		opts.MaxStates, opts.MaxBuffer = 0, 0
		res, err = dpor.Check(ctx, m, opts)
	}
	return res, opts.MaxSteps, time.Since(start).Seconds(), err
}

// printBoundedStats prints what a bounded run did (-v), and why the auto
// engine chose the engine that answered.
func printBoundedStats(w io.Writer, path string, res *dpor.Result, k int, seconds float64) {
	engine := res.Engine
	if res.Choice != "" {
		fmt.Fprintf(w, "%s: auto chose %s: %s\n", path, engine, res.Choice)
	}
	if res.Outside != "" {
		fmt.Fprintf(w, "%s: %s\n", path, res.Outside)
	}
	inst := fmt.Sprintf("n=%d", res.N)
	if k > 0 {
		inst += fmt.Sprintf(" k=%d", k)
	}
	if engine == "explicit" {
		orbits := ""
		if res.Symmetric {
			orbits = " up to process permutations"
		}
		fmt.Fprintf(w, "%s: %s %s %s: %d states%s (%d initial), %d transitions, %d flushes, %.3fs\n",
			path, engine, res.Model, inst, res.States, orbits, res.Initial, res.Transitions, res.Flushes, seconds)
		if res.Shifted {
			fmt.Fprintf(w, "%s: states keyed up to a common shift of their integers\n", path)
		} else if res.ShiftRefused != "" && res.ShiftRefused != "no int variable" {
			fmt.Fprintf(w, "%s: no shift of integers: %s\n", path, res.ShiftRefused)
		}
		if res.Ordered {
			fmt.Fprintf(w, "%s: states keyed by the order of their reals\n", path)
		} else if res.OrderRefused != "" && res.OrderRefused != "no real variable" {
			fmt.Fprintf(w, "%s: no order of reals: %s\n", path, res.OrderRefused)
		}
		if res.DeadValues != "" {
			fmt.Fprintf(w, "%s: dead values keyed as one: %s\n", path, res.DeadValues)
		}
		if res.SymmetryRefused != "" {
			fmt.Fprintf(w, "%s: no symmetry reduction: processes are not interchangeable (%s)\n", path, res.SymmetryRefused)
		}
		return
	}
	fmt.Fprintf(w, "%s: %s %s %s: %s, %d blocked, %d initial states, %d cache hits, %.3fs\n",
		path, engine, res.Model, inst, plural(res.Executions, "execution"), res.Blocked, res.Initial, res.CacheHits, seconds)
}
