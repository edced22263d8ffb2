package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
)

// issue20Files are the small files named in issue 20; they must be among
// the small files BenchmarkBinary runs.
var issue20Files = []string{
	"cubicle-w/cubtso/mutex_N.cub", "cubicle-w/cubtso/spinlock_N.cub", "cubicle-w/cubtso/arbiter_v1_N.cub",
	"cubicle-w/cubtso/sense_rev_N.cub", "cubicle/bakery.cub", "cubicle/dekker.cub", "cubicle/synapse.cub",
	"cubicle/mutex.cub", "cubicle/xerox_dragon.cub",
}

// smallFileSeconds is the bound on the original tool's wall time below
// which a corpus file is small: its time is mostly the fixed cost of a run
// (start-up, solver, translation).
const smallFileSeconds = 0.5

// smallEntries are the corpus files with a reference verdict that the
// original checks in under smallFileSeconds.
func smallEntries(entries []corpus.Entry) []corpus.Entry {
	var out []corpus.Entry
	for _, e := range entries {
		if e.Expected != "?" && e.OriginalSeconds > 0 && e.OriginalSeconds < smallFileSeconds {
			out = append(out, e)
		}
	}
	return out
}

// BenchmarkBinary builds cubew and runs `cubew check --assume-invariants
// FILE` (the original tools trust invariants) once per iteration on each
// small corpus file, end to end as a user runs it: it fails on an exit
// status other than the expected verdict's, and reports the median wall
// (ns/op is the mean) and CPU time (user + system) of the process per run,
// the original tool's time on one of our machines (orig-s, wall) and the
// ratio of that time to our medians, wall (speedup) and CPU (cpu-speedup).
// `make bench` turns the lines into a table.
func BenchmarkBinary(b *testing.B) {
	dir, entries := expectedEntries(b)
	small := smallEntries(entries)
	for _, f := range issue20Files {
		if !slices.ContainsFunc(small, func(e corpus.Entry) bool { return e.File == f }) {
			b.Fatalf("%s is not a small file of expected.tsv", f)
		}
	}
	bin := buildCubew(b, b.TempDir(), "cubew")
	for _, e := range small {
		want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}[e.Expected]
		b.Run(strings.TrimSuffix(e.File, ".cub"), func(b *testing.B) {
			wall, cpu := timeRuns(b, bin, []string{"check", "--assume-invariants", filepath.Join(dir, e.File)}, want)
			b.ReportMetric(wall*1e3, "wall-ms/op")
			b.ReportMetric(cpu*1e3, "cpu-ms/op")
			b.ReportMetric(e.OriginalSeconds, "orig-s")
			b.ReportMetric(e.OriginalSeconds/wall, "speedup")
			b.ReportMetric(e.OriginalSeconds/cpu, "cpu-speedup")
		})
	}
	b.Logf("%d small files (original under %gs)", len(small), smallFileSeconds)
}

// timeRuns runs bin with args once per iteration of b, failing on an
// exit status other than want, and returns the median wall and CPU
// seconds of the process.
func timeRuns(b *testing.B, bin string, args []string, want int) (wall, cpu float64) {
	var walls, cpus []float64
	for b.Loop() {
		wall, cpu := timeProcess(b, bin, args, want)
		walls, cpus = append(walls, wall), append(cpus, cpu)
	}
	return median(walls), median(cpus)
}

// cpuFileSeconds bounds the original's wall time of the files
// BenchmarkBinaryCPU runs: those it takes from smallFileSeconds to
// this many seconds (sense_barrier, lamport_N, arbiter_v2_N, german),
// the slow files a benchmark can repeat.
const cpuFileSeconds = 10

// BenchmarkBinaryCPU builds cubew and runs `cubew check -j 1
// --assume-invariants --model M FILE` (the original assumes invariants)
// once per iteration on each corpus file with a reference verdict
// that the original checks in smallFileSeconds to cpuFileSeconds (issue
// 20 item 2: ≥ 10× the original's CPU time on one core); it fails on an
// exit status other than the expected verdict's and reports the median
// CPU time (user + system) of the process, the original's time (orig-s,
// wall: single-threaded, so its CPU time) and their ratio (cpu-speedup).
func BenchmarkBinaryCPU(b *testing.B) {
	dir, entries := expectedEntries(b)
	bin := buildCubew(b, b.TempDir(), "cubew")
	ran := 0
	for _, e := range entries {
		if e.Expected == "?" || e.OriginalSeconds < smallFileSeconds || e.OriginalSeconds > cpuFileSeconds {
			continue
		}
		ran++
		want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}[e.Expected]
		b.Run(strings.TrimSuffix(e.File, ".cub"), func(b *testing.B) {
			_, cpu := timeRuns(b, bin, []string{"check", "-j", "1", "--assume-invariants", "--model", e.Model, filepath.Join(dir, e.File)}, want)
			b.ReportMetric(cpu*1e3, "cpu-ms/op")
			b.ReportMetric(e.OriginalSeconds, "orig-s")
			b.ReportMetric(e.OriginalSeconds/cpu, "cpu-speedup")
		})
	}
	if ran != 4 {
		b.Fatalf("%d files between %gs and %gs in expected.tsv, want 4", ran, float64(smallFileSeconds), float64(cpuFileSeconds))
	}
}

// median is the middle of xs (the mean of the two middle values when
// their number is even); it sorts xs.
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// expectedEntries returns the corpus folder and the rows of its
// expected.tsv.
func expectedEntries(b *testing.B) (string, []corpus.Entry) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Fatal(err)
	}
	entries, err := corpus.Expected(dir)
	if err != nil {
		b.Fatal(err)
	}
	return dir, entries
}
