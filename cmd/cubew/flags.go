package main

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/spf13/cobra"
)

// modelFlag is --model: sc, tso or pso ("" lets the model decide).
type modelFlag string

func (f *modelFlag) String() string { return string(*f) }
func (f *modelFlag) Type() string   { return "model" }
func (f *modelFlag) Set(s string) error {
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

// formatFlag is --format: text or json.
type formatFlag string

func (f *formatFlag) String() string { return string(*f) }
func (f *formatFlag) Type() string   { return "format" }
func (f *formatFlag) Set(s string) error {
	return setEnum((*string)(f), s, "format", "text", "json")
}

func setEnum(dst *string, s, what string, allowed ...string) error {
	for _, a := range allowed {
		if s == a {
			*dst = s
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(allowed, " or "))
}

// registerEnumCompletions completes the enum flags a command has.
func registerEnumCompletions(cmd *cobra.Command) {
	values := map[string][]string{
		"model":  {"sc\tsequential consistency", "tso\ttotal store order (x86)", "pso\tpartial store order"},
		"search": {"bfs\tbreadth first: shortest counterexamples", "dfs\tdepth first"},
		"format": {"text\tone line per model", "json\tone JSON document (docs/json.md)"},
		"engine": {"dpor\texecution graphs, each explored once", "explicit\tevery interleaving (the oracle)"},
	}
	for name, vs := range values {
		if cmd.Flags().Lookup(name) == nil {
			continue
		}
		cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(vs, cobra.ShellCompDirectiveNoFileComp))
	}
}
