package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/export"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
)

type crosscheckOpts struct {
	maxN          int
	steps         int
	model         modelFlag
	maxNodes      int
	maxExecutions int
	symmetry      bool
	timeout       time.Duration
	format        formatFlag
	junit         string
	peer          peerFlag
	// assumeInvariants trusts the model's invariant items on both sides
	// (check and the bounded instances) instead of checking them.
	assumeInvariants bool
	// check is the parameterized engine; nil means parameterized (tests
	// replace it).
	check func(ctx context.Context, sys *translate.System, mm memmodel.Model) (*reach.Result, float64, error)
}

func newCrosscheckCmd(g *globalOpts) *cobra.Command {
	o := crosscheckOpts{format: "text", maxN: 3, steps: defaultSteps, maxNodes: 100000, maxExecutions: 500_000, symmetry: true, timeout: 20 * time.Second}
	cmd := &cobra.Command{
		Use:   "crosscheck FILE...",
		Short: "Compare the parameterized answer with bounded explorations of small instances",
		Long: `For each model, run check (the parameterized engine) and the bounded engine
(auto, as for bounded: dpor, or the explicit engine when dpor reaches the
steps bound; -v says which and why) on the instances with n = 2 .. --max-n
processes (at most --steps transitions per process; the explicit engine
counts states up to process permutations where the model allows it,
--symmetry=false counts every state), and compare:

  - a bounded instance that reaches an unsafe state where check says SAFE
    is a disagreement;
  - an UNSAFE answer of check whose counterexample cannot be replayed as an
    execution of the bounded instance with as many processes as the trace
    names is a disagreement. A counterexample replays when the instance
    fires its transition instances in its order and ends in the unsafe
    state; under weak memory, one that replays only in another
    interleaving (each process's order kept) is noted, not a
    disagreement.

Both engines check the model's invariant items as further properties
(an UNSAFE answer may name one); --assume-invariants makes both trust
them instead, as Cubicle does, and the output says so.

A bounded SAFE next to an UNSAFE answer is not one (the bug may need more
processes or steps), and an UNKNOWN answer leaves nothing to compare: the
output says so, as it says when an instance is too large for the limits
(--timeout per run, --max-executions).

With --format json each model is one result (docs/json.md) with both
engines' answers and whether they agree. With --junit each model is one
test case, failing when the engines disagree or when check's verdict is
not the one NAME.want expects (its check line).

--peer spin also exports each bounded instance to Promela (cubew export, the
same n, steps and memory model, buffers large enough for the steps) and runs
SPIN on it (spin, cc and pan, budgeted by pan's depth and memory limits):
its verdict joins the table, and one that differs from the bounded engine's,
or an UNSAFE one where check says SAFE, is a disagreement.

Exit status: 0 no disagreement, 2 bad input or usage, 4 some disagreement
(a bug in cubew).`,
		Example: `  cubew crosscheck examples/*.cub
  cubew crosscheck --max-n 4 --steps 4 --model pso model.cub

  # machine-readable results and a JUnit report for CI
  cubew crosscheck --format json --junit report.xml models/*.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, g.verbose)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.maxN, "max-n", o.maxN, "largest instance explored: n = 2 .. `N` processes")
	f.IntVar(&o.steps, "steps", o.steps, "at most `K` transitions per process in the bounded instances")
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.IntVar(&o.maxNodes, "max-nodes", o.maxNodes, "check: give up (UNKNOWN) after visiting this many nodes; 0 for no limit")
	f.IntVar(&o.maxExecutions, "max-executions", o.maxExecutions, "bounded: give up on an instance after exploring this many executions; 0 for no limit")
	f.BoolVar(&o.symmetry, "symmetry", o.symmetry, "bounded: the explicit engine keeps one state per orbit under process permutations when the model allows it (as for bounded); --symmetry=false counts every state")
	f.DurationVar(&o.timeout, "timeout", o.timeout, "give up on each run (check, each instance) after this long; 0 for no limit")
	f.Var(&o.format, "format", "output format: text or json")
	f.StringVar(&o.junit, "junit", "", "also write a JUnit XML report to `FILE` (expected verdicts from NAME.want)")
	addAssumeInvariantsFlag(cmd, &o.assumeInvariants)
	f.Var(&o.peer, "peer", "also run this model checker on each bounded instance's export and compare its verdict: spin")
	registerEnumCompletions(cmd)
	return cmd
}

// run crosschecks the files and returns the exit status as an error.
func (o *crosscheckOpts) run(ctx context.Context, stdout, stderr io.Writer, args []string, verbose bool) error {
	if o.maxN < 2 {
		return withCode(exitBadInput, "crosscheck: --max-n must be at least 2")
	}
	if o.steps < 1 {
		return withCode(exitBadInput, "crosscheck: --steps must be at least 1")
	}
	results, bad, err := runFiles(stdout, stderr, args, "crosscheck", o.format, false, o.junit,
		func(path string) (fileResult, error) {
			c, err := crosscheckFile(ctx, path, o, stderr, verbose)
			if err != nil {
				return fileResult{}, err
			}
			return c.result(), nil
		})
	if err != nil {
		return err
	}
	switch {
	case disagreements(results) > 0:
		return silentCode(exitDisagreement)
	case len(bad) > 0:
		return silentCode(exitBadInput)
	}
	return nil
}

// crosscheck is the outcome of one file.
type crosscheck struct {
	file, model string
	check       fileResult
	replay      string // the replay of check's counterexample: "" (none), "ok: ..." or why it failed
	bounded     []fileResult
	notes       []string
	// disagreements say what disagrees; each is a bug in cubew.
	disagreements []string
}

// crosscheckFile runs check and the bounded instances of one model and
// compares them.
func crosscheckFile(ctx context.Context, path string, o *crosscheckOpts, stderr io.Writer, verbose bool) (*crosscheck, error) {
	m, model, mm, err := loadModel(path, o.model)
	if err != nil {
		return nil, err
	}
	c := &crosscheck{file: path, model: model}
	check := o.check
	if check == nil {
		check = func(ctx context.Context, sys *translate.System, mm memmodel.Model) (*reach.Result, float64, error) {
			return parameterized(ctx, m, sys, mm, o.maxNodes, o.timeout, o.assumeInvariants)
		}
	}
	// One translation serves the search and the replay of its trace.
	start := time.Now()
	sys, err := translate.BuildContext(ctx, m)
	if err != nil {
		return nil, inFile(path, err)
	}
	built := time.Since(start).Seconds()
	res, seconds, err := check(ctx, sys, mm)
	if err != nil {
		return nil, inFile(path, err)
	}
	seconds += built
	c.check = fromReach(path, model, m, res, seconds)
	switch res.Verdict {
	case translate.Unknown:
		c.notes = append(c.notes, "check UNKNOWN: nothing to compare ("+res.Reason+")")
	case translate.Unsafe:
		// decide.Replay trusts the invariant items left in its model.
		c.replayTrace(ctx, peerModel(m, o.assumeInvariants), sys, mm, res.Trace, o.timeout)
	}
	for n := 2; n <= o.maxN; n++ {
		if m.NumProcs > 0 && n > m.NumProcs {
			c.notes = append(c.notes, fmt.Sprintf("n=%d exceeds number_procs %d", n, m.NumProcs))
			break
		}
		bctx, cancel := withTimeout(ctx, o.timeout)
		opts := boundedOptions(n, mm, o.steps, o.assumeInvariants)
		opts.MaxExecutions, opts.Symmetry = o.maxExecutions, o.symmetry
		bres, k, bsec, err := runEngine(bctx, m, "auto", opts)
		cancel()
		if err != nil {
			// A model the bounded engine does not run (an invariant over
			// changing state, say) leaves nothing to compare.
			c.notes = append(c.notes, fmt.Sprintf("the bounded engine cannot run n=%d: %s", n, firstLine(err)))
			break
		}
		if verbose {
			printBoundedStats(stderr, path, bres, k, bsec)
		}
		r := fromBounded(path, bres.Engine, m, bres, k, bsec)
		r.Assumed = assumedInvariants(m, o.assumeInvariants)
		c.bounded = append(c.bounded, r)
		if o.peer == "spin" {
			c.spinPeer(ctx, peerModel(m, o.assumeInvariants), mm, r, res.Verdict)
		}
		switch {
		case bres.Verdict == translate.Unknown:
			c.notes = append(c.notes, fmt.Sprintf("n=%d UNKNOWN, nothing to compare: %s", n, bres.Reason))
		case bres.Verdict == translate.Unsafe && res.Verdict == translate.Safe:
			c.disagreements = append(c.disagreements, fmt.Sprintf(
				"check says SAFE but the instance with n=%d reaches %s: %s", n, bres.Witness.UnsafeName, bres.Witness.Line()))
		}
	}
	return c, nil
}

// parameterized runs the parameterized engine on sys (translated from m)
// as cubew check does by default (decide.Check: the front solver, a node
// limit, invariant inference, counterexamples replayed before they are
// accepted, the refined search where they do not), with a time limit.
func parameterized(ctx context.Context, m *syntax.Model, sys *translate.System, mm memmodel.Model, maxNodes int, timeout time.Duration, assume bool) (*reach.Result, float64, error) {
	start := time.Now()
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	opts, _ := withBrab(ctx, m, mm, reach.Options{Model: mm, MaxNodes: maxNodes,
		NewSolver: newSearchSolver, AssumeInvariants: assume}, defaultBrab, defaultBrabAfterFor(m, mm), defaultCheapBrabAfterFor(m, mm), 0)
	res, err := decide.Check(ctx, m, sys, opts)
	if err != nil {
		return nil, 0, err
	}
	return res.Result, time.Since(start).Seconds(), nil
}

// replayTrace replays check's counterexample (sys is the system check
// searched, m its model: the replay reaches a violated invariant as an
// unsafe item) with decide.Replay on the
// bounded instance with the trace's number of processes; a trace that
// does not replay is a disagreement (one whose replay ran out of time, a
// note).
func (c *crosscheck) replayTrace(ctx context.Context, m *syntax.Model, sys *translate.System, mm memmodel.Model, t *reach.Trace, timeout time.Duration) {
	if t == nil {
		c.disagreements = append(c.disagreements, "check says UNSAFE without a counterexample")
		return
	}
	rctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	r, err := decide.Replay(rctx, m, sys, mm, t, newSearchSolver)
	var sp *reach.SpuriousError
	switch {
	case errors.As(err, &sp):
		c.replay = "FAILED"
		c.disagreements = append(c.disagreements, fmt.Sprintf(
			"check's counterexample %s does not replay with %d processes: %s", t, t.Procs, sp.Reason))
		c.check.Trace.ExecErr = sp.Reason
	case err != nil:
		c.notes = append(c.notes, fmt.Sprintf("the replay of the counterexample with %d processes ran out of time", t.Procs))
		c.check.Trace.ExecErr = err.Error()
	case r.Witness == nil:
		c.replay = "not replayed: " + r.NotReplayed
		c.notes = append(c.notes, "the counterexample was not replayed on a concrete instance: "+r.NotReplayed)
	default:
		c.replay = fmt.Sprintf("replays with %d processes (%d steps with flushes)", t.Procs, len(r.Witness.Steps))
		if !sameOrder(t, r.Trace) {
			c.replay = fmt.Sprintf("replays with %d processes in another interleaving (each process's order kept; %d steps with flushes)",
				t.Procs, len(r.Witness.Steps))
		}
		c.explain(m, mm, t.Procs, r.Witness)
	}
}

// sameOrder reports whether two traces list the same steps in one order.
func sameOrder(a, b *reach.Trace) bool {
	return slices.EqualFunc(a.Steps, b.Steps, func(x, y reach.Step) bool {
		return x.Pos() == y.Pos() && slices.Equal(x.Args, y.Args)
	})
}

// explain gives check's trace the concrete execution of w, its replay
// with n processes, as check --format json shows it; the trace's steps
// take w's order (another interleaving when its own does not run).
func (c *crosscheck) explain(m *syntax.Model, mm memmodel.Model, n int, w *dpor.Witness) {
	t := c.check.Trace
	ex, err := newExecution(m, n, mm.Name(), w)
	if err != nil {
		t.ExecErr = err.Error()
		return
	}
	t.Steps, t.Exec = fromWitness(w, n).Steps, ex
}

// peerModel is m as the peers and the replay of check's trace see it:
// with its invariant items as unsafe items, which they look for, unless
// assume trusts them (the exports then refuse them: they cannot leave
// out the states where one holds).
func peerModel(m *syntax.Model, assume bool) *syntax.Model {
	if assume {
		return m
	}
	return m.InvariantsAsUnsafe()
}

// peerFlag is --peer: the model checker crosscheck also runs ("" none).
type peerFlag string

func (f *peerFlag) String() string { return string(*f) }
func (f *peerFlag) Type() string   { return "checker" }
func (f *peerFlag) Set(s string) error {
	return setEnum((*string)(f), s, "checker", "spin")
}

// spinPeer exports the instance dpor answered (b) to Promela, runs SPIN on
// it and compares SPIN's verdict with dpor's and with check's.
func (c *crosscheck) spinPeer(ctx context.Context, m *syntax.Model, mm memmodel.Model, b fileResult, check translate.Verdict) {
	var src bytes.Buffer
	opts := export.Options{N: b.N, Model: mm, MaxSteps: b.K, MaxBuffer: export.BufferFor(m, b.K), Version: version(), Source: c.file}
	if err := export.Promela(&src, m, opts); err != nil {
		c.notes = append(c.notes, fmt.Sprintf("n=%d cannot be exported to SPIN: %s", b.N, firstLine(err)))
		return
	}
	res, err := export.SPIN(ctx, src.Bytes(), export.SPINOptions{Optimize: true})
	if err != nil {
		c.notes = append(c.notes, fmt.Sprintf("SPIN did not run on n=%d: %s", b.N, firstLine(err)))
		return
	}
	c.bounded = append(c.bounded, fileResult{File: c.file, Model: c.model, Engine: "spin", N: b.N, K: b.K,
		Verdict: res.Verdict, Reason: res.Reason, States: res.States, Seconds: res.Seconds})
	switch {
	case res.Verdict == translate.Unknown:
		c.notes = append(c.notes, fmt.Sprintf("n=%d SPIN UNKNOWN, nothing to compare: %s", b.N, res.Reason))
	case b.Verdict != translate.Unknown && res.Verdict != b.Verdict:
		c.disagreements = append(c.disagreements, fmt.Sprintf("SPIN says %s but dpor says %s at n=%d k=%d",
			strings.ToUpper(res.Verdict.String()), strings.ToUpper(b.Verdict.String()), b.N, b.K))
	case res.Verdict == translate.Unsafe && check == translate.Safe:
		c.disagreements = append(c.disagreements, fmt.Sprintf("check says SAFE but SPIN finds the instance with n=%d UNSAFE", b.N))
	}
}
