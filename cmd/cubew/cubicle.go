package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Cubicle's own command line uses single-dash words (`cubicle -nodes 1000
// -dot 1 file.cub`), which pflag would read as clusters of one-letter
// flags. cubicleArgs rewrites the ones cubew has an equivalent for into
// cubew's long form, with a note; flagError explains the others instead of
// pflag's `unknown shorthand flag: 'd' in -dot`.

// cubicleFlags maps a Cubicle flag to its cubew long form ("" when cubew
// has no equivalent, with why).
var cubicleFlags = map[string]struct{ long, why string }{
	"-nodes":  {long: "--max-nodes"},
	"-search": {long: "--search"},
	"-dot":    {long: "--dot", why: "Cubicle's -dot takes a level; cubew's --dot takes the FILE to write the search graph to (a directory for several models)"},
	"-brab":   {long: "--brab"},
}

// cubicleArgs rewrites Cubicle's single-dash flags in args that have a
// cubew equivalent, and prints a note on w for each. `-dot LEVEL` is left
// for flagError to explain.
func cubicleArgs(args []string, w io.Writer) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		f, ok := cubicleFlags[a]
		if !ok || f.long == "" || (a == "-dot" && i+1 < len(args) && isInt(args[i+1])) {
			out = append(out, a)
			continue
		}
		out = append(out, f.long)
		fmt.Fprintf(w, "cubew: note: %s is Cubicle's spelling; cubew's is %s\n", a, f.long)
	}
	return out
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// flagError words cobra's flag errors: a Cubicle flag without an
// equivalent says so, a misspelt flag gets the closest flag of the
// command.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if _, word, ok := strings.Cut(msg, "unknown shorthand flag: "); ok {
		if _, flag, ok := strings.Cut(word, " in "); ok {
			if f, ok := cubicleFlags[flag]; ok {
				return fmt.Errorf("%s: %s", flag, f.why)
			}
		}
	}
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
		if s := syntax.Closest(name, names); s != "" {
			return fmt.Errorf("%s; did you mean --%s?", msg, s)
		}
	}
	return err
}
