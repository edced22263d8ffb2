package main

import (
	"fmt"
	"io"

	"github.com/cubew/cubew/syntax"
	"github.com/spf13/cobra"
)

type parseOpts struct {
	print bool
}

func newParseCmd() *cobra.Command {
	var o parseOpts
	cmd := &cobra.Command{
		Use:   "parse FILE|DIR|-...",
		Short: "Parse and type-check models",
		Long: `Parse and type-check models. Prints a one-line summary per valid file, or
FILE:LINE:COL: message for each error (on stderr). Exit status 0 when every
file is valid, 2 otherwise. A directory stands for every *.cub file below
it, - for a model on the standard input.`,
		Example: `  cubew parse examples/*.cub
  cubew parse --print model.cub > canonical.cub`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			paths, err := inputModels(cmd, args)
			if err != nil {
				return err
			}
			bad := false
			for _, path := range paths {
				m, err := loadText(path, stdinOf(cmd.Context()), syntax.CheckOptions{})
				if err != nil {
					reportInputError(cmd.ErrOrStderr(), err)
					bad = true
					continue
				}
				if o.print {
					fmt.Fprint(cmd.OutOrStdout(), syntax.Print(m.File))
					continue
				}
				summarize(cmd.OutOrStdout(), path, m)
			}
			if bad {
				return silentCode(exitBadInput)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&o.print, "print", false, "print the canonical form of each file instead of a summary")
	return cmd
}

// summarize prints one line: types, variables, weak variables, transitions,
// unsafe formulas.
func summarize(w io.Writer, path string, m *syntax.Model) {
	vars, weak := 0, 0
	for _, s := range m.File.Symbols {
		if s.Kind == syntax.KindConst {
			continue
		}
		vars++
		if s.Weak {
			weak++
		}
	}
	fmt.Fprintf(w, "%s: ok: %s, %s (%d weak), %s, %s\n", path,
		plural(len(m.File.Types), "type"), plural(vars, "variable"), weak,
		plural(len(m.Transitions), "transition"), plural(len(m.Unsafes), "unsafe formula"))
}

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if noun == "unsafe formula" {
		return fmt.Sprintf("%d unsafe formulas", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
