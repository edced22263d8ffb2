package main

import (
	"context"
	"fmt"
	"time"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
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
}

func newCheckCmd() *cobra.Command {
	o := checkOpts{format: "text"}
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Prove models safe for any number of processes, or find a counterexample",
		Long: `Run the parameterized backward reachability search on each model: SAFE
holds for every number of processes; UNSAFE comes with a counterexample;
UNKNOWN means a limit was reached.

The memory model defaults to tso for a model that declares weak variables
and to sc otherwise.`,
		Example: `  cubew check examples/*.cub
  cubew check --trace --verify-trace examples/mutex_broken.cub
  cubew check --model sc --format json model.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var results []fileResult
			bad := false
			for _, path := range args {
				r, err := checkFile(cmd.Context(), path, &o)
				if err != nil {
					reportInputError(cmd.ErrOrStderr(), err)
					bad = true
					continue
				}
				results = append(results, r)
			}
			if err := printResults(cmd.OutOrStdout(), o.format, results, o.trace); err != nil {
				return err
			}
			return verdictExit(results, bad)
		},
	}
	f := cmd.Flags()
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.Var(&o.search, "search", "search order: bfs or dfs")
	f.IntVar(&o.maxNodes, "max-nodes", 100000, "give up (UNKNOWN) after visiting this many nodes; 0 for no limit")
	f.DurationVar(&o.timeout, "timeout", 0, "give up (UNKNOWN) on a file after this long, e.g. 30s; 0 for no limit")
	f.BoolVar(&o.trace, "trace", false, "print the counterexample of an UNSAFE model step by step")
	f.BoolVar(&o.verifyTrace, "verify-trace", false, "replay each counterexample forwards on a concrete instance before reporting UNSAFE")
	f.Var(&o.format, "format", "output format: text or json")
	return cmd
}

// fileResult is the outcome of one (file, model) question.
type fileResult struct {
	File    string
	Model   string
	Engine  string
	Result  *reach.Result
	Seconds float64
}

// checkFile loads a model and runs the search under the chosen memory model.
func checkFile(ctx context.Context, path string, o *checkOpts) (fileResult, error) {
	m, err := load(path, syntax.CheckOptions{SC: o.model == "sc"})
	if err != nil {
		return fileResult{}, err
	}
	model := string(o.model)
	if model == "" {
		model = "sc"
		if m.Weak {
			model = "tso"
		}
	}
	mm, err := memmodel.ByName(model)
	if err != nil {
		return fileResult{}, err
	}
	out := fileResult{File: path, Model: model, Engine: "reach"}
	start := time.Now()
	defer func() { out.Seconds = time.Since(start).Seconds() }()
	sys, err := translate.Build(m)
	if err != nil {
		return fileResult{}, err
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	newSolver := func() smt.Solver { return z3.New() }
	res, err := reach.Check(ctx, sys, reach.Options{Model: mm, Strategy: o.search.strategy(), MaxNodes: o.maxNodes, NewSolver: newSolver})
	if err != nil {
		return fileResult{}, fmt.Errorf("%s: %w", path, err)
	}
	if res.Verdict == translate.Unsafe && o.verifyTrace && !m.Weak {
		s := newSolver()
		defer s.Close()
		confirmed, err := reach.Replay(ctx, sys, res.Trace, s)
		if err != nil {
			res = &reach.Result{Verdict: translate.Unknown, Reason: err.Error(), Stats: res.Stats}
		} else {
			res.Trace = confirmed
		}
	}
	out.Result = res
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}

// verdictExit maps the verdicts to the exit status: bad input first, then
// some UNSAFE, then some UNKNOWN.
func verdictExit(results []fileResult, bad bool) error {
	unsafe, unknown := false, false
	for _, r := range results {
		switch r.Result.Verdict {
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
