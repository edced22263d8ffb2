package main

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
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
