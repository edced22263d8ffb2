package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/cubew/cubew/fences"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/spf13/cobra"
)

type fencesOpts struct {
	model     modelFlag
	maxNodes  int
	maxMatch  int
	steps     int
	maxChecks int
	maxSets   int
	diff      bool
	write     bool
	format    formatFlag
}

func newFencesCmd(g *globalOpts) *cobra.Command {
	o := fencesOpts{format: "text", maxNodes: 20000, maxMatch: 1 << 23}
	cmd := &cobra.Command{
		Use:   "fences FILE",
		Short: "Find the minimal fence() insertions that make a model SAFE for every number of processes",
		Long: `Find where to put fences: the minimal sets of fence() insertions into
transition guards that make a model SAFE under tso (or pso) for every
number of processes. Minimal means that without any one of its fences the
model is UNSAFE again. All minimal sets are listed when there are at most
--max-sets of them, smallest first.

The search is counterexample-guided: each counterexample, replayed on a
concrete instance, names the transitions that ran while their process still
had writes in its store buffer; candidate sets are the smallest sets that
cut every counterexample found so far, and each is checked from scratch
(the model text with the fences in it). A check that reaches --max-nodes
(or --max-match-steps) is UNKNOWN and its set is never reported as a
fix; the bounded engine then looks for a concrete counterexample on 2 and
3 processes (--steps transitions each), and one it finds makes the check
UNSAFE, so the search goes on. A model that is UNSAFE under sc gets no
fence: the answer shows its sc counterexample.

-d prints each set as a diff of the model, -w writes the smallest set into
the file. docs/fences.md has a worked example.

Exit status: 0 a set was found (or the model is SAFE already), 1 no fence
set helps, 2 bad input or usage, 3 no set proved within the limits.`,
		Example: `  # the minimal fence sets of a store-buffering litmus test, as diffs
  cubew fences -d examples/two_flags.cub

  # write the smallest set into the model, showing the checks made
  cubew fences -v -w model.cub`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, g, args[0]) },
	}
	f := cmd.Flags()
	f.Var(&o.model, "model", "weak memory model to repair: tso or pso (default tso)")
	f.IntVar(&o.maxNodes, "max-nodes", o.maxNodes, "give up a check (UNKNOWN, its set not proved) after visiting this many nodes; 0 for no limit")
	f.IntVar(&o.maxMatch, "max-match-steps", o.maxMatch, "give up a check (UNKNOWN) after this many subsumption matching steps, which a diverging search spends fast; 0 for no limit")
	f.IntVar(&o.steps, "steps", fences.DefaultSteps, "after an UNKNOWN check, look for a counterexample on 2 and 3 processes firing at most this many transitions each")
	f.IntVar(&o.maxChecks, "max-checks", fences.DefaultMaxChecks, "stop after this many parameterized checks")
	f.IntVar(&o.maxSets, "max-sets", fences.DefaultMaxSets, "stop once this many minimal sets are proved")
	f.BoolVarP(&o.diff, "diff", "d", false, "print each set as a unified diff of the model")
	f.BoolVarP(&o.write, "write", "w", false, "write the smallest set into the file")
	f.Var(&o.format, "format", "output format: text or json")
	registerEnumCompletions(cmd)
	return cmd
}

// run synthesises the fences of one file and prints them.
func (o *fencesOpts) run(cmd *cobra.Command, g *globalOpts, path string) error {
	switch {
	case o.model == "sc":
		return withCode(exitBadInput, "fences: --model must be tso or pso (fences change nothing under sc)")
	case o.maxChecks < 1 || o.maxSets < 1 || o.steps < 1:
		return withCode(exitBadInput, "fences: --max-checks, --max-sets and --steps must be at least 1")
	}
	mm := memmodel.Default(true) // tso
	if o.model != "" {
		mm, _ = memmodel.ByName(string(o.model)) // the flag accepts known names only
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return withCode(exitBadInput, "fences: %v", err)
	}
	opts := fences.Options{Model: mm, NewSolver: newSearchSolver, MaxNodes: o.maxNodes, MaxMatchSteps: o.maxMatch,
		MaxChecks: o.maxChecks, MaxSets: o.maxSets, Steps: o.steps}
	if g.verbose {
		opts.OnCheck = func(c fences.Check) { printCheck(cmd.ErrOrStderr(), c) }
	}
	res, err := fences.Synthesize(cmd.Context(), path, src, opts)
	var list syntax.ErrorList
	switch {
	case errors.As(err, &list):
		reportInputError(cmd.ErrOrStderr(), err)
		return silentCode(exitBadInput)
	case err != nil && cmd.Context().Err() != nil:
		fmt.Fprintf(cmd.OutOrStdout(), "%s  UNKNOWN  %s  stopped: %v\n", path, mm.Name(), context.Cause(cmd.Context()))
		return silentCode(exitUnknown)
	case err != nil:
		return withCode(exitBadInput, "%s: %v", path, err)
	}
	out := fencesOutput{path: path, model: mm.Name(), src: src, res: res}
	if o.format == "json" {
		err = out.json(cmd.OutOrStdout())
	} else {
		out.text(cmd.OutOrStdout(), o.diff)
	}
	if err != nil {
		return err
	}
	if o.write && len(res.Sets) > 0 {
		if err := writeKeepingMode(path, res.Sets[0].Source); err != nil {
			return withCode(exitBadInput, "fences: %v", err)
		}
	}
	return silentCode(fencesExit(res.Outcome))
}

// fencesExit is the exit status of an outcome.
func fencesExit(o fences.Outcome) int {
	switch o {
	case fences.NoFix:
		return exitUnsafe
	case fences.Unproved:
		return exitUnknown
	}
	return exitSafe
}

// writeKeepingMode writes data to path, keeping the file's permissions.
func writeKeepingMode(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	return os.WriteFile(path, data, mode)
}
