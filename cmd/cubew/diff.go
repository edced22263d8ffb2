package main

import (
	"fmt"

	"github.com/hexops/gotextdiff"
	"github.com/hexops/gotextdiff/myers"
	"github.com/hexops/gotextdiff/span"
)

// unifiedDiff returns the differences from a to b as a unified diff with
// three lines of context, "" when they are equal (gotextdiff, the Myers
// diff of gopls, already in the module graph through participle).
func unifiedDiff(aName, bName, a, b string) string {
	if a == b {
		return ""
	}
	edits := myers.ComputeEdits(span.URIFromPath(aName), a, b)
	return fmt.Sprint(gotextdiff.ToUnified(aName, bName, a, edits))
}
