package main

import "github.com/spf13/cobra"

// newFmtCmd is being written; hidden until then.
func newFmtCmd() *cobra.Command {
	return &cobra.Command{Use: "fmt", Hidden: true, Example: "  cubew fmt model.cub",
		RunE: func(*cobra.Command, []string) error { return withCode(exitBadInput, "fmt: not yet available") }}
}
