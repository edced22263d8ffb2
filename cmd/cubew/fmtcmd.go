package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/cubew/cubew/syntax"
	"github.com/spf13/cobra"
)

type fmtOpts struct {
	write, diff, list bool
}

func newFmtCmd() *cobra.Command {
	var o fmtOpts
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] [-l] [FILE|DIR]...",
		Short: "Format models canonically, keeping their comments",
		Long: `Format models in the canonical layout, as gofmt does for Go: one
declaration per line, a blank line between items, formulas with the fewest
parentheses that keep their meaning, long formulas broken after their
top-level &&, comments kept where they were. Formatting is idempotent and
never changes what a model means.

Without flags the formatted models are printed on stdout. A directory
stands for the .cub files below it; no argument formats stdin.

Exit status: 0 on success; 1 with -l or -d when some file is not formatted
(so CI can require formatted models); 2 when a file does not parse (its
errors as FILE:LINE:COL: message on stderr).`,
		Example: `  # show what would change, fail if anything would (CI)
  cubew fmt -d models/

  # list the files that are not formatted
  cubew fmt -l examples/*.cub

  # rewrite them in place
  cubew fmt -w examples/*.cub`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				if o.write {
					return withCode(exitBadInput, "fmt: -w needs files to rewrite")
				}
				src, err := io.ReadAll(cmd.InOrStdin())
				if err != nil {
					return withCode(exitBadInput, "fmt: %v", err)
				}
				changed, err := formatOne(cmd, "<standard input>", src, &o)
				if err != nil {
					reportInputError(cmd.ErrOrStderr(), err)
					return silentCode(exitBadInput)
				}
				if changed && (o.list || o.diff) {
					return silentCode(exitNotFormatted)
				}
				return nil
			}
			files, err := modelFiles(args)
			if err != nil {
				return withCode(exitBadInput, "fmt: %v", err)
			}
			bad, unformatted := false, false
			for _, path := range files {
				src, err := os.ReadFile(path)
				if err == nil {
					var changed bool
					changed, err = formatOne(cmd, path, src, &o)
					unformatted = unformatted || changed
				}
				if err != nil {
					reportInputError(cmd.ErrOrStderr(), err)
					bad = true
				}
			}
			switch {
			case bad:
				return silentCode(exitBadInput)
			case unformatted && (o.list || o.diff):
				return silentCode(exitNotFormatted)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVarP(&o.write, "write", "w", false, "rewrite files whose formatting differs")
	f.BoolVarP(&o.diff, "diff", "d", false, "print a unified diff of the changes instead of the formatted models")
	f.BoolVarP(&o.list, "list", "l", false, "list the files whose formatting differs")
	cmd.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"cub"}, cobra.ShellCompDirectiveFilterFileExt
	}
	return cmd
}

// formatOne formats one source and does what the flags ask; it reports
// whether the source was not formatted.
func formatOne(cmd *cobra.Command, path string, src []byte, o *fmtOpts) (bool, error) {
	f, err := syntax.Parse(path, src)
	if err != nil {
		return false, err
	}
	out := []byte(syntax.Print(f))
	changed := !bytes.Equal(src, out)
	w := cmd.OutOrStdout()
	if changed && o.list {
		fmt.Fprintln(w, path)
	}
	if changed && o.write {
		if err := writeKeepingMode(path, out); err != nil {
			return changed, err
		}
	}
	if changed && o.diff {
		fmt.Fprint(w, unifiedDiff(path+".orig", path, string(src), string(out)))
	}
	if !o.list && !o.write && !o.diff {
		_, err = w.Write(out)
	}
	return changed, err
}

// modelFiles expands the arguments: files as given, directories to the
// .cub files below them (sorted).
func modelFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a) // reading it reports the error
			continue
		}
		found, err := cubFilesBelow(a)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}
