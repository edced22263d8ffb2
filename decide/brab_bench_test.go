package decide_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// BenchmarkBrabDefaultOptions times check's default search (oracle over
// 1..3 processes explored lazily, exact part of 200 nodes' work, one
// worker, the command line's solver: Z3 behind the built-in procedure)
// on each model of decidedByInference, oracle exploration
// included, and reports its nodes and candidates per run.
func BenchmarkBrabDefaultOptions(b *testing.B) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Skipf("shared corpus: %v", err)
	}
	for _, tc := range decidedByInference {
		name := strings.TrimSuffix(filepath.Base(tc.rel), ".cub")
		b.Run(name, func(b *testing.B) {
			m, err := syntax.Load(filepath.Join(dir, tc.rel), syntax.CheckOptions{SC: true})
			if err != nil {
				b.Fatal(err)
			}
			sys, err := translate.Build(m)
			if err != nil {
				b.Fatal(err)
			}
			var res *decide.Result
			for b.Loop() {
				ctx := context.Background()
				opts, _ := decide.WithLazyOracle(ctx, m, memmodel.SC,
					reach.Options{Model: memmodel.SC, NewSolver: cliSolver, MaxNodes: 2000, ApproxAfter: 200, Workers: 1}, 3, 0)
				if res, err = decide.Check(ctx, m, sys, opts); err != nil {
					b.Fatal(err)
				}
				if res.Verdict != translate.Safe {
					b.Fatalf("%s: %s %s", tc.rel, res.Verdict, res.Reason)
				}
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
			b.ReportMetric(float64(res.Stats.Candidates), "candidates/op")
		})
	}
}

// cliSolver is the solver check gives the search.
func cliSolver() smt.Solver { return front.New(z3.Backend, front.Options{}) }
