package dpor

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// sbNSrc generalises store buffering to n processes: each raises its flag,
// then enters if every other flag reads low. Under TSO several processes
// can enter together; under SC at most one.
const sbNSrc = `
type loc = L1 | L2 | CS
array PC[proc] : loc
weak array F[proc] : bool
init (p) { PC[p] = L1 && F[p] = False }
unsafe (p q) { PC[p] = CS && PC[q] = CS }
transition raise ([p]) requires { PC[p] = L1 } { PC[p] := L2; F[p] := True }
transition enter ([p]) requires { PC[p] = L2 && forall_other q. F[q] = False } { PC[p] := CS }
transition leave ([p]) requires { PC[p] = CS } { PC[p] := L1; F[p] := False }
`

// BenchmarkExplicit explores whole state spaces (unsafe items removed, so
// nothing stops the search early) and reports states/op and states/s, with and
// without symmetry reduction on the corpus files, with dead values
// keyed as one on german.ctc, and with ordered reals (always on, as in
// `cubew bounded`) on ricart_agrawala. sb loops through
// its writes without a fence, so its buffers are bounded to 2 writes.
func BenchmarkExplicit(b *testing.B) {
	type bench struct {
		name  string
		m     *syntax.Model
		model memmodel.Model
		n     int
		sym   bool // Options.Symmetry
		dead  bool // Options.DeadValues
	}
	var benches []bench
	sbN := load(b, sbNSrc, false)
	sbN.Unsafes = nil
	for _, mm := range []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO} {
		for _, n := range []int{2, 3} {
			benches = append(benches, bench{fmt.Sprintf("sb/%s/n=%d", mm.Name(), n), sbN, mm, n, false, false})
		}
	}
	if dir, err := corpus.Dir(); err == nil {
		for _, name := range []string{"mutex_N", "spinlock_N"} {
			e := corpus.Entry{File: filepath.Join("cubicle-w", "cubtso", name+".cub"), Model: "tso"}
			m, _ := loadCorpus(b, dir, e)
			m.Unsafes = nil
			benches = append(benches, bench{name + "/tso/n=3", m, memmodel.TSO, 3, false, false},
				bench{name + "/tso/n=3/symmetry", m, memmodel.TSO, 3, true, false})
		}
		// Stale data, keyed as one with dead values.
		m, _ := loadCorpus(b, dir, corpus.Entry{File: "cubicle/german.ctc.cub", Model: "sc"})
		m.Unsafes = nil
		benches = append(benches, bench{"german.ctc/sc/n=2/symmetry/dead", m, memmodel.SC, 2, true, true})
		// Logical clocks, keyed by the order of the reals (order.go).
		m, _ = loadCorpus(b, dir, corpus.Entry{File: "cubicle/ricart_agrawala.cub", Model: "sc"})
		m.Unsafes = nil
		benches = append(benches, bench{"ricart_agrawala/sc/n=3/order/dead", m, memmodel.SC, 3, false, true})
	}
	for _, bc := range benches {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var states int
			for b.Loop() {
				opts := Options{N: bc.n, Model: bc.model, MaxBuffer: 2, MaxStates: 1_000_000, Symmetry: bc.sym, DeadValues: bc.dead, Order: true}
				res, err := Explicit(context.Background(), bc.m, opts)
				if err != nil {
					b.Fatal(err)
				}
				if res.Verdict == translate.Unknown {
					b.Fatal(res.Reason)
				}
				states = res.States
			}
			b.ReportMetric(float64(states), "states/op")
			b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// BenchmarkBounded runs the explicit engine with the options of `cubew
// bounded` (symmetry, dead values, shifts, ordered reals, buffers of 32
// writes) on the corpus's largest finite instances, unsafe items kept,
// and reports states/op, states/s and the CPU time of the process per
// run (cpu-s/op: on a loaded machine it varies less than the wall
// time): flash_nodata and german.ctc at n = 3, flash at n = 2 and 3
// (issue 16's goal: under 10 CPU-s).
func BenchmarkBounded(b *testing.B) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Skipf("no corpus: %v", err)
	}
	for _, c := range []struct {
		file string
		n    int
	}{{"flash_nodata", 3}, {"german.ctc", 3}, {"flash", 2}, {"flash", 3}} {
		m, mm := loadCorpus(b, dir, corpus.Entry{File: "cubicle/" + c.file + ".cub", Model: "sc"})
		b.Run(fmt.Sprintf("%s/n=%d", c.file, c.n), func(b *testing.B) {
			b.ReportAllocs()
			var states int
			cpu := cpuTime(b)
			for b.Loop() {
				opts := Options{N: c.n, Model: mm, MaxBuffer: 32, MaxStates: 2_000_000, Symmetry: true, DeadValues: true, Shift: true, Order: true}
				res, err := Explicit(context.Background(), m, opts)
				if err != nil {
					b.Fatal(err)
				}
				if res.Verdict != translate.Safe {
					b.Fatal(res.Verdict, res.Reason)
				}
				states = res.States
			}
			b.ReportMetric(float64(states), "states/op")
			b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
			b.ReportMetric((cpuTime(b)-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// cpuTime returns the user and system time the process has used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCheck runs the DPOR engine to exhaustion (unsafe items
// removed) and reports executions/op (complete and blocked graphs),
// executions/s and blocked graphs per complete one: store buffering with n = 2..5 processes (raise a flag,
// then enter when every other flag reads low: 2 steps per process), and
// the corpus's mutex_N and spinlock_N with 3 processes.
func BenchmarkCheck(b *testing.B) {
	type bench struct {
		name  string
		m     *syntax.Model
		model memmodel.Model
		n, k  int
	}
	var benches []bench
	sbN := load(b, sbNSrc, false)
	sbN.Unsafes = nil
	for _, mm := range []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO} {
		for n := 2; n <= 5; n++ {
			benches = append(benches, bench{fmt.Sprintf("sb/%s/n=%d", mm.Name(), n), sbN, mm, n, 2})
		}
	}
	if dir, err := corpus.Dir(); err == nil {
		for _, c := range []struct {
			name string
			k    int
		}{{"mutex_N", 8}, {"spinlock_N", 4}} {
			e := corpus.Entry{File: filepath.Join("cubicle-w", "cubtso", c.name+".cub"), Model: "tso"}
			m, _ := loadCorpus(b, dir, e)
			m.Unsafes = nil
			benches = append(benches, bench{fmt.Sprintf("%s/tso/n=3/k=%d", c.name, c.k), m, memmodel.TSO, 3, c.k})
		}
	}
	for _, bc := range benches {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var execs, complete, blocked int
			for b.Loop() {
				res, err := Check(context.Background(), bc.m, Options{N: bc.n, Model: bc.model, MaxSteps: bc.k})
				if err != nil {
					b.Fatal(err)
				}
				if res.Verdict == translate.Unknown {
					b.Fatal(res.Reason)
				}
				complete, blocked = res.Executions, res.Blocked
				execs = complete + blocked
			}
			b.ReportMetric(float64(execs), "executions/op")
			b.ReportMetric(float64(execs)*float64(b.N)/b.Elapsed().Seconds(), "executions/s")
			b.ReportMetric(float64(blocked)/float64(max(complete, 1)), "blocked/complete")
		})
	}
}

// BenchmarkEngineRatio runs both engines on the same instances (unsafe
// items removed, the same steps bound) and reports the time of the DPOR
// engine over that of the explicit one (dpor/explicit: above 1, the
// explicit engine is faster), with the executions and states each
// explored: litmus tests, where DPOR is optimal, and the corpus's looping
// locks, where the explicit engine's visited set wins.
func BenchmarkEngineRatio(b *testing.B) {
	type bench struct {
		name string
		m    *syntax.Model
		n, k int
	}
	var benches []bench
	for _, name := range []string{"iriw", "wrc", "sb"} {
		m := loadFile(b, filepath.Join("..", "examples", "litmus", name+".cub"))
		m.Unsafes = nil
		benches = append(benches, bench{"litmus/" + name, m, m.File.NumProcs.N, 4})
	}
	if dir, err := corpus.Dir(); err == nil {
		for _, name := range []string{"mutex_N", "spinlock_N"} {
			e := corpus.Entry{File: filepath.Join("cubicle-w", "cubtso", name+".cub"), Model: "tso"}
			m, _ := loadCorpus(b, dir, e)
			m.Unsafes = nil
			benches = append(benches, bench{name + "/n=3", m, 3, 4})
		}
	}
	for _, bc := range benches {
		b.Run(bc.name, func(b *testing.B) {
			opts := Options{N: bc.n, Model: memmodel.TSO, MaxSteps: bc.k}
			var dporTime, explicitTime time.Duration
			var execs, states int
			for b.Loop() {
				start := time.Now()
				res, err := Check(context.Background(), bc.m, opts)
				if err != nil || res.Verdict == translate.Unknown {
					b.Fatal(err, res)
				}
				dporTime += time.Since(start)
				execs = res.Executions + res.Blocked
				start = time.Now()
				ex, err := Explicit(context.Background(), bc.m, opts)
				if err != nil || ex.Verdict == translate.Unknown {
					b.Fatal(err, ex)
				}
				explicitTime += time.Since(start)
				states = ex.States
			}
			b.ReportMetric(float64(dporTime)/float64(explicitTime), "dpor/explicit")
			b.ReportMetric(float64(execs), "executions/op")
			b.ReportMetric(float64(states), "states/op")
		})
	}
}
