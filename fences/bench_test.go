package fences

import (
	"context"
	"os"
	"testing"

	"github.com/cubew/cubew/memmodel"
)

// BenchmarkSynthesize times a whole synthesis of the example two_groups
// (5 checks), reporting the checks per run.
func BenchmarkSynthesize(b *testing.B) {
	src, err := os.ReadFile("../examples/two_groups.cub")
	if err != nil {
		b.Fatal(err)
	}
	checks := 0
	for b.Loop() {
		res, err := Synthesize(context.Background(), "two_groups.cub", src, Options{Model: memmodel.TSO, NewSolver: newSolver, MaxNodes: maxNodes})
		if err != nil || res.Outcome != Fixed {
			b.Fatal(err, res.Outcome)
		}
		checks += len(res.Checks)
	}
	b.ReportMetric(float64(checks)/float64(b.N), "checks/op")
}
