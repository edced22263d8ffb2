package reach_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// BenchmarkCorpus checks every corpus file that has a reference verdict
// and is within reach, and reports per file the visited nodes, the solver
// calls, the original tool's time on one of our machines (orig-s) and
// the ratio of that time to ours (speedup). `make bench` turns the lines
// into a table.
func BenchmarkCorpus(b *testing.B) {
	dir, entries := corpusEntries(b)
	for _, e := range entries {
		_, slowSC := undecided[e.File]
		_, slowW := slowWeak[e.File]
		if e.Expected == "?" || slowSC || slowW {
			continue
		}
		name := strings.TrimSuffix(e.File, ".cub")
		b.Run(name, func(b *testing.B) {
			sys := load(b, filepath.Join(dir, e.File), e.Model == "sc")
			var res *reach.Result
			var err error
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				res, err = reach.Check(ctx, sys, reach.Options{NewSolver: newSolver})
				cancel()
				if err != nil {
					b.Fatal(err)
				}
			}
			if got := res.Verdict.String(); got != e.Expected {
				b.Fatalf("verdict %s, want %s", got, e.Expected)
			}
			perOp := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
			b.ReportMetric(float64(res.Stats.SolverCalls), "calls")
			b.ReportMetric(float64(e.OriginalNodes), "orig-nodes")
			b.ReportMetric(e.OriginalSeconds, "orig-s")
			b.ReportMetric(e.OriginalSeconds/perOp, "speedup")
		})
	}
}

// BenchmarkDekkerPSO checks dekker_2 and dekker_2b under pso (SAFE, the
// slowest weak corpus files pso decides: too slow for TestCorpusPSO) and
// reports the visited nodes.
func BenchmarkDekkerPSO(b *testing.B) {
	dir, _ := corpusEntries(b)
	for _, name := range []string{"dekker_2", "dekker_2b"} {
		b.Run(name, func(b *testing.B) {
			sys := load(b, filepath.Join(dir, "cubicle-w/cubtso", name+".cub"), false)
			var res *reach.Result
			var err error
			for b.Loop() {
				res, err = reach.Check(context.Background(), sys, reach.Options{Model: memmodel.PSO, NewSolver: newSolver, AssumeInvariants: true})
				if err != nil {
					b.Fatal(err)
				}
			}
			if res.Verdict != translate.Safe {
				b.Fatalf("verdict %s, want safe", res.Verdict)
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
		})
	}
}
