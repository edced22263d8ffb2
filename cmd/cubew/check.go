package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
)

type checkOpts struct {
	model       modelFlag
	search      searchFlag
	maxNodes    int
	timeout     time.Duration
	trace       bool
	verifyTrace bool
	format      formatFlag
	junit       string
	pics        pictureOpts
	certificate string
}

func newCheckCmd(g *globalOpts) *cobra.Command {
	o := checkOpts{format: "text"}
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Prove models safe for any number of processes, or find a counterexample",
		Long: `Run the parameterized backward reachability search on each model: SAFE
holds for every number of processes; UNSAFE comes with a counterexample;
UNKNOWN means a limit was reached (the reason says which).

The memory model defaults to tso for a model that declares weak variables
and to sc otherwise. Under a weak model, --trace (and --format json, and
the trace pictures) show the concrete execution behind a counterexample:
every read with the write it reads from, every write, the flushes of the
store buffers, the coherence order of each location and the from-reads
edges. The execution comes from replaying the trace on the bounded engine
with as many processes as the trace names.

Results go to stdout, one line per model (or one JSON document). Progress
goes to stderr when it is a terminal, or with -v, which also prints the
search statistics of each model.

Exit status: 0 all SAFE, 1 some UNSAFE, 2 bad input or usage, 3 some
UNKNOWN (and none UNSAFE).`,
		Example: `  # check every example; the broken ones are UNSAFE (exit status 1)
  cubew check examples/*.cub

  # show the counterexample step by step, with reads, writes and rf/co
  cubew check --trace --verify-trace examples/flag_mutex.cub

  # machine-readable results and a JUnit report for CI
  cubew check --format json --junit report.xml models/*.cub

  # draw the counterexample as an execution graph, and the search graph
  cubew check --trace-svg trace.svg --dot search.dot examples/flag_mutex.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := certificateDest(o.certificate, args); err != nil {
				return err
			}
			return o.pics.run(cmd, args, "check", o.format, o.trace, o.junit,
				func(path string) (fileResult, error) { return checkFile(cmd.Context(), path, &o, g, cmd) })
		},
	}
	f := cmd.Flags()
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.Var(&o.search, "search", "search order: bfs or dfs")
	f.IntVar(&o.maxNodes, "max-nodes", 100000, "give up (UNKNOWN) after visiting this many nodes; 0 for no limit")
	f.DurationVar(&o.timeout, "timeout", 0, "give up (UNKNOWN) on a file after this long, e.g. 30s; 0 for no limit")
	f.BoolVar(&o.trace, "trace", false, "print the counterexample of an UNSAFE model step by step, with its events under weak memory")
	f.BoolVar(&o.verifyTrace, "verify-trace", false, "replay each counterexample forwards on a concrete instance before reporting UNSAFE (always done under pso)")
	f.Var(&o.format, "format", "output format: text or json")
	f.StringVar(&o.junit, "junit", "", "also write a JUnit XML report to `FILE` (expected verdicts from NAME.want)")
	f.StringVar(&o.certificate, "certificate", "", "write the certificate of each SAFE answer to `FILE`.smt2 (a folder for several models; see cubew certify)")
	o.pics.flags(cmd, true)
	registerEnumCompletions(cmd)
	return cmd
}

// checkFile loads a model and runs the search under the chosen memory model.
func checkFile(ctx context.Context, path string, o *checkOpts, g *globalOpts, cmd *cobra.Command) (fileResult, error) {
	m, model, mm, err := loadModel(path, o.model)
	if err == nil {
		err = certificateUsable(o.certificate, m)
	}
	if err != nil {
		return fileResult{}, err
	}
	start := time.Now()
	sys, err := translate.Build(m)
	if err != nil {
		return fileResult{}, err
	}
	ctx, cancel := withTimeout(ctx, o.timeout)
	defer cancel()
	solvers := &solverStats{}
	newSolver := func() smt.Solver { return solvers.wrap(z3.New()) }
	prog := newProgress(cmd.ErrOrStderr(), g.verbose, path)
	opts := reach.Options{Model: mm, Strategy: o.search.strategy(), MaxNodes: o.maxNodes, NewSolver: newSolver,
		KeepGraph: o.pics.dot != ""}
	if prog != nil {
		opts.Progress = prog.update
	}
	res, err := reach.Check(ctx, sys, opts)
	prog.done()
	if err != nil {
		return fileResult{}, fmt.Errorf("%s: %w", path, err)
	}
	if err := writeCertificate(o.certificate, path, sys, res); err != nil {
		return fileResult{}, err
	}
	out := fromReach(path, model, m, res, 0)
	if res.Verdict == translate.Unsafe {
		verifyAndExplain(ctx, &out, sys, mm, o, newSolver)
	}
	out.Seconds = time.Since(start).Seconds()
	if g.verbose {
		printStats(cmd.ErrOrStderr(), path, res.Stats, solvers, out.Seconds)
	}
	return out, nil
}

// verifyAndExplain replays an UNSAFE answer's trace when the output needs
// its concrete execution (--trace, json, pictures) or --verify-trace asks
// for a check. A model without weak variables is verified by reach.Replay
// (forwards, on the solver); a weak one by the bounded engine's replay,
// which also gives the execution. A trace that does not replay under
// --verify-trace turns the verdict into UNKNOWN with the reason. Under
// pso a weak model's trace is always verified: the parameterized engine
// over-approximates PSO, so its UNSAFE answers stand only when they replay.
func verifyAndExplain(ctx context.Context, r *fileResult, sys *translate.System, mm memmodel.Model, o *checkOpts, newSolver func() smt.Solver) {
	weak := r.model.Weak && r.Model != "sc"
	verify := o.verifyTrace || weak && mm == memmodel.PSO
	needExec := o.trace || o.format == "json" || o.pics.traceDot != "" || o.pics.traceSVG != ""
	if verify && !weak {
		s := newSolver()
		confirmed, err := reach.Replay(ctx, sys, r.Result.Trace, s)
		s.Close()
		if err != nil {
			r.unknown("counterexample does not replay: " + err.Error())
			return
		}
		r.Result.Trace = confirmed
		r.Trace = fromReachTrace(confirmed)
	}
	if !needExec && !(verify && weak) {
		return
	}
	ex, err := replayExecution(ctx, r.model, mm, r.Trace)
	if err != nil {
		if verify && weak {
			r.unknown(fmt.Sprintf("counterexample does not replay on a concrete instance with %d processes: %v", r.Trace.Procs, err))
			return
		}
		r.Trace.ExecErr = err.Error()
		return
	}
	r.Trace.Exec = ex
}

// unknown turns a result into UNKNOWN with a reason (its trace dropped).
func (r *fileResult) unknown(reason string) {
	r.Verdict, r.Reason, r.Trace = translate.Unknown, reason, nil
	if r.Result != nil {
		r.Result.Verdict, r.Result.Reason, r.Result.Trace = translate.Unknown, reason, nil
	}
}

// runFiles answers every file with answer, reports input errors on
// stderr, prints the results in the chosen format on stdout and writes the
// JUnit report when asked; it returns the results and the files that were
// bad input, for the exit status.
func runFiles(stdout, stderr io.Writer, args []string, command string, format formatFlag, trace bool, junit string,
	answer func(path string) (fileResult, error)) ([]fileResult, []inputError, error) {
	var results []fileResult
	var bad []inputError
	for _, path := range args {
		r, err := answer(path)
		if err != nil {
			reportInputError(stderr, err)
			bad = append(bad, inputError{path, firstLine(err)})
			continue
		}
		results = append(results, r)
	}
	if err := printResults(stdout, format, results, printOpts{Trace: trace, Command: command}); err != nil {
		return nil, nil, err
	}
	if junit != "" {
		if err := writeJUnit(junit, command, results, bad); err != nil {
			return nil, nil, withCode(exitBadInput, "--junit: %v", err)
		}
	}
	return results, bad, nil
}

// verdictExit maps the verdicts to the exit status: bad input first, then
// some UNSAFE, then some UNKNOWN.
func verdictExit(results []fileResult, bad bool) error {
	unsafe, unknown := false, false
	for _, r := range results {
		switch r.Verdict {
		case translate.Unsafe:
			unsafe = true
		case translate.Unknown:
			unknown = true
		}
	}
	switch {
	case bad:
		return silentCode(exitBadInput)
	case unsafe:
		return silentCode(exitUnsafe)
	case unknown:
		return silentCode(exitUnknown)
	}
	return nil
}
