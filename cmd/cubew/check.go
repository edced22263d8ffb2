package main

import (
	"context"
	"io"
	"time"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
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
	// assumeInvariants trusts the model's invariant items (unproved).
	assumeInvariants bool
	format           formatFlag
	junit            string
	pics             pictureOpts
	certificate      string
	jobs             int
	expect           bool
	brab             int  // oracle instance size for invariant inference (0: off)
	brabAfter        int  // exact nodes of each run before approximation starts
	brabStates       int  // states kept per oracle instance (0: oracle.DefaultMaxStates)
	invariants       bool // print the inferred invariants
}

func newCheckCmd(g *globalOpts) *cobra.Command {
	o := checkOpts{format: "text"}
	cmd := &cobra.Command{
		Use:   "check FILE|DIR|-...",
		Short: "Prove models safe for any number of processes, or find a counterexample",
		Long: `Run the parameterized backward reachability search on each model: SAFE
holds for every number of processes; UNSAFE comes with a counterexample;
UNKNOWN means a limit was reached, or that the only counterexamples found
do not replay (the reason says which).

Every counterexample is replayed forwards on a concrete instance with as
many processes as the trace names before UNSAFE is reported; one that does
not replay is spurious, and the search goes on for another. Where no
concrete instance can be built (a value the bounded engine cannot
enumerate), the answer reads "UNSAFE (not replayed)".

The model's invariant items are proved in the same search, as further
properties: an UNSAFE answer may name one ("invariant[1] violated").
--assume-invariants trusts them instead, as Cubicle does, and every output
then says so.

Past --brab-after nodes (or sooner, once it made 25 pre-images per allowed
node; without --brab or --brab-after, from the 50th node when the
instances with 1..--brab processes are complete and safe within 500
states each, cheap to explore), the search infers invariants (BRAB): it explores
the instances with 1..--brab processes forwards (and --brab+1 when it is
small) and may replace a node by a cube of at most --brab processes,
more general, that none of them reaches, which it then proves like an
unsafe cube (a refuted one restarts the search). --brab 0 turns it off.
Under --model pso, --brab-after defaults to 1000 for a model with weak
variables: there the search over-approximates and refutes candidates
that no explored instance reaches, each refutation restarting it. --invariants prints
the inferred invariants as declarations. --brab-states bounds the states
kept per explored instance: a larger instance is explored partially, and
a candidate it calls unreached may be refuted. A search that has not
ended 100 nodes after it started inferring explores its partial
instances again, once, with 4 times --brab-states (when that is at most
120,000), drops the candidates they now reach and starts over,
inferring from its first node: so FLASH with data (cubicle/flash.cub)
is SAFE with the default options (721 nodes, about 14 CPU-s).

The memory model defaults to tso for a model that declares weak variables
and to sc otherwise. Under a weak model, --trace (and --format json, and
the trace pictures) show the concrete execution behind a counterexample:
every read with the write it reads from, every write, the flushes of the
store buffers, the coherence order of each location and the from-reads
edges.

A directory stands for every *.cub file below it, - for a model on the
standard input. -j N uses N cores (default: all of them): up to N files
are checked at once, and the cores they leave go to their searches, which
check the nodes of a layer in parallel (with one file, all N go to its
search). The verdicts and node counts do not depend on N, and the results
keep the input order.

Results go to stdout, one line per model (or one JSON or SARIF document).
Progress goes to stderr when it is a terminal, or with -v, which also
prints the search statistics of each model.

Exit status: 0 all SAFE, 1 some UNSAFE, 2 bad input or usage, 3 some
UNKNOWN (and none UNSAFE). With --expect: 0 when every verdict is the one
NAME.want expects, 1 when some is not, 2 for bad input (docs/ci.md).`,
		Example: `  # check every example; the broken ones are UNSAFE (exit status 1)
  cubew check examples/*.cub

  # show the counterexample step by step, with reads, writes and rf/co
  cubew check --trace examples/flag_mutex.cub

  # CI: every model of a folder, the exit status from the .want files
  cubew check --expect --junit report.xml models

  # a SARIF log for code scanning
  cubew check --format sarif models > cubew.sarif

  # draw the counterexample as an execution graph, and the search graph
  cubew check --trace-svg trace.svg --dot search.dot examples/flag_mutex.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := certificateDest(o.certificate, args); err != nil {
				return err
			}
			b := batch{command: "check", format: o.format, trace: o.trace, junit: o.junit, jobs: o.jobs, expect: o.expect}
			return o.pics.run(cmd, args, b,
				func(path string) (fileResult, error) { return checkFile(cmd.Context(), path, &o, g, cmd) })
		},
	}
	f := cmd.Flags()
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.Var(&o.search, "search", "search order: bfs or dfs")
	f.IntVar(&o.maxNodes, "max-nodes", 100000, "give up (UNKNOWN) after visiting this many nodes; 0 for no limit")
	f.DurationVar(&o.timeout, "timeout", 0, "give up (UNKNOWN) on a file after this long, e.g. 30s; 0 for no limit")
	f.BoolVar(&o.trace, "trace", false, "print the counterexample of an UNSAFE model step by step, with its events under weak memory")
	addAssumeInvariantsFlag(cmd, &o.assumeInvariants)
	f.BoolVar(&o.verifyTrace, "verify-trace", false, "kept for scripts: every counterexample is replayed on a concrete instance before UNSAFE is reported")
	f.Var(&o.format, "format", "output format: text, json or sarif")
	f.StringVar(&o.junit, "junit", "", "also write a JUnit XML report to `FILE` (expected verdicts from NAME.want)")
	f.StringVar(&o.certificate, "certificate", "", "write the certificate of each SAFE answer to `FILE`.smt2 (a folder for several models; see cubew certify)")
	f.IntVar(&o.brab, "brab", defaultBrab, "infer invariants (BRAB): explore the instances with 1..`N` processes forwards and try, in place of a node, a more general cube none of them reaches; 0 turns it off")
	f.IntVar(&o.brabAfter, "brab-after", defaultBrabAfter, "visit at most this many `nodes` exactly before inferring invariants (fewer once they made 25 pre-images each; 0: from the first node, the default when --brab is given; 1000 under pso; without either flag, 50 when the small instances are cheap to explore)")
	f.IntVar(&o.brabStates, "brab-states", oracle.DefaultMaxStates, "keep at most this many `states` of each instance --brab explores (a larger one is explored partially, breadth first: its candidates are guesses, which the search proves)")
	f.BoolVar(&o.invariants, "invariants", false, "print the invariants a SAFE answer inferred with --brab, as invariant declarations to paste into the model")
	o.pics.flags(cmd, true)
	addBatchFlags(cmd, &o.jobs, &o.expect)
	registerEnumCompletions(cmd)
	return cmd
}

// checkFile loads a model and runs the search under the chosen memory model.
func checkFile(ctx context.Context, path string, o *checkOpts, g *globalOpts, cmd *cobra.Command) (fileResult, error) {
	ctx, cancel := withTimeout(ctx, o.timeout)
	defer cancel()
	start := time.Now()
	m, model, mm, err := loadUnder(ctx, path, o.model)
	var sys *translate.System
	if err == nil {
		sys, err = buildUnder(ctx, m)
	}
	if r, ok := stoppedResult(path, model, err, time.Since(start).Seconds()); ok {
		return r, nil
	} else if err != nil {
		return fileResult{}, err
	}
	solvers := &solverStats{}
	newSolver := func() smt.Solver { return solvers.wrap(newSearchSolver()) }
	prog := newProgress(cmd.ErrOrStderr(), g.verbose, path)
	opts := reach.Options{Model: mm, Strategy: o.search.strategy(), MaxNodes: o.maxNodes, NewSolver: newSolver,
		KeepGraph: o.pics.dot != "", AssumeInvariants: o.assumeInvariants, Workers: searchCores(ctx), MeasureCPU: g.verbose}
	if prog != nil {
		opts.Progress = prog.update
	}
	opts, orc := withBrab(ctx, m, mm, opts, o.brab, o.approxAfter(cmd, m, mm), o.cheapApproxAfter(cmd, m, mm), o.brabStates)
	res, err := decide.Check(ctx, m, sys, opts)
	prog.done()
	if err != nil {
		return fileResult{}, inFile(path, err)
	}
	exact := func() (*reach.Result, error) {
		opts.ExactFences = true
		again, err := decide.Check(ctx, m, sys, opts)
		if err != nil {
			return nil, err
		}
		return again.Result, nil
	}
	if err := writeCertificate(o.certificate, path, sys, mm, res.Result, exact); err != nil {
		return fileResult{}, err
	}
	if !o.assumeInvariants {
		m = m.InvariantsAsUnsafe() // replays end in a violated invariant as in an unsafe state
	}
	out := fromReach(path, model, m, res.Result, 0)
	out.showInferred = o.invariants
	if res.NoInitialState {
		out.Reason = noInitialState
	}
	if res.Verdict == translate.Unsafe {
		explain(&out, res, mm)
	}
	out.Seconds = time.Since(start).Seconds()
	if g.verbose {
		printStats(cmd.ErrOrStderr(), path, res.Stats, solvers, out.Seconds)
		printAssumed(cmd.ErrOrStderr(), path, res.Assumed)
		printBrab(cmd.ErrOrStderr(), path, res.Stats, orc)
	}
	return out, nil
}

// noInitialState is the caveat of the SAFE answer of a model whose init
// no state satisfies (decide.Result.NoInitialState).
const noInitialState = "vacuous: no state satisfies init (with its parameters on one process), so no instance has a state and every property holds; check init"

// explain gives an UNSAFE answer the concrete execution decide replayed
// its trace on, or says why there is none.
func explain(r *fileResult, res *decide.Result, mm memmodel.Model) {
	if res.Witness == nil {
		r.NotReplayed = res.NotReplayed
		return
	}
	ex, err := newExecution(r.model, res.Trace.Procs, mm.Name(), res.Witness)
	if err != nil {
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

// runFiles answers every file with answer, one at a time (see batch.run);
// it returns the results and the files that were bad input, for the exit
// status.
func runFiles(stdout, stderr io.Writer, args []string, command string, format formatFlag, trace bool, junit string,
	answer func(path string) (fileResult, error)) ([]fileResult, []inputError, error) {
	return batch{command: command, format: format, trace: trace, junit: junit, jobs: 1}.run(stdout, stderr, args, answer)
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
