package main

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/spf13/cobra"
)

// modelFlag is --model: sc, tso or pso ("" lets the model decide), in
// any case (TSO is tso).
type modelFlag string

func (f *modelFlag) String() string { return string(*f) }
func (f *modelFlag) Type() string   { return "model" }
func (f *modelFlag) Set(s string) error {
	s = strings.ToLower(s)
	if _, err := memmodel.ByName(s); err != nil {
		return err
	}
	*f = modelFlag(s)
	return nil
}

// searchFlag is --search: bfs or dfs.
type searchFlag string

func (f *searchFlag) String() string { return string(*f) }
func (f *searchFlag) Type() string   { return "order" }
func (f *searchFlag) Set(s string) error {
	return setEnum((*string)(f), s, "search order", "bfs", "dfs")
}

func (f searchFlag) strategy() reach.Strategy {
	if f == "dfs" {
		return reach.DFS
	}
	return reach.BFS
}

// formatFlag is --format: text, json or sarif.
type formatFlag string

func (f *formatFlag) String() string { return string(*f) }
func (f *formatFlag) Type() string   { return "format" }
func (f *formatFlag) Set(s string) error {
	return setEnum((*string)(f), s, "format", "text", "json", "sarif")
}

// setEnum sets dst to s, in lower case, when it is one of allowed.
func setEnum(dst *string, s, what string, allowed ...string) error {
	s = strings.ToLower(s)
	for _, a := range allowed {
		if s == a {
			*dst = s
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(allowed, " or "))
}

// addAssumeInvariantsFlag adds --assume-invariants, which check, bounded
// and crosscheck share.
func addAssumeInvariantsFlag(cmd *cobra.Command, assume *bool) {
	cmd.Flags().BoolVar(assume, "assume-invariants", false, "trust the model's invariant items instead of proving them, as Cubicle does (a false one can hide a bug; every output says so)")
}

// registerEnumCompletions completes the enum flags a command has.
func registerEnumCompletions(cmd *cobra.Command) {
	values := map[string][]string{
		"model":  {"sc\tsequential consistency", "tso\ttotal store order (x86)", "pso\tpartial store order"},
		"search": {"bfs\tbreadth first: shortest counterexamples", "dfs\tdepth first"},
		"format": {"text\tone line per model", "json\tone JSON document (docs/json.md)", "sarif\tSARIF 2.1.0 for code-scanning UIs (docs/ci.md)"},
		"engine": {"dpor\texecution graphs, each explored once", "explicit\tevery interleaving (the oracle)"},
	}
	for name, vs := range values {
		if cmd.Flags().Lookup(name) == nil {
			continue
		}
		cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(vs, cobra.ShellCompDirectiveNoFileComp))
	}
}
