package reach_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/parallel"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/translate"
)

// cpuSeconds returns the CPU time (user + system) the process has used.
func cpuSeconds(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// builtinCounter adds the checks its solver answered without a backend
// to *into when it is closed.
type builtinCounter struct {
	smt.Solver
	into *int
}

func (c *builtinCounter) Close() {
	*c.into += c.Solver.Stats().Builtin
	c.Solver.Close()
}

// benchSolver is the solver cubew check searches with: package front's
// built-in procedure, Z3 for the checks it cannot answer.
func benchSolver() smt.Solver {
	return front.New(func() (smt.Solver, error) { return z3.Open() }, front.Options{})
}

// BenchmarkCorpus checks every corpus file that has a reference verdict
// and is within reach, trusting invariants as the original tools do, and
// reports per file the visited nodes, the solver calls, those the
// built-in procedure answered, the CPU time of the process during the
// search (cpu-s, user + system), the original tool's time on one of our
// machines (orig-s) and the ratio of that time to our CPU time (speedup).
// `make bench` turns the lines into a table.
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
			var builtin int
			newSolver := func() smt.Solver { return &builtinCounter{benchSolver(), &builtin} }
			cpu0 := cpuSeconds(b)
			for b.Loop() {
				builtin = 0
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				res, err = reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, AssumeInvariants: true})
				cancel()
				if err != nil {
					b.Fatal(err)
				}
			}
			cpu := (cpuSeconds(b) - cpu0) / float64(b.N)
			if got := res.Verdict.String(); got != e.Expected {
				b.Fatalf("verdict %s, want %s", got, e.Expected)
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
			b.ReportMetric(float64(res.Stats.SolverCalls), "calls")
			b.ReportMetric(float64(builtin), "builtin")
			b.ReportMetric(float64(e.OriginalNodes), "orig-nodes")
			b.ReportMetric(cpu, "cpu-s")
			b.ReportMetric(e.OriginalSeconds, "orig-s")
			b.ReportMetric(e.OriginalSeconds/cpu, "speedup")
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

// slowFiles are the Table-1 files the original tool takes over half a
// second on, german and sense_barrier.
var slowFiles = []struct {
	file string
	sc   bool
}{
	{"cubicle-w/cubtso/two_phase_N.cub", false},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", false},
	{"cubicle-w/cubtso/lamport_N.cub", false},
	{"cubicle/german.cub", true},
	{"cubicle/sense_barrier.cub", true},
}

// BenchmarkWorkers checks the files of slowFiles with 1, 2, 4 and 16
// workers, with the solver cubew check uses (benchSolver), and reports per run the CPU seconds of the process (cpu-s),
// the original tool's seconds over ours (orig/cpu), the visited nodes,
// the fixpoint checks the merge asked again, and the serial fraction: the
// share of the search's time outside the parallel parts, the checks of
// layers against their snapshots, the pre-images and the inclusion tests
// between a layer's children (measured with one worker, where nothing
// overlaps, on the last run).
func BenchmarkWorkers(b *testing.B) {
	dir, entries := corpusEntries(b)
	orig := map[string]float64{}
	for _, e := range entries {
		orig[e.File] = e.OriginalSeconds
	}
	for _, f := range slowFiles {
		sys := load(b, filepath.Join(dir, f.file), f.sc)
		for _, workers := range []int{1, 2, 4, 16} {
			b.Run(fmt.Sprintf("%s/j%d", strings.TrimSuffix(filepath.Base(f.file), ".cub"), workers), func(b *testing.B) {
				var res *reach.Result
				var err error
				var last time.Duration // of the last run
				cpu0 := cpuSeconds(b)
				for b.Loop() {
					start := time.Now()
					res, err = reach.Check(context.Background(), sys, reach.Options{NewSolver: benchSolver, Workers: workers, AssumeInvariants: true})
					if err != nil {
						b.Fatal(err)
					}
					last = time.Since(start)
				}
				if res.Verdict != translate.Safe {
					b.Fatalf("verdict %s, want safe", res.Verdict)
				}
				cpu := (cpuSeconds(b) - cpu0) / float64(b.N)
				b.ReportMetric(cpu, "cpu-s")
				b.ReportMetric(orig[f.file]/cpu, "orig/cpu")
				b.ReportMetric(float64(res.Stats.Nodes), "nodes")
				b.ReportMetric(float64(res.Stats.Rechecks), "rechecks")
				if workers == 1 {
					parallel := res.Stats.Prechecks + res.Stats.PreImage + res.Stats.Ordering
					b.ReportMetric(1-parallel.Seconds()/last.Seconds(), "serial")
				}
				reportBalance(b, sys, workers)
			})
		}
	}
}

// balanceSites names, by the function that calls parallel.For, the
// balance that reportBalance reports for each parallel part.
var balanceSites = map[string]string{
	".checkLayer":        "bal-check",
	".settleLayer":       "bal-settle",
	".preImagesParallel": "bal-pre",
	".childInclusions":   "bal-order",
}

// reportBalance checks sys once more with workers workers, recording the
// CPU time of every item of the parallel parts (parallel.Record), and
// reports the CPU seconds of the items (busy-s), of the rest of the
// process (other-s: the merge, the collector, starting goroutines) and
// the speed-up the items' spread over the workers allows, every worker
// on a core of its own (balance: the items' CPU over their span, at most
// workers; with more than one worker, also that of each parallel part,
// see balanceSites), none of which the machine's load distorts much. With one
// worker, where every item runs on the search's thread, it also reports
// the serial share of that thread's CPU time (serial-cpu: outside the
// items; the collector's own threads left out).
func reportBalance(b *testing.B, sys *translate.System, workers int) {
	var rec parallel.Recording
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, thread0 := cpuSeconds(b), parallel.ThreadCPU()
	stop := parallel.Record(&rec)
	_, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: benchSolver, Workers: workers, AssumeInvariants: true})
	stop()
	if err != nil {
		b.Fatal(err)
	}
	thread := parallel.ThreadCPU() - thread0
	busy := rec.Busy().Seconds()
	b.ReportMetric(busy, "busy-s")
	b.ReportMetric(cpuSeconds(b)-cpu0-busy, "other-s")
	b.ReportMetric(busy/rec.Span(workers).Seconds(), "balance")
	if workers > 1 {
		for site, name := range balanceSites {
			var busy, span time.Duration
			for _, c := range rec.Calls {
				if strings.HasSuffix(c.Site, site) {
					span += c.Span(workers)
					for _, d := range c.Items {
						busy += d
					}
				}
			}
			b.ReportMetric(busy.Seconds()/span.Seconds(), name)
		}
	}
	if workers == 1 {
		b.ReportMetric(1-busy/thread.Seconds(), "serial-cpu")
	}
}

// matcherFiles are the files issue #20 measures the subsumption matcher
// on, with their memory model.
var matcherFiles = []struct {
	file  string
	model memmodel.Model
}{
	{"cubicle-w/cubtso/dekker_2.cub", memmodel.PSO},
	{"cubicle/german.cub", memmodel.SC},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", memmodel.TSO},
	{"cubicle-w/cubtso/two_phase_N.cub", memmodel.TSO},
	{"cubicle-w/cubtso/lamport_N.cub", memmodel.TSO},
}

// BenchmarkMatcher checks the files of matcherFiles with one worker and
// reports per file the CPU seconds of the process (cpu-s), the visited
// nodes and the share of the search's time spent in subsumption checks.
func BenchmarkMatcher(b *testing.B) {
	dir, _ := corpusEntries(b)
	for _, f := range matcherFiles {
		b.Run(strings.TrimSuffix(filepath.Base(f.file), ".cub")+"/"+f.model.Name(), func(b *testing.B) {
			sys := load(b, filepath.Join(dir, f.file), f.model == memmodel.SC)
			var res *reach.Result
			var err error
			cpu0 := cpuSeconds(b)
			for b.Loop() {
				res, err = reach.Check(context.Background(), sys, reach.Options{Model: f.model, NewSolver: newSolver, Workers: 1, AssumeInvariants: true})
				if err != nil {
					b.Fatal(err)
				}
			}
			if res.Verdict != translate.Safe {
				b.Fatalf("verdict %s, want safe", res.Verdict)
			}
			b.ReportMetric((cpuSeconds(b)-cpu0)/float64(b.N), "cpu-s")
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
		})
	}
}
