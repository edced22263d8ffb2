package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"runtime/debug"
	"slices"

	"github.com/spf13/cobra"
)

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := onSignals(context.Background(), stderr)
	defer stop()
	args = cubicleArgs(args, stderr)
	root := newRootCmd(args...)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	return exitCode(err, func(msg string) { fmt.Fprintln(stderr, "cubew: "+msg) })
}

// newRootCmd builds the command tree for the command line args. When args
// starts with the name of one of cubew's commands, only that command is
// built (with cobra's help, without its completion command): the other
// commands' flags and texts are a good part of a small run's start-up.
// Any other command line (none, help, completion, a flag first, a
// misspelt command) gets the whole tree.
func newRootCmd(args ...string) *cobra.Command {
	root := &cobra.Command{
		Use:   "cubew",
		Short: "Prove concurrent protocols safe for any number of processes under weak memory",
		Long: `cubew checks models written in the Cubicle language (with Cubicle-W's weak
variables, fences and p @ X reads) for safety: SAFE for every number of
processes, or UNSAFE with a counterexample, under SC, TSO or PSO.

Exit status: 0 all SAFE (or parse OK), 1 some UNSAFE (fmt -l or -d: some
file not formatted), 2 bad input or usage, 3 UNKNOWN (a limit was reached),
4 crosscheck disagreement.

Results go to stdout; errors, progress (on a terminal, or with -v) and
statistics (-v) to stderr. docs/json.md describes --format json, docs/ci.md
a CI job.`,
		Example: `  cubew check examples/*.cub
  cubew check --trace examples/flag_mutex.cub
  cubew parse model.cub
  cubew fmt -d models/*.cub
  cubew help check`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("cubew {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	g := &globalOpts{}
	root.PersistentFlags().BoolVarP(&g.verbose, "verbose", "v", false, "show progress and statistics on stderr")
	addLimitFlags(root, g)
	commands := commandBuilders(g)
	if len(args) > 0 && commands[args[0]] != nil {
		root.AddCommand(commands[args[0]]())
		root.CompletionOptions.DisableDefaultCmd = true
		return root
	}
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		root.AddCommand(commands[name]())
	}
	addCompletionHelp(root)
	return root
}

// commandBuilders returns the constructor of each command, by the name it
// is called by (TestCommandNames checks that the names agree).
func commandBuilders(g *globalOpts) map[string]func() *cobra.Command {
	return map[string]func() *cobra.Command{
		"parse":      newParseCmd,
		"check":      func() *cobra.Command { return newCheckCmd(g) },
		"bounded":    func() *cobra.Command { return newBoundedCmd(g) },
		"crosscheck": func() *cobra.Command { return newCrosscheckCmd(g) },
		"fmt":        newFmtCmd,
		"certify":    newCertifyCmd,
		"fences":     func() *cobra.Command { return newFencesCmd(g) },
		"export":     newExportCmd,
	}
}

// globalOpts are the options every command accepts.
type globalOpts struct {
	verbose   bool     // progress and statistics on stderr
	maxMemory sizeFlag // memory budget of the run (0: none)
}

// isVerbose reports whether -v was given to cmd (a root persistent flag);
// for commands built without access to globalOpts.
func isVerbose(cmd *cobra.Command) bool {
	v, err := cmd.Flags().GetBool("verbose")
	return err == nil && v
}

// version reports the module version and VCS revision the binary was built from.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
